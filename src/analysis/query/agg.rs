//! Aggregates per group (`--agg`): `count`, `count(x)`, `min(x)`, `max(x)`, `sum(x)`,
//! `mean(x)`, `distinct(x)` and `share`.
//!
//! - `count` is the group's rows; `count(x)` its rows where `x` is not empty. In the
//!   output, `count` and `share` are headed `count(*)` and `share(*)` (the columns
//!   `count` and `share` of `--by` are there already).
//! - `share` is the group's rows over all the rows that match `--where` (every row
//!   without it), as a fraction: the shares of a grouping sum to 1. (The `share` column
//!   `--by` always prints is within the groups of the other `--by` columns instead.)
//! - `min`, `max`, `sum`, `mean` take numbers: integers, and dyadic fractions (`3/4`) of
//!   numeric game values, compared and summed exactly. A game value that is not a number
//!   (`^*`, `{1|0}`) is refused, one line naming it: game values are partially ordered,
//!   and a group's max is not always a value. Select the numbers with
//!   `--where 'is_number(value)'`. `sum` is exact; `mean` is the exact sum over the count
//!   as a decimal with 6 places (trailing zeros dropped).
//! - `distinct(x)` is the number of distinct non-empty values (game values by value).
//!
//! Empty cells are skipped by every aggregate but `count` and `share`, as SQL skips
//! NULL; an aggregate over no non-empty cell is an empty cell.

use std::collections::HashSet;

use crate::analysis::expr::{Compiled, Scope, Val};
use crate::error::{Error, Result};
use crate::values::dyadic::Dyadic;

/// An aggregate function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fun {
    Count,
    Min,
    Max,
    Sum,
    Mean,
    Distinct,
    Share,
}

const FUNS: [(&str, Fun); 7] = [
    ("count", Fun::Count),
    ("min", Fun::Min),
    ("max", Fun::Max),
    ("sum", Fun::Sum),
    ("mean", Fun::Mean),
    ("distinct", Fun::Distinct),
    ("share", Fun::Share),
];

/// One compiled aggregate.
pub(super) struct Agg {
    pub(super) fun: Fun,
    /// Its argument (none for `count` and `share`).
    pub(super) arg: Option<Compiled>,
    /// Its text, as given.
    pub(super) text: String,
}

/// Compiles `spec` (`max(temperature)`, `count`, `share`).
pub(super) fn compile(scope: &Scope, spec: &str) -> Result<Agg> {
    let spec = spec.trim();
    let names: Vec<&str> = FUNS.iter().map(|(n, _)| *n).collect();
    let bad = |msg: String| Error::usage(format!("--agg {spec:?}: {msg}"));
    let (name, arg) = match spec.split_once('(') {
        Some((name, rest)) => match rest.strip_suffix(')') {
            Some(arg) => (name.trim(), Some(arg.trim())),
            None => return Err(bad("a ( is not closed".into())),
        },
        None => (spec, None),
    };
    let fun = FUNS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, f)| *f)
        .ok_or_else(|| {
            bad(format!(
                "unknown aggregate; the aggregates are {}",
                names.join(", ")
            ))
        })?;
    let arg = match (fun, arg) {
        (Fun::Share, Some(_)) => return Err(bad("share takes no column".into())),
        (Fun::Count | Fun::Share, None) => None,
        (_, None) | (_, Some("")) => {
            return Err(bad(format!("{name} takes a column: {name}(COL)")));
        }
        (_, Some(a)) => Some(scope.compile(a, false)?),
    };
    // `count` and `share` are headed `count(*)` and `share(*)`: `--by` has columns
    // `count` and `share` already, and a header names each column once.
    let text = match (fun, &arg) {
        (Fun::Count, None) => "count(*)".to_string(),
        (Fun::Share, _) => "share(*)".to_string(),
        _ => spec.to_string(),
    };
    Ok(Agg { fun, arg, text })
}

/// The running state of one aggregate in one group.
#[derive(Clone, Debug, Default)]
pub(super) struct State {
    /// Non-empty cells (rows, for `count` without a column).
    count: u64,
    min: Option<Dyadic>,
    max: Option<Dyadic>,
    sum: Option<Dyadic>,
    distinct: HashSet<String>,
}

/// The number in `v`, or why it is none.
fn number(v: &Val) -> std::result::Result<Dyadic, String> {
    match v {
        Val::Int(i) => Dyadic::try_int(*i).map_err(|l| l.to_string()),
        Val::Game(g) => g.as_number().ok_or_else(|| {
            format!(
                "{g} is not a number: min, max, sum and mean of game values need them to be \
                 numbers (game values are only partially ordered); keep the numbers with \
                 --where 'is_number(COL)'"
            )
        }),
        // A column the program does not write is text: its numbers count as numbers.
        Val::Text(t) => crate::values::parse::parse_value(t)
            .ok()
            .and_then(|g| g.as_number())
            .ok_or_else(|| format!("{t:?} is not a number")),
        other => Err(format!("{other:?} is not a number")),
    }
}

impl State {
    /// Adds a row whose argument is `v` (`Val::Bool(true)` for `count`).
    pub(super) fn add(&mut self, fun: Fun, v: &Val) -> std::result::Result<(), String> {
        if matches!(v, Val::Null) {
            return Ok(());
        }
        self.count += 1;
        match fun {
            Fun::Count | Fun::Share => {}
            Fun::Distinct => {
                let s = v.to_string();
                if !self.distinct.contains(&s) {
                    self.distinct.insert(s);
                }
            }
            Fun::Min => {
                let x = number(v)?;
                self.min = Some(self.min.map_or(x, |m| m.min(x)));
            }
            Fun::Max => {
                let x = number(v)?;
                self.max = Some(self.max.map_or(x, |m| m.max(x)));
            }
            Fun::Sum | Fun::Mean => {
                let x = number(v)?;
                self.sum = Some(match self.sum {
                    None => x,
                    Some(s) => s
                        .checked_add(x)
                        .map_err(|l| format!("the sum overflows: {l}"))?,
                });
            }
        }
        Ok(())
    }

    /// Merges another chunk's state of the same aggregate and group.
    pub(super) fn merge(&mut self, o: State) -> std::result::Result<(), String> {
        self.count += o.count;
        self.min = match (self.min, o.min) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.max = match (self.max, o.max) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        self.sum = match (self.sum, o.sum) {
            (Some(a), Some(b)) => Some(
                a.checked_add(b)
                    .map_err(|l| format!("the sum overflows: {l}"))?,
            ),
            (a, b) => a.or(b),
        };
        let mut other = o.distinct;
        if self.distinct.len() < other.len() {
            std::mem::swap(&mut self.distinct, &mut other);
        }
        self.distinct.extend(other);
        Ok(())
    }

    /// The result as a cell: `rows` of the group, `matched` rows in all.
    pub(super) fn finish(&self, fun: Fun, rows: u64, matched: u64) -> String {
        let opt = |d: Option<Dyadic>| d.map(|d| d.to_string()).unwrap_or_default();
        match fun {
            Fun::Count => self.count.to_string(),
            Fun::Share => format!("{:.6}", rows as f64 / matched.max(1) as f64),
            Fun::Distinct => self.distinct.len().to_string(),
            Fun::Min => opt(self.min),
            Fun::Max => opt(self.max),
            Fun::Sum => opt(self.sum),
            Fun::Mean => match self.sum {
                None => String::new(),
                Some(s) => {
                    let x = s.num() as f64 / (1u128 << s.exp()) as f64 / self.count as f64;
                    let t = format!("{x:.6}");
                    let t = t.trim_end_matches('0').trim_end_matches('.');
                    if t == "-0" { "0".into() } else { t.into() }
                }
            },
        }
    }
}

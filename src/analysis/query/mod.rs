//! One pass over the rows of a table answering everything a query asks: groups with
//! counts, conjecture checks with their smallest counterexamples, the smallest row of
//! each distinct value, and a sequence for periodicity. Chunks of lines are processed in
//! parallel, each into its own partial results, which are merged; memory does not grow
//! with the number of rows (except for `--sequence`, which keeps one value per row).

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

use rayon::prelude::*;

use super::fields::utf8;
use super::table::{Table, Torn};
use crate::analysis::expr::Scope;
use crate::error::{Error, Result};
use crate::octal::period::{Pattern, exceptions, find_pattern};

/// A group: its key (one cell per `by` column) and its count.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The cells, as text.
    pub key: Vec<String>,
    /// Rows in the group.
    pub count: u64,
    /// The aggregates asked for (`--agg`; first grouping only), as cells.
    pub aggs: Vec<String>,
}

/// The groups of one grouping.
#[derive(Clone, Debug, PartialEq)]
pub struct Grouping {
    /// The columns grouped by.
    pub by: Vec<String>,
    /// The aggregates computed for each group, as given (`max(temperature)`).
    pub aggs: Vec<String>,
    /// Groups in key order (typed: numbers numerically, then text).
    pub groups: Vec<Group>,
}

/// The result of one check.
#[derive(Clone, Debug)]
pub struct Check {
    /// The predicate.
    pub expr: String,
    /// Rows where it holds.
    pub holds: u64,
    /// Rows where it does not.
    pub violates: u64,
    /// Rows where it is unknown (it compares an empty cell): neither hold nor violate.
    pub unknown: u64,
    /// The smallest rows where it does not (whole CSV lines), smallest first.
    pub counterexamples: Vec<String>,
}

/// The periodicity of a sequence.
#[derive(Clone, Debug)]
pub struct Sequence {
    /// The value column or expression.
    pub value: String,
    /// The index column.
    pub index: String,
    /// First and last index.
    pub range: (i64, i64),
    /// Whether the values are integers (so arithmetic periodicity was looked for).
    pub arithmetic: bool,
    /// The pattern found (periodic from `preperiod`, as an index), with its whole
    /// repeats; `None` if no period shows.
    pub pattern: Option<(Pattern, usize)>,
    /// Indices before the preperiod whose values the periodic part, carried back, does
    /// not give ([`exceptions`]).
    pub exceptions: Vec<i64>,
}

/// Everything a query found.
#[derive(Clone, Debug)]
pub struct Results {
    /// The files read.
    pub files: Vec<PathBuf>,
    /// Their header.
    pub header: Vec<String>,
    /// Rows read.
    pub rows: u64,
    /// Rows where the filter holds (all rows without one).
    pub matched: u64,
    /// Torn last lines, skipped.
    pub torn: Vec<Torn>,
    /// One per grouping of the query.
    pub groupings: Vec<Grouping>,
    /// One per check.
    pub checks: Vec<Check>,
    /// `(value, smallest row)` for `--first-of`, in value order.
    pub first_of: Vec<(String, String)>,
    /// The `--first-of` column or expression, and whether it is a column of the CSV
    /// (then its value is in every row already).
    pub first_of_by: Option<(String, bool)>,
    /// The sequence, for `--sequence`.
    pub sequence: Option<Sequence>,
    /// The rows selected (`--select`, `--export`).
    pub selected: Option<Selected>,
    /// How the join went (`--join`).
    pub joined: Option<Joined>,
    /// Wall time.
    pub seconds: f64,
    /// Bytes of rows read.
    pub bytes: u64,
}

mod agg;
mod columns;
mod request;
pub use columns::{header_types, known_columns, ours};
pub use request::Query;
mod join;
pub use join::{Join, Joined};
mod pass;
mod select;
pub use select::{Select, Selected};
mod plan;

use pass::{Partial, SeqValue, cell_reads_as, not_of_type, process};
use plan::compile;
pub(crate) use select::sort_cell;

/// Runs `query` over the CSV files (read as one table).
pub fn run(files: &[PathBuf], query: &Query) -> Result<Results> {
    let start = Instant::now();
    run_on(&Table::open(files)?, files, query, start)
}

/// Runs `query` over `table` (opened from `files`, its header not yet read past), begun
/// at `start`.
pub fn run_on(table: &Table, files: &[PathBuf], query: &Query, start: Instant) -> Result<Results> {
    let joined = query
        .join
        .as_ref()
        .map(|j| join::JoinTable::load(j, &table.header))
        .transpose()?;
    let header = match (&joined, &query.join) {
        (Some(t), Some(j)) => join::header(&table.header, &t.header, &j.prefix)?,
        _ => table.header.clone(),
    };
    let mut scope = Scope {
        header: &header,
        types: header_types(&table.header)
            .into_iter()
            .chain(joined.iter().flat_map(|t| header_types(&t.header)))
            .collect(),
        with: Vec::new(),
    };
    for w in &query.with {
        scope.define(w)?;
    }
    let mut plan = compile(&scope, table, query)?;
    if joined.is_some() {
        // The joined fields follow all of the first files' fields.
        plan.last = plan.last.max(table.header.len() - 1);
    }
    plan.join = joined;
    // Blocks of 4 MB, two per thread a batch: a batch is processed while the next is
    // read, so memory stays at a few blocks per thread whatever the size of the files.
    let mut partial = Partial::default();
    let scanned = table.scan(4 << 20, 2 * rayon::current_num_threads(), |blocks| {
        let p = blocks
            .par_iter()
            .map(|b| process(table, &plan, b))
            .reduce(Partial::default, |a, b| a.merge(b, &plan));
        partial = std::mem::take(&mut partial).merge(p, &plan);
        partial.error.is_none()
    })?;
    if let Some(e) = partial.error {
        return Err(Error::usage(e));
    }
    // Known columns taken as they are (plain groupings, --first-of): every distinct cell
    // must read as the column's type (an `n` of "five" is not counted as a size).
    let mut cache = crate::analysis::expr::GameCache::default();
    let plain = plan
        .groupings
        .iter()
        .zip(&partial.groups)
        .filter_map(|(gp, counts)| Some((gp.plain.as_ref()?, counts)))
        .flat_map(|(cols, counts)| {
            counts.keys().flat_map(move |k| {
                cols.iter()
                    .copied()
                    .zip(k.split(|&b| b == 0x1f).map(<[u8]>::to_vec))
            })
        })
        .chain(
            plan.first_plain
                .into_iter()
                .flat_map(|i| partial.first.keys().map(move |k| (i, k.clone()))),
        );
    for (i, cell) in plain {
        let ty = scope.types[i];
        if !cell_reads_as(ty, &cell, &mut cache) {
            return Err(Error::usage(format!(
                "{}: {}",
                table.path(0).display(),
                not_of_type(&table.header[i], ty, &utf8(&cell))
            )));
        }
    }
    let groupings = plan
        .groupings
        .iter()
        .zip(query.groupings.iter())
        .zip(
            partial
                .groups
                .into_iter()
                .chain(std::iter::repeat_with(crate::hash::FastHashMap::default)),
        )
        .enumerate()
        .map(|(gi, ((gp, by), counts))| {
            let aggs = if gi == 0 { &plan.aggs[..] } else { &[][..] };
            let mut groups: Vec<Group> = counts
                .into_iter()
                .map(|(k, count)| Group {
                    key: if gp.exprs.is_empty() {
                        Vec::new()
                    } else {
                        k.split(|&b| b == 0x1f)
                            .map(|c| utf8(c).into_owned())
                            .collect()
                    },
                    aggs: aggs
                        .iter()
                        .enumerate()
                        .map(|(ai, a)| {
                            partial.aggs.get(&k).map_or_else(String::new, |s| {
                                s[ai].finish(a.fun, count, partial.matched)
                            })
                        })
                        .collect(),
                    count,
                })
                .collect();
            groups.sort_by_cached_key(|g| g.key.iter().map(|c| sort_cell(c)).collect::<Vec<_>>());
            Grouping {
                aggs: aggs.iter().map(|a| a.text.clone()).collect(),
                by: by.clone(),
                groups,
            }
        })
        .collect();
    let checks = plan
        .checks
        .iter()
        .zip(
            partial
                .checks
                .into_iter()
                .chain(std::iter::repeat_with(Default::default)),
        )
        .map(|(c, (holds, violates, unknown, ex))| Check {
            expr: c.text.clone(),
            holds,
            violates,
            unknown,
            counterexamples: ex.into_iter().map(|(_, line)| line).collect(),
        })
        .collect();
    let mut first_of: Vec<(String, String)> = partial
        .first
        .into_iter()
        .map(|(k, (_, line))| (utf8(&k).into_owned(), line))
        .collect();
    first_of.sort_by_cached_key(|(k, _)| sort_cell(k));
    let selected = plan.select.as_ref().map(|sel| {
        let mut rows = std::mem::take(&mut partial.picked);
        sel.trim(&mut rows, true);
        Selected {
            header: match &query.select {
                Some(s) if !s.columns.is_empty() => s.columns.clone(),
                _ => header.clone(),
            },
            rows: rows.into_iter().map(|(_, _, _, line)| line).collect(),
        }
    });
    let sequence = match &plan.sequence {
        Some((v, i)) => Some(sequence(partial.sequence, &v.text, &i.text)?),
        None => None,
    };
    let mut torn = scanned.torn;
    if let Some(j) = &plan.join {
        torn.extend(j.torn.iter().cloned());
    }
    Ok(Results {
        joined: plan
            .join
            .as_ref()
            .map(|j| j.summary(partial.paired, partial.unpaired)),
        files: files.to_vec(),
        header,
        rows: partial.rows,
        matched: partial.matched,
        torn,
        groupings,
        checks,
        first_of,
        first_of_by: query
            .first_of
            .clone()
            .map(|f| (f, plan.first_plain.is_some())),
        sequence,
        selected,
        seconds: start.elapsed().as_secs_f64(),
        bytes: scanned.bytes,
    })
}

fn sequence(mut values: Vec<(i64, SeqValue)>, value: &str, index: &str) -> Result<Sequence> {
    values.sort_by_key(|(i, _)| *i);
    if values.is_empty() {
        return Err(Error::usage(format!(
            "--sequence {value} --index {index}: no rows"
        )));
    }
    for w in values.windows(2) {
        if w[1].0 == w[0].0 {
            return Err(Error::usage(format!(
                "--index {index}: {} occurs twice; filter the rows to one sequence (--where)",
                w[0].0
            )));
        }
    }
    // Equally spaced indices (every n, or every other n as for alternately coloured
    // cycles): periods and preperiods are reported in index units.
    let step = values.get(1).map_or(1, |v| v.0 - values[0].0);
    for w in values.windows(2) {
        if w[1].0 != w[0].0 + step {
            return Err(Error::usage(format!(
                "--index {index}: the values go from {} to {} and from {} to {}; a sequence \
                 needs equally spaced indices",
                values[0].0, values[1].0, w[0].0, w[1].0
            )));
        }
    }
    let first = values[0].0;
    let arithmetic = values.iter().all(|(_, v)| matches!(v, SeqValue::Int(_)));
    let ids: Vec<i64> = if arithmetic {
        values
            .iter()
            .map(|(_, v)| match v {
                SeqValue::Int(x) => *x,
                SeqValue::Text(_) => unreachable!("all integers"),
            })
            .collect()
    } else {
        let mut intern: HashMap<&SeqValue, i64> = HashMap::new();
        values
            .iter()
            .map(|(_, v)| {
                let k = intern.len() as i64;
                *intern.entry(v).or_insert(k)
            })
            .collect()
    };
    let pattern = find_pattern(&ids, arithmetic);
    let exceptions = match pattern {
        Some((pat, _)) => exceptions(&ids, &pat)
            .into_iter()
            .map(|n| first + n as i64 * step)
            .collect(),
        None => Vec::new(),
    };
    let pattern = pattern.map(|(mut pat, r)| {
        pat.preperiod = (first + pat.preperiod as i64 * step) as usize;
        pat.period *= step as usize;
        (pat, r)
    });
    Ok(Sequence {
        value: value.to_string(),
        index: index.to_string(),
        range: (first, values.last().expect("non-empty").0),
        arithmetic,
        pattern,
        exceptions,
    })
}

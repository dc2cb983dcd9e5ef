//! What a census of a game on shapes finds, size by size: the rows, the distinct values,
//! the outcome classes, the hottest positions (rules with a temperature column), the
//! nimbers and the multiples of up that occur, and the first position of each outcome
//! class (the summary a board census prints, the issue's "per n: value distribution,
//! the hottest boards, the nimbers and infinitesimals that occur, the first board of
//! each outcome class").

use std::collections::{BTreeMap, BTreeSet, HashSet};

use super::table::{LISTED, aligned};
use crate::solving::{Cell, Evaluation};
use crate::values::dyadic::Dyadic;
use crate::values::game::GameId;
use crate::values::outcome::Outcome;

/// What one size holds.
#[derive(Clone, Debug, Default)]
pub struct SizeFinds {
    /// Rows.
    pub rows: u64,
    /// Rows by outcome class, in the order L, R, N, P.
    pub outcomes: [u64; 4],
    /// The distinct values.
    pub values: HashSet<GameId>,
    /// The hottest temperature, the rows that have it and the first of them
    /// (`"position value"`).
    pub hottest: Option<(Dyadic, u64, String)>,
    /// The nim-values of the values that are nimbers (0, *, *2, ...).
    pub nimbers: BTreeSet<u32>,
    /// The values that are a multiple of up, possibly plus a nimber (↑, ↑*, ↓2, ...).
    pub ups: BTreeSet<(i32, u32)>,
}

/// Finds by size, and the first position of each outcome class.
#[derive(Clone, Debug)]
pub struct ShapeTally {
    outcome: usize,
    value: usize,
    temperature: Option<usize>,
    unit: &'static str,
    /// By size.
    pub by_size: BTreeMap<usize, SizeFinds>,
    /// The first position of each outcome class met, as `"position value"`.
    pub first_of: BTreeMap<Outcome, String>,
}

fn slot(o: Outcome) -> usize {
    match o {
        Outcome::L => 0,
        Outcome::R => 1,
        Outcome::N => 2,
        Outcome::P => 3,
    }
}

impl ShapeTally {
    /// An empty tally of the cells `outcome`, `value` and `temperature` (indices among
    /// the value cells), by size counted in `unit` ("cells").
    pub fn new(
        outcome: usize,
        value: usize,
        temperature: Option<usize>,
        unit: &'static str,
    ) -> ShapeTally {
        ShapeTally {
            outcome,
            value,
            temperature,
            unit,
            by_size: BTreeMap::new(),
            first_of: BTreeMap::new(),
        }
    }

    /// Counts one row: the position as written, its size and its evaluation.
    pub fn add(&mut self, position: &str, size: usize, eval: &Evaluation) {
        let s = self.by_size.entry(size).or_default();
        s.rows += 1;
        let value = match &eval.cells[self.value] {
            Cell::Game(g) => Some(*g),
            _ => None,
        };
        let row = || match value {
            Some(g) => format!("{position} {g}"),
            None => position.to_string(),
        };
        if let Cell::Outcome(o) = eval.cells[self.outcome] {
            s.outcomes[slot(o)] += 1;
            self.first_of.entry(o).or_insert_with(row);
        }
        if let Some(g) = value {
            s.values.insert(g);
            if let Some(n) = g.as_nus()
                && n.num == Dyadic::ZERO
            {
                if n.ups == 0 {
                    s.nimbers.insert(n.nim);
                } else {
                    s.ups.insert((n.ups, n.nim));
                }
            }
        }
        if let Some(Cell::Number(t)) = self.temperature.map(|i| &eval.cells[i]) {
            match &mut s.hottest {
                Some((h, count, _)) if *h == *t => *count += 1,
                Some((h, _, _)) if *h > *t => {}
                _ => s.hottest = Some((*t, 1, row())),
            }
        }
    }

    /// Adds a later unit's tally (its rows come after these).
    pub fn merge(&mut self, other: ShapeTally) {
        for (size, b) in other.by_size {
            let a = self.by_size.entry(size).or_default();
            a.rows += b.rows;
            for (x, y) in a.outcomes.iter_mut().zip(b.outcomes) {
                *x += y;
            }
            a.values.extend(b.values);
            a.nimbers.extend(b.nimbers);
            a.ups.extend(b.ups);
            a.hottest = match (a.hottest.take(), b.hottest) {
                (Some((h, c, first)), Some((k, d, _))) if h == k => Some((h, c + d, first)),
                (Some(x), Some(y)) => Some(if y.0 > x.0 { y } else { x }),
                (x, y) => x.or(y),
            };
        }
        for (o, row) in other.first_of {
            self.first_of.entry(o).or_insert(row);
        }
    }

    /// A table by size and the first position of each outcome class.
    pub fn text(&self) -> String {
        let mut header: Vec<String> = [self.unit, "rows", "values", "L", "R", "N", "P"]
            .iter()
            .map(|h| h.to_string())
            .collect();
        header.extend(["nimbers".to_string(), "multiples of up".to_string()]);
        let hot = self.temperature.is_some();
        if hot {
            header.extend(["hottest".to_string(), "rows".to_string()]);
        }
        let mut rows = Vec::new();
        let mut firsts = Vec::new();
        for (size, s) in &self.by_size {
            let mut r = vec![
                size.to_string(),
                s.rows.to_string(),
                s.values.len().to_string(),
            ];
            r.extend(s.outcomes.iter().map(|c| c.to_string()));
            r.push(listed(s.nimbers.iter().map(|&n| nimber(n))));
            r.push(listed(s.ups.iter().map(|&(u, n)| up(u, n))));
            if hot {
                match &s.hottest {
                    Some((t, c, first)) => {
                        r.extend([t.to_string(), c.to_string()]);
                        firsts.push(Some(first.as_str()));
                    }
                    None => {
                        r.extend(["-".to_string(), "0".to_string()]);
                        firsts.push(None);
                    }
                }
            }
            rows.push(r);
        }
        // Columns that say nothing in this census (L and R of an impartial game, no
        // multiple of up anywhere) are left out.
        let empty = |i: usize| rows.iter().all(|r| r[i] == "0" || r[i] == "-");
        let keep: Vec<bool> = (0..header.len())
            .map(|i| !matches!(header[i].as_str(), "L" | "R" | "multiples of up") || !empty(i))
            .collect();
        let pick = |r: &[String]| -> Vec<String> {
            r.iter()
                .zip(&keep)
                .filter(|(_, k)| **k)
                .map(|(c, _)| c.clone())
                .collect()
        };
        let header = pick(&header);
        let rows: Vec<Vec<String>> = rows.iter().map(|r| pick(r)).collect();
        let mut s = format!(
            "what the new rows hold, by number of {} (values: distinct values; nimbers: \
             the nimbers that occur; multiples of up: the values ↑n or ↑n + *m that occur):\n",
            self.unit
        );
        let tail = hot.then_some("first hottest (position value)");
        s.push_str(&aligned(&header, &rows, tail, &firsts));
        s.push_str("\nthe first row of each outcome class (position value):");
        for (o, row) in &self.first_of {
            s.push_str(&format!(" {o} {row};"));
        }
        if s.ends_with(';') {
            s.pop();
        }
        s
    }
}

/// `*n` as the notation writes it: 0, *, *2, ...
fn nimber(n: u32) -> String {
    GameId::nimber(n).to_string()
}

/// ↑u + *n as the notation writes it (^, v*, ^2*3, ...).
fn up(u: i32, n: u32) -> String {
    GameId::nus(crate::values::game::Nus {
        num: Dyadic::ZERO,
        ups: u,
        nim: n,
    })
    .to_string()
}

/// The first [`LISTED`] items, space-separated, then "..." if there are more; "-" for
/// none.
fn listed(items: impl Iterator<Item = String>) -> String {
    let all: Vec<String> = items.collect();
    if all.is_empty() {
        return "-".to_string();
    }
    let mut s = all[..all.len().min(LISTED)].join(" ");
    if all.len() > LISTED {
        s.push_str(&format!(" ... ({} in all)", all.len()));
    }
    s
}

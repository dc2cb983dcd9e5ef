//! Atomic weights of the rows of all-small rulesets, by number of vertices, and the rows
//! whose weight is not an integer.

use std::collections::BTreeMap;

use super::table::LISTED;
use crate::graphs::Position;
use crate::solving::{Cell, Evaluation};

/// Atomic weights of rows by number of vertices.
#[derive(Clone, Debug)]
pub struct WeightTally {
    cell: usize,
    value_cell: usize,
    /// `by_n[n][weight]`: integer weights by value; others under their notation.
    pub by_n: BTreeMap<usize, BTreeMap<WeightKey, u64>>,
    /// Rows whose weight is not an integer.
    pub non_integer: u64,
    /// The first [`LISTED`] of them: `graph6 colouring value atomic_weight`.
    pub examples: Vec<String>,
}

/// An atomic weight as tallied: integers first, in order, then other values by their
/// notation, then "none".
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum WeightKey {
    /// An integer weight.
    Integer(i64),
    /// Any other weight, in the value notation.
    Other(String),
    /// No atomic weight.
    None,
}

impl std::fmt::Display for WeightKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WeightKey::Integer(i) => write!(f, "{i}"),
            WeightKey::Other(s) => write!(f, "{s}"),
            WeightKey::None => write!(f, "none"),
        }
    }
}

impl WeightTally {
    pub(super) fn new(cell: usize, value_cell: usize) -> WeightTally {
        WeightTally {
            cell,
            value_cell,
            by_n: BTreeMap::new(),
            non_integer: 0,
            examples: Vec::new(),
        }
    }

    pub(super) fn add(&mut self, pos: &Position, eval: &Evaluation) {
        let key = match &eval.cells[self.cell] {
            Cell::Game(w) => match w.as_number().filter(|x| x.is_integer()) {
                Some(x) => WeightKey::Integer(x.num()),
                None => WeightKey::Other(w.to_string()),
            },
            _ => WeightKey::None,
        };
        if let WeightKey::Other(w) = &key {
            self.non_integer += 1;
            if self.examples.len() < LISTED {
                let value = eval.cells[self.value_cell].format();
                self.examples.push(format!(
                    "{} {} {value} {w}",
                    crate::graphs::to_graph6(&pos.graph),
                    pos.colouring.map(|c| c.to_string()).unwrap_or_default()
                ));
            }
        }
        *self
            .by_n
            .entry(pos.graph.n())
            .or_default()
            .entry(key)
            .or_insert(0) += 1;
    }

    pub(super) fn merge(&mut self, other: WeightTally) {
        for (n, m) in other.by_n {
            let mine = self.by_n.entry(n).or_default();
            for (k, c) in m {
                *mine.entry(k).or_insert(0) += c;
            }
        }
        self.non_integer += other.non_integer;
        let room = LISTED.saturating_sub(self.examples.len());
        self.examples.extend(other.examples.into_iter().take(room));
    }

    /// Counts over all n.
    pub fn totals(&self) -> BTreeMap<WeightKey, u64> {
        let mut t = BTreeMap::new();
        for m in self.by_n.values() {
            for (k, c) in m {
                *t.entry(k.clone()).or_insert(0) += c;
            }
        }
        t
    }

    /// The table of counts by n (integer weights, then one column for all others),
    /// and the rows with non-integer weights.
    pub fn text(&self, csv: &std::path::Path) -> String {
        let totals = self.totals();
        let keys: Vec<WeightKey> = totals
            .keys()
            .filter(|k| !matches!(k, WeightKey::Other(_)))
            .cloned()
            .collect();
        let others = self.non_integer > 0;
        let cell = |m: &BTreeMap<WeightKey, u64>, k: &WeightKey| m.get(k).copied().unwrap_or(0);
        let other_count = |m: &BTreeMap<WeightKey, u64>| -> u64 {
            m.iter()
                .filter(|(k, _)| matches!(k, WeightKey::Other(_)))
                .map(|(_, c)| c)
                .sum()
        };
        let mut header: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
        if others {
            header.push("other".to_string());
        }
        let mut lines: Vec<(String, Vec<u64>)> = self
            .by_n
            .iter()
            .map(|(n, m)| {
                let mut row: Vec<u64> = keys.iter().map(|k| cell(m, k)).collect();
                if others {
                    row.push(other_count(m));
                }
                (format!("n = {n}"), row)
            })
            .collect();
        let mut all: Vec<u64> = keys.iter().map(|k| cell(&totals, k)).collect();
        if others {
            all.push(self.non_integer);
        }
        lines.push(("all".to_string(), all));
        let width = |i: usize| {
            lines
                .iter()
                .map(|(_, r)| r[i].to_string().len())
                .chain([header[i].len()])
                .max()
                .unwrap_or(1)
        };
        let widths: Vec<usize> = (0..header.len()).map(width).collect();
        let mut s = String::from("atomic weights of the new rows, by number of vertices:\n");
        s.push_str(&format!("{:8}", ""));
        for (h, w) in header.iter().zip(&widths) {
            s.push_str(&format!(" {h:>w$}"));
        }
        for (label, row) in &lines {
            s.push_str(&format!("\n{label:8}"));
            for (c, w) in row.iter().zip(&widths) {
                s.push_str(&format!(" {c:>w$}"));
            }
        }
        if self.non_integer == 0 {
            s.push_str("\nnon-integer atomic weights: none");
        } else {
            s.push_str(&format!(
                "\nnon-integer atomic weights: {} rows (all in {}); the first {}:",
                self.non_integer,
                csv.display(),
                self.examples.len()
            ));
            for e in &self.examples {
                s.push_str(&format!("\n  {e}"));
            }
        }
        s
    }
}

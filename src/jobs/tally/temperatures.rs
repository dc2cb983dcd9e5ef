//! Temperatures of the rows of hot rulesets (partizan, not all-small): how many rows have
//! each temperature, by number of vertices, and the hottest rows.

use std::collections::BTreeMap;
use std::path::Path;

use super::table::LISTED;
use crate::graphs::Position;
use crate::solving::{Cell, Evaluation};
use crate::values::dyadic::Dyadic;

/// Temperatures by number of vertices, and the hottest rows.
#[derive(Clone, Debug)]
pub struct TemperatureTally {
    cell: usize,
    value_cell: usize,
    /// `by_n[n][temperature]`: rows.
    pub by_n: BTreeMap<usize, BTreeMap<Dyadic, u64>>,
    /// The [`LISTED`] hottest rows as `(temperature, "graph6 colouring value")`, hottest
    /// first, and among equals the first met first.
    pub hottest: Vec<(Dyadic, String)>,
}

impl TemperatureTally {
    pub(super) fn new(cell: usize, value_cell: usize) -> TemperatureTally {
        TemperatureTally {
            cell,
            value_cell,
            by_n: BTreeMap::new(),
            hottest: Vec::new(),
        }
    }

    pub(super) fn add(&mut self, pos: &Position, eval: &Evaluation) {
        let Cell::Number(t) = eval.cells[self.cell] else {
            return;
        };
        *self
            .by_n
            .entry(pos.graph.n())
            .or_default()
            .entry(t)
            .or_insert(0) += 1;
        if self.hottest.len() < LISTED || self.hottest.last().is_some_and(|(h, _)| t > *h) {
            let row = format!(
                "{} {} {}",
                crate::graphs::to_graph6(&pos.graph),
                pos.colouring.map(|c| c.to_string()).unwrap_or_default(),
                eval.cells[self.value_cell].format()
            );
            self.keep(t, row);
        }
    }

    /// Adds a row to the hottest, after every row at least as hot.
    fn keep(&mut self, t: Dyadic, row: String) {
        let at = self.hottest.partition_point(|(h, _)| *h >= t);
        if at < LISTED {
            self.hottest.insert(at, (t, row));
            self.hottest.truncate(LISTED);
        }
    }

    pub(super) fn merge(&mut self, other: TemperatureTally) {
        for (n, m) in other.by_n {
            let mine = self.by_n.entry(n).or_default();
            for (t, c) in m {
                *mine.entry(t).or_insert(0) += c;
            }
        }
        for (t, row) in other.hottest {
            self.keep(t, row);
        }
    }

    /// A table of rows per temperature (hottest first) and number of vertices, and the
    /// hottest rows.
    pub fn text(&self, csv: &Path) -> String {
        let ns: Vec<usize> = self.by_n.keys().copied().collect();
        let mut temps: Vec<Dyadic> = self.by_n.values().flat_map(|m| m.keys().copied()).collect();
        temps.sort_by(|a, b| b.cmp(a));
        temps.dedup();
        let mut header = vec!["temperature".to_string()];
        header.extend(ns.iter().map(|n| format!("n = {n}")));
        header.push("all".to_string());
        let mut rows: Vec<Vec<String>> = Vec::new();
        for t in &temps {
            let counts: Vec<u64> = ns
                .iter()
                .map(|n| self.by_n[n].get(t).copied().unwrap_or(0))
                .collect();
            let mut row = vec![t.to_string()];
            row.extend(counts.iter().map(|c| c.to_string()));
            row.push(counts.iter().sum::<u64>().to_string());
            rows.push(row);
        }
        let widths: Vec<usize> = (0..header.len())
            .map(|i| {
                rows.iter()
                    .map(|r| r[i].len())
                    .chain([header[i].len()])
                    .max()
                    .unwrap_or(1)
            })
            .collect();
        let line = |cells: &[String]| -> String {
            cells
                .iter()
                .zip(&widths)
                .map(|(c, w)| format!("{c:>w$}"))
                .collect::<Vec<_>>()
                .join("  ")
        };
        let mut s = String::from("temperatures of the new rows, by number of vertices:\n");
        s.push_str(&line(&header));
        for r in &rows {
            s.push('\n');
            s.push_str(&line(r));
        }
        if !self.hottest.is_empty() {
            s.push_str(&format!(
                "\nthe hottest {} rows (all rows are in {}): temperature graph6 colouring value",
                self.hottest.len(),
                csv.display()
            ));
            for (t, row) in &self.hottest {
                s.push_str(&format!("\n  {t} {row}"));
            }
        }
        s
    }
}

//! Misère play of a census's rows (rules with the `misere`, `genus` and `tame` columns):
//! by number of vertices, the misère P-positions, the rows whose misère outcome differs
//! from the normal-play one, the wild rows (`tame` false: CGSuite's `IsTame` of the
//! misère canonical form), and the first wild rows met (the CSV has them all).

use std::collections::BTreeMap;

use crate::graphs::{Position, write_graph6};
use crate::solving::{Cell, Evaluation};
use crate::values::Outcome;

/// Counts by n: `[rows, misère P, misère outcome != normal outcome, wild]`.
#[derive(Clone, Debug)]
pub struct MisereTally {
    outcome: usize,
    misere: usize,
    genus: usize,
    tame: usize,
    /// The counts by number of vertices.
    pub by_n: BTreeMap<usize, [u64; 4]>,
    /// The first wild rows met (graph6 and genus), at most [`super::table::LISTED`].
    pub first_wild: Vec<(String, String)>,
    /// What the rows are counted by ("vertices", or a shaped ruleset's size unit).
    unit: &'static str,
}

impl MisereTally {
    pub(super) fn new(outcome: usize, misere: usize, genus: usize, tame: usize) -> MisereTally {
        MisereTally {
            outcome,
            misere,
            genus,
            tame,
            by_n: BTreeMap::new(),
            first_wild: Vec::new(),
            unit: "vertices",
        }
    }

    /// The same tally counting rows by `unit` (a census of games on shapes: cells,
    /// elements).
    pub fn with_unit(mut self, unit: &'static str) -> MisereTally {
        self.unit = unit;
        self
    }

    pub(super) fn add(&mut self, pos: &Position, eval: &Evaluation) {
        self.add_row(pos.graph.n(), eval, || {
            let mut g6 = Vec::new();
            write_graph6(&pos.graph, &mut g6);
            String::from_utf8_lossy(&g6).into_owned()
        });
    }

    /// Counts a row of size `n`; `name` writes its position (called for the first wild
    /// rows only).
    pub fn add_row(&mut self, n: usize, eval: &Evaluation, name: impl FnOnce() -> String) {
        let c = &eval.cells;
        let p = c[self.misere] == Cell::Outcome(Outcome::P);
        let differs = c[self.misere] != c[self.outcome];
        let wild = c[self.tame] == Cell::Text("false".to_string());
        let e = self.by_n.entry(n).or_default();
        e[0] += 1;
        e[1] += p as u64;
        e[2] += differs as u64;
        e[3] += wild as u64;
        if wild && self.first_wild.len() < super::table::LISTED {
            let genus = c[self.genus].format();
            self.first_wild.push((name(), genus));
        }
    }

    /// Adds a later unit's tally.
    pub fn merge(&mut self, other: MisereTally) {
        for (k, c) in other.by_n {
            let e = self.by_n.entry(k).or_default();
            for i in 0..4 {
                e[i] += c[i];
            }
        }
        for w in other.first_wild {
            if self.first_wild.len() < super::table::LISTED {
                self.first_wild.push(w);
            }
        }
    }

    /// A small table and the first wild rows.
    pub fn text(&self) -> String {
        let mut s = format!(
            "misère play of the new rows by number of {}:\n{:>5}  {:>10} {:>10} {:>16} {:>10}\n",
            self.unit, "n", "rows", "misère P", "outcome differs", "wild"
        );
        let mut total = [0u64; 4];
        for (n, c) in &self.by_n {
            s.push_str(&format!(
                "{n:>5}  {:>10} {:>10} {:>16} {:>10}\n",
                c[0], c[1], c[2], c[3]
            ));
            for i in 0..4 {
                total[i] += c[i];
            }
        }
        s.push_str(&format!(
            "{:>5}  {:>10} {:>10} {:>16} {:>10}\n",
            "all", total[0], total[1], total[2], total[3]
        ));
        if self.first_wild.is_empty() {
            s.push_str("wild positions: none");
        } else {
            let list: Vec<String> = self
                .first_wild
                .iter()
                .map(|(g, genus)| format!("{g} ({genus})"))
                .collect();
            s.push_str(&format!("first wild positions: {}", list.join(", ")));
        }
        s
    }
}

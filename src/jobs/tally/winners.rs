//! Winners of scoring games' boards, by number of vertices and by largest degree.

use std::collections::BTreeMap;

use crate::graphs::Position;
use crate::solving::{Cell, Evaluation};

/// Winners of a scoring game's boards, by number of vertices and by largest degree: how
/// many boards the first player wins, the second wins, and how many are draws.
#[derive(Clone, Debug)]
pub struct WinnerTally {
    cell: usize,
    /// `[first, second, draw]` by n.
    pub by_n: BTreeMap<usize, [u64; 3]>,
    /// `[first, second, draw]` by the board's largest vertex degree.
    pub by_max_degree: BTreeMap<usize, [u64; 3]>,
}

impl WinnerTally {
    pub(super) fn new(cell: usize) -> WinnerTally {
        WinnerTally {
            cell,
            by_n: BTreeMap::new(),
            by_max_degree: BTreeMap::new(),
        }
    }

    pub(super) fn add(&mut self, pos: &Position, eval: &Evaluation) {
        let k = match &eval.cells[self.cell] {
            Cell::Text(w) if w == "first" => 0,
            Cell::Text(w) if w == "second" => 1,
            _ => 2,
        };
        let g = &pos.graph;
        let d = (0..g.n()).map(|v| g.degree(v)).max().unwrap_or(0);
        self.by_n.entry(g.n()).or_default()[k] += 1;
        self.by_max_degree.entry(d).or_default()[k] += 1;
    }

    pub(super) fn merge(&mut self, other: WinnerTally) {
        for (mine, theirs) in [
            (&mut self.by_n, other.by_n),
            (&mut self.by_max_degree, other.by_max_degree),
        ] {
            for (k, c) in theirs {
                let e = mine.entry(k).or_default();
                for i in 0..3 {
                    e[i] += c[i];
                }
            }
        }
    }

    /// Two small tables.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for (title, map, label) in [
            (
                "winners of the new rows by number of vertices:",
                &self.by_n,
                "n",
            ),
            (
                "winners by largest degree:",
                &self.by_max_degree,
                "max degree",
            ),
        ] {
            s.push_str(&format!(
                "{title}\n{label:>10}  {:>8} {:>8} {:>8}\n",
                "first", "second", "draw"
            ));
            let mut total = [0u64; 3];
            for (k, c) in map {
                s.push_str(&format!("{k:>10}  {:>8} {:>8} {:>8}\n", c[0], c[1], c[2]));
                for i in 0..3 {
                    total[i] += c[i];
                }
            }
            s.push_str(&format!(
                "{:>10}  {:>8} {:>8} {:>8}\n",
                "all", total[0], total[1], total[2]
            ));
        }
        s.trim_end().to_string()
    }
}

//! Nim-values of impartial graph games.
//!
//! A position's value is the XOR of its connected components' values (for rules that
//! decompose); a component's value is the mex of its options' values. Where a component
//! is looked up:
//! - up to [`DIRECT_MAX`] vertices: nowhere, it is solved directly;
//! - up to [`LABELLED_MAX`] vertices: in the labelled memo (no canonical labelling);
//! - larger: by its canonical key in the shared [`Table`], and nauty's orbits give one
//!   move per orbit of the automorphism group;
//! - at least the store limit (the census's largest size, met once each): not at all,
//!   every move is tried without labelling the graph.
//!
//! Nothing here allocates per position, except the table's own entries and the keys of
//! very large components.

use super::labelled::{LABELLED_MAX, LabelledMemo};
use super::table::{Table, TableStats};
use crate::graphs::canon::with_canonizer;
use crate::graphs::{Bits, Graph};
use crate::rules::ImpartialRules;
use crate::values::nimber::mex;

/// Components this small are solved by plain search, without nauty or the table.
pub const DIRECT_MAX: usize = 3;

/// A solver for one impartial ruleset with its transposition table.
pub struct ImpartialSolver {
    rules: &'static dyn ImpartialRules,
    table: Table<u8>,
    small: LabelledMemo,
    store_below: usize,
}

impl ImpartialSolver {
    /// A solver with an empty table.
    pub fn new(rules: &'static dyn ImpartialRules) -> ImpartialSolver {
        ImpartialSolver {
            rules,
            table: Table::new(),
            small: LabelledMemo::new(),
            store_below: usize::MAX,
        }
    }

    /// Components with `n` or more vertices are not stored. A census whose largest
    /// positions have `n` vertices never meets a component of that size twice as an
    /// option, so this bounds the table to the smaller components.
    pub fn store_below(mut self, n: usize) -> ImpartialSolver {
        self.store_below = n;
        self
    }

    /// The size from which components are not stored (`usize::MAX`: all are).
    pub fn store_below_size(&self) -> usize {
        self.store_below
    }

    /// Caps the table at `entries`, also while in use (values stay exact; see
    /// [`Table::set_cap`]).
    pub fn set_cap(&self, entries: usize) {
        self.table.set_cap(entries);
    }

    /// The rules.
    pub fn rules(&self) -> &'static dyn ImpartialRules {
        self.rules
    }

    /// What the transposition table did.
    pub fn table_stats(&self) -> TableStats {
        self.table.stats()
    }

    /// Number of small labelled graphs in the labelled memo.
    pub fn memo_len(&self) -> usize {
        self.small.len()
    }

    /// The nim-value of the position `g`.
    pub fn grundy(&self, g: &Graph) -> u32 {
        if g.n() == 0 {
            return 0;
        }
        if !self.rules.decomposes() {
            return self.component(g);
        }
        let all = g.vertices();
        let mut value = 0;
        for c in g.components() {
            value ^= if c == all {
                self.component(g)
            } else {
                self.component(&g.induced(c))
            };
        }
        value
    }

    fn component(&self, g: &Graph) -> u32 {
        let n = g.n();
        if n <= DIRECT_MAX {
            return self.mex_of_moves(g, g.vertices());
        }
        if n >= self.store_below {
            return self.mex_of_moves(g, g.vertices());
        }
        if n <= LABELLED_MAX {
            if let Some(v) = self.small.get(g) {
                return v as u32;
            }
            let v = self.mex_of_moves(g, g.vertices());
            self.small.set(g, v as u8);
            return v;
        }
        let (key, moves) = with_canonizer(|c| {
            let key = c.canonize(g, None, false);
            (key, c.orbit_reps())
        });
        if let Some(v) = self.table.get(&key) {
            return v as u32;
        }
        let v = self.mex_of_moves(g, moves);
        self.table.insert(key, v as u8);
        v
    }

    fn mex_of_moves(&self, g: &Graph, moves: u64) -> u32 {
        let mut seen = 0u128;
        let see = |rest: u64| {
            let value = if rest == 0 {
                0
            } else {
                self.grundy(&g.induced(rest))
            };
            seen |= 1 << value;
        };
        match self.rules.options(g) {
            Some(options) => options.into_iter().for_each(see),
            None => Bits(moves)
                .filter_map(|v| self.rules.play(g, v))
                .for_each(see),
        }
        mex(seen)
    }
}

//! Values of partizan games on coloured graphs, in the shared game-value kernel.
//!
//! For rules that decompose, a position's value is the sum of its connected components'
//! values; a component (or, for rules that do not decompose, the whole position) is
//! looked up by its colour-aware canonical key in the transposition table, and otherwise
//! built from its options with [`GameId::from_options`]. For rules whose colour swap is
//! a role swap ([`PartizanRules::negates_under_swap`]), a component is also looked up
//! with B and W exchanged, whose value is the negative.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::table::Table;
use crate::graphs::canon::canonical_key;
use crate::graphs::{Colouring, Graph};
use crate::rules::PartizanRules;
use crate::rules::partizan::swap_colours;
use crate::values::game::GameId;
use crate::values::limits::Limit;

/// A solver for one partizan ruleset with its transposition table.
pub struct PartizanSolver {
    rules: &'static dyn PartizanRules,
    table: Table<GameId>,
    capacity: usize,
    /// Entries inserted (counted here: asking the sharded map for its length locks
    /// every shard).
    inserted: AtomicUsize,
}

impl PartizanSolver {
    /// A solver with an empty table.
    pub fn new(rules: &'static dyn PartizanRules) -> PartizanSolver {
        PartizanSolver {
            rules,
            table: Table::new(),
            capacity: usize::MAX,
            inserted: AtomicUsize::new(0),
        }
    }

    /// Stop adding to the table once it holds `entries` (a memory cap: values stay exact,
    /// only components met again are recomputed).
    pub fn capacity(mut self, entries: usize) -> PartizanSolver {
        self.capacity = entries;
        self
    }

    /// The rules.
    pub fn rules(&self) -> &'static dyn PartizanRules {
        self.rules
    }

    /// Entries in the transposition table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The value of `g` coloured `c`, as first given (the rules' start reduction
    /// applies), or the kernel limit that computing it would cross.
    pub fn value(&self, g: &Graph, c: &Colouring) -> Result<GameId, Limit> {
        let start = self.rules.start(g, c);
        self.sum_of_components(g, c, start)
    }

    fn sum_of_components(&self, g: &Graph, c: &Colouring, mask: u64) -> Result<GameId, Limit> {
        if !self.rules.decomposes() {
            return if mask == g.vertices() {
                self.component(g, c)
            } else {
                self.component(&g.induced(mask), &c.induced(mask))
            };
        }
        let mut total = GameId::zero();
        for comp in g.components_in(mask) {
            total = total.checked_add(self.component(&g.induced(comp), &c.induced(comp))?)?;
        }
        Ok(total)
    }

    fn component(&self, g: &Graph, c: &Colouring) -> Result<GameId, Limit> {
        let key = canonical_key(g, Some(c));
        if let Some(v) = self.table.get(&key) {
            return Ok(v);
        }
        if self.rules.negates_under_swap() {
            let swapped = swap_colours(c);
            if let Some(v) = self.table.get(&canonical_key(g, Some(&swapped))) {
                return Ok(-v);
            }
        }
        let mut buf = Vec::new();
        let mut side = |left: bool| -> Result<Vec<GameId>, Limit> {
            buf.clear();
            self.rules.options(g, c, left, &mut buf);
            buf.iter()
                .map(|(h, d)| self.sum_of_components(h, d, h.vertices()))
                .collect()
        };
        let l = side(true)?;
        let r = side(false)?;
        let v = GameId::from_options(&l, &r)?;
        // Census-size components are stored too: their B/W-swapped twins find them.
        if self.inserted.load(Ordering::Relaxed) < self.capacity {
            self.inserted.fetch_add(1, Ordering::Relaxed);
            self.table.insert(key, v);
        }
        Ok(v)
    }
}

//! Values of partizan games on coloured graphs, in the shared game-value kernel.
//!
//! For rules that decompose, a position's value is the sum of its connected components'
//! values; a component (or, for rules that do not decompose, the whole position) is
//! looked up by its colour-aware canonical key in the transposition table, and otherwise
//! built from its options with [`GameId::from_options`]. For rules whose colour swap is
//! a role swap ([`PartizanRules::negates_under_swap`]), a component and its B/W swap
//! (whose value is the negative) share one entry. In front of the canonical table sits a
//! memo keyed by the labelled position itself (graphs up to 12 vertices), which saves
//! the nauty call for positions met again under the same labelling, the common case
//! (a position's options are labelled alike from every parent).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use super::classes::ClassStore;
use super::table::{Table, TableStats};
use crate::graphs::CanonKey;
use crate::graphs::canon::canonical_key;
use crate::graphs::{Colouring, Graph};
use crate::rules::partizan::swap_colours;
use crate::rules::{PartizanRules, Player};
use crate::values::game::GameId;
use crate::values::limits::Limit;

/// A solver for one partizan ruleset with its transposition table.
pub struct PartizanSolver {
    rules: &'static dyn PartizanRules,
    table: Table<GameId>,
    labelled_below: usize,
    /// The value slots of coloured components by class, for 2 and 3 colours
    /// (`solving::batch`).
    classes: [OnceLock<ClassStore>; 2],
    /// Their byte cap (each store), also for stores made later.
    class_cap: AtomicU64,
}

impl PartizanSolver {
    /// A solver with an empty table.
    pub fn new(rules: &'static dyn PartizanRules) -> PartizanSolver {
        PartizanSolver {
            rules,
            table: Table::new(),
            labelled_below: LABELLED_MAX + 1,
            classes: [OnceLock::new(), OnceLock::new()],
            class_cap: AtomicU64::new(u64::MAX),
        }
    }

    /// Caps the table at `entries`, also while in use (a memory cap: values stay exact,
    /// evicted components met again are computed again; see [`Table::set_cap`]).
    pub fn set_cap(&self, entries: usize) {
        self.table.set_cap(entries);
    }

    /// The rules.
    pub fn rules(&self) -> &'static dyn PartizanRules {
        self.rules
    }

    /// Components with `n` or more vertices skip the labelled memo: a census whose
    /// largest positions have `n` vertices gives each of those once, under one labelling
    /// (their B/W-swapped twins still find them by canonical key).
    pub fn labelled_below(mut self, n: usize) -> PartizanSolver {
        self.labelled_below = n.min(LABELLED_MAX + 1);
        self
    }

    /// What the transposition table did, with the lookups by class
    /// (`solving::batch`).
    pub fn table_stats(&self) -> TableStats {
        let mut stats = self.table.stats();
        for store in self.classes.iter().filter_map(OnceLock::get) {
            let (looked, found) = store.lookups();
            stats.by_class.0 += looked;
            stats.by_class.1 += found;
            stats.classes += store.classes();
        }
        stats
    }

    /// Bytes held by the value slots of classes.
    pub fn class_bytes(&self) -> u64 {
        self.classes
            .iter()
            .filter_map(OnceLock::get)
            .map(ClassStore::bytes)
            .sum()
    }

    /// Caps the bytes of the value slots of classes (each store).
    pub fn set_class_cap(&self, bytes: u64) {
        self.class_cap.store(bytes, Ordering::Relaxed);
        for store in self.classes.iter().filter_map(OnceLock::get) {
            store.set_cap(bytes);
        }
    }

    /// The class store for colourings with `k` colours (2 or 3), made on first use
    /// (`solving::batch` plans graphs against it); `None` for other `k`.
    pub(super) fn class_store(&self, k: usize) -> Option<&ClassStore> {
        if !(2..=3).contains(&k) {
            return None;
        }
        Some(self.classes[k - 2].get_or_init(|| {
            let store = ClassStore::new(k);
            store.set_cap(self.class_cap.load(Ordering::Relaxed));
            store
        }))
    }

    /// Whether graphs of `n` vertices keep their values in the labelled memo (below
    /// [`PartizanSolver::labelled_below`]).
    pub(super) fn keeps_labelled(&self, n: usize) -> bool {
        n < self.labelled_below
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
        let lkey = if self.keeps_labelled(g.n()) {
            labelled_key(g, c)
        } else {
            None
        };
        if let Some(k) = lkey
            && let Some(v) = self.table.get_labelled(g.n(), k)
        {
            return Ok(v);
        }
        let v = self.canonical_component(g, c)?;
        if let Some(k) = lkey {
            self.table.insert_labelled(g.n(), k, v);
        }
        Ok(v)
    }

    fn canonical_component(&self, g: &Graph, c: &Colouring) -> Result<GameId, Limit> {
        // For rules whose colour swap negates, a position and its swap share one entry,
        // under the key of whichever orientation comes first (usually decided by a cheap
        // invariant, so one nauty call instead of two).
        let (key, swapped) = if self.rules.negates_under_swap() {
            oriented_key(g, c)
        } else {
            (canonical_key(g, Some(c)), false)
        };
        let sign = |v: GameId| if swapped { -v } else { v };
        if let Some(v) = self.table.get(&key) {
            return Ok(sign(v));
        }
        let mut buf = Vec::new();
        let mut side = |player: Player| -> Result<Vec<GameId>, Limit> {
            buf.clear();
            self.rules.moves(g, c, player, &mut buf);
            buf.iter()
                .map(|m| self.sum_of_components(&m.graph, &m.colouring, m.graph.vertices()))
                .collect()
        };
        let l = side(Player::Left)?;
        let r = side(Player::Right)?;
        let v = GameId::from_options(&l, &r)?;
        self.table.insert(key, sign(v));
        Ok(v)
    }
}

/// The key of `g` coloured `c` or of its B/W swap, whichever orientation is first, and
/// whether it is the swap. Orientations are ordered by an isomorphism invariant (per
/// colour: vertices, degree sum, sum of squared degrees), and where that ties, by key.
/// (A finer invariant was measured: no faster, ties are rare.)
fn oriented_key(g: &Graph, c: &Colouring) -> (CanonKey, bool) {
    let mut inv = [[0u64; 3]; 2];
    for v in 0..g.n() {
        let x = c.get(v) as usize;
        if x < 2 {
            let d = g.degree(v) as u64;
            inv[x][0] += 1;
            inv[x][1] += d;
            inv[x][2] += d * d;
        }
    }
    match inv[0].cmp(&inv[1]) {
        std::cmp::Ordering::Greater => (canonical_key(g, Some(c)), false),
        std::cmp::Ordering::Less => (canonical_key(g, Some(&swap_colours(c))), true),
        std::cmp::Ordering::Equal => {
            let k = canonical_key(g, Some(c));
            let swapped = swap_colours(c);
            if swapped == *c {
                return (k, false);
            }
            let ks = canonical_key(g, Some(&swapped));
            if ks < k { (ks, true) } else { (k, false) }
        }
    }
}

/// The largest components with a labelled key.
const LABELLED_MAX: usize = 12;

/// The labelled key of a small coloured graph: n, its adjacency bits and its colours as
/// they stand (no canonical labelling), for graphs of at most [`LABELLED_MAX`] vertices
/// (4 + 66 + 24 bits).
fn labelled_key(g: &Graph, c: &Colouring) -> Option<u128> {
    let n = g.n();
    if n > LABELLED_MAX {
        return None;
    }
    let mut k = n as u128;
    let mut shift = 4;
    for (i, &row) in g.rows().iter().enumerate().skip(1) {
        k |= ((row & ((1 << i) - 1)) as u128) << shift;
        shift += i;
    }
    for &x in c.colours() {
        debug_assert!(x < 4);
        k |= (x as u128) << shift;
        shift += 2;
    }
    Some(k)
}

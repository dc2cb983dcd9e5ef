//! A direct-mapped memo for small *labelled* graphs: the value of every graph on at most
//! [`LABELLED_MAX`] vertices, indexed by its adjacency bits as they stand (no canonical
//! labelling). Looking a small component up here costs a few word operations instead of
//! a nauty call; the arrays (about 2 MB) are shared by all threads, and since a value is
//! a function of the graph, racing writers store the same byte.

use std::sync::atomic::{AtomicU8, Ordering};

use crate::graphs::Graph;

/// Graphs up to this many vertices are memoised by labelled adjacency (2^21 entries at 7).
pub const LABELLED_MAX: usize = 7;

const UNKNOWN: u8 = u8::MAX;

/// Values of labelled graphs on 0..=LABELLED_MAX vertices.
pub struct LabelledMemo {
    by_n: Vec<Vec<AtomicU8>>,
}

impl Default for LabelledMemo {
    fn default() -> Self {
        Self::new()
    }
}

impl LabelledMemo {
    /// An empty memo (every value unknown).
    pub fn new() -> LabelledMemo {
        LabelledMemo {
            by_n: (0..=LABELLED_MAX)
                .map(|n| {
                    (0..1usize << (n * n.saturating_sub(1) / 2))
                        .map(|_| AtomicU8::new(UNKNOWN))
                        .collect()
                })
                .collect(),
        }
    }

    /// The index of `g` (n <= LABELLED_MAX): its lower-triangle adjacency bits.
    #[inline]
    fn index(g: &Graph) -> usize {
        let mut idx = 0usize;
        let mut shift = 0;
        for (i, &row) in g.rows().iter().enumerate().skip(1) {
            idx |= ((row & ((1 << i) - 1)) as usize) << shift;
            shift += i;
        }
        idx
    }

    /// The memoised value of `g`, if any.
    #[inline]
    pub fn get(&self, g: &Graph) -> Option<u8> {
        let v = self.by_n[g.n()][Self::index(g)].load(Ordering::Relaxed);
        (v != UNKNOWN).then_some(v)
    }

    /// Number of graphs memoised (a scan of the arrays: for reports, not hot paths).
    pub fn len(&self) -> usize {
        self.by_n
            .iter()
            .flatten()
            .filter(|v| v.load(Ordering::Relaxed) != UNKNOWN)
            .count()
    }

    /// Whether nothing is memoised.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Memoises the value of `g`.
    #[inline]
    pub fn set(&self, g: &Graph, value: u8) {
        debug_assert!(value != UNKNOWN);
        self.by_n[g.n()][Self::index(g)].store(value, Ordering::Relaxed);
    }
}

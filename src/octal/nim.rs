//! Nim-sequences G(0..=N) of octal games, by two methods that must agree exactly.
//!
//! - [`reference()`]: the definition. G(n) is the mex of every option's value, with every
//!   split `a + b = n − k` scanned: O(N²).
//! - [`sparse()`]: the rare-value ("sparse space") method of Winning Ways ch. 4, made
//!   speculative and block-parallel (see [`super::sparse`]).
//!
//! The split of values into rare and common lives in [`super::split`]; both are re-exported
//! here.

pub use super::sparse::{Sparse, State, Stats, sparse};
pub use super::split::{Split, best_split, domain_parity};

use super::code::OctalCode;

/// Progress callback: called now and then with the number of values computed.
pub type Progress<'a> = &'a dyn Fn(usize);

/// Marks values of options for one n without clearing: `seen[v] == stamp` means marked.
struct Marks {
    seen: Vec<u32>,
    stamp: u32,
}

impl Marks {
    fn new() -> Marks {
        Marks {
            seen: vec![u32::MAX; 64],
            stamp: 0,
        }
    }

    /// Starts a new n; values (and XORs of values) are below `bound`, a power of two.
    fn next(&mut self, bound: usize) {
        if self.seen.len() < bound {
            self.seen.resize(bound, u32::MAX);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == u32::MAX {
            self.seen.iter_mut().for_each(|s| *s = u32::MAX);
            self.stamp = 0;
        }
    }

    #[inline]
    fn mark(&mut self, v: u32) {
        self.seen[v as usize] = self.stamp;
    }

    #[inline]
    fn has(&self, v: u32) -> bool {
        self.seen[v as usize] == self.stamp
    }

    fn mex(&self) -> u32 {
        let mut v = 0;
        while (v as usize) < self.seen.len() && self.has(v) {
            v += 1;
        }
        v
    }
}

/// The moves of an octal game, by what they leave.
pub(crate) struct Moves {
    /// Removals that may take a whole heap.
    pub(crate) all: Vec<usize>,
    /// Removals that may leave one heap.
    pub(crate) one: Vec<usize>,
    /// Removals that may leave two heaps.
    pub(crate) two: Vec<usize>,
}

impl Moves {
    pub(crate) fn of(code: &OctalCode) -> Moves {
        Moves {
            all: code.takes_all().collect(),
            one: code.takes_leaving_one().collect(),
            two: code.takes_leaving_two().collect(),
        }
    }

    /// Marks the values of the moves from heap `n` that leave at most one heap.
    #[inline]
    fn mark_one_heap(&self, g: &[u32], n: usize, marks: &mut Marks) {
        if self.all.contains(&n) {
            marks.mark(0);
        }
        for &k in &self.one {
            if n > k {
                marks.mark(g[n - k]);
            }
        }
    }
}

/// Smallest power of two above every value so far (so above every XOR of two values).
#[inline]
pub(crate) fn bound_for(max_value: u32) -> usize {
    ((max_value as usize + 1).next_power_of_two() * 2).max(64)
}

/// G(0..=max) by the definition.
pub fn reference(code: &OctalCode, max: usize, progress: Progress) -> Vec<u32> {
    reference_from(code, vec![0], max, progress)
}

/// Extends G(0..) (`g`: at least G(0) = 0) to G(0..=max) by the definition.
pub fn reference_from(
    code: &OctalCode,
    mut g: Vec<u32>,
    max: usize,
    progress: Progress,
) -> Vec<u32> {
    assert!(!g.is_empty() && g[0] == 0, "G(0) = 0");
    let from = g.len();
    g.resize((max + 1).max(from), 0);
    let moves = Moves::of(code);
    let mut marks = Marks::new();
    let mut max_value = g[..from].iter().copied().max().unwrap_or(0);
    for n in from..=max {
        marks.next(bound_for(max_value));
        moves.mark_one_heap(&g, n, &mut marks);
        for &k in &moves.two {
            if n >= k + 2 {
                let r = n - k;
                for a in 1..=r / 2 {
                    marks.mark(g[a] ^ g[r - a]);
                }
            }
        }
        g[n] = marks.mex();
        max_value = max_value.max(g[n]);
        if n % 65536 == 0 {
            progress(n);
        }
    }
    g
}

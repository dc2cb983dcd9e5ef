//! The rare-value ("sparse space") method of Winning Ways ch. 4, speculative and
//! block-parallel.
//!
//! With a split of values into rare and common ([`Split`]), the XOR of the values of two
//! common (or two rare) positions is rare at the heap they were split from, so every
//! *common* option value of heap n comes from a one-heap move or from a split with a rare
//! part. Rare positions are few, so marking those splits gives exactly the common option
//! values, and `c`, the least common value that is no option. G(n) ≤ c, and G(n) = c
//! unless some rare value below c is no option either: that needs the whole split list.
//!
//! That check is where the time goes, and the reason the old method showed "full split
//! scans: 999538 of 1000000" on Officers (0.6): its split (range, mask 111101110) is as
//! sparse as it gets (1583 rare positions to 10^6, the last at n = 20627), but c is about
//! 113 and about 57 rare values lie below it, each of which must be *found* among the
//! common-common splits (about 2800 splits per n, small part upwards) before c is known
//! to be the mex. The check almost never changes the answer (after the last rare
//! position, never), so this method **speculates**: a block of heaps gets its candidates
//! one after another (the sequential part: one-heap moves, the rare splits whose other
//! part is inside the block, and the mex), while the expensive parts run in parallel over
//! the block: (1) before it, the rare splits whose other part lies below the block; (3)
//! after it, the search for the rare values below each candidate. If the search fails at
//! some n (a rare value below c is no option, so G(n) is the least such value, rare),
//! every earlier value was checked against correct values, so G(n) is fixed there and the
//! block restarts after n. The values are therefore exactly the method's, and the
//! reference's, whatever the block sizes and the number of threads.

use rayon::prelude::*;

use super::code::OctalCode;
use super::kernels::{Found, far_marks, search, search_wide, wide_available};
use super::nim::{Moves, Progress};
use super::split::{Split, best_split, domain_parity};

/// Heaps per block at most (the block doubles after each block without a rare value).
const MAX_BLOCK: usize = 1024;
/// Blocks (and lists of searches) smaller than this run on the calling thread only.
const PAR_MIN: usize = 48;

/// A power of two above every value up to `max_value`, so above every XOR of two of them
/// (at least 64: whole words of bitmaps).
fn xor_bound(max_value: u32) -> usize {
    (max_value as usize + 1).next_power_of_two().max(64)
}

/// What the method counted (only for values kept, so the counts do not depend on how the
/// work was cut into blocks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stats {
    /// Heaps n ≥ 1 whose candidate c needed a search for rare values below it.
    pub checked: u64,
    /// Searches that looked at every split (a rare value below c was no option: G(n) is
    /// rare).
    pub full_scans: u64,
    /// Splits looked at by all searches.
    pub splits_searched: u64,
    /// Times the automatically chosen split was changed.
    pub mask_changes: u64,
}

/// What the sparse method computed, with its bookkeeping.
#[derive(Clone, Debug)]
pub struct Sparse {
    /// G(0..=N).
    pub values: Vec<u32>,
    /// The rare/common split in use at the end.
    pub split: Split,
    /// Positions n ≥ 1 whose value is rare (for `split`).
    pub rare: Vec<usize>,
    /// The counts.
    pub stats: Stats,
}

/// G(0..=max) by the rare-value method. `split`: a fixed split, or `None` to choose it
/// automatically (re-examined at every power of two from 256 on, and changed when another
/// has at least 10% fewer rare positions).
pub fn sparse(code: &OctalCode, max: usize, split: Option<Split>, progress: Progress) -> Sparse {
    let mut state = State::new(code, split);
    state.advance(max, progress);
    state.finish()
}

/// A computation in progress: G(0..=done) and what the method needs to go on, so that a
/// long run can be saved and resumed ([`State::resume`]).
pub struct State {
    moves: Moves,
    domain: Option<u8>,
    g: Vec<u32>,
    /// A copy of `g` as u16 while every value fits (half the memory traffic); else empty.
    h: Vec<u16>,
    narrow: bool,
    split: Split,
    fixed: bool,
    rare: Vec<usize>,
    stats: Stats,
    max_value: u32,
    block: usize,
    scratch: Scratch,
}

/// Buffers reused from block to block.
#[derive(Default)]
struct Scratch {
    rare32: Vec<u32>,
    vals_h: Vec<u16>,
    vals_g: Vec<u32>,
    far: Vec<u64>,
    marks: Vec<u64>,
    rare_bits: [Vec<u64>; 2],
    rare_bound: usize,
    missing: Vec<u32>,
    searches: Vec<(usize, usize, usize)>,
}

impl State {
    /// A new computation (G(0) = 0) with a fixed split, or `None` for the automatic one.
    pub fn new(code: &OctalCode, split: Option<Split>) -> State {
        State::resume(
            code,
            vec![0],
            split.unwrap_or(Split::ALL_RARE),
            split.is_some(),
            Stats::default(),
        )
    }

    /// Goes on from saved values G(0..) with the split in use, whether it was fixed, and
    /// the counts so far. The rare positions are recomputed from the values.
    pub fn resume(
        code: &OctalCode,
        values: Vec<u32>,
        split: Split,
        fixed: bool,
        stats: Stats,
    ) -> State {
        assert!(!values.is_empty() && values[0] == 0, "G(0) = 0");
        let rare = (1..values.len())
            .filter(|&q| split.rare(values[q], q))
            .collect();
        let narrow = values.iter().all(|&v| v <= u16::MAX as u32);
        let h = if narrow {
            values.iter().map(|&v| v as u16).collect()
        } else {
            Vec::new()
        };
        State {
            h,
            narrow,
            moves: Moves::of(code),
            domain: domain_parity(code),
            max_value: values.iter().copied().max().unwrap_or(0),
            g: values,
            split,
            fixed,
            rare,
            stats,
            block: 16,
            scratch: Scratch::default(),
        }
    }

    /// The largest n with G(n) computed.
    pub fn done(&self) -> usize {
        self.g.len() - 1
    }

    /// G(0..=done).
    pub fn values(&self) -> &[u32] {
        &self.g
    }

    /// The split in use.
    pub fn split(&self) -> Split {
        self.split
    }

    /// Whether the split was fixed by the caller.
    pub fn fixed(&self) -> bool {
        self.fixed
    }

    /// The counts so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The result.
    pub fn finish(self) -> Sparse {
        Sparse {
            values: self.g,
            split: self.split,
            rare: self.rare,
            stats: self.stats,
        }
    }

    /// The heap size at which the automatic split is next re-examined (before computing
    /// it): the next power of two from 256 on.
    fn next_review(&self, done: usize) -> usize {
        if self.fixed {
            usize::MAX
        } else {
            (done + 1).next_power_of_two().max(256)
        }
    }

    /// Computes G(done+1..=to). `progress` is called with n at block ends.
    pub fn advance(&mut self, to: usize, progress: Progress) {
        self.g.reserve(to.saturating_sub(self.done()));
        if self.narrow {
            self.h.reserve(to.saturating_sub(self.done()));
        }
        let mut reported = self.done() / 65536;
        while self.done() < to {
            let start = self.done() + 1;
            if self.next_review(start - 1) == start {
                self.review(start);
            }
            let end = to
                .min(start + self.block - 1)
                .min(self.next_review(start).saturating_sub(1));
            let last = self.block_of(start, end);
            self.block = if last < end {
                (last + 1 - start).clamp(1, MAX_BLOCK)
            } else {
                (self.block * 2).min(MAX_BLOCK)
            };
            if last / 65536 > reported {
                reported = last / 65536;
                progress(last);
            }
        }
    }

    /// Re-examines the automatic split before computing heap n.
    fn review(&mut self, n: usize) {
        let g = &self.g[..n];
        let candidate = best_split(g, self.domain);
        let count = |s: Split| (1..n).filter(|&q| s.rare(g[q], q)).count();
        if candidate != self.split && count(candidate) * 10 < count(self.split) * 9 {
            self.split = candidate;
            self.stats.mask_changes += 1;
            self.scratch.rare_bound = 0;
            self.rare = (1..n).filter(|&q| candidate.rare(g[q], q)).collect();
        }
    }

    /// Computes heaps start..=end speculatively; keeps them up to the first whose
    /// candidate failed its check (that one gets its true, rare, value) and returns the
    /// last heap kept.
    fn block_of(&mut self, start: usize, end: usize) -> usize {
        let len = end + 1 - start;
        let two = &self.moves.two;
        let rare = &self.rare;
        let s = &mut self.scratch;
        // (1) Rare splits whose other part is below the block.
        let bound0 = xor_bound(self.max_value);
        let words0 = bound0 / 64;
        s.far.clear();
        s.far.resize(len * words0, 0);
        {
            let (g, h, narrow) = (&self.g[..start], &self.h[..start], self.narrow);
            s.rare32.clear();
            s.rare32.extend(rare.iter().map(|&q| q as u32));
            s.vals_h.clear();
            s.vals_g.clear();
            if narrow {
                s.vals_h.extend(rare.iter().map(|&q| h[q]));
            } else {
                s.vals_g.extend(rare.iter().map(|&q| g[q]));
            }
            let (rare32, vals_h, vals_g) = (&s.rare32, &s.vals_h, &s.vals_g);
            let one = |seen: &mut Vec<u8>, (i, out): (usize, &mut [u64])| {
                seen.resize(bound0, 0);
                if narrow {
                    far_marks(h, start, rare32, vals_h, two, start + i, seen, out)
                } else {
                    far_marks(g, start, rare32, vals_g, two, start + i, seen, out)
                }
            };
            if len >= PAR_MIN {
                s.far
                    .par_chunks_mut(words0)
                    .enumerate()
                    .for_each_init(Vec::new, one);
            } else {
                let mut seen = Vec::new();
                s.far
                    .chunks_mut(words0)
                    .enumerate()
                    .for_each(|x| one(&mut seen, x));
            }
        }
        // (2) Candidates, one after another.
        self.g.resize(end + 1, 0);
        if self.narrow {
            self.h.resize(end + 1, 0);
        }
        s.missing.clear();
        s.searches.clear();
        let mut max_value = self.max_value;
        let mut last = end;
        for n in start..=end {
            let bound = xor_bound(max_value);
            let words = bound / 64;
            if s.rare_bound != bound {
                s.rare_bound = bound;
                for (p, bits) in s.rare_bits.iter_mut().enumerate() {
                    *bits = (0..words)
                        .map(|w| {
                            (0..64).fold(0u64, |b, j| {
                                b | (self.split.rare((w * 64 + j) as u32, p) as u64) << j
                            })
                        })
                        .collect();
                }
            }
            let marks = &mut s.marks;
            marks.clear();
            marks.resize(words, 0);
            let i = n - start;
            marks[..words0].copy_from_slice(&s.far[i * words0..(i + 1) * words0]);
            let g = &self.g;
            let mut mark = |v: u32| marks[v as usize / 64] |= 1 << (v % 64);
            if self.moves.all.contains(&n) {
                mark(0);
            }
            for &k in &self.moves.one {
                if n > k {
                    mark(g[n - k]);
                }
            }
            // Rare splits whose other part is inside the block.
            for &k in two {
                if n >= k + 2 && n - k > start {
                    let r = n - k;
                    for &q in rare.iter().take_while(|&&q| q <= r - start) {
                        mark(g[q] ^ g[r - q]);
                    }
                }
            }
            // c: the least common value not marked; the rare values below it not marked.
            let rb = &s.rare_bits[n & 1];
            let c = (0..words)
                .find_map(|w| {
                    let free = !(marks[w] | rb[w]);
                    (free != 0).then(|| (w * 64) as u32 + free.trailing_zeros())
                })
                .unwrap_or(bound as u32);
            let from = s.missing.len();
            for w in 0..words.min(c as usize / 64 + 1) {
                let mut bits = rb[w] & !marks[w];
                if (w + 1) * 64 > c as usize {
                    bits &= (1u64 << (c % 64)) - 1;
                }
                while bits != 0 {
                    s.missing.push((w * 64) as u32 + bits.trailing_zeros());
                    bits &= bits - 1;
                }
            }
            self.g[n] = c;
            if self.narrow {
                if c > u16::MAX as u32 {
                    self.narrow = false;
                    self.h = Vec::new();
                } else {
                    self.h[n] = c as u16;
                }
            }
            max_value = max_value.max(c);
            if s.missing.len() > from {
                s.searches.push((n, from, s.missing.len()));
            }
            if c as usize >= bound {
                // Every common value below the bound is an option: the mex is a rare value
                // below it or the bound itself, which may be rare. Stop the block here.
                last = n;
                break;
            }
        }
        // (3) Search the splits for the rare values below each candidate.
        let flags_len = xor_bound(max_value);
        let wide = self.narrow && wide_available(flags_len);
        let (g, h, narrow) = (&self.g[..=last], &self.h[..], self.narrow);
        let missing = &s.missing;
        let search = |flags: &mut Vec<u8>, &(n, from, to): &(usize, usize, usize)| {
            let need = &missing[from..to];
            if wide {
                return search_wide(h, two, n, need);
            }
            flags.resize(flags_len, 0);
            if narrow {
                search(h, two, n, need, flags)
            } else {
                search(g, two, n, need, flags)
            }
        };
        let results: Vec<Found> = if s.searches.len() >= PAR_MIN {
            s.searches.par_iter().map_init(Vec::new, search).collect()
        } else {
            let mut flags = Vec::new();
            s.searches.iter().map(|x| search(&mut flags, x)).collect()
        };
        // Keep everything up to the first failed candidate, which gets its true value.
        for (&(n, _, _), found) in s.searches.iter().zip(&results) {
            if n > last {
                break;
            }
            self.stats.checked += 1;
            self.stats.splits_searched += found.splits;
            if found.every_split {
                self.stats.full_scans += 1;
            }
            if let Some(v) = found.unfound {
                self.g[n] = v;
                if self.narrow {
                    self.h[n] = v as u16;
                }
                last = n;
                break;
            }
        }
        self.g.truncate(last + 1);
        if self.narrow {
            self.h.truncate(last + 1);
        }
        for n in start..=last {
            self.max_value = self.max_value.max(self.g[n]);
            if self.split.rare(self.g[n], n) {
                self.rare.push(n);
            }
        }
        last
    }
}

//! Nim-sequences G(0..=N) of octal games, by two methods that must agree exactly.
//!
//! - [`reference()`]: the definition. G(n) is the mex of every option's value, with every
//!   split `a + b = n − k` scanned: O(N²).
//! - [`sparse`]: the rare-value ("sparse space") method of Winning Ways ch. 4. For a mask
//!   `m`, a value `v` is *rare* if `popcount(v & m)` is even and *common* if it is odd.
//!   Since parities add under XOR, a common value can only be the XOR of a rare and a
//!   common value: every common value among the options comes from a split with a rare
//!   part, and there are few rare positions. So for each n we (1) mark the values of the
//!   one-heap moves and of the splits with a rare part, (2) take `c`, the smallest common
//!   value not marked — it is certainly not an option — and (3) scan the full split list
//!   only while some rare value below `c` is still unmarked, stopping as soon as all are
//!   found. G(n) is `c`, or the smallest rare value the full scan did not find. This is
//!   exact for any mask (mask 0 makes every value rare and the method a plain scan); it is
//!   fast when rare values are rare. The mask is chosen automatically from the values so
//!   far (the one with fewest rare positions) and changed when a better one appears.

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
struct Moves {
    /// Removals that may take a whole heap.
    all: Vec<usize>,
    /// Removals that may leave one heap.
    one: Vec<usize>,
    /// Removals that may leave two heaps.
    two: Vec<usize>,
}

impl Moves {
    fn of(code: &OctalCode) -> Moves {
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
fn bound_for(max_value: u32) -> usize {
    ((max_value as usize + 1).next_power_of_two() * 2).max(64)
}

/// G(0..=max) by the definition.
pub fn reference(code: &OctalCode, max: usize, progress: Progress) -> Vec<u32> {
    let mut g = vec![0u32; max + 1];
    let moves = Moves::of(code);
    let mut marks = Marks::new();
    let mut max_value = 0;
    for n in 1..=max {
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

/// What the sparse method computed, with its bookkeeping.
#[derive(Clone, Debug)]
pub struct Sparse {
    /// G(0..=N).
    pub values: Vec<u32>,
    /// The rare/common split in use at the end.
    pub split: Split,
    /// Positions n ≥ 1 whose value is rare (for `split`).
    pub rare: Vec<usize>,
    /// How many n needed a scan of the full split list.
    pub full_scans: usize,
    /// How many times the split was changed.
    pub mask_changes: usize,
}

/// How values are split into rare and common. *Range* type (Winning Ways): `v` is rare
/// iff `popcount(v & mask)` is even. *Domain* type (Flammenkamp, for games whose
/// two-heap moves all remove amounts of one parity, like `t`): at heap size `n`, `v` is
/// rare iff `popcount(v & mask) ≡ n − t (mod 2)`. Either way the XOR of two values from
/// two rare or two common positions is rare for the heap they were split from, so a
/// common value can only come from a split with exactly one rare part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// The mask.
    pub mask: u32,
    /// `Some(t mod 2)` for the domain type.
    pub domain: Option<u8>,
}

impl Split {
    /// Every value rare: the method is then a plain scan.
    pub const ALL_RARE: Split = Split {
        mask: 0,
        domain: None,
    };

    /// Parses `range:MASK` or `domain:MASK` (MASK decimal, `0b…` or `0x…`; `~MASK` for
    /// the infinite bitstring that is its complement) for `code`.
    pub fn parse(s: &str, code: &OctalCode) -> crate::Result<Split> {
        let bad = || {
            crate::Error::usage(format!(
                "split {s:?}: expected range:MASK or domain:MASK, MASK like 0b1101, 0x1f, 13 or ~0b11"
            ))
        };
        let (kind, m) = s.trim().split_once(':').ok_or_else(bad)?;
        let (neg, m) = match m.strip_prefix('~') {
            Some(rest) => (true, rest),
            None => (false, m),
        };
        let mask = if let Some(b) = m.strip_prefix("0b") {
            u32::from_str_radix(b, 2)
        } else if let Some(h) = m.strip_prefix("0x") {
            u32::from_str_radix(h, 16)
        } else {
            m.parse()
        }
        .map_err(|_| bad())?;
        let mask = if neg { !mask } else { mask };
        let domain = match kind {
            "range" => None,
            "domain" => Some(domain_parity(code).ok_or_else(|| {
                crate::Error::usage(format!(
                    "split {s:?}: the domain type needs all two-heap removals of one parity, and {code} has not"
                ))
            })?),
            _ => return Err(bad()),
        };
        Ok(Split { mask, domain })
    }

    /// Is `v` rare as the value of (or an option value at) heap size `n`?
    #[inline]
    pub fn rare(&self, v: u32, n: usize) -> bool {
        let parity = (v & self.mask).count_ones() & 1;
        let target = match self.domain {
            None => 0,
            Some(t) => ((n as u32) ^ t as u32) & 1,
        };
        parity == target
    }
}

impl std::fmt::Display for Split {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let low = if self.mask >> 31 == 1 {
            // An infinite bitstring: print the finite part and "…1" for the rest.
            let width = 32 - (!self.mask).leading_zeros();
            format!(
                "...1{:0w$b}",
                self.mask & ((1u32 << width) - 1).max(1),
                w = width.max(1) as usize
            )
        } else {
            format!("{:b}", self.mask)
        };
        match self.domain {
            None => write!(f, "range, mask {low}"),
            Some(_) => write!(f, "domain, mask {low}"),
        }
    }
}

/// `Some(t mod 2)` if every two-heap move of `code` removes an amount of the same parity
/// (so the domain type applies), else `None`.
pub fn domain_parity(code: &OctalCode) -> Option<u8> {
    let mut ks = code.takes_leaving_two();
    let first = ks.next()?;
    ks.all(|k| k % 2 == first % 2).then_some((first % 2) as u8)
}

/// The split with the fewest rare positions among G(1..) (ties: the first found). Masks:
/// every pattern `b` of the low bits (below the next power of two above the largest
/// value, at most 12 bits) alone and with all higher bits set (Winning Ways' infinite
/// bitstrings); types: range, and domain where the game allows it.
pub fn best_split(values: &[u32], domain: Option<u8>) -> Split {
    let max = values.iter().copied().max().unwrap_or(0);
    let width = (32 - max.leading_zeros()).min(12);
    let low = (1u32 << width) - 1;
    // hist[v][n mod 2]
    let mut hist = vec![[0u64; 2]; max as usize + 1];
    for (n, &v) in values.iter().enumerate().skip(1) {
        hist[v as usize][n & 1] += 1;
    }
    let present: Vec<(u32, [u64; 2])> = hist
        .iter()
        .enumerate()
        .filter(|&(_, c)| c[0] + c[1] > 0)
        .map(|(v, &c)| (v as u32, c))
        .collect();
    let types: Vec<Option<u8>> = match domain {
        Some(t) => vec![None, Some(t)],
        None => vec![None],
    };
    let mut best = (u64::MAX, Split::ALL_RARE);
    for b in 0..=low {
        for mask in [b, b | !low] {
            for &domain in &types {
                let split = Split { mask, domain };
                let rare: u64 = present
                    .iter()
                    .map(|&(v, c)| split.rare(v, 0) as u64 * c[0] + split.rare(v, 1) as u64 * c[1])
                    .sum();
                if rare < best.0 {
                    best = (rare, split);
                }
            }
        }
    }
    best.1
}

/// Splits looked at per block of the full scan.
const BLOCK: usize = 64;

/// The full scan of step (3): looks for the missing rare values among all splits, a block
/// of splits at a time with no branch per split, and stops after the block in which the
/// last missing value turned up. Blocks alternate between the two ends of each removal's
/// split list (the middle: near-equal splits, which give 0; the start: splits with a
/// small part, where the irregular early values are) and go round all removals.
#[derive(Default)]
struct FullScan {
    need: Vec<u64>,
    seen: Vec<u64>,
    cursors: Vec<(usize, usize, usize)>,
}

impl FullScan {
    fn found(&self, v: u32) -> bool {
        self.seen[v as usize / 64] >> (v % 64) & 1 == 1
    }

    /// `bound`: a power of two above every value so far (so above every XOR).
    fn run(&mut self, g: &[u32], n: usize, two: &[usize], bound: usize, missing: &[u32]) {
        let words = bound / 64 + 1;
        self.need.clear();
        self.need.resize(words, 0);
        self.seen.clear();
        self.seen.resize(words, 0);
        for &v in missing {
            self.need[v as usize / 64] |= 1 << (v % 64);
        }
        self.cursors.clear();
        self.cursors.extend(
            two.iter()
                .filter(|&&k| n >= k + 2)
                .map(|&k| (n - k, 1, (n - k) / 2)),
        );
        let mut from_middle = false;
        while !self.cursors.is_empty() {
            for cur in self.cursors.iter_mut() {
                let (r, lo, hi) = *cur;
                if lo > hi {
                    continue;
                }
                let len = BLOCK.min(hi + 1 - lo);
                let range = if from_middle {
                    cur.2 -= len;
                    hi + 1 - len..hi + 1
                } else {
                    cur.1 += len;
                    lo..lo + len
                };
                for a in range {
                    let x = (g[a] ^ g[r - a]) as usize;
                    self.seen[x / 64] |= 1 << (x % 64);
                }
                if self.need.iter().zip(&self.seen).all(|(n, s)| n & !s == 0) {
                    return;
                }
            }
            self.cursors.retain(|&(_, lo, hi)| lo <= hi);
            from_middle = !from_middle;
        }
    }
}

/// G(0..=max) by the rare-value method. `split`: a fixed split, or `None` to choose it
/// automatically (re-examined at every power of two from 256 on, and changed when another
/// has at least 10% fewer rare positions).
pub fn sparse(code: &OctalCode, max: usize, split: Option<Split>, progress: Progress) -> Sparse {
    let mut g = vec![0u32; max + 1];
    let moves = Moves::of(code);
    let two = &moves.two;
    let domain = domain_parity(code);
    let mut sp = split.unwrap_or(Split::ALL_RARE);
    let mut rare: Vec<usize> = Vec::new();
    let mut marks = Marks::new();
    let mut missing: Vec<u32> = Vec::new();
    let mut scan = FullScan::default();
    let mut max_value = 0;
    let mut full_scans = 0;
    let mut mask_changes = 0;
    let mut next_review = 256;
    for n in 1..=max {
        if split.is_none() && n == next_review {
            next_review *= 2;
            let candidate = best_split(&g[..n], domain);
            let count = |s: Split| (1..n).filter(|&q| s.rare(g[q], q)).count();
            if candidate != sp && count(candidate) * 10 < count(sp) * 9 {
                sp = candidate;
                mask_changes += 1;
                rare = (1..n).filter(|&q| sp.rare(g[q], q)).collect();
            }
        }
        let bound = bound_for(max_value);
        marks.next(bound);
        // (1) One-heap moves, and splits with a rare part.
        moves.mark_one_heap(&g, n, &mut marks);
        for &k in two {
            if n >= k + 2 {
                let r = n - k;
                for &q in &rare {
                    if q >= r {
                        break;
                    }
                    marks.mark(g[q] ^ g[r - q]);
                }
            }
        }
        // (2) The smallest common value not marked, and the rare values below it that
        // are not marked yet.
        missing.clear();
        let mut c = 0u32;
        while (c as usize) < bound && (marks.has(c) || sp.rare(c, n)) {
            if !marks.has(c) {
                missing.push(c);
            }
            c += 1;
        }
        // (3) Scan the full split list only while a rare value below c is missing, from
        // both ends at once and across all removals: the near-equal splits (which give 0)
        // and the splits with a small part (the irregular early values) come first.
        let value = if missing.is_empty() {
            c
        } else {
            full_scans += 1;
            scan.run(&g, n, two, bound, &missing);
            missing
                .iter()
                .copied()
                .find(|&v| !scan.found(v))
                .unwrap_or(c)
        };
        g[n] = value;
        max_value = max_value.max(value);
        if sp.rare(value, n) {
            rare.push(n);
        }
        if n % 65536 == 0 {
            progress(n);
        }
    }
    Sparse {
        values: g,
        split: sp,
        rare,
        full_scans,
        mask_changes,
    }
}

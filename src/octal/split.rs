//! Rare/common splits of nim-values (Winning Ways ch. 4, "sparse space"; Flammenkamp's
//! domain type): what a split is, how it is written and parsed, and how the best one is
//! chosen from the values computed so far.

use super::code::OctalCode;

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
                "split {}: expected range:MASK or domain:MASK, MASK like 0b1101, 0x1f, 13 or ~0b11",
                crate::error::quoted(s)
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
                    "split {}: the domain type needs all two-heap removals of one parity, and {code} has not",
                    crate::error::quoted(s)
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

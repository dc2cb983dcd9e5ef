//! The bit routines of bitboards ([`super::bits::Bits`]), written once over the word
//! that holds the board: a `u64` when its box fits in 64 bits with its padding (one
//! instruction a shift), a `u128` otherwise ([`Word`]). Cut to the bounding box
//! ([`tight_in`]), the least of the four flips ([`flip_in`]), the part of a cell grown
//! a side at a time ([`fill_in`]); the row of a bit ([`row_of`]).

/// `p / s` for a bit `p < 128` and a stride `1 <= s <= 127`, by a multiply: with
/// `m = ceil(2^16 / s)`, `p * m / 2^16` exceeds `p / s` by less than `128 / 2^16 <
/// 1 / s`, which never reaches the next integer.
#[inline]
pub(super) fn row_of(p: u32, s: u32) -> u32 {
    const RECIPROCALS: [u32; 128] = {
        let mut r = [0u32; 128];
        let mut s = 1;
        while s < 128 {
            r[s] = (1u32 << 16).div_ceil(s as u32);
            s += 1;
        }
        r
    };
    debug_assert!(p < 128 && (1..128).contains(&s));
    (p * RECIPROCALS[s as usize]) >> 16
}

/// The bit operations of the hot routines, on a `u64` (a box that fits, see
/// [`Bits::narrow`]) or a `u128`.
pub(super) trait Word:
    Copy
    + Ord
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
{
    const ZERO: Self;
    const BITS: u32;
    /// The lowest set bit alone.
    fn lowest(self) -> Self;
    fn trailing(self) -> u32;
    fn leading(self) -> u32;
    fn reverse(self) -> Self;
    /// The low `k` bits (`k <= BITS`).
    fn low(k: u32) -> Self;
    /// Bits `at..` masked by `mask`, as an index (0 from `at >= BITS` on).
    fn field(self, at: u32, mask: u32) -> usize;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: $t = 0;
            const BITS: u32 = <$t>::BITS;
            #[inline]
            fn lowest(self) -> $t {
                self & self.wrapping_neg()
            }
            #[inline]
            fn trailing(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline]
            fn leading(self) -> u32 {
                self.leading_zeros()
            }
            #[inline]
            fn reverse(self) -> $t {
                self.reverse_bits()
            }
            #[inline]
            fn low(k: u32) -> $t {
                if k >= <$t>::BITS {
                    <$t>::MAX
                } else {
                    (1 << k) - 1
                }
            }
            #[inline]
            fn field(self, at: u32, mask: u32) -> usize {
                if at < <$t>::BITS {
                    (self >> at) as usize & mask as usize
                } else {
                    0
                }
            }
        }
    };
}
word!(u64);
word!(u128);

/// [`Bits::tight`] on a word: `cells` in a box of stride `s` and `bw` columns, to
/// (cells, columns, rows) of their own box.
#[inline]
pub(super) fn tight_in<W: Word>(cells: W, s: u32, bw: u32) -> (W, u32, u32) {
    let (first, last) = (cells.trailing(), W::BITS - 1 - cells.leading());
    let (r0, r1) = (row_of(first, s), row_of(last, s));
    let h = r1 - r0 + 1;
    let cells = cells >> (r0 * s);
    // The columns used: the rows folded onto the first, 1, 2, 4, ... at a time.
    let mut cols = cells;
    let mut k = 1;
    while k < h {
        cols = cols | cols >> (k * s);
        k *= 2;
    }
    cols = cols & W::low(bw);
    let c0 = cols.trailing();
    let w = W::BITS - cols.leading() - c0;
    if w == bw {
        return (cells, w, h);
    }
    let (mask, t) = (W::low(w), w + 1);
    let mut out = W::ZERO;
    for r in 0..h {
        out = out | (cells >> (r * s + c0) & mask) << (r * t);
    }
    (out, w, h)
}

/// [`Bits::flip_key`] on a word: `a` in a box of stride `s` and `h` rows.
#[inline]
pub(super) fn flip_in<W: Word>(a: W, s: u32, h: u32) -> W {
    let n = h * s;
    if n == 0 {
        return a;
    }
    // The half turn: bit p goes to n - 1 - p (column c to w - c, then one back to
    // w - 1 - c).
    let half = |x: W| (x.reverse() >> (W::BITS - n)) >> 1;
    // The rows in reverse order.
    let mask = W::low(s);
    let mut c = W::ZERO;
    for r in 0..h {
        c = c | (a >> (r * s) & mask) << ((h - 1 - r) * s);
    }
    a.min(half(a)).min(c).min(half(c))
}

/// [`Bits::fill`] on a word.
#[inline]
pub(super) fn fill_in<W: Word>(cells: W, s: u32) -> W {
    let mut part = cells.lowest();
    loop {
        let grown = (part | part << 1 | part >> 1 | part << s | part >> s) & cells;
        if grown == part {
            return part;
        }
        part = grown;
    }
}

#[cfg(test)]
mod tests {
    use super::row_of;

    #[test]
    fn rows_by_multiply() {
        for s in 1..128 {
            for p in 0..128 {
                assert_eq!(row_of(p, s), p / s, "{p} / {s}");
            }
        }
    }
}

//! Boards of at most 128 bits ([`Bits`]): the empty cells of a board in its bounding box
//! of `w` columns and `h` rows, cell `(r, c)` at bit `r * (w + 1) + c`. Each row has one
//! padding bit after its last column, always clear, so a shift by one never carries a
//! cell into the next row: the horizontal pairs of a board are `cells & cells >> 1`, the
//! vertical ones `cells & cells >> (w + 1)`. The domino games' bitboard solver
//! (`crate::solving::grid`) reads boards so; the general [`Shape`](super::Shape) stays
//! the model of every other position.

use smallvec::SmallVec;

use super::bit_words::{Word, fill_in, flip_in, row_of, tight_in};

/// A board in its bounding box (see the module notes): `h * (w + 1) <= 128` and
/// `w <= 126` (so no shift is by 128 bits or more).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Bits {
    /// The empty cells, bit `r * (w + 1) + c`.
    pub cells: u128,
    /// Columns.
    pub w: u8,
    /// Rows.
    pub h: u8,
}

impl std::hash::Hash for Bits {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.cells as u64);
        state.write_u64((self.cells >> 64) as u64 ^ (self.w as u64) << 56 ^ (self.h as u64) << 48);
    }
}

/// The parts a board splits into (most boards have few).
pub type Parts = SmallVec<[Bits; 8]>;

/// One bit per byte of `x` (little-endian), set where the byte is `c`: a zero byte of
/// `x ^ c...c` found without carries between bytes, its high bits then gathered by a
/// multiply (no two products of the gather overlap, so none carries).
#[inline]
fn bytes_equal(x: u64, c: u8) -> u8 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let t = x ^ (0x0101_0101_0101_0101 * c as u64);
    let zero = !(((t & LOW7) + LOW7) | t) & !LOW7;
    ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

impl Bits {
    /// The board without cells.
    pub const EMPTY: Bits = Bits {
        cells: 0,
        w: 0,
        h: 0,
    };

    /// Bits from one cell to the one below it.
    #[inline]
    pub fn stride(self) -> u32 {
        self.w as u32 + 1
    }

    /// The board of `cells` (`(row, column)`, any order, each once), or `None` if its
    /// bounding box does not fit in 128 bits with the padding (or a cell is repeated).
    pub fn from_cells(cells: &[(i32, i32)]) -> Option<Bits> {
        if cells.is_empty() {
            return Some(Bits::EMPTY);
        }
        let (mut r0, mut c0, mut r1, mut c1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for &(r, c) in cells {
            r0 = r0.min(r);
            c0 = c0.min(c);
            r1 = r1.max(r);
            c1 = c1.max(c);
        }
        let (w, h) = (c1 as i64 - c0 as i64 + 1, r1 as i64 - r0 as i64 + 1);
        // A stride of 128 bits would shift by the width of the word: 126 columns at most.
        if w > 126 || (w + 1) * h > 128 {
            return None;
        }
        let s = w + 1;
        let mut bits = 0u128;
        for &(r, c) in cells {
            bits |= 1u128 << ((r as i64 - r0 as i64) * s + (c as i64 - c0 as i64));
        }
        if bits.count_ones() as usize != cells.len() {
            return None;
        }
        Some(Bits {
            cells: bits,
            w: w as u8,
            h: h as u8,
        })
    }

    /// The board written in grid notation (`.|.` is a vertical domino), as
    /// [`super::board::parse`] reads it and [`Bits::parse_grid`]: its smallest rectangle
    /// holding its cells, which a board of [`Bits::components`] or
    /// [`Bits::parse_grid`] is; `0` for the board without cells.
    pub fn grid_text(self) -> String {
        let mut text = Vec::new();
        self.write_grid(&mut text);
        String::from_utf8(text).expect("ASCII")
    }

    /// Appends [`Bits::grid_text`] to `out`.
    pub fn write_grid(self, out: &mut Vec<u8>) {
        if self.cells == 0 {
            out.extend_from_slice(super::board::EMPTY.as_bytes());
            return;
        }
        let (w, h) = (self.w as usize, self.h as usize);
        let start = out.len();
        out.resize(start + h * (w + 1) - 1, b'#');
        let text = &mut out[start..];
        for r in 1..h {
            text[r * (w + 1) - 1] = b'|';
        }
        // Bit r * (w + 1) + c is the text's byte at the same place.
        for p in ones(self.cells) {
            text[p as usize] = b'.';
        }
    }

    /// A board in grid notation (`.` an empty cell, `#` a filled one, `|` between rows of
    /// one length) cut down to the smallest rectangle holding its empty cells, as
    /// [`super::board::parse`] reads it; `None` if the text is anything else (surrounding
    /// blanks, the empty board `0`, a board without empty cells, a malformed one) or its
    /// rows do not fit in 128 bits with their padding as written.
    pub fn parse_grid(text: &str) -> Option<Bits> {
        let bytes = text.as_bytes();
        // Byte i of the text is bit i of the board: each `|` sits where a row's padding
        // bit does. The text is read 8 bytes at a time into one mask per character.
        let n = bytes.len();
        if n == 0 || n > 127 {
            return None;
        }
        let (mut cells, mut filled, mut bars) = (0u128, 0u128, 0u128);
        for (k, chunk) in bytes.chunks(8).enumerate() {
            // A whole chunk is one load; the last, shorter one is put together byte by
            // byte (a copy into a zeroed word called memcpy and stalled its load).
            let x = match <[u8; 8]>::try_from(chunk) {
                Ok(word) => u64::from_le_bytes(word),
                Err(_) => chunk
                    .iter()
                    .rev()
                    .fold(0u64, |x, &byte| x << 8 | byte as u64),
            };
            let at = 8 * k as u32;
            cells |= (bytes_equal(x, b'.') as u128) << at;
            filled |= (bytes_equal(x, b'#') as u128) << at;
            bars |= (bytes_equal(x, b'|') as u128) << at;
        }
        // Rows of w bytes and a `|` after each but the last, nothing else.
        let w = if bars == 0 {
            n
        } else {
            bars.trailing_zeros() as usize
        };
        if w == 0 || w > 126 || !(n + 1).is_multiple_of(w + 1) || cells == 0 {
            return None;
        }
        let h = (n + 1) / (w + 1);
        let mut rows = 0u128;
        for r in 1..h {
            rows |= 1u128 << (r * (w + 1) - 1);
        }
        if bars != rows || (cells | filled | bars) != u128::low(n as u32) {
            return None;
        }
        let full = Bits {
            cells,
            w: w as u8,
            h: h as u8,
        };
        Some(full.tight(cells))
    }

    /// The cells, `(row, column)`, in reading order.
    pub fn to_cells(self) -> Vec<(i32, i32)> {
        let s = self.stride();
        ones(self.cells)
            .map(|p| ((p / s) as i32, (p % s) as i32))
            .collect()
    }

    /// The number of empty cells.
    #[inline]
    pub fn count(self) -> u32 {
        self.cells.count_ones()
    }

    /// Bit `p` set where cells `p` and `p + stride` (the one below) are both empty.
    #[inline]
    pub fn vertical_pairs(self) -> u128 {
        self.cells & self.cells >> self.stride()
    }

    /// Bit `p` set where cells `p` and `p + 1` (the one to the right) are both empty.
    #[inline]
    pub fn horizontal_pairs(self) -> u128 {
        self.cells & self.cells >> 1
    }

    /// The same box with only the cells of `cells` (a subset of this board's).
    #[inline]
    pub fn with_cells(self, cells: u128) -> Bits {
        Bits { cells, ..self }
    }

    /// Whether the box fits in 64 bits with its padding: the bit routines then work on
    /// a `u64` (one instruction a shift, where a `u128` shift by a variable amount
    /// takes several). Every part of at most 13 cells does.
    #[inline]
    pub(super) fn narrow(self) -> bool {
        self.h as u32 * self.stride() <= 64
    }

    /// The cells of `cells` (in this board's box) cut down to their own bounding box.
    #[inline]
    pub(super) fn tight(self, cells: u128) -> Bits {
        let (s, w) = (self.stride(), self.w as u32);
        let (cells, w, h) = if self.narrow() {
            let (c, w, h) = tight_in(cells as u64, s, w);
            (c as u128, w, h)
        } else {
            tight_in(cells, s, w)
        };
        Bits {
            cells,
            w: w as u8,
            h: h as u8,
        }
    }

    /// The part of `cells` (a non-empty subset of this board's, in its box) holding
    /// its first cell: grown from it a side at a time within `cells`.
    #[inline]
    pub(super) fn fill(self, cells: u128) -> u128 {
        if self.narrow() {
            fill_in(cells as u64, self.stride()) as u128
        } else {
            fill_in(cells, self.stride())
        }
    }

    /// Whether the board is one part (cells joined by a side), of one or more cells.
    #[inline]
    pub fn connected(self) -> bool {
        self.cells != 0 && self.fill(self.cells) == self.cells
    }

    /// The connected parts of the board (cells joined by a side), each in its own
    /// bounding box, in order of their first cell.
    pub fn components(self) -> Parts {
        self.parts().collect()
    }

    /// [`Bits::components`] one by one, each found when asked for.
    #[inline]
    pub fn parts(self) -> Components {
        Components {
            board: self,
            rest: self.cells,
        }
    }

    /// The least of the board's images under the reflections in both axes and the half
    /// turn (the symmetries that keep a Domineering value): two boards have equal keys
    /// exactly when one is an image of the other.
    #[inline]
    pub fn flip_key(self) -> Bits {
        let (s, h) = (self.stride(), self.h as u32);
        self.with_cells(if self.narrow() {
            flip_in(self.cells as u64, s, h) as u128
        } else {
            flip_in(self.cells, s, h)
        })
    }

    /// The board reflected in its main diagonal (rows become columns), or `None` if that
    /// box does not fit in 128 bits.
    pub fn transpose(self) -> Option<Bits> {
        let (w, h) = (self.h as u32, self.w as u32);
        if w > 126 || (w + 1) * h > 128 {
            return None;
        }
        let (s, t) = (self.stride(), w + 1);
        let mut out = 0u128;
        for p in ones(self.cells) {
            let r = row_of(p, s);
            out |= 1u128 << ((p - r * s) * t + r);
        }
        Some(Bits {
            cells: out,
            w: w as u8,
            h: h as u8,
        })
    }
}

/// The connected parts of a board, one by one ([`Bits::parts`]).
pub struct Components {
    board: Bits,
    /// The cells not in a part returned yet.
    rest: u128,
}

impl Iterator for Components {
    type Item = Bits;

    #[inline]
    fn next(&mut self) -> Option<Bits> {
        if self.rest == 0 {
            return None;
        }
        let part = self.board.fill(self.rest);
        self.rest &= !part;
        Some(self.board.tight(part))
    }
}

/// The positions of the set bits of `x`, lowest first.
#[inline]
pub fn ones(mut x: u128) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if x == 0 {
            return None;
        }
        let p = x.trailing_zeros();
        x &= x - 1;
        Some(p)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Bits {
        let mut cells = Vec::new();
        for (r, row) in text.split('|').enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '.' {
                    cells.push((r as i32, c as i32));
                }
            }
        }
        Bits::from_cells(&cells).unwrap()
    }

    #[test]
    fn bytes_equal_marks_each_matching_byte() {
        for x in [0u64, u64::MAX, 0x2E23_7C2E_2E00_FF2E, 0x7C7C_2E2E_2323_2E7C] {
            for c in [b'.', b'#', b'|', 0, 0xFF] {
                let want = (0..8).fold(0u8, |m, i| m | (((x >> (8 * i)) as u8 == c) as u8) << i);
                assert_eq!(bytes_equal(x, c), want, "{x:x} {c}");
            }
        }
    }

    /// Lines that are not a board in grid notation are refused (the general path then
    /// reads them, or says why not), a board with every row present is read.
    #[test]
    fn parse_grid_refuses_what_is_not_a_board() {
        for bad in [
            "", "|", "..|", "|..", "..|.", ".|..", "..||..", "##", "#|#", ".x", "é.", ". .",
            "..|..|.", " ..", "0",
        ] {
            assert_eq!(Bits::parse_grid(bad), None, "{bad:?}");
        }
        let long = ".".repeat(128);
        assert_eq!(Bits::parse_grid(&long), None);
        // A row of 126 cells fits (its stride is 127 bits), of 127 not.
        assert_eq!(Bits::parse_grid(&long[..127]), None);
        assert_eq!(Bits::parse_grid(&long[..126]).map(|b| b.count()), Some(126));
        let b = Bits::parse_grid("#..#|#.##|####").unwrap();
        assert_eq!((b.w, b.h, b.count()), (2, 2, 3));
        assert_eq!(b.grid_text(), "..|.#");
    }

    #[test]
    fn pairs_do_not_wrap_rows() {
        // ..|.. : two horizontal and two vertical pairs.
        let b = board("..|..");
        assert_eq!(b.horizontal_pairs().count_ones(), 2);
        assert_eq!(b.vertical_pairs().count_ones(), 2);
        // .#|#. has none; ...|#.. has two horizontal pairs and one vertical.
        assert_eq!(board(".#|#.").horizontal_pairs(), 0);
        assert_eq!(board(".#|#.").vertical_pairs(), 0);
        assert_eq!(board("...|#..").horizontal_pairs().count_ones(), 3);
        assert_eq!(board("...|#..").vertical_pairs().count_ones(), 2);
    }

    #[test]
    fn components_are_tight() {
        let b = board(".#..|.#.#|##.#|.###");
        let parts = b.components();
        assert_eq!(parts.len(), 3);
        assert_eq!(parts[0], board(".|."));
        assert_eq!(parts[1], board("..|.#|.#"));
        assert_eq!(parts[2], board("."));
    }

    #[test]
    fn images_and_transpose() {
        let l = board("..|.#|.#");
        for image in ["..|#.|#.", ".#|.#|..", "#.|#.|.."] {
            assert_eq!(l.flip_key(), board(image).flip_key(), "{image}");
        }
        assert_ne!(l.flip_key(), board("...|..#").flip_key());
        assert_eq!(l.transpose().unwrap(), board("...|.##"));
        assert_eq!(board(".").transpose().unwrap(), board("."));
        // 8 rows of 15 columns fit (8 * 16 = 128), 15 rows of 8 do not (15 * 9).
        let wide = Bits::from_cells(&[(0, 0), (7, 14)]).unwrap();
        assert_eq!(wide.transpose(), None);
        // A row of 126 cells fits, of 127 not (its stride would be the whole word).
        let row = |n: i32| (0..n).map(|c| (0, c)).collect::<Vec<_>>();
        assert_eq!(Bits::from_cells(&row(126)).unwrap().vertical_pairs(), 0);
        assert_eq!(Bits::from_cells(&row(127)), None);
    }
}

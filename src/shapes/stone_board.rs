//! Boards of at most 128 bits whose cells carry stones ([`StoneBoard`]), for the bitboard
//! path of the games with stones and strips (Clobber on boards, Konane, Toppling
//! Dominoes, Toads and Frogs, Fission). Cells are laid out as [`super::bits::Bits`] lays
//! them out: cell `(r, c)` at bit `r * (w + 1) + c`, one padding bit after each row, so a
//! step east or west never carries a cell into the next row. A cell's label (0 empty,
//! 1 to 3 a stone, as the ruleset's palette numbers them) is held in two bit planes.
//!
//! A board read from a [`Shape`] keeps its cells where they lie; [`StoneBoard::parts`]
//! cuts it into the parts a ruleset sums, each moved to its own bounding box, so two
//! parts equal as boards are the same position (the solver's key).

use smallvec::SmallVec;

use super::shape::Shape;

/// A board with stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StoneBoard {
    /// Columns of the bounding box.
    pub w: u8,
    /// Rows of the bounding box.
    pub h: u8,
    /// The cells of the board.
    pub cells: u128,
    /// Bit 0 of each cell's label.
    pub(super) lo: u128,
    /// Bit 1 of each cell's label.
    pub(super) hi: u128,
}

/// A step on the board: east, west, south, north.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// One column right.
    East,
    /// One column left.
    West,
    /// One row down.
    South,
    /// One row up.
    North,
    /// One row down and one column right.
    SouthEast,
    /// One row down and one column left.
    SouthWest,
    /// One row up and one column right.
    NorthEast,
    /// One row up and one column left.
    NorthWest,
}

impl Step {
    /// The four steps to a side neighbour.
    pub const ALL: [Step; 4] = [Step::East, Step::West, Step::South, Step::North];
    /// The eight steps of a chess queen.
    pub const QUEEN: [Step; 8] = [
        Step::East,
        Step::West,
        Step::South,
        Step::North,
        Step::SouthEast,
        Step::SouthWest,
        Step::NorthEast,
        Step::NorthWest,
    ];
}

impl StoneBoard {
    /// A box of `w` columns and `h` rows without cells, or `None` if it does not fit in
    /// 128 bits with its padding.
    pub(super) fn empty_box(w: u32, h: u32) -> Option<StoneBoard> {
        (w <= 126 && h * (w + 1) <= 128).then_some(StoneBoard {
            w: w as u8,
            h: h as u8,
            cells: 0,
            lo: 0,
            hi: 0,
        })
    }

    /// Adds the cell at `bit`, labelled `l`.
    #[inline]
    pub(super) fn put(&mut self, bit: u32, l: u8) {
        self.cells |= 1 << bit;
        self.set(bit, l);
    }

    /// The board of `s`, a board shape with its cells (`None` for a shape without cells,
    /// a label past 3, or a box past 128 bits with its padding). Only the cells and
    /// labels are read: the rulesets that take this path play on the board's grid.
    pub fn from_shape(s: &Shape) -> Option<StoneBoard> {
        let place = s.place()?;
        if place.is_empty() {
            return Some(StoneBoard {
                w: 0,
                h: 0,
                cells: 0,
                lo: 0,
                hi: 0,
            });
        }
        let r0 = place.iter().map(|c| c.0).min()?;
        let c0 = place.iter().map(|c| c.1).min()?;
        let h = (place.iter().map(|c| c.0).max()? - r0 + 1) as u32;
        let w = (place.iter().map(|c| c.1).max()? - c0 + 1) as u32;
        let mut b = StoneBoard::empty_box(w, h)?;
        for (v, &(r, c)) in place.iter().enumerate() {
            let bit = (r - r0) as u32 * (w + 1) + (c - c0) as u32;
            let l = s.label(v);
            if l > 3 {
                return None;
            }
            b.put(bit, l);
        }
        Some(b)
    }

    /// Bits per row, the padding bit included.
    #[inline]
    pub fn stride(&self) -> u32 {
        self.w as u32 + 1
    }

    /// The label of the cell at `bit`.
    #[inline]
    pub fn label(&self, bit: u32) -> u8 {
        ((self.lo >> bit) & 1) as u8 | (((self.hi >> bit) & 1) as u8) << 1
    }

    /// Sets the label of the cell at `bit`.
    #[inline]
    pub fn set(&mut self, bit: u32, l: u8) {
        let m = 1u128 << bit;
        self.lo = (self.lo & !m) | if l & 1 != 0 { m } else { 0 };
        self.hi = (self.hi & !m) | if l & 2 != 0 { m } else { 0 };
    }

    /// The cells labelled `l`.
    #[inline]
    pub fn with(&self, l: u8) -> u128 {
        let lo = if l & 1 != 0 { self.lo } else { !self.lo };
        let hi = if l & 2 != 0 { self.hi } else { !self.hi };
        self.cells & lo & hi
    }

    /// The cell one `step` from the cell at `bit`, if there is one.
    #[inline]
    pub fn at(&self, bit: u32, step: Step) -> Option<u32> {
        let q = match step {
            Step::East => bit.checked_add(1)?,
            Step::West => bit.checked_sub(1)?,
            Step::South => bit.checked_add(self.stride())?,
            Step::North => bit.checked_sub(self.stride())?,
            Step::SouthEast => bit.checked_add(self.stride() + 1)?,
            Step::SouthWest => bit.checked_add(self.stride() - 1)?,
            Step::NorthEast => bit.checked_sub(self.stride() - 1)?,
            Step::NorthWest => bit.checked_sub(self.stride() + 1)?,
        };
        (q < 128 && self.cells >> q & 1 == 1).then_some(q)
    }

    /// The board with the labels of the listed cells changed.
    #[inline]
    pub fn relabelled(&self, changes: &[(u32, u8)]) -> StoneBoard {
        let mut b = *self;
        for &(bit, l) in changes {
            b.set(bit, l);
        }
        b
    }

    /// The board without the cells of `gone`.
    #[inline]
    pub fn without(&self, gone: u128) -> StoneBoard {
        StoneBoard {
            cells: self.cells & !gone,
            lo: self.lo & !gone,
            hi: self.hi & !gone,
            ..*self
        }
    }

    /// The board with the labels' two bits exchanged: labels 1 and 2 swap places, 0 and
    /// 3 stay (the colours of the two players' stones exchanged).
    #[inline]
    pub fn swapped(&self) -> StoneBoard {
        StoneBoard {
            lo: self.hi,
            hi: self.lo,
            ..*self
        }
    }

    /// The board as one word, if its box holds at most 24 cells: equal words are equal
    /// boards. Never 0. The top byte numbers the box (`BOX_IDS`); below it, a box of at
    /// most 18 bits with its padding holds its three planes side by side, a larger one a
    /// base-5 digit per cell (0 no cell, 1 + its label; 5^24 < 2^56).
    #[inline]
    pub fn word(&self) -> Option<u64> {
        let (w, h) = (self.w as u32, self.h as u32);
        if w == 0 || w * h > 24 {
            return None;
        }
        let top = (BOX_IDS[w as usize][h as usize] as u64) << 56;
        let s = w + 1;
        if s * h <= 18 {
            let m = (1u128 << (s * h)) - 1;
            let (c, l, x) = (self.cells & m, self.lo & m, self.hi & m);
            return Some((c | l << 18 | x << 36) as u64 | top);
        }
        // At most 24 digits: 5^24 < 2^56.
        Some(self.base5() as u64 | top)
    }

    /// The board as two words, if [`StoneBoard::word`] cannot hold it and its box holds
    /// at most 48 cells: equal keys are equal boards. Never 0. The top two bytes are
    /// the columns and rows; below them a box of at most 37 bits with its padding
    /// holds its three planes side by side, a larger one a base-5 digit per cell
    /// (5^48 < 2^112).
    #[inline]
    pub fn wide_word(&self) -> Option<u128> {
        let (w, h) = (self.w as u32, self.h as u32);
        if w == 0 || w * h > 48 {
            return None;
        }
        let top = (w as u128) << 120 | (h as u128) << 112;
        let s = w + 1;
        if s * h <= 37 {
            return Some(self.cells | self.lo << 37 | self.hi << 74 | top);
        }
        Some(self.base5() | top)
    }

    /// The board as a number with a base-5 digit per cell of its box (0 no cell, 1 + its
    /// label), the first cell the lowest digit: below 5^(w*h).
    fn base5(&self) -> u128 {
        let (w, h, s) = (self.w as u32, self.h as u32, self.stride());
        let mut code = 0u128;
        for r in (0..h).rev() {
            for c in (0..w).rev() {
                let bit = r * s + c;
                let d = match self.cells >> bit & 1 {
                    1 => 1 + self.label(bit) as u128,
                    _ => 0,
                };
                code = code * 5 + d;
            }
        }
        code
    }

    /// The parts of the board: the cells of `join` grown side by side (along rows only
    /// if `rows_only`; corner to corner too if `diagonals`), each in its own bounding
    /// box, in order of their first cell. Cells outside `join` are in no part. (A step
    /// across a row's end lands on a padding bit, which no part holds.)
    pub fn parts(&self, join: u128, rows_only: bool, diagonals: bool) -> SmallVec<[StoneBoard; 8]> {
        let s = self.stride();
        let mut rest = join & self.cells;
        let mut out = SmallVec::new();
        while rest != 0 {
            let mut part = rest & rest.wrapping_neg();
            loop {
                let mut grown = part | part << 1 | part >> 1;
                if !rows_only {
                    grown |= part << s | part >> s;
                }
                if diagonals {
                    grown |= part << (s + 1) | part >> (s + 1) | part << (s - 1) | part >> (s - 1);
                }
                grown &= rest;
                if grown == part {
                    break;
                }
                part = grown;
            }
            rest &= !part;
            out.push(self.tight(part));
        }
        out
    }

    /// The cells of `mask` with their labels, moved to their own bounding box.
    fn tight(&self, mask: u128) -> StoneBoard {
        let s = self.stride();
        let first = mask.trailing_zeros();
        let last = 127 - mask.leading_zeros();
        let (r0, r1) = (first / s, last / s);
        let row = (1u128 << self.w) - 1;
        let mut cols = 0u128;
        for r in r0..=r1 {
            cols |= (mask >> (r * s)) & row;
        }
        let c0 = cols.trailing_zeros();
        let w = 128 - cols.leading_zeros() - c0;
        let keep = (1u128 << w) - 1;
        let mut b = StoneBoard {
            w: w as u8,
            h: (r1 - r0 + 1) as u8,
            cells: 0,
            lo: 0,
            hi: 0,
        };
        for r in r0..=r1 {
            let from = r * s + c0;
            let to = (r - r0) * (w + 1);
            b.cells |= ((mask >> from) & keep) << to;
            b.lo |= (((self.lo & mask) >> from) & keep) << to;
            b.hi |= (((self.hi & mask) >> from) & keep) << to;
        }
        b
    }
}

/// A number from 1 for each box of `w` columns and `h` rows holding at most 24 cells
/// ([`StoneBoard::word`]): 84 boxes, so it fits in the word's top byte.
const BOX_IDS: [[u8; 25]; 25] = {
    let mut ids = [[0u8; 25]; 25];
    let mut next = 1u8;
    let mut w = 1;
    while w <= 24 {
        let mut h = 1;
        while w * h <= 24 {
            ids[w][h] = next;
            next += 1;
            h += 1;
        }
        w += 1;
    }
    ids
};

/// The positions of the set bits of `x`, lowest first.
pub fn bits_of(mut x: u128) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if x == 0 {
            return None;
        }
        let b = x.trailing_zeros();
        x &= x - 1;
        Some(b)
    })
}

/// A xorshift generator of random words from `seed` (not 0), for the tests of the stone
/// board modules.
#[cfg(test)]
pub(super) fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// The board of a box with the cells of `present` (a bit per cell, reading order)
    /// labelled by `labels` (two bits per cell).
    fn board(w: u32, h: u32, present: u64, labels: u64) -> StoneBoard {
        let mut b = StoneBoard {
            w: w as u8,
            h: h as u8,
            cells: 0,
            lo: 0,
            hi: 0,
        };
        for i in 0..w * h {
            if present >> i & 1 == 1 {
                let bit = (i / w) * (w + 1) + i % w;
                b.put(bit, (labels >> (2 * i) & 3) as u8);
            }
        }
        b
    }

    /// Two boards share a word only if they are the same board: every board of every box
    /// of at most 6 cells, and random ones of boxes up to 24 cells (both encodings).
    #[test]
    fn words_are_one_to_one() {
        let mut seen: HashMap<u64, StoneBoard> = HashMap::new();
        let mut check = |b: StoneBoard| {
            let w = b.word().expect("a box of at most 24 cells");
            assert_ne!(w, 0);
            if let Some(old) = seen.insert(w, b) {
                assert_eq!(old, b, "word {w:x}");
            }
        };
        for w in 1..=6u32 {
            for h in 1..=6 / w {
                let n = w * h;
                for present in 0..1u64 << n {
                    for labels in 0..1u64 << (2 * n) {
                        // Labels only on present cells (one labelling of the others).
                        if labels & !spread(present) == 0 {
                            check(board(w, h, present, labels));
                        }
                    }
                }
            }
        }
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15u64);
        for (w, h) in [
            (17, 1),
            (9, 2),
            (6, 3),
            (5, 4),
            (4, 5),
            (4, 6),
            (3, 8),
            (24, 1),
            (12, 2),
        ] {
            for _ in 0..20_000 {
                let n = w * h;
                let present = next() & ((1u64 << n) - 1);
                let labels = next() & spread(present);
                check(board(w, h, present, labels));
            }
        }
    }

    /// Wide keys: boxes past 24 cells (either encoding) and boards of small boxes too;
    /// every change of one cell (its label, or the cell taken away) changes the key, and
    /// no two boards of many random ones share one.
    #[test]
    fn wide_words_are_one_to_one() {
        let mut seen: HashMap<u128, StoneBoard> = HashMap::new();
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15u64);
        for (w, h) in [
            (5, 5),
            (6, 5),
            (5, 6),
            (6, 6),
            (8, 6),
            (4, 9),
            (3, 12),
            (24, 2),
            (48, 1),
            (1, 48),
            (2, 3),
            (1, 1),
        ] {
            assert!(StoneBoard::empty_box(w, h).is_some());
            for _ in 0..5_000 {
                let mut b = StoneBoard::empty_box(w, h).expect("fits");
                for i in 0..w * h {
                    if !next().is_multiple_of(5) {
                        b.put((i / w) * (w + 1) + i % w, (next() % 4) as u8);
                    }
                }
                let key = b.wide_word().expect("at most 48 cells");
                assert_ne!(key, 0);
                if let Some(old) = seen.insert(key, b) {
                    assert_eq!(old, b, "key {key:x}");
                }
                for bit in bits_of(b.cells) {
                    assert_ne!(b.without(1 << bit).wide_word(), Some(key));
                    let l = b.label(bit);
                    assert_ne!(b.relabelled(&[(bit, (l + 1) % 4)]).wide_word(), Some(key));
                }
            }
        }
        assert_eq!(StoneBoard::empty_box(7, 7).expect("fits").wide_word(), None);
    }

    /// Two bits for each bit of `x`.
    fn spread(x: u64) -> u64 {
        (0..32).fold(0, |acc, i| acc | ((x >> i & 1) * 3) << (2 * i))
    }

    #[test]
    fn parts_are_tight_and_keep_their_labels() {
        // x#o over ##. : x and o apart, the empty cell below o.
        let b = board(3, 2, 0b100_101, 0b10_0001);
        let stones = b.cells & !b.with(0);
        let parts = b.parts(stones, false, false);
        assert_eq!(parts.len(), 2);
        assert!(parts.iter().all(|p| (p.w, p.h) == (1, 1)));
        assert_eq!((parts[0].label(0), parts[1].label(0)), (1, 2));
        // Every cell joining: the o and the empty cell below it are one part, 1 x 2.
        let parts = b.parts(b.cells, false, false);
        assert_eq!(parts.len(), 2);
        assert_eq!((parts[1].w, parts[1].h), (1, 2));
        assert_eq!((parts[1].label(0), parts[1].label(2)), (2, 0));
        assert_eq!(b.swapped().swapped(), b);
        assert_eq!(b.swapped().label(0), 2);
        assert_eq!(b.reflected().reflected(), b);
        assert_eq!(b.transposed().unwrap().transposed().unwrap(), b);
    }
}

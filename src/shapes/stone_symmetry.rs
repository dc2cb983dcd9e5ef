//! The symmetries of a [`StoneBoard`]: its images under the eight symmetries of the
//! square, each made by whole-plane bit operations (a half turn is one bit reversal of
//! each plane; one transpose gives the four turned images), and the least of them, by
//! which a ruleset may key a part (Fission).

use super::stone_board::{StoneBoard, bits_of};

impl StoneBoard {
    /// The board with `f` applied to each of its three planes (cells and labels), in a
    /// box of `w` columns and `h` rows.
    #[inline]
    fn planes(&self, w: u32, h: u32, f: impl Fn(u128) -> u128) -> StoneBoard {
        StoneBoard {
            w: w as u8,
            h: h as u8,
            cells: f(self.cells),
            lo: f(self.lo),
            hi: f(self.hi),
        }
    }

    /// The board turned half a turn (read backwards: its last cell first). One bit
    /// reversal of each plane: cell `(r, c)` at `r*s + c` goes to
    /// `127 - r*s - c`, then down to `(h-1-r)*s + (w-1-c)`.
    #[inline]
    pub fn half_turned(&self) -> StoneBoard {
        let (w, h) = (self.w as u32, self.h as u32);
        if w == 0 {
            return *self;
        }
        let down = 129 - h * (w + 1);
        self.planes(w, h, |x| x.reverse_bits() >> down)
    }

    /// The board upside down (its rows in the other order).
    #[inline]
    pub fn upside_down(&self) -> StoneBoard {
        let (w, h) = (self.w as u32, self.h as u32);
        let s = w + 1;
        let row = (1u128 << s) - 1;
        self.planes(w, h, |x| {
            let mut out = 0;
            for r in 0..h {
                out |= ((x >> (r * s)) & row) << ((h - 1 - r) * s);
            }
            out
        })
    }

    /// The board reflected left to right (each row read backwards).
    #[inline]
    pub fn reflected(&self) -> StoneBoard {
        self.half_turned().upside_down()
    }

    /// The least of the images of the board under the eight symmetries of the square, and
    /// whether that least image negates the value: it is a transposed image and
    /// `transpose_negates` (Fission, where a transpose exchanges the players). Images
    /// whose box would pass 128 bits are left out. Boards are compared as (columns, rows,
    /// cells, planes). Only the images of the fewest columns can be least: a box wider
    /// than high looks at the transposed images alone, if they fit; a square box at all
    /// eight (the transposed ones are the four images of one transpose).
    pub fn least_image(&self, transpose_negates: bool) -> (StoneBoard, bool) {
        let key = |b: &StoneBoard| (b.w, b.h, b.cells, b.lo, b.hi);
        let least = |b: StoneBoard| {
            let u = b.upside_down();
            let t = b.half_turned();
            let r = t.upside_down();
            [b, u, t, r]
                .into_iter()
                .min_by_key(key)
                .expect("four images")
        };
        if self.w < self.h {
            return (least(*self), false);
        }
        let Some(t) = self.transposed() else {
            return (least(*self), false);
        };
        let turned = least(t);
        if self.w > self.h {
            return (turned, transpose_negates);
        }
        let own = least(*self);
        match key(&turned) < key(&own) {
            true => (turned, transpose_negates),
            false => (own, false),
        }
    }

    /// The board reflected in its main diagonal (rows become columns), or `None` if that
    /// box does not fit in 128 bits.
    pub fn transposed(&self) -> Option<StoneBoard> {
        let (w, h) = (self.w as u32, self.h as u32);
        StoneBoard::empty_box(h, w)?;
        let s = w + 1;
        let row = (1u128 << w) - 1;
        Some(self.planes(h, w, |x| {
            let mut out = 0;
            for r in 0..h {
                for c in bits_of((x >> (r * s)) & row) {
                    out |= 1 << (c * (h + 1) + r);
                }
            }
            out
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shapes::stone_board::xorshift;

    /// The image of `b` under the symmetry of the square sending cell `(r, c)` of an
    /// `h` x `w` box to `f(r, c, h, w)`, cell by cell (the reference for the word-level
    /// maps).
    fn image(b: &StoneBoard, f: fn(u32, u32, u32, u32) -> (u32, u32), turns: bool) -> StoneBoard {
        let (w, h) = (b.w as u32, b.h as u32);
        let (w2, h2) = if turns { (h, w) } else { (w, h) };
        let mut out = StoneBoard::empty_box(w2, h2).expect("fits");
        for bit in bits_of(b.cells) {
            let (r, c) = f(bit / (w + 1), bit % (w + 1), h, w);
            out.put(r * (w2 + 1) + c, b.label(bit));
        }
        out
    }

    /// The least image under the eight symmetries equals the least of the eight images
    /// made cell by cell, with its negation when a transposed image is least; on random
    /// boards of every box of up to 5 x 5 cells and of long strips.
    #[test]
    fn least_image_is_the_least_of_the_eight_images() {
        type Map = fn(u32, u32, u32, u32) -> (u32, u32);
        let maps: [(Map, bool); 8] = [
            (|r, c, _, _| (r, c), false),
            (|r, c, _, w| (r, w - 1 - c), false),
            (|r, c, h, _| (h - 1 - r, c), false),
            (|r, c, h, w| (h - 1 - r, w - 1 - c), false),
            (|r, c, _, _| (c, r), true),
            (|r, c, h, _| (c, h - 1 - r), true),
            (|r, c, _, w| (w - 1 - c, r), true),
            (|r, c, h, w| (w - 1 - c, h - 1 - r), true),
        ];
        let mut next = xorshift(0x2545_F491_4F6C_DD1Du64);
        let boxes = (1..=5).flat_map(|w| (1..=5).map(move |h| (w, h)));
        for (w, h) in boxes.chain([(40, 1), (1, 40), (20, 2), (2, 20), (63, 2)]) {
            for _ in 0..500 {
                let n = w * h;
                let mut b = StoneBoard::empty_box(w, h).expect("fits");
                for i in 0..n {
                    if !next().is_multiple_of(4) {
                        b.put((i / w) * (w + 1) + i % w, (next() % 4) as u8);
                    }
                }
                let key = |b: &StoneBoard| (b.w, b.h, b.cells, b.lo, b.hi);
                let images: Vec<(StoneBoard, bool)> = maps
                    .iter()
                    .filter(|(_, turns)| !turns || StoneBoard::empty_box(h, w).is_some())
                    .map(|&(f, turns)| (image(&b, f, turns), turns))
                    .collect();
                let least = images
                    .iter()
                    .map(|(b, _)| key(b))
                    .min()
                    .expect("the identity");
                // Whether the least image is reached by a transpose, by a map without
                // one, or both (then either may key it).
                let by = |t: bool| {
                    images
                        .iter()
                        .any(|(b, turns)| key(b) == least && *turns == t)
                };
                for negates in [false, true] {
                    let (got, neg) = b.least_image(negates);
                    assert_eq!(key(&got), least, "{w} x {h}: {b:?}");
                    if by(true) != by(false) {
                        assert_eq!(neg, negates && by(true), "{w} x {h}: {b:?}");
                    }
                }
                assert_eq!(b.reflected(), image(&b, maps[1].0, false));
                assert_eq!(b.half_turned(), image(&b, maps[3].0, false));
            }
        }
    }
}

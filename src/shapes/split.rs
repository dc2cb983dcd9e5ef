//! The moves of the domino games split a connected board: [`Bits::split_without`] gives
//! the parts of two or more cells a board leaves when a domino is removed, mostly
//! without a flood fill. A path between two cells that went through the domino entered
//! and left it at its neighbours; so if the domino's empty neighbours are joined through
//! the ring of ten cells around it, the board left is connected (one table lookup,
//! [`RING`]). Cells left with no empty neighbour are single cells (a domino game's value
//! 0) and are dropped first; the rest is split by one flood fill and the ring again when
//! that is not enough.

use super::bit_words::{Word, fill_in, tight_in};
use super::bits::Bits;

impl Bits {
    /// Calls `each` with the parts of two or more cells, each cut to its bounding box,
    /// that this board (connected, of two or more cells) leaves when the domino on cell
    /// `p` and the cell to its right (below it if `vertical`) is removed; the single
    /// cells it leaves are left out. The order of the parts is not fixed. Stops at the
    /// first error of `each`.
    #[inline]
    pub fn split_without<E>(
        self,
        p: u32,
        vertical: bool,
        each: impl FnMut(Bits) -> Result<(), E>,
    ) -> Result<(), E> {
        if self.narrow() {
            split_in(self, self.cells as u64, p, vertical, each)
        } else {
            split_in(self, self.cells, p, vertical, each)
        }
    }
}

/// [`Bits::split_without`] on a word holding `board`'s cells.
#[inline]
fn split_in<W: Word, E>(
    board: Bits,
    cells: W,
    p: u32,
    vertical: bool,
    mut each: impl FnMut(Bits) -> Result<(), E>,
) -> Result<(), E>
where
    u128: From<W>,
{
    let (s, bw) = (board.stride(), board.w as u32);
    let one = W::low(1);
    let domino = if vertical {
        one << p | one << (p + s)
    } else {
        W::low(2) << p
    };
    let after = cells & !domino;
    // Cells with no empty neighbour left: next to the domino (the board was connected),
    // each a part of its own.
    let alone = after & !(after << 1 | after >> 1 | after << s | after >> s);
    let rest = after & !alone;
    if rest == W::ZERO {
        return Ok(());
    }
    let tight = |cells: W| {
        let (cells, w, h) = tight_in(cells, s, bw);
        Bits {
            cells: u128::from(cells),
            w: w as u8,
            h: h as u8,
        }
    };
    if joined(rest, p, s, vertical) {
        return each(tight(rest));
    }
    // One part by flood fill; what is left may be one part too, which the ring shows:
    // the parts of the board left each hold neighbours of the domino.
    let part = fill_in(rest, s);
    each(tight(part))?;
    let left = rest & !part;
    if left == W::ZERO {
        return Ok(());
    }
    if joined(left, p, s, vertical) {
        return each(tight(left));
    }
    for part in board.with_cells(u128::from(left)).parts() {
        each(part)?;
    }
    Ok(())
}

/// Whether the cells of `cells` next to the domino at `p` (stride `s`) are all joined
/// through the ring of cells round it that `cells` holds; false if there are none.
#[inline]
fn joined<W: Word>(cells: W, p: u32, s: u32, vertical: bool) -> bool {
    // Bit q of the board is bit q + 1 of `x` (the word's top bit is padding or outside
    // the box, always clear), so the cell before `p` is read by a shift of `p`.
    let x = cells << 1;
    let above = if p >= s { x.field(p - s, 0xF) } else { 0 };
    let index = if vertical {
        (above & 0b111)
            | x.field(p, 0b101) << 3
            | x.field(p + s, 0b101) << 6
            | x.field(p + 2 * s, 0b111) << 9
    } else {
        above | x.field(p, 0b1001) << 4 | x.field(p + s, 0xF) << 8
    };
    let table = if vertical {
        &RING.vertical
    } else {
        &RING.horizontal
    };
    table[index >> 6] >> (index & 63) & 1 == 1
}

/// For each way the ten cells around a domino can be empty, whether the domino's empty
/// neighbours are all joined through them ([`joined`]): one bit per index, the index
/// read as that function reads the cells (see `layout` in [`ring_table`]).
struct Ring {
    horizontal: [u64; 64],
    vertical: [u64; 64],
}

/// The ring of cells around a domino in cyclic order, each next to the one before:
/// `(row, column)` relative to the domino's first cell, for a horizontal domino (the
/// vertical one is its transpose), and whether the cell is beside the domino (not a
/// corner).
const AROUND: [((i32, i32), bool); 10] = [
    ((-1, -1), false),
    ((-1, 0), true),
    ((-1, 1), true),
    ((-1, 2), false),
    ((0, 2), true),
    ((1, 2), false),
    ((1, 1), true),
    ((1, 0), true),
    ((1, -1), false),
    ((0, -1), true),
];

/// The table of one orientation: `layout[i]` is the cell index bit `i` reads (a cell of
/// [`AROUND`], transposed for a vertical domino), and bits of the index that read no
/// cell are never set.
const fn ring_table(layout: &[(i32, i32); 12], vertical: bool) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut index = 0usize;
    while index < 1 << 12 {
        // The index's cells as ring positions.
        let mut ring = 0u32;
        let mut valid = true;
        let mut i = 0;
        while i < 12 {
            if index >> i & 1 == 1 {
                let mut k = 0;
                let mut found = false;
                while k < 10 {
                    let (r, c) = AROUND[k].0;
                    let cell = if vertical { (c, r) } else { (r, c) };
                    if cell.0 == layout[i].0 && cell.1 == layout[i].1 {
                        ring |= 1 << k;
                        found = true;
                    }
                    k += 1;
                }
                valid &= found;
            }
            i += 1;
        }
        // One run of consecutive empty ring cells holding every empty neighbour.
        let mut beside = 0u32;
        let mut k = 0;
        while k < 10 {
            if AROUND[k].1 {
                beside |= 1 << k;
            }
            k += 1;
        }
        let joined = if !valid || ring & beside == 0 {
            false
        } else if ring == (1 << 10) - 1 {
            true
        } else {
            // Start after a cell that is not empty; count runs with a neighbour.
            let mut start = 0;
            while ring >> start & 1 == 1 {
                start += 1;
            }
            let (mut runs, mut in_run, mut run_has) = (0, false, false);
            let mut j = 1;
            while j <= 10 {
                let k = (start + j) % 10;
                if ring >> k & 1 == 1 {
                    in_run = true;
                    run_has |= beside >> k & 1 == 1;
                } else {
                    if in_run && run_has {
                        runs += 1;
                    }
                    in_run = false;
                    run_has = false;
                }
                j += 1;
            }
            runs == 1
        };
        if joined {
            table[index >> 6] |= 1 << (index & 63);
        }
        index += 1;
    }
    table
}

/// The cells the index of [`joined`] reads, bit by bit; `(9, 9)` for a bit that reads
/// none.
const NONE: (i32, i32) = (9, 9);
static RING: Ring = Ring {
    // Above: columns -1..=2; beside: -1 and 2; below: -1..=2.
    horizontal: ring_table(
        &[
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (-1, 2),
            (0, -1),
            NONE,
            NONE,
            (0, 2),
            (1, -1),
            (1, 0),
            (1, 1),
            (1, 2),
        ],
        false,
    ),
    // Rows -1..=2 of columns -1..=1, the domino's own cells skipped.
    vertical: ring_table(
        &[
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            NONE,
            (0, 1),
            (1, -1),
            NONE,
            (1, 1),
            (2, -1),
            (2, 0),
            (2, 1),
        ],
        true,
    ),
};

//! The exact counting cut-offs of the Domineering outcome-only search
//! ([`super::outcome_search`]) and the board geometry they count on: per player, the
//! moves sure to be made whatever the opponent does against the most moves the opponent
//! can still make, with the proof at [`decide`]; and the places that order moves.

use crate::error::{Error, Result};

/// Most cells of a board's rectangle the bitboard holds.
pub const MAX_CELLS: usize = 128;

/// Left (vertical moves).
pub(crate) const LEFT: usize = 0;
/// Right (horizontal moves).
pub(crate) const RIGHT: usize = 1;

/// One player's counts on a board (P the player, O the opponent), for the cut-offs
/// ([`decide`]): `prot` cells O can never cover (no free neighbour in O's direction; a
/// filled cell stays filled, so they stay so); `safe` disjoint P-moves on such cells
/// (per line, half of each run of them); `most` disjoint P-moves on all free cells (per
/// line, half of each run: P can never make more moves on the board); `areas`
/// ([`Geometry::areas`]); and a *packing* of `v1 + v2` further P-moves, disjoint from
/// each other, from the safe moves and from the areas, with `out` the protected cells in
/// none of them (O can never cover them, P's strategy never plays there). A packed move
/// is of type 1 (`v1`) when every O-move that meets it meets no other packed move, else
/// of type 2 (`v2`); an O-move covers two cells, so it meets at most two packed moves,
/// and when it meets two both are of type 2.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Tally {
    pub(crate) areas: u32,
    pub(crate) prot: u32,
    pub(crate) safe: u32,
    pub(crate) most: u32,
    pub(crate) v1: u32,
    pub(crate) v2: u32,
    pub(crate) out: u32,
}

impl Tally {
    /// Moves of areas and packing P is sure to be credited, moving first (`first`) or
    /// second, by the proof in [`decide`]: `6 areas + 2 v2 + 3 v1` potential units, or
    /// the same strategy counted by phases (areas, then packing; proof below), the
    /// larger.
    #[inline]
    pub(crate) fn packed(&self, first: bool) -> i32 {
        let units = (6 * self.areas + 2 * self.v2 + 3 * self.v1) as i32;
        // O's first move destroys one area (6), at most two type-2 moves (4) or one move
        // (at most 3).
        let drop = if first {
            0
        } else if self.areas > 0 {
            6
        } else if self.v2 >= 2 {
            4
        } else {
            3
        };
        let pooled = ((units - drop).max(0) + 5) / 6;
        // The same strategy counted by phases (its areas first): P plays in at least
        // `a` areas, `ceil(areas / 2)` moving first or `floor(areas / 2)` second (each
        // O-move spoils at most one area), each credited 2 moves; before P's first packed
        // move O has made at most `a` moves (moving first) or `a + 1` (second), each
        // taking at most 4 units of the packing (two type-2 moves, one type-1 move, or
        // an area and at most one packed move beyond its open side, 3); a remnant of an
        // area is not counted. From there on P moves first on what is left, with no
        // intact area: at least `ceil(left / 6)` more by the proof in [`decide`].
        let (a, attacks) = if first {
            (self.areas.div_ceil(2), self.areas.div_ceil(2))
        } else {
            (self.areas / 2, self.areas / 2 + 1)
        };
        let left = (2 * self.v2 + 3 * self.v1) as i32 - 4 * attacks as i32;
        pooled.max(2 * a as i32 + (left.max(0) + 5) / 6)
    }
}

/// Whether counting alone decides `free + offset` with `side` (P) to move: `Some(true)`
/// P wins, `Some(false)` P loses, `None` undecided; `t` the players' [`Tally`]s (for one
/// packing each), `e` the number of free cells. (Bullock's Obsequi and his thesis count
/// protective areas, vulnerable moves and unusable cells in the same spirit; this is our
/// own accounting, proved here.)
///
/// **Proof.** Write `k_P`, `k_O` for the players' moves in the integer beside the board.
/// P's strategy: play in an intact area while there is one (the move on the area's open
/// side, so the other becomes safe); else a packed move, one of type 2 while there is
/// one (a *remnant* of an area, below, counts as type 1); then a safe move; then an
/// integer move. P's moves never destroy another area, packed or safe move (all
/// disjoint); O's never a safe one (protected cells).
///
/// *Potential units*: 6 per intact area, 2 per intact type-2 packed move, 3 per type-1
/// move or remnant. An O-move meets at most one area ([`Geometry::areas`]). Inside the
/// area it removes the area (6) and meets nothing else. Across the open side it destroys
/// P's move on that side, but the wall-side move stays, and every O-move meeting it
/// meets only the area's cells: a remnant of type 1, so the area loses 3, and the other
/// cell of the O-move is in at most one packed move (at most 3 more): at most 6 in all.
/// Else it meets at most two type-2 moves (4) or one move (at most 3; a remnant counts
/// here). So one O-move removes at most 6 units; with no intact area, at most 4; with no
/// area, no type-2 move intact, at most 3. A round (P's move, then O's) thus removes at
/// most 6 units per move credited to P: an area 6 (and P credited 2: its move and the
/// safe move it makes) then at most 6; a type-2 move 2 then at most 4; a type-1 move 3
/// then at most 3. P can move while units are left, so moving first P is credited at
/// least `g_1 = ceil(units / 6)` moves; moving second (O's first move removes at most 6,
/// or 4, or 3) at least `g_2 = ceil((units - 6, 4 or 3) / 6)` ([`Tally::packed`]). So
/// when P is stuck it has made at least `L = safe + g + k_P` moves, `safe + g` of them on
/// the board, inside the areas, the packing and the safe moves.
///
/// O's moves are bounded twice, with P keeping to its strategy.
/// - *Lines*: O's moves are disjoint O-dominoes on cells P never fills. Moving first, P
///   plays in at least `ceil(areas / 2)` areas (each O-move spoils at most one), second
///   in `floor(areas / 2)`; an area P played is four cells O can never use, two at the
///   walled end of each of two O-lines' runs, each of which loses exactly one of its
///   `floor(run / 2)`. So O makes at most `most(O) - 2 ceil(areas(P) / 2) + k_O` moves
///   (P first).
/// - *Cells*: the cells P occupies (at least `2 (safe + g)`), the cells O occupies and
///   the `out` cells are disjoint free cells of today's board, so O makes at most
///   `M_O = k_O + floor((e - out) / 2) - safe - g` moves.
///
/// Then:
/// - P to move, stuck after `a` moves each: `a >= L_1(P)` and `a <=` both bounds. So if
///   `L_1(P)` exceeds either, P is never stuck: **P wins**.
/// - O (moving second) stuck after `a` moves of its own and `a + 1` of P: `a >= L_2(O)`
///   and `a + 1 <=` both bounds on P (O second: `floor(areas(O) / 2)`, `g_2`). So if
///   `L_2(O) >=` either, O is never stuck: **P loses**.
#[inline]
pub(crate) fn decide(t: &[Tally; 2], e: u32, offset: i16, side: usize) -> Option<bool> {
    let k = [offset.max(0) as i32, (-(offset as i32)).max(0)];
    let (p, o) = (side, 1 - side);
    let board_p = t[p].safe as i32 + t[p].packed(true);
    let most_o = t[o].most as i32 - 2 * t[p].areas.div_ceil(2) as i32;
    let high_o = k[o] + most_o.min((e - t[p].out) as i32 / 2 - board_p);
    if board_p + k[p] > high_o {
        return Some(true);
    }
    let board_o = t[o].safe as i32 + t[o].packed(false);
    let most_p = t[p].most as i32 - 2 * (t[o].areas / 2) as i32;
    let high_p = k[p] + most_p.min((e - t[o].out) as i32 / 2 - board_o);
    if board_o + k[o] >= high_p {
        return Some(false);
    }
    None
}

/// The board's geometry: its rectangle and the masks the move generators use.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    pub(crate) w: u32,
    pub(crate) h: u32,
    pub(crate) all: u128,
    pub(crate) not_last_col: u128,
    pub(crate) not_first_col: u128,
    pub(crate) row0: u128,
    /// Cells in an even column; cells in an even row.
    pub(crate) even_col: u128,
    pub(crate) even_row: u128,
}

impl Geometry {
    /// A rectangle of `h` rows and `w` columns (at most [`MAX_CELLS`] cells).
    pub fn new(h: usize, w: usize) -> Result<Geometry> {
        if h == 0 || w == 0 || h * w > MAX_CELLS {
            return Err(Error::Limit(format!(
                "outcome-only search: a board of {h} x {w} cells is past the bitboard's {MAX_CELLS} cells"
            )));
        }
        let (h, w) = (h as u32, w as u32);
        let n = h * w;
        let all = if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        };
        let mut col0 = 0u128;
        for r in 0..h {
            col0 |= 1u128 << (r * w);
        }
        let last = col0 << (w - 1);
        let row0 = if w == 128 {
            u128::MAX
        } else {
            (1u128 << w) - 1
        };
        let (mut even_col, mut even_row) = (0u128, 0u128);
        for c in (0..w).step_by(2) {
            even_col |= col0 << c;
        }
        for r in (0..h).step_by(2) {
            even_row |= row0 << (r * w);
        }
        Ok(Geometry {
            even_col,
            even_row,
            w,
            h,
            all,
            not_last_col: all & !last,
            not_first_col: all & !col0,
            row0,
        })
    }

    /// The bit of cell `(r, c)`.
    pub fn bit(&self, r: usize, c: usize) -> u128 {
        1u128 << (r as u32 * self.w + c as u32)
    }

    /// Every cell.
    pub fn all(&self) -> u128 {
        self.all
    }

    /// Starts (top cells) of Left's vertical moves.
    #[inline]
    pub(crate) fn vertical(&self, free: u128) -> u128 {
        free & (free >> self.w)
    }

    /// Starts (left cells) of Right's horizontal moves.
    #[inline]
    pub(crate) fn horizontal(&self, free: u128) -> u128 {
        free & (free >> 1) & self.not_last_col
    }

    /// Disjoint vertical pairs in `p`: half of each column run, rounded down.
    #[inline]
    pub(crate) fn vertical_pairs(&self, p: u128) -> u32 {
        self.vertical_starts(p).count_ones()
    }

    /// Disjoint horizontal pairs in `p`: half of each row run, rounded down.
    #[inline]
    pub(crate) fn horizontal_pairs(&self, p: u128) -> u32 {
        self.horizontal_starts(p).count_ones()
    }

    /// What the cut-offs count, for both players ([`Tally`]), with the largest packing
    /// per line: after the safe moves, half of each run of the other free cells.
    #[inline]
    pub(crate) fn tally(&self, free: u128) -> [Tally; 2] {
        // Cells the opponent can never cover: no free neighbour in its direction.
        let h_nbr = ((free << 1) & self.not_first_col) | ((free >> 1) & self.not_last_col);
        let v_nbr = ((free << self.w) & self.all) | (free >> self.w);
        let (prot_l, prot_r) = (free & !h_nbr, free & !v_nbr);
        let safe_l = self.vertical_starts(prot_l);
        let safe_r = self.horizontal_starts(prot_r);
        let safe_cells_l = safe_l | safe_l << self.w;
        let safe_cells_r = safe_r | safe_r << 1;
        let (areas_l, area_cells_l) = self.areas(free, LEFT);
        let (areas_r, area_cells_r) = self.areas(free, RIGHT);
        let pack_l = self.vertical_starts(free & !safe_cells_l & !area_cells_l);
        let pack_r = self.horizontal_starts(free & !safe_cells_r & !area_cells_r);
        let cells_l = pack_l | pack_l << self.w;
        let cells_r = pack_r | pack_r << 1;
        // Packed cells next to another packed move in the opponent's direction.
        let near_l = cells_l
            & (((cells_l << 1) & self.not_first_col) | ((cells_l >> 1) & self.not_last_col));
        let near_r = cells_r & (((cells_r << self.w) & self.all) | (cells_r >> self.w));
        let v2_l = (pack_l & (near_l | near_l >> self.w)).count_ones();
        let v2_r = (pack_r & (near_r | near_r >> 1)).count_ones();
        [
            Tally {
                areas: areas_l,
                prot: prot_l.count_ones(),
                safe: safe_l.count_ones(),
                most: self.vertical_pairs(free),
                v1: pack_l.count_ones() - v2_l,
                v2: v2_l,
                out: (prot_l & !safe_cells_l & !cells_l).count_ones(),
            },
            Tally {
                areas: areas_r,
                prot: prot_r.count_ones(),
                safe: safe_r.count_ones(),
                most: self.horizontal_pairs(free),
                v1: pack_r.count_ones() - v2_r,
                v2: v2_r,
                out: (prot_r & !safe_cells_r & !cells_r).count_ones(),
            },
        ]
    }

    /// `side`'s (P's) *areas*: 2x2 blocks of free cells walled (filled or off the board)
    /// across O's direction on at least one side, at both of the block's lines: for P =
    /// Right (horizontal), above both top cells or below both bottom cells. P's two moves
    /// in a block are parallel to the walled side; if P plays the one on the open side,
    /// the other becomes safe (its cells' neighbours in O's direction are a wall and P's
    /// move). The O-moves meeting a block are its two moves inside it and, on an open
    /// side, the two crossing to the *buffer* cells just beyond it. Chosen greedily with
    /// no block in another's block or buffer, so one O-move meets at most one area (the
    /// buffers may hold packed moves; [`decide`] counts that). Their number and cells.
    #[inline]
    pub(crate) fn areas(&self, free: u128, side: usize) -> (u32, u128) {
        let w = self.w;
        let (before, after) = if side == RIGHT {
            // Walls above the top cells, below the bottom ones.
            let top = self.all & !(free << w);
            let bottom = self.all & !(free >> w);
            (top & (top >> 1), (bottom >> w) & (bottom >> (w + 1)))
        } else {
            // Walls left of the left cells, right of the right ones.
            let left = self.all & !((free << 1) & self.not_first_col);
            let right = self.all & !((free >> 1) & self.not_last_col);
            (left & (left >> w), (right >> 1) & (right >> (w + 1)))
        };
        // Top-left corners of 2x2 blocks of free cells, walled on at least one side.
        let block = free & (free >> 1) & self.not_last_col & (free >> w) & (free >> (w + 1));
        let mut cand = block & (before | after);
        let (mut n, mut blocks, mut buffers) = (0, 0u128, 0u128);
        while cand != 0 {
            let b = cand & cand.wrapping_neg();
            cand ^= b;
            let cells = b | b << 1 | b << w | b << (w + 1);
            if cells & (blocks | buffers) != 0 {
                continue;
            }
            // The open side's two cells (none when walled on both sides).
            let buffer = match (before & b != 0, after & b != 0, side) {
                (true, true, _) => 0,
                (true, false, RIGHT) => b << (2 * w) | b << (2 * w + 1),
                (true, false, _) => b << 2 | b << (w + 2),
                (false, _, RIGHT) => b >> w | b >> (w - 1),
                (false, _, _) => b >> 1 | b << (w - 1),
            } & free;
            if buffer & blocks != 0 {
                continue;
            }
            n += 1;
            blocks |= cells;
            buffers |= buffer;
        }
        (n, blocks)
    }

    /// Starts (top cells) of disjoint vertical pairs in `p`: each column run paired from
    /// its top, on all columns at once. A run's pairs start at its cells an even number
    /// of rows below its start; the runs that start in an even row are filled down from
    /// their starts through `p` (a Kogge-Stone fill: after the step of `2^k` rows, a cell
    /// is reached from any start up to `2^(k+1) - 1` rows above it through `p`).
    #[inline]
    pub(crate) fn vertical_starts(&self, p: u128) -> u128 {
        let p = p & self.all;
        let w = self.w;
        let starts = p & !p.checked_shl(w).unwrap_or(0);
        let mut fill = starts & self.even_row;
        let mut through = p;
        let mut step = 1;
        while step < self.h {
            fill |= through & (fill << (step * w));
            through &= through << (step * w);
            step *= 2;
        }
        let phase = (fill & self.even_row) | (p & !fill & !self.even_row);
        phase & p.checked_shr(w).unwrap_or(0)
    }

    /// Starts (left cells) of disjoint horizontal pairs in `p`: each row run paired from
    /// its left end, on all rows at once. A run's pairs start at its cells an even number
    /// of columns from its start. The runs that start in an even column are found by
    /// adding their start bits: the carry runs through each such run, clearing it, and
    /// stops on the cell after it (not in `p`); a run ending in the last column carries
    /// into the next row, so even and odd rows are added apart (the next row's cells are
    /// then not in the sum), and a carry out of the top bit is dropped.
    #[inline]
    pub(crate) fn horizontal_starts(&self, p: u128) -> u128 {
        let p = p & self.all;
        let starts = p & !((p << 1) & self.not_first_col);
        let even_starts = starts & self.even_col;
        let (pe, po) = (p & self.even_row, p & !self.even_row);
        let even_runs = (pe & !pe.wrapping_add(even_starts & self.even_row))
            | (po & !po.wrapping_add(even_starts & !self.even_row));
        let phase = (even_runs & self.even_col) | (p & !even_runs & !self.even_col);
        phase & (p >> 1) & self.not_last_col
    }

    /// Right's most moves and safe moves on `free` (disjoint pairs per row, of all free
    /// cells and of the cells Left can never cover); on the transposed board, Left's.
    #[inline]
    pub(crate) fn row_counts(&self, free: u128) -> (u32, u32) {
        let v_nbr = (free.checked_shl(self.w).unwrap_or(0) & self.all)
            | free.checked_shr(self.w).unwrap_or(0);
        (
            self.horizontal_starts(free).count_ones(),
            self.horizontal_starts(free & !v_nbr).count_ones(),
        )
    }

    /// A set of `side`'s moves, none on a protected cell (one the opponent can never
    /// cover), pairwise disjoint and such that no single opponent move meets two of
    /// them (no two in neighbouring lines with overlapping cells), chosen greedily; its
    /// size. A second packing for [`decide`], all of type 1 and with no areas (it may
    /// overlap them): then `out` is the protected cells less the safe moves'.
    #[inline]
    pub(crate) fn vulnerable(&self, free: u128, side: usize) -> u32 {
        let (moves, step, protected) = if side == LEFT {
            let nbr = ((free << 1) & self.not_first_col) | ((free >> 1) & self.not_last_col);
            (self.vertical(free), self.w, free & !nbr)
        } else {
            let nbr = ((free << self.w) & self.all) | (free >> self.w);
            (self.horizontal(free), 1, free & !nbr)
        };
        // Starts whose two cells are both unprotected.
        let mut cand = moves & !protected & !(protected >> step);
        let mut count = 0;
        while cand != 0 {
            let b = cand & cand.wrapping_neg();
            count += 1;
            // Every start within one row and one column of this one conflicts.
            let mut block = b | (b << self.w) | (b >> self.w);
            block |= (block << 1) | (block >> 1);
            cand &= !block;
        }
        count
    }

    /// The board reflected left to right in its rectangle.
    #[inline]
    pub(crate) fn mirrored(&self, b: u128) -> u128 {
        let mut out = 0u128;
        for r in 0..self.h {
            let row = (b >> (r * self.w)) & self.row0;
            out |= (row.reverse_bits() >> (128 - self.w)) << (r * self.w);
        }
        out
    }

    /// The least of a board's images under the symmetries that keep a Domineering
    /// value: identity, both reflections, the half turn.
    #[inline]
    pub(crate) fn key(&self, b: u128) -> u128 {
        let m = self.mirrored(b);
        b.min(self.half_turn(b)).min(m).min(self.half_turn(m))
    }

    /// The board turned half a turn in its rectangle.
    #[inline]
    pub(crate) fn half_turn(&self, b: u128) -> u128 {
        b.reverse_bits() >> (128 - self.h * self.w)
    }
}

/// A move's place in its player's orientation (line `j` of `lines`, starting at `c` of a
/// line of `len` cells), for move ordering only: lines next to an edge line first, then
/// every other line from there, dominoes on a grid from the ends (a tiling that leaves
/// the player protected cells, as Obsequi's positional values do); the edge lines last.
pub(crate) fn place_value(j: u32, lines: u32, c: u32, len: u32) -> u8 {
    let j = j.min(lines.saturating_sub(1 + j));
    let c = c.min(len.saturating_sub(2 + c));
    let cat = match (j, j % 2, c % 2) {
        (0, _, _) => 0,
        (_, 1, 0) => 4,
        (_, 1, _) => 3,
        (_, _, 0) => 2,
        _ => 1,
    };
    (cat * 50 + 49u32.saturating_sub(j * 6 + c)) as u8
}

/// A small deterministic generator (xorshift64) for the unit tests of the outcome
/// search, so that a failure reproduces.
#[cfg(test)]
pub(super) struct TestRng(pub(super) u64);

#[cfg(test)]
impl TestRng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// 128 random bits, a random subset of a board's cells once masked.
    pub(super) fn bits(&mut self) -> u128 {
        self.next() as u128 | (self.next() as u128) << 64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Greedy pairing of each line's runs from its start, one cell at a time.
    fn naive_starts(g: &Geometry, p: u128, vertical: bool) -> u128 {
        let (lines, len) = if vertical { (g.w, g.h) } else { (g.h, g.w) };
        let mut starts = 0u128;
        for l in 0..lines {
            let bit = |k: u32| {
                if vertical {
                    1u128 << (k * g.w + l)
                } else {
                    1u128 << (l * g.w + k)
                }
            };
            let mut k = 0;
            while k + 1 < len {
                if p & bit(k) != 0 && p & bit(k + 1) != 0 {
                    starts |= bit(k);
                    k += 2;
                } else {
                    k += 1;
                }
            }
        }
        starts
    }

    #[test]
    fn bit_parallel_pairings_agree_with_line_by_line_pairing() {
        let mut rng = TestRng(0x9e37_79b9_7f4a_7c15);
        let sizes = [
            (1, 1),
            (1, 128),
            (128, 1),
            (8, 8),
            (8, 16),
            (16, 8),
            (3, 7),
            (11, 11),
            (5, 2),
        ];
        for &(h, w) in &sizes {
            let g = Geometry::new(h, w).unwrap();
            for round in 0..300 {
                let mut p = rng.bits() & g.all();
                if round % 3 == 0 {
                    p |= rng.bits() & g.all();
                }
                if round == 0 {
                    p = g.all();
                }
                assert_eq!(
                    g.horizontal_starts(p),
                    naive_starts(&g, p, false),
                    "{h}x{w} {p:b}"
                );
                assert_eq!(
                    g.vertical_starts(p),
                    naive_starts(&g, p, true),
                    "{h}x{w} {p:b}"
                );
            }
        }
    }
}

//! An exact outcome-only solver for Domineering on a board of at most 128 cells (its
//! bounding rectangle): "does the player to move win?" by depth-first AND/OR search
//! (negamax over booleans: a node is a win iff some move leads to a loss for the
//! opponent, so every result stored is exact, never a bound), on bitboards.
//!
//! - **Board**: the free cells as one `u128`, bit `r * w + c`; Left's (vertical) moves
//!   are `free & free >> w`, Right's (horizontal) `free & free >> 1` off the last column.
//! - **An integer beside the board**: the position searched is `B + k` with `k` an
//!   integer (from components valued exactly at the root, see
//!   [`super::outcome_only`]); `k > 0` gives Left `k` moves of her own, `k < 0` Right
//!   `-k`. These are searched as moves like any other (no number-avoidance theorem is
//!   relied on).
//! - **Exact cut-offs by counting** (as in Breuker, Uiterwijk & van den Herik, "Solving
//!   8x8 Domineering", TCS 2000: safe moves): a *safe* move of a player is a domino on
//!   two cells neither of which the opponent can ever cover (no free neighbour in the
//!   opponent's direction); disjoint safe moves stay playable whatever happens. `safe(P)`
//!   counts disjoint safe dominoes (per line, half of each run of protected cells, plus
//!   P's side of `k`); `most(P)` bounds the moves P can ever make (per line, half of each
//!   run of free cells, plus P's side of `k`). With P to move: if `safe(P) > most(O)`, P
//!   wins by playing safe moves only (O runs out first); if `safe(O) >= most(P)`, P
//!   loses (O answers every move with a safe one). Both are proofs, not heuristics.
//! - **Transposition table**: a fixed number of buckets (a power of two, given by the
//!   caller) of two entries, one kept by the size of the subtree that computed it, one
//!   always replaced; a position and its half turn (which keeps Domineering values) share
//!   an entry. A full table replaces entries, never changes an answer.
//! - **Move ordering**: moves that take most of the opponent's moves and least of the
//!   mover's own first, then by a history count of moves that won; safe moves last
//!   (they keep).

use crate::error::{Error, Result};

/// Most cells of a board's rectangle the bitboard holds.
pub const MAX_CELLS: usize = 128;

/// Bytes of one table entry.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    board: u128,
    /// Subtree size (nodes) of the search that stored it, saturated.
    work: u32,
    /// The integer beside the board.
    offset: i16,
    /// Bit 0: Left-to-move known, bit 1: its result; bit 2: Right-to-move known, bit 3:
    /// its result; 0: empty slot.
    flags: u8,
}

/// The board's geometry: its rectangle and the masks the move generators use.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    w: u32,
    h: u32,
    all: u128,
    not_last_col: u128,
    not_first_col: u128,
    row0: u128,
    col0: u128,
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
        Ok(Geometry {
            w,
            h,
            all,
            not_last_col: all & !last,
            not_first_col: all & !col0,
            row0,
            col0,
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
    fn vertical(&self, free: u128) -> u128 {
        free & (free >> self.w)
    }

    /// Starts (left cells) of Right's horizontal moves.
    #[inline]
    fn horizontal(&self, free: u128) -> u128 {
        free & (free >> 1) & self.not_last_col
    }

    /// Disjoint vertical pairs in `p`: half of each column run, rounded down.
    #[inline]
    fn vertical_pairs(&self, p: u128) -> u32 {
        let (mut open, mut count) = (0u128, 0u32);
        for r in 0..self.h {
            let row = (p >> (r * self.w)) & self.row0;
            let pairs = open & row;
            count += pairs.count_ones();
            open = row & !pairs;
        }
        count
    }

    /// Disjoint horizontal pairs in `p`: half of each row run, rounded down.
    #[inline]
    fn horizontal_pairs(&self, p: u128) -> u32 {
        let (mut open, mut count) = (0u128, 0u32);
        for c in 0..self.w {
            let col = (p >> c) & self.col0;
            let pairs = open & col;
            count += pairs.count_ones();
            open = col & !pairs;
        }
        count
    }

    /// `(safe(P), safe(O), most(P), most(O))` for `free + offset` with `side` (P) to
    /// move (see the module's comment).
    #[inline]
    fn counts(&self, free: u128, offset: i16, side: usize) -> (u32, u32, u32, u32) {
        // Cells the opponent can never cover: no free neighbour in its direction.
        let h_nbr = ((free << 1) & self.not_first_col) | ((free >> 1) & self.not_last_col);
        let v_nbr = ((free << self.w) & self.all) | (free >> self.w);
        let (kl, kr) = (offset.max(0) as u32, (-(offset as i32)).max(0) as u32);
        let safe_l = self.vertical_pairs(free & !h_nbr) + kl;
        let safe_r = self.horizontal_pairs(free & !v_nbr) + kr;
        let most_l = self.vertical_pairs(free) + kl;
        let most_r = self.horizontal_pairs(free) + kr;
        if side == LEFT {
            (safe_l, safe_r, most_l, most_r)
        } else {
            (safe_r, safe_l, most_r, most_l)
        }
    }

    /// A set of `side`'s moves, none on a protected cell (one the opponent can never
    /// cover), pairwise disjoint and such that no single opponent move meets two of
    /// them (no two in neighbouring lines with overlapping cells), chosen greedily; its
    /// size. Playing these first and then the safe moves, the player moving first
    /// makes at least `safe + ceil(v / 2)` moves whatever the opponent does (each
    /// opponent move destroys at most one), the player moving second at least
    /// `safe + floor(v / 2)`; with `most` of the other side the counting cut-offs hold
    /// as with safe moves alone.
    #[inline]
    fn vulnerable(&self, free: u128, side: usize) -> u32 {
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
    fn mirrored(&self, b: u128) -> u128 {
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
    fn key(&self, b: u128) -> u128 {
        let m = self.mirrored(b);
        b.min(self.half_turn(b)).min(m).min(self.half_turn(m))
    }

    /// The board turned half a turn in its rectangle.
    #[inline]
    fn half_turn(&self, b: u128) -> u128 {
        b.reverse_bits() >> (128 - self.h * self.w)
    }
}

/// What one search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes visited (positions whose children were generated or cut off).
    pub nodes: u64,
    /// Nodes answered by the table.
    pub table_hits: u64,
    /// Nodes answered by the counting cut-offs.
    pub counted: u64,
}

/// The searcher: a geometry, its table and its counters.
pub struct Search {
    g: Geometry,
    table: Vec<[Entry; 2]>,
    mask: usize,
    history: [[u32; 128]; 2],
    /// What the searches so far did.
    pub stats: SearchStats,
}

const LEFT: usize = 0;
const RIGHT: usize = 1;

impl Search {
    /// A searcher on `g` with a table of `2^bits` buckets of two entries (each
    /// [`ENTRY_BYTES`] bytes).
    pub fn new(g: Geometry, bits: u32) -> Result<Search> {
        if bits > 32 {
            return Err(Error::Limit(format!(
                "outcome-only search: a table of 2^{bits} buckets is past the limit of 2^32"
            )));
        }
        let buckets = 1usize << bits;
        let mut table = Vec::new();
        table.try_reserve_exact(buckets).map_err(|_| {
            Error::Limit(format!(
                "outcome-only search: no memory for a table of 2^{bits} buckets ({} bytes)",
                buckets * 2 * ENTRY_BYTES
            ))
        })?;
        table.resize(buckets, [Entry::default(); 2]);
        Ok(Search {
            g,
            table,
            mask: buckets - 1,
            history: [[0; 128]; 2],
            stats: SearchStats::default(),
        })
    }

    /// Whether the player to move (`left`: Left) wins `free + offset`.
    pub fn wins(&mut self, free: u128, offset: i32, left: bool) -> Result<bool> {
        let offset = i16::try_from(offset).map_err(|_| {
            Error::Limit(format!(
                "outcome-only search: an integer of {offset} beside the board is past the limit of {}",
                i16::MAX
            ))
        })?;
        Ok(self.search(free & self.g.all, offset, if left { LEFT } else { RIGHT }))
    }

    #[inline]
    fn slot(&self, key: u128, offset: i16) -> usize {
        let x = (key as u64) ^ ((key >> 64) as u64).rotate_left(29) ^ (offset as u64) << 48;
        (x.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & self.mask
    }

    fn probe(&self, key: u128, offset: i16, side: usize) -> Option<bool> {
        let known = 1u8 << (2 * side);
        for e in &self.table[self.slot(key, offset)] {
            if e.flags & known != 0 && e.board == key && e.offset == offset {
                return Some(e.flags & (known << 1) != 0);
            }
        }
        None
    }

    fn store(&mut self, key: u128, offset: i16, side: usize, win: bool, work: u64) {
        let bits = (1u8 << (2 * side)) | (win as u8) << (2 * side + 1);
        let work = work.min(u32::MAX as u64) as u32;
        let slot = self.slot(key, offset);
        let bucket = &mut self.table[slot];
        for e in bucket.iter_mut() {
            if e.flags != 0 && e.board == key && e.offset == offset {
                e.flags |= bits;
                e.work = e.work.max(work);
                return;
            }
        }
        let fresh = Entry {
            board: key,
            work,
            offset,
            flags: bits,
        };
        if bucket[0].flags == 0 || work >= bucket[0].work {
            bucket[1] = bucket[0];
            bucket[0] = fresh;
        } else {
            bucket[1] = fresh;
        }
    }

    fn search(&mut self, free: u128, offset: i16, side: usize) -> bool {
        let g = self.g;
        self.stats.nodes += 1;
        let (safe_p, safe_o, most_p, most_o) = g.counts(free, offset, side);
        if safe_p > most_o {
            self.stats.counted += 1;
            return true;
        }
        if safe_o >= most_p {
            self.stats.counted += 1;
            return false;
        }
        let key = g.key(free);
        if let Some(win) = self.probe(key, offset, side) {
            self.stats.table_hits += 1;
            return win;
        }
        // The counting with vulnerable moves too (see [`Geometry::vulnerable`]): the
        // mover gets at least half of its own, rounded up, the opponent half of its,
        // rounded down.
        let (vl, vr) = (g.vulnerable(free, LEFT), g.vulnerable(free, RIGHT));
        let (vp, vo) = if side == LEFT { (vl, vr) } else { (vr, vl) };
        if safe_p + vp.div_ceil(2) > most_o || safe_o + vo / 2 >= most_p {
            self.stats.counted += 1;
            let win = safe_p + vp.div_ceil(2) > most_o;
            self.store(key, offset, side, win, 1);
            return win;
        }
        let before = self.stats.nodes;
        // The mover's moves, and the cells the opponent can never cover.
        let (mine, step, protected) = if side == LEFT {
            let h_nbr = ((free << 1) & g.not_first_col) | ((free >> 1) & g.not_last_col);
            (g.vertical(free), g.w, free & !h_nbr)
        } else {
            let v_nbr = ((free << g.w) & g.all) | (free >> g.w);
            (g.horizontal(free), 1, free & !v_nbr)
        };
        let mut moves: [(i32, u8); 128] = [(0, 0); 128];
        let mut n = 0;
        let mut m = mine;
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            let cells = (1u128 << i) | (1u128 << (i + step));
            let score = if cells & protected == cells {
                // A safe move keeps: last.
                -(1 << 28)
            } else {
                // One ply ahead (as Obsequi's move scores do): what the move leaves
                // each player, counted as the cut-offs count.
                let (sp, so, mp, mo) = g.counts(free & !cells, offset, side);
                if sp >= mo {
                    // The opponent, to move, loses by counting: best.
                    1 << 28
                } else {
                    ((mp + 2 * sp) as i32 - (mo + 2 * so) as i32) << 16
                        | self.history[side][i as usize].min((1 << 16) - 1) as i32
                }
            };
            moves[n] = (score, i as u8);
            n += 1;
        }
        let list = &mut moves[..n];
        list.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        let other = 1 - side;
        let mut win = false;
        for &(_, i) in &moves[..n] {
            let i = i as u32;
            let cells = (1u128 << i) | (1u128 << (i + step));
            if !self.search(free & !cells, offset, other) {
                self.history[side][i as usize] = self.history[side][i as usize].saturating_add(1);
                win = true;
                break;
            }
        }
        if !win {
            // A move in the integer beside the board.
            let next = match side {
                LEFT if offset > 0 => Some(offset - 1),
                RIGHT if offset < 0 => Some(offset + 1),
                _ => None,
            };
            if let Some(k) = next {
                win = !self.search(free, k, other);
            }
        }
        self.store(key, offset, side, win, self.stats.nodes - before);
        win
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain minimax over the same bitboard moves, no table, no cut-offs.
    fn plain(g: &Geometry, free: u128, offset: i32, left: bool) -> bool {
        let (moves, step) = if left {
            (g.vertical(free), g.w)
        } else {
            (g.horizontal(free), 1)
        };
        let mut m = moves;
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            let cells = (1u128 << i) | (1u128 << (i + step));
            if !plain(g, free & !cells, offset, !left) {
                return true;
            }
        }
        match (left, offset) {
            (true, k) if k > 0 => !plain(g, free, k - 1, false),
            (false, k) if k < 0 => !plain(g, free, k + 1, true),
            _ => false,
        }
    }

    #[test]
    fn agrees_with_plain_minimax_on_random_boards_with_integers() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..400 {
            let h = 1 + (next() % 4) as usize;
            let w = 1 + (next() % 5) as usize;
            let g = Geometry::new(h, w).unwrap();
            let free = (next() as u128 | (next() as u128) << 64) & g.all();
            let offset = (next() % 5) as i32 - 2;
            let mut s = Search::new(g, 6).unwrap();
            for left in [true, false] {
                assert_eq!(
                    s.wins(free, offset, left).unwrap(),
                    plain(&g, free, offset, left),
                    "{h}x{w} free {free:b} offset {offset} left {left}"
                );
            }
        }
    }
}

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
//!   8x8 Domineering", TCS 2000, and N. Bullock's Obsequi, "Domineering: Solving Large
//!   Combinatorial Search Spaces", MSc thesis, Alberta 2002): moves a player is sure to
//!   make whatever the opponent does (safe moves on cells the opponent can never cover;
//!   *areas*, 2x2 blocks walled on a side, worth two moves to whoever plays there first;
//!   a packing of further moves, each opponent move destroying at most two) against the
//!   most moves the opponent can still make (per line, half of each run of free cells,
//!   less the areas the player will take; and the free cells left to it, counted). The
//!   accounting and its proof are at [`decide`]: proofs, not heuristics.
//! - **Transposition table**: a fixed number of buckets (a power of two, given by the
//!   caller) of two entries, one kept by the size of the subtree that computed it, one
//!   always replaced; a position and its half turn (which keeps Domineering values) share
//!   an entry. A full table replaces entries, never changes an answer.
//! - **Move ordering** (only ordering; never an answer): by a cheap one-ply score
//!   (each player's most and safe moves after the move, on the board and on its
//!   transpose, as Obsequi's `ScoreMove` scores: a move that leaves the opponent fewer
//!   moves than the mover's safe ones first; then moves that take most of the
//!   opponent's moves and least of the mover's own; then by place (lines next to an
//!   edge line, every other line, dominoes on a grid: the tiling Obsequi's positional
//!   values favour); then a history count of moves that won; safe moves last (they
//!   keep)); then the first [`PRECOUNT`] of them are counted exactly ([`decide`] on the
//!   position after the move) and one after which the opponent loses by counting is
//!   tried first.

pub use super::outcome_counting::Geometry;
use super::outcome_counting::{LEFT, RIGHT, Tally, decide, place_value};
use crate::error::{Error, Result};

pub use super::outcome_counting::MAX_CELLS;

/// How many moves, best first by the cheap score, are counted exactly before the search
/// goes down (ordering only).
const PRECOUNT: usize = 16;

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
    /// The transposed board's geometry (rows are the columns), and each cell's bit there.
    gt: Geometry,
    tbit: [u8; 128],
    table: Vec<[Entry; 2]>,
    mask: usize,
    history: [[u32; 128]; 2],
    place: [[u8; 128]; 2],
    /// What the searches so far did.
    pub stats: SearchStats,
}

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
        let mut place = [[0u8; 128]; 2];
        for r in 0..g.h {
            for c in 0..g.w {
                let i = (r * g.w + c) as usize;
                place[LEFT][i] = place_value(c, g.w, r, g.h);
                place[RIGHT][i] = place_value(r, g.h, c, g.w);
            }
        }
        let gt = Geometry::new(g.w as usize, g.h as usize)?;
        let mut tbit = [0u8; 128];
        for r in 0..g.h {
            for c in 0..g.w {
                tbit[(r * g.w + c) as usize] = (c * g.h + r) as u8;
            }
        }
        Ok(Search {
            gt,
            tbit,
            place,
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
        let free = free & self.g.all;
        let freet = self.transposed(free);
        Ok(self.search(free, freet, offset, if left { LEFT } else { RIGHT }, None))
    }

    fn transposed(&self, free: u128) -> u128 {
        let mut t = 0u128;
        let mut m = free;
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            t |= 1u128 << self.tbit[i as usize];
        }
        t
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

    /// `tally`: the board's [`Geometry::tally`] if the caller has it.
    fn search(
        &mut self,
        free: u128,
        freet: u128,
        offset: i16,
        side: usize,
        tally: Option<[Tally; 2]>,
    ) -> bool {
        let g = self.g;
        self.stats.nodes += 1;
        let t = tally.unwrap_or_else(|| g.tally(free));
        let e = free.count_ones();
        if let Some(win) = decide(&t, e, offset, side) {
            self.stats.counted += 1;
            return win;
        }
        let key = g.key(free);
        if let Some(win) = self.probe(key, offset, side) {
            self.stats.table_hits += 1;
            return win;
        }
        // The counting with the other packing ([`Geometry::vulnerable`]), all of type 1.
        let mut u = t;
        for (x, side) in u.iter_mut().zip([LEFT, RIGHT]) {
            x.v1 = g.vulnerable(free, side);
            x.v2 = 0;
            x.areas = 0;
            x.out = x.prot - 2 * x.safe;
        }
        if let Some(win) = decide(&u, e, offset, side) {
            self.stats.counted += 1;
            self.store(key, offset, side, win, 1);
            return win;
        }
        let before = self.stats.nodes;
        // The mover's moves, and the cells the opponent can never cover.
        let (mine, step, tstep, protected) = if side == LEFT {
            let h_nbr = ((free << 1) & g.not_first_col) | ((free >> 1) & g.not_last_col);
            (g.vertical(free), g.w, 1, free & !h_nbr)
        } else {
            let v_nbr = ((free << g.w) & g.all) | (free >> g.w);
            (g.horizontal(free), 1, g.h, free & !v_nbr)
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
                // One ply ahead, cheaply (as Obsequi's move scores do: N. Bullock's
                // thesis and its `Board::ScoreMove`, incremental per line there, whole
                // board with bit tricks here): what the move leaves each player of its
                // most and safe moves; first a move after which the opponent, to move,
                // looks lost by Obsequi's simple count (its `IsGameOver`: the mover's
                // safe moves at least the opponent's most; the integer not counted:
                // ordering only).
                let t = self.tbit[i as usize] as u32;
                let tcells = (1u128 << t) | (1u128 << (t + tstep));
                let after = [
                    self.gt.row_counts(freet & !tcells),
                    g.row_counts(free & !cells),
                ];
                let (pt, ot) = (after[side], after[1 - side]);
                if pt.1 >= ot.0 {
                    1 << 28
                } else {
                    ((pt.0 + pt.1) as i32 - (ot.0 + ot.1) as i32) << 16
                        | (self.place[side][i as usize] as i32) << 8
                        | self.history[side][i as usize].min(255) as i32
                }
            };
            moves[n] = (score, i as u8);
            n += 1;
        }
        let list = &mut moves[..n];
        list.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        // The first few moves by that score, counted exactly: one after which the
        // opponent, to move, loses by counting goes first.
        let k = n.min(PRECOUNT);
        // Their tallies, in the order they will be searched, passed down.
        let mut tallies = [[Tally::default(); 2]; PRECOUNT];
        let mut counted = 0;
        for j in 0..k {
            let i = moves[j].1 as u32;
            let cells = (1u128 << i) | (1u128 << (i + step));
            tallies[j] = g.tally(free & !cells);
            counted = j + 1;
            if decide(&tallies[j], e - 2, offset, 1 - side) == Some(false) {
                moves[..=j].rotate_right(1);
                tallies[..=j].rotate_right(1);
                break;
            }
        }
        let other = 1 - side;
        let mut win = false;
        for (j, &(_, i)) in moves[..n].iter().enumerate() {
            let i = i as u32;
            let cells = (1u128 << i) | (1u128 << (i + step));
            let t = self.tbit[i as usize] as u32;
            let tcells = (1u128 << t) | (1u128 << (t + tstep));
            let known = (j < counted).then(|| tallies[j]);
            if !self.search(free & !cells, freet & !tcells, offset, other, known) {
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
                win = !self.search(free, freet, k, other, Some(t));
            }
        }
        self.store(key, offset, side, win, self.stats.nodes - before);
        win
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solving::outcome_counting::TestRng;

    use std::collections::HashMap;

    /// Plain minimax over the same bitboard moves, no cut-offs, a plain memo of exact
    /// results.
    fn plain(
        g: &Geometry,
        free: u128,
        offset: i32,
        left: bool,
        memo: &mut HashMap<(u128, i32, bool), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(free, offset, left)) {
            return w;
        }
        let (moves, step) = if left {
            (g.vertical(free), g.w)
        } else {
            (g.horizontal(free), 1)
        };
        let mut m = moves;
        let mut win = false;
        while m != 0 && !win {
            let i = m.trailing_zeros();
            m &= m - 1;
            let cells = (1u128 << i) | (1u128 << (i + step));
            win = !plain(g, free & !cells, offset, !left, memo);
        }
        if !win {
            win = match (left, offset) {
                (true, k) if k > 0 => !plain(g, free, k - 1, false, memo),
                (false, k) if k < 0 => !plain(g, free, k + 1, true, memo),
                _ => false,
            };
        }
        memo.insert((free, offset, left), win);
        win
    }

    #[test]
    fn agrees_with_plain_minimax_on_random_boards_with_integers() {
        let mut rng = TestRng(0x1234_5678_9abc_def0);
        for round in 0..2000 {
            let h = 1 + (rng.next() % 5) as usize;
            let w = 1 + (rng.next() % 6) as usize;
            let g = Geometry::new(h, w).unwrap();
            // Half the boards about half full, half about a fifth full (where the
            // counting's areas and packings show up).
            let mut free = rng.bits() & g.all();
            if round % 2 == 1 && h * w <= 24 {
                free |= rng.bits() & g.all();
                free |= rng.bits() & g.all();
            }
            let offset = (rng.next() % 5) as i32 - 2;
            let mut s = Search::new(g, 6).unwrap();
            let mut memo = HashMap::new();
            for left in [true, false] {
                assert_eq!(
                    s.wins(free, offset, left).unwrap(),
                    plain(&g, free, offset, left, &mut memo),
                    "{h}x{w} free {free:b} offset {offset} left {left}"
                );
            }
        }
    }
}

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
//! - **Move ordering** (only ordering; never an answer): a move after which the
//!   opponent loses by counting first; then moves that take most of the opponent's
//!   moves and least of the mover's own; then by place (lines next to an edge line,
//!   every other line, dominoes on a grid: the tiling Obsequi's positional values
//!   favour); then a history count of moves that won; safe moves last (they keep).

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
struct Tally {
    areas: u32,
    prot: u32,
    safe: u32,
    most: u32,
    v1: u32,
    v2: u32,
    out: u32,
}

impl Tally {
    /// Moves of areas and packing P is sure to be credited, moving first (`first`) or
    /// second, by the proof in [`decide`]: `6 areas + 2 v2 + 3 v1` potential units.
    #[inline]
    fn packed(&self, first: bool) -> i32 {
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
        ((units - drop).max(0) + 5) / 6
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
fn decide(t: &[Tally; 2], e: u32, offset: i16, side: usize) -> Option<bool> {
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

    /// What the cut-offs count, for both players ([`Tally`]), with the largest packing
    /// per line: after the safe moves, half of each run of the other free cells.
    #[inline]
    fn tally(&self, free: u128) -> [Tally; 2] {
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
    fn areas(&self, free: u128, side: usize) -> (u32, u128) {
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
    /// its top.
    #[inline]
    fn vertical_starts(&self, p: u128) -> u128 {
        let (mut open, mut starts) = (0u128, 0u128);
        for r in 0..self.h {
            let row = (p >> (r * self.w)) & self.row0;
            let pairs = open & row;
            if r > 0 {
                starts |= pairs << ((r - 1) * self.w);
            }
            open = row & !pairs;
        }
        starts
    }

    /// Starts (left cells) of disjoint horizontal pairs in `p`: each row run paired from
    /// its left end.
    #[inline]
    fn horizontal_starts(&self, p: u128) -> u128 {
        let (mut open, mut starts) = (0u128, 0u128);
        for c in 0..self.w {
            let col = (p >> c) & self.col0;
            let pairs = open & col;
            if c > 0 {
                starts |= pairs << (c - 1);
            }
            open = col & !pairs;
        }
        starts
    }

    /// A set of `side`'s moves, none on a protected cell (one the opponent can never
    /// cover), pairwise disjoint and such that no single opponent move meets two of
    /// them (no two in neighbouring lines with overlapping cells), chosen greedily; its
    /// size. A second packing for [`decide`], all of type 1 and with no areas (it may
    /// overlap them): then `out` is the protected cells less the safe moves'.
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

/// A move's place in its player's orientation (line `j` of `lines`, starting at `c` of a
/// line of `len` cells), for move ordering only: lines next to an edge line first, then
/// every other line from there, dominoes on a grid from the ends (a tiling that leaves
/// the player protected cells, as Obsequi's positional values do); the edge lines last.
fn place_value(j: u32, lines: u32, c: u32, len: u32) -> u8 {
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
    place: [[u8; 128]; 2],
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
        let mut place = [[0u8; 128]; 2];
        for r in 0..g.h {
            for c in 0..g.w {
                let i = (r * g.w + c) as usize;
                place[LEFT][i] = place_value(c, g.w, r, g.h);
                place[RIGHT][i] = place_value(r, g.h, c, g.w);
            }
        }
        Ok(Search {
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
        let t = g.tally(free);
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
                let after = free & !cells;
                let t = g.tally(after);
                if decide(&t, e - 2, offset, 1 - side) == Some(false) {
                    // The opponent, to move, loses by counting: best.
                    1 << 28
                } else {
                    let (pt, ot) = (t[side], t[1 - side]);
                    ((pt.most + 2 * pt.safe) as i32 - (ot.most + 2 * ot.safe) as i32) << 16
                        | (self.place[side][i as usize] as i32) << 8
                        | self.history[side][i as usize].min(255) as i32
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
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..2000 {
            let h = 1 + (next() % 5) as usize;
            let w = 1 + (next() % 6) as usize;
            let g = Geometry::new(h, w).unwrap();
            // Half the boards about half full, half about a fifth full (where the
            // counting's areas and packings show up).
            let mut free = (next() as u128 | (next() as u128) << 64) & g.all();
            if round % 2 == 1 && h * w <= 24 {
                free |= (next() as u128 | (next() as u128) << 64) & g.all();
                free |= (next() as u128 | (next() as u128) << 64) & g.all();
            }
            let offset = (next() % 5) as i32 - 2;
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

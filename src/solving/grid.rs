//! The bitboard path of the shaped solver for domino games on boards (Domineering,
//! Cram: [`ShapedRules::dominoes`]): a board that fits in 128 bits
//! ([`crate::shapes::bits`]) is split into its connected parts with bit operations, each
//! part is looked up by the least of its images under the reflections in both axes and
//! the half turn (the symmetries that keep every domino game's value, Winning Ways
//! ch. 5; CGSuite's `Symmetry.Flip`), and a part not found is solved from its moves:
//! each move clears the two cells of a domino. A solved part is also stored, negated,
//! under the key of its transpose: reflecting in the diagonal turns vertical dominoes
//! into horizontal ones, so it exchanges the players when Left's dominoes are Right's
//! turned (Domineering), and is the same game when both place any domino (Cram, whose
//! values are nimbers, their own negatives).
//!
//! Parts whose bounding box has at most [`DENSE_AREA`] cells are looked up first in a
//! dense array indexed by their box and cells as they lie (no symmetry key, no hash, no
//! lock): one slot per board of each small box, filled from the table the first time
//! the board is met. Its slots only ever hold exact values, so it is never emptied.
//!
//! The path values exactly the games the general one does (a property test,
//! `src/tests/domineering_bits.rs`, checks both against each other and against a plain
//! minimax); it only computes them without building shapes or canonical labellings.

use std::cell::Cell;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use dashmap::DashMap;
use smallvec::SmallVec;

use super::word_table::WordTable;
use crate::error::{Error, Result};
use crate::rules::shape_rules::{Domino, Kind, ShapedRules};
use crate::shapes::Shape;
use crate::shapes::bits::{Bits, ones};
use crate::shapes::board::{H, V};
use crate::values::game::GameId;

/// Largest nim-value the solvers of games on shapes make, on bitboards or shapes (the
/// kernel's nimbers go further; a position past this is an error naming the limit,
/// never a wrong value).
pub const MAX_NIM: u32 = 1 << 20;

/// The bitboard solver's table and the dominoes of each player.
pub(super) struct Grid {
    left: Domino,
    right: Domino,
    impartial: bool,
    /// Parts whose key fits in a word ([`word`]).
    small: WordTable,
    /// The others.
    table: DashMap<Key, GameId, crate::hash::Xxh3Build>,
    dense: Dense,
    /// Parts looked up ([`Grid::counts`]).
    lookups: AtomicU64,
    /// Parts solved (not found).
    solved: AtomicU64,
}

/// The largest bounding box (in cells) of the parts the dense array holds: one slot
/// per board of each box of at most this many cells, 117,898 slots of 4 bytes in all.
pub(super) const DENSE_AREA: u32 = 14;
const _: () = assert!(2 * DENSE_AREA <= 64);

/// The dense array: for each box of `w` columns and `h` rows with `w * h <=
/// DENSE_AREA`, `2^(w * h)` slots, the board's cells read row by row as the index
/// within its box's block. A slot holds 0 (not known yet) or the value's id plus one.
struct Dense {
    /// The first slot of each box's block, by `[w][h]` (unused where the box is larger).
    start: Box<[[u32; DENSE_AREA as usize + 1]; DENSE_AREA as usize + 1]>,
    slots: Box<[AtomicU32]>,
}

impl Dense {
    fn new() -> Dense {
        let mut start = Box::new([[0u32; DENSE_AREA as usize + 1]; DENSE_AREA as usize + 1]);
        let mut next = 0u32;
        for w in 1..=DENSE_AREA {
            for h in 1..=DENSE_AREA / w {
                start[w as usize][h as usize] = next;
                next += 1 << (w * h);
            }
        }
        Dense {
            start,
            slots: (0..next).map(|_| AtomicU32::new(0)).collect(),
        }
    }

    /// The slot of board `b`, if its box is small enough.
    #[inline]
    fn slot(&self, b: Bits) -> Option<&AtomicU32> {
        let (w, h) = (b.w as u32, b.h as u32);
        if w * h > DENSE_AREA || w == 0 {
            return None;
        }
        // The rows packed without their padding bits (in a word: h * (w + 1) <= 2 *
        // DENSE_AREA bits).
        let (s, mask, cells) = (w + 1, (1u64 << w) - 1, b.cells as u64);
        let mut index = 0u32;
        for r in 0..h {
            index |= ((cells >> (r * s) & mask) as u32) << (r * w);
        }
        Some(&self.slots[(self.start[w as usize][h as usize] + index) as usize])
    }
}

/// A board as the table's key: its cells as two words and its box, 8-byte aligned (an
/// entry of the table takes 24 bytes, where `Bits`, aligned as a `u128`, would take 48).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    lo: u64,
    hi: u64,
    wh: u16,
}

impl Key {
    #[inline]
    fn of(b: Bits) -> Key {
        Key {
            lo: b.cells as u64,
            hi: (b.cells >> 64) as u64,
            wh: b.w as u16 | (b.h as u16) << 8,
        }
    }
}

/// A board as one word, if its box fits in 56 bits with at most 15 rows and columns:
/// its cells, then its columns and rows in the top 8 bits (every part of at most 13
/// cells fits: `h * (w + 1) <= ((13 + 2) / 2)^2 = 56` when `w + h <= 14`).
#[inline]
fn word(b: Bits) -> Option<u64> {
    let (w, h) = (b.w as u64, b.h as u64);
    (w < 16 && h < 16 && h * (w + 1) <= 56).then_some(b.cells as u64 | w << 56 | h << 60)
}

impl std::hash::Hash for Key {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.lo);
        state.write_u64(self.hi ^ (self.wh as u64) << 48);
    }
}

/// Adds `v` to the sum so far (none yet: `v` is the sum).
#[inline]
fn add(total: &mut Option<GameId>, v: GameId) -> Result<()> {
    *total = Some(match *total {
        None => v,
        Some(t) => t.checked_add(v)?,
    });
    Ok(())
}

/// What one board's valuing carries down: the solver's cap, and the parts looked up.
struct Walk<'a> {
    room: &'a dyn Fn(usize),
    looked: Cell<u64>,
}

/// What [`Grid::prefetch`] found out about a board, so that [`Grid::value`] does not
/// work it out again: the board's key when it is one part looked up by key.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoardHint(Option<Bits>);

/// Option values of one side (most parts have a few dozen moves at most).
type Options = SmallVec<[GameId; 32]>;

impl Grid {
    /// The bitboard solver of `rules`, if they are a domino game whose transpose
    /// exchanges the players' dominoes (or keeps them, for an impartial game).
    pub(super) fn new(rules: &dyn ShapedRules) -> Option<Grid> {
        let (left, right) = rules.dominoes()?;
        let turned = |d: Domino| match d {
            Domino::Vertical => Domino::Horizontal,
            Domino::Horizontal => Domino::Vertical,
            Domino::Any => Domino::Any,
        };
        let impartial = rules.kind() == Kind::Impartial;
        // Storing a part's negative under its transpose's key needs the transpose to be
        // the players exchanged; an impartial game must give both players the same moves.
        let mirrored = turned(left) == right && turned(right) == left;
        if !mirrored || (impartial && left != right) {
            return None;
        }
        Some(Grid {
            left,
            right,
            impartial,
            small: WordTable::new(),
            table: DashMap::default(),
            dense: Dense::new(),
            lookups: AtomicU64::new(0),
            solved: AtomicU64::new(0),
        })
    }

    /// The board of `s` as bits: if `s` records its cells, fits in 128 bits, and its
    /// edges are exactly the pairs of side-by-side cells, `V` between a cell and the one
    /// below it, `H` between a cell and the one to its right. Otherwise `None` (the
    /// general path values it).
    pub(super) fn bits(s: &Shape) -> Option<Bits> {
        let place = s.place()?;
        let b = Bits::from_cells(place)?;
        if s.edges().len()
            != (b.vertical_pairs().count_ones() + b.horizontal_pairs().count_ones()) as usize
        {
            return None;
        }
        let mut last = None;
        for e in s.edges() {
            // Edges are sorted: a repeated edge would sit next to its twin.
            if last == Some(*e) {
                return None;
            }
            last = Some(*e);
            let (p, q) = (place[e.a as usize], place[e.b as usize]);
            let (dr, dc) = ((p.0 - q.0).abs(), (p.1 - q.1).abs());
            let fits = match e.label {
                V => (dr, dc) == (1, 0),
                H => (dr, dc) == (0, 1),
                _ => false,
            };
            if !fits {
                return None;
            }
        }
        Some(b)
    }

    /// Entries held.
    pub(super) fn len(&self) -> usize {
        self.small.len() + self.table.len()
    }

    /// Empties the table.
    pub(super) fn clear(&self) {
        self.small.clear();
        self.table.clear();
    }

    /// The value of board `b`: the sum of its parts' values. `hint` is what
    /// [`Grid::prefetch`] gave for `b`, if it was asked (else the default). `room(k)` is
    /// called before `k` entries are inserted (the solver's cap).
    pub(super) fn value(&self, b: Bits, hint: BoardHint, room: &dyn Fn(usize)) -> Result<GameId> {
        if b.count() <= 1 {
            return Ok(GameId::zero());
        }
        let walk = Walk {
            room,
            looked: Cell::new(0),
        };
        let v = match hint.0 {
            // One part, looked up by the key the hint holds (not again cut to its box,
            // its key not worked out again).
            Some(key) => {
                walk.looked.set(1);
                self.keyed_as(b, key, &walk)
            }
            None => self.sum(b.parts(), &walk),
        };
        // Counted here, once a board, not at each lookup (an atomic add costs as much
        // as a lookup in the dense array).
        self.lookups.fetch_add(walk.looked.get(), Ordering::Relaxed);
        v
    }

    /// Asks the memory for where board `b` (cut to its box) is held if it is one part
    /// looked up by key, and gives what it found out for [`Grid::value`]: `eval` calls
    /// it for a block of boards before valuing them, so that their lookups wait for the
    /// memory together, not one after another. A hint changes no result.
    pub(super) fn prefetch(&self, b: Bits) -> BoardHint {
        if b.count() <= 1 || self.dense.slot(b).is_some() || !b.connected() {
            return BoardHint::default();
        }
        let key = b.flip_key();
        if let Some(w) = word(key) {
            self.small.prefetch(w);
        }
        BoardHint(Some(key))
    }

    /// Lookups and parts solved so far: (lookups, hits).
    pub(super) fn counts(&self) -> (u64, u64) {
        let looked = self.lookups.load(Ordering::Relaxed);
        (
            looked,
            looked.saturating_sub(self.solved.load(Ordering::Relaxed)),
        )
    }

    /// The sum of the values of `parts`; a part of value 0 (a single cell among them)
    /// adds nothing, and the first non-zero one is the sum so far.
    fn sum(&self, parts: impl Iterator<Item = Bits>, walk: &Walk) -> Result<GameId> {
        let mut total: Option<GameId> = None;
        for part in parts {
            if part.count() > 1 {
                add(&mut total, self.part(part, walk)?)?;
            }
        }
        Ok(total.unwrap_or_else(GameId::zero))
    }

    /// The value of the position a domino at `p` leaves on part `b`: the sum of the
    /// parts of two or more cells it leaves.
    #[inline]
    fn moved(&self, b: Bits, p: u32, vertical: bool, walk: &Walk) -> Result<GameId> {
        let mut total: Option<GameId> = None;
        b.split_without(p, vertical, |part| add(&mut total, self.part(part, walk)?))?;
        Ok(total.unwrap_or_else(GameId::zero))
    }

    /// The value of a connected part of two or more cells: from the dense array if its
    /// box is small enough, else from the table.
    fn part(&self, b: Bits, walk: &Walk) -> Result<GameId> {
        walk.looked.set(walk.looked.get() + 1);
        let Some(slot) = self.dense.slot(b) else {
            return self.keyed(b, walk);
        };
        let held = slot.load(Ordering::Relaxed);
        if held != 0 {
            return Ok(GameId::from_bits(held - 1));
        }
        let v = self.keyed(b, walk)?;
        if let Some(bits) = v.to_bits().checked_add(1) {
            slot.store(bits, Ordering::Relaxed);
        }
        Ok(v)
    }

    /// The value of a connected part of two or more cells, by its symmetry key in the
    /// table, or solved and stored there.
    fn keyed(&self, b: Bits, walk: &Walk) -> Result<GameId> {
        self.keyed_as(b, b.flip_key(), walk)
    }

    /// [`Grid::keyed`] of a part whose key is `own`.
    #[inline]
    fn keyed_as(&self, b: Bits, own: Bits, walk: &Walk) -> Result<GameId> {
        if let Some(v) = self.get(own) {
            return Ok(v);
        }
        // Not looked up under its transpose's key: a part is stored under both keys at
        // once (below), so a part missing under its own is missing under that one too.
        self.solved.fetch_add(1, Ordering::Relaxed);
        // The transpose's slot is fetched while the options are valued.
        let turned = b.transpose().map(Bits::flip_key);
        if let Some(w) = turned.and_then(word) {
            self.small.prefetch(w);
        }
        let mut left = Options::new();
        self.options(b, self.left, &mut left, walk)?;
        let v = if self.impartial {
            let v = GameId::from_options(&left, &left)?;
            let nim = v.as_nus().map_or(0, |n| n.nim);
            if nim > MAX_NIM {
                return Err(Error::Limit(format!(
                    "a nim-value beyond {MAX_NIM}, the shaped solver's limit"
                )));
            }
            v
        } else {
            let mut right = Options::new();
            self.options(b, self.right, &mut right, walk)?;
            GameId::from_options(&left, &right)?
        };
        (walk.room)(1 + turned.is_some() as usize);
        if let Some(t) = turned {
            // A part equal to its own transpose has t == own (and v == -v).
            self.put(t, -v);
        }
        self.put(own, v);
        Ok(v)
    }

    /// The value stored under key `k`.
    #[inline]
    fn get(&self, k: Bits) -> Option<GameId> {
        match word(k) {
            Some(w) => self.small.get(w).map(GameId::from_bits),
            None => self.table.get(&Key::of(k)).map(|v| *v),
        }
    }

    /// Stores `v` under key `k`.
    fn put(&self, k: Bits, v: GameId) {
        match word(k) {
            Some(w) => self.small.insert(w, v.to_bits()),
            None => {
                self.table.insert(Key::of(k), v);
            }
        }
    }

    /// Appends the values of the positions `d`'s dominoes leave on part `b`: the sums
    /// of the parts each leaves ([`Bits::split_without`]).
    fn options(&self, b: Bits, d: Domino, out: &mut Options, walk: &Walk) -> Result<()> {
        if d != Domino::Horizontal {
            for p in ones(b.vertical_pairs()) {
                out.push(self.moved(b, p, true, walk)?);
            }
        }
        if d != Domino::Vertical {
            for p in ones(b.horizontal_pairs()) {
                out.push(self.moved(b, p, false, walk)?);
            }
        }
        Ok(())
    }
}

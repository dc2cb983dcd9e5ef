//! The bitboard path of the solver of games on shapes for games with stones on boards
//! ([`ShapedRules::stones`](crate::rules::shape_rules::ShapedRules::stones): Clobber on boards, Konane, Toppling Dominoes, Toads and
//! Frogs, Fission, Amazons): a board that fits in 128 bits is a [`StoneBoard`], cut into
//! the parts the ruleset sums with bit operations, each part looked up as it lies in its
//! bounding box (the board itself is the key: no canonical labelling) or, for rules that
//! give a `key` (Fission), as the least of its images, or solved from the ruleset's
//! moves on bitboards. The path values exactly the games the general one does:
//! `src/tests/contract.rs` holds it equal to a plain recursion over the ruleset's moves
//! on shapes, and `src/tests/stones.rs` to the cgt crate.

use std::sync::atomic::{AtomicU64, Ordering};

use dashmap::DashMap;
use smallvec::SmallVec;

use super::word_table::WordTable;
use crate::error::Result;
use crate::rules::shape_rules::{Player, StoneRules};
use crate::shapes::stone_board::StoneBoard;
use crate::values::game::GameId;

/// Parts of at least this many cells are keyed by the least of their images (the
/// rules' `key`); smaller ones as they lie. Either way a part of a given size is always
/// keyed the same way, so its value is found again whatever its orientation.
const SYMMETRIC_FROM: u32 = 10;

/// The table of the bitboard path of a game with stones.
pub(super) struct StoneTable {
    rules: StoneRules,
    /// Parts whose board fits in a word ([`StoneBoard::word`]).
    small: WordTable,
    /// Parts whose board fits in two ([`StoneBoard::wide_word`]).
    wide: WordTable<u128>,
    /// The others.
    table: DashMap<StoneBoard, GameId, crate::hash::Xxh3Build>,
    lookups: AtomicU64,
    hits: AtomicU64,
}

impl StoneTable {
    pub(super) fn new(rules: StoneRules) -> StoneTable {
        StoneTable {
            rules,
            small: WordTable::new(),
            wide: WordTable::new(),
            table: DashMap::default(),
            lookups: AtomicU64::new(0),
            hits: AtomicU64::new(0),
        }
    }

    /// The value of board `b`, the sum of its parts; `room(k)` is called before `k`
    /// entries are added (the solver's cap).
    pub(super) fn value(&self, b: &StoneBoard, room: &dyn Fn(usize)) -> Result<GameId> {
        let join = match self.rules.stones_join {
            true => b.cells & !b.with(0),
            false => b.cells,
        };
        let mut total = GameId::zero();
        for part in b.parts(join, self.rules.rows_only, self.rules.diagonals) {
            total = total.checked_add(self.part(part, room)?)?;
        }
        Ok(total)
    }

    fn part(&self, p: StoneBoard, room: &dyn Fn(usize)) -> Result<GameId> {
        // Small parts are solved at once: keyed as they lie, not worth their images.
        let (p, negated) = match self.rules.key {
            Some(key) if p.cells.count_ones() >= SYMMETRIC_FROM => key(&p),
            _ => (p, false),
        };
        let v = self.solved(p, room)?;
        Ok(if negated { -v } else { v })
    }

    /// The value of part `p` as keyed: looked up, or solved and stored.
    fn solved(&self, p: StoneBoard, room: &dyn Fn(usize)) -> Result<GameId> {
        self.lookups.fetch_add(1, Ordering::Relaxed);
        if let Some(v) = self.get(&p) {
            self.hits.fetch_add(1, Ordering::Relaxed);
            return Ok(v);
        }
        let _depth = Depth::enter(self.rules.may_loop)?;
        let mut after = spare_boards();
        let mut side = |player| -> Result<SmallVec<[GameId; 32]>> {
            after.clear();
            (self.rules.moves)(&p, player, &mut after);
            after.iter().map(|a| self.value(a, room)).collect()
        };
        let sides = side(Player::Left).and_then(|left| Ok((left, side(Player::Right)?)));
        SPARE.with(|s| s.borrow_mut().push(after));
        let (left, right) = sides?;
        let v = GameId::from_options(&left, &right)?;
        let mirror = self.rules.mirror.and_then(|m| m(&p)).filter(|m| *m != p);
        room(1 + mirror.is_some() as usize);
        if let Some(m) = mirror {
            self.put(m, -v);
        }
        self.put(p, v);
        Ok(v)
    }

    #[inline]
    fn get(&self, p: &StoneBoard) -> Option<GameId> {
        if let Some(w) = p.word() {
            return self.small.get(w).map(GameId::from_bits);
        }
        match p.wide_word() {
            Some(w) => self.wide.get(w).map(GameId::from_bits),
            None => self.table.get(p).map(|v| *v),
        }
    }

    fn put(&self, p: StoneBoard, v: GameId) {
        if let Some(w) = p.word() {
            return self.small.insert(w, v.to_bits());
        }
        match p.wide_word() {
            Some(w) => self.wide.insert(w, v.to_bits()),
            None => {
                self.table.insert(p, v);
            }
        }
    }

    /// Entries held.
    pub(super) fn len(&self) -> usize {
        self.small.len() + self.wide.len() + self.table.len()
    }

    /// Parts looked up, and found.
    pub(super) fn counts(&self) -> (u64, u64) {
        (
            self.lookups.load(Ordering::Relaxed),
            self.hits.load(Ordering::Relaxed),
        )
    }

    /// Empties the table (values never depend on what it holds).
    pub(super) fn clear(&self) {
        self.small.clear();
        self.wide.clear();
        self.table.clear();
    }
}

thread_local! {
    /// Lists of boards this thread has finished with, kept for the next position it
    /// solves (one a level of its line of play), so the search allocates no list.
    static SPARE: std::cell::RefCell<Vec<Vec<StoneBoard>>> = const { std::cell::RefCell::new(Vec::new()) };
    /// How deep this thread's line of play is, for rules that may loop.
    static DEPTH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// An empty list of boards: a spare one of this thread's, or a new one.
fn spare_boards() -> Vec<StoneBoard> {
    SPARE.with(|s| s.borrow_mut().pop()).unwrap_or_default()
}

/// One level of a line of play being valued: left when dropped.
struct Depth(bool);

impl Depth {
    /// For rules that may loop, one level more; a limit error past
    /// [`MAX_DEPTH`](crate::rules::shape_rules::MAX_DEPTH).
    fn enter(may_loop: bool) -> Result<Depth> {
        if may_loop {
            let d = DEPTH.with(|d| d.get()) + 1;
            if d > crate::rules::shape_rules::MAX_DEPTH {
                return Err(crate::error::Error::Limit(format!(
                    "a line of play longer than {} moves",
                    crate::rules::shape_rules::MAX_DEPTH
                )));
            }
            DEPTH.with(|c| c.set(d));
        }
        Ok(Depth(may_loop))
    }
}

impl Drop for Depth {
    fn drop(&mut self) {
        if self.0 {
            DEPTH.with(|d| d.set(d.get() - 1));
        }
    }
}

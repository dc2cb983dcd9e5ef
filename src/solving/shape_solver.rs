//! Values of games on shapes ([`ShapedRules`]): nim-values of impartial ones, canonical
//! forms of partizan ones, in the shared game-value kernel.
//!
//! A position is the sum of the parts [`ShapedRules::components`] returns; each part is
//! valued by a theorem when the rules know one for it ([`ShapedRules::known_value`]: a
//! chain of a poset, a Hackenbush stalk), else looked up by [`ShapedRules::key`] in a
//! concurrent table, or solved from its moves.
//! For partizan rules that declare a player-exchanging [`Mirror`](crate::rules::shape_rules::Mirror), a part solved is
//! stored under its key and, negated, under its mirror image's. Before the
//! canonical key (nauty), a part is looked up by its labelled key: the exact list of its
//! vertex labels and edges as numbered (a board met again in the same place, or
//! translated, is the same labelled shape), so most lookups never call nauty. The
//! tables have a cap in entries (both together): past it, they are emptied (values never
//! depend on what they hold; a part met again is solved again, exactly).
//!
//! Domino games on boards ([`ShapedRules::dominoes`]: Domineering, Cram) take the
//! bitboard path of `grid.rs` for every board that fits in 128 bits: the same
//! values, without shapes or nauty.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use dashmap::DashMap;

use super::grid::Grid;
pub use super::grid::{BoardHint, MAX_NIM};
use super::stone_solver::StoneTable;
use super::table::TableStats;
use crate::error::{Error, Result};
use crate::rules::shape_rules::{Kind, Move, Player, ShapedRules};
use crate::shapes::bits::Bits;
use crate::shapes::stone_board::StoneBoard;
use crate::shapes::{Shape, ShapeKey};
use crate::values::game::GameId;

/// A solver for one ruleset on shapes, with its table.
pub struct ShapedSolver {
    rules: &'static dyn ShapedRules,
    games: DashMap<ShapeKey, GameId, crate::hash::Xxh3Build>,
    labelled: DashMap<Box<[u64]>, GameId, crate::hash::Xxh3Build>,
    /// The bitboard path (domino games on boards).
    grid: Option<Grid>,
    /// The bitboard path of games with stones ([`ShapedRules::stones`]).
    stones: Option<StoneTable>,
    cap: AtomicUsize,
    /// Entries inserted since the tables were last emptied (at least those held).
    held: AtomicUsize,
    lookups: AtomicU64,
    hits: AtomicU64,
    labelled_lookups: AtomicU64,
    labelled_hits: AtomicU64,
    evicted: AtomicU64,
}

/// The labelled key of a shape: its vertex count and direction, vertex labels and
/// edges exactly as numbered (equal keys are equal labelled shapes, so equal values;
/// cells are not part of it, and no ruleset's moves read them).
pub(super) fn labelled_key(s: &Shape, rules: &dyn ShapedRules) -> Box<[u64]> {
    let n = s.n();
    let mut k = Vec::with_capacity(1 + n.div_ceil(8) + s.edges().len());
    k.push(n as u64 | (s.directed() as u64) << 40 | (s.edges().len() as u64) << 41);
    for chunk in s.labels().chunks(8) {
        let mut w = 0u64;
        for (i, &b) in chunk.iter().enumerate() {
            w |= (b as u64) << (8 * i);
        }
        k.push(w);
    }
    for e in s.edges() {
        k.push(e.a as u64 | (e.b as u64) << 32 | (e.label as u64) << 56);
    }
    // Rules that read the cells: where they are (moved to touch both axes) too.
    if rules.reads_place()
        && let Some(cells) = s.place()
    {
        let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        // Sides are at most board::MAX_SIDE (256): a byte each, four cells a word.
        for chunk in cells.chunks(4) {
            let mut w = 0u64;
            for (i, &(r, c)) in chunk.iter().enumerate() {
                w |= ((r - r0) as u64 & 0xff | ((c - c0) as u64 & 0xff) << 8) << (16 * i);
            }
            k.push(w);
        }
    }
    k.into_boxed_slice()
}

impl ShapedSolver {
    /// A solver with an empty table.
    pub fn new(rules: &'static dyn ShapedRules) -> ShapedSolver {
        ShapedSolver {
            rules,
            games: DashMap::default(),
            labelled: DashMap::default(),
            grid: Grid::new(rules),
            stones: rules
                .stones()
                .filter(|_| rules.kind() == Kind::Partizan)
                .map(StoneTable::new),
            cap: AtomicUsize::new(usize::MAX),
            held: AtomicUsize::new(0),
            lookups: AtomicU64::new(0),
            hits: AtomicU64::new(0),
            labelled_lookups: AtomicU64::new(0),
            labelled_hits: AtomicU64::new(0),
            evicted: AtomicU64::new(0),
        }
    }

    /// The same solver without the bitboard path: every position is valued as a shape
    /// (for tests comparing the two paths).
    pub fn without_bitboards(self) -> ShapedSolver {
        ShapedSolver {
            grid: None,
            stones: None,
            ..self
        }
    }

    /// The rules.
    pub fn rules(&self) -> &'static dyn ShapedRules {
        self.rules
    }

    /// Caps the table at `entries`.
    pub fn set_cap(&self, entries: usize) {
        self.cap.store(entries.max(1), Ordering::Relaxed);
    }

    /// What the table did.
    pub fn table_stats(&self) -> TableStats {
        let cap = self.cap.load(Ordering::Relaxed);
        let labelled = self.labelled.len();
        let (mut grid, (mut grid_lookups, mut grid_hits)) = self
            .grid
            .as_ref()
            .map_or((0, (0, 0)), |g| (g.len(), g.counts()));
        if let Some(t) = &self.stones {
            let (l, h) = t.counts();
            (grid, grid_lookups, grid_hits) = (grid + t.len(), grid_lookups + l, grid_hits + h);
        }
        TableStats {
            entries: self.games.len() + labelled + grid,
            labelled_entries: labelled,
            cap: (cap != usize::MAX).then_some(cap),
            labelled: (
                self.labelled_lookups.load(Ordering::Relaxed),
                self.labelled_hits.load(Ordering::Relaxed),
            ),
            canonical: (
                self.lookups.load(Ordering::Relaxed) + grid_lookups,
                self.hits.load(Ordering::Relaxed) + grid_hits,
            ),
            evicted: self.evicted.load(Ordering::Relaxed),
            ..TableStats::default()
        }
    }

    /// The value of `s`: a nimber for impartial rules, a canonical form for partizan
    /// ones; or the limit computing it would cross.
    pub fn value(&self, s: &Shape) -> Result<GameId> {
        if let Some(g) = &self.grid
            && let Some(b) = Grid::bits(s)
        {
            return g.value(b, BoardHint::default(), &|k| self.make_room(k));
        }
        if let Some(t) = &self.stones
            && let Some(b) = StoneBoard::from_shape(s)
        {
            return t.value(&b, &|k| self.make_room(k));
        }
        // A position a theorem values whole (a chain, a stalk: one part) is not split
        // into a copy of itself.
        if let Some(v) = self.rules.known_value(s) {
            return v;
        }
        let mut total = GameId::zero();
        for part in self.rules.components(s) {
            total = total.checked_add(self.part(&part)?)?;
        }
        Ok(total)
    }

    /// Asks the memory for where board `b`'s value is held, if the bitboard path takes
    /// it, and gives what it found out for [`ShapedSolver::board_value`] (a hint: it
    /// changes no result).
    pub fn prefetch_board(&self, b: Bits) -> BoardHint {
        self.grid
            .as_ref()
            .map_or(BoardHint::default(), |g| g.prefetch(b))
    }

    /// The value of board `b` on the bitboard path, `None` if the rules do not take it
    /// (not a domino game). The same value [`ShapedSolver::value`] gives the board's
    /// shape. `hint` is what [`ShapedSolver::prefetch_board`] gave for `b`, or the
    /// default.
    pub fn board_value(&self, b: Bits, hint: BoardHint) -> Option<Result<GameId>> {
        let g = self.grid.as_ref()?;
        Some(g.value(b, hint, &|k| self.make_room(k)))
    }

    /// The nim-value of `s` (impartial rules).
    pub fn nim_value(&self, s: &Shape) -> Result<u32> {
        debug_assert_eq!(self.rules.kind(), Kind::Impartial);
        let v = self.value(s)?;
        Ok(v.as_nus()
            .map(|n| n.nim)
            .expect("impartial values are nimbers"))
    }

    /// The moves of `player` in `s`, each with the value of the position it leaves.
    pub fn valued_moves(&self, s: &Shape, player: Player) -> Result<Vec<(Move, GameId)>> {
        let mut moves = Vec::new();
        self.rules.moves(s, player, &mut moves);
        moves
            .into_iter()
            .map(|m| {
                let v = self.value(&m.after)?;
                Ok((m, v))
            })
            .collect()
    }

    fn part(&self, s: &Shape) -> Result<GameId> {
        if let Some(v) = self.rules.known_value(s) {
            return v;
        }
        let exact = labelled_key(s, self.rules);
        self.labelled_lookups.fetch_add(1, Ordering::Relaxed);
        if let Some(v) = self.labelled.get(&exact) {
            self.labelled_hits.fetch_add(1, Ordering::Relaxed);
            return Ok(*v);
        }
        let v = self.canonical_part(s)?;
        self.make_room(1);
        self.labelled.insert(exact, v);
        Ok(v)
    }

    /// Empties the tables when `more` entries would take them past the cap (counted as
    /// they are inserted: counting the tables themselves visits all their shards).
    fn make_room(&self, more: usize) {
        let cap = self.cap.load(Ordering::Relaxed);
        let held = self.held.fetch_add(more, Ordering::Relaxed);
        if cap == usize::MAX || held < cap {
            return;
        }
        self.evicted.fetch_add(held as u64, Ordering::Relaxed);
        self.held.store(more, Ordering::Relaxed);
        self.games.clear();
        self.labelled.clear();
        if let Some(g) = &self.grid {
            g.clear();
        }
        if let Some(t) = &self.stones {
            t.clear();
        }
    }

    /// The value of a part by its canonical key. With a declared [`Mirror`](crate::rules::shape_rules::Mirror), a solved
    /// part is stored under its own key and (negated) under its mirror image's, so a
    /// later lookup of either needs one canonical labelling; the mirror's key is only
    /// computed when the own key is not found.
    fn canonical_part(&self, s: &Shape) -> Result<GameId> {
        let own = self.rules.key(s);
        self.lookups.fetch_add(1, Ordering::Relaxed);
        if let Some(v) = self.games.get(&own) {
            self.hits.fetch_add(1, Ordering::Relaxed);
            return Ok(*v);
        }
        let mirror = match self.rules.kind() {
            Kind::Partizan => self.rules.mirror().of(s).map(|m| self.rules.key(&m)),
            Kind::Impartial => None,
        };
        if let Some(other) = &mirror
            && let Some(v) = self.games.get(other)
        {
            self.hits.fetch_add(1, Ordering::Relaxed);
            return Ok(-*v);
        }
        let guard = Valuing::enter(self.rules, &own)?;
        let v = match self.rules.kind() {
            Kind::Impartial => GameId::nimber(self.mex(s)?),
            Kind::Partizan => {
                let l = self.side(s, Player::Left)?;
                let r = self.side(s, Player::Right)?;
                GameId::from_options(&l, &r)?
            }
        };
        drop(guard);
        self.make_room(1 + mirror.is_some() as usize);
        if let Some(other) = mirror {
            // A self-mirror part (its value is its own negative) has other == own.
            self.games.insert(other, -v);
        }
        self.games.insert(own, v);
        Ok(v)
    }

    fn side(&self, s: &Shape, player: Player) -> Result<Vec<GameId>> {
        let mut moves = Vec::new();
        self.rules.moves(s, player, &mut moves);
        moves.iter().map(|m| self.value(&m.after)).collect()
    }

    fn mex(&self, s: &Shape) -> Result<u32> {
        let mut moves = Vec::new();
        self.rules.moves(s, Player::Left, &mut moves);
        let mut seen = vec![false; moves.len() + 1];
        for m in &moves {
            let g = self.value(&m.after)?;
            let nim = g
                .as_nus()
                .map(|n| n.nim)
                .expect("impartial values are nimbers");
            if (nim as usize) < seen.len() {
                seen[nim as usize] = true;
            }
        }
        let mex = seen
            .iter()
            .position(|&x| !x)
            .expect("one more slot than moves") as u32;
        if mex > MAX_NIM {
            return Err(Error::Limit(format!(
                "a nim-value beyond {MAX_NIM}, the shaped solver's limit"
            )));
        }
        Ok(mex)
    }
}

thread_local! {
    /// The positions this thread is valuing, for rules that [`ShapedRules::may_loop`].
    static VALUING: std::cell::RefCell<std::collections::HashSet<ShapeKey>> =
        std::cell::RefCell::new(std::collections::HashSet::new());
}

/// A position being valued on this thread: left when dropped (on every path out).
pub(super) struct Valuing(ShapeKey);

impl Valuing {
    /// For rules that [`ShapedRules::may_loop`]: marks `key` as being valued; a limit
    /// error if it already is (the rules lead back to it: the game would never end) or
    /// if the line of play is too long. `None` for other rules.
    pub(super) fn enter(rules: &dyn ShapedRules, key: &ShapeKey) -> Result<Option<Valuing>> {
        if !rules.may_loop() {
            return Ok(None);
        }
        VALUING.with(|v| {
            let mut v = v.borrow_mut();
            if v.contains(key) {
                return Err(Error::Limit(
                    "the rules lead back to a position being played (a game that need not end; rules must make every game end)".into(),
                ));
            }
            if v.len() >= crate::rules::shape_rules::MAX_DEPTH {
                return Err(Error::Limit(format!(
                    "a line of play longer than {} moves",
                    crate::rules::shape_rules::MAX_DEPTH
                )));
            }
            v.insert(key.clone());
            Ok(Some(Valuing(key.clone())))
        })
    }
}

impl Drop for Valuing {
    fn drop(&mut self) {
        VALUING.with(|v| v.borrow_mut().remove(&self.0));
    }
}

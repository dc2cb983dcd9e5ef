//! Optimal play of scoring games on graphs ([`ScoringRules`]): exact minimax on the
//! score margin, memoised by the rules' canonical key of what the rest of the game
//! depends on, in one table shared by all threads (values are functions of the key, so
//! racing writers store the same value).
//!
//! f(B) is the margin the player to move can force from board B on: for games where the
//! lower total wins, the opponent's future points minus the mover's; so
//! f(B) = max over moves (−points − f(B')), f = 0 on a full board. The margin of a game
//! (second player's total minus the first's, positive when the first player wins) is f
//! of the starting board; where the higher total wins, signs turn round.
//!
//! The search is alpha-beta (negamax) with the table holding bounds: each entry is an
//! interval that f of its key is known to lie in, narrowed whenever a search learns
//! more; an exact value is an interval of one point. Moves are tried in the rules'
//! order with the cheapest first. Every bound stored is true, so results are exact and do
//! not depend on which thread stored what first.

use super::table::{Table, TableStats};
use crate::graphs::Graph;
use crate::rules::scoring::{Board, ScoringMove, ScoringRules};

/// Who wins under optimal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    /// The player who moves first.
    First,
    /// The other player.
    Second,
    /// Equal totals.
    Draw,
}

impl Winner {
    /// `first`, `second` or `draw`.
    pub fn word(self) -> &'static str {
        match self {
            Winner::First => "first",
            Winner::Second => "second",
            Winner::Draw => "draw",
        }
    }
}

/// The optimal play of one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// Second player's total minus the first's under optimal play (lower-wins games;
    /// positive: the first player wins).
    pub margin: i64,
    /// Who wins.
    pub winner: Winner,
    /// Every optimal first move.
    pub best_moves: Vec<ScoringMove>,
    /// Every first move with the margin it leads to (same sign convention); filled by
    /// [`ScoringSolver::play_with`] only.
    pub first_moves: Vec<(ScoringMove, i64)>,
    /// One principal variation: optimal moves, in order, from the empty board to the
    /// full one (at each turn the first optimal move in the rules' order).
    pub variation: Vec<ScoringMove>,
    /// The totals of the first and the second player along the principal variation.
    pub totals: (i64, i64),
}

/// Beyond every margin (margins are at most the sum of the numbers written).
const INF: i64 = 1 << 30;

/// A solver for one scoring ruleset with its shared table.
pub struct ScoringSolver {
    rules: &'static dyn ScoringRules,
    extra: u32,
    table: Table<(i32, i32)>,
}

impl ScoringSolver {
    /// A solver with an empty table; `extra` is the rules' option (see the ruleset).
    pub fn new(rules: &'static dyn ScoringRules, extra: u32) -> ScoringSolver {
        ScoringSolver {
            rules,
            extra,
            table: Table::new(),
        }
    }

    /// An error if `g` is beyond what the rules can represent with this solver's option
    /// (a limit, not a silent cap).
    pub fn check_bounds(&self, g: &Graph) -> crate::error::Result<()> {
        match self.rules.beyond_limits(g, self.extra) {
            Some(why) => Err(crate::error::Error::Limit(why)),
            None => Ok(()),
        }
    }

    /// The same solver (and table) with the rules' option `extra` changed. The table's
    /// entries are for one `extra` only, so this is for a solver before its first use.
    pub fn with_extra(mut self, extra: u32) -> ScoringSolver {
        debug_assert!(self.table.is_empty());
        self.extra = extra;
        self
    }

    /// Caps the table at `entries`, also while in use (values stay exact; see
    /// [`Table::set_cap`]).
    pub fn set_cap(&self, entries: usize) {
        self.table.set_cap(entries);
    }

    /// What the table did.
    pub fn table_stats(&self) -> TableStats {
        self.table.stats()
    }

    /// The rules.
    pub fn rules(&self) -> &'static dyn ScoringRules {
        self.rules
    }

    fn sign(&self) -> i64 {
        if self.rules.lower_wins() { -1 } else { 1 }
    }

    /// f of a board (see the module documentation), exactly.
    pub fn value(&self, b: &Board) -> i64 {
        self.exact(&mut b.clone())
    }

    /// f exactly, by MTD(f) (Plaat et al. 1996): null-window searches around a guess,
    /// each moving a bound, until the bounds meet; with the table keeping what each
    /// search learnt, this looks at fewer boards than one search with a full window.
    fn exact(&self, b: &mut Board) -> i64 {
        let (mut lo, mut hi) = (-INF, INF);
        let mut g = 0;
        while lo < hi {
            let beta = if g == lo { g + 1 } else { g };
            g = self.search(b, beta - 1, beta);
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        g
    }

    /// Negamax with a window: the exact f if it lies strictly inside (alpha, beta), else a
    /// bound on the same side (at most alpha, or at least beta).
    fn search(&self, b: &mut Board, alpha: i64, beta: i64) -> i64 {
        if b.empty == 0 {
            return 0;
        }
        let key = self.rules.key(b);
        let (mut lo, mut hi) = self
            .table
            .get(&key)
            .map_or((-INF, INF), |(l, h)| (l as i64, h as i64));
        if lo == hi || lo >= beta {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        let (mut a, beta_) = (alpha.max(lo), beta.min(hi));
        let mut moves = Vec::new();
        self.rules.moves(b, &mut moves);
        moves.sort_by_key(|m| m.points);
        let mut best = -INF;
        for &m in &moves {
            let s = self.sign() * m.points as i64;
            let token = self.rules.apply(b, m);
            let v = s - self.search(b, s - beta_, s - a);
            self.rules.undo(b, m, token);
            best = best.max(v);
            a = a.max(best);
            if a >= beta_ {
                break;
            }
        }
        // What this search proved: best is exact if it fell strictly inside the window
        // it searched, an upper bound if it failed low, a lower bound if it failed high.
        let window_lo = alpha.max(lo);
        if best <= window_lo {
            hi = hi.min(best);
        } else if best >= beta_ {
            lo = lo.max(best);
        } else {
            lo = best;
            hi = best;
        }
        // Merge with what another thread may have stored meanwhile: both are true.
        let merge = |old: Option<(i32, i32)>| {
            let (l, h) = old.map_or((-INF, INF), |(l, h)| (l as i64, h as i64));
            (lo.max(l) as i32, hi.min(h) as i32)
        };
        self.table.update(key, merge);
        best
    }

    /// The exact value of move `m` for the player to move on `b` (b is left unchanged).
    fn exact_after(&self, b: &mut Board, m: ScoringMove) -> i64 {
        let token = self.rules.apply(b, m);
        let v = self.sign() * m.points as i64 - self.exact(b);
        self.rules.undo(b, m, token);
        v
    }

    /// Whether move `m` reaches the value `f` of `b` (a move never does better), by one
    /// null-window search: cheaper than the move's exact value.
    fn is_optimal(&self, b: &mut Board, m: ScoringMove, f: i64) -> bool {
        let s = self.sign() * m.points as i64;
        let token = self.rules.apply(b, m);
        // s − child ≥ f  ⇔  child ≤ s − f.
        let child = self.search(b, s - f, s - f + 1);
        self.rules.undo(b, m, token);
        child <= s - f
    }

    /// The optimal play of the board `g`: the margin, every optimal first move and one
    /// principal variation. `with_all`: also the exact value of every first move (for
    /// `explain`; otherwise `first_moves` is empty).
    pub fn play_with(&self, g: &Graph, with_all: bool) -> Play {
        let mut b = self.rules.start(g, self.extra);
        let margin = self.value(&b);
        let mut first = Vec::new();
        self.rules.moves(&b, &mut first);
        let first_moves: Vec<(ScoringMove, i64)> = if with_all {
            first
                .iter()
                .map(|&m| (m, self.exact_after(&mut b, m)))
                .collect()
        } else {
            Vec::new()
        };
        let best_moves = first
            .iter()
            .copied()
            .filter(|&m| self.is_optimal(&mut b, m, margin))
            .collect();
        let mut variation = Vec::new();
        let mut totals = (0i64, 0i64);
        while b.empty != 0 {
            let f = self.value(&b);
            let mut moves = Vec::new();
            self.rules.moves(&b, &mut moves);
            let m = moves
                .into_iter()
                .find(|&m| self.is_optimal(&mut b, m, f))
                .expect("an optimal move exists");
            if variation.len() % 2 == 0 {
                totals.0 += m.points as i64;
            } else {
                totals.1 += m.points as i64;
            }
            variation.push(m);
            self.rules.apply(&mut b, m);
        }
        Play {
            margin,
            winner: match margin.cmp(&0) {
                std::cmp::Ordering::Greater => Winner::First,
                std::cmp::Ordering::Less => Winner::Second,
                std::cmp::Ordering::Equal => Winner::Draw,
            },
            best_moves,
            first_moves,
            variation,
            totals,
        }
    }

    /// [`ScoringSolver::play_with`] without the value of every first move.
    pub fn play(&self, g: &Graph) -> Play {
        self.play_with(g, false)
    }
}

impl Play {
    /// The optimal first moves as `vertex:number` separated by spaces.
    pub fn best_moves_text(&self) -> String {
        self.best_moves
            .iter()
            .map(|m| format!("{}:{}", m.vertex, m.points))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The largest number written along the principal variation.
    pub fn max_number(&self) -> u32 {
        self.variation.iter().map(|m| m.points).max().unwrap_or(0)
    }
}

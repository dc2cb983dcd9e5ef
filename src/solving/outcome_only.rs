//! Outcome classes without canonical forms (`eval --outcome-only`, `rectangles`): who
//! wins moving first, for each player.
//!
//! Domineering boards go to the bitboard search ([`super::outcome_search`]). Before it,
//! the board is cut into its components (cells joined by a possible domino). A sum's
//! outcome is not a function of its parts' outcomes, so parts are combined by **values**:
//! every component of at most [`SMALL_COMPONENT`] cells is valued exactly (canonical
//! form, by the shared [`ShapedSolver`]), and
//! - if every component is small, the outcome is the sum's value's outcome;
//! - if one component is large and the small ones sum to an integer `k`, the large one is
//!   searched with `k` beside it (the search plays `k` as `k` moves of its owner, so it
//!   searches a game equal to the board);
//! - otherwise the whole board is searched as one position.
//!
//! Each case computes the outcome of a game equal to the board, so the answer is exact.
//!
//! Other rules on shapes (Cram, generalised Domineering on graphs) get a plain AND/OR
//! search over the ruleset's own moves with a table keyed by the canonical key and the
//! player to move, at most a given number of entries (past it: an error naming it).

use std::collections::HashMap;
use std::time::Instant;

use super::outcome_search::{ENTRY_BYTES, Geometry, Search, SearchStats};
use super::shape_solver::ShapedSolver;
use crate::error::{Error, Result};
use crate::rules::shape_rules::{Kind, Move, Player, ShapedRules};
use crate::shapes::{Shape, ShapeKey, board};
use crate::values::Outcome;

/// Largest component valued exactly (as a game) before the search.
pub const SMALL_COMPONENT: usize = 10;

/// Largest table of the bitboard search, in buckets (of two entries).
pub const MAX_TABLE_BITS: u32 = 23;

/// How the outcome was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Every component valued exactly; the outcome of their sum.
    Values,
    /// The bitboard search (with an integer from valued components beside the board).
    Search,
    /// The plain search over the ruleset's moves.
    Plain,
}

impl Method {
    /// `values`, `search` or `plain`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Values => "values",
            Method::Search => "search",
            Method::Plain => "plain",
        }
    }
}

/// An outcome and what finding it took.
#[derive(Clone, Copy, Debug)]
pub struct OutcomeReport {
    /// The outcome class.
    pub outcome: Outcome,
    /// How it was found.
    pub method: Method,
    /// Search nodes (0 if no search ran).
    pub nodes: u64,
    /// The search's counters.
    pub stats: SearchStats,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The outcome class from who wins moving first.
pub fn outcome_of(left_first_wins: bool, right_first_wins: bool) -> Outcome {
    match (left_first_wins, right_first_wins) {
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (true, true) => Outcome::N,
        (false, false) => Outcome::P,
    }
}

/// Table size (log2 of buckets) for a memory budget in bytes: the largest power of two
/// whose table fits in half the budget, at most [`MAX_TABLE_BITS`].
pub fn table_bits(budget: u64) -> u32 {
    let buckets = (budget / 2 / (2 * ENTRY_BYTES as u64)).max(1);
    (63 - buckets.leading_zeros()).min(MAX_TABLE_BITS)
}

/// A board's cells as a bitboard in their bounding rectangle.
fn bitboard(cells: &[(i32, i32)]) -> Result<(Geometry, u128)> {
    if cells.is_empty() {
        return Ok((Geometry::new(1, 1)?, 0));
    }
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let h = (cells.iter().map(|c| c.0).max().unwrap_or(0) - r0 + 1) as usize;
    let w = (cells.iter().map(|c| c.1).max().unwrap_or(0) - c0 + 1) as usize;
    let g = Geometry::new(h, w)?;
    let mut free = 0u128;
    for &(r, c) in cells {
        free |= g.bit((r - r0) as usize, (c - c0) as usize);
    }
    Ok((g, free))
}

/// The outcome of a Domineering board (a shape with its cells). `small` values the
/// small components; `bits` sizes the search's table.
pub fn domineering(s: &Shape, small: &ShapedSolver, bits: u32) -> Result<OutcomeReport> {
    domineering_with(s, small, bits, SMALL_COMPONENT)
}

/// [`domineering`] with components of at most `small_max` cells valued as games (0: the
/// search does everything, for tests).
pub fn domineering_with(
    s: &Shape,
    small: &ShapedSolver,
    bits: u32,
    small_max: usize,
) -> Result<OutcomeReport> {
    let start = Instant::now();
    let cells = s.place().ok_or_else(|| {
        Error::usage("outcome-only Domineering search: the position is not a board")
    })?;
    let mut large: Vec<Vec<(i32, i32)>> = Vec::new();
    let mut sum = crate::values::game::GameId::zero();
    for comp in s.components() {
        let part: Vec<(i32, i32)> = comp.iter().map(|&v| cells[v]).collect();
        if part.len() <= small_max {
            sum = sum.checked_add(small.value(&board::from_cells(&part))?)?;
        } else {
            large.push(part);
        }
    }
    let report = |outcome, method, stats: SearchStats| OutcomeReport {
        outcome,
        method,
        nodes: stats.nodes,
        stats,
        seconds: start.elapsed().as_secs_f64(),
    };
    if large.is_empty() {
        return Ok(report(
            sum.outcome(),
            Method::Values,
            SearchStats::default(),
        ));
    }
    let integer = sum
        .as_number()
        .filter(|d| d.is_integer() && large.len() == 1)
        .map(|d| d.num());
    let (target, offset) = match integer {
        Some(k) => (large.swap_remove(0), k),
        None => (cells.to_vec(), 0),
    };
    let offset = i32::try_from(offset).map_err(|_| {
        Error::Limit(format!(
            "outcome-only search: an integer of {offset} beside the board is past the search's range"
        ))
    })?;
    let (g, free) = bitboard(&target)?;
    let mut search = Search::new(g, bits)?;
    let left = search.wins(free, offset, true)?;
    let right = search.wins(free, offset, false)?;
    Ok(report(
        outcome_of(left, right),
        Method::Search,
        search.stats,
    ))
}

/// The outcome of a position of any rules on shapes by plain AND/OR search over its
/// moves, with a table of at most `cap` entries (past it: an error naming the limit).
pub fn plain(rules: &'static dyn ShapedRules, s: &Shape, cap: usize) -> Result<OutcomeReport> {
    let start = Instant::now();
    let mut p = Plain {
        rules,
        table: HashMap::new(),
        cap,
        nodes: 0,
    };
    let left = p.wins(s, Player::Left)?;
    let right = match rules.kind() {
        Kind::Impartial => left,
        Kind::Partizan => p.wins(s, Player::Right)?,
    };
    let stats = SearchStats {
        nodes: p.nodes,
        ..SearchStats::default()
    };
    Ok(OutcomeReport {
        outcome: outcome_of(left, right),
        method: Method::Plain,
        nodes: p.nodes,
        stats,
        seconds: start.elapsed().as_secs_f64(),
    })
}

struct Plain {
    rules: &'static dyn ShapedRules,
    table: HashMap<(ShapeKey, bool), bool>,
    cap: usize,
    nodes: u64,
}

impl Plain {
    fn wins(&mut self, s: &Shape, player: Player) -> Result<bool> {
        self.nodes += 1;
        let impartial = self.rules.kind() == Kind::Impartial;
        let key = (self.rules.key(s), impartial || player == Player::Left);
        if let Some(&w) = self.table.get(&key) {
            return Ok(w);
        }
        let guard = super::shape_solver::Valuing::enter(self.rules, &key.0)?;
        let mut moves: Vec<Move> = Vec::new();
        self.rules.moves(s, player, &mut moves);
        let other = match player {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        };
        let mut win = false;
        for m in &moves {
            if !self.wins(&m.after, other)? {
                win = true;
                break;
            }
        }
        drop(guard);
        if self.table.len() >= self.cap {
            return Err(Error::Limit(format!(
                "outcome-only plain search: its table reached its cap of {} entries (raise --memory)",
                self.cap
            )));
        }
        self.table.insert(key, win);
        Ok(win)
    }
}

/// One row of the rectangle table.
#[derive(Clone, Copy, Debug)]
pub struct Rectangle {
    /// Rows (the board's height).
    pub rows: usize,
    /// Columns.
    pub columns: usize,
    /// The outcome and what it took.
    pub report: OutcomeReport,
}

/// The outcome of the `rows x columns` Domineering rectangle.
pub fn rectangle(rows: usize, columns: usize, bits: u32) -> Result<OutcomeReport> {
    let start = Instant::now();
    let g = Geometry::new(rows, columns)?;
    let mut search = Search::new(g, bits)?;
    let left = search.wins(g.all(), 0, true)?;
    // A square is its own quarter turn, which exchanges the players: Right moving first
    // wins exactly when Left moving first does.
    let right = if rows == columns {
        left
    } else {
        search.wins(g.all(), 0, false)?
    };
    Ok(OutcomeReport {
        outcome: outcome_of(left, right),
        method: Method::Search,
        nodes: search.stats.nodes,
        stats: search.stats,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Every `m x n` Domineering rectangle with `min <= m <= n <= max`, in order of `m`
/// then `n` (the `n x m` one is its quarter turn, so its outcome is this one with L and
/// R exchanged), each passed to `each`.
pub fn rectangles(
    min: usize,
    max: usize,
    bits: u32,
    mut each: impl FnMut(Rectangle) -> Result<()>,
) -> Result<()> {
    for m in min.max(1)..=max {
        for n in m..=max {
            // A small rectangle needs no big table (and a fresh one is zeroed).
            let report = rectangle(m, n, bits.min(10 + (m * n / 2) as u32))?;
            each(Rectangle {
                rows: m,
                columns: n,
                report,
            })?;
        }
    }
    Ok(())
}

/// The header of `eval --outcome-only`.
pub const EVAL_HEADER: &str = "position,size,outcome,method,nodes,seconds";

/// The header of `rectangles`.
pub const RECTANGLES_HEADER: &str = "rows,columns,cells,outcome,nodes,seconds";

fn write_err(e: std::io::Error) -> Error {
    Error::io("writing the output", e)
}

/// The outcome of one position of `rules` in its notation: the Domineering bitboard
/// search for a board of Domineering, the plain search otherwise; tables sized from the
/// memory budget `budget` (bytes).
pub fn solve_text(
    rules: &'static dyn ShapedRules,
    text: &str,
    budget: u64,
) -> Result<(Shape, OutcomeReport)> {
    let s = rules.parse(text)?;
    let report = if rules.name() == "domineering" && s.place().is_some() {
        let small = ShapedSolver::new(rules);
        // A small board needs no big table (and a fresh one is zeroed).
        domineering(&s, &small, table_bits(budget).min(10 + (s.n() / 2) as u32))?
    } else {
        // A plain table entry: a canonical key (a few hundred bytes at most) and a flag.
        let cap = (budget / 2 / 512).max(1024) as usize;
        plain(rules, &s, cap)?
    };
    Ok((s, report))
}

/// `eval --outcome-only`: one CSV row ([`EVAL_HEADER`]) per position, each line of
/// `lines` one position (blank lines skipped).
pub fn eval_outcomes(
    rules: &'static dyn ShapedRules,
    lines: impl IntoIterator<Item = Result<String>>,
    budget: u64,
    out: &mut dyn std::io::Write,
) -> Result<()> {
    writeln!(out, "{EVAL_HEADER}").map_err(write_err)?;
    for line in lines {
        let line = line?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let (s, r) = solve_text(rules, text, budget)?;
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record([
            rules.write(&s),
            rules.size(&s).to_string(),
            r.outcome.to_string(),
            r.method.name().to_string(),
            r.nodes.to_string(),
            format!("{:.3}", r.seconds),
        ])
        .map_err(|e| Error::io("formatting CSV", std::io::Error::other(e)))?;
        let bytes = w
            .into_inner()
            .map_err(|e| Error::io("formatting CSV", std::io::Error::other(e.to_string())))?;
        out.write_all(&bytes)
            .and_then(|_| out.flush())
            .map_err(write_err)?;
    }
    Ok(())
}

/// `rectangles`: the outcome of every `m x n` Domineering rectangle with
/// `min <= m <= n <= max`, one CSV row ([`RECTANGLES_HEADER`]) each, written as found.
pub fn write_rectangles(
    min: usize,
    max: usize,
    budget: u64,
    out: &mut dyn std::io::Write,
) -> Result<()> {
    if min == 0 || min > max {
        return Err(Error::usage(format!(
            "rectangles: --min {min} and --max {max} must satisfy 1 <= min <= max"
        )));
    }
    // Checked before any work, so a too-large --max fails at once.
    Geometry::new(max, max)?;
    writeln!(out, "{RECTANGLES_HEADER}").map_err(write_err)?;
    rectangles(min, max, table_bits(budget), |r| {
        writeln!(
            out,
            "{},{},{},{},{},{:.3}",
            r.rows,
            r.columns,
            r.rows * r.columns,
            r.report.outcome,
            r.report.nodes,
            r.report.seconds
        )
        .and_then(|_| out.flush())
        .map_err(write_err)
    })
}

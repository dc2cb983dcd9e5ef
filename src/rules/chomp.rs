//! Chomp (Gale 1974; Winning Ways ch. 18), as its own ruleset for its census: the poset
//! game of [`super::poset`] on Young diagrams, positions written by their row lengths with
//! the poisoned square counted in the first row (`5,5,3`; `1` the poison alone). Taking the
//! poison loses, which is normal play on the diagram without it. The census lists every
//! diagram of at most [`MAX_ROWS`] rows by its number of squares (poison included), so
//! the rectangles a x b with a <= 4 and everything inside them up to the size asked.

use std::sync::{Arc, Mutex};

use super::chomp_table::{ChompTable, diagrams};
use super::poset::{PosetGame, chomp, chomp_rows, parse_rows, say_element, write_chomp};
use super::shape_rules::{Act, Kind, Move, Player, ShapedRules};
use crate::error::{Error, Result};
use crate::shapes::Shape;
use crate::values::game::GameId;

/// Chomp.
pub struct Chomp;

/// Most rows of a census position.
pub const MAX_ROWS: usize = 4;

/// Most squares of a census position.
pub const MAX_CENSUS_SQUARES: usize = 80;

/// Diagrams of at least this many rows are valued by the table of their rectangle: with
/// fewer, the poset solver (components and canonical keys) is fast (4 rows of 12 squares
/// in 0.13 s), past them it is not (6 x 6 took 3 s, 7 x 7 more than 300 s, where its
/// table of 3,432 diagrams takes a millisecond). A census lists at most [`MAX_ROWS`] rows,
/// so its path is unchanged.
pub const TABLE_FROM_ROWS: usize = 5;

/// The largest table a single position is valued by (2 bytes a diagram: 32 MiB); a
/// larger rectangle is left to the poset solver.
pub const TABLE_MAX: u64 = 1 << 24;

/// The last table computed, kept for the next position inside its rectangle (the options
/// `explain` values, the lines of one `eval`).
static LAST_TABLE: Mutex<Option<Arc<ChompTable>>> = Mutex::new(None);

/// The nim-value of the diagram of row lengths `rows` from the table of its rectangle, or
/// `None` if that table would pass [`TABLE_MAX`]; an error if the work is stopped.
fn table_value(rows: &[usize]) -> Option<Result<u16>> {
    let (r, c) = (rows.len(), rows[0]);
    let cached = LAST_TABLE.lock().unwrap_or_else(|e| e.into_inner()).clone();
    if let Some(t) = cached.filter(|t| t.rows() >= r && t.columns() >= c) {
        return t.value(rows).map(Ok);
    }
    // A rectangle the table does not take (too many rows, values past 16 bits) or too
    // large a table: the poset solver.
    if diagrams(r, c).is_none_or(|n| n > TABLE_MAX) || ChompTable::check(r, c, u64::MAX).is_err() {
        return None;
    }
    let stop = || match crate::sys::stop::reason() {
        Some(reason) => Err(crate::sys::stop::error(
            &reason,
            "the lines written so far are whole",
        )),
        None => Ok(()),
    };
    let t = match ChompTable::compute(r, c, u64::MAX, &stop) {
        Ok(t) => Arc::new(t),
        Err(e) => return Some(Err(e)),
    };
    let v = t.value(rows);
    *LAST_TABLE.lock().unwrap_or_else(|e| e.into_inner()) = Some(t);
    v.map(Ok)
}

/// Every partition of `n` into at most `parts` parts, each at most `max`, in
/// lexicographic order of the rows, largest first.
fn partitions(
    n: usize,
    parts: usize,
    max: usize,
    prefix: &mut Vec<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    if n == 0 {
        out.push(prefix.clone());
        return;
    }
    if parts == 0 {
        return;
    }
    for first in (1..=max.min(n)).rev() {
        prefix.push(first);
        partitions(n - first, parts - 1, first, prefix, out);
        prefix.pop();
    }
}

impl ShapedRules for Chomp {
    fn name(&self) -> &'static str {
        "chomp"
    }

    fn description(&self) -> &'static str {
        "Chomp by row lengths, the poisoned square in the first row; take a square and all below and right of it, who takes the poison loses"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn directed(&self) -> bool {
        true
    }

    fn notation(&self) -> &'static str {
        "poset"
    }

    fn notation_help(&self) -> &'static str {
        "row lengths r1,r2,... non-increasing, the poisoned square counted in the first row (1 is the poison alone, 3,2 a second-player win, 4,4,4 or 3x4 the 3 x 4 rectangle; chomp:4,4,4 too)"
    }

    fn parse(&self, text: &str) -> Result<Shape> {
        parse_rows(text)
    }

    fn write(&self, s: &Shape) -> String {
        match chomp_rows(s) {
            Some(rows) => write_chomp(&rows)["chomp:".len()..].to_string(),
            None => PosetGame.write(s),
        }
    }

    fn size(&self, s: &Shape) -> usize {
        s.n() + 1
    }

    fn size_unit(&self) -> &'static str {
        "squares"
    }

    fn moves(&self, s: &Shape, player: Player, out: &mut Vec<Move>) {
        PosetGame.moves(s, player, out)
    }

    fn say(&self, s: &Shape, act: Act) -> String {
        match act {
            Act::Vertex(x) => say_element(s, x),
            other => PosetGame.say(s, other),
        }
    }

    fn key(&self, s: &Shape) -> crate::shapes::ShapeKey {
        PosetGame.key(s)
    }

    /// A chain (one row or one column) is a nim heap, as in any poset game; a whole
    /// diagram of at least [`TABLE_FROM_ROWS`] rows is looked up in the table of every
    /// diagram inside its rectangle ([`ChompTable`], as `gamecensus chomp` computes it),
    /// when that table holds at most [`TABLE_MAX`] diagrams.
    fn known_value(&self, part: &Shape) -> Option<Result<GameId>> {
        if let Some(v) = PosetGame.known_value(part) {
            return Some(v);
        }
        let rows = chomp_rows(part)?;
        if rows.len() < TABLE_FROM_ROWS {
            return None;
        }
        Some(table_value(&rows)?.map(|g| GameId::nimber(g as u32)))
    }

    /// Every Young diagram of `size` squares with at most [`MAX_ROWS`] rows.
    fn enumerate(&self, size: usize, emit: &mut dyn FnMut(Shape) -> bool) -> Result<()> {
        if size > MAX_CENSUS_SQUARES {
            return Err(Error::Limit(format!(
                "a Chomp census goes up to {MAX_CENSUS_SQUARES} squares; asked for {size}"
            )));
        }
        if size == 0 {
            return Ok(()); // the poison is always there
        }
        let mut all = Vec::new();
        partitions(size, MAX_ROWS, size, &mut Vec::new(), &mut all);
        for rows in all {
            if !emit(chomp(&rows)?) {
                break;
            }
        }
        Ok(())
    }

    fn max_census_size(&self) -> usize {
        MAX_CENSUS_SQUARES
    }
}

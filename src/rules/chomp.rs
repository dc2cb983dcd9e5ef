//! Chomp (Gale 1974; Winning Ways ch. 18), as its own ruleset for its census: the poset
//! game of [`super::poset`] on Young diagrams, positions written by their row lengths with
//! the poisoned square counted in the first row (`5,5,3`; `1` the poison alone). Taking the
//! poison loses, which is normal play on the diagram without it. The census lists every
//! diagram of at most [`MAX_ROWS`] rows by its number of squares (poison included), so
//! the rectangles a x b with a <= 4 and everything inside them up to the size asked.

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

    /// A chain (one row or one column) is a nim heap, as in any poset game.
    fn known_value(&self, part: &Shape) -> Option<Result<GameId>> {
        PosetGame.known_value(part)
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

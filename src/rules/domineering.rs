//! Domineering (Winning Ways ch. 5; Lessons in Play ch. 1; CGSuite's `Domineering`):
//! Left places a vertical domino on two empty cells, one above the other, Right a
//! horizontal one on two side by side; normal play. On a board's shape (see
//! [`crate::shapes::board`]) Left's moves are the `V` edges and Right's the `H` edges,
//! and a move removes both ends, so any graph with `V`/`H` edges is a position
//! (generalised Domineering). Components are summed; a position and its `V`/`H` swap
//! (the board turned a quarter) share one table entry with opposite signs.

use super::shaped::{Act, Kind, Mirror, Move, Player, ShapedRules};
use crate::error::Result;
use crate::graphs::palette::Palette;
use crate::shapes::{Shape, board};

/// Domineering.
pub struct Domineering;

/// Domineering's edge palette: `V` (Left's) and `H` (Right's).
pub const DOMINO_EDGES: Palette = Palette {
    letters: b"VH",
    names: &[
        "vertical pair (Left's domino)",
        "horizontal pair (Right's domino)",
    ],
};

/// Appends, for each edge `keep` accepts, the move that covers both its ends.
pub fn domino_moves(s: &Shape, keep: impl Fn(u8) -> bool, out: &mut Vec<Move>) {
    for (i, e) in s.edges().iter().enumerate() {
        if keep(e.label) && e.a != e.b {
            let mut rest = vec![true; s.n()];
            rest[e.a as usize] = false;
            rest[e.b as usize] = false;
            out.push(Move {
                act: Act::Edge(i),
                after: s.induced(&rest),
            });
        }
    }
}

/// "a vertical domino on (1,1)-(2,1)".
pub fn say_domino(s: &Shape, act: Act) -> String {
    match act {
        Act::Edge(i) => {
            let e = s.edges()[i];
            let dir = if e.label == board::V {
                "vertical"
            } else {
                "horizontal"
            };
            format!(
                "places a {dir} domino on {}-{}",
                board::cell_name(s, e.a as usize),
                board::cell_name(s, e.b as usize)
            )
        }
        Act::Vertex(v) => format!("takes cell {}", board::cell_name(s, v)),
    }
}

impl ShapedRules for Domineering {
    fn name(&self) -> &'static str {
        "domineering"
    }

    fn description(&self) -> &'static str {
        "board of cells; Left places vertical dominoes, Right horizontal ones (normal play)"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn edge_palette(&self) -> Palette {
        DOMINO_EDGES
    }

    fn notation(&self) -> &'static str {
        "board"
    }

    fn notation_help(&self) -> &'static str {
        "rows separated by |, . an empty cell, # a filled one (..|.. is the 2x2 square, .#|.. an L tromino, 0 the empty board)"
    }

    fn parse(&self, text: &str) -> Result<Shape> {
        board::parse(text)
    }

    fn write(&self, s: &Shape) -> String {
        board::write(s)
    }

    fn size(&self, s: &Shape) -> usize {
        s.n()
    }

    fn size_unit(&self) -> &'static str {
        "cells"
    }

    fn moves(&self, s: &Shape, player: Player, out: &mut Vec<Move>) {
        let want = match player {
            Player::Left => board::V,
            Player::Right => board::H,
        };
        domino_moves(s, |l| l == want, out);
    }

    fn say(&self, s: &Shape, act: Act) -> String {
        say_domino(s, act)
    }

    fn mirror(&self) -> Mirror {
        Mirror::EdgeLabels(board::V, board::H)
    }

    fn enumerate(&self, size: usize, emit: &mut dyn FnMut(Shape) -> bool) -> Result<()> {
        for cells in board::flip_classes(size)? {
            if !emit(board::from_cells(&cells)) {
                break;
            }
        }
        Ok(())
    }

    fn max_census_size(&self) -> usize {
        board::MAX_POLYOMINO
    }
}

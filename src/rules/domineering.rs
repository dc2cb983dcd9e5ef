//! Domineering (Winning Ways ch. 5; Lessons in Play ch. 1; CGSuite's `Domineering`):
//! Left places a vertical domino on two empty cells, one above the other, Right a
//! horizontal one on two side by side; normal play. On a board's shape (see
//! [`crate::shapes::board`]) Left's moves are the `V` edges and Right's the `H` edges,
//! and a move removes both ends, so any graph with `V`/`H` edges is a position
//! (generalised Domineering). Components are summed; a position and its `V`/`H` swap
//! (the board turned a quarter) share one table entry with opposite signs.

use super::board_game::{Board, NO_STONES};
use super::dominoes::{DOMINO_EDGES, domino_moves, say_domino};
use super::shape_rules::{Act, Domino, Kind, Mirror, Move, Player, ShapedRules};
use crate::error::Result;
use crate::graphs::palette::Palette;
use crate::shapes::{Shape, board};

/// Domineering.
pub struct Domineering;

/// Domineering's notation: boards, or edge lists `a-b:V` and `a-b:H`.
const BOARD: Board = Board {
    help: HELP,
    stones: NO_STONES,
    edges: Some((DOMINO_EDGES, None)),
};

const HELP: &str = "rows separated by |, . an empty cell, # a filled one (..|.. is the 2x2 square, .#|.. an L tromino, 0 the empty board); or edges a-b:V and a-b:H separated by commas, vertices numbered from 0 (generalised Domineering on a graph: Left takes both ends of a V edge, Right of an H edge; 0-1:V,1-2:V is the 3x1 strip)";

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
        HELP
    }

    fn parse(&self, text: &str) -> Result<Shape> {
        BOARD.parse(text)
    }

    fn write(&self, s: &Shape) -> String {
        BOARD.write(s, true)
    }

    fn draw(&self, s: &Shape, caption: Option<&str>) -> Option<String> {
        BOARD.draw(s, caption)
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

    fn dominoes(&self) -> Option<(Domino, Domino)> {
        Some((Domino::Vertical, Domino::Horizontal))
    }

    fn mirror(&self) -> Mirror {
        Mirror::EdgeLabels(board::V, board::H)
    }

    fn enumerate(&self, size: usize, emit: &mut dyn FnMut(Shape) -> bool) -> Result<()> {
        Board::enumerate(size, emit)
    }

    fn max_census_size(&self) -> usize {
        Board::MAX_CENSUS_SIZE
    }
}

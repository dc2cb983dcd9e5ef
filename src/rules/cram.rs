//! Cram (Winning Ways ch. 5 "Cram"; Gardner; CGSuite's `Cram`): Domineering's impartial
//! twin, either player places a domino either way on two adjacent empty cells; normal
//! play, so values are nimbers. Positions are boards as for Domineering; the edge labels
//! are read by nobody, so a board and its quarter turn share one table entry.

use super::board_game::{Board, NO_STONES};
use super::dominoes::{DOMINO_EDGES, domino_moves, say_domino};
use super::shape_rules::{Act, Domino, Kind, Move, Player, ShapedRules};
use crate::error::Result;
use crate::graphs::palette::Palette;
use crate::shapes::{Shape, ShapeKey, board, canonical_key};

/// Cram.
pub struct Cram;

/// Cram's notation: boards, or edge lists whose labels are read and ignored.
const BOARD: Board = Board {
    help: HELP,
    stones: NO_STONES,
    edges: Some((DOMINO_EDGES, Some(board::V))),
};

const HELP: &str = "rows separated by |, . an empty cell, # a filled one (..|.. is the 2x2 square, .#|.. an L tromino, 0 the empty board); or edges a-b separated by commas, vertices numbered from 0 (generalised Cram on a graph, CGSuite's ArcKayles: a move takes both ends of an edge; a label :V or :H is accepted and ignored)";

impl ShapedRules for Cram {
    fn name(&self) -> &'static str {
        "cram"
    }

    fn description(&self) -> &'static str {
        "board of cells; either player places a domino either way (impartial, normal play)"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
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
        BOARD.write(s, false)
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

    fn moves(&self, s: &Shape, _player: Player, out: &mut Vec<Move>) {
        domino_moves(s, |_| true, out);
    }

    fn say(&self, s: &Shape, act: Act) -> String {
        say_domino(s, act)
    }

    fn dominoes(&self) -> Option<(Domino, Domino)> {
        Some((Domino::Any, Domino::Any))
    }

    fn key(&self, s: &Shape) -> ShapeKey {
        canonical_key(&s.map_edge_labels(|_| 0))
    }

    fn enumerate(&self, size: usize, emit: &mut dyn FnMut(Shape) -> bool) -> Result<()> {
        // Up to the reflections and the half turn, as for Domineering (a quarter turn
        // keeps a Cram value too, but the census lists the same boards for both games).
        Board::enumerate(size, emit)
    }

    fn max_census_size(&self) -> usize {
        Board::MAX_CENSUS_SIZE
    }
}

//! Amazons on small boards (Berlekamp, "Sums of N x 2 Amazons", 2000; Snatzke; CGSuite's
//! `Amazons`; the cgt crate's): Left's amazons `x` and Right's `o` on a board whose cells
//! are empty (`.`) or burnt (`#`: no cell). A move takes one of your amazons like a chess
//! queen through empty cells to an empty cell, then shoots an arrow like a queen from
//! there through empty cells (the cell just left counts as empty); the arrow's cell is
//! burnt for good. Normal play.
//!
//! As a shape a board has, besides the `V` and `H` edges of every board, an edge `D`
//! between a cell and the one diagonally below and to the right, and `A` below and to the
//! left; a queen's line is a run of edges of one label. A position is the sum of its
//! parts joined side by side or corner to corner; exchanging the colours negates. Exact
//! values on small boards only: the game tree of a board grows fast with its empty
//! cells (5x5 with a few amazons is the practical limit on one machine).

use super::board_game::{Board, O, X, XO_STONES, XO_SWAP, beyond, cell, neighbours};
use super::clobber_board::stones_of;
use super::shape_rules::{Act, Kind, Mirror, Move, Player, ShapedRules, StoneRules};
use crate::error::Result;
use crate::graphs::palette::Palette;
use crate::shapes::Shape;
use crate::shapes::placements::{Placements, Symmetry};
use crate::shapes::stone_board::{Step, StoneBoard, bits_of};

/// Amazons.
pub struct Amazons;

/// The lines of a board: `V`, `H` and the two diagonals.
const LINES: Palette = Palette {
    letters: b"VHDA",
    names: &[
        "vertical neighbours",
        "horizontal neighbours",
        "diagonal neighbours (down to the right)",
        "diagonal neighbours (down to the left)",
    ],
    colours: &["#555555", "#555555", "#999999", "#999999"],
};

/// The diagonal edge labels of [`LINES`].
const D: u8 = 2;
const A: u8 = 3;

const BOARD: Board = Board {
    help: "rows separated by |, x Left's amazon, o Right's, . an empty cell, # a burnt one (x..|...|..o)",
    stones: XO_STONES,
    edges: None,
};

/// The board with its diagonal edges added.
fn with_diagonals(mut s: Shape) -> Shape {
    let Some(place) = s.place().map(<[(i32, i32)]>::to_vec) else {
        return s;
    };
    let at: std::collections::HashMap<(i32, i32), usize> =
        place.iter().enumerate().map(|(v, &c)| (c, v)).collect();
    let mut edges = Vec::new();
    for (v, &(r, c)) in place.iter().enumerate() {
        if let Some(&u) = at.get(&(r + 1, c + 1)) {
            edges.push((v, u, D));
        }
        if let Some(&u) = at.get(&(r + 1, c - 1)) {
            edges.push((v, u, A));
        }
    }
    s.add_edges(edges);
    s
}

impl ShapedRules for Amazons {
    fn name(&self) -> &'static str {
        "amazons"
    }

    fn description(&self) -> &'static str {
        "small boards; move an amazon like a queen, then shoot an arrow like a queen that burns its cell (partizan)"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn vertex_palette(&self) -> Palette {
        XO_STONES
    }

    fn edge_palette(&self) -> Palette {
        LINES
    }

    fn notation(&self) -> &'static str {
        "board"
    }

    fn notation_help(&self) -> &'static str {
        BOARD.help
    }

    fn parse(&self, text: &str) -> Result<Shape> {
        Ok(with_diagonals(BOARD.parse(text)?))
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

    fn max_census_size(&self) -> usize {
        Board::MAX_CENSUS_SIZE
    }

    fn moves(&self, s: &Shape, player: Player, out: &mut Vec<Move>) {
        let (own, _) = stones_of(player);
        // The cells along `line` from `from` through `first`, while `open` says so.
        let ray = |from: usize, first: usize, line: u8, open: &dyn Fn(usize) -> bool| {
            let mut cells = Vec::new();
            let (mut prev, mut at) = (from, first);
            while open(at) {
                cells.push(at);
                match beyond(s, prev, at, line) {
                    Some(next) => (prev, at) = (at, next),
                    None => break,
                }
            }
            cells
        };
        for p in (0..s.n()).filter(|&p| s.label(p) == own) {
            for line in 0..4 {
                for q in neighbours(s, p, line) {
                    for to in ray(p, q, line, &|v| s.label(v) == 0) {
                        let free = |v: usize| v == p || (v != to && s.label(v) == 0);
                        for line2 in 0..4 {
                            for u in neighbours(s, to, line2) {
                                for arrow in ray(to, u, line2, &free) {
                                    let mut after = s.clone();
                                    after.set_label(p, 0);
                                    after.set_label(to, own);
                                    let keep: Vec<bool> = (0..s.n()).map(|v| v != arrow).collect();
                                    out.push(Move {
                                        act: Act::Shot { from: p, to, arrow },
                                        after: after.induced(&keep),
                                    });
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    fn say(&self, s: &Shape, act: Act) -> String {
        match act {
            Act::Shot { from, to, arrow } => format!(
                "{} moves from {} to {} and shoots at {}",
                XO_STONES.letters[s.label(from) as usize] as char,
                cell(s, from),
                cell(s, to),
                cell(s, arrow)
            ),
            other => format!("{other:?}"),
        }
    }

    fn mirror(&self) -> Mirror {
        Mirror::VertexLabels(X, O)
    }

    fn stones(&self) -> Option<StoneRules> {
        Some(StoneRules {
            stones_join: false,
            rows_only: false,
            diagonals: true,
            moves: &stone_moves,
            mirror: Some(|b| Some(b.swapped())),
            key: None,
            may_loop: false,
        })
    }

    fn enumerate(&self, size: usize, emit: &mut dyn FnMut(Shape) -> bool) -> Result<()> {
        Board::enumerate_stones(size, &PLACEMENTS, &mut |s| emit(with_diagonals(s)))
    }
}

/// What a census of Amazons lists: every board with every cell empty or holding an
/// amazon, up to the symmetries of the square and the exchange of colours.
const PLACEMENTS: Placements = Placements {
    strips: false,
    symmetry: Symmetry::Square,
    holds: &[0, X, O],
    swap: Some(&XO_SWAP),
    symmetry_swaps: false,
};

/// The moves of `player` on a part as a bitboard.
fn stone_moves(b: &StoneBoard, player: Player, out: &mut Vec<StoneBoard>) {
    let (own, _) = stones_of(player);
    for p in bits_of(b.with(own)) {
        let lifted = b.relabelled(&[(p, 0)]);
        for step in Step::QUEEN {
            let mut to = p;
            while let Some(t) = lifted.at(to, step).filter(|&t| lifted.label(t) == 0) {
                to = t;
                let moved = lifted.relabelled(&[(to, own)]);
                for shot in Step::QUEEN {
                    let mut arrow = to;
                    while let Some(a) = moved.at(arrow, shot).filter(|&a| moved.label(a) == 0) {
                        arrow = a;
                        out.push(moved.without(1 << arrow));
                    }
                }
            }
        }
    }
}

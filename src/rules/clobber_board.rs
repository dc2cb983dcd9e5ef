//! Clobber on boards (Albert, Grossman, Nowakowski & Wolfe, "An introduction to
//! Clobber", INTEGERS 5 (2005); CGSuite's `game.grid.Clobber`): black (`x`, Left's) and
//! white (`o`, Right's) stones on a board; a player moves one of his stones onto an
//! orthogonally adjacent stone of the other colour, which is removed; the cell left is
//! empty for good. All-small. The same game as `clobber` on the board's grid graph:
//! moves only follow the board's edges, whatever their direction.
//!
//! A position is the sum of its groups of stones joined side by side (empty cells never
//! fill again), and a group of one colour has no move (0, left out of the sum).
//! Exchanging the colours negates; a board's symmetries and its transpose keep the
//! value, so parts are keyed without the edges' directions.

use super::board_game::{Board, O, X, XO_STONES, XO_SWAP, board_notation, cell, relabelled};
use super::shape_rules::{Act, Kind, Mirror, Move, Player, ShapedRules, StoneRules};
use crate::shapes::placements::{Placements, Symmetry};
use crate::shapes::stone_board::{Step, StoneBoard, bits_of};
use crate::shapes::{Shape, ShapeKey, canonical_key};

/// Clobber on boards.
pub struct ClobberBoard;

const BOARD: Board = Board {
    help: "rows separated by |, x a black stone (Left's), o a white one (Right's), . an empty cell, # no cell (xo|ox is the 2x2 checkerboard, xxo the row of Albert et al.'s ↑)",
    stones: XO_STONES,
    edges: None,
};

/// The player's stone and the other's.
pub fn stones_of(player: Player) -> (u8, u8) {
    match player {
        Player::Left => (X, O),
        Player::Right => (O, X),
    }
}

impl ShapedRules for ClobberBoard {
    fn name(&self) -> &'static str {
        "clobber-board"
    }

    fn description(&self) -> &'static str {
        "board of black and white stones; a stone clobbers an adjacent stone of the other colour (partizan, all-small)"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    board_notation!(BOARD, PLACEMENTS);

    fn moves(&self, s: &Shape, player: Player, out: &mut Vec<Move>) {
        let (own, other) = stones_of(player);
        for e in s.edges() {
            let (a, b) = (e.a as usize, e.b as usize);
            for (from, to) in [(a, b), (b, a)] {
                if s.label(from) == own && s.label(to) == other {
                    out.push(Move {
                        act: Act::Pair(from, to),
                        after: relabelled(s, &[(from, 0), (to, own)]),
                    });
                }
            }
        }
    }

    fn say(&self, s: &Shape, act: Act) -> String {
        match act {
            Act::Pair(from, to) => {
                let letter = |v: usize| XO_STONES.letters[s.label(v) as usize] as char;
                format!(
                    "{} on {} clobbers {} on {}",
                    letter(from),
                    cell(s, from),
                    letter(to),
                    cell(s, to)
                )
            }
            other => format!("{other:?}"),
        }
    }

    fn components(&self, s: &Shape) -> Vec<Shape> {
        let stones: Vec<bool> = s.labels().iter().map(|&l| l != 0).collect();
        s.induced(&stones)
            .component_shapes()
            .into_iter()
            .filter(|p| p.labels().contains(&X) && p.labels().contains(&O))
            .collect()
    }

    fn mirror(&self) -> Mirror {
        Mirror::VertexLabels(X, O)
    }

    fn key(&self, s: &Shape) -> ShapeKey {
        canonical_key(&s.map_edge_labels(|_| 0))
    }

    fn stones(&self) -> Option<StoneRules> {
        Some(StoneRules {
            stones_join: true,
            rows_only: false,
            diagonals: false,
            moves: &stone_moves,
            mirror: Some(|b| Some(b.swapped())),
            key: None,
            may_loop: false,
        })
    }
}

/// What a census of Clobber on boards lists: every board with a stone on each cell, up
/// to the symmetries of the square and the exchange of colours.
const PLACEMENTS: Placements = Placements {
    strips: false,
    symmetry: Symmetry::Square,
    holds: &[X, O],
    swap: Some(&XO_SWAP),
    symmetry_swaps: false,
};

/// The moves of `player` on a part as a bitboard: a stone onto a side neighbour of the
/// other colour.
fn stone_moves(b: &StoneBoard, player: Player, out: &mut Vec<StoneBoard>) {
    let (own, other) = stones_of(player);
    for p in bits_of(b.with(own)) {
        for step in Step::ALL {
            if let Some(q) = b.at(p, step).filter(|&q| b.label(q) == other) {
                out.push(b.relabelled(&[(p, 0), (q, own)]));
            }
        }
    }
}

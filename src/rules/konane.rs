//! Konane (Ernst, "Playing Konane mathematically", 1995; the cgt crate's `Konane`):
//! black (`x`, Left's) and white (`o`, Right's) stones on a board; a player jumps one of
//! his stones orthogonally over an adjacent stone of the other colour onto the empty
//! cell right behind it, capturing it, and may go on jumping in the same straight line
//! (each landing cell is a separate option; no turning). Every move captures.
//!
//! A straight line is read from the board's edges: the cell after `q` seen from `p` is
//! the neighbour of `q` across an edge of the same direction (`V` or `H`) that is not
//! `p`. A position is the sum of its boards' connected parts (cells side by side, empty
//! ones included: a stone lands on an empty cell); a part without stones of both colours
//! or without an empty cell has no move (0, left out of the sum). Exchanging the colours
//! negates.

use super::board_game::{
    Board, O, X, XO_STONES, XO_SWAP, beyond, board_notation, cell, neighbours, relabelled,
};
use super::clobber_board::stones_of;
use super::shape_rules::{Act, Kind, Mirror, Move, Player, ShapedRules, StoneRules};
use crate::shapes::placements::{Placements, Symmetry};
use crate::shapes::stone_board::{Step, StoneBoard, bits_of};
use crate::shapes::{Shape, board};

/// Konane.
pub struct Konane;

const BOARD: Board = Board {
    help: "rows separated by |, x a black stone (Left's), o a white one (Right's), . an empty cell, # no cell (xo. : x jumps o; xo.o. : x jumps one o or both)",
    stones: XO_STONES,
    edges: None,
};

impl ShapedRules for Konane {
    fn name(&self) -> &'static str {
        "konane"
    }

    fn description(&self) -> &'static str {
        "board of black and white stones; a stone jumps stones of the other colour in a straight line onto empty cells, capturing them (partizan)"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    board_notation!(BOARD, PLACEMENTS);

    fn moves(&self, s: &Shape, player: Player, out: &mut Vec<Move>) {
        let (own, other) = stones_of(player);
        for p in (0..s.n()).filter(|&p| s.label(p) == own) {
            for line in [board::V, board::H] {
                for q in neighbours(s, p, line) {
                    // Jump from `from` over `over`, as long as the line allows.
                    let mut changes = vec![(p, 0)];
                    let (mut from, mut over) = (p, q);
                    while s.label(over) == other {
                        let Some(land) = beyond(s, from, over, line).filter(|&r| s.label(r) == 0)
                        else {
                            break;
                        };
                        changes.push((over, 0));
                        let mut after = relabelled(s, &changes);
                        after.set_label(land, own);
                        out.push(Move {
                            act: Act::Pair(p, land),
                            after,
                        });
                        match beyond(s, over, land, line) {
                            Some(next) => (from, over) = (land, next),
                            None => break,
                        }
                    }
                }
            }
        }
    }

    fn say(&self, s: &Shape, act: Act) -> String {
        match act {
            Act::Pair(from, to) => format!(
                "{} on {} jumps to {}",
                XO_STONES.letters[s.label(from) as usize] as char,
                cell(s, from),
                cell(s, to)
            ),
            other => format!("{other:?}"),
        }
    }

    fn components(&self, s: &Shape) -> Vec<Shape> {
        s.component_shapes()
            .into_iter()
            .filter(|p| [0, X, O].iter().all(|l| p.labels().contains(l)))
            .collect()
    }

    fn mirror(&self) -> Mirror {
        Mirror::VertexLabels(X, O)
    }

    fn stones(&self) -> Option<StoneRules> {
        Some(StoneRules {
            stones_join: false,
            rows_only: false,
            diagonals: false,
            moves: &stone_moves,
            mirror: Some(|b| Some(b.swapped())),
            key: None,
            may_loop: false,
        })
    }
}

/// What a census of Konane lists: every board with every cell empty or holding a stone,
/// up to the symmetries of the square and the exchange of colours.
const PLACEMENTS: Placements = Placements {
    strips: false,
    symmetry: Symmetry::Square,
    holds: &[0, X, O],
    swap: Some(&XO_SWAP),
    symmetry_swaps: false,
};

/// The moves of `player` on a part as a bitboard: jumps in a straight line, each
/// landing cell an option.
fn stone_moves(b: &StoneBoard, player: Player, out: &mut Vec<StoneBoard>) {
    let (own, other) = stones_of(player);
    for p in bits_of(b.with(own)) {
        for step in Step::ALL {
            // The board as the jumps so far leave it: the stone lifted, those jumped
            // taken.
            let mut left = b.relabelled(&[(p, 0)]);
            let mut at = p;
            while let Some(q) = b.at(at, step).filter(|&q| b.label(q) == other)
                && let Some(r) = b.at(q, step).filter(|&r| b.label(r) == 0)
            {
                left.set(q, 0);
                let mut after = left;
                after.set(r, own);
                out.push(after);
                at = r;
            }
        }
    }
}

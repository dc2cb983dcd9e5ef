//! Toads and Frogs (Winning Ways ch. 1; Erickson, "New Toads and Frogs results", Games
//! of No Chance, 1996; CGSuite's `ToadsAndFrogs`, the cgt crate's): a strip of toads
//! (`T`, Left's, moving right), frogs (`F`, Right's, moving left) and empty cells (`.`);
//! a toad moves one cell right onto an empty cell, or jumps exactly one frog onto the
//! empty cell behind it; frogs the same leftwards.
//!
//! Rows separated by `|` are separate strips (a sum). Right is the direction of reading:
//! the moves read it from the numbering of the cells, and a part is keyed with its
//! edges as arcs left to right, so a strip and its reverse (another game) never share an
//! entry. A strip read backwards with toads and frogs exchanged has the negative value
//! (the census lists one of the two); no other mirror is declared.

use super::board_game::{Board, board_notation, cell, neighbours, relabelled, runs};
use super::shape_rules::{Act, Kind, Move, Player, ShapedRules, StoneRules};
use crate::graphs::palette::Palette;
use crate::shapes::placements::{Placements, Symmetry};
use crate::shapes::stone_board::{Step, StoneBoard, bits_of};
use crate::shapes::{Shape, ShapeKey, board, canonical_key};

/// Toads and Frogs.
pub struct ToadsAndFrogs;

const STONES: Palette = Palette {
    letters: b".TF",
    names: &[
        "empty cell",
        "toad (T, Left's, moves right)",
        "frog (F, Right's, moves left)",
    ],
    colours: &["#ffffff", "#2e7d32", "#c62828"],
};

const TOAD: u8 = 1;
const FROG: u8 = 2;

const BOARD: Board = Board {
    help: "a strip of T toads (Left's, moving right), F frogs (Right's, moving left) and . empty cells; rows separated by | are separate strips (TT..FF, T.F)",
    stones: STONES,
    edges: None,
};

/// The cell right of `v` (`ahead`) or left of it, in its row.
fn step(s: &Shape, v: usize, ahead: bool) -> Option<usize> {
    neighbours(s, v, board::H).find(|&u| (u > v) == ahead)
}

impl ShapedRules for ToadsAndFrogs {
    fn name(&self) -> &'static str {
        "toads-and-frogs"
    }

    fn description(&self) -> &'static str {
        "strip of toads (Left's, moving right) and frogs (Right's, moving left); move one cell or jump one of the other kind (partizan)"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    board_notation!(BOARD, PLACEMENTS);

    fn moves(&self, s: &Shape, player: Player, out: &mut Vec<Move>) {
        let (own, other, ahead) = match player {
            Player::Left => (TOAD, FROG, true),
            Player::Right => (FROG, TOAD, false),
        };
        for p in (0..s.n()).filter(|&p| s.label(p) == own) {
            let Some(q) = step(s, p, ahead) else {
                continue;
            };
            let to = match s.label(q) {
                0 => Some(q),
                l if l == other => step(s, q, ahead).filter(|&r| s.label(r) == 0),
                _ => None,
            };
            if let Some(to) = to {
                out.push(Move {
                    act: Act::Pair(p, to),
                    after: relabelled(s, &[(p, 0), (to, own)]),
                });
            }
        }
    }

    fn say(&self, s: &Shape, act: Act) -> String {
        match act {
            Act::Pair(from, to) => format!(
                "{} on {} {} to {}",
                if s.label(from) == TOAD {
                    "the toad"
                } else {
                    "the frog"
                },
                cell(s, from),
                if from.abs_diff(to) > 1 {
                    "jumps"
                } else {
                    "moves"
                },
                cell(s, to)
            ),
            other => format!("{other:?}"),
        }
    }

    fn components(&self, s: &Shape) -> Vec<Shape> {
        runs(s, |_| true)
            .into_iter()
            .filter(|p| p.labels().iter().any(|&l| l != 0))
            .collect()
    }

    fn key(&self, s: &Shape) -> ShapeKey {
        // The strip with its edges as arcs left to right (cells in reading order).
        let mut arcs = Shape::new(s.n(), true);
        arcs.add_edges(
            s.edges()
                .iter()
                .map(|e| (e.a as usize, e.b as usize, e.label)),
        );
        for v in 0..s.n() {
            arcs.set_label(v, s.label(v));
        }
        canonical_key(&arcs)
    }

    fn stones(&self) -> Option<StoneRules> {
        Some(StoneRules {
            stones_join: false,
            rows_only: true,
            diagonals: false,
            moves: &stone_moves,
            mirror: Some(|b| Some(b.reflected().swapped())),
            key: None,
            may_loop: false,
        })
    }
}

/// What a census of Toads and Frogs lists: every strip of toads, frogs and empty cells,
/// up to reading it backwards with toads and frogs exchanged (which negates).
const PLACEMENTS: Placements = Placements {
    strips: true,
    symmetry: Symmetry::Flips,
    holds: &[0, TOAD, FROG],
    swap: Some(&[0, FROG, TOAD]),
    symmetry_swaps: true,
};

/// The moves of `player` on a part (a strip) as a bitboard: toads step or jump east,
/// frogs west.
fn stone_moves(b: &StoneBoard, player: Player, out: &mut Vec<StoneBoard>) {
    let (own, other, ahead) = match player {
        Player::Left => (TOAD, FROG, Step::East),
        Player::Right => (FROG, TOAD, Step::West),
    };
    for p in bits_of(b.with(own)) {
        let Some(q) = b.at(p, ahead) else {
            continue;
        };
        let to = match b.label(q) {
            0 => Some(q),
            l if l == other => b.at(q, ahead).filter(|&r| b.label(r) == 0),
            _ => None,
        };
        if let Some(to) = to {
            out.push(b.relabelled(&[(p, 0), (to, own)]));
        }
    }
}

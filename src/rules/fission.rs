//! Fission (CGSuite's `Fission`; the cgt crate's): stones (`x`) of one kind on a board;
//! Left chooses a stone whose north and south neighbours are empty cells and replaces it
//! by two stones on those cells (the stone's own cell is then empty); Right the same
//! east and west.
//!
//! A position is the sum of its board's connected parts (cells side by side, empty ones
//! included); a part without a stone has no move (0, left out of the sum). A quarter
//! turn exchanges the players (the mirror exchanges `V` and `H`), so the census lists
//! boards up to all the symmetries of the square.

use super::board_game::{Board, board_notation, cell, neighbours, relabelled};
use super::shape_rules::{Act, Kind, Mirror, Move, Player, ShapedRules, StoneRules};
use crate::graphs::palette::Palette;
use crate::shapes::placements::{Placements, Symmetry};
use crate::shapes::stone_board::{Step, StoneBoard, bits_of};
use crate::shapes::{Shape, board};

/// Fission.
pub struct Fission;

const STONES: Palette = Palette {
    letters: b".x",
    names: &["empty cell", "stone (x)"],
    colours: &["#ffffff", "#111111"],
};

const STONE: u8 = 1;

const BOARD: Board = Board {
    help: "rows separated by |, x a stone, . an empty cell, # no cell (.|x|. : Left splits the stone; .x. : Right does)",
    stones: STONES,
    edges: None,
};

impl ShapedRules for Fission {
    fn name(&self) -> &'static str {
        "fission"
    }

    fn description(&self) -> &'static str {
        "board of stones; Left splits a stone into its empty north and south neighbours, Right into east and west (partizan)"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    board_notation!(BOARD, PLACEMENTS);

    fn moves(&self, s: &Shape, player: Player, out: &mut Vec<Move>) {
        let line = match player {
            Player::Left => board::V,
            Player::Right => board::H,
        };
        for p in (0..s.n()).filter(|&p| s.label(p) == STONE) {
            let ends: Vec<usize> = neighbours(s, p, line).collect();
            if let [a, b] = ends[..]
                && s.label(a) == 0
                && s.label(b) == 0
            {
                out.push(Move {
                    act: Act::Vertex(p),
                    after: relabelled(s, &[(p, 0), (a, STONE), (b, STONE)]),
                });
            }
        }
    }

    fn say(&self, s: &Shape, act: Act) -> String {
        match act {
            Act::Vertex(p) => format!("splits the stone on {}", cell(s, p)),
            other => format!("{other:?}"),
        }
    }

    fn components(&self, s: &Shape) -> Vec<Shape> {
        s.component_shapes()
            .into_iter()
            .filter(|p| p.labels().contains(&STONE))
            .collect()
    }

    fn mirror(&self) -> Mirror {
        Mirror::EdgeLabels(board::V, board::H)
    }

    fn stones(&self) -> Option<StoneRules> {
        Some(StoneRules {
            stones_join: false,
            rows_only: false,
            diagonals: false,
            moves: &stone_moves,
            mirror: None,
            key: Some(|b| b.least_image(true)),
            may_loop: false,
        })
    }
}

/// What a census of Fission lists: every board with every cell empty or holding a
/// stone, up to the symmetries of the square.
const PLACEMENTS: Placements = Placements {
    strips: false,
    symmetry: Symmetry::Square,
    holds: &[0, STONE],
    swap: None,
    symmetry_swaps: false,
};

/// The moves of `player` on a part as a bitboard: a stone split onto its two empty
/// neighbours north and south (Left) or west and east (Right).
fn stone_moves(b: &StoneBoard, player: Player, out: &mut Vec<StoneBoard>) {
    let (a, c) = match player {
        Player::Left => (Step::North, Step::South),
        Player::Right => (Step::West, Step::East),
    };
    for p in bits_of(b.with(STONE)) {
        if let (Some(x), Some(y)) = (b.at(p, a), b.at(p, c))
            && b.label(x) == 0
            && b.label(y) == 0
        {
            out.push(b.relabelled(&[(p, 0), (x, STONE), (y, STONE)]));
        }
    }
}

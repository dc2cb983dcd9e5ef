//! Toppling Dominoes (Fink, Nowakowski, Siegel & Wolfe, "Toppling conjectures", Games of
//! No Chance 4, 2015; CGSuite's `TopplingDominoes`; the cgt crate's, without grey): a
//! row of blue (`x`, Left's), red (`o`, Right's) and grey (`g`, either player's)
//! dominoes; a player topples one of his (or a grey) domino to the left or to the right,
//! and it and every domino on that side of the row disappear.
//!
//! Positions are strips in grid notation; rows separated by `|` are separate rows (a sum),
//! and an empty cell `.` ends a row (dominoes do not fall across a gap). Exchanging blue
//! and red negates; a row read backwards has the same value.

use super::board_game::{Board, X, beyond, board_notation, cell, neighbours, runs};
use super::shape_rules::{Act, Kind, Mirror, Move, Player, ShapedRules, StoneRules};
use crate::graphs::palette::Palette;
use crate::shapes::placements::{Placements, Symmetry};
use crate::shapes::stone_board::{StoneBoard, bits_of};
use crate::shapes::{Shape, board};

/// Toppling Dominoes.
pub struct TopplingDominoes;

/// Blue (Left's), red (Right's) and grey (either player's) dominoes.
const STONES: Palette = Palette {
    letters: b".xog",
    names: &[
        "gap",
        "blue domino (x, Left's)",
        "red domino (o, Right's)",
        "grey domino (g, either player's)",
    ],
    colours: &["#ffffff", "#1f4e9c", "#b22222", "#9a9a9a"],
};

/// Red and grey in [`STONES`] (blue is [`X`]).
const RED: u8 = 2;
const GREY: u8 = 3;

const BOARD: Board = Board {
    help: "a row of dominoes, x blue (Left's), o red (Right's), g grey (either's); rows separated by | are separate rows, . a gap (xxo, xog|oo)",
    stones: STONES,
    edges: None,
};

impl ShapedRules for TopplingDominoes {
    fn name(&self) -> &'static str {
        "toppling-dominoes"
    }

    fn description(&self) -> &'static str {
        "rows of blue, red and grey dominoes; a player topples one of his (or a grey) left or right, taking all on that side (partizan)"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    board_notation!(BOARD, PLACEMENTS);

    fn moves(&self, s: &Shape, player: Player, out: &mut Vec<Move>) {
        let own = match player {
            Player::Left => X,
            Player::Right => RED,
        };
        for p in (0..s.n()).filter(|&p| [own, GREY].contains(&s.label(p))) {
            // The dominoes on each side of `p` in its row: toppled with it that way.
            let side = |u: Option<usize>| -> Vec<bool> {
                let mut gone = vec![false; s.n()];
                gone[p] = true;
                let mut at = u;
                let mut prev = p;
                while let Some(v) = at.filter(|&v| s.label(v) != 0) {
                    gone[v] = true;
                    at = beyond(s, prev, v, board::H);
                    prev = v;
                }
                gone
            };
            // Cells are numbered in reading order: the neighbour before `p` is on its left.
            let row: Vec<usize> = neighbours(s, p, board::H).collect();
            let left = row.iter().copied().find(|&u| u < p);
            let right = row.iter().copied().find(|&u| u > p);
            // The act: the domino, and the first one it knocks over (itself when none is
            // on that side).
            for next in [left, right] {
                let gone = side(next);
                let keep: Vec<bool> = gone.iter().map(|g| !g).collect();
                out.push(Move {
                    act: Act::Pair(p, next.unwrap_or(p)),
                    after: s.induced(&keep),
                });
            }
        }
    }

    fn say(&self, s: &Shape, act: Act) -> String {
        match act {
            Act::Pair(p, q) => {
                // Cells are numbered in reading order; a domino with nothing on the
                // side it falls to names itself.
                let has = |left: bool| neighbours(s, p, board::H).any(|u| (u < p) == left);
                let way = match q.cmp(&p) {
                    std::cmp::Ordering::Less => "to the left",
                    std::cmp::Ordering::Greater => "to the right",
                    std::cmp::Ordering::Equal if has(true) => "to the right",
                    std::cmp::Ordering::Equal if has(false) => "to the left",
                    std::cmp::Ordering::Equal => "over",
                };
                format!(
                    "topples {} on {} {way}",
                    STONES.letters[s.label(p) as usize] as char,
                    cell(s, p)
                )
            }
            other => format!("{other:?}"),
        }
    }

    fn components(&self, s: &Shape) -> Vec<Shape> {
        runs(s, |l| l != 0)
    }

    fn mirror(&self) -> Mirror {
        Mirror::VertexLabels(X, RED)
    }

    fn stones(&self) -> Option<StoneRules> {
        Some(StoneRules {
            stones_join: true,
            rows_only: true,
            diagonals: false,
            moves: &stone_moves,
            mirror: Some(|b| Some(b.swapped())),
            key: None,
            may_loop: false,
        })
    }
}

/// What a census of Toppling Dominoes lists: every row of dominoes, up to reading it
/// backwards and exchanging blue and red.
const PLACEMENTS: Placements = Placements {
    strips: true,
    symmetry: Symmetry::Flips,
    holds: &[X, RED, GREY],
    swap: Some(&[0, RED, X, GREY]),
    symmetry_swaps: false,
};

/// The moves of `player` on a part (one row of dominoes, its cells the bits 0 to w - 1)
/// as a bitboard: a domino of his or a grey one toppled left (it and the bits below it
/// go) or right (it and the bits above it go).
fn stone_moves(b: &StoneBoard, player: Player, out: &mut Vec<StoneBoard>) {
    let own = match player {
        Player::Left => X,
        Player::Right => RED,
    };
    for p in bits_of(b.with(own) | b.with(GREY)) {
        let below = (1u128 << p) - 1;
        out.push(b.without(below | 1 << p));
        out.push(b.without(b.cells & !below));
    }
}

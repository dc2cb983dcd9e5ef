//! What the domino games (Domineering, Cram) share on top of the board layer
//! ([`super::board_game`]): their edge labels (`V`, `H`), their moves (a domino covers
//! both ends of an edge) and the words for them.

use super::board_game::cell;
use super::shape_rules::{Act, Move};
use crate::graphs::palette::Palette;
use crate::shapes::{Shape, board};

/// The domino games' edge palette: `V` (Domineering's Left) and `H` (its Right).
pub const DOMINO_EDGES: Palette = Palette {
    letters: b"VH",
    names: &[
        "vertical pair (Left's domino)",
        "horizontal pair (Right's domino)",
    ],
    colours: &["#1f4e9c", "#b22222"],
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

/// "places a vertical domino on (1,1)-(2,1)" (on a graph: "places a domino on V edge
/// 0-1").
pub fn say_domino(s: &Shape, act: Act) -> String {
    match act {
        Act::Edge(i) if s.place().is_none() => {
            let e = s.edges()[i];
            format!(
                "places a domino on {} edge {}-{}",
                DOMINO_EDGES.letters[e.label as usize] as char, e.a, e.b
            )
        }
        Act::Edge(i) => {
            let e = s.edges()[i];
            let dir = if e.label == board::V {
                "vertical"
            } else {
                "horizontal"
            };
            format!(
                "places a {dir} domino on {}-{}",
                cell(s, e.a as usize),
                cell(s, e.b as usize)
            )
        }
        Act::Vertex(v) => format!("takes cell {}", cell(s, v)),
        Act::Pair(a, b) => format!("places a domino on {}-{}", cell(s, a), cell(s, b)),
        Act::Shot { from, to, arrow } => format!(
            "moves from {} to {} and shoots at {}",
            cell(s, from),
            cell(s, to),
            cell(s, arrow)
        ),
        Act::Listed(i) => format!("makes move {i}"),
    }
}

//! Domineering (Winning Ways ch. 5; Lessons in Play ch. 1; CGSuite's `Domineering`):
//! Left places a vertical domino on two empty cells, one above the other, Right a
//! horizontal one on two side by side; normal play. On a board's shape (see
//! [`crate::shapes::board`]) Left's moves are the `V` edges and Right's the `H` edges,
//! and a move removes both ends, so any graph with `V`/`H` edges is a position
//! (generalised Domineering). Components are summed; a position and its `V`/`H` swap
//! (the board turned a quarter) share one table entry with opposite signs.

use super::shaped::{Act, Domino, Kind, Mirror, Move, Player, ShapedRules};
use crate::error::Result;
use crate::graphs::palette::Palette;
use crate::shapes::edges::{EdgeSyntax, parse_list, write_list};
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

/// A cell's name: `(row,column)` on a board, the vertex number on a graph.
fn cell(s: &Shape, v: usize) -> String {
    if s.place().is_some() {
        board::cell_name(s, v)
    } else {
        v.to_string()
    }
}

/// "a vertical domino on (1,1)-(2,1)" (on a graph: "a domino on V edge 0-1").
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
    }
}

/// Reads a board in grid notation, or (text with a `-`) an edge list `a-b:V,c-d:H`:
/// generalised Domineering or Cram on any graph, Left's moves the `V` edges and Right's
/// the `H` edges, a move taking both ends of its edge. `unlabelled` is the label of an
/// edge written without one (Cram: any), or `None` (Domineering: every edge says whose
/// it is). A loop (`a-a`) is refused: a domino covers two cells.
pub fn parse_position(text: &str, help: &str, unlabelled: Option<u8>) -> Result<Shape> {
    let t = text.trim();
    if !t.contains('-') {
        return board::parse(t);
    }
    let syn = EdgeSyntax {
        letters: DOMINO_EDGES.letters,
        word: "label",
        placeholder: 'V',
        unlabelled,
        help,
    };
    let (n, edges) = parse_list(t, &syn)?;
    let mut s = Shape::new(n, false);
    for (a, b, l) in edges {
        if a == b {
            return Err(crate::error::Error::usage(format!(
                "edge {a}-{a}: a loop, but a domino covers two different cells; expected {help}"
            )));
        }
        s.add_edge(a, b, l);
    }
    Ok(s)
}

/// Writes a board in grid notation, a graph as its edge list (with the labels if
/// `labels`).
pub fn write_position(s: &Shape, labels: bool) -> String {
    if s.place().is_some() {
        board::write(s)
    } else {
        write_list(s, DOMINO_EDGES.letters, labels)
    }
}

/// Draws a board as a board, a graph as a graph with its edges in their colours.
pub fn draw_position(s: &Shape, caption: Option<&str>) -> Option<String> {
    if s.place().is_some() {
        crate::shapes::draw::board_svg(s, caption)
    } else {
        crate::shapes::draw::graph_svg(s, DOMINO_EDGES.letters, DOMINO_EDGES.colours, caption)
    }
}

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
        parse_position(text, HELP, None)
    }

    fn write(&self, s: &Shape) -> String {
        write_position(s, true)
    }

    fn draw(&self, s: &Shape, caption: Option<&str>) -> Option<String> {
        draw_position(s, caption)
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
        board::for_each_flip_class(size, &mut |cells| emit(board::from_cells(cells)))
    }

    fn max_census_size(&self) -> usize {
        board::MAX_POLYOMINO
    }
}

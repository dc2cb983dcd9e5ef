//! What games on boards share, so that a board game is its moves and little else: the
//! grid notation of CGSuite with the ruleset's stones (`.` an empty cell, `#` a filled
//! one, a letter per stone), the same rules on any graph as an edge list where the
//! ruleset allows it, the drawing (stones drawn as stones), the names of cells in
//! `explain`, and the boards a census lists (every polyomino of a size up to the
//! reflections and the half turn).
//!
//! A board is a [`Shape`]: a vertex per cell that is not filled (in reading order),
//! labelled with its stone (0: empty), an edge `V` between vertically adjacent cells
//! and `H` between horizontally adjacent ones (see [`crate::shapes::board`]).

use crate::error::{Error, Result};
use crate::graphs::palette::Palette;
use crate::shapes::edges::{EdgeSyntax, parse_list, write_list};
use crate::shapes::{Shape, board};

/// The cells of a board without stones: `.` only.
pub const NO_STONES: Palette = Palette {
    letters: board::NO_STONES,
    names: &["empty cell"],
    colours: &["#ffffff"],
};

/// How a board game writes its positions.
#[derive(Clone, Copy, Debug)]
pub struct Board {
    /// The notation's help, for `--help` and every message about a bad position.
    pub help: &'static str,
    /// What a cell holds: `letters[0]` (`.`) nothing, `letters[k]` stone `k`, drawn in
    /// `colours[k]`.
    pub stones: Palette,
    /// The same rules on any graph, as an edge list `a-b:L` (text with a `-`): the edge
    /// labels, and the label of an edge written without one (`None`: every edge says
    /// its label). `None`: boards only.
    pub edges: Option<(Palette, Option<u8>)>,
}

impl Board {
    /// Reads a position: a board in grid notation, or (text with a `-`, rules that
    /// allow it) an edge list. A loop (`a-a`) is refused: a move covers two different
    /// cells.
    pub fn parse(&self, text: &str) -> Result<Shape> {
        let t = text.trim();
        let Some((labels, unlabelled)) = self.edges.filter(|_| t.contains('-')) else {
            return board::parse_with(t, self.stones.letters);
        };
        let syn = EdgeSyntax {
            letters: labels.letters,
            word: "label",
            placeholder: labels.letters.first().map_or('L', |&l| l as char),
            unlabelled,
            help: self.help,
        };
        let (n, edges) = parse_list(t, &syn)?;
        let mut s = Shape::new(n, false);
        for (a, b, l) in edges {
            if a == b {
                return Err(Error::usage(format!(
                    "edge {a}-{a}: a loop, but a move covers two different cells; expected {}",
                    self.help
                )));
            }
            s.add_edge(a, b, l);
        }
        Ok(s)
    }

    /// Writes a position: a board in grid notation with its stones, a graph as its edge
    /// list (with the edges' labels if `labels`).
    pub fn write(&self, s: &Shape, labels: bool) -> String {
        match (s.place(), self.edges) {
            (Some(_), _) | (None, None) => board::write_with(s, self.stones.letters),
            (None, Some((edge_labels, _))) => write_list(s, edge_labels.letters, labels),
        }
    }

    /// Draws a board as a board, its stones as discs; a graph as a graph with its edges
    /// in their colours.
    pub fn draw(&self, s: &Shape, caption: Option<&str>) -> Option<String> {
        match (s.place(), self.edges) {
            (Some(_), _) => crate::shapes::draw::board_svg_with(s, self.stones.colours, caption),
            (None, Some((l, _))) => {
                crate::shapes::draw::graph_svg(s, l.letters, l.colours, caption)
            }
            (None, None) => None,
        }
    }

    /// Every board of `size` cells up to the reflections and the half turn (the
    /// symmetries that keep the value of Domineering, CGSuite's `Symmetry.Flip`), empty,
    /// in a fixed order.
    pub fn enumerate(size: usize, emit: &mut dyn FnMut(Shape) -> bool) -> Result<()> {
        board::for_each_flip_class(size, &mut |cells| emit(board::from_cells(cells)))
    }

    /// The largest board [`Board::enumerate`] lists.
    pub const MAX_CENSUS_SIZE: usize = board::MAX_POLYOMINO;
}

/// A cell's name in `explain`: `(row,column)` on a board, the vertex number on a graph.
pub fn cell(s: &Shape, v: usize) -> String {
    if s.place().is_some() {
        board::cell_name(s, v)
    } else {
        v.to_string()
    }
}

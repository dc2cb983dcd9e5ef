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
use crate::shapes::placements::{Placements, for_each_placement};
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
    /// list (with the edges' labels if `labels`). Never panics.
    pub fn write(&self, s: &Shape, labels: bool) -> String {
        match (s.place(), self.edges) {
            (Some(_), _) => board::write_with(s, self.stones.letters),
            (None, Some((edge_labels, _))) => write_list(s, edge_labels.letters, labels),
            // A shape without cells (a sum built apart from any board) has no grid text:
            // its edges, which these rules do not read back.
            (None, None) => write_list(s, b"VH", false),
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

    /// Every board of `size` cells with every placement of stones `p` lists (up to the
    /// board's symmetries and, if declared, the exchange of the players' stones), in a
    /// fixed order: [`crate::shapes::placements`].
    pub fn enumerate_stones(
        size: usize,
        p: &Placements,
        emit: &mut dyn FnMut(Shape) -> bool,
    ) -> Result<()> {
        for_each_placement(size, p, &mut |cells, labels| {
            let mut s = board::from_cells(cells);
            for (v, &l) in labels.iter().enumerate() {
                s.set_label(v, l);
            }
            emit(s)
        })
    }
}

/// The stones of games with black and white stones (CGSuite's and the cgt crate's grid
/// notation): `x` Left's (black), `o` Right's (white), `.` an empty cell.
pub const XO_STONES: Palette = Palette {
    letters: b".xo",
    names: &[
        "empty cell",
        "Left's stone (x, black)",
        "Right's stone (o, white)",
    ],
    colours: &["#ffffff", "#111111", "#fafafa"],
};

/// Left's stone in [`XO_STONES`].
pub const X: u8 = 1;
/// Right's stone in [`XO_STONES`].
pub const O: u8 = 2;
/// The exchange of the players' stones of [`XO_STONES`] (label `l` becomes `XO_SWAP[l]`).
pub const XO_SWAP: [u8; 3] = [0, O, X];

/// The neighbours of vertex `v` across edges labelled `label`.
pub fn neighbours(s: &Shape, v: usize, label: u8) -> impl Iterator<Item = usize> + '_ {
    s.edges().iter().filter_map(move |e| {
        let (a, b) = (e.a as usize, e.b as usize);
        match e.label == label {
            true if a == v => Some(b),
            true if b == v => Some(a),
            _ => None,
        }
    })
}

/// The cell after `q` on the straight line from `p` through `q` (along edges labelled
/// `label`: on a board, the `label` neighbour of `q` that is not `p`).
pub fn beyond(s: &Shape, p: usize, q: usize, label: u8) -> Option<usize> {
    neighbours(s, q, label).find(|&r| r != p)
}

/// The position with the labels of the listed vertices set (the cells a move changes).
pub fn relabelled(s: &Shape, changes: &[(usize, u8)]) -> Shape {
    let mut after = s.clone();
    for &(v, l) in changes {
        after.set_label(v, l);
    }
    after
}

/// A cell's name in `explain`: `(row,column)` on a board, the vertex number on a graph.
pub fn cell(s: &Shape, v: usize) -> String {
    if s.place().is_some() {
        board::cell_name(s, v)
    } else {
        v.to_string()
    }
}

/// The strips of a position whose rows are played apart (Toppling Dominoes, Toads and
/// Frogs): each run of cells `keep` accepts joined side by side in a row, as a strip of
/// its own (its `H` edges only, cells in order), in order of their first cell.
pub fn runs(s: &Shape, keep: impl Fn(u8) -> bool) -> Vec<Shape> {
    let wanted: Vec<bool> = s.labels().iter().map(|&l| keep(l)).collect();
    let mut next = vec![usize::MAX; s.n()];
    let mut has_left = vec![false; s.n()];
    for e in s.edges() {
        let (a, b) = (e.a as usize, e.b as usize);
        if e.label == board::H && a != b && wanted[a] && wanted[b] {
            // Cells are numbered in reading order: `a` is left of `b`.
            next[a] = b;
            has_left[b] = true;
        }
    }
    let mut out = Vec::new();
    for start in (0..s.n()).filter(|&v| wanted[v] && !has_left[v]) {
        let mut cells = vec![start];
        while next[*cells.last().expect("a cell")] != usize::MAX {
            cells.push(next[*cells.last().expect("a cell")]);
        }
        let mut strip = Shape::new(cells.len(), false);
        strip.add_edges((1..cells.len()).map(|i| (i - 1, i, board::H)));
        for (i, &v) in cells.iter().enumerate() {
            strip.set_label(i, s.label(v));
        }
        if let Some(place) = s.place() {
            strip.set_place(cells.iter().map(|&v| place[v]).collect());
        }
        out.push(strip);
    }
    out
}

/// The methods of a game with stones on boards that its [`Board`] constant and its
/// census's [`Placements`] give: the notation ("board", its help), reading, writing and
/// drawing positions, the stones as the vertex palette, their size in cells, and the
/// census of every placement of stones.
macro_rules! board_notation {
    ($board:expr, $placements:expr) => {
        fn notation(&self) -> &'static str {
            "board"
        }

        fn notation_help(&self) -> &'static str {
            $board.help
        }

        fn vertex_palette(&self) -> $crate::graphs::palette::Palette {
            $board.stones
        }

        fn parse(&self, text: &str) -> $crate::error::Result<$crate::shapes::Shape> {
            $board.parse(text)
        }

        fn write(&self, s: &$crate::shapes::Shape) -> String {
            $board.write(s, false)
        }

        fn draw(&self, s: &$crate::shapes::Shape, caption: Option<&str>) -> Option<String> {
            $board.draw(s, caption)
        }

        fn size(&self, s: &$crate::shapes::Shape) -> usize {
            s.n()
        }

        fn size_unit(&self) -> &'static str {
            "cells"
        }

        fn enumerate(
            &self,
            size: usize,
            emit: &mut dyn FnMut($crate::shapes::Shape) -> bool,
        ) -> $crate::error::Result<()> {
            $crate::rules::board_game::Board::enumerate_stones(size, &$placements, emit)
        }

        fn max_census_size(&self) -> usize {
            $crate::rules::board_game::Board::MAX_CENSUS_SIZE
        }
    };
}
pub(crate) use board_notation;

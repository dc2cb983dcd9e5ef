//! Rules on graphs played on positions of any size: a ruleset of [`Ruleset::Impartial`]
//! or [`Ruleset::Partizan`] kind seen as rules on shapes ([`ShapedRules`]), a shape's
//! vertex labels being the colours. Its moves are the ruleset's own, on the wide graph
//! ([`ImpartialRules::play_wide`](super::ImpartialRules::play_wide),
//! [`PartizanRules::moves_wide`](super::PartizanRules::moves_wide)): the same rule the
//! 64-vertex bitset path plays, written once. The general solver of games on shapes
//! then values positions beyond 64 vertices exactly: components summed, each looked up
//! by its canonical key (nauty, any size) or solved from its moves.
//!
//! Scoring games are not offered here: they do not decompose into sums, and a search
//! of their whole game tree beyond 64 vertices is out of reach (such a position is
//! refused with a line saying so).

use std::sync::OnceLock;

use super::shape_rules::{Act, Kind, Move, Player, ShapedRules};
use super::{RULESETS, Ruleset};
use crate::error::{Error, Result};
use crate::graphs::palette::Palette;
use crate::graphs::{PlayGraph, WideColouring, WideGraph};
use crate::shapes::Shape;

/// A graph ruleset on shapes (see the module's doc).
pub struct GraphOnShapes(Ruleset);

/// The rules on shapes that value `ruleset`'s positions of any size; `None` for rules
/// that are not played on graphs, and for scoring games.
pub fn graph_on_shapes(ruleset: Ruleset) -> Option<&'static GraphOnShapes> {
    static ALL: OnceLock<Vec<GraphOnShapes>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        RULESETS
            .iter()
            .filter(|r| matches!(r, Ruleset::Impartial(_) | Ruleset::Partizan(_)))
            .map(|&r| GraphOnShapes(r))
            .collect()
    });
    // The registry's entries have distinct names (src/tests/wide_graphs.rs checks it).
    all.iter().find(|g| g.0.name() == ruleset.name())
}

/// The shape of a coloured graph: vertex labels the colours (0 without a colouring).
pub fn shape_of(g: &WideGraph, c: Option<&WideColouring>) -> Shape {
    let mut s = Shape::new(g.n(), false);
    if let Some(c) = c {
        for (v, &x) in c.0.iter().enumerate() {
            s.set_label(v, x);
        }
    }
    s.add_edges(g.edges().into_iter().map(|(a, b)| (a, b, 0)));
    s
}

/// The coloured graph of a shape made by [`shape_of`].
pub fn graph_of(s: &Shape) -> (WideGraph, WideColouring) {
    let edges: Vec<(usize, usize)> = s
        .edges()
        .iter()
        .map(|e| (e.a as usize, e.b as usize))
        .collect();
    (
        WideGraph::from_edges(s.n(), &edges),
        WideColouring(s.labels().to_vec()),
    )
}

impl GraphOnShapes {
    /// The ruleset on graphs.
    pub fn ruleset(&self) -> Ruleset {
        self.0
    }
}

impl ShapedRules for GraphOnShapes {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn description(&self) -> &'static str {
        self.0.description()
    }

    fn kind(&self) -> Kind {
        match self.0 {
            Ruleset::Impartial(_) => Kind::Impartial,
            _ => Kind::Partizan,
        }
    }

    fn vertex_palette(&self) -> Palette {
        self.0.palette()
    }

    fn notation(&self) -> &'static str {
        "graph"
    }

    fn notation_help(&self) -> &'static str {
        "a graph in graph6 (--graph) or as edges a-b separated by commas (--edges), with --colouring"
    }

    fn parse(&self, _text: &str) -> Result<Shape> {
        Err(Error::usage(format!(
            "rules {} read their positions with --graph or --edges",
            self.0.name()
        )))
    }

    fn write(&self, s: &Shape) -> String {
        let (g, c) = graph_of(s);
        let mut out = Vec::new();
        g.write_graph6(&mut out);
        if !self.0.palette().is_empty() {
            out.push(b' ');
            c.write(&mut out);
        }
        String::from_utf8(out).expect("graph6 and colour letters are ASCII")
    }

    fn size(&self, s: &Shape) -> usize {
        s.n()
    }

    fn size_unit(&self) -> &'static str {
        "vertices"
    }

    fn moves(&self, s: &Shape, player: Player, out: &mut Vec<Move>) {
        let (g, c) = graph_of(s);
        match self.0 {
            Ruleset::Impartial(r) => {
                for v in 0..g.n() {
                    if let Some(rest) = r.play_wide(&g, v) {
                        out.push(Move {
                            act: Act::Vertex(v),
                            after: shape_of(&g.induced(&rest), None),
                        });
                    }
                }
            }
            Ruleset::Partizan(r) => {
                let mut moves = Vec::new();
                r.moves_wide(&g, &c, player, &mut moves);
                out.extend(moves.into_iter().map(|m| Move {
                    act: m.act,
                    after: shape_of(&m.graph, Some(&m.colouring)),
                }));
            }
            Ruleset::Scoring(_) | Ruleset::Shaped(_) => {
                unreachable!("graph_on_shapes offers impartial and partizan rules only")
            }
        }
    }

    /// The impartial rules' own words; partizan rules word a move by its player
    /// (Snort's "colours vertex 3 blue"), which this is not given: the plain words.
    fn say(&self, s: &Shape, act: Act) -> String {
        match (self.0, act) {
            (Ruleset::Impartial(r), Act::Vertex(v)) => r.describe(v),
            (_, Act::Vertex(v)) => format!("plays vertex {v}"),
            (_, Act::Pair(a, b)) => format!("plays from vertex {a} onto vertex {b}"),
            (_, Act::Shot { from, to, arrow }) => {
                format!("moves from vertex {from} to {to} and shoots at {arrow}")
            }
            (_, Act::Edge(i)) => format!("plays edge {} of {}", i, s.edges().len()),
            (_, Act::Listed(i)) => format!("makes move {i}"),
        }
    }

    fn components(&self, s: &Shape) -> Vec<Shape> {
        let decomposes = match self.0 {
            Ruleset::Impartial(r) => r.decomposes(),
            Ruleset::Partizan(r) => r.decomposes(),
            _ => false,
        };
        match decomposes {
            true => s.component_shapes(),
            false => vec![s.clone()],
        }
    }

    fn enumerate(&self, _size: usize, _emit: &mut dyn FnMut(Shape) -> bool) -> Result<()> {
        Err(Error::usage(format!(
            "rules {} list their census positions as graphs",
            self.0.name()
        )))
    }

    fn max_census_size(&self) -> usize {
        0
    }

    fn draw(&self, _s: &Shape, _caption: Option<&str>) -> Option<String> {
        None
    }
}

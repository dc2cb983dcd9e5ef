//! The trait of partizan rulesets on coloured graphs, and what their moves share.
//!
//! Vertex colours are palette labels (RULES.md's palette: `B` = 0 belongs to Left, `W` =
//! 1 to Right, `G` = 2 to both). A ruleset lists each player's options as whole new
//! positions (graph and colouring, relabelled `0..k`), already reduced as the rules say
//! (e.g. Cutthroat's vanishing monochromatic components), each with the [`Act`] played,
//! which [`PartizanRules::say`] puts in words for `explain`. What the solver may assume
//! about a ruleset is stated by the ruleset itself ([`PartizanRules::decomposes`],
//! [`PartizanRules::negates_under_swap`]) and checked per ruleset by a property test.

use super::Uncoloured;
use super::moves::{Act, Player};
use crate::graphs::palette::Palette;
use crate::graphs::{
    Colouring, Graph, PlayColours, PlayGraph, VertexSet, WideColouring, WideGraph, WideSet,
};

/// A partizan game played on a vertex-coloured graph.
pub trait PartizanRules: Send + Sync {
    /// The name used on the command line and in job files.
    fn name(&self) -> &'static str;

    /// One line saying what the game is (for `--help` and the README).
    fn description(&self) -> &'static str;

    /// The colours the rules read: [`Palette::BW`] or [`Palette::BWG`].
    fn palette(&self) -> Palette;

    /// What an uncoloured graph means (default: a colouring is required).
    fn uncoloured(&self) -> Uncoloured {
        Uncoloured::Refused
    }

    /// Whether every position is all-small (so atomic weights apply to all of them).
    fn all_small(&self) -> bool;

    /// Whether a position is the disjunctive sum of its connected components, so that
    /// its value is the sum of theirs (default: yes).
    fn decomposes(&self) -> bool {
        true
    }

    /// Whether exchanging `B` and `W` (labels 0 and 1; `G` stays) exchanges the players,
    /// so that the swapped position's value is the negative (default: yes). The solver
    /// then looks a component up under both colourings.
    fn negates_under_swap(&self) -> bool {
        true
    }

    /// The vertices that take part when a position is first given (default: all).
    fn start(&self, g: &Graph, _c: &Colouring) -> u64 {
        g.vertices()
    }

    /// [`PartizanRules::start`] on a graph of any size.
    fn start_wide(&self, g: &WideGraph, _c: &WideColouring) -> WideSet {
        g.vertices()
    }

    /// For rules whose every move is a vertex `v` of a colour the player owns ([`owns`])
    /// and leaves the connected components of what remains once the vertices
    /// `removes(g, v)` are gone, each a position of its own ([`PartizanRules::start`]
    /// applied to it alone), whatever the colours: that mask. A census then plans a
    /// graph's moves once for all its colourings (`solving::batch`). `None` (default):
    /// not such rules.
    fn removes(&self, _g: &Graph, _v: usize) -> Option<u64> {
        None
    }

    /// Appends every move of `player` in `g` coloured `c`: what is played and the
    /// position left (relabelled `0..k`, reduced as the rules say). The solver and
    /// `explain` read this one list.
    fn moves(&self, g: &Graph, c: &Colouring, player: Player, out: &mut Vec<GraphMove>);

    /// [`PartizanRules::moves`] on a graph of any size: the same rule (a ruleset writes
    /// its moves once, generic over [`PlayGraph`], and names them in both).
    fn moves_wide(
        &self,
        g: &WideGraph,
        c: &WideColouring,
        player: Player,
        out: &mut Vec<GraphMove<WideGraph>>,
    );

    /// A move of `player` in words, for `explain`: `label[v]` is the number the user
    /// knows vertex `v` of the position by (it may be what [`PartizanRules::start`]
    /// kept of the position given). Default: "removes vertex 3".
    fn say(&self, act: Act, _player: Player, label: &[usize]) -> String {
        match act {
            Act::Vertex(v) => format!("removes vertex {}", label[v]),
            Act::Edge(i) => format!("plays edge {i}"),
            Act::Pair(a, b) => format!("plays from vertex {} onto {}", label[a], label[b]),
            Act::Shot { from, to, arrow } => format!(
                "moves from vertex {} to {} and shoots at {}",
                label[from], label[to], label[arrow]
            ),
            Act::Listed(i) => format!("makes move {i}"),
        }
    }
}

/// Writes a partizan ruleset's [`PartizanRules::moves`] and
/// [`PartizanRules::moves_wide`] as calls of its one generic move function, the inherent
/// `fn moves_of<G: PlayGraph>(&self, g: &G, c: &G::Colours, player: Player, out: &mut
/// Vec<GraphMove<G>>)`: the rule is written once, for graphs of every size.
macro_rules! moves_of_any_size {
    () => {
        fn moves(
            &self,
            g: &$crate::graphs::Graph,
            c: &$crate::graphs::Colouring,
            player: $crate::rules::Player,
            out: &mut Vec<$crate::rules::partizan::GraphMove>,
        ) {
            self.moves_of(g, c, player, out)
        }

        fn moves_wide(
            &self,
            g: &$crate::graphs::WideGraph,
            c: &$crate::graphs::WideColouring,
            player: $crate::rules::Player,
            out: &mut Vec<$crate::rules::partizan::GraphMove<$crate::graphs::WideGraph>>,
        ) {
            self.moves_of(g, c, player, out)
        }
    };
}
pub(crate) use moves_of_any_size;

/// A move on a coloured graph (of at most 64 vertices unless `G` says otherwise): what
/// is played, and the position left.
#[derive(Clone)]
pub struct GraphMove<G: PlayGraph = Graph> {
    /// What is played (vertex numbers of the position moved in).
    pub act: Act,
    /// The graph left.
    pub graph: G,
    /// Its colouring.
    pub colouring: G::Colours,
}

impl<G: PlayGraph> GraphMove<G> {
    /// The move `act`, leaving `(graph, colouring)`.
    #[inline]
    pub fn new(act: Act, (graph, colouring): (G, G::Colours)) -> GraphMove<G> {
        GraphMove {
            act,
            graph,
            colouring,
        }
    }
}

/// Appends a move for each vertex `player` owns ([`owns`]), in order: the vertex played,
/// and the position `after(v)` leaves (rules whose moves choose one of the player's
/// vertices: Cutthroat, partizan Node Kayles, the tinting games).
#[inline]
pub fn owned_vertex_moves<G: PlayGraph>(
    g: &G,
    c: &G::Colours,
    player: Player,
    out: &mut Vec<GraphMove<G>>,
    after: impl Fn(usize) -> (G, G::Colours),
) {
    for v in 0..g.n() {
        if owns(c.get(v), player) {
            out.push(GraphMove::new(Act::Vertex(v), after(v)));
        }
    }
}

/// May `player` choose a vertex of colour `colour`?
#[inline]
pub fn owns(colour: u8, player: Player) -> bool {
    colour == 2 || (colour == 0) == (player == Player::Left)
}

/// The colouring with B and W exchanged (G stays): the same position seen with the
/// players' roles swapped.
pub fn swap_colours(c: &Colouring) -> Colouring {
    let mut s = *c;
    for v in 0..c.n() {
        match c.get(v) {
            0 => s.set(v, 1),
            1 => s.set(v, 0),
            _ => {}
        }
    }
    s
}

/// The position induced by `mask`.
#[inline]
pub fn induced<G: PlayGraph>(g: &G, c: &G::Colours, mask: &G::Set) -> (G, G::Colours) {
    (g.induced(mask), c.induced(mask))
}

/// `mask` without the vertices of its monochromatic connected components.
#[inline]
pub fn without_monochromatic<G: PlayGraph>(g: &G, c: &G::Colours, mask: &G::Set) -> G::Set {
    let mut keep = mask.clone();
    for comp in g.components_in(mask) {
        let mut colours = comp.iter().map(|v| c.get(v));
        let first = colours.next();
        if colours.all(|x| Some(x) == first) {
            keep.subtract(&comp);
        }
    }
    keep
}

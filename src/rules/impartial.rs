//! The trait of impartial rulesets: a position is an uncoloured graph, and a move
//! leaves the subgraph induced by some vertex subset. Values are nimbers.

use crate::graphs::{Graph, WideGraph, WideSet};

/// An impartial game played on a graph.
pub trait ImpartialRules: Send + Sync {
    /// The name used on the command line and in job files.
    fn name(&self) -> &'static str;

    /// One line saying what the game is (for `--help` and the README).
    fn description(&self) -> &'static str;

    /// Whether a position is the disjunctive sum of its connected components (so that
    /// its nim-value is the XOR of theirs).
    fn decomposes(&self) -> bool {
        true
    }

    /// The vertices left after the move "choose `v`" in `g`, or `None` if that move is
    /// illegal. The new position is the subgraph of `g` induced by the returned mask.
    fn play(&self, g: &Graph, v: usize) -> Option<u64>;

    /// [`ImpartialRules::play`] on a graph of any size: the same rule (a ruleset writes
    /// it once, generic over [`crate::graphs::PlayGraph`], and names it in both).
    fn play_wide(&self, g: &WideGraph, v: usize) -> Option<WideSet>;

    /// For rules whose moves are not one per vertex (a rules file's `moves`): every
    /// move of `g`, as the vertices each leaves, in the rules' order. `None` (the
    /// default): the moves are [`ImpartialRules::play`] of each vertex, and the solver
    /// plays one vertex of each orbit of the graph's automorphisms.
    fn options(&self, _g: &Graph) -> Option<Vec<u64>> {
        None
    }

    /// The move "choose `v`" in words, for `explain`.
    fn describe(&self, v: usize) -> String {
        format!("chooses vertex {v}")
    }
}

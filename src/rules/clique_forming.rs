//! The clique-forming game: the players together build a clique; a move adds a vertex
//! adjacent to every vertex chosen so far; the last player to move wins.
//!
//! The position is the set of vertices still choosable (adjacent to all chosen ones),
//! so choosing `v` leaves the subgraph induced by the neighbours of `v`. A disconnected
//! position is *not* a sum of its components (the first move picks one component and
//! the others vanish), so this ruleset does not decompose.

use super::ImpartialRules;
use crate::graphs::{Graph, PlayGraph, WideGraph, WideSet};

/// The clique-forming game.
pub struct CliqueForming;

impl ImpartialRules for CliqueForming {
    fn name(&self) -> &'static str {
        "clique-forming"
    }

    fn description(&self) -> &'static str {
        "together build a clique, each move adding a vertex adjacent to all chosen ones (does not decompose)"
    }

    fn decomposes(&self) -> bool {
        false
    }

    fn describe(&self, v: usize) -> String {
        format!("adds vertex {v} to the clique (only its neighbours stay choosable)")
    }

    #[inline]
    fn play(&self, g: &Graph, v: usize) -> Option<u64> {
        Some(g.neighbours(v))
    }

    fn play_wide(&self, g: &WideGraph, v: usize) -> Option<WideSet> {
        Some(PlayGraph::neighbours(g, v))
    }
}

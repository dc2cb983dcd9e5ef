//! Node Kayles: choose a vertex; it and all its neighbours are removed.

use super::ImpartialRules;
use crate::graphs::{Graph, PlayGraph, VertexSet, WideGraph, WideSet};

/// Node Kayles.
pub struct NodeKayles;

impl ImpartialRules for NodeKayles {
    fn name(&self) -> &'static str {
        "node-kayles"
    }

    fn description(&self) -> &'static str {
        "choose a vertex; it and its neighbours are removed"
    }

    fn describe(&self, v: usize) -> String {
        format!("chooses vertex {v} (it and its neighbours go)")
    }

    #[inline]
    fn play(&self, g: &Graph, v: usize) -> Option<u64> {
        take(g, v)
    }

    fn play_wide(&self, g: &WideGraph, v: usize) -> Option<WideSet> {
        take(g, v)
    }
}

/// The move: `v` and its neighbours go.
#[inline]
fn take<G: PlayGraph>(g: &G, v: usize) -> Option<G::Set> {
    let mut rest = g.vertices();
    rest.subtract(&g.neighbours(v));
    rest.remove(v);
    Some(rest)
}

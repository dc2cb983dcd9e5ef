//! Node Kayles: choose a vertex; it and all its neighbours are removed.

use super::ImpartialRules;
use crate::graphs::Graph;

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
        Some(g.vertices() & !(g.neighbours(v) | 1 << v))
    }
}

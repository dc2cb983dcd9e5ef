//! Impartial Cutthroat (RULES.md, after the 2017 blog post): remove one vertex that has at
//! least one neighbour; then every vertex left without neighbours is removed. Isolated
//! vertices of a given graph are removed at the start, which changes no value (they are
//! components without moves).

use super::ImpartialRules;
use crate::graphs::{Bits, Graph};

/// Impartial Cutthroat.
pub struct ImpartialCutthroat;

impl ImpartialRules for ImpartialCutthroat {
    fn name(&self) -> &'static str {
        "impartial-cutthroat"
    }

    fn description(&self) -> &'static str {
        "remove a vertex that has a neighbour; vertices left without neighbours vanish"
    }

    fn describe(&self, v: usize) -> String {
        format!("removes vertex {v} (and every vertex left without a neighbour)")
    }

    #[inline]
    fn play(&self, g: &Graph, v: usize) -> Option<u64> {
        if g.neighbours(v) == 0 {
            return None;
        }
        let mut rest = g.vertices() & !(1 << v);
        // Only the neighbours of v can have become isolated.
        for u in Bits(g.neighbours(v)) {
            if g.neighbours(u) & rest == 0 {
                rest &= !(1 << u);
            }
        }
        Some(rest)
    }
}

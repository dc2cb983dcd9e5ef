//! Impartial Cutthroat (RULES.md, after the 2017 blog post): remove one vertex that has at
//! least one neighbour; then every vertex left without neighbours is removed. Isolated
//! vertices of a given graph are removed at the start, which changes no value (they are
//! components without moves).

use super::ImpartialRules;
use crate::graphs::{Graph, PlayGraph, VertexSet, WideGraph, WideSet};

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
        take(g, v)
    }

    fn play_wide(&self, g: &WideGraph, v: usize) -> Option<WideSet> {
        take(g, v)
    }
}

/// The move: `v` goes (it must have a neighbour), then the vertices left alone.
#[inline]
fn take<G: PlayGraph>(g: &G, v: usize) -> Option<G::Set> {
    let around = g.neighbours(v);
    if around.is_empty() {
        return None;
    }
    let mut rest = g.vertices();
    rest.remove(v);
    // Only the neighbours of v can have become isolated.
    for u in around.iter() {
        if !g.neighbours(u).meets(&rest) {
            rest.remove(u);
        }
    }
    Some(rest)
}

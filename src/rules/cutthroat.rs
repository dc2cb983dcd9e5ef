//! Cutthroat (McCurdy & Nowakowski, INTEGERS 5 (2005)): Left removes a B or G vertex,
//! Right a W or G vertex, with its edges; at the start and after every move every
//! connected component whose vertices all have one colour vanishes.

use super::moves::Player;
use super::partizan::{
    GraphMove, PartizanRules, induced, owned_vertex_moves, without_monochromatic,
};
use crate::graphs::palette::Palette;
use crate::graphs::{Colouring, Graph, PlayGraph, VertexSet, WideColouring, WideGraph, WideSet};

/// Cutthroat.
pub struct Cutthroat;

impl PartizanRules for Cutthroat {
    fn name(&self) -> &'static str {
        "cutthroat"
    }

    fn description(&self) -> &'static str {
        "B/W/G graph; Left removes a B or G vertex, Right a W or G one; monochromatic components vanish (all-small)"
    }

    fn palette(&self) -> Palette {
        Palette::BWG
    }

    fn all_small(&self) -> bool {
        true
    }

    fn start(&self, g: &Graph, c: &Colouring) -> u64 {
        without_monochromatic(g, c, &g.vertices())
    }

    fn start_wide(&self, g: &WideGraph, c: &WideColouring) -> WideSet {
        without_monochromatic(g, c, &g.vertices())
    }

    /// A move removes its vertex; the monochromatic components of what remains are
    /// what `start` removes from each.
    fn removes(&self, _g: &Graph, v: usize) -> Option<u64> {
        Some(1 << v)
    }

    super::partizan::moves_of_any_size!();
}

impl Cutthroat {
    /// The moves: a vertex of the player's goes, then the monochromatic components.
    #[inline]
    fn moves_of<G: PlayGraph>(
        &self,
        g: &G,
        c: &G::Colours,
        player: Player,
        out: &mut Vec<GraphMove<G>>,
    ) {
        owned_vertex_moves(g, c, player, out, |v| {
            let mut rest = g.vertices();
            rest.remove(v);
            induced(g, c, &without_monochromatic(g, c, &rest))
        })
    }
}

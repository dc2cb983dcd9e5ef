//! Partizan Node Kayles (RULES.md; Schaefer 1978): Left may choose a B or G vertex, Right
//! a W or G vertex; the chosen vertex and its neighbours are removed.

use super::moves::{Act, Player};
use super::partizan::{GraphMove, PartizanRules, induced, owned_vertex_moves};
use crate::graphs::palette::Palette;
use crate::graphs::{Graph, PlayGraph, VertexSet};

/// Partizan Node Kayles.
pub struct PartizanNodeKayles;

impl PartizanRules for PartizanNodeKayles {
    fn name(&self) -> &'static str {
        "partizan-node-kayles"
    }

    fn description(&self) -> &'static str {
        "B/W/G graph; Left chooses a B or G vertex, Right a W or G one; it and its neighbours are removed"
    }

    fn palette(&self) -> Palette {
        Palette::BWG
    }

    fn all_small(&self) -> bool {
        false
    }

    fn removes(&self, g: &Graph, v: usize) -> Option<u64> {
        Some(g.neighbours(v) | 1 << v)
    }

    super::partizan::moves_of_any_size!();

    fn say(&self, act: Act, _player: Player, label: &[usize]) -> String {
        match act {
            Act::Vertex(v) => format!("chooses vertex {} (it and its neighbours go)", label[v]),
            other => format!("{other:?}"),
        }
    }
}

impl PartizanNodeKayles {
    /// The moves: a vertex of the player's and its neighbours go.
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
            rest.subtract(&g.neighbours(v));
            rest.remove(v);
            induced(g, c, &rest)
        })
    }
}

//! Snort (Simon Norton; Winning Ways ch. 6, On Numbers and Games ch. 10): Left colours a
//! vertex blue, Right red; nobody may colour a vertex next to one of the opponent's
//! colour. In the tinting representation (RULES.md) a vertex is `B` (only Left may
//! still colour it), `W` (only Right) or `G` (both): after Left colours v, v goes, each
//! `G` neighbour becomes `B` and each `W` neighbour goes. An uncoloured graph is the
//! usual start, every vertex `G`.

use super::Uncoloured;
use super::partizan::{PartizanRules, Tinting};
use crate::graphs::palette::Palette;
use crate::graphs::{Colouring, Graph};

/// Snort.
pub struct Snort;

/// Left's tint: a `B` neighbour stays, a `W` one goes, a `G` one becomes `B`; an edge
/// between two `B` (or two `W`) vertices can no longer matter.
const TINTING: Tinting = Tinting {
    left: [Some(0), None, Some(0)],
    alike_edges_irrelevant: true,
};

impl PartizanRules for Snort {
    fn name(&self) -> &'static str {
        "snort"
    }

    fn description(&self) -> &'static str {
        "colour a vertex (Left blue, Right red), never next to the opponent's colour; B/W/G = who may still colour it (hot)"
    }

    fn palette(&self) -> Palette {
        Palette::BWG
    }

    fn uncoloured(&self) -> Uncoloured {
        Uncoloured::AllOf(2)
    }

    fn all_small(&self) -> bool {
        false
    }

    fn options(&self, g: &Graph, c: &Colouring, left: bool, out: &mut Vec<(Graph, Colouring)>) {
        TINTING.each(g, c, left, |_, p| out.push(p));
    }

    fn moves(&self, g: &Graph, c: &Colouring, left: bool) -> Vec<(String, Graph, Colouring)> {
        let mut m = Vec::new();
        let colour = if left { "blue" } else { "red" };
        TINTING.each(g, c, left, |v, (h, d)| {
            m.push((format!("colours vertex {v} {colour}"), h, d))
        });
        m
    }
}

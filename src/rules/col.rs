//! Col (Colin Vout; Winning Ways ch. 2, On Numbers and Games ch. 10): Left colours a
//! vertex blue, Right red; nobody may colour a vertex next to one of their own colour.
//! In the tinting representation (RULES.md) a vertex is `B` (only Left may still colour
//! it), `W` (only Right) or `G` (both): after Left colours v, v goes, each `G` neighbour
//! becomes `W` and each `B` neighbour goes. An uncoloured graph is the usual start,
//! every vertex `G`. Every Col position is a number or a number plus * (ONAG ch. 10).

use super::Uncoloured;
use super::partizan::{PartizanRules, Tinting};
use crate::graphs::palette::Palette;
use crate::graphs::{Colouring, Graph};

/// Col.
pub struct Col;

/// Left's tint: a `B` neighbour goes, a `W` one stays, a `G` one becomes `W`; an edge
/// between a `B` and a `W` vertex can no longer matter.
const TINTING: Tinting = Tinting {
    left: [None, Some(1), Some(1)],
    alike_edges_irrelevant: false,
};

impl PartizanRules for Col {
    fn name(&self) -> &'static str {
        "col"
    }

    fn description(&self) -> &'static str {
        "colour a vertex (Left blue, Right red), never next to your own colour; B/W/G = who may still colour it (cold)"
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

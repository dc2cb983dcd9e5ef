//! Col (Colin Vout; Winning Ways ch. 2, On Numbers and Games ch. 10): Left colours a
//! vertex blue, Right red; nobody may colour a vertex next to one of their own colour.
//! In the tinting representation (RULES.md) a vertex is `B` (only Left may still colour
//! it), `W` (only Right) or `G` (both): after Left colours v, v goes, each `G` neighbour
//! becomes `W` and each `B` neighbour goes. An uncoloured graph is the usual start,
//! every vertex `G`. Every Col position is a number or a number plus * (ONAG ch. 10).

use super::Uncoloured;
use super::partizan::{PartizanRules, Tint, each_tinting};
use crate::graphs::palette::Palette;
use crate::graphs::{Colouring, Graph};

/// Col.
pub struct Col;

/// Left's tint: a `B` neighbour goes, a `W` one stays, a `G` one becomes `W`.
const LEFT: Tint = [None, Some(1), Some(1)];

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
        each_tinting(g, c, left, &LEFT, |_, p| out.push(p));
    }

    fn moves(&self, g: &Graph, c: &Colouring, left: bool) -> Vec<(String, Graph, Colouring)> {
        let mut m = Vec::new();
        let colour = if left { "blue" } else { "red" };
        each_tinting(g, c, left, &LEFT, |v, (h, d)| {
            m.push((format!("colours vertex {v} {colour}"), h, d))
        });
        m
    }
}

//! Col (Colin Vout; Winning Ways ch. 2, On Numbers and Games ch. 10): Left colours a
//! vertex blue, Right red; nobody may colour a vertex next to one of their own colour.
//! In the tinting representation (RULES.md) a vertex is `B` (only Left may still colour
//! it), `W` (only Right) or `G` (both): after Left colours v, v goes, each `G` neighbour
//! becomes `W` and each `B` neighbour goes. An uncoloured graph is the usual start,
//! every vertex `G`. Every Col position is a number or a number plus * (ONAG ch. 10).

use super::tinting::Tinting;

/// Col. Left's tint: a `B` neighbour goes, a `W` one stays, a `G` one becomes `W`; an edge
/// between a `B` and a `W` vertex can no longer matter.
pub const COL: Tinting = Tinting {
    name: "col",
    description: "colour a vertex (Left blue, Right red), never next to your own colour; B/W/G = who may still colour it (cold)",
    left: [None, Some(1), Some(1)],
    alike_edges_irrelevant: false,
};

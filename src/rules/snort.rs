//! Snort (Simon Norton; Winning Ways ch. 6, On Numbers and Games ch. 10): Left colours a
//! vertex blue, Right red; nobody may colour a vertex next to one of the opponent's
//! colour. In the tinting representation (RULES.md) a vertex is `B` (only Left may
//! still colour it), `W` (only Right) or `G` (both): after Left colours v, v goes, each
//! `G` neighbour becomes `B` and each `W` neighbour goes. An uncoloured graph is the
//! usual start, every vertex `G`.

use super::tinting::Tinting;

/// Snort. Left's tint: a `B` neighbour stays, a `W` one goes, a `G` one becomes `B`; an edge
/// between two `B` (or two `W`) vertices can no longer matter.
pub const SNORT: Tinting = Tinting {
    name: "snort",
    description: "colour a vertex (Left blue, Right red), never next to the opponent's colour; B/W/G = who may still colour it (hot)",
    left: [Some(0), None, Some(0)],
    alike_edges_irrelevant: true,
};

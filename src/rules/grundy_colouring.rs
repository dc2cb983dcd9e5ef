//! The Grundy colouring game (RULES.md; blog "The Grundy Game", Dan and Andrew's Game
//! Place, 2018): the players alternately write a positive whole number on an empty
//! vertex, never a number already on an adjacent vertex; the number is added to the
//! writer's score; when every vertex is filled the lower total wins (equal totals: a
//! draw). A scoring game.
//!
//! **Numbers.** A vertex with d neighbours always has a legal number among 1..=d+1, and
//! the blog notes none above d+1 is ever needed; the ruleset allows numbers up to
//! d + 1 + `extra` at a vertex of degree d (the option `max_extra`, default 0), so that
//! the claim can be tested by raising it.
//!
//! **What the rest of the game depends on** (the memo key): the empty vertices, the
//! edges among them, and for each empty vertex the set of numbers its filled neighbours
//! forbid, up to its largest allowed number (larger forbidden numbers change nothing).
//! The scores so far only add a constant. An empty vertex with no empty neighbour
//! affects nobody any more, so only the cost of filling it (its smallest allowed number)
//! matters, and that is all its label says.
//!
//! **Moves left out** (never better than one kept): at a vertex, a number that forbids
//! nothing new to any empty neighbour (it is already forbidden there, or above that
//! neighbour's largest number) changes nothing but the writer's score, so of those
//! numbers only the smallest is kept.
//!
//! **No decomposition.** A board whose empty vertices fall apart into components is not
//! a plain sum: the players alternate over the whole board, so who fills which
//! component, and when, depends on the others; so the whole remainder is one memo key.

use super::scoring::{Board, ScoringMove, ScoringRules};
use crate::graphs::canon::with_canonizer;
use crate::graphs::{Bits, CanonKey, Graph};

/// The Grundy colouring game.
pub struct GrundyColouring;

/// Bits of a label: the numbers forbidden (bit k−1: k), then the largest allowed number.
const BOUND_SHIFT: u32 = 64;
/// A label that records only the cost of filling an isolated empty vertex.
const ISOLATED: u128 = 1 << 100;

fn forbidden(label: u128) -> u64 {
    label as u64
}

fn bound(label: u128) -> u32 {
    ((label >> BOUND_SHIFT) & 0xff) as u32
}

/// The smallest number allowed at a vertex with this label.
fn smallest(label: u128) -> u32 {
    (!forbidden(label)).trailing_zeros() + 1
}

impl ScoringRules for GrundyColouring {
    fn name(&self) -> &'static str {
        "grundy-colouring"
    }

    fn description(&self) -> &'static str {
        "scoring: write a number on an empty vertex, none already on a neighbour; it adds to your score; lower total wins"
    }

    fn lower_wins(&self) -> bool {
        true
    }

    fn beyond_limits(&self, g: &Graph, extra: u32) -> Option<String> {
        let d = (0..g.n()).map(|v| g.degree(v)).max().unwrap_or(0) as u64;
        (d + 1 + extra as u64 > 64).then(|| {
            format!(
                "numbers up to 64 are supported, and a vertex of degree {d} with max_extra \
                 {extra} allows {}",
                d + 1 + extra as u64
            )
        })
    }

    fn start(&self, g: &Graph, extra: u32) -> Board {
        let mut labels = [0u128; 64];
        for (v, l) in labels.iter_mut().enumerate().take(g.n()) {
            // Numbers are at most 64 + 1 + extra; a u64 records forbidden ones up to 64.
            let b = (g.degree(v) as u32 + 1 + extra).min(64);
            *l = (b as u128) << BOUND_SHIFT;
        }
        Board {
            graph: *g,
            empty: g.vertices(),
            labels,
            written: [0; 64],
        }
    }

    fn moves(&self, b: &Board, out: &mut Vec<ScoringMove>) {
        let g = &b.graph;
        for v in Bits(b.empty) {
            let label = b.labels[v];
            let empty_nbrs = g.neighbours(v) & b.empty;
            let mut idle_taken = false;
            for k in 1..=bound(label) {
                if forbidden(label) >> (k - 1) & 1 == 1 {
                    continue;
                }
                // Does k forbid anything new to an empty neighbour?
                let effect = Bits(empty_nbrs).any(|w| {
                    let lw = b.labels[w];
                    k <= bound(lw) && forbidden(lw) >> (k - 1) & 1 == 0
                });
                if !effect {
                    if idle_taken {
                        continue;
                    }
                    idle_taken = true;
                }
                out.push(ScoringMove {
                    vertex: v,
                    points: k,
                });
            }
        }
    }

    fn apply(&self, b: &mut Board, m: ScoringMove) -> u64 {
        let v = m.vertex;
        b.empty &= !(1 << v);
        b.written[v] = m.points;
        let bit = 1u128 << (m.points - 1);
        let mut newly = 0u64;
        for w in Bits(b.graph.neighbours(v) & b.empty) {
            if b.labels[w] & bit == 0 {
                b.labels[w] |= bit;
                newly |= 1 << w;
            }
        }
        newly
    }

    fn undo(&self, b: &mut Board, m: ScoringMove, token: u64) {
        let bit = 1u128 << (m.points - 1);
        for w in Bits(token) {
            b.labels[w] &= !bit;
        }
        b.empty |= 1 << m.vertex;
        b.written[m.vertex] = 0;
    }

    fn key(&self, b: &Board) -> CanonKey {
        let g = &b.graph;
        let rest = g.induced(b.empty);
        let mut labels = [0u128; 64];
        for (i, v) in Bits(b.empty).enumerate() {
            let l = b.labels[v];
            labels[i] = if g.neighbours(v) & b.empty == 0 {
                ISOLATED | smallest(l) as u128
            } else {
                let bd = bound(l);
                let mask = if bd >= 64 { u64::MAX } else { (1u64 << bd) - 1 };
                ((bd as u128) << BOUND_SHIFT) | (forbidden(l) & mask) as u128
            };
        }
        with_canonizer(|c| c.canonize_labelled(&rest, &labels[..rest.n()]))
    }
}

/// The cost of filling an empty vertex of `b` that has no empty neighbour.
pub fn isolated_cost(b: &Board, v: usize) -> u32 {
    smallest(b.labels[v])
}

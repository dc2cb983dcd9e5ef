//! Clobber on graphs (Albert, Grossman, Nowakowski & Wolfe, "An introduction to
//! Clobber"): every vertex holds a black (Left) or white (Right) stone; a move slides one
//! of your stones along an edge onto an adjacent opponent stone, which is removed, and the
//! vacated vertex is gone for good.

use super::moves::{Act, Player};
use super::partizan::{GraphMove, PartizanRules};
use crate::graphs::palette::Palette;
use crate::graphs::{PlayColours, PlayGraph, VertexSet};

/// Clobber.
pub struct Clobber;

impl PartizanRules for Clobber {
    fn name(&self) -> &'static str {
        "clobber"
    }

    fn description(&self) -> &'static str {
        "B/W stones; move a stone onto an adjacent opponent stone, which is removed; the vacated vertex is gone (all-small)"
    }

    fn palette(&self) -> Palette {
        Palette::BW
    }

    fn all_small(&self) -> bool {
        true
    }

    super::partizan::moves_of_any_size!();

    fn say(&self, act: Act, _player: Player, label: &[usize]) -> String {
        match act {
            Act::Pair(u, w) => format!("moves the stone on {} onto {}", label[u], label[w]),
            other => format!("{other:?}"),
        }
    }
}

impl Clobber {
    /// The moves: a stone of the player's onto an adjacent stone of the opponent's.
    #[inline]
    fn moves_of<G: PlayGraph>(
        &self,
        g: &G,
        c: &G::Colours,
        player: Player,
        out: &mut Vec<GraphMove<G>>,
    ) {
        let (mine, theirs) = if player == Player::Left {
            (0, 1)
        } else {
            (1, 0)
        };
        for u in 0..g.n() {
            if c.get(u) != mine {
                continue;
            }
            for w in g.neighbours(u).iter() {
                if c.get(w) == theirs {
                    // The stone from u now stands on w; u is gone.
                    let mut moved = c.clone();
                    moved.set(w, mine);
                    let mut rest = g.vertices();
                    rest.remove(u);
                    out.push(GraphMove::new(
                        Act::Pair(u, w),
                        (g.induced(&rest), moved.induced(&rest)),
                    ));
                }
            }
        }
    }
}

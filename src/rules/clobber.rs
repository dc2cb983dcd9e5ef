//! Clobber on graphs (Albert, Grossman, Nowakowski & Wolfe, "An introduction to
//! Clobber"): every vertex holds a black (Left) or white (Right) stone; a move slides one
//! of your stones along an edge onto an adjacent opponent stone, which is removed, and the
//! vacated vertex is gone for good.

use super::partizan::PartizanRules;
use crate::graphs::palette::Palette;
use crate::graphs::{Bits, Colouring, Graph};

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

    fn options(&self, g: &Graph, c: &Colouring, left: bool, out: &mut Vec<(Graph, Colouring)>) {
        each(g, c, left, |_, _, p| out.push(p));
    }

    fn moves(
        &self,
        g: &Graph,
        c: &Colouring,
        left: bool,
        label: &[usize],
    ) -> Vec<(String, Graph, Colouring)> {
        let mut m = Vec::new();
        each(g, c, left, |u, w, (h, d)| {
            m.push((
                format!("moves the stone on {} onto {}", label[u], label[w]),
                h,
                d,
            ))
        });
        m
    }
}

/// Every move of the player: from `u` onto the opponent's stone on `w`, and the position
/// left (the stone from u now stands on w; u is gone).
fn each(g: &Graph, c: &Colouring, left: bool, mut f: impl FnMut(usize, usize, (Graph, Colouring))) {
    let (mine, theirs) = if left { (0, 1) } else { (1, 0) };
    for u in 0..g.n() {
        if c.get(u) != mine {
            continue;
        }
        for w in Bits(g.neighbours(u)) {
            if c.get(w) == theirs {
                let mut moved = *c;
                moved.set(w, mine);
                let rest = g.vertices() & !(1 << u);
                f(u, w, (g.induced(rest), moved.induced(rest)));
            }
        }
    }
}

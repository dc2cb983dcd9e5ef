//! Partizan Node Kayles (RULES.md; Schaefer 1978): Left may choose a B or G vertex, Right
//! a W or G vertex; the chosen vertex and its neighbours are removed.

use super::partizan::{PartizanRules, induced, owns};
use crate::graphs::palette::Palette;
use crate::graphs::{Colouring, Graph};

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

    fn options(&self, g: &Graph, c: &Colouring, left: bool, out: &mut Vec<(Graph, Colouring)>) {
        each(g, c, left, |_, p| out.push(p));
    }

    fn moves(
        &self,
        g: &Graph,
        c: &Colouring,
        left: bool,
        label: &[usize],
    ) -> Vec<(String, Graph, Colouring)> {
        let mut m = Vec::new();
        each(g, c, left, |v, (h, d)| {
            m.push((
                format!("chooses vertex {} (it and its neighbours go)", label[v]),
                h,
                d,
            ))
        });
        m
    }
}

/// Every move of the player: the vertex chosen, and the position left.
fn each(g: &Graph, c: &Colouring, left: bool, mut f: impl FnMut(usize, (Graph, Colouring))) {
    for v in 0..g.n() {
        if owns(c.get(v), left) {
            f(v, induced(g, c, g.vertices() & !(g.neighbours(v) | 1 << v)));
        }
    }
}

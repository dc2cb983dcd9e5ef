//! Cutthroat (McCurdy & Nowakowski, INTEGERS 5 (2005)): Left removes a B or G vertex,
//! Right a W or G vertex, with its edges; at the start and after every move every
//! connected component whose vertices all have one colour vanishes.

use super::partizan::{PartizanRules, induced, owns, without_monochromatic};
use crate::graphs::palette::Palette;
use crate::graphs::{Colouring, Graph};

/// Cutthroat.
pub struct Cutthroat;

impl PartizanRules for Cutthroat {
    fn name(&self) -> &'static str {
        "cutthroat"
    }

    fn description(&self) -> &'static str {
        "B/W/G graph; Left removes a B or G vertex, Right a W or G one; monochromatic components vanish (all-small)"
    }

    fn palette(&self) -> Palette {
        Palette::BWG
    }

    fn all_small(&self) -> bool {
        true
    }

    fn start(&self, g: &Graph, c: &Colouring) -> u64 {
        without_monochromatic(g, c, g.vertices())
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
            m.push((format!("removes vertex {}", label[v]), h, d))
        });
        m
    }
}

/// Every move of the player: the vertex removed, and the position left.
fn each(g: &Graph, c: &Colouring, left: bool, mut f: impl FnMut(usize, (Graph, Colouring))) {
    for v in 0..g.n() {
        if owns(c.get(v), left) {
            let rest = without_monochromatic(g, c, g.vertices() & !(1 << v));
            f(v, induced(g, c, rest));
        }
    }
}

//! Tinting games (ONAG ch. 8, Winning Ways ch. 2 and 6): players colour vertices, Left
//! blue and Right red, and a vertex's label says who may still colour it (`B` only Left,
//! `W` only Right, `G` both). Snort and Col differ only in how a move re-tints the
//! neighbours, so both are one [`Tinting`] value implementing [`PartizanRules`].

use super::Uncoloured;
use super::partizan::{PartizanRules, induced, owns};
use crate::graphs::palette::Palette;
use crate::graphs::{Bits, Colouring, Graph};

/// What colouring a vertex does to a neighbour in a tinting game (Snort, Col): indexed
/// by the neighbour's colour label (`B`, `W`, `G`), its new label, or `None` if nobody
/// may play it any more (it goes).
pub type Tint = [Option<u8>; 3];

/// A tinting game: how Left's move re-tints a neighbour, and which edges can no longer
/// matter once both ends are tinted (ONAG ch. 8: in Snort an edge joining two vertices
/// tinted alike, in Col one joining two vertices tinted oppositely).
#[derive(Clone, Copy, Debug)]
pub struct Tinting {
    /// The ruleset's name (`--rules`).
    pub name: &'static str,
    /// One line for help texts.
    pub description: &'static str,
    /// Left's tint; Right's is its B/W mirror.
    pub left: Tint,
    /// Whether the irrelevant edges join vertices tinted alike (`true`, Snort) or
    /// oppositely (`false`, Col).
    pub alike_edges_irrelevant: bool,
}

impl Tinting {
    /// The player's tint.
    fn tint(&self, left: bool) -> Tint {
        if left {
            return self.left;
        }
        // Right's move is Left's with B and W exchanged.
        let swap = |x: Option<u8>| x.map(|l| [1, 0, 2][l as usize]);
        [swap(self.left[1]), swap(self.left[0]), swap(self.left[2])]
    }

    /// The position after vertex `v` of `g` coloured `c` is coloured with `tint`: `v`
    /// goes, each neighbour is re-tinted, and the edges that can no longer matter go
    /// (so that more positions fall apart into components).
    fn after(&self, g: &Graph, c: &Colouring, v: usize, tint: &Tint) -> (Graph, Colouring) {
        let mut d = *c;
        let mut keep = g.vertices() & !(1 << v);
        for u in Bits(g.neighbours(v)) {
            match tint[c.get(u) as usize] {
                Some(t) => d.set(u, t),
                None => keep &= !(1 << u),
            }
        }
        let (mut h, e) = induced(g, &d, keep);
        let (b, w) = (e.mask_of(0), e.mask_of(1));
        if self.alike_edges_irrelevant {
            h.remove_edges_between(b, b);
            h.remove_edges_between(w, w);
        } else {
            h.remove_edges_between(b, w);
        }
        (h, e)
    }

    /// Every move of the player: they colour a vertex they may play ([`owns`]); `f`
    /// gets the vertex and the position left.
    fn each(
        &self,
        g: &Graph,
        c: &Colouring,
        left: bool,
        mut f: impl FnMut(usize, (Graph, Colouring)),
    ) {
        let tint = self.tint(left);
        for v in 0..g.n() {
            if owns(c.get(v), left) {
                f(v, self.after(g, c, v, &tint));
            }
        }
    }
}

impl PartizanRules for Tinting {
    fn name(&self) -> &'static str {
        self.name
    }

    fn description(&self) -> &'static str {
        self.description
    }

    fn palette(&self) -> Palette {
        Palette::BWG
    }

    /// An uncoloured graph is the usual start: every vertex still free (`G`).
    fn uncoloured(&self) -> Uncoloured {
        Uncoloured::AllOf(2)
    }

    fn all_small(&self) -> bool {
        false
    }

    fn options(&self, g: &Graph, c: &Colouring, left: bool, out: &mut Vec<(Graph, Colouring)>) {
        self.each(g, c, left, |_, p| out.push(p));
    }

    fn moves(
        &self,
        g: &Graph,
        c: &Colouring,
        left: bool,
        label: &[usize],
    ) -> Vec<(String, Graph, Colouring)> {
        let mut m = Vec::new();
        let colour = if left { "blue" } else { "red" };
        self.each(g, c, left, |v, (h, d)| {
            m.push((format!("colours vertex {} {colour}", label[v]), h, d))
        });
        m
    }
}

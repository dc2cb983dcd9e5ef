//! Tinting games (ONAG ch. 8, Winning Ways ch. 2 and 6): players colour vertices, Left
//! blue and Right red, and a vertex's label says who may still colour it (`B` only Left,
//! `W` only Right, `G` both). Snort and Col differ only in how a move re-tints the
//! neighbours, so both are one [`Tinting`] value implementing [`PartizanRules`].

use super::Uncoloured;
use super::moves::{Act, Player};
use super::partizan::{GraphMove, PartizanRules, induced, owned_vertex_moves};
use crate::graphs::palette::Palette;
use crate::graphs::{PlayColours, PlayGraph, VertexSet};

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
    #[inline]
    fn after<G: PlayGraph>(&self, g: &G, c: &G::Colours, v: usize, tint: &Tint) -> (G, G::Colours) {
        let mut d = c.clone();
        let mut keep = g.vertices();
        keep.remove(v);
        for u in g.neighbours(v).iter() {
            match tint[c.get(u) as usize] {
                Some(t) => d.set(u, t),
                None => keep.remove(u),
            }
        }
        let (mut h, e) = induced(g, &d, &keep);
        let (b, w) = (e.mask_of(0), e.mask_of(1));
        if self.alike_edges_irrelevant {
            h.remove_edges_between(&b, &b);
            h.remove_edges_between(&w, &w);
        } else {
            h.remove_edges_between(&b, &w);
        }
        (h, e)
    }

    /// The moves of `player`: each vertex the player may colour, coloured.
    #[inline]
    fn moves_of<G: PlayGraph>(
        &self,
        g: &G,
        c: &G::Colours,
        player: Player,
        out: &mut Vec<GraphMove<G>>,
    ) {
        let tint = self.tint(player == Player::Left);
        owned_vertex_moves(g, c, player, out, |v| self.after(g, c, v, &tint))
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

    super::partizan::moves_of_any_size!();

    fn say(&self, act: Act, player: Player, label: &[usize]) -> String {
        let colour = if player == Player::Left {
            "blue"
        } else {
            "red"
        };
        match act {
            Act::Vertex(v) => format!("colours vertex {} {colour}", label[v]),
            other => format!("{other:?}"),
        }
    }
}

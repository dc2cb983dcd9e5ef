//! Hackenbush (Winning Ways ch. 1–2, 7; Lessons in Play ch. 2; the course notes): a graph
//! of edges coloured blue (only Left cuts), red (only Right cuts) or green (either player
//! cuts), standing on a ground. A move cuts one edge; every edge no longer joined to the
//! ground falls. Loops and parallel edges are allowed; normal play. Blue-Red, Green and
//! Blue-Red-Green Hackenbush are this one ruleset (a Green-only position is impartial and
//! its value a nimber, which the `grundy` column reports).
//!
//! A position is a [`Shape`] whose one ground vertex has vertex label [`GROUND`] (all
//! ground points are one vertex) and whose edges are labelled [`BLUE`], [`RED`] or
//! [`GREEN`]; every edge hangs from the ground (what does not has fallen). Notation: an
//! edge list `0-1:B,1-2:R,1-1:G`, vertex 0 the ground, `0` the empty position; also read:
//! graph6 plus edge colours, `GRAPH6:COLOURS` (see [`parse_graph6_colours`]).
//! Components are the parts hanging from the ground separately, each with its own copy of
//! the ground: the position is their sum. Exchanging blue and red negates.

use super::hackenbush_stalks::{stalk_colours, stalk_value};
use super::shape_rules::{Act, Kind, Listing, Mirror, Move, Player, ShapedRules};
use crate::error::{Error, Result};
use crate::graphs::palette::Palette;
use crate::shapes::{Shape, canonical_key};
use crate::values::game::GameId;

pub use super::hackenbush_census::{
    automorphisms, coloured_graphs, grounded_graphs, multi_coloured_graphs,
};
pub use super::hackenbush_graph6::{parse_graph6_colours, to_graph6_colours};
pub use super::hackenbush_labels::{
    BLUE, GREEN, GROUND, HACKENBUSH_EDGES, HACKENBUSH_VERTICES, RED, empty, may_cut, prune,
};

/// The edge labels of the letters of a job's `edge_colours` (`B`, `R`, `G`, each at most
/// once, at least one), in the order B, R, G.
fn palette(letters: &str) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    for c in letters.chars() {
        let label = match c {
            'B' => BLUE,
            'R' => RED,
            'G' => GREEN,
            _ => {
                return Err(Error::usage(format!(
                    "edge_colours = {letters:?}: use the letters B, R and G"
                )));
            }
        };
        if out.contains(&label) {
            return Err(Error::usage(format!(
                "edge_colours = {letters:?}: {c} twice"
            )));
        }
        out.push(label);
    }
    if out.is_empty() {
        return Err(Error::usage(
            "edge_colours = \"\": give at least one of B, R, G",
        ));
    }
    out.sort_unstable();
    Ok(out)
}

/// Hackenbush.
pub struct Hackenbush;

/// Largest edge count a census goes to (the census holds its positions in memory).
pub const MAX_CENSUS_EDGES: usize = 10;

/// The number each vertex is written with: the ground 0, the others 1, 2, … in order.
fn numbering(s: &Shape) -> Vec<usize> {
    let mut next = 0;
    s.labels()
        .iter()
        .map(|&l| {
            if l == GROUND {
                0
            } else {
                next += 1;
                next
            }
        })
        .collect()
}

/// The colour letter of an edge label.
fn letter(label: u8) -> char {
    HACKENBUSH_EDGES.letters[label as usize] as char
}

const HELP: &str = "edges a-b:C separated by commas, vertex 0 the ground, C one of B (blue, Left's), R (red, Right's), G (green, either's); loops and parallel edges allowed (0-1:B,1-2:R is a blue-red stalk, 0-1:G,1-1:G a green edge with a loop on top, 0 the empty position); or GRAPH6:COLOURS, a simple graph in graph6 with vertex 0 the ground and one letter per edge in graph6's edge order 0-1, 0-2, 1-2, 0-3, ... (Bg:BR is the stalk 0-1:B,1-2:R)";

impl ShapedRules for Hackenbush {
    fn name(&self) -> &'static str {
        "hackenbush"
    }

    fn description(&self) -> &'static str {
        "edges on a ground; Left cuts blue or green, Right red or green, what falls off the ground goes (normal play)"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn vertex_palette(&self) -> Palette {
        HACKENBUSH_VERTICES
    }

    fn edge_palette(&self) -> Palette {
        HACKENBUSH_EDGES
    }

    fn notation(&self) -> &'static str {
        "edges"
    }

    fn notation_help(&self) -> &'static str {
        HELP
    }

    fn parse(&self, text: &str) -> Result<Shape> {
        let t = text.trim();
        if t == "0" {
            return Ok(empty());
        }
        if t.is_empty() {
            return Err(Error::usage(format!("an empty edge list: {HELP}")));
        }
        if super::hackenbush_graph6::is_graph6_colours(t) {
            return parse_graph6_colours(t);
        }
        let (n, edges) = crate::shapes::edges::parse_list(
            t,
            &crate::shapes::edges::EdgeSyntax {
                letters: HACKENBUSH_EDGES.letters,
                word: "colour",
                placeholder: 'C',
                unlabelled: None,
                help: HELP,
            },
        )?;
        let n = n.max(1);
        let mut s = Shape::new(n, false);
        s.set_label(0, GROUND);
        for &(a, b, l) in &edges {
            s.add_edge(a, b, l);
        }
        let mut ground = vec![false; n];
        ground[0] = true;
        let joined = s.reachable(&ground);
        if let Some(&(a, b, l)) = edges.iter().find(|&&(a, b, _)| !joined[a] || !joined[b]) {
            return Err(Error::usage(format!(
                "edge {a}-{b}:{} is not joined to the ground (vertex 0); every edge must hang from it",
                letter(l)
            )));
        }
        Ok(prune(&s))
    }

    fn write(&self, s: &Shape) -> String {
        let num = numbering(s);
        let mut items: Vec<(usize, usize, u8)> = s
            .edges()
            .iter()
            .map(|e| {
                let (a, b) = (num[e.a as usize], num[e.b as usize]);
                (a.min(b), a.max(b), e.label)
            })
            .collect();
        if items.is_empty() {
            return "0".to_string();
        }
        items.sort_unstable();
        items
            .iter()
            .map(|&(a, b, l)| format!("{a}-{b}:{}", letter(l)))
            .collect::<Vec<_>>()
            .join(",")
    }

    fn size(&self, s: &Shape) -> usize {
        s.edges().len()
    }

    fn size_unit(&self) -> &'static str {
        "edges"
    }

    fn moves(&self, s: &Shape, player: Player, out: &mut Vec<Move>) {
        for (i, e) in s.edges().iter().enumerate() {
            if may_cut(e.label, player) {
                out.push(Move {
                    act: Act::Edge(i),
                    after: prune(&s.without_edge(i)),
                });
            }
        }
    }

    fn say(&self, s: &Shape, act: Act) -> String {
        let num = numbering(s);
        match act {
            Act::Edge(i) => {
                let e = s.edges()[i];
                let colour = match e.label {
                    BLUE => "blue",
                    RED => "red",
                    _ => "green",
                };
                let (a, b) = (num[e.a as usize], num[e.b as usize]);
                format!("cuts the {colour} edge {}-{}", a.min(b), a.max(b))
            }
            Act::Vertex(v) => format!("takes vertex {}", num[v]),
            Act::Pair(a, b) => format!("plays from vertex {} onto vertex {}", num[a], num[b]),
            Act::Shot { from, to, arrow } => format!(
                "moves from vertex {} to {} and shoots at {}",
                num[from], num[to], num[arrow]
            ),
            Act::Listed(i) => format!("makes move {i}"),
        }
    }

    /// The parts hanging from the ground separately (a loop at the ground is a part of
    /// its own), each with its own copy of the ground as its vertex 0.
    fn components(&self, s: &Shape) -> Vec<Shape> {
        let n = s.n();
        let Some(g) = s.labels().iter().position(|&l| l == GROUND) else {
            return Vec::new(); // nothing stands on a ground: everything has fallen
        };
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        for e in s.edges() {
            let (a, b) = (e.a as usize, e.b as usize);
            if a != g && b != g {
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                if ra != rb {
                    parent[ra.max(rb)] = ra.min(rb);
                }
            }
        }
        // Part of each edge: the root of its end off the ground, or a fresh part for a
        // loop at the ground.
        let mut part_of_root = vec![usize::MAX; n];
        let mut parts: Vec<Vec<usize>> = Vec::new(); // edge indices
        for (i, e) in s.edges().iter().enumerate() {
            let (a, b) = (e.a as usize, e.b as usize);
            let off = if a != g { a } else { b };
            if off == g {
                parts.push(vec![i]);
                continue;
            }
            let r = find(&mut parent, off);
            if part_of_root[r] == usize::MAX {
                part_of_root[r] = parts.len();
                parts.push(Vec::new());
            }
            parts[part_of_root[r]].push(i);
        }
        if parts.len() <= 1 {
            return if parts.is_empty() {
                Vec::new()
            } else {
                vec![s.clone()]
            };
        }
        let mut new = vec![usize::MAX; n];
        parts
            .iter()
            .map(|edges| {
                let mut verts = vec![g];
                new[g] = 0;
                for &i in edges {
                    let e = s.edges()[i];
                    for v in [e.a as usize, e.b as usize] {
                        if v != g && new[v] == usize::MAX {
                            new[v] = verts.len();
                            verts.push(v);
                        }
                    }
                }
                let mut p = Shape::new(verts.len(), false);
                p.set_label(0, GROUND);
                for &i in edges {
                    let e = s.edges()[i];
                    p.add_edge(new[e.a as usize], new[e.b as usize], e.label);
                }
                for &v in &verts {
                    new[v] = usize::MAX;
                }
                p
            })
            .collect()
    }

    fn mirror(&self) -> Mirror {
        Mirror::EdgeLabels(BLUE, RED)
    }

    /// A green stalk is a nim heap, a blue-red stalk a number by Berlekamp's rule
    /// ([`super::hackenbush_stalks`]).
    fn known_value(&self, part: &Shape) -> Option<Result<GameId>> {
        stalk_value(&stalk_colours(part)?)
    }

    fn key(&self, s: &Shape) -> crate::shapes::ShapeKey {
        canonical_key(s)
    }

    /// Every connected simple graph with `size` edges standing on the ground, in every
    /// colouring of its edges with B, R and G, once up to the isomorphisms fixing the
    /// ground.
    fn enumerate(&self, size: usize, emit: &mut dyn FnMut(Shape) -> bool) -> Result<()> {
        self.enumerate_listed(size, &Listing::default(), emit)
    }

    fn max_census_size(&self) -> usize {
        MAX_CENSUS_EDGES
    }

    fn max_multiplicity(&self) -> usize {
        2
    }

    /// `multiplicity` 2: every connected grounded multigraph without loops, two vertices
    /// joined by at most two parallel edges, `size` edges counting each, in every
    /// colouring of its edges (the two of a pair coloured independently), once up to the
    /// isomorphisms fixing the ground: a simple graph of `k` edges with `size - k` of them
    /// doubled. `max_vertices`: graphs of at most that many vertices, the ground counted
    /// (a census by vertices: every connected grounded graph on at most n vertices is one
    /// of at most n(n-1)/2 edges); `edge_colours`: the letters the edges may take (`BR`
    /// for Blue-Red Hackenbush, `G` for Green; default `BRG`).
    fn check_listing(&self, listing: &Listing) -> Result<()> {
        listing.check_multiplicity(self)?;
        if listing.max_vertices == Some(0) {
            return Err(Error::usage(
                "max_vertices = 0: a position has at least the ground",
            ));
        }
        if let Some(c) = listing.edge_colours {
            palette(c)?;
        }
        Ok(())
    }

    fn enumerate_listed(
        &self,
        size: usize,
        listing: &Listing,
        emit: &mut dyn FnMut(Shape) -> bool,
    ) -> Result<()> {
        self.check_listing(listing)?;
        let Listing {
            multiplicity,
            max_vertices,
            edge_colours,
        } = *listing;
        if size > MAX_CENSUS_EDGES {
            return Err(Error::Limit(format!(
                "a Hackenbush census goes up to {MAX_CENSUS_EDGES} edges; asked for {size}"
            )));
        }
        let colours = palette(edge_colours.unwrap_or("BRG"))?;
        let most = |k: usize| max_vertices.map_or(k + 1, |v| v.min(k + 1));
        match multiplicity {
            0 | 1 => {
                for g in grounded_graphs(size, most(size)) {
                    if !coloured_graphs(&g, &colours, emit) {
                        break;
                    }
                }
                Ok(())
            }
            2 => {
                for k in size.div_ceil(2)..=size {
                    for g in grounded_graphs(k, most(k)) {
                        if !multi_coloured_graphs(&g, &colours, size - k, emit) {
                            return Ok(());
                        }
                    }
                }
                Ok(())
            }
            m => Err(Error::usage(format!(
                "multiplicity = {m}: the Hackenbush census goes up to multiplicity 2"
            ))),
        }
    }

    fn number_summary(&self) -> bool {
        true
    }

    /// Drawn as the books draw it: the ground a line at the bottom, edges in their
    /// colours, parallel edges bowed apart, loops as petals
    /// ([`crate::shapes::grounded`]).
    fn draw(&self, s: &Shape, caption: Option<&str>) -> Option<String> {
        Some(crate::shapes::grounded::grounded_svg(
            s,
            GROUND,
            HACKENBUSH_EDGES.letters,
            HACKENBUSH_EDGES.colours,
            caption,
        ))
    }
}

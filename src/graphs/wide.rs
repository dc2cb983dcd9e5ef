//! Graphs of any size: [`WideGraph`] keeps one bitset row per vertex, as [`Graph`] does,
//! over as many 64-bit words as the vertices need, with [`WideSet`] vertex sets and
//! [`WideColouring`] colourings. Rulesets read them through the same contract as the
//! 64-vertex graph ([`super::any_size`]); positions beyond 64 vertices are valued on
//! them (exactly: the same rules, a general solver).

use super::any_size::{PlayColours, PlayGraph, VertexSet};
use super::graph::{Graph, MAX_VERTICES};
use super::graph6::{read_graph6, write_graph6_with};
use super::palette::STANDARD;
use crate::error::Result;

/// Most vertices a wide graph may have: the limit of the positions of any shape that
/// the general solver keys with nauty (`shapes::MAX_SHAPE_VERTICES`).
pub const MAX_WIDE_VERTICES: usize = 4096;

/// A graph read from graph6: the 64-vertex bitset graph when it fits, else a wide one.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // made once per graph read, then taken apart
pub enum AnyGraph {
    /// At most 64 vertices.
    Small(Graph),
    /// More.
    Wide(WideGraph),
}

/// Parses one graph6 string of any size up to [`MAX_WIDE_VERTICES`] vertices (a larger
/// one is an error naming the limit).
pub fn parse_any_graph6(s: &str) -> Result<AnyGraph> {
    // Most graphs read are small: those are read straight into bits.
    if super::graph6::order(s).is_none_or(|n| n <= MAX_VERTICES) {
        return super::graph6::parse_graph6(s).map(AnyGraph::Small);
    }
    let wide = read_graph6(s, MAX_WIDE_VERTICES, WideGraph::empty, WideGraph::add_edge)?;
    Ok(match wide.n() <= MAX_VERTICES {
        true => AnyGraph::Small(wide.to_small()),
        false => AnyGraph::Wide(wide),
    })
}

/// A set of vertices of a wide graph (its words cover the graph's vertices).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct WideSet(Vec<u64>);

impl WideSet {
    /// The empty set of a graph on `n` vertices.
    pub fn empty(n: usize) -> WideSet {
        WideSet(vec![0; n.div_ceil(64)])
    }

    /// Every vertex of a graph on `n` vertices.
    pub fn full(n: usize) -> WideSet {
        let mut s = WideSet(vec![u64::MAX; n.div_ceil(64)]);
        if let Some(last) = s.0.last_mut()
            && !n.is_multiple_of(64)
        {
            *last = (1 << (n % 64)) - 1;
        }
        s
    }

    /// Number of vertices in the set.
    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
}

/// See [`WideSet::iter`].
pub struct WideBits<'a> {
    words: &'a [u64],
    at: usize,
    word: u64,
}

impl Iterator for WideBits<'_> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word == 0 {
            self.at += 1;
            self.word = *self.words.get(self.at)?;
        }
        let v = self.at * 64 + self.word.trailing_zeros() as usize;
        self.word &= self.word - 1;
        Some(v)
    }
}

impl VertexSet for WideSet {
    type Iter<'a> = WideBits<'a>;
    fn has(&self, v: usize) -> bool {
        (self.0[v / 64] >> (v % 64)) & 1 == 1
    }
    fn insert(&mut self, v: usize) {
        self.0[v / 64] |= 1 << (v % 64);
    }
    fn remove(&mut self, v: usize) {
        self.0[v / 64] &= !(1 << (v % 64));
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn meets(&self, other: &WideSet) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }
    fn subtract(&mut self, other: &WideSet) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= !b;
        }
    }
    fn unite(&mut self, other: &WideSet) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }
    fn iter(&self) -> WideBits<'_> {
        WideBits {
            words: &self.0,
            at: 0,
            word: self.0.first().copied().unwrap_or(0),
        }
    }
}

/// A simple undirected graph on any number of vertices (up to [`MAX_WIDE_VERTICES`]).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct WideGraph {
    rows: Vec<WideSet>,
}

impl WideGraph {
    /// The graph on `n` vertices without edges.
    pub fn empty(n: usize) -> WideGraph {
        WideGraph {
            rows: vec![WideSet::empty(n); n],
        }
    }

    /// The graph on `n` vertices with these edges.
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> WideGraph {
        let mut g = WideGraph::empty(n);
        for &(a, b) in edges {
            g.add_edge(a, b);
        }
        g
    }

    /// The same graph as a wide one.
    pub fn from_small(g: &Graph) -> WideGraph {
        let mut w = WideGraph::empty(g.n());
        for (v, row) in w.rows.iter_mut().enumerate() {
            if let Some(first) = row.0.first_mut() {
                *first = g.neighbours(v);
            }
        }
        w
    }

    /// The same graph as a 64-vertex bitset graph (it must have at most 64 vertices).
    pub fn to_small(&self) -> Graph {
        assert!(
            self.n() <= MAX_VERTICES,
            "a Graph holds at most 64 vertices"
        );
        let mut g = Graph::empty(self.n());
        for (a, row) in self.rows.iter().enumerate() {
            for b in row.iter().filter(|&b| b > a) {
                g.add_edge(a, b);
            }
        }
        g
    }

    /// Number of vertices.
    pub fn n(&self) -> usize {
        self.rows.len()
    }

    /// Number of edges.
    pub fn m(&self) -> usize {
        self.rows.iter().map(WideSet::count).sum::<usize>() / 2
    }

    /// Adds the edge `{a, b}` (`a != b`, both `< n`).
    pub fn add_edge(&mut self, a: usize, b: usize) {
        debug_assert!(a != b && a < self.n() && b < self.n());
        self.rows[a].insert(b);
        self.rows[b].insert(a);
    }

    /// Whether `{a, b}` is an edge.
    pub fn has_edge(&self, a: usize, b: usize) -> bool {
        self.rows[a].has(b)
    }

    /// The edges `(a, b)`, `a < b`, in order.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (a, row) in self.rows.iter().enumerate() {
            out.extend(row.iter().filter(|&b| b > a).map(|b| (a, b)));
        }
        out
    }

    /// Appends its graph6 encoding to `out`.
    pub fn write_graph6(&self, out: &mut Vec<u8>) {
        write_graph6_with(self.n(), |i, j| self.has_edge(i, j), out)
    }
}

impl std::fmt::Debug for WideGraph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut g6 = Vec::new();
        self.write_graph6(&mut g6);
        write!(f, "WideGraph({})", String::from_utf8_lossy(&g6))
    }
}

impl PlayGraph for WideGraph {
    type Set = WideSet;
    type Colours = WideColouring;
    fn n(&self) -> usize {
        self.rows.len()
    }
    fn vertices(&self) -> WideSet {
        WideSet::full(self.n())
    }
    fn neighbours(&self, v: usize) -> WideSet {
        self.rows[v].clone()
    }
    fn induced(&self, keep: &WideSet) -> WideGraph {
        let old: Vec<usize> = keep.iter().collect();
        let mut new = vec![usize::MAX; self.n()];
        for (k, &v) in old.iter().enumerate() {
            new[v] = k;
        }
        let mut h = WideGraph::empty(old.len());
        for (k, &v) in old.iter().enumerate() {
            for u in self.rows[v].iter() {
                if new[u] != usize::MAX {
                    h.rows[k].insert(new[u]);
                }
            }
        }
        h
    }
    fn components_in(&self, keep: &WideSet) -> impl Iterator<Item = WideSet> {
        let mut rest = keep.clone();
        std::iter::from_fn(move || {
            let first = rest.iter().next()?;
            let mut comp = WideSet::empty(self.n());
            comp.insert(first);
            let mut stack = vec![first];
            while let Some(v) = stack.pop() {
                for u in self.rows[v].iter() {
                    if rest.has(u) && !comp.has(u) {
                        comp.insert(u);
                        stack.push(u);
                    }
                }
            }
            rest.subtract(&comp);
            Some(comp)
        })
    }
    fn remove_edges_between(&mut self, a: &WideSet, b: &WideSet) {
        for v in a.iter() {
            self.rows[v].subtract(b);
        }
        for v in b.iter() {
            self.rows[v].subtract(a);
        }
    }
}

/// A colouring of a wide graph: one palette label per vertex.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct WideColouring(pub Vec<u8>);

impl WideColouring {
    /// Parses a colour string of `n` letters of `palette` (as [`super::Colouring::parse`]).
    pub fn parse(
        s: &str,
        n: usize,
        palette: &super::palette::Palette,
    ) -> crate::error::Result<WideColouring> {
        super::colouring::parse_letters(s, n, palette).map(WideColouring)
    }

    /// Appends the letters of the standard palette to `out`.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend(self.0.iter().map(|&c| STANDARD.letter(c)));
    }
}

impl PlayColours for WideColouring {
    type Set = WideSet;
    fn get(&self, v: usize) -> u8 {
        self.0[v]
    }
    fn set(&mut self, v: usize, colour: u8) {
        self.0[v] = colour;
    }
    fn induced(&self, keep: &WideSet) -> WideColouring {
        WideColouring(keep.iter().map(|v| self.0[v]).collect())
    }
    fn mask_of(&self, colour: u8) -> WideSet {
        let mut s = WideSet::empty(self.0.len());
        for (v, &c) in self.0.iter().enumerate() {
            if c == colour {
                s.insert(v);
            }
        }
        s
    }
}

/// A position of a ruleset on graphs of any size: the graph and, for coloured rules,
/// its colouring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WidePosition {
    /// The graph.
    pub graph: WideGraph,
    /// The colouring, for coloured rules.
    pub colouring: Option<WideColouring>,
}

impl super::positions::GraphPosition for WidePosition {
    fn write_graph6(&self, out: &mut Vec<u8>) {
        self.graph.write_graph6(out)
    }
    fn write_colouring(&self, out: &mut Vec<u8>) {
        if let Some(c) = &self.colouring {
            c.write(out);
        }
    }
    fn n(&self) -> usize {
        self.graph.n()
    }
    fn m(&self) -> usize {
        self.graph.m()
    }
}

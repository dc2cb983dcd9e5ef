//! The small-graph type: up to 64 vertices, one `u64` adjacency bitset per vertex.
//!
//! Bit `j` of `row(i)` is set iff `{i, j}` is an edge. Vertex subsets are `u64` masks
//! throughout the crate (bit `v` = vertex `v`), so induced subgraphs, neighbourhoods and
//! connected components are a handful of word operations and never allocate.

/// Largest number of vertices a [`Graph`] can hold.
pub const MAX_VERTICES: usize = 64;

/// A simple undirected graph on at most 64 vertices. `Copy`, allocation-free.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Graph {
    n: u8,
    adj: [u64; MAX_VERTICES],
}

/// Mask with the lowest `n` bits set (all vertices of an `n`-vertex graph).
#[inline]
pub fn full_mask(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// Iterator over the set bits of a mask, lowest first.
#[derive(Clone, Copy)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let v = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(v)
        }
    }
}

/// Packs the bits of `x` selected by `mask` into the low bits, keeping their order
/// (a portable `pext`).
#[inline]
pub fn compress(x: u64, mask: u64) -> u64 {
    let mut out = 0u64;
    for (k, v) in Bits(mask).enumerate() {
        out |= ((x >> v) & 1) << k;
    }
    out
}

impl Graph {
    /// The empty graph (no edges) on `n` vertices. Panics if `n > 64`: callers
    /// validate user-supplied sizes before building graphs.
    pub fn empty(n: usize) -> Graph {
        assert!(n <= MAX_VERTICES, "a Graph holds at most 64 vertices");
        Graph {
            n: n as u8,
            adj: [0; MAX_VERTICES],
        }
    }

    /// Builds a graph from an edge list.
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Graph {
        let mut g = Graph::empty(n);
        for &(a, b) in edges {
            g.add_edge(a, b);
        }
        g
    }

    /// Number of vertices.
    #[inline]
    pub fn n(&self) -> usize {
        self.n as usize
    }

    /// Number of edges.
    pub fn m(&self) -> usize {
        self.rows()
            .iter()
            .map(|r| r.count_ones() as usize)
            .sum::<usize>()
            / 2
    }

    /// Mask of all vertices.
    #[inline]
    pub fn vertices(&self) -> u64 {
        full_mask(self.n())
    }

    /// The adjacency rows of the live vertices.
    #[inline]
    pub fn rows(&self) -> &[u64] {
        &self.adj[..self.n()]
    }

    /// Neighbourhood of `v` as a mask.
    #[inline]
    pub fn neighbours(&self, v: usize) -> u64 {
        self.adj[v]
    }

    /// Degree of `v`.
    #[inline]
    pub fn degree(&self, v: usize) -> usize {
        self.adj[v].count_ones() as usize
    }

    /// Whether `{a, b}` is an edge.
    #[inline]
    pub fn has_edge(&self, a: usize, b: usize) -> bool {
        (self.adj[a] >> b) & 1 == 1
    }

    /// Adds the edge `{a, b}` (`a != b`, both `< n`).
    #[inline]
    pub fn add_edge(&mut self, a: usize, b: usize) {
        debug_assert!(a != b && a < self.n() && b < self.n());
        self.adj[a] |= 1 << b;
        self.adj[b] |= 1 << a;
    }

    /// Removes the edge `{a, b}`.
    #[inline]
    pub fn remove_edge(&mut self, a: usize, b: usize) {
        self.adj[a] &= !(1 << b);
        self.adj[b] &= !(1 << a);
    }

    /// Removes every edge between a vertex of `a` and one of `b` (vertex masks; `a = b`
    /// removes the edges inside `a`).
    #[inline]
    pub fn remove_edges_between(&mut self, a: u64, b: u64) {
        for v in Bits(a) {
            self.adj[v] &= !b;
        }
        for v in Bits(b) {
            self.adj[v] &= !a;
        }
    }

    /// Adds a new vertex adjacent to the vertices in `nbrs` and returns its index.
    pub fn add_vertex(&mut self, nbrs: u64) -> usize {
        let v = self.n();
        assert!(v < MAX_VERTICES, "a Graph holds at most 64 vertices");
        debug_assert!(nbrs & !self.vertices() == 0);
        self.n += 1;
        self.adj[v] = nbrs;
        for u in Bits(nbrs) {
            self.adj[u] |= 1 << v;
        }
        v
    }

    /// The subgraph induced by the vertices of `mask`, relabelled `0..k` in increasing
    /// order of their old labels.
    pub fn induced(&self, mask: u64) -> Graph {
        let mask = mask & self.vertices();
        let mut h = Graph::empty(mask.count_ones() as usize);
        for (k, v) in Bits(mask).enumerate() {
            h.adj[k] = compress(self.adj[v] & mask, mask);
        }
        h
    }

    /// The connected component of `mask` (a vertex subset) that contains `v`.
    #[inline]
    pub fn component_of(&self, v: usize, mask: u64) -> u64 {
        let mut comp = 1u64 << v;
        let mut frontier = comp;
        while frontier != 0 {
            let mut next = 0;
            for u in Bits(frontier) {
                next |= self.adj[u];
            }
            next &= mask & !comp;
            comp |= next;
            frontier = next;
        }
        comp
    }

    /// Iterator over the vertex masks of the connected components of the subgraph
    /// induced by `mask`, in order of their smallest vertex.
    pub fn components_in(&self, mask: u64) -> Components<'_> {
        Components {
            g: self,
            rest: mask & self.vertices(),
            all: mask & self.vertices(),
        }
    }

    /// Components of the whole graph.
    pub fn components(&self) -> Components<'_> {
        self.components_in(self.vertices())
    }

    /// True iff the graph is connected (the graph on 0 vertices counts as connected).
    pub fn is_connected(&self) -> bool {
        self.n == 0 || self.component_of(0, self.vertices()) == self.vertices()
    }

    /// The complement graph.
    pub fn complement(&self) -> Graph {
        let all = self.vertices();
        let mut h = *self;
        for v in 0..self.n() {
            h.adj[v] = !self.adj[v] & all & !(1 << v);
        }
        h
    }

    /// The graph with vertex `v` renamed `perm[v]` (`perm` a permutation of `0..n`).
    pub fn relabel(&self, perm: &[usize]) -> Graph {
        let mut h = Graph::empty(self.n());
        for v in 0..self.n() {
            for u in Bits(self.adj[v]) {
                h.adj[perm[v]] |= 1 << perm[u];
            }
        }
        h
    }
}

/// See [`Graph::components_in`].
pub struct Components<'a> {
    g: &'a Graph,
    rest: u64,
    all: u64,
}

impl Iterator for Components<'_> {
    type Item = u64;
    #[inline]
    fn next(&mut self) -> Option<u64> {
        if self.rest == 0 {
            return None;
        }
        let v = self.rest.trailing_zeros() as usize;
        let c = self.g.component_of(v, self.all);
        self.rest &= !c;
        Some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn induced_relabels_in_order() {
        // Path 0-1-2-3; induce {1,2,3} -> path 0-1-2.
        let g = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3)]);
        let h = g.induced(0b1110);
        assert_eq!(h, Graph::from_edges(3, &[(0, 1), (1, 2)]));
    }

    #[test]
    fn components_and_complement() {
        let g = Graph::from_edges(5, &[(0, 1), (3, 4)]);
        let comps: Vec<u64> = g.components().collect();
        assert_eq!(comps, vec![0b00011, 0b00100, 0b11000]);
        assert!(!g.is_connected());
        let c = g.complement();
        assert_eq!(c.m(), 10 - 2);
        assert!(c.is_connected());
        assert_eq!(c.complement(), g);
    }

    #[test]
    fn add_vertex_and_compress() {
        let mut g = Graph::empty(3);
        let v = g.add_vertex(0b101);
        assert_eq!(v, 3);
        assert!(g.has_edge(3, 0) && g.has_edge(2, 3) && !g.has_edge(1, 3));
        assert_eq!(compress(0b1010_1010, 0b1111_0000), 0b1010);
    }
}

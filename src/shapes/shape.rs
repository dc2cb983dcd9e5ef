//! The [`Shape`]: vertices with labels, labelled edges (parallel edges and loops
//! allowed), undirected or directed, and for board games the cell of each vertex.

use crate::error::{Error, Result};

/// Most vertices a shape may have (canonical labelling builds a dense nauty graph of
/// `vertices × layers` vertices; the census games need at most a few hundred).
pub const MAX_SHAPE_VERTICES: usize = 4096;

/// One edge (or arc `a → b` of a directed shape) with its label from the ruleset's edge
/// palette. An undirected edge is stored with `a <= b`; `a == b` is a loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge {
    /// One end (the tail of an arc).
    pub a: u32,
    /// The other end (the head of an arc).
    pub b: u32,
    /// The edge label (index into the ruleset's edge palette; 0 if it has none).
    pub label: u8,
}

/// A position of any shape. Edges are kept sorted, so two shapes built from the same
/// edges in any order are equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    labels: Vec<u8>,
    edges: Vec<Edge>,
    directed: bool,
    place: Option<Vec<(i32, i32)>>,
}

impl Shape {
    /// `n` vertices, every one labelled 0, no edges.
    pub fn new(n: usize, directed: bool) -> Shape {
        Shape {
            labels: vec![0; n],
            edges: Vec::new(),
            directed,
            place: None,
        }
    }

    /// Checks the size against [`MAX_SHAPE_VERTICES`] (for input read from users).
    pub fn check_size(n: usize) -> Result<()> {
        if n > MAX_SHAPE_VERTICES {
            return Err(Error::Limit(format!(
                "a position of {n} vertices is past the limit of {MAX_SHAPE_VERTICES}"
            )));
        }
        Ok(())
    }

    /// Number of vertices.
    #[inline]
    pub fn n(&self) -> usize {
        self.labels.len()
    }

    /// Whether edges are arcs.
    #[inline]
    pub fn directed(&self) -> bool {
        self.directed
    }

    /// The vertex labels.
    #[inline]
    pub fn labels(&self) -> &[u8] {
        &self.labels
    }

    /// The label of vertex `v`.
    #[inline]
    pub fn label(&self, v: usize) -> u8 {
        self.labels[v]
    }

    /// Sets the label of vertex `v`.
    pub fn set_label(&mut self, v: usize, label: u8) {
        self.labels[v] = label;
    }

    /// The edges, sorted.
    #[inline]
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Adds an edge (an arc `a → b` if directed), keeping the edges sorted.
    pub fn add_edge(&mut self, a: usize, b: usize, label: u8) {
        assert!(a < self.n() && b < self.n(), "edge end out of range");
        let (a, b) = if self.directed || a <= b {
            (a, b)
        } else {
            (b, a)
        };
        let e = Edge {
            a: a as u32,
            b: b as u32,
            label,
        };
        let at = self.edges.partition_point(|x| *x <= e);
        self.edges.insert(at, e);
    }

    /// Makes room for `more` edges (before [`Shape::add_edges`] of a known number).
    pub fn reserve_edges(&mut self, more: usize) {
        self.edges.reserve_exact(more);
    }

    /// Adds many edges at once ([`Shape::add_edge`] each, sorted once at the end).
    pub fn add_edges(&mut self, edges: impl IntoIterator<Item = (usize, usize, u8)>) {
        for (a, b, label) in edges {
            assert!(a < self.n() && b < self.n(), "edge end out of range");
            let (a, b) = if self.directed || a <= b {
                (a, b)
            } else {
                (b, a)
            };
            self.edges.push(Edge {
                a: a as u32,
                b: b as u32,
                label,
            });
        }
        self.edges.sort_unstable();
    }

    /// The cell of each vertex, for board games (`(row, column)`).
    pub fn place(&self) -> Option<&[(i32, i32)]> {
        self.place.as_deref()
    }

    /// Gives every vertex a cell (one per vertex).
    pub fn set_place(&mut self, cells: Vec<(i32, i32)>) {
        assert_eq!(cells.len(), self.n(), "one cell per vertex");
        self.place = Some(cells);
    }

    /// The same shape with edge `i` (index into [`Shape::edges`]) removed.
    pub fn without_edge(&self, i: usize) -> Shape {
        let mut s = self.clone();
        s.edges.remove(i);
        s
    }

    /// The shape induced by the vertices with `keep[v]`, renumbered in order.
    pub fn induced(&self, keep: &[bool]) -> Shape {
        debug_assert_eq!(keep.len(), self.n());
        let mut new = vec![u32::MAX; self.n()];
        let mut k = 0u32;
        for v in 0..self.n() {
            if keep[v] {
                new[v] = k;
                k += 1;
            }
        }
        let labels = (0..self.n())
            .filter(|&v| keep[v])
            .map(|v| self.labels[v])
            .collect();
        let edges = self
            .edges
            .iter()
            .filter(|e| keep[e.a as usize] && keep[e.b as usize])
            .map(|e| Edge {
                a: new[e.a as usize],
                b: new[e.b as usize],
                label: e.label,
            })
            .collect();
        // Renumbering in order keeps `a <= b` and the sort order.
        Shape {
            labels,
            edges,
            directed: self.directed,
            place: self
                .place
                .as_ref()
                .map(|p| (0..self.n()).filter(|&v| keep[v]).map(|v| p[v]).collect()),
        }
    }

    /// The shape with vertex `v` of the result being vertex `order[v]` of this one (a
    /// permutation of `0..n`).
    pub fn relabelled(&self, order: &[usize]) -> Shape {
        debug_assert_eq!(order.len(), self.n());
        let mut inv = vec![0u32; self.n()];
        for (new, &old) in order.iter().enumerate() {
            inv[old] = new as u32;
        }
        let mut s = Shape {
            labels: order.iter().map(|&v| self.labels[v]).collect(),
            edges: Vec::with_capacity(self.edges.len()),
            directed: self.directed,
            place: self
                .place
                .as_ref()
                .map(|p| order.iter().map(|&v| p[v]).collect()),
        };
        for e in &self.edges {
            s.add_edge(
                inv[e.a as usize] as usize,
                inv[e.b as usize] as usize,
                e.label,
            );
        }
        s
    }

    /// The same shape with every edge label `l` replaced by `f(l)` (e.g. Domineering's
    /// players exchanged by exchanging H and V).
    pub fn map_edge_labels(&self, f: impl Fn(u8) -> u8) -> Shape {
        let mut edges: Vec<Edge> = self
            .edges
            .iter()
            .map(|e| Edge {
                label: f(e.label),
                ..*e
            })
            .collect();
        edges.sort_unstable();
        Shape {
            edges,
            ..self.clone()
        }
    }

    /// The shape with vertex label `l` replaced by `f(l)` everywhere (edges unchanged).
    pub fn map_vertex_labels(&self, f: impl Fn(u8) -> u8) -> Shape {
        Shape {
            labels: self.labels.iter().map(|&l| f(l)).collect(),
            ..self.clone()
        }
    }

    /// The vertex sets of the connected components (arcs taken as undirected), each
    /// sorted, in order of their least vertex.
    pub fn components(&self) -> Vec<Vec<usize>> {
        let n = self.n();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        for e in &self.edges {
            let (ra, rb) = (
                find(&mut parent, e.a as usize),
                find(&mut parent, e.b as usize),
            );
            if ra != rb {
                parent[ra.max(rb)] = ra.min(rb);
            }
        }
        let mut index = vec![usize::MAX; n];
        let mut comps: Vec<Vec<usize>> = Vec::new();
        for v in 0..n {
            let r = find(&mut parent, v);
            if index[r] == usize::MAX {
                index[r] = comps.len();
                comps.push(Vec::new());
            }
            comps[index[r]].push(v);
        }
        comps
    }

    /// The components as shapes of their own.
    pub fn component_shapes(&self) -> Vec<Shape> {
        let comps = self.components();
        if comps.len() == 1 {
            return vec![self.clone()];
        }
        comps
            .iter()
            .map(|c| {
                let mut keep = vec![false; self.n()];
                for &v in c {
                    keep[v] = true;
                }
                self.induced(&keep)
            })
            .collect()
    }

    /// The vertices reachable from the vertices with `from[v]` along edges (arcs taken as
    /// undirected), those included.
    pub fn reachable(&self, from: &[bool]) -> Vec<bool> {
        let mut seen = from.to_vec();
        let mut stack: Vec<usize> = (0..self.n()).filter(|&v| from[v]).collect();
        let adj = self.adjacency();
        while let Some(v) = stack.pop() {
            for &w in &adj[v] {
                if !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        seen
    }

    /// Every vertex's neighbours (arcs taken both ways; a loop lists its vertex; parallel
    /// edges list a neighbour more than once).
    pub fn adjacency(&self) -> Vec<Vec<usize>> {
        let mut adj = vec![Vec::new(); self.n()];
        for e in &self.edges {
            adj[e.a as usize].push(e.b as usize);
            if e.a != e.b {
                adj[e.b as usize].push(e.a as usize);
            }
        }
        adj
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_stay_sorted_and_undirected_ends_ordered() {
        let mut s = Shape::new(3, false);
        s.add_edge(2, 1, 0);
        s.add_edge(0, 1, 1);
        s.add_edge(1, 0, 0);
        let e: Vec<(u32, u32, u8)> = s.edges().iter().map(|e| (e.a, e.b, e.label)).collect();
        assert_eq!(e, vec![(0, 1, 0), (0, 1, 1), (1, 2, 0)]);
    }

    #[test]
    fn components_and_induced() {
        let mut s = Shape::new(5, true);
        s.add_edge(3, 0, 0);
        s.add_edge(1, 4, 1);
        assert_eq!(s.components(), vec![vec![0, 3], vec![1, 4], vec![2]]);
        let parts = s.component_shapes();
        assert_eq!(
            parts[1].edges(),
            &[Edge {
                a: 0,
                b: 1,
                label: 1
            }]
        );
        assert_eq!(
            parts[0].edges(),
            &[Edge {
                a: 1,
                b: 0,
                label: 0
            }]
        );
    }
}

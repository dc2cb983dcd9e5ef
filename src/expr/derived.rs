//! Columns derived from a row's position: graph invariants computed from the graph6
//! column, colour counts from the colouring column, and the canonical key. They can be
//! used wherever a column can (`--by`, `--where`, `--check`, `--first-of`).

use crate::graphs::canon::{automorphism_group_size, canonical_form};
use crate::graphs::{Bits, Colouring, Graph, to_graph6};

/// A derived column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Derived {
    /// Vertices.
    N,
    /// Edges.
    M,
    /// Largest vertex degree.
    MaxDegree,
    /// Smallest vertex degree.
    MinDegree,
    /// Connected.
    IsConnected,
    /// Number of connected components.
    Components,
    /// A tree (connected, m = n − 1).
    IsTree,
    /// A path P_n.
    IsPath,
    /// A cycle C_n (n ≥ 3).
    IsCycle,
    /// A star K_{1,n−1}.
    IsStar,
    /// Bipartite.
    IsBipartite,
    /// Number of triangles.
    Triangles,
    /// Length of a shortest cycle (empty for a forest).
    Girth,
    /// Largest distance between two vertices (empty if disconnected).
    Diameter,
    /// Size of a largest clique.
    CliqueNumber,
    /// Order of the automorphism group of the graph (colours ignored).
    Automorphisms,
    /// Vertices coloured B (black, Left's).
    Black,
    /// Vertices coloured W (white, Right's).
    White,
    /// Vertices coloured G (green, both players').
    Green,
    /// The canonical form: canonical graph6, and the colouring in canonical order after
    /// a space (a key to join rows of different files on).
    Canonical,
}

/// Every derived column: its names (the first is the main one) and a description.
pub const DERIVED: &[(Derived, &[&str], &str)] = &[
    (Derived::N, &["n"], "vertices"),
    (Derived::M, &["m"], "edges"),
    (Derived::MaxDegree, &["max_degree"], "largest degree"),
    (Derived::MinDegree, &["min_degree"], "smallest degree"),
    (Derived::IsConnected, &["is_connected"], "connected"),
    (
        Derived::Components,
        &["components"],
        "number of connected components",
    ),
    (Derived::IsTree, &["is_tree"], "a tree"),
    (Derived::IsPath, &["is_path"], "a path P_n"),
    (Derived::IsCycle, &["is_cycle"], "a cycle C_n"),
    (Derived::IsStar, &["is_star"], "a star K_{1,n-1}"),
    (Derived::IsBipartite, &["is_bipartite"], "bipartite"),
    (Derived::Triangles, &["triangles"], "number of triangles"),
    (
        Derived::Girth,
        &["girth"],
        "shortest cycle (empty for a forest)",
    ),
    (
        Derived::Diameter,
        &["diameter"],
        "largest distance (empty if disconnected)",
    ),
    (
        Derived::CliqueNumber,
        &["clique_number"],
        "size of a largest clique",
    ),
    (
        Derived::Automorphisms,
        &["automorphisms"],
        "order of the automorphism group (colours ignored)",
    ),
    (
        Derived::Black,
        &["black", "blue"],
        "vertices coloured B (Left's)",
    ),
    (
        Derived::White,
        &["white", "red"],
        "vertices coloured W (Right's)",
    ),
    (
        Derived::Green,
        &["green"],
        "vertices coloured G (both players')",
    ),
    (
        Derived::Canonical,
        &["canonical"],
        "canonical graph6 and colouring: a key for joins",
    ),
];

impl Derived {
    /// The derived column called `name`, if any.
    pub fn by_name(name: &str) -> Option<Derived> {
        DERIVED
            .iter()
            .find(|(_, names, _)| names.contains(&name))
            .map(|(d, _, _)| *d)
    }

    /// Whether it is true or false (rather than a number or text).
    pub fn is_bool(self) -> bool {
        matches!(
            self,
            Derived::IsConnected
                | Derived::IsTree
                | Derived::IsPath
                | Derived::IsCycle
                | Derived::IsStar
                | Derived::IsBipartite
        )
    }

    /// Whether it needs the colouring column.
    pub fn needs_colouring(self) -> bool {
        matches!(self, Derived::Black | Derived::White | Derived::Green)
    }
}

/// The value of a derived column: a number, true/false, text, or nothing (∞ girth or
/// diameter).
#[derive(Clone, Debug, PartialEq)]
pub enum DerivedValue {
    /// An integer.
    Int(i64),
    /// True or false.
    Bool(bool),
    /// Text.
    Text(String),
    /// Nothing.
    Empty,
}

/// The value of `d` for the graph `g` (with colouring `c`).
pub fn derive(d: Derived, g: &Graph, c: Option<&Colouring>) -> DerivedValue {
    use DerivedValue::*;
    let n = g.n();
    let degrees = || (0..n).map(|v| g.degree(v));
    let count = |label: u8| {
        Int(c.map_or(0, |c| c.colours().iter().filter(|&&x| x == label).count()) as i64)
    };
    match d {
        Derived::N => Int(n as i64),
        Derived::M => Int(g.m() as i64),
        Derived::MaxDegree => Int(degrees().max().unwrap_or(0) as i64),
        Derived::MinDegree => Int(degrees().min().unwrap_or(0) as i64),
        Derived::IsConnected => Bool(g.is_connected()),
        Derived::Components => Int(g.components().count() as i64),
        Derived::IsTree => Bool(n > 0 && g.is_connected() && g.m() == n - 1),
        Derived::IsPath => {
            Bool(n > 0 && g.is_connected() && g.m() == n - 1 && degrees().all(|k| k <= 2))
        }
        Derived::IsCycle => Bool(n >= 3 && g.is_connected() && degrees().all(|k| k == 2)),
        Derived::IsStar => Bool(n > 0 && g.m() == n - 1 && degrees().max().unwrap_or(0) == n - 1),
        Derived::IsBipartite => Bool(is_bipartite(g)),
        Derived::Triangles => Int(triangles(g)),
        Derived::Girth => girth(g).map_or(Empty, |k| Int(k as i64)),
        Derived::Diameter => diameter(g).map_or(Empty, |k| Int(k as i64)),
        Derived::CliqueNumber => Int(clique_number(g) as i64),
        Derived::Automorphisms => {
            let a = automorphism_group_size(g);
            if a < 9.0e15 {
                Int(a.round() as i64)
            } else {
                Text(format!("{a:e}"))
            }
        }
        Derived::Black => count(0),
        Derived::White => count(1),
        Derived::Green => count(2),
        Derived::Canonical => {
            let (h, col) = canonical_form(g, c);
            let mut s = to_graph6(&h);
            if let Some(col) = col {
                s.push(' ');
                s.push_str(&col.to_string());
            }
            Text(s)
        }
    }
}

/// Breadth-first distances from `s` (`u32::MAX`: unreachable).
fn distances(g: &Graph, s: usize) -> [u32; 64] {
    let mut dist = [u32::MAX; 64];
    dist[s] = 0;
    let (mut frontier, mut seen, mut d) = (1u64 << s, 1u64 << s, 0);
    while frontier != 0 {
        d += 1;
        let mut next = 0;
        for v in Bits(frontier) {
            next |= g.neighbours(v);
        }
        next &= !seen;
        for v in Bits(next) {
            dist[v] = d;
        }
        seen |= next;
        frontier = next;
    }
    dist
}

fn is_bipartite(g: &Graph) -> bool {
    (0..g.n()).all(|s| {
        let dist = distances(g, s);
        (0..g.n()).all(|v| {
            Bits(g.neighbours(v)).all(|w| dist[v] == u32::MAX || dist[v] % 2 != dist[w] % 2)
        })
    })
}

fn triangles(g: &Graph) -> i64 {
    let mut t = 0;
    for u in 0..g.n() {
        for v in Bits(g.neighbours(u) & !((2u64 << u) - 1)) {
            t += (g.neighbours(u) & g.neighbours(v) & !((2u64 << v) - 1)).count_ones() as i64;
        }
    }
    t
}

/// Shortest cycle: for every edge {u, v}, the shortest u–v path avoiding that edge, plus 1.
fn girth(g: &Graph) -> Option<u32> {
    let mut best = None;
    for u in 0..g.n() {
        for v in Bits(g.neighbours(u) & !((2u64 << u) - 1)) {
            let mut h = *g;
            h.remove_edge(u, v);
            let d = distances(&h, u)[v];
            if d != u32::MAX {
                best = Some(best.map_or(d + 1, |b: u32| b.min(d + 1)));
            }
        }
    }
    best
}

fn diameter(g: &Graph) -> Option<u32> {
    let mut best = 0;
    for s in 0..g.n() {
        let dist = distances(g, s);
        for &d in &dist[..g.n()] {
            if d == u32::MAX {
                return None;
            }
            best = best.max(d);
        }
    }
    Some(best)
}

/// Size of a largest clique (Bron–Kerbosch with pivoting on bitsets).
fn clique_number(g: &Graph) -> u32 {
    fn grow(g: &Graph, size: u32, mut cand: u64, mut excl: u64, best: &mut u32) {
        if cand == 0 {
            if excl == 0 {
                *best = (*best).max(size);
            }
            return;
        }
        if size + cand.count_ones() <= *best {
            return;
        }
        let pivot = Bits(cand | excl)
            .max_by_key(|&p| (g.neighbours(p) & cand).count_ones())
            .expect("non-empty");
        for v in Bits(cand & !g.neighbours(pivot)) {
            grow(
                g,
                size + 1,
                cand & g.neighbours(v),
                excl & g.neighbours(v),
                best,
            );
            cand &= !(1 << v);
            excl |= 1 << v;
        }
    }
    let mut best = 0;
    grow(g, 0, g.vertices(), 0, &mut best);
    best
}

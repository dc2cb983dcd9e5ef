//! Columns derived from a row's position: graph invariants computed from the graph6
//! column, colour counts from the colouring column, and the canonical key. They can be
//! used wherever a column can (`--by`, `--where`, `--check`, `--first-of`).

use super::basics;
use super::invariants as inv;
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
    /// Size of a largest independent set.
    IndependenceNumber,
    /// Fewest colours of a proper vertex colouring.
    ChromaticNumber,
    /// Size of a smallest dominating set.
    DominationNumber,
    /// The degrees, largest first, space-separated.
    DegreeSequence,
    /// Vertices of degree 1.
    Leaves,
    /// Smallest eccentricity (empty if disconnected).
    Radius,
    /// Planar.
    IsPlanar,
    /// Every vertex of the same degree.
    IsRegular,
    /// Edges between colour classes (labels of the colouring: 0 B, 1 W, 2 G).
    Edges(u8, u8),
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
    (
        Derived::IndependenceNumber,
        &["independence_number"],
        "size of a largest independent set",
    ),
    (
        Derived::ChromaticNumber,
        &["chromatic_number"],
        "fewest colours of a proper vertex colouring",
    ),
    (
        Derived::DominationNumber,
        &["domination_number"],
        "size of a smallest dominating set",
    ),
    (
        Derived::DegreeSequence,
        &["degree_sequence"],
        "the degrees, largest first, space-separated",
    ),
    (Derived::Leaves, &["leaves"], "vertices of degree 1"),
    (
        Derived::Radius,
        &["radius"],
        "smallest eccentricity (empty if disconnected)",
    ),
    (Derived::IsPlanar, &["is_planar"], "planar"),
    (Derived::IsRegular, &["is_regular"], "every degree the same"),
    (
        Derived::Edges(0, 0),
        &["edges_bb"],
        "edges between two B vertices",
    ),
    (
        Derived::Edges(1, 1),
        &["edges_ww"],
        "edges between two W vertices",
    ),
    (
        Derived::Edges(2, 2),
        &["edges_gg"],
        "edges between two G vertices",
    ),
    (
        Derived::Edges(0, 1),
        &["edges_bw"],
        "edges between a B and a W vertex",
    ),
    (
        Derived::Edges(0, 2),
        &["edges_bg"],
        "edges between a B and a G vertex",
    ),
    (
        Derived::Edges(1, 2),
        &["edges_wg"],
        "edges between a W and a G vertex",
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
                | Derived::IsPlanar
                | Derived::IsRegular
        )
    }

    /// Whether it is text (rather than a number or true/false).
    pub fn is_text(self) -> bool {
        matches!(self, Derived::Canonical | Derived::DegreeSequence)
    }

    /// Whether it needs the colouring column.
    pub fn needs_colouring(self) -> bool {
        matches!(
            self,
            Derived::Black | Derived::White | Derived::Green | Derived::Edges(..)
        )
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
    /// Not computed: why (a limit of the exact search).
    Error(String),
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
        Derived::IsBipartite => Bool(basics::is_bipartite(g)),
        Derived::Triangles => Int(basics::triangles(g)),
        Derived::Girth => girth(g).map_or(Empty, |k| Int(k as i64)),
        Derived::Diameter => diameter(g).map_or(Empty, |k| Int(k as i64)),
        Derived::CliqueNumber => Int(basics::clique_number(g) as i64),
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
        Derived::IndependenceNumber => Int(inv::independence_number(g) as i64),
        Derived::ChromaticNumber => inv::chromatic_number(g).map_or_else(Error, |k| Int(k as i64)),
        Derived::DominationNumber => {
            inv::domination_number(g).map_or_else(Error, |k| Int(k as i64))
        }
        Derived::DegreeSequence => Text(inv::degree_sequence(g)),
        Derived::Leaves => Int(degrees().filter(|&k| k == 1).count() as i64),
        Derived::Radius => inv::radius(g).map_or(Empty, |k| Int(k as i64)),
        Derived::IsPlanar => Bool(inv::is_planar(g)),
        Derived::IsRegular => Bool(degrees().min() == degrees().max()),
        Derived::Edges(a, b) => Int(c.map_or(0, |c| inv::edges_between(g, c.colours(), a, b))),
    }
}

/// Shortest cycle: for every edge {u, v}, the shortest u–v path avoiding that edge, plus 1.
fn girth(g: &Graph) -> Option<u32> {
    let mut best = None;
    for u in 0..g.n() {
        for v in Bits(g.neighbours(u) & !((2u64 << u) - 1)) {
            let mut h = *g;
            h.remove_edge(u, v);
            let d = basics::distances(&h, u)[v];
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
        let dist = basics::distances(g, s);
        for &d in &dist[..g.n()] {
            if d == u32::MAX {
                return None;
            }
            best = best.max(d);
        }
    }
    Some(best)
}

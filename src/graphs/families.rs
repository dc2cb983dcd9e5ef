//! Graph families a census can run over instead of "all graphs", and [`GraphSource`],
//! the one interface through which the runner and `enumerate` get graphs of a given
//! size: a fixed, ordered list of *units*, each expanding to some graphs.
//!
//! Families: `all` (every graph, or every connected graph), `trees`, `path` (P_n),
//! `cycle` (C_n, n ≥ 3), `star` (K_{1,n−1}), `complete` (K_n), `complete-bipartite`
//! (K_{a,b} for every a + b = n, 1 ≤ a ≤ b) and `grid` (P_a □ P_b for every a·b = n,
//! 2 ≤ a ≤ b; sizes with no such factorisation have no grid).

use super::canon::Perm;
use super::colouring::Colouring;
use super::enumerate::{Class, Enumerator, automorphisms};
use super::graph::Graph;
use crate::error::{Error, Result};

/// A family of graphs, as named in job files and on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Every graph (or every connected graph).
    All,
    /// Every free tree.
    Trees,
    /// The path P_n.
    Path,
    /// The cycle C_n (n ≥ 3).
    Cycle,
    /// The star K_{1,n−1}.
    Star,
    /// The complete graph K_n.
    Complete,
    /// K_{a,b} for every a + b = n, 1 ≤ a ≤ b.
    CompleteBipartite,
    /// P_a □ P_b for every a·b = n, 2 ≤ a ≤ b.
    Grid,
    /// The path P_n coloured B, W, B, W, ... along the path.
    PathBw,
    /// The cycle C_n (n even, ≥ 4) coloured B, W, B, W, ... around it.
    CycleBw,
    /// The star K_{1,n−1} with a B centre and W leaves (McCurdy & Nowakowski's •(0, n−1)).
    StarBw,
    /// `boards` random planar map boards with n regions each, from `seed`
    /// ([`super::maps`]); not up to isomorphism (random samples).
    Map {
        /// Boards per number of regions.
        boards: u32,
        /// The seed of the random points.
        seed: u64,
    },
}

impl Family {
    /// The most vertices this family can be built on, and what it is, in words.
    pub fn max_vertices(&self) -> (&'static str, usize) {
        match self {
            Family::All => ("all graphs", super::enumerate::MAX_ALL_VERTICES),
            Family::Trees => ("all trees", super::enumerate::MAX_TREE_VERTICES),
            _ => ("graphs", super::MAX_VERTICES),
        }
    }

    /// Every family, with its name.
    pub const ALL: [(Family, &'static str); 12] = [
        (Family::All, "all"),
        (Family::Trees, "trees"),
        (Family::Path, "path"),
        (Family::Cycle, "cycle"),
        (Family::Star, "star"),
        (Family::Complete, "complete"),
        (Family::CompleteBipartite, "complete-bipartite"),
        (Family::Grid, "grid"),
        (Family::PathBw, "path-bw"),
        (Family::CycleBw, "cycle-bw"),
        (Family::StarBw, "star-bw"),
        (
            Family::Map {
                boards: 40,
                seed: 1,
            },
            "map",
        ),
    ];

    /// The name used in job files and on the command line.
    pub fn name(self) -> &'static str {
        Family::ALL
            .iter()
            .find(|(f, _)| std::mem::discriminant(f) == std::mem::discriminant(&self))
            .map(|(_, n)| *n)
            .expect("every family is listed")
    }

    /// The names, for messages and `--help`.
    pub fn names() -> Vec<&'static str> {
        Family::ALL.iter().map(|(_, n)| *n).collect()
    }

    /// The graphs of a named family on `n` vertices (not for `all` / `trees`).
    fn members(self, n: usize) -> Vec<Graph> {
        match self {
            Family::Path => vec![path(n)],
            Family::Cycle if n >= 3 => vec![cycle(n)],
            Family::Cycle => vec![],
            Family::Star => vec![star(n)],
            Family::Complete => vec![complete(n)],
            Family::CompleteBipartite => {
                (1..=n / 2).map(|a| complete_bipartite(a, n - a)).collect()
            }
            Family::Grid => (2..=n)
                .take_while(|a| a * a <= n)
                .filter(|&a| n.is_multiple_of(a))
                .map(|a| grid(a, n / a))
                .collect(),
            Family::PathBw => vec![path(n)],
            Family::CycleBw if n >= 4 && n.is_multiple_of(2) => vec![cycle(n)],
            Family::CycleBw => vec![],
            Family::StarBw => vec![star(n)],
            Family::Map { boards, seed } => (0..boards as u64)
                .map(|i| super::maps::map_board(n, seed, i))
                .collect(),
            Family::All | Family::Trees => unreachable!("enumerated, not listed"),
        }
    }

    /// The colouring that comes with a member of a coloured family (`None` for the
    /// uncoloured families): B and W alternating along the path or cycle, or a B centre
    /// (vertex 0) with W leaves.
    pub fn colouring(self, n: usize) -> Option<Colouring> {
        let mut c = Colouring::uniform(n);
        match self {
            Family::PathBw | Family::CycleBw => {
                for v in 0..n {
                    c.set(v, (v % 2) as u8);
                }
            }
            Family::StarBw => {
                for v in 1..n {
                    c.set(v, 1);
                }
            }
            _ => return None,
        }
        Some(c)
    }
}

/// The path P_n: vertices 0..n in order.
pub fn path(n: usize) -> Graph {
    Graph::from_edges(n, &(1..n).map(|v| (v - 1, v)).collect::<Vec<_>>())
}

/// The cycle C_n (n >= 3).
pub fn cycle(n: usize) -> Graph {
    let mut g = path(n);
    g.add_edge(0, n - 1);
    g
}

/// The star K_{1,n-1} with centre 0.
pub fn star(n: usize) -> Graph {
    Graph::from_edges(n, &(1..n).map(|v| (0, v)).collect::<Vec<_>>())
}

/// The complete graph K_n.
pub fn complete(n: usize) -> Graph {
    Graph::empty(n).complement()
}

/// The complete bipartite graph K_{a,b}: sides 0..a and a..a+b.
pub fn complete_bipartite(a: usize, b: usize) -> Graph {
    let mut g = Graph::empty(a + b);
    for x in 0..a {
        for y in a..a + b {
            g.add_edge(x, y);
        }
    }
    g
}

/// The grid P_a □ P_b: vertex r·b + c is row r, column c.
pub fn grid(a: usize, b: usize) -> Graph {
    let mut g = Graph::empty(a * b);
    for r in 0..a {
        for c in 0..b {
            let v = r * b + c;
            if c + 1 < b {
                g.add_edge(v, v + 1);
            }
            if r + 1 < a {
                g.add_edge(v, v + b);
            }
        }
    }
    g
}

impl std::str::FromStr for Family {
    type Err = Error;
    fn from_str(s: &str) -> Result<Family> {
        Family::ALL
            .iter()
            .find(|(_, n)| *n == s.trim())
            .map(|(f, _)| *f)
            .ok_or_else(|| {
                Error::usage(format!(
                    "unknown family {s:?}; the families are {}",
                    Family::names().join(", ")
                ))
            })
    }
}

/// The graphs of one family on exactly `n` vertices, as an ordered list of units.
pub enum GraphSource {
    /// Enumerated by canonical augmentation (all graphs, trees).
    Enumerated(Enumerator),
    /// Listed explicitly (paths, cycles, ...).
    Listed(Vec<Graph>),
}

impl GraphSource {
    /// `connected` only matters for `all`; every other family is connected.
    pub fn new(family: Family, n: usize, connected: bool) -> Result<GraphSource> {
        Ok(match family {
            Family::All => GraphSource::Enumerated(Enumerator::new(n, Class::All { connected })?),
            Family::Trees => GraphSource::Enumerated(Enumerator::new(n, Class::Trees)?),
            _ => {
                if n == 0 || n > super::MAX_VERTICES {
                    return Err(Error::usage(format!(
                        "{n} vertices: graphs have 1 to {} vertices",
                        super::MAX_VERTICES
                    )));
                }
                GraphSource::Listed(family.members(n))
            }
        })
    }

    /// Number of units.
    pub fn units(&self) -> usize {
        match self {
            GraphSource::Enumerated(e) => e.units(),
            GraphSource::Listed(l) => l.len(),
        }
    }

    /// Calls `f(graph, automorphism generators)` for every graph of `unit`; generators
    /// are supplied only when `with_generators` (else the slice is empty).
    pub fn expand(&self, unit: usize, with_generators: bool, f: &mut dyn FnMut(&Graph, &[Perm])) {
        match self {
            GraphSource::Enumerated(e) => e.expand(unit, with_generators, f),
            GraphSource::Listed(l) => {
                let mut gens = Vec::new();
                if with_generators {
                    automorphisms(&l[unit], &mut gens);
                }
                f(&l[unit], &gens)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn family_shapes() {
        let m = |f: Family, n| {
            Family::members(f, n)
                .iter()
                .map(|g| g.m())
                .collect::<Vec<_>>()
        };
        assert_eq!(m(Family::Path, 5), vec![4]);
        assert_eq!(m(Family::Cycle, 5), vec![5]);
        assert_eq!(m(Family::Cycle, 2), Vec::<usize>::new());
        assert_eq!(m(Family::Star, 5), vec![4]);
        assert_eq!(m(Family::Complete, 5), vec![10]);
        assert_eq!(m(Family::CompleteBipartite, 5), vec![4, 6]);
        // 3x4 grid: 3*3 + 2*4 = 17 edges; 2x6 grid: 2*5 + 6 = 16 edges.
        assert_eq!(m(Family::Grid, 12), vec![16, 17]);
        assert_eq!(m(Family::Grid, 7), Vec::<usize>::new());
        assert!(Family::members(Family::Path, 6)[0].is_connected());
        assert_eq!(m(Family::CycleBw, 5), Vec::<usize>::new());
        assert_eq!(Family::PathBw.colouring(5).unwrap().to_string(), "BWBWB");
        assert_eq!(Family::StarBw.colouring(4).unwrap().to_string(), "BWWW");
        assert_eq!(Family::Path.colouring(4), None);
    }
}

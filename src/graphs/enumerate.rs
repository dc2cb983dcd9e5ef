//! Isomorph-free generation of all graphs, connected graphs or trees on `n` vertices by
//! canonical augmentation (McKay, "Isomorph-free exhaustive generation", J. Algorithms
//! 26 (1998)).
//!
//! A graph on `k + 1` vertices is made from a representative parent on `k` vertices by
//! adding vertex `k` joined to a subset `S` of the parent's vertices (a single vertex for
//! trees). `S` runs over one subset per orbit of the parent's automorphism group, and the
//! child is kept iff the new vertex lies in the orbit of its *canonical deletion vertex*:
//! among the vertices that maximise a cheap invariant (degree, then the sum of the
//! neighbours' degrees; for trees, leaves first), the one nauty labels last. Most
//! children are rejected or accepted by the invariant alone; nauty runs only on ties and
//! where the automorphism group is needed.
//!
//! Work is split into *units*: the representatives at a *split level* (the first level
//! with at least [`SEED_TARGET`] graphs, or `n` itself), each expanded depth-first to
//! level `n` independently. Units come in a fixed order, so unit `i` of shard `I/M` is
//! well defined (`i % M == I`), and any number of threads produce identical output.

use rayon::prelude::*;

use super::canon::{Perm, with_canonizer};
use super::graph::{Bits, Graph};
use crate::error::{Error, Result};

/// Aim for at least this many units so that threads and shards balance.
pub const SEED_TARGET: usize = 4000;

/// Largest `n` for which all graphs may be enumerated (A000088(11) ≈ 1.0e9).
pub const MAX_ALL_VERTICES: usize = 11;
/// Largest `n` for which all trees may be enumerated (A000055(24) ≈ 3.9e7).
pub const MAX_TREE_VERTICES: usize = 24;

/// What kind of graphs to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// All simple graphs (optionally only the connected ones).
    /// All graphs; with `connected`, connected ones only.
    All {
        /// Connected graphs only.
        connected: bool,
    },
    /// Free (unlabelled) trees.
    Trees,
}

/// Generator of the isomorphism classes of one [`Class`] on `n` vertices.
pub struct Enumerator {
    n: usize,
    class: Class,
    split: usize,
    seeds: Vec<Graph>,
}

impl Enumerator {
    /// Prepares the enumeration (generates the units). Errors if `n` is beyond the
    /// limits above or zero.
    pub fn new(n: usize, class: Class) -> Result<Enumerator> {
        let max = match class {
            Class::All { .. } => MAX_ALL_VERTICES,
            Class::Trees => MAX_TREE_VERTICES,
        };
        if n == 0 || n > max {
            return Err(Error::usage(format!(
                "cannot enumerate {} on {n} vertices: the supported range is 1..={max}",
                match class {
                    Class::All { .. } => "all graphs",
                    Class::Trees => "all trees",
                }
            )));
        }
        let mut level = vec![Graph::empty(1)];
        let mut split = 1;
        while split < n && level.len() < SEED_TARGET {
            // Parents in parallel, children kept in parent order.
            let next: Vec<Vec<Graph>> = level
                .par_iter()
                .map(|p| {
                    let mut gens = Vec::new();
                    let mut kids = Vec::new();
                    automorphisms(p, &mut gens);
                    children(p, &gens, class, false, false, &mut |c, _| kids.push(*c));
                    kids
                })
                .collect();
            level = next.concat();
            split += 1;
        }
        Ok(Enumerator {
            n,
            class,
            split,
            seeds: level,
        })
    }

    /// Number of units.
    pub fn units(&self) -> usize {
        self.seeds.len()
    }

    /// Generates every graph of unit `unit`, calling `f(graph, generators)`. The
    /// generators (of the automorphism group) are supplied only if `with_generators`;
    /// otherwise the slice is empty.
    pub fn expand(&self, unit: usize, with_generators: bool, f: &mut dyn FnMut(&Graph, &[Perm])) {
        let seed = &self.seeds[unit];
        let mut gens = Vec::new();
        if self.split == self.n {
            if let Class::All { connected: true } = self.class
                && !seed.is_connected()
            {
                return;
            }
            if with_generators {
                automorphisms(seed, &mut gens);
            }
            f(seed, &gens);
            return;
        }
        automorphisms(seed, &mut gens);
        self.descend(seed, &gens, with_generators, f);
    }

    fn descend(
        &self,
        p: &Graph,
        gens: &[Perm],
        with_generators: bool,
        f: &mut dyn FnMut(&Graph, &[Perm]),
    ) {
        let last = p.n() + 1 == self.n;
        if last {
            children(p, gens, self.class, true, with_generators, &mut |c, g| {
                f(c, g)
            });
        } else {
            let mut kids: Vec<(Graph, Vec<Perm>)> = Vec::new();
            children(p, gens, self.class, false, true, &mut |c, g| {
                kids.push((*c, g.to_vec()))
            });
            for (c, g) in &kids {
                self.descend(c, g, with_generators, f);
            }
        }
    }
}

/// Generators of Aut(g), written into `out`.
pub fn automorphisms(g: &Graph, out: &mut Vec<Perm>) {
    with_canonizer(|c| {
        c.label(g, &[g.vertices()], true);
        c.take_generators(out);
    });
}

#[inline]
fn apply_to_set(p: &Perm, s: u64) -> u64 {
    let mut img = 0;
    for v in Bits(s) {
        img |= 1 << p[v];
    }
    img
}

fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let up = parent[parent[x as usize] as usize];
        parent[x as usize] = up;
        x = up;
    }
    x
}

/// Orbit representatives (the smallest member of each orbit) of the group generated by
/// `gens` acting on the elements `0..limit` that satisfy `keep` (a union of orbits), where
/// `image(p, s)` is the action. Returns them in increasing order; `parent` is scratch.
pub fn orbit_reps(
    limit: usize,
    gens: &[Perm],
    image: impl Fn(&Perm, u64) -> u64,
    keep: impl Fn(u64) -> bool,
    parent: &mut Vec<u32>,
    reps: &mut Vec<u64>,
) {
    reps.clear();
    if gens.is_empty() {
        reps.extend((0..limit as u64).filter(|&s| keep(s)));
        return;
    }
    parent.clear();
    parent.extend(0..limit as u32);
    for p in gens {
        for s in (0..limit as u64).filter(|&s| keep(s)) {
            let t = image(p, s);
            let (a, b) = (find(parent, s as u32), find(parent, t as u32));
            if a != b {
                let (lo, hi) = if a < b { (a, b) } else { (b, a) };
                parent[hi as usize] = lo;
            }
        }
    }
    for s in 0..limit as u32 {
        if keep(s as u64) && find(parent, s) == s {
            reps.push(s as u64);
        }
    }
}

/// The deletion invariant: children keep the new vertex only if it maximises this.
#[inline]
fn invariant(g: &Graph, v: usize, class: Class) -> u64 {
    let nbr_deg: u64 = Bits(g.neighbours(v)).map(|u| g.degree(u) as u64).sum();
    match class {
        Class::All { .. } => (g.degree(v) as u64) << 16 | nbr_deg,
        Class::Trees => ((g.degree(v) == 1) as u64) << 32 | (64 - nbr_deg.min(64)),
    }
}

/// Calls `f(child, generators)` for each accepted child of the representative `p` whose
/// automorphism generators are `gens`. On the last level (`last`), connectivity is
/// filtered for connected classes and generators are computed only if `with_gens`.
fn children(
    p: &Graph,
    gens: &[Perm],
    class: Class,
    last: bool,
    with_gens: bool,
    f: &mut dyn FnMut(&Graph, &[Perm]),
) {
    let k = p.n();
    let mut parent = Vec::new();
    let mut reps = Vec::new();
    let maxdeg = (0..k).map(|v| p.degree(v)).max().unwrap_or(0);
    match class {
        // Only subsets of at least maxdeg vertices can give the new vertex maximum
        // degree; automorphisms preserve subset sizes, so these form whole orbits.
        Class::All { .. } => orbit_reps(
            1 << k,
            gens,
            apply_to_set,
            |s| s.count_ones() as usize >= maxdeg,
            &mut parent,
            &mut reps,
        ),
        Class::Trees => {
            orbit_reps(
                k,
                gens,
                |p, v| p[v as usize] as u64,
                |_| true,
                &mut parent,
                &mut reps,
            );
            for s in reps.iter_mut() {
                *s = 1 << *s;
            }
        }
    }
    let need_connected = last && matches!(class, Class::All { connected: true });
    let parent_comps: Vec<u64> = if need_connected {
        p.components().collect()
    } else {
        Vec::new()
    };
    let mut invs = [0u64; 64];
    let mut child_gens: Vec<Perm> = Vec::new();
    // Parent degrees, and the parent's vertices by degree, for the fast checks.
    let mut pdeg = [0u64; 64];
    let mut by_deg = [0u64; 65];
    for v in 0..k {
        pdeg[v] = p.degree(v) as u64;
        by_deg[pdeg[v] as usize] |= 1 << v;
    }
    let want_gens = !last || with_gens;
    for &s in &reps {
        if let Class::All { .. } = class {
            // The new vertex must have maximum degree in the child.
            let d = s.count_ones() as usize;
            if d < maxdeg {
                continue;
            }
            if d == maxdeg && by_deg[maxdeg] & s != 0 {
                continue;
            }
            if need_connected && parent_comps.iter().any(|&c| c & s == 0) {
                continue;
            }
            // Vertices tying with the new one on degree; compare the second invariant
            // (sum of neighbour degrees) with them only, without building the child.
            let top = (by_deg[d] & !s) | if d > 0 { by_deg[d - 1] & s } else { 0 };
            let nd_new: u64 = Bits(s).map(|u| pdeg[u] + 1).sum();
            let mut ties = 1;
            let mut beaten = false;
            for u in Bits(top) {
                let nd: u64 = Bits(p.neighbours(u))
                    .map(|w| pdeg[w] + (s >> w & 1))
                    .sum::<u64>()
                    + if s >> u & 1 == 1 { d as u64 } else { 0 };
                if nd > nd_new {
                    beaten = true;
                    break;
                }
                ties += (nd == nd_new) as usize;
            }
            if beaten {
                continue;
            }
            if ties == 1 && !want_gens {
                let mut c = *p;
                c.add_vertex(s);
                f(&c, &[]);
                continue;
            }
        }
        let mut c = *p;
        let new = c.add_vertex(s);
        let n = k + 1;
        let mut best = 0;
        for (v, inv) in invs.iter_mut().enumerate().take(n) {
            *inv = invariant(&c, v, class);
            best = best.max(*inv);
        }
        if invs[new] != best {
            continue;
        }
        let ties = invs[..n].iter().filter(|&&x| x == best).count();
        if ties == 1 && !want_gens {
            f(&c, &[]);
            continue;
        }
        // Ordered partition by increasing invariant: the candidates form the last cell.
        let mut cells = [0u64; 64];
        let mut vals: [u64; 64] = invs;
        vals[..n].sort_unstable();
        let mut ncells = 0;
        for i in 0..n {
            if i == 0 || vals[i] != vals[i - 1] {
                let val = vals[i];
                cells[ncells] = (0..n)
                    .filter(|&v| invs[v] == val)
                    .fold(0, |m, v| m | 1 << v);
                ncells += 1;
            }
        }
        let accepted = with_canonizer(|cz| {
            cz.label(&c, &cells[..ncells], true);
            let lab_last = cz.lab()[n - 1] as usize;
            let ok = ties == 1 || cz.orbits()[new] == cz.orbits()[lab_last];
            if ok {
                cz.take_generators(&mut child_gens);
            }
            ok
        });
        if accepted {
            f(&c, &child_gens);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(n: usize, class: Class) -> usize {
        let e = Enumerator::new(n, class).unwrap();
        let mut total = 0;
        for u in 0..e.units() {
            e.expand(u, false, &mut |_, _| total += 1);
        }
        total
    }

    #[test]
    fn small_counts_match_oeis() {
        // A000088 (graphs), A001349 (connected graphs), A000055 (trees).
        let all = [1, 2, 4, 11, 34, 156, 1044];
        let conn = [1, 1, 2, 6, 21, 112, 853];
        let trees = [1, 1, 1, 2, 3, 6, 11, 23, 47, 106];
        for n in 1..=7 {
            assert_eq!(
                count(n, Class::All { connected: false }),
                all[n - 1],
                "graphs n={n}"
            );
            assert_eq!(
                count(n, Class::All { connected: true }),
                conn[n - 1],
                "connected n={n}"
            );
        }
        for n in 1..=10 {
            assert_eq!(count(n, Class::Trees), trees[n - 1], "trees n={n}");
        }
    }

    #[test]
    fn limits_are_errors() {
        assert!(Enumerator::new(0, Class::Trees).is_err());
        assert!(Enumerator::new(12, Class::All { connected: false }).is_err());
    }
}

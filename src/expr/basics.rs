//! The simple graph invariants the derived columns and the harder invariants share:
//! breadth-first distances, bipartiteness, triangles, the clique number.

use crate::graphs::{Bits, Graph};

/// Breadth-first distances from `s` (`u32::MAX`: unreachable).
pub fn distances(g: &Graph, s: usize) -> [u32; 64] {
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

/// Whether `g` has no odd cycle.
pub fn is_bipartite(g: &Graph) -> bool {
    (0..g.n()).all(|s| {
        let dist = distances(g, s);
        (0..g.n()).all(|v| {
            Bits(g.neighbours(v)).all(|w| dist[v] == u32::MAX || dist[v] % 2 != dist[w] % 2)
        })
    })
}

/// Number of triangles of `g`.
pub fn triangles(g: &Graph) -> i64 {
    let mut t = 0;
    for u in 0..g.n() {
        for v in Bits(g.neighbours(u) & !((2u64 << u) - 1)) {
            t += (g.neighbours(u) & g.neighbours(v) & !((2u64 << v) - 1)).count_ones() as i64;
        }
    }
    t
}

/// Size of a largest clique (Bron–Kerbosch with pivoting on bitsets).
pub fn clique_number(g: &Graph) -> u32 {
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

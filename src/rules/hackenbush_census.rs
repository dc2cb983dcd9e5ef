//! The positions of a Hackenbush census: every connected simple graph standing on the
//! ground, by number of edges, in every edge colouring, each once up to the isomorphisms
//! that fix the ground.
//!
//! The census with parallel edges (a job's `multiplicity = 2`) takes each simple graph
//! and makes some of its edges double ([`multi_coloured_graphs`]); a position of `m`
//! edges is a simple graph of `k` edges with `m - k` of them doubled. Checked against
//! nauty's `multig` in the same test file.
//!
//! Graphs are grown edge by edge and kept once per canonical key (every connected grounded
//! graph with `m + 1` edges comes from one with `m`: take away an edge on a cycle, or if
//! there is none, a leaf off the ground with its edge). The colourings of one graph are
//! listed once per orbit of its automorphism group (found by a plain backtracking search):
//! a colouring is kept iff it is the least, read as a word over the edge order, of the
//! colourings the automorphisms map it to. Checked against nauty's own pipeline
//! (`geng -c | vcolg | multig`) in `src/tests/hackenbush.rs`.

use std::collections::HashSet;

use super::hackenbush_labels::GROUND;
use crate::shapes::{Shape, canonical_key};

/// Every connected simple graph with `m` edges and at most `max_n` vertices, one of them
/// the ground (vertex 0, label [`GROUND`]), once up to isomorphisms fixing the ground, in a
/// fixed order; edges unlabelled (label 0).
pub fn grounded_graphs(m: usize, max_n: usize) -> Vec<Shape> {
    let mut ground = Shape::new(1, false);
    ground.set_label(0, GROUND);
    let mut level = vec![ground];
    for _ in 0..m {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        let mut keep = |s: Shape, next: &mut Vec<Shape>| {
            if seen.insert(canonical_key(&s)) {
                next.push(s);
            }
        };
        for g in &level {
            let n = g.n();
            let adjacent = |a: usize, b: usize| {
                g.edges()
                    .iter()
                    .any(|e| (e.a as usize, e.b as usize) == (a.min(b), a.max(b)))
            };
            for a in 0..n {
                for b in a + 1..n {
                    if !adjacent(a, b) {
                        let mut h = g.clone();
                        h.add_edge(a, b, 0);
                        keep(h, &mut next);
                    }
                }
            }
            if n < max_n {
                for a in 0..n {
                    let mut h = Shape::new(n + 1, false);
                    for v in 0..n {
                        h.set_label(v, g.label(v));
                    }
                    for e in g.edges() {
                        h.add_edge(e.a as usize, e.b as usize, e.label);
                    }
                    h.add_edge(a, n, 0);
                    keep(h, &mut next);
                }
            }
        }
        level = next;
    }
    level
}

/// Every automorphism of a simple graph `s` (at most 64 vertices) that keeps vertex
/// labels, as the image of each vertex, the identity first.
pub fn automorphisms(s: &Shape) -> Vec<Vec<usize>> {
    let n = s.n();
    assert!(n <= 64, "automorphisms of graphs up to 64 vertices");
    let mut adj = vec![0u64; n];
    for e in s.edges() {
        adj[e.a as usize] |= 1 << e.b;
        adj[e.b as usize] |= 1 << e.a;
    }
    let deg: Vec<u32> = adj.iter().map(|a| a.count_ones()).collect();
    let mut out = Vec::new();
    let mut p = vec![usize::MAX; n];
    let mut used = 0u64;
    fn go(
        v: usize,
        s: &Shape,
        adj: &[u64],
        deg: &[u32],
        p: &mut [usize],
        used: &mut u64,
        out: &mut Vec<Vec<usize>>,
    ) {
        let n = p.len();
        if v == n {
            out.push(p.to_vec());
            return;
        }
        for w in 0..n {
            if *used >> w & 1 == 1 || s.label(w) != s.label(v) || deg[w] != deg[v] {
                continue;
            }
            if (0..v).all(|u| (adj[u] >> v & 1) == (adj[p[u]] >> w & 1)) {
                p[v] = w;
                *used |= 1 << w;
                go(v + 1, s, adj, deg, p, used, out);
                *used &= !(1 << w);
            }
        }
    }
    go(0, s, &adj, &deg, &mut p, &mut used, &mut out);
    out
}

/// Passes `emit` the graph `g` (simple, edges unlabelled) with `doubled` of its edges
/// made two parallel edges, in every colouring of its edges with the labels `colours`,
/// once up to the automorphisms of `g`; returns `false` if `emit` asked to stop.
///
/// Each edge of `g` gets a type: one edge of one colour, or two parallel edges whose
/// colours form an unordered pair (types in the order: the colours, then the pairs
/// `(a, b)`, `a <= b`, in lexicographic order). A typing is kept iff it is the least, read
/// as a word over the edge order, of the typings the automorphisms map it to. With
/// `doubled == 0` this lists what [`coloured_graphs`] lists, in the same order.
pub fn multi_coloured_graphs(
    g: &Shape,
    colours: &[u8],
    doubled: usize,
    emit: &mut dyn FnMut(Shape) -> bool,
) -> bool {
    let m = g.edges().len();
    if doubled > m {
        return true;
    }
    let mut types: Vec<Vec<u8>> = colours.iter().map(|&c| vec![c]).collect();
    for (i, &a) in colours.iter().enumerate() {
        for &b in &colours[i..] {
            types.push(vec![a, b]);
        }
    }
    let singles = colours.len();
    let perms = edge_maps(g);
    // Every typing with exactly `doubled` double types, in lexicographic order.
    let mut c = vec![0usize; m];
    let mut go = |c: &[usize]| -> bool {
        let least = perms.iter().all(|from| {
            for j in 0..m {
                let d = c[from[j]];
                if d != c[j] {
                    return d > c[j];
                }
            }
            true
        });
        if !least {
            return true;
        }
        let mut s = Shape::new(g.n(), false);
        for v in 0..g.n() {
            s.set_label(v, g.label(v));
        }
        for (i, e) in g.edges().iter().enumerate() {
            for &l in &types[c[i]] {
                s.add_edge(e.a as usize, e.b as usize, l);
            }
        }
        emit(s)
    };
    fn fill(
        j: usize,
        left: usize,
        c: &mut [usize],
        singles: usize,
        all: usize,
        go: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        let m = c.len();
        if j == m {
            return go(c);
        }
        let rest = m - j - 1;
        for t in 0..all {
            let double = t >= singles;
            if (double && left == 0) || (!double && left > rest) {
                continue;
            }
            c[j] = t;
            if !fill(j + 1, left - double as usize, c, singles, all, go) {
                return false;
            }
        }
        true
    }
    fill(0, doubled, &mut c, singles, types.len(), &mut go)
}

/// For each automorphism of `g` but the identity: the edge each edge position is read
/// from (the colouring it maps `c` to is `j -> c[from[j]]`).
fn edge_maps(g: &Shape) -> Vec<Vec<usize>> {
    let m = g.edges().len();
    let index = |a: usize, b: usize| {
        g.edges()
            .iter()
            .position(|e| (e.a as usize, e.b as usize) == (a.min(b), a.max(b)))
            .expect("an automorphism maps edges to edges")
    };
    automorphisms(g)
        .into_iter()
        .filter(|p| p.iter().enumerate().any(|(v, &w)| v != w))
        .map(|p| {
            let mut from = vec![0; m];
            for (i, e) in g.edges().iter().enumerate() {
                from[index(p[e.a as usize], p[e.b as usize])] = i;
            }
            from
        })
        .collect()
}

/// Passes `emit` the graph `g` (simple, edges unlabelled) in every colouring of its edges
/// with the labels `colours`, once per orbit of its automorphisms, in lexicographic order
/// of the colourings; returns `false` if `emit` asked to stop.
pub fn coloured_graphs(g: &Shape, colours: &[u8], emit: &mut dyn FnMut(Shape) -> bool) -> bool {
    let m = g.edges().len();
    let perms = edge_maps(g);
    let k = colours.len();
    let mut c = vec![0usize; m];
    loop {
        let least = perms.iter().all(|from| {
            for j in 0..m {
                let d = c[from[j]];
                if d != c[j] {
                    return d > c[j];
                }
            }
            true
        });
        if least {
            let mut s = Shape::new(g.n(), false);
            for v in 0..g.n() {
                s.set_label(v, g.label(v));
            }
            for (i, e) in g.edges().iter().enumerate() {
                s.add_edge(e.a as usize, e.b as usize, colours[c[i]]);
            }
            if !emit(s) {
                return false;
            }
        }
        // Next colouring in lexicographic order (last edge fastest).
        let mut j = m;
        loop {
            if j == 0 {
                return true;
            }
            j -= 1;
            c[j] += 1;
            if c[j] < k {
                break;
            }
            c[j] = 0;
        }
    }
}

//! The harder graph invariants of the derived columns, computed exactly: independence,
//! chromatic and domination numbers (branch and bound, with a step limit that is an
//! error naming it rather than a guess), radius, and planarity (the path-addition
//! algorithm of Demoucron, Malgrange and Pertuiset on each biconnected block).
//!
//! Graphs are at most 64 vertices, as rows of bits.

use super::basics::{clique_number, distances};
use crate::graphs::{Bits, Graph};

/// Search steps one invariant may take on one graph before it is an error (the graphs
/// of a census take a few hundred at most; a 64-vertex family member may need more).
pub const STEP_LIMIT: u64 = 50_000_000;

fn limit(what: &str, g: &Graph) -> String {
    format!(
        "{what}: the exact search passed {STEP_LIMIT} steps on a graph with {} vertices and \
         {} edges (a limit of analyze; no value is guessed)",
        g.n(),
        g.m()
    )
}

/// The size of a largest independent set: a largest clique of the complement.
pub fn independence_number(g: &Graph) -> u32 {
    clique_number(&g.complement())
}

/// The smallest number of colours of a proper vertex colouring.
pub fn chromatic_number(g: &Graph) -> Result<u32, String> {
    let n = g.n();
    if n == 0 {
        return Ok(0);
    }
    if g.m() == 0 {
        return Ok(1);
    }
    let lower = clique_number(g).max(2);
    let mut steps = 0u64;
    for k in lower..=n as u32 {
        let mut colour = vec![u32::MAX; n];
        if colourable(g, k, &mut colour, 0, &mut steps)? {
            return Ok(k);
        }
        if steps > STEP_LIMIT {
            return Err(limit("chromatic_number", g));
        }
    }
    Ok(n as u32)
}

/// Whether the uncoloured vertices can be coloured with colours below `k`, the colours
/// of `colour` fixed (DSATUR order: the vertex with most distinct colours around it
/// next; a colour not used yet is tried only once, the next new one).
fn colourable(
    g: &Graph,
    k: u32,
    colour: &mut [u32],
    used: u32,
    steps: &mut u64,
) -> Result<bool, String> {
    *steps += 1;
    if *steps > STEP_LIMIT {
        return Err(limit("chromatic_number", g));
    }
    let n = g.n();
    let mut pick = None;
    let mut best = (0u32, 0usize);
    for v in 0..n {
        if colour[v] != u32::MAX {
            continue;
        }
        let mut seen = 0u64;
        for w in Bits(g.neighbours(v)) {
            if colour[w] != u32::MAX {
                seen |= 1 << colour[w];
            }
        }
        let key = (seen.count_ones(), g.degree(v));
        if pick.is_none() || key > best {
            pick = Some((v, seen));
            best = key;
        }
    }
    let Some((v, seen)) = pick else {
        return Ok(true);
    };
    for c in 0..k.min(used + 1) {
        if seen & (1 << c) != 0 {
            continue;
        }
        colour[v] = c;
        if colourable(g, k, colour, used.max(c + 1), steps)? {
            return Ok(true);
        }
    }
    colour[v] = u32::MAX;
    Ok(false)
}

/// The size of a smallest dominating set (every vertex in it or next to it).
pub fn domination_number(g: &Graph) -> Result<u32, String> {
    let n = g.n();
    if n == 0 {
        return Ok(0);
    }
    let all = g.vertices();
    let closed: Vec<u64> = (0..n).map(|v| g.neighbours(v) | 1 << v).collect();
    let most = closed.iter().map(|c| c.count_ones()).max().unwrap_or(1);
    // An upper bound: greedily the vertex dominating most new vertices.
    let mut best = 0u32;
    let mut done = 0u64;
    while done != all {
        let v = (0..n)
            .max_by_key(|&v| (closed[v] & !done).count_ones())
            .expect("vertices");
        done |= closed[v];
        best += 1;
    }
    struct Search<'a> {
        closed: &'a [u64],
        all: u64,
        most: u32,
        best: u32,
        steps: u64,
    }
    impl Search<'_> {
        fn go(&mut self, done: u64, size: u32) -> bool {
            self.steps += 1;
            if self.steps > STEP_LIMIT {
                return false;
            }
            let left = (self.all & !done).count_ones();
            if left == 0 {
                self.best = self.best.min(size);
                return true;
            }
            if size + left.div_ceil(self.most) >= self.best {
                return true;
            }
            // The undominated vertex with fewest vertices that can dominate it: one of
            // them is in every dominating set.
            let u = Bits(self.all & !done)
                .min_by_key(|&u| self.closed[u].count_ones())
                .expect("undominated");
            let mut options: Vec<usize> = Bits(self.closed[u]).collect();
            options.sort_by_key(|&v| std::cmp::Reverse((self.closed[v] & !done).count_ones()));
            for v in options {
                if !self.go(done | self.closed[v], size + 1) {
                    return false;
                }
            }
            true
        }
    }
    let mut s = Search {
        closed: &closed,
        all,
        most,
        best,
        steps: 0,
    };
    if !s.go(0, 0) {
        return Err(limit("domination_number", g));
    }
    Ok(s.best)
}

/// The degrees, largest first, separated by spaces.
pub fn degree_sequence(g: &Graph) -> String {
    let mut d: Vec<usize> = (0..g.n()).map(|v| g.degree(v)).collect();
    d.sort_unstable_by(|a, b| b.cmp(a));
    d.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The smallest eccentricity (`None` if disconnected or empty).
pub fn radius(g: &Graph) -> Option<u32> {
    if g.n() == 0 || !g.is_connected() {
        return None;
    }
    (0..g.n())
        .map(|s| {
            let dist = distances(g, s);
            *dist[..g.n()].iter().max().expect("vertices")
        })
        .min()
}

/// Edges between colour classes `a` and `b` (labels: 0 B, 1 W, 2 G).
pub fn edges_between(g: &Graph, colours: &[u8], a: u8, b: u8) -> i64 {
    let mut k = 0;
    for u in 0..g.n() {
        for v in Bits(g.neighbours(u) & !(2u64 << u).wrapping_sub(1)) {
            let (x, y) = (colours[u], colours[v]);
            if (x, y) == (a, b) || (x, y) == (b, a) {
                k += 1;
            }
        }
    }
    k
}

/// Whether the graph can be drawn in the plane without crossings.
pub fn is_planar(g: &Graph) -> bool {
    let n = g.n();
    if n <= 4 {
        return true;
    }
    if g.m() > 3 * n - 6 {
        return false;
    }
    blocks(g)
        .into_iter()
        .all(|b| block_is_planar(&g.induced_rows(b)))
}

/// The vertex sets of the biconnected blocks with at least 3 vertices (Tarjan's
/// algorithm: a depth-first search with a stack of vertices).
fn blocks(g: &Graph) -> Vec<u64> {
    struct Dfs<'a> {
        g: &'a Graph,
        index: Vec<u32>,
        low: Vec<u32>,
        next: u32,
        stack: Vec<usize>,
        out: Vec<u64>,
    }
    impl Dfs<'_> {
        fn visit(&mut self, v: usize, parent: Option<usize>) {
            self.next += 1;
            self.index[v] = self.next;
            self.low[v] = self.next;
            self.stack.push(v);
            for w in Bits(self.g.neighbours(v)) {
                if Some(w) == parent {
                    continue;
                }
                if self.index[w] == 0 {
                    self.visit(w, Some(v));
                    self.low[v] = self.low[v].min(self.low[w]);
                    if self.low[w] >= self.index[v] {
                        // v separates the block of the edge v–w: pop it.
                        let mut b = 1u64 << v;
                        while let Some(x) = self.stack.pop() {
                            b |= 1 << x;
                            if x == w {
                                break;
                            }
                        }
                        if b.count_ones() >= 3 {
                            self.out.push(b);
                        }
                    }
                } else {
                    self.low[v] = self.low[v].min(self.index[w]);
                }
            }
        }
    }
    let n = g.n();
    let mut d = Dfs {
        g,
        index: vec![0; n],
        low: vec![0; n],
        next: 0,
        stack: Vec::new(),
        out: Vec::new(),
    };
    for v in 0..n {
        if d.index[v] == 0 {
            d.visit(v, None);
            d.stack.clear();
        }
    }
    d.out
}

trait Induced {
    fn induced_rows(&self, mask: u64) -> Vec<u64>;
}

impl Induced for Graph {
    /// The adjacency rows of the subgraph induced by `mask` (vertices keep their numbers;
    /// the others have empty rows).
    fn induced_rows(&self, mask: u64) -> Vec<u64> {
        (0..self.n())
            .map(|v| {
                if mask >> v & 1 == 1 {
                    self.neighbours(v) & mask
                } else {
                    0
                }
            })
            .collect()
    }
}

/// Planarity of a biconnected graph with at least 3 vertices (rows `adj`; vertices
/// with empty rows are not in it), by Demoucron–Malgrange–Pertuiset: embed a cycle,
/// then repeatedly a path of a fragment (a piece of the graph not yet embedded) inside a
/// face that contains all the fragment's attachments, choosing a fragment that fits only
/// one face whenever there is one. The graph is planar iff no fragment is ever left
/// without a face.
fn block_is_planar(adj: &[u64]) -> bool {
    let all: u64 = adj
        .iter()
        .enumerate()
        .filter(|(_, r)| **r != 0)
        .fold(0, |m, (v, _)| m | 1 << v);
    let edges: u32 = adj.iter().map(|r| r.count_ones()).sum::<u32>() / 2;
    // A first cycle: an edge u–v and a shortest u–v path without it.
    let u = all.trailing_zeros() as usize;
    let v = adj[u].trailing_zeros() as usize;
    let mut path = shortest_path(adj, u, v, all, Some((u, v))).expect("biconnected");
    let mut emb = vec![0u64; adj.len()]; // embedded edges
    let mut hv = 0u64; // embedded vertices
    for w in path.windows(2) {
        emb[w[0]] |= 1 << w[1];
        emb[w[1]] |= 1 << w[0];
    }
    emb[u] |= 1 << v;
    emb[v] |= 1 << u;
    for &x in &path {
        hv |= 1 << x;
    }
    let face = |f: &Vec<usize>| f.iter().fold(0u64, |m, &x| m | 1 << x);
    let mut faces: Vec<Vec<usize>> = vec![path.clone(), {
        path.reverse();
        path.clone()
    }];
    let mut embedded: u32 = path.len() as u32;
    while embedded < edges {
        // Fragments: (attachments, a path through it between two attachments).
        let mut fragments: Vec<(u64, Vec<usize>)> = Vec::new();
        for a in Bits(hv) {
            for b in Bits(adj[a] & hv & !emb[a] & !(2u64 << a).wrapping_sub(1)) {
                fragments.push((1 << a | 1 << b, vec![a, b]));
            }
        }
        let mut rest = all & !hv;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            let mut comp = 1u64 << s;
            let mut frontier = comp;
            while frontier != 0 {
                let mut next = 0;
                for x in Bits(frontier) {
                    next |= adj[x] & rest;
                }
                frontier = next & !comp;
                comp |= next;
            }
            rest &= !comp;
            let attach = Bits(comp).fold(0u64, |m, x| m | (adj[x] & hv));
            // From one attachment a into the component, to a vertex next to another.
            let a = attach.trailing_zeros() as usize;
            let entry = (adj[a] & comp).trailing_zeros() as usize;
            let goal = Bits(comp)
                .find(|&x| adj[x] & attach & !(1 << a) != 0)
                .expect("biconnected: two attachments");
            let inner = shortest_path(adj, entry, goal, comp, None).expect("connected");
            let b = (adj[goal] & attach & !(1 << a)).trailing_zeros() as usize;
            let mut p = vec![a];
            p.extend(inner);
            p.push(b);
            fragments.push((attach, p));
        }
        // Admissible faces of each; a fragment without one: not planar.
        let mut choice: Option<(usize, usize)> = None;
        for (i, (attach, _)) in fragments.iter().enumerate() {
            let fits: Vec<usize> = (0..faces.len())
                .filter(|&f| face(&faces[f]) & attach == *attach)
                .collect();
            match fits.len() {
                0 => return false,
                1 => {
                    choice = Some((i, fits[0]));
                    break;
                }
                _ => {
                    if choice.is_none() {
                        choice = Some((i, fits[0]));
                    }
                }
            }
        }
        let (i, f) = choice.expect("a fragment while edges are left");
        let p = &fragments[i].1;
        // Split face f by the path p from a to b.
        let old = faces.swap_remove(f);
        let (a, b) = (p[0], *p.last().expect("path"));
        let ia = old.iter().position(|&x| x == a).expect("on the face");
        let ib = old.iter().position(|&x| x == b).expect("on the face");
        let k = old.len();
        let arc = |from: usize, to: usize| {
            let mut s = vec![old[from]];
            let mut j = from;
            while j != to {
                j = (j + 1) % k;
                s.push(old[j]);
            }
            s
        };
        let interior = &p[1..p.len() - 1];
        let mut f1 = arc(ia, ib);
        f1.extend(interior.iter().rev());
        let mut f2 = arc(ib, ia);
        f2.extend(interior.iter());
        faces.push(f1);
        faces.push(f2);
        for w in p.windows(2) {
            emb[w[0]] |= 1 << w[1];
            emb[w[1]] |= 1 << w[0];
        }
        for &x in p {
            hv |= 1 << x;
        }
        embedded += p.len() as u32 - 1;
    }
    true
}

/// A shortest path from `s` to `t` inside `within` (without the edge `skip`), as its
/// vertices from `s` to `t`.
fn shortest_path(
    adj: &[u64],
    s: usize,
    t: usize,
    within: u64,
    skip: Option<(usize, usize)>,
) -> Option<Vec<usize>> {
    let mut parent = vec![usize::MAX; adj.len()];
    let mut seen = 1u64 << s;
    let mut frontier = vec![s];
    while !frontier.is_empty() && seen >> t & 1 == 0 {
        let mut next = Vec::new();
        for &x in &frontier {
            for y in Bits(adj[x] & within & !seen) {
                if skip == Some((x, y)) || skip == Some((y, x)) {
                    continue;
                }
                seen |= 1 << y;
                parent[y] = x;
                next.push(y);
            }
        }
        frontier = next;
    }
    if seen >> t & 1 == 0 {
        return None;
    }
    let mut p = vec![t];
    while *p.last().expect("path") != s {
        p.push(parent[*p.last().expect("path")]);
    }
    p.reverse();
    Some(p)
}

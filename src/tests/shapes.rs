//! The general position model's canonical keys (src/shapes/canon.rs) against an
//! independent isomorphism test: a brute force over every bijection of the vertices
//! (shapes of up to 6 vertices), which checks vertex labels, and the multiset of
//! labelled edges with their directions, loops and parallel edges, edge by edge.
//! Keys must be equal exactly when the brute force finds an isomorphism.

use gamecensus::shapes::{Shape, canonical_key, canonical_order};
use proptest::prelude::*;

/// The edges of `s` mapped by `p` (vertex `v` to `p[v]`), as `t` would store them.
fn mapped_edges(s: &Shape, p: &[usize]) -> Vec<(u32, u32, u8)> {
    let mut e: Vec<(u32, u32, u8)> = s
        .edges()
        .iter()
        .map(|e| {
            let (a, b) = (p[e.a as usize] as u32, p[e.b as usize] as u32);
            if s.directed() || a <= b {
                (a, b, e.label)
            } else {
                (b, a, e.label)
            }
        })
        .collect();
    e.sort_unstable();
    e
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..n {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

/// Brute force: is some bijection an isomorphism from `s` onto `t`?
fn isomorphic(s: &Shape, t: &Shape) -> bool {
    if s.n() != t.n() || s.edges().len() != t.edges().len() || s.directed() != t.directed() {
        return false;
    }
    let target: Vec<(u32, u32, u8)> = t.edges().iter().map(|e| (e.a, e.b, e.label)).collect();
    permutations(s.n())
        .iter()
        .any(|p| (0..s.n()).all(|v| s.label(v) == t.label(p[v])) && mapped_edges(s, p) == target)
}

/// A shape from a description: labels per vertex, edges `(a, b, label)` (ends taken
/// modulo n).
fn build(n: usize, directed: bool, labels: &[u8], edges: &[(usize, usize, u8)]) -> Shape {
    let mut s = Shape::new(n, directed);
    for v in 0..n {
        s.set_label(v, labels[v % labels.len()]);
    }
    for &(a, b, l) in edges {
        s.add_edge(a % n, b % n, l);
    }
    s
}

fn shape_strategy() -> impl Strategy<Value = Shape> {
    (
        1usize..=6,
        any::<bool>(),
        prop::collection::vec(0u8..2, 1..7),
        prop::collection::vec((0usize..6, 0usize..6, 0u8..3), 0..9),
    )
        .prop_map(|(n, d, labels, edges)| build(n, d, &labels, &edges))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Any relabelling of the vertices keeps the key, and the canonical form is the
    /// same shape whichever labelling it starts from.
    #[test]
    fn relabelling_keeps_the_key(s in shape_strategy(), seed in any::<u64>()) {
        let n = s.n();
        let mut order: Vec<usize> = (0..n).collect();
        let mut x = seed | 1;
        for i in (1..n).rev() {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            order.swap(i, (x % (i as u64 + 1)) as usize);
        }
        let t = s.relabelled(&order);
        prop_assert!(isomorphic(&s, &t));
        prop_assert_eq!(canonical_key(&s), canonical_key(&t));
        let cs = s.relabelled(&canonical_order(&s));
        let ct = t.relabelled(&canonical_order(&t));
        prop_assert_eq!(cs, ct);
    }

    /// Keys are equal exactly when the brute force finds an isomorphism: two random
    /// shapes, and a shape against itself with two edge labels exchanged (the labels are
    /// never confused unless an isomorphism says so).
    #[test]
    fn keys_agree_with_brute_force(s in shape_strategy(), t in shape_strategy()) {
        prop_assert_eq!(canonical_key(&s) == canonical_key(&t), isomorphic(&s, &t));
        let swapped = s.map_edge_labels(|l| match l { 0 => 1, 1 => 0, x => x });
        prop_assert_eq!(
            canonical_key(&s) == canonical_key(&swapped),
            isomorphic(&s, &swapped)
        );
    }
}

/// Shapes that differ in one thing only, each pair told apart (and the brute force
/// agrees that they are not isomorphic).
#[test]
fn one_difference_is_enough() {
    let pairs = [
        // An edge label.
        (
            build(3, false, &[0], &[(0, 1, 0), (1, 2, 0)]),
            build(3, false, &[0], &[(0, 1, 0), (1, 2, 1)]),
        ),
        // A parallel edge.
        (
            build(2, false, &[0], &[(0, 1, 0)]),
            build(2, false, &[0], &[(0, 1, 0), (0, 1, 0)]),
        ),
        // A loop against a vertex label.
        (
            build(2, false, &[0, 1], &[(0, 1, 0), (1, 1, 0)]),
            build(2, false, &[0, 1], &[(0, 1, 0), (0, 0, 0)]),
        ),
        // Direction: a path 0 -> 1 -> 2 against 0 <- 1 -> 2.
        (
            build(3, true, &[0], &[(0, 1, 0), (1, 2, 0)]),
            build(3, true, &[0], &[(1, 0, 0), (1, 2, 0)]),
        ),
        // Directed against undirected.
        (
            build(2, true, &[0], &[(0, 1, 0)]),
            build(2, false, &[0], &[(0, 1, 0)]),
        ),
        // A grounded path, ground at the end against ground in the middle.
        (
            build(3, false, &[1, 0, 0], &[(0, 1, 0), (1, 2, 0)]),
            build(3, false, &[0, 1, 0], &[(0, 1, 0), (1, 2, 0)]),
        ),
    ];
    for (a, b) in pairs {
        assert!(!isomorphic(&a, &b));
        assert_ne!(canonical_key(&a), canonical_key(&b), "{a:?} vs {b:?}");
    }
}

/// Shapes of more than 64 vertices (a 10x10 board is 100 cells): the key of a long
/// labelled cycle does not depend on where it starts, and a reflection of it keeps it.
#[test]
fn large_shapes() {
    let n = 130;
    let cycle = |start: usize, reverse: bool| {
        let mut s = Shape::new(n, false);
        for i in 0..n {
            let (a, b) = ((start + i) % n, (start + i + 1) % n);
            let (a, b) = if reverse {
                (n - 1 - a, n - 1 - b)
            } else {
                (a, b)
            };
            s.add_edge(a, b, (i % 3 == 0) as u8);
        }
        s
    };
    let k = canonical_key(&cycle(0, false));
    assert_eq!(k, canonical_key(&cycle(17, false)));
    assert_eq!(k, canonical_key(&cycle(5, true)));
    let mut other = cycle(0, false);
    other.set_label(3, 1);
    assert_ne!(k, canonical_key(&other));
}

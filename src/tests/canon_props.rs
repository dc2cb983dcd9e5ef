//! Property tests of graph6 and canonical keys: keys are invariant under relabelling and
//! equal exactly for isomorphic (colour-preserving) graphs.

use crate::common;

use common::{coloured_graph, graph};
use gamecensus::graphs::{Colouring, Graph, canonical_key, parse_graph6, to_graph6};
use proptest::prelude::*;

fn permute(col: &Colouring, perm: &[usize]) -> Colouring {
    let mut letters = vec!['B'; col.n()];
    for v in 0..col.n() {
        letters[perm[v]] = ['B', 'W', 'G'][col.get(v) as usize];
    }
    Colouring::parse(
        &letters.iter().collect::<String>(),
        col.n(),
        &gamecensus::graphs::palette::Palette::BWG,
    )
    .unwrap()
}

fn isomorphic(a: &Graph, ca: &Colouring, b: &Graph, cb: &Colouring) -> bool {
    if a.n() != b.n() {
        return false;
    }
    let mut perm: Vec<usize> = (0..a.n()).collect();
    loop {
        if a.relabel(&perm) == *b && permute(ca, &perm) == *cb {
            return true;
        }
        // Next permutation (lexicographic).
        let n = perm.len();
        let Some(i) = (0..n.saturating_sub(1))
            .rev()
            .find(|&i| perm[i] < perm[i + 1])
        else {
            return false;
        };
        let j = (i + 1..n).rev().find(|&j| perm[j] > perm[i]).unwrap();
        perm.swap(i, j);
        perm[i + 1..].reverse();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn graph6_round_trips(g in graph(64)) {
        prop_assert_eq!(parse_graph6(&to_graph6(&g)).unwrap(), g);
    }

    #[test]
    fn key_is_invariant_under_relabelling(
        (g, c) in coloured_graph(40),
        seed in any::<u64>(),
    ) {
        // A random permutation from the seed (Fisher-Yates with an xorshift).
        let n = g.n();
        let mut perm: Vec<usize> = (0..n).collect();
        let mut x = seed | 1;
        for i in (1..n).rev() {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            perm.swap(i, (x % (i as u64 + 1)) as usize);
        }
        let h = g.relabel(&perm);
        let ch = permute(&c, &perm);
        prop_assert_eq!(canonical_key(&g, Some(&c)), canonical_key(&h, Some(&ch)));
        prop_assert_eq!(canonical_key(&g, None), canonical_key(&h, None));
    }

    #[test]
    fn equal_keys_iff_isomorphic(
        (a, ca) in coloured_graph(6),
        seed in any::<u64>(),
        toggle in proptest::option::of((0usize..6, 0usize..6)),
        recolour in proptest::option::of((0usize..6, 0u8..3)),
    ) {
        // b is a relabelled copy of a, perhaps with one edge toggled or one vertex
        // recoloured, so that both isomorphic and non-isomorphic pairs are common.
        let n = a.n();
        let mut perm: Vec<usize> = (0..n).collect();
        let mut x = seed | 1;
        for i in (1..n).rev() {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            perm.swap(i, (x % (i as u64 + 1)) as usize);
        }
        let mut b = a.relabel(&perm);
        if let Some((u, v)) = toggle.filter(|&(u, v)| u < n && v < n && u != v) {
            if b.has_edge(u, v) { b.remove_edge(u, v) } else { b.add_edge(u, v) }
        }
        let mut letters: Vec<char> = permute(&ca, &perm).to_string().chars().collect();
        if let Some((v, c)) = recolour.filter(|&(v, _)| v < n) {
            letters[v] = ['B', 'W', 'G'][c as usize];
        }
        let cb = Colouring::parse(&letters.iter().collect::<String>(), n, &gamecensus::graphs::palette::Palette::BWG).unwrap();
        let same = canonical_key(&a, Some(&ca)) == canonical_key(&b, Some(&cb));
        prop_assert_eq!(same, isomorphic(&a, &ca, &b, &cb));
    }

    /// Keys of graphs with 128-bit vertex labels (the Grundy game's memo keys): equal
    /// exactly when a label-preserving isomorphism exists, and the same for the
    /// canonical form (also checked against colourings, labels 0, 1, 2).
    #[test]
    fn labelled_keys_equal_iff_isomorphic(
        (a, ca) in coloured_graph(6),
        (b, cb) in coloured_graph(6),
        big in any::<u64>(),
    ) {
        use gamecensus::graphs::canon::with_canonizer;
        // Labels from the colours, spread into high bits so that they are not small.
        let labels = |c: &Colouring| -> Vec<u128> {
            c.colours().iter().map(|&x| ((x as u128) << 70) | ((big as u128 & 0xff) * x as u128)).collect()
        };
        let ka = with_canonizer(|z| z.canonize_labelled(&a, &labels(&ca)));
        let kb = with_canonizer(|z| z.canonize_labelled(&b, &labels(&cb)));
        prop_assert_eq!(ka == kb, isomorphic(&a, &ca, &b, &cb));
        let fa = gamecensus::graphs::canon::canonical_form(&a, Some(&ca));
        let fb = gamecensus::graphs::canon::canonical_form(&b, Some(&cb));
        prop_assert_eq!(fa == fb, isomorphic(&a, &ca, &b, &cb));
    }

    #[test]
    fn unrelated_graphs_share_keys_only_when_isomorphic(
        (a, ca) in coloured_graph(5),
        (b, cb) in coloured_graph(5),
    ) {
        let same = canonical_key(&a, Some(&ca)) == canonical_key(&b, Some(&cb));
        prop_assert_eq!(same, isomorphic(&a, &ca, &b, &cb));
    }
}

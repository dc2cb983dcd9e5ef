//! Enumeration counts against OEIS and nauty (RULES.md, "Graph counts for checking
//! enumeration"), set equality with nauty's own output, shards and thread counts.

use crate::common;

use std::collections::HashSet;

use common::*;
use gamecensus::graphs::families::Family;
use gamecensus::graphs::{Graph, Position, PositionSpec, Shard, parse_graph6};
use gamecensus::jobs::graph_stream;

fn spec(n: usize, connected: bool, colours: usize) -> PositionSpec {
    PositionSpec {
        family: Family::All,
        min_vertices: n,
        max_vertices: n,
        connected,
        colours,
    }
}

#[test]
fn graphs_up_to_isomorphism_match_a000088_and_a001349() {
    // OEIS A000088 and A001349, n = 1..9 (RULES.md).
    let all = [1, 2, 4, 11, 34, 156, 1044, 12346, 274668];
    let connected = [1, 1, 2, 6, 21, 112, 853, 11117, 261080];
    for n in 1..=9 {
        assert_eq!(
            graph_stream::count(spec(n, false, 0), Shard::WHOLE).unwrap(),
            all[n - 1],
            "A000088({n})"
        );
        assert_eq!(
            graph_stream::count(spec(n, true, 0), Shard::WHOLE).unwrap(),
            connected[n - 1],
            "A001349({n})"
        );
    }
}

#[test]
fn colourings_match_vcolg_counts() {
    // RULES.md: geng -c n | vcolg -mK, K = 2 for n = 5..8 and K = 3 for n = 5..7
    // (the larger sizes are benchmarked by scripts/bench-enumeration.sh).
    for (n, want) in [(5, 354), (6, 3883), (7, 67994), (8, 2038236)] {
        assert_eq!(
            graph_stream::count(spec(n, true, 2), Shard::WHOLE).unwrap(),
            want,
            "K=2 n={n}"
        );
    }
    for (n, want) in [(5, 2175), (6, 36897), (7, 1016055)] {
        assert_eq!(
            graph_stream::count(spec(n, true, 3), Shard::WHOLE).unwrap(),
            want,
            "K=3 n={n}"
        );
    }
    // Counting and listing agree.
    assert_eq!(positions(spec(6, true, 3)).len(), 36897);
}

#[test]
fn trees_match_a000055() {
    // OEIS A000055 (free trees), n = 1..16.
    let trees = [
        1, 1, 1, 2, 3, 6, 11, 23, 47, 106, 235, 551, 1301, 3159, 7741, 19320,
    ];
    for n in 1..=16 {
        let s = PositionSpec {
            family: Family::Trees,
            ..spec(n, true, 0)
        };
        assert_eq!(
            graph_stream::count(s, Shard::WHOLE).unwrap(),
            trees[n - 1],
            "A000055({n})"
        );
    }
    for p in positions(PositionSpec {
        family: Family::Trees,
        ..spec(9, true, 0)
    }) {
        assert!(p.graph.is_connected() && p.graph.m() == 8);
    }
}

#[test]
fn same_isomorphism_classes_as_nauty_geng() {
    for n in 1..=7 {
        for connected in [false, true] {
            let args: Vec<&str> = if connected {
                vec!["-c", "-q"]
            } else {
                vec!["-q"]
            };
            let nstr = n.to_string();
            let out = nauty("geng", &[&args[..], &[nstr.as_str()]].concat(), None);
            let theirs: HashSet<_> = out
                .lines()
                .map(|l| key(&Position::uncoloured(parse_graph6(l).unwrap())))
                .collect();
            let ours: Vec<_> = positions(spec(n, connected, 0)).iter().map(key).collect();
            let ours_set: HashSet<_> = ours.iter().cloned().collect();
            assert_eq!(ours.len(), ours_set.len(), "duplicates at n={n}");
            assert_eq!(ours_set, theirs, "n={n} connected={connected}");
        }
    }
}

/// Parses `vcolg -T` output: `n m c0 .. c(n-1) v1 w1 v2 w2 ...`.
fn parse_vcolg(line: &str) -> Position {
    let f: Vec<usize> = line
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    let (n, m) = (f[0], f[1]);
    let colours: String = f[2..2 + n].iter().map(|&c| ['B', 'W', 'G'][c]).collect();
    let edges: Vec<(usize, usize)> = (0..m)
        .map(|i| (f[2 + n + 2 * i], f[3 + n + 2 * i]))
        .collect();
    coloured(Graph::from_edges(n, &edges), &colours)
}

#[test]
fn same_coloured_classes_as_nauty_vcolg() {
    for (k, max_n) in [(2usize, 6usize), (3, 5)] {
        for n in 1..=max_n {
            let graphs = nauty("geng", &["-c", "-q", &n.to_string()], None);
            let out = nauty(
                "vcolg",
                &["-q", "-T", &format!("-m{k}")],
                Some(graphs.as_bytes()),
            );
            let theirs: HashSet<_> = out.lines().map(|l| key(&parse_vcolg(l))).collect();
            let ours: Vec<_> = positions(spec(n, true, k)).iter().map(key).collect();
            let ours_set: HashSet<_> = ours.iter().cloned().collect();
            assert_eq!(ours.len(), ours_set.len(), "duplicates K={k} n={n}");
            assert_eq!(ours_set, theirs, "K={k} n={n}");
        }
    }
}

#[test]
fn shards_are_disjoint_and_cover_everything() {
    let s = PositionSpec {
        min_vertices: 5,
        max_vertices: 8,
        ..spec(8, false, 0)
    };
    let whole: Vec<_> = positions(s).iter().map(key).collect();
    let mut union = Vec::new();
    for i in 0..3 {
        let part = positions_in(s, Shard { index: i, count: 3 });
        assert!(!part.is_empty());
        assert_eq!(
            graph_stream::count(s, Shard { index: i, count: 3 }).unwrap(),
            part.len() as u64
        );
        union.extend(part.iter().map(key));
    }
    assert_eq!(union.len(), whole.len());
    let a: HashSet<_> = union.into_iter().collect();
    let b: HashSet<_> = whole.into_iter().collect();
    assert_eq!(a, b);
}

#[test]
fn output_does_not_depend_on_thread_count() {
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let mut out = Vec::new();
            graph_stream::enumerate(spec(8, true, 2), Shard::WHOLE, &mut out).unwrap();
            out
        })
    };
    let one = run(1);
    assert_eq!(one, run(2));
    assert_eq!(one, run(3));
    assert_eq!(one.iter().filter(|&&b| b == b'\n').count(), 2038236);
}

//! Nim-values of the impartial rulesets against published sequences and against an
//! independent brute force over labelled graphs (no canonical labelling, no table, no
//! decomposition).

use crate::common;

use std::collections::HashMap;

use common::*;
use gamecensus::graphs::families::{complete, complete_bipartite, cycle, grid, path, star};
use gamecensus::graphs::{Bits, Graph};
use gamecensus::rules::{ImpartialRules, Ruleset};
use gamecensus::solving::ImpartialSolver;

fn solver(name: &str) -> ImpartialSolver {
    match Ruleset::from_name(name).unwrap() {
        Ruleset::Impartial(r) => ImpartialSolver::new(r),
        _ => panic!("{name} is not impartial"),
    }
}

/// OEIS A002187, Sprague-Grundy values of Dawson's Chess (octal game 0.137), n = 0..103
/// (Winning Ways pp. 89, 102; Guy & Smith 1956).
const A002187: [u32; 104] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1,
];

#[test]
fn node_kayles_on_paths_is_dawsons_chess() {
    // OEIS A316632 comments / Brown et al., "Nimber Sequences of Node-Kayles Games",
    // J. Integer Seq. 23 (2020): Node Kayles on P_n is Dawson's Chess, A002187.
    let s = solver("node-kayles");
    assert_eq!(s.grundy(&Graph::empty(0)), 0);
    for (n, &want) in A002187.iter().enumerate().take(64).skip(1) {
        assert_eq!(s.grundy(&path(n)), want, "P_{n}");
    }
}

#[test]
fn node_kayles_on_cycles_follows_dawsons_chess() {
    // Every first move on C_n removes three consecutive vertices and leaves P_{n-3}
    // (Brown et al. 2020 treat cycles this way), so C_n = mex{A002187(n-3)}.
    let s = solver("node-kayles");
    for n in 3..=60 {
        let want = if A002187[n - 3] == 0 { 1 } else { 0 };
        assert_eq!(s.grundy(&cycle(n)), want, "C_{n}");
    }
}

#[test]
fn node_kayles_on_lattices() {
    // OEIS A316632 (Brown et al. 2020): Node Kayles on the 3 x n lattice, n = 1..16;
    // its comments: the 2 x n ladder gives 1, 0, 1, 0, ... (A000035) and 4 x n gives 0.
    let three_by_n = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];
    let s = solver("node-kayles");
    for n in 1..=8 {
        assert_eq!(s.grundy(&grid(3, n)), three_by_n[n - 1], "3 x {n}");
    }
    for n in 1..=12 {
        assert_eq!(s.grundy(&grid(2, n)), (n % 2) as u32, "2 x {n}");
    }
    for n in 1..=5 {
        assert_eq!(s.grundy(&grid(4, n)), 0, "4 x {n}");
    }
}

#[test]
fn node_kayles_on_stars_complete_and_bipartite_graphs() {
    // Immediate from the rules: on K_n every move empties the graph (*1); on K_{a,b}
    // a move on one side leaves the other side's a-1 or b-1 isolated vertices; on the
    // star K_{1,m} the centre empties it and a leaf leaves m-1 isolated vertices.
    let s = solver("node-kayles");
    for n in 1..=12 {
        assert_eq!(s.grundy(&complete(n)), 1, "K_{n}");
    }
    for m in 1..=20 {
        let want = if m % 2 == 0 { 2 } else { 1 };
        assert_eq!(s.grundy(&star(m + 1)), want, "K_1,{m}");
    }
    for a in 1..=6 {
        for b in a..=8 {
            let seen = 1u32 << ((a - 1) % 2) | 1 << ((b - 1) % 2);
            assert_eq!(
                s.grundy(&complete_bipartite(a, b)),
                (!seen).trailing_zeros(),
                "K_{a},{b}"
            );
        }
    }
}

/// Plain mex search over the vertex subsets of one labelled graph.
fn brute(g: &Graph, rules: &dyn ImpartialRules, alive: u64, memo: &mut HashMap<u64, u32>) -> u32 {
    if let Some(&v) = memo.get(&alive) {
        return v;
    }
    let sub = g.induced(alive);
    let mut seen = 0u128;
    for (i, _) in Bits(alive).enumerate() {
        if let Some(rest) = rules.play(&sub, i) {
            // Map the induced subgraph's vertices back to g's labels.
            let back: u64 = Bits(alive)
                .enumerate()
                .filter(|(j, _)| rest >> j & 1 == 1)
                .fold(0, |m, (_, v)| m | 1 << v);
            seen |= 1 << brute(g, rules, back, memo);
        }
    }
    let v = (!seen).trailing_zeros();
    memo.insert(alive, v);
    v
}

#[test]
fn solver_agrees_with_brute_force_on_all_graphs_up_to_7_vertices_and_sampled_9() {
    // Both with the full table and as a census runs it (largest components unstored).
    for name in ["node-kayles", "impartial-cutthroat", "clique-forming"] {
        let s = solver(name);
        let census = solver(name).store_below(7);
        let Ruleset::Impartial(rules) = Ruleset::from_name(name).unwrap() else {
            panic!("{name} is impartial")
        };
        for n in 1..=7 {
            for g in all_graphs(n, false) {
                let mut memo = HashMap::new();
                let want = brute(&g, rules, g.vertices(), &mut memo);
                assert_eq!(s.grundy(&g), want, "{name} on {g:?}");
                assert_eq!(census.grundy(&g), want, "{name} (census) on {g:?}");
            }
        }
    }
    // Components above the labelled memo's size go through nauty and the table.
    let s = solver("node-kayles");
    let Ruleset::Impartial(rules) = Ruleset::from_name("node-kayles").unwrap() else {
        panic!("node-kayles is impartial")
    };
    for g in all_graphs(9, true).iter().step_by(97) {
        let mut memo = HashMap::new();
        assert_eq!(
            s.grundy(g),
            brute(g, rules, g.vertices(), &mut memo),
            "{g:?}"
        );
    }
}

#[test]
fn clique_forming_is_node_kayles_on_the_complement() {
    // Choosing v in the clique game leaves N(v); in Node Kayles on the complement it
    // removes v and its non-neighbours, leaving the same set. The two solvers decompose
    // differently (clique-forming not at all), so this cross-checks both.
    let ck = solver("clique-forming");
    let nk = solver("node-kayles");
    for n in 1..=8 {
        for g in all_graphs(n, false) {
            assert_eq!(ck.grundy(&g), nk.grundy(&g.complement()), "{g:?}");
        }
    }
}

#[test]
fn values_do_not_depend_on_thread_count_or_table_state() {
    use rayon::prelude::*;
    let graphs = all_graphs(8, true);
    let fresh = solver("impartial-cutthroat");
    let serial: Vec<u32> = graphs.iter().map(|g| fresh.grundy(g)).collect();
    for threads in [2, 4] {
        let s = solver("impartial-cutthroat");
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let par: Vec<u32> = pool.install(|| graphs.par_iter().rev().map(|g| s.grundy(g)).collect());
        let par: Vec<u32> = par.into_iter().rev().collect();
        assert_eq!(serial, par);
    }
}

//! The Grundy colouring game (RULES.md; blog "The Grundy Game", Dan and Andrew's Game
//! Place): boards checked by hand, the solver against an independent plain minimax over
//! labelled boards, the bound on numbers (max_extra), invariance under relabelling, and
//! map boards.

use crate::common;

use std::collections::HashMap;

use gamecensus::graphs::families::{cycle, path};
use gamecensus::graphs::{Bits, Graph, parse_graph6};
use gamecensus::rules::grundy_colouring::GrundyColouring;
use gamecensus::solving::scoring::{ScoringSolver, Winner};
use proptest::prelude::*;

fn solver(extra: u32) -> ScoringSolver {
    ScoringSolver::new(&GrundyColouring, extra)
}

/// Plain minimax on the labelled board: the margin (second player's total minus the
/// first's) under optimal play, trying every legal number 1..=deg+1+extra at every empty
/// vertex, memoised only on this board's own labelled states (what is written where).
fn brute(g: &Graph, extra: u32) -> i64 {
    brute_first_moves(g, extra)
        .into_iter()
        .map(|(_, r)| r)
        .max()
        .unwrap_or(0)
}

/// Every first move `(vertex, number)` with the margin it leads to, by the same plain
/// minimax.
fn brute_first_moves(g: &Graph, extra: u32) -> Vec<((usize, u32), i64)> {
    let mut memo = HashMap::new();
    let mut written = vec![0; g.n()];
    let mut out = Vec::new();
    for v in 0..g.n() {
        for k in 1..=g.degree(v) as u32 + 1 + extra {
            if Bits(g.neighbours(v)).any(|w| written[w] == k) {
                continue;
            }
            written[v] = k;
            out.push((
                (v, k),
                -(k as i64) - plain(g, extra, &mut written, &mut memo),
            ));
            written[v] = 0;
        }
    }
    out
}

/// The margin under optimal play from the labelled state `written` (0 = empty).
fn plain(g: &Graph, extra: u32, written: &mut Vec<u32>, memo: &mut HashMap<Vec<u32>, i64>) -> i64 {
    if let Some(&v) = memo.get(written) {
        return v;
    }
    let mut best: Option<i64> = None;
    for v in 0..g.n() {
        if written[v] != 0 {
            continue;
        }
        for k in 1..=g.degree(v) as u32 + 1 + extra {
            if Bits(g.neighbours(v)).any(|w| written[w] == k) {
                continue;
            }
            written[v] = k;
            // The mover scores k; lower wins: the mover maximises the opponent's
            // total minus their own.
            let r = -(k as i64) - plain(g, extra, written, memo);
            written[v] = 0;
            best = Some(best.map_or(r, |b| b.max(r)));
        }
    }
    let v = best.unwrap_or(0);
    memo.insert(written.clone(), v);
    v
}

#[test]
fn boards_checked_by_hand() {
    let s = solver(0);
    // One vertex: the first player must write 1 and loses 1-0.
    let p = s.play(&Graph::empty(1));
    assert_eq!((p.margin, p.winner), (-1, Winner::Second));
    // An edge: the first writes 1; the second must then write 2 (1 is forbidden) and
    // loses 1-2. Writing 2 first would lose 2-1 instead.
    let p = s.play(&path(2));
    assert_eq!((p.margin, p.winner, p.totals), (1, Winner::First, (1, 2)));
    assert_eq!(p.best_moves_text(), "0:1 1:1");
    // Two isolated vertices: each writes 1, a draw.
    assert_eq!(s.play(&Graph::empty(2)).winner, Winner::Draw);
    // The hexagon: a draw, 6-6 (the plain minimax below agrees), and nobody is ever
    // forced above 3 (the blog): with numbers up to 5 allowed, optimal play still
    // writes nothing above 3 and the margin stays 0.
    let c6 = cycle(6);
    let p = s.play(&c6);
    assert_eq!((p.margin, p.winner, p.totals), (0, Winner::Draw, (6, 6)));
    assert_eq!(brute(&c6, 0), 0);
    for extra in [1, 2] {
        let q = solver(extra).play(&c6);
        assert_eq!(q.margin, 0);
        assert!(q.max_number() <= 3, "{extra}: {:?}", q.variation);
    }
}

#[test]
fn solver_equals_plain_minimax_on_every_connected_board_up_to_6_vertices() {
    let s = solver(0);
    let mut boards = 0;
    for n in 1..=6 {
        for g in common::all_graphs(n, true) {
            let p = s.play(&g);
            let moves = brute_first_moves(&g, 0);
            let best = moves.iter().map(|m| m.1).max().unwrap();
            assert_eq!(p.margin, best, "{g:?}");
            // Every optimal first move, no more, no fewer.
            let mut want: Vec<(usize, u32)> =
                moves.iter().filter(|m| m.1 == best).map(|m| m.0).collect();
            let mut got: Vec<(usize, u32)> =
                p.best_moves.iter().map(|m| (m.vertex, m.points)).collect();
            want.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, want, "{g:?}");
            boards += 1;
        }
    }
    // A001349: 1 + 1 + 2 + 6 + 21 + 112 connected graphs.
    assert_eq!(boards, 143);
    // And with larger numbers allowed, on the smaller boards.
    let s1 = solver(1);
    for n in 1..=5 {
        for g in common::all_graphs(n, true) {
            assert_eq!(s1.play(&g).margin, brute(&g, 1), "{g:?}");
        }
    }
}

#[test]
fn larger_numbers_change_no_margin_on_connected_boards_up_to_7_vertices() {
    // The blog: a vertex with d neighbours never needs a number above d + 1. Checked
    // here with one and two more numbers allowed everywhere.
    let (s0, s1, s2) = (solver(0), solver(1), solver(2));
    let mut boards = 0;
    for n in 1..=7 {
        for g in common::all_graphs(n, true) {
            let m = s0.play(&g).margin;
            assert_eq!(s1.play(&g).margin, m, "{g:?} with max_extra 1");
            assert_eq!(s2.play(&g).margin, m, "{g:?} with max_extra 2");
            boards += 1;
        }
    }
    assert_eq!(boards, 1 + 1 + 2 + 6 + 21 + 112 + 853);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// A relabelled board has the same margin, and its optimal first moves are the
    /// relabelled ones.
    #[test]
    fn relabelled_boards_give_equal_results(g in common::graph(7), seed in any::<u64>()) {
        let n = g.n();
        let mut perm: Vec<usize> = (0..n).collect();
        let mut x = seed;
        for i in (1..n).rev() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            perm.swap(i, (x >> 33) as usize % (i + 1));
        }
        let h = g.relabel(&perm);
        let s = solver(0);
        let (a, b) = (s.play(&g), s.play(&h));
        prop_assert_eq!(a.margin, b.margin);
        let mut moved: Vec<(usize, u32)> = a.best_moves.iter().map(|m| (perm[m.vertex], m.points)).collect();
        let mut theirs: Vec<(usize, u32)> = b.best_moves.iter().map(|m| (m.vertex, m.points)).collect();
        moved.sort_unstable();
        theirs.sort_unstable();
        prop_assert_eq!(moved, theirs);
    }
}

#[test]
fn map_boards_read_back_from_graph6() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gamecensus"))
        .args([
            "enumerate",
            "--family",
            "map",
            "--vertices",
            "12",
            "--boards",
            "3",
            "--seed",
            "7",
        ])
        .output()
        .unwrap();
    let lines: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines.len(), 3);
    for (i, l) in lines.iter().enumerate() {
        let g = parse_graph6(l).unwrap();
        assert_eq!(g, gamecensus::graphs::maps::map_board(12, 7, i as u64));
        assert!(g.is_connected());
    }
}

//! Snort and Col: published values (CGSuite's test suite, the cgt crate's tests, ONAG,
//! Huntemann & Maciosowski), Conway's number-or-number-plus-star theorem for Col, and an
//! independent minimax that plays the games as first described (colour a vertex, look at
//! the colours of its neighbours), without the tinting representation, canonical
//! labelling, table or decomposition.

use crate::common;

use std::collections::HashMap;

use gamecensus::graphs::palette::Palette;
use gamecensus::graphs::{Colouring, Graph};
use gamecensus::rules::{PartizanRules, Ruleset};
use gamecensus::solving::PartizanSolver;
use gamecensus::values::game::GameId;
use gamecensus::values::parse::parse_value;
use proptest::prelude::*;

fn rules(name: &str) -> &'static dyn PartizanRules {
    match Ruleset::from_name(name).unwrap() {
        Ruleset::Partizan(r) => r,
        _ => unreachable!(),
    }
}

fn value(name: &str, g: &Graph, colours: &str) -> GameId {
    let c = Colouring::parse(colours, g.n(), &Palette::BWG).unwrap();
    PartizanSolver::new(rules(name)).value(g, &c).unwrap()
}

fn path(n: usize) -> Graph {
    Graph::from_edges(n, &(1..n).map(|v| (v - 1, v)).collect::<Vec<_>>())
}

fn cycle(n: usize) -> Graph {
    let mut e: Vec<_> = (1..n).map(|v| (v - 1, v)).collect();
    e.push((n - 1, 0));
    Graph::from_edges(n, &e)
}

fn all_g(n: usize) -> String {
    "G".repeat(n)
}

fn v(s: &str) -> GameId {
    parse_value(s).unwrap()
}

/// CGSuite's test suite (`GameGraphTest.scala`, "define Col properly"), its tags turned
/// into ours (Col: `R` = only Left may colour = B, `L` = W; Snort: `L` = B).
#[test]
fn cgsuite_game_graph_test() {
    // Col("R-.-R-.-L-.-R-.-R-.") = 7/8.
    assert_eq!(value("col", &path(10), "BGBGWGBGBG"), v("7/8"));
    // Snort("L-.-.-.-L") = {4|0,+-1}.
    assert_eq!(value("snort", &path(5), "BGGGB"), v("{4|0,{1|-1}}"));
    // Snort(".-.-.(-.;-.)"): a vertex of degree 3 with legs 2, 1, 1 = +-{3|2}.
    let tree = Graph::from_edges(5, &[(0, 1), (1, 2), (2, 3), (2, 4)]);
    assert_eq!(value("snort", &tree, "GGGGG"), v("{{3|2}|{-2|-3}}"));
}

/// The cgt crate's Snort tests (`correct_canonical_forms`): 10 and 11 isolated vertices,
/// and the caterpillar C(3,2,3): the path a–c–b, c with 2 leaves, a and b with 3 each.
#[test]
fn cgt_snort_tests() {
    assert_eq!(
        value("snort", &Graph::empty(10), &all_g(10)),
        GameId::zero()
    );
    assert_eq!(
        value("snort", &Graph::empty(11), &all_g(11)),
        GameId::nimber(1)
    );
    let mut edges = vec![(0, 1), (0, 2)];
    edges.extend([(0, 3), (0, 4)]);
    edges.extend((5..8).map(|l| (1, l)));
    edges.extend((8..11).map(|l| (2, l)));
    let caterpillar = Graph::from_edges(11, &edges);
    assert_eq!(
        value("snort", &caterpillar, &all_g(11)),
        v("{5,{{8|6*}|0}|-5,{0|{-6*|-8}}}")
    );
}

/// Huntemann & Maciosowski, "Degrees are useless in Snort when measuring temperature"
/// (arXiv 2406.02107): Snort on the star K_{1,n} has temperature n.
#[test]
fn snort_stars_have_temperature_n() {
    for n in 1..=9 {
        let star = Graph::from_edges(n + 1, &(1..=n).map(|l| (0, l)).collect::<Vec<_>>());
        let t = value("snort", &star, &all_g(n + 1)).temperature().unwrap();
        assert_eq!(t.to_string(), n.to_string(), "K_1,{n}");
    }
}

/// The cgt crate's reductions (`snort.rs`): a free vertex is *, one only Left may still
/// colour is 1, one only Right may, −1 (in Col too: a lone vertex has no neighbours).
/// ONAG ch. 8's tinting rules on two joined vertices: in Col the mover tints the other
/// vertex for the opponent, who colours it last (0); in Snort for themself (±1).
#[test]
fn one_and_two_vertices() {
    for r in ["snort", "col"] {
        assert_eq!(value(r, &Graph::empty(1), "G"), GameId::nimber(1), "{r}");
        assert_eq!(value(r, &Graph::empty(1), "B"), GameId::integer(1), "{r}");
        assert_eq!(value(r, &Graph::empty(1), "W"), GameId::integer(-1), "{r}");
    }
    assert_eq!(value("col", &path(2), "GG"), GameId::zero());
    assert_eq!(value("snort", &path(2), "GG"), v("+-1"));
}

/// Values that pycgt's test suite (`tests/test_graphs.py`) says it obtained from CGSuite
/// (lower confidence: a third party's report of CGSuite's output), on paths and cycles
/// with every vertex free. CGSuite's `+-{A,B}` is `{A,B|-A,-B}`.
#[test]
fn paths_and_cycles_reported_from_cgsuite() {
    for (n, snort) in [
        (1, "*"),
        (2, "+-1"),
        (3, "+-2"),
        (4, "{{2|1}|{-1|-2}}"),
        (5, "{1,{3|0}|-1,{0|-3}}"),
        (6, "*"),
    ] {
        assert_eq!(value("snort", &path(n), &all_g(n)), v(snort), "Snort P{n}");
    }
    for (n, snort) in [(3, "+-2"), (4, "0"), (5, "*"), (6, "0")] {
        assert_eq!(value("snort", &cycle(n), &all_g(n)), v(snort), "Snort C{n}");
    }
    assert_eq!(value("col", &path(1), "G"), GameId::nimber(1));
    for n in 2..=5 {
        assert_eq!(
            value("col", &path(n), &all_g(n)),
            GameId::zero(),
            "Col P{n}"
        );
    }
    for n in 3..=6 {
        assert_eq!(
            value("col", &cycle(n), &all_g(n)),
            GameId::zero(),
            "Col C{n}"
        );
    }
}

/// A position as first described: each vertex uncoloured (who may colour it as the start
/// allows) or coloured blue (Left) or red (Right).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Paint {
    Free,
    Blue,
    Red,
}

/// The value by plain minimax over labelled positions: a player may colour a free vertex
/// that the start allows them and that has no neighbour coloured by the opponent (Snort)
/// or by themself (Col). `allowed[v]` = (Left may, Right may) at the start.
fn minimax(
    snort: bool,
    g: &Graph,
    allowed: &[(bool, bool)],
    paint: &mut Vec<Paint>,
    memo: &mut HashMap<Vec<Paint>, GameId>,
) -> GameId {
    if let Some(&x) = memo.get(paint) {
        return x;
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (side, (mine, theirs)) in [(Paint::Blue, Paint::Red), (Paint::Red, Paint::Blue)]
        .into_iter()
        .enumerate()
    {
        let forbidden = if snort { theirs } else { mine };
        for u in 0..g.n() {
            let may = if side == 0 {
                allowed[u].0
            } else {
                allowed[u].1
            };
            let blocked =
                (0..g.n()).any(|w| g.neighbours(u) >> w & 1 == 1 && paint[w] == forbidden);
            if paint[u] == Paint::Free && may && !blocked {
                paint[u] = mine;
                let o = minimax(snort, g, allowed, paint, memo);
                paint[u] = Paint::Free;
                sides[side].push(o);
            }
        }
    }
    let x = GameId::from_options(&sides[0], &sides[1]).unwrap();
    memo.insert(paint.clone(), x);
    x
}

/// The independent value of `g` with start colours `c` (B: only Left may colour).
fn independent(snort: bool, g: &Graph, c: &str) -> GameId {
    let allowed: Vec<(bool, bool)> = c.chars().map(|l| (l != 'W', l != 'B')).collect();
    minimax(
        snort,
        g,
        &allowed,
        &mut vec![Paint::Free; g.n()],
        &mut HashMap::new(),
    )
}

/// Every connected graph up to 6 vertices, every vertex free: the solver against the
/// independent minimax (values compared as games, G − H = 0).
#[test]
fn solver_agrees_with_independent_minimax_on_connected_graphs() {
    for name in ["snort", "col"] {
        let s = PartizanSolver::new(rules(name));
        for n in 1..=6 {
            for g in common::all_graphs(n, true) {
                let c = all_g(n);
                let ours = s
                    .value(&g, &Colouring::parse(&c, n, &Palette::BWG).unwrap())
                    .unwrap();
                let theirs = independent(name == "snort", &g, &c);
                assert_eq!(
                    ours.checked_sub(theirs).unwrap(),
                    GameId::zero(),
                    "{name} {g:?}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random graphs and B/W/G start colourings: the solver against the independent
    /// minimax; and Conway's theorem (ONAG ch. 8; Winning Ways ch. 2): every Col
    /// position is a number x or x + *.
    #[test]
    fn random_positions((g, c) in common::coloured_graph(7)) {
        let letters = c.to_string();
        for name in ["snort", "col"] {
            let ours = PartizanSolver::new(rules(name)).value(&g, &c).unwrap();
            prop_assert_eq!(ours, independent(name == "snort", &g, &letters), "{} {:?} {}", name, g, letters);
            if name == "col" {
                let star = GameId::nimber(1);
                let x = ours.as_number().or(ours.checked_add(star).unwrap().as_number());
                prop_assert!(x.is_some(), "Col {:?} {} = {}", g, letters, ours);
            }
        }
    }
}

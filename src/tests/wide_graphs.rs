//! Rules on graphs beyond 64 vertices (the general path: `graphs::wide`, the rules'
//! `play_wide`/`moves_wide`, `rules::graph_on_shapes`, `Evaluator::evaluate_wide`):
//! exact values against published sequences and formulas, the octal games that paths
//! and cycles are, and the 64-vertex bitset path on every ruleset.

use crate::common;

use common::cli::{assert_usage_error, run, stderr, stdout};
use gamecensus::graphs::families::{cycle, path};
use gamecensus::graphs::palette::Palette;
use gamecensus::graphs::{
    AnyGraph, Colouring, Graph, Position, WideColouring, WideGraph, WidePosition,
    parse_any_graph6, write_graph6,
};
use gamecensus::octal::OctalCode;
use gamecensus::octal::nim::reference;
use gamecensus::rules::{RULESETS, Ruleset};
use gamecensus::solving::{Cell, Evaluator};
use gamecensus::values::parse::parse_value;
use proptest::prelude::*;

/// OEIS A002187 (Dawson's Chess, octal 0.137), n = 64..103: Node Kayles on the path P_n
/// (Winning Ways pp. 89, 102); the values before 64 are in `impartial.rs`.
const A002187_FROM_64: [u32; 40] = [
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1,
    1, 0, 4, 5, 3, 7, 4, 8, 1,
];

fn wide_path(n: usize) -> WideGraph {
    let e: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
    WideGraph::from_edges(n, &e)
}

fn wide_cycle(n: usize) -> WideGraph {
    let mut e: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
    e.push((0, n - 1));
    WideGraph::from_edges(n, &e)
}

/// The nim-value the evaluator gives an uncoloured wide graph.
fn nim(e: &Evaluator, g: WideGraph) -> i64 {
    let pos = e
        .ruleset()
        .prepare_wide(WidePosition {
            graph: g,
            colouring: None,
        })
        .unwrap();
    match e.evaluate_wide(&pos).unwrap().cells[2] {
        Cell::Int(x) => x,
        ref other => panic!("not a nim-value: {other:?}"),
    }
}

fn evaluator(name: &str) -> Evaluator {
    Evaluator::new(Ruleset::from_name(name).unwrap())
}

#[test]
fn node_kayles_on_paths_and_cycles_of_up_to_100_vertices() {
    let e = evaluator("node-kayles");
    for n in [65, 70, 77, 88, 99, 100] {
        assert_eq!(nim(&e, wide_path(n)), A002187_FROM_64[n - 64] as i64, "P_{n}");
    }
    // Every first move on C_n leaves P_{n-3} (as in impartial.rs): C_n = mex{G(P_{n-3})}.
    for n in [67, 80, 100] {
        let want = (A002187_FROM_64[n - 3 - 64] == 0) as i64;
        assert_eq!(nim(&e, wide_cycle(n)), want, "C_{n}");
    }
}

#[test]
fn impartial_cutthroat_on_paths_and_cycles_is_officers() {
    // On P_n a move removes one vertex with a neighbour, leaving one or two paths, and a
    // lone vertex has no move (it vanishes, which changes no value): exactly the octal
    // game 0.6 (Officers) on a heap of n. On C_n every move leaves P_{n-1}. The octal
    // values come from the octal module's definition (`octal::nim::reference`, its own
    // code, checked against published tables in octal.rs).
    let officers = reference(&OctalCode::parse("0.6").unwrap(), 100, &|_| {});
    let e = evaluator("impartial-cutthroat");
    for n in [65, 71, 90, 100] {
        assert_eq!(nim(&e, wide_path(n)), officers[n] as i64, "P_{n}");
    }
    for n in [66, 100] {
        let want = (officers[n - 1] == 0) as i64;
        assert_eq!(nim(&e, wide_cycle(n)), want, "C_{n}");
    }
}

/// The star •(b, w) of McCurdy & Nowakowski: a black centre (vertex 0) with `b` black
/// and `w` white leaves.
fn star(b: usize, w: usize) -> WidePosition {
    let n = 1 + b + w;
    let e: Vec<(usize, usize)> = (1..n).map(|i| (0, i)).collect();
    let mut c = vec![0u8; n];
    for x in &mut c[1 + b..] {
        *x = 1;
    }
    WidePosition {
        graph: WideGraph::from_edges(n, &e),
        colouring: Some(WideColouring(c)),
    }
}

#[test]
fn cutthroat_on_stars_of_70_vertices_follows_the_published_formulas() {
    // McCurdy & Nowakowski, INTEGERS 5 (2005): Lemma 1, •(0, m) = (m-1)·↑ + m·* and
    // •(1, m) = m·↑ + m·*; Table 1, •(n, m) is P for m = 0, N for m = 1, L for m >= 2;
    // Table 3 and Lemma 4, aw(•(0, m)) = m - 1, aw(•(n, m)) = m for n >= 1.
    let e = evaluator("cutthroat");
    let cells = |b: usize, w: usize| {
        let pos = e.ruleset().prepare_wide(star(b, w)).unwrap();
        e.evaluate_wide(&pos).unwrap().cells
    };
    let value = |b, w| match cells(b, w)[1] {
        Cell::Game(v) => v,
        ref other => panic!("{other:?}"),
    };
    assert_eq!(value(0, 69), parse_value("^68*").unwrap(), "•(0,69) = 68·↑ + 69·*");
    assert_eq!(value(1, 68), parse_value("^68").unwrap(), "•(1,68) = 68·↑ + 68·*");
    for (b, w) in [(69, 0), (68, 1), (67, 2), (35, 34), (2, 67)] {
        let c = cells(b, w);
        let outcome = match w {
            0 => "P",
            1 => "N",
            _ => "L",
        };
        assert_eq!(c[0].format(), outcome, "•({b},{w})");
        assert_eq!(c[3].format(), w.to_string(), "aw(•({b},{w}))");
    }
    assert_eq!(cells(0, 69)[3].format(), "68", "aw(•(0,69))");
}

/// The position of `g` coloured `c` on both paths: the bitset one and the wide one.
fn both_ways(e: &Evaluator, g: &Graph, c: Option<Colouring>) -> (Vec<String>, Vec<String>) {
    let r = e.ruleset();
    let small = r
        .prepare(Position {
            graph: *g,
            colouring: c,
        })
        .unwrap();
    let wide = r
        .prepare_wide(WidePosition {
            graph: WideGraph::from_small(g),
            colouring: c.map(|c| WideColouring(c.colours().to_vec())),
        })
        .unwrap();
    let fmt = |cells: &[Cell]| cells.iter().map(Cell::format).collect::<Vec<_>>();
    (
        fmt(&e.evaluate(&small).unwrap().cells),
        fmt(&e.evaluate_wide(&wide).unwrap().cells),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every ruleset on graphs that has the general path: the same cells on both paths
    /// for random graphs of up to 9 vertices and random colourings (the bitset path is
    /// checked against published values and brute force in the other test files).
    #[test]
    fn the_wide_path_agrees_with_the_bitset_path(
        n in 1usize..=9,
        edges in proptest::collection::vec((0usize..9, 0usize..9), 0..20),
        colours in proptest::collection::vec(0u8..3, 9),
    ) {
        let pairs: Vec<(usize, usize)> =
            edges.into_iter().filter(|&(a, b)| a < n && b < n && a != b).collect();
        let g = Graph::from_edges(n, &pairs);
        for &r in RULESETS.iter().filter(|r| matches!(r, Ruleset::Impartial(_) | Ruleset::Partizan(_))) {
            let e = Evaluator::new(r);
            let c = match r.palette() {
                p if p == Palette::NONE => None,
                p => {
                    let k = p.len() as u8;
                    let letters: Vec<u8> = colours[..n].iter().map(|&x| x % k).collect();
                    let mut c = Colouring::uniform(n);
                    for (v, &x) in letters.iter().enumerate() {
                        c.set(v, x);
                    }
                    Some(c)
                }
            };
            let (small, wide) = both_ways(&e, &g, c);
            prop_assert_eq!(small, wide, "{} on {:?} {:?}", r.name(), g, c);
        }
    }

    /// graph6 of any size: what is written reads back as the same graph.
    #[test]
    fn graph6_of_wide_graphs_reads_back(
        n in 0usize..200,
        edges in proptest::collection::vec((0usize..200, 0usize..200), 0..300),
    ) {
        let pairs: Vec<(usize, usize)> =
            edges.into_iter().filter(|&(a, b)| a < n && b < n && a != b).collect();
        let g = WideGraph::from_edges(n, &pairs);
        let mut text = Vec::new();
        g.write_graph6(&mut text);
        match parse_any_graph6(std::str::from_utf8(&text).unwrap()).unwrap() {
            AnyGraph::Wide(h) => prop_assert_eq!(h, g),
            AnyGraph::Small(h) => {
                prop_assert!(n <= 64);
                prop_assert_eq!(WideGraph::from_small(&h), g.clone());
                let mut again = Vec::new();
                write_graph6(&h, &mut again);
                prop_assert_eq!(again, text);
            }
        }
    }
}

#[test]
fn graph6_header_of_large_graphs_is_nautys() {
    // nauty's formats.txt: N(12345) = 126 66 63 120 (networkx's to_graph6_bytes writes
    // the same four bytes).
    let mut text = Vec::new();
    WideGraph::empty(12345).write_graph6(&mut text);
    assert_eq!(&text[..4], &[126, 66, 63, 120]);
    // And a wide graph's text is read back only up to the limit, with a line naming it.
    let err = parse_any_graph6(std::str::from_utf8(&text).unwrap()).unwrap_err();
    assert!(err.to_string().contains("at most 4096"), "{err}");
}

#[test]
fn eval_takes_large_graphs_by_graph6_and_by_edges() {
    let edges: Vec<String> = (1..100).map(|i| format!("{}-{i}", i - 1)).collect();
    let by_edges = run(
        &["eval", "--rules", "node-kayles", "--edges", &edges.join(",")],
        None,
    );
    assert!(by_edges.status.success(), "{}", stderr(&by_edges));
    let rows = stdout(&by_edges);
    let row = rows.lines().nth(1).unwrap();
    // P_100 is A002187(100) = 7.
    assert!(row.ends_with(",100,99,N,*7,7"), "{row}");
    let g6 = row.split(',').next().unwrap();
    let by_g6 = run(&["eval", "--rules", "node-kayles", "--graph", g6], None);
    assert_eq!(stdout(&by_g6), rows);
    // Lines on stdin, small and large mixed, in order.
    let lines = format!("Bw\n{g6}\nBw\n");
    let piped = run(&["eval", "--rules", "node-kayles", "-"], Some(&lines));
    let out = stdout(&piped);
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got.len(), 4, "{out}");
    assert_eq!(got[2], row);
    assert_eq!(got[1], got[3]);
    // explain lists the options of a large position.
    let explained = run(&["explain", "--rules", "node-kayles", "--graph", g6], None);
    assert!(explained.status.success(), "{}", stderr(&explained));
}

#[test]
fn bad_large_graphs_get_one_line() {
    for (args, needle) in [
        (vec!["--rules", "node-kayles", "--edges", "0-1,1-1"], "is a loop"),
        (vec!["--rules", "node-kayles", "--edges", "0-1,1-0"], "given twice"),
        (vec!["--rules", "cutthroat", "--edges", "0-1", "--colouring", "B"], "1 letters"),
        (vec!["--rules", "domineering", "--board", "..", "--colouring", "BW"], "no --colouring"),
    ] {
        let mut all = vec!["eval"];
        all.extend(args);
        assert_usage_error(&run(&all, None), needle);
    }
    let big = run(&["eval", "--rules", "node-kayles", "--edges", "0-5000"], None);
    assert_eq!(big.status.code(), Some(2), "{}", stderr(&big));
    assert!(stderr(&big).contains("limit of 4096"), "{}", stderr(&big));
}

#[test]
fn the_scoring_game_refuses_large_graphs_saying_why() {
    let edges: Vec<String> = (1..70).map(|i| format!("{}-{i}", i - 1)).collect();
    let o = run(&["eval", "--rules", "grundy-colouring", "--edges", &edges.join(",")], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("at most 64 vertices"), "{}", stderr(&o));
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
}

#[test]
fn small_paths_agree_with_the_published_sequence_on_both_paths() {
    // A002187(0..=20) on the wide path too, where the bitset path is tested already.
    let e = evaluator("node-kayles");
    let want = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0];
    for (n, &w) in want.iter().enumerate().skip(1) {
        assert_eq!(nim(&e, WideGraph::from_small(&path(n))), w, "P_{n}");
    }
    assert_eq!(nim(&e, WideGraph::from_small(&cycle(9))), (want[6] == 0) as i64, "C_9");
}

#[test]
fn each_graph_ruleset_has_its_own_general_path() {
    // graph_on_shapes finds a ruleset's rules on shapes by its registry entry's name:
    // names are distinct, and each ruleset gets its own.
    use gamecensus::rules::graph_on_shapes::graph_on_shapes;
    let names: std::collections::BTreeSet<&str> = RULESETS.iter().map(|r| r.name()).collect();
    assert_eq!(names.len(), RULESETS.len(), "two rulesets share a name");
    for &r in RULESETS {
        let found = graph_on_shapes(r).map(|g| g.ruleset().name());
        let want = matches!(r, Ruleset::Impartial(_) | Ruleset::Partizan(_)).then_some(r.name());
        assert_eq!(found, want, "{}", r.name());
    }
}

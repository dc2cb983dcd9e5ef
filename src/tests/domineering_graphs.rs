//! Generalised Domineering and Cram on any graph (issue #30: "or as an edge-labelled
//! graph: V edges are Left's moves, H edges Right's, a move removes both ends"), given
//! as edge lists, against hand-checkable independent computations: a board's grid graph
//! written as an edge list is the board (same value, as games); a path of V edges is a
//! vertical strip; small graphs valued by hand from the definition.

use crate::common;

use common::cli::{assert_usage_error, run, stdout};

use gamecensus::rules::Ruleset;
use gamecensus::rules::shape_rules::ShapedRules;
use gamecensus::shapes::{Shape, board};
use gamecensus::solving::outcome_only;
use gamecensus::solving::shape_solver::ShapedSolver;
use gamecensus::values::game::GameId;
use gamecensus::values::parse::parse_value;

fn rules(name: &str) -> &'static dyn ShapedRules {
    match Ruleset::from_name(name) {
        Ok(Ruleset::Shaped(r)) => r,
        _ => panic!("{name} is a shaped ruleset"),
    }
}

/// The grid graph of a board written by hand (not by the rules' writer): `a-b:V` for
/// cells one above the other, `a-b:H` side by side, cells numbered in reading order.
fn grid_edges(text: &str) -> String {
    let rows: Vec<Vec<bool>> = text
        .split('|')
        .map(|r| r.chars().map(|c| c == '.').collect())
        .collect();
    let mut num = vec![vec![usize::MAX; rows[0].len()]; rows.len()];
    let mut k = 0;
    for (r, row) in rows.iter().enumerate() {
        for (c, &free) in row.iter().enumerate() {
            if free {
                num[r][c] = k;
                k += 1;
            }
        }
    }
    let mut edges = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[0].len() {
            if num[r][c] == usize::MAX {
                continue;
            }
            if r + 1 < rows.len() && num[r + 1][c] != usize::MAX {
                edges.push(format!("{}-{}:V", num[r][c], num[r + 1][c]));
            }
            if c + 1 < rows[0].len() && num[r][c + 1] != usize::MAX {
                edges.push(format!("{}-{}:H", num[r][c], num[r][c + 1]));
            }
        }
    }
    // Isolated cells (value 0) are left out: an empty list is the empty position.
    if edges.is_empty() {
        "0".to_string()
    } else {
        edges.join(",")
    }
}

fn value(solver: &ShapedSolver, s: &Shape) -> GameId {
    solver.value(s).unwrap()
}

#[test]
fn a_boards_grid_graph_has_the_boards_value() {
    for name in ["domineering", "cram"] {
        let r = rules(name);
        let solver = ShapedSolver::new(r);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..120 {
            let (h, w) = (1 + (next() % 4) as usize, 1 + (next() % 4) as usize);
            let text: Vec<String> = (0..h)
                .map(|_| {
                    (0..w)
                        .map(|_| if next() % 4 == 0 { '#' } else { '.' })
                        .collect()
                })
                .collect();
            let text = text.join("|");
            if !text.contains('.') {
                continue;
            }
            let b = board::parse(&text).unwrap();
            let edges = grid_edges(&text);
            let g = r.parse(&edges).unwrap_or_else(|e| panic!("{edges}: {e}"));
            assert!(g.place().is_none() || edges == "0");
            assert_eq!(
                value(&solver, &g),
                value(&solver, &b),
                "{name}: {text} as {edges}"
            );
        }
    }
}

#[test]
fn paths_and_small_graphs_valued_by_hand() {
    let dom = ShapedSolver::new(rules("domineering"));
    let cram = ShapedSolver::new(rules("cram"));
    let d = |t: &str| value(&dom, &rules("domineering").parse(t).unwrap());
    let c = |t: &str| value(&cram, &rules("cram").parse(t).unwrap());
    let v = |t: &str| parse_value(t).unwrap();
    // A path of n vertices joined by V edges is the n x 1 strip: floor(n/2) moves for
    // Left alone, the integer floor(n/2); by H edges its negative.
    for n in 2..=9usize {
        let path = |l: char| {
            (0..n - 1)
                .map(|i| format!("{i}-{}:{l}", i + 1))
                .collect::<Vec<_>>()
                .join(",")
        };
        assert_eq!(d(&path('V')), GameId::integer((n / 2) as i32), "V path {n}");
        assert_eq!(d(&path('H')), GameId::integer(-((n / 2) as i32)), "H path {n}");
        let strip = vec!["."; n].join("|");
        assert_eq!(
            d(&path('V')),
            value(&dom, &board::parse(&strip).unwrap())
        );
    }
    // By the definition: a triangle of V edges, Left's only moves each leave one vertex
    // (0): {0|} = 1. Two V edges and one H edge: {0|0} = *. A V edge and an H edge
    // sharing vertex 1: {0|0} = *. A star of three V edges: Left takes the centre and
    // a leaf, two isolated leaves remain: {0|} = 1.
    assert_eq!(d("0-1:V,1-2:V,0-2:V"), v("1"));
    assert_eq!(d("0-1:V,1-2:V,0-2:H"), v("*"));
    assert_eq!(d("0-1:V,1-2:H"), v("*"));
    assert_eq!(d("0-1:V,0-2:V,0-3:V"), v("1"));
    // Parallel V and H edges between two vertices: either player takes both: {0|0} = *.
    assert_eq!(d("0-1:V,0-1:H"), v("*"));
    // Cram on a path of n vertices is the 1 x n strip, Dawson's Kayles (0.07): the
    // nim-values 0, 1, 1, 2, 0, 3, 1, 1, 0 for n = 1..9 (OEIS A002187). Labels are
    // ignored.
    let a002187 = [0u32, 1, 1, 2, 0, 3, 1, 1, 0];
    for n in 2..=9usize {
        let path = (0..n - 1)
            .map(|i| format!("{i}-{}", i + 1))
            .collect::<Vec<_>>()
            .join(",");
        assert_eq!(c(&path), GameId::nimber(a002187[n - 1]), "Cram path {n}");
        let labelled = path.replace(',', ":H,") + ":V";
        assert_eq!(c(&labelled), c(&path));
    }
    // Cram on a triangle: every move leaves one vertex: *; on K4 every move leaves an
    // edge (*): {*|*} = 0.
    assert_eq!(c("0-1,1-2,0-2"), v("*"));
    assert_eq!(c("0-1,0-2,0-3,1-2,1-3,2-3"), v("0"));
}

#[test]
fn eval_explain_draw_and_outcome_only_take_edges() {
    let o = run(
        &["eval", "--rules", "domineering", "--edges", "0-1:V,1-2:H"],
        None,
    );
    assert!(o.status.success(), "{o:?}");
    assert_eq!(stdout(&o).lines().nth(1), Some("\"0-1:V,1-2:H\",3,N,*,1,0,0,0"));
    let o = run(
        &["explain", "--rules", "domineering", "--edges", "0-1:V,1-2:H"],
        None,
    );
    assert!(o.status.success(), "{o:?}");
    assert!(stdout(&o).contains("places a domino on V edge 0-1 -> 0: 0"), "{}", stdout(&o));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.svg");
    let o = run(
        &[
            "draw",
            "--rules",
            "cram",
            "--edges",
            "0-1,1-2,2-0",
            "--out",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{o:?}");
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains("class=\"edge-graph\" data-vertices=\"3\" data-edges=\"3\""));
    // The plain outcome-only search on graphs against the value's outcome.
    let dom = rules("domineering");
    let solver = ShapedSolver::new(dom);
    for t in ["0-1:V,1-2:V,2-3:H,3-0:H,1-3:V", "0-1:V,1-2:H,2-3:V,3-4:H,4-5:V"] {
        let s = dom.parse(t).unwrap();
        let r = outcome_only::plain(dom, &s, 1 << 16).unwrap();
        assert_eq!(r.outcome, solver.value(&s).unwrap().outcome(), "{t}");
    }
}

#[test]
fn bad_edge_lists_are_usage_errors() {
    for (t, needle) in [
        ("0-0:V", "a loop"),
        ("0-1", "no label"),
        ("0-1:G", "the label is not V or H"),
        ("0-x:V", "not a vertex number"),
    ] {
        let o = run(&["eval", "--rules", "domineering", "--edges", t], None);
        assert_usage_error(&o, needle);
    }
    let o = run(&["eval", "--rules", "cram", "--edges", "0-1:Q"], None);
    assert_usage_error(&o, "the label is not V or H");
}

//! Games with stones and strips (Clobber on boards, Konane, Toppling Dominoes, Toads and
//! Frogs, Fission, Amazons) against independent sources:
//! - the cgt crate's own implementation of each game it has (cgt 0.11.0: Konane, Toppling
//!   Dominoes without grey, Toads and Frogs, Fission, Amazons), on every position of the
//!   census up to 6 to 10 cells, from src/tests/data/stones-cgt-GAME.csv (made by
//!   scripts/peers/cgt-peer/stones-data.sh); values compared as games;
//! - values published with the rules, each test citing its source;
//! - Clobber on boards against `clobber`, the same game on the board's grid graph, valued
//!   by the solver of games on graphs (bitsets, colourings, its own components);
//! - the census lists against a count by brute force: every placement on every fixed
//!   polyomino, each brought to the least of its images under the game's symmetries.
//!
//! The sum and mirror laws and explain are checked by src/tests/contract.rs for every
//! ruleset on shapes.

use std::collections::HashSet;

use gamecensus::graphs::palette::Palette;
use gamecensus::graphs::{Colouring, Graph};
use gamecensus::rules::Ruleset;
use gamecensus::rules::shape_rules::ShapedRules;
use gamecensus::shapes::{Shape, board};
use gamecensus::solving::PartizanSolver;
use gamecensus::solving::shape_solver::ShapedSolver;
use gamecensus::values::game::GameId;
use gamecensus::values::parse::parse_value;

fn rules(name: &str) -> &'static dyn ShapedRules {
    match Ruleset::from_name(name) {
        Ok(Ruleset::Shaped(r)) => r,
        _ => panic!("{name} is a ruleset on shapes"),
    }
}

fn v(text: &str) -> GameId {
    parse_value(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The value of `position` under `game`.
fn value(solver: &ShapedSolver, game: &str, position: &str) -> GameId {
    let s = rules(game)
        .parse(position)
        .unwrap_or_else(|e| panic!("{game} {position}: {e}"));
    solver
        .value(&s)
        .unwrap_or_else(|e| panic!("{game} {position}: {e}"))
}

fn assert_values(game: &str, cases: &[(&str, &str)]) {
    let solver = ShapedSolver::new(rules(game));
    for (position, want) in cases {
        assert_eq!(value(&solver, game, position), v(want), "{game} {position}");
    }
}

/// Every position of the census up to 6 to 10 cells, as the cgt crate values it.
#[test]
fn every_small_position_agrees_with_the_cgt_crate() {
    for (game, at_least) in [
        ("konane", 11_526),
        ("toppling-dominoes", 558),
        ("toads-and-frogs", 5_000),
        ("fission", 14_707),
        ("amazons", 11_526),
    ] {
        let solver = ShapedSolver::new(rules(game));
        let path = format!(
            "{}/src/tests/data/stones-cgt-{game}.csv",
            env!("CARGO_MANIFEST_DIR")
        );
        let mut r = csv::Reader::from_path(&path).unwrap();
        let mut rows = 0;
        for rec in r.records() {
            let rec = rec.unwrap();
            assert_eq!(value(&solver, game, &rec[0]), v(&rec[1]), "{game} {}", &rec[0]);
            rows += 1;
        }
        assert_eq!(rows, at_least, "{game}: the rows of {path}");
    }
}

/// Albert, Grossman, Nowakowski & Wolfe, "An introduction to Clobber", INTEGERS 5 (2005):
/// `xxo` = ↑ (and so `xoo`, its colours exchanged, = ↓).
#[test]
fn clobber_rows_are_as_published() {
    assert_values("clobber-board", &[("xxo", "^"), ("xoo", "v")]);
}

/// Toads and Frogs: Erickson's help for his implementation (jeffe.cs.illinois.edu,
/// HELP_TOADS): `T.F` = *, `T.TF` = 1/2; Winning Ways ch. 1 and the worked examples of the
/// cgt crate's tests: `TFTF.` = 0, `TF.TF` = 0, `TFT.F` = *, `T.TFF` = {0|*}, `TFT.TFF`
/// = ↑, `T.TFTFF` = {0|↑}.
#[test]
fn toads_and_frogs_are_as_published() {
    assert_values(
        "toads-and-frogs",
        &[
            ("T.F", "*"),
            ("T.TF", "1/2"),
            ("TFTF.", "0"),
            ("TF.TF", "0"),
            ("TFT.F", "*"),
            ("T.TFF", "{0|*}"),
            ("TFT.TFF", "^"),
            ("T.TFTFF", "{0|^}"),
            ("TFTFT.F", "*"),
        ],
    );
}

/// Konane: the cgt crate's tests (`..ox` = 1, `.ox.` = *, `.ox.|o..x|....` = {1|-1}).
#[test]
fn konane_is_as_published() {
    assert_values(
        "konane",
        &[("..ox", "1"), (".ox.", "*"), (".ox.|o..x|....", "{1|-1}")],
    );
}

/// Fission: the cgt crate's tests.
#[test]
fn fission_is_as_published() {
    assert_values(
        "fission",
        &[
            ("....|..x.|....|....", "0"),
            ("..x.|....|..x.|....", "-2"),
            (".x.x|....|..x.|....", "-1"),
            (".x.x|..x.|....|..x.", "{-1|-4}"),
            ("....|..x.|....|#..#", "0"),
        ],
    );
}

/// Toppling Dominoes: the cgt crate's test (`xooxx` = {1|*}).
#[test]
fn toppling_dominoes_are_as_published() {
    assert_values("toppling-dominoes", &[("xooxx", "{1|*}")]);
}

/// Clobber on boards is `clobber` on the board's grid graph: every board of the census up
/// to 8 cells, valued both ways.
#[test]
fn clobber_on_boards_is_clobber_on_the_grid_graph() {
    let r = rules("clobber-board");
    let on_boards = ShapedSolver::new(r);
    let Ok(Ruleset::Partizan(graph_rules)) = Ruleset::from_name("clobber") else {
        panic!("clobber is played on graphs")
    };
    let on_graphs = PartizanSolver::new(graph_rules);
    let palette: Palette = graph_rules.palette();
    let mut boards = 0;
    for size in 1..=8 {
        r.enumerate(size, &mut |s| {
            let edges: Vec<(usize, usize)> = s
                .edges()
                .iter()
                .map(|e| (e.a as usize, e.b as usize))
                .collect();
            let g = Graph::from_edges(s.n(), &edges);
            let letters: String = s
                .labels()
                .iter()
                .map(|&l| if l == 1 { 'B' } else { 'W' })
                .collect();
            let c = Colouring::parse(&letters, s.n(), &palette).unwrap();
            let text = r.write(&s);
            assert_eq!(
                on_boards.value(&s).unwrap(),
                on_graphs.value(&g, &c).unwrap(),
                "{text}"
            );
            boards += 1;
            true
        })
        .unwrap();
    }
    assert!(boards > 10_000, "{boards} boards");
}

/// Amazons: the cgt crate's test of a 3x4 board with two burnt cells.
#[test]
fn amazons_are_as_published() {
    assert_values(
        "amazons",
        &[
            (
                "x..#|....|.#.o",
                "{{6|{3|1, {3|0, {1/2|0}}}}, {6|{4*|-3, {3, {3|0, {1/2|0}}|-4}}}|-3, {0, {0|-2}, {1|-3}|-5}, {0, {0, *|0, {0, {1/2, {1|0}|v}|v}}|-5}, {{2, {2|0}|0, {0, {2|0, {2|0}}|0}}, {2, {3|0}|0, {0, {0, ^*|0}|-1}}, {{2|0}, {2|{1|1/4}, {2|0}}|v*, {1/2|{{0|-1}, {*|-1}|-1}}, {{0, ^*|0}|-1}}, {{3|0}, {3|1, {2|0}}, {3, {3|1}|1, {1|0, *}}|-1/16, {0|-1}, {*|-1}}|-5, {v, v*, {0, {0, ^*|0}|-1}|-5}, {{1/2|{-1/4, {0|-1}, {*|-1}|-1}}, {{1|1/4}|{-1/4|-1}}, {{1|{1|0}, {1|*}}|-1/2}|-5}}}",
            ),
        ],
    );
}

/// The symmetries of a census: the geometric maps, and for each whether it may, must or
/// must not come with the exchange of the players' stones.
struct Group {
    strips: bool,
    square: bool,
    holds: &'static [u8],
    swap: Option<&'static [u8]>,
    /// A map that reverses the rows comes with the exchange, the others without it.
    reversal_swaps: bool,
}

/// A symmetry, as where it sends a cell.
type CellMap = fn((i32, i32)) -> (i32, i32);

/// The least image of a placement (cells with labels) under `group`.
fn least_image(cells: &[(i32, i32)], labels: &[u8], group: &Group) -> Vec<(i32, i32, u8)> {
    let maps: Vec<CellMap> = if group.strips {
        vec![|(r, c)| (r, c), |(r, c)| (r, -c)]
    } else {
        let mut m: Vec<CellMap> = vec![
            |(r, c)| (r, c),
            |(r, c)| (-r, c),
            |(r, c)| (r, -c),
            |(r, c)| (-r, -c),
        ];
        if group.square {
            m.extend([
                (|(r, c)| (c, r)) as CellMap,
                |(r, c)| (-c, r),
                |(r, c)| (c, -r),
                |(r, c)| (-c, -r),
            ]);
        }
        m
    };
    let mut best: Option<Vec<(i32, i32, u8)>> = None;
    for (i, f) in maps.iter().enumerate() {
        let reverses = group.strips && i == 1;
        for swapped in [false, true] {
            if (swapped && group.swap.is_none())
                || (group.reversal_swaps && swapped != reverses)
            {
                continue;
            }
            let mut img: Vec<(i32, i32, u8)> = cells
                .iter()
                .zip(labels)
                .map(|(&c, &l)| {
                    let (r, c) = f(c);
                    let l = match (swapped, group.swap) {
                        (true, Some(s)) => s[l as usize],
                        _ => l,
                    };
                    (r, c, l)
                })
                .collect();
            let r0 = img.iter().map(|x| x.0).min().unwrap();
            let c0 = img.iter().map(|x| x.1).min().unwrap();
            for x in &mut img {
                x.0 -= r0;
                x.1 -= c0;
            }
            img.sort_unstable();
            if best.as_ref().is_none_or(|b| img < *b) {
                best = Some(img);
            }
        }
    }
    best.unwrap()
}

/// The classes of placements of `n` cells under `group`, by brute force.
fn classes(n: usize, group: &Group) -> HashSet<Vec<(i32, i32, u8)>> {
    let boards = if group.strips {
        vec![(0..n as i32).map(|c| (0, c)).collect()]
    } else {
        board::fixed(n).unwrap()
    };
    let k = group.holds.len();
    let mut out = HashSet::new();
    for cells in boards {
        for code in 0..k.pow(n as u32) {
            let labels: Vec<u8> = (0..n)
                .map(|i| group.holds[code / k.pow(i as u32) % k])
                .collect();
            out.insert(least_image(&cells, &labels, group));
        }
    }
    out
}

/// Each census lists every placement of stones once up to the game's symmetries: as many
/// positions as there are classes by brute force, no two in one class.
#[test]
fn censuses_list_each_placement_once_up_to_symmetry() {
    let games: [(&str, Group, usize); 6] = [
        ("amazons", Group { strips: false, square: true, holds: &[0, 1, 2], swap: Some(&[0, 2, 1]), reversal_swaps: false }, 5),
        ("clobber-board", Group { strips: false, square: true, holds: &[1, 2], swap: Some(&[0, 2, 1]), reversal_swaps: false }, 6),
        ("konane", Group { strips: false, square: true, holds: &[0, 1, 2], swap: Some(&[0, 2, 1]), reversal_swaps: false }, 5),
        ("fission", Group { strips: false, square: true, holds: &[0, 1], swap: None, reversal_swaps: false }, 6),
        ("toppling-dominoes", Group { strips: true, square: false, holds: &[1, 2, 3], swap: Some(&[0, 2, 1, 3]), reversal_swaps: false }, 8),
        ("toads-and-frogs", Group { strips: true, square: false, holds: &[0, 1, 2], swap: Some(&[0, 2, 1]), reversal_swaps: true }, 8),
    ];
    for (game, group, max) in &games {
        let r = rules(game);
        for n in 1..=*max {
            let want = classes(n, group);
            let mut seen = HashSet::new();
            r.enumerate(n, &mut |s: Shape| {
                let cells = s.place().unwrap().to_vec();
                let img = least_image(&cells, s.labels(), group);
                assert!(want.contains(&img), "{game}: {}", r.write(&s));
                assert!(seen.insert(img), "{game}: {} listed twice", r.write(&s));
                true
            })
            .unwrap();
            assert_eq!(seen.len(), want.len(), "{game}, {n} cells");
        }
    }
}

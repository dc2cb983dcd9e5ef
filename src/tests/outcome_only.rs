//! The outcome-only Domineering search (issue #30, "Rectangles") against independent
//! results: the published outcomes of rectangles, and the outcome of the canonical form
//! the census evaluator computes (itself checked against the cgt crate and a plain
//! minimax in tests/domineering.rs) on every board of 1 to 10 cells and on random boards
//! with holes.

use crate::common;

use common::cli::{assert_usage_error, run, stdout};

use gamecensus::rules::Ruleset;
use gamecensus::rules::shape_rules::ShapedRules;
use gamecensus::shapes::board;
use gamecensus::solving::outcome_only::{self, Method};
use gamecensus::solving::shape_solver::ShapedSolver;
use gamecensus::values::Outcome;

fn domineering() -> &'static dyn ShapedRules {
    match Ruleset::from_name("domineering") {
        Ok(Ruleset::Shaped(r)) => r,
        _ => panic!("domineering is a shaped ruleset"),
    }
}

/// Outcome classes of `rows x columns` rectangles as recorded in Obsequi's regression
/// script (N. Bullock, github.com/nathanbullock/obsequi, file `obsequi/Check`: lines
/// `flip ROWS COLS X`, X = V (Left), H (Right), 1 (first player, N), 2 (second player,
/// P)). The widths 2, 3, 5 and 7 are the theorems of Lachmann, Moore & Rapaport, "Who wins
/// Domineering on rectangular boards?", More Games of No Chance (MSRI 42, 2002); 8x8 (N)
/// is Breuker, Uiterwijk & van den Herik, "Solving 8x8 Domineering", TCS 230 (2000).
/// Every rectangle of that table the search solves in well under a second each (both
/// orientations) is here; 7x8 and 8x8 are in the README with the command that
/// reproduces them.
const PUBLISHED: &[(usize, usize, char)] = &[
    (1, 1, '2'),
    (1, 2, 'H'),
    (1, 3, 'H'),
    (1, 4, 'H'),
    (1, 5, 'H'),
    (1, 6, 'H'),
    (1, 7, 'H'),
    (1, 8, 'H'),
    (2, 2, '1'),
    (2, 3, '1'),
    (2, 4, 'H'),
    (2, 5, 'V'),
    (2, 6, '1'),
    (2, 7, '1'),
    (2, 8, 'H'),
    (2, 9, 'V'),
    (2, 10, '1'),
    (2, 11, '1'),
    (2, 12, 'H'),
    (2, 13, '2'),
    (2, 14, '1'),
    (2, 15, '1'),
    (3, 3, '1'),
    (3, 4, 'H'),
    (3, 5, 'H'),
    (3, 6, 'H'),
    (3, 7, 'H'),
    (3, 8, 'H'),
    (3, 9, 'H'),
    (3, 10, 'H'),
    (3, 11, 'H'),
    (3, 12, 'H'),
    (3, 13, 'H'),
    (4, 4, '1'),
    (4, 5, 'V'),
    (4, 6, '1'),
    (4, 7, 'V'),
    (4, 8, 'H'),
    (4, 9, 'V'),
    (4, 10, 'H'),
    (4, 11, 'V'),
    (4, 12, 'H'),
    (5, 5, '2'),
    (5, 6, 'H'),
    (5, 7, 'H'),
    (5, 8, 'H'),
    (5, 9, 'H'),
    (5, 10, 'H'),
    (6, 6, '1'),
    (6, 7, 'V'),
    (6, 8, 'H'),
    (7, 7, '1'),
];

fn class(x: char) -> Outcome {
    match x {
        'V' => Outcome::L,
        'H' => Outcome::R,
        '1' => Outcome::N,
        '2' => Outcome::P,
        _ => unreachable!(),
    }
}

/// The quarter turn exchanges the players.
fn turned(o: Outcome) -> Outcome {
    match o {
        Outcome::L => Outcome::R,
        Outcome::R => Outcome::L,
        other => other,
    }
}

#[test]
fn rectangle_outcomes_match_the_published_table() {
    for &(m, n, x) in PUBLISHED {
        let want = class(x);
        let got = outcome_only::rectangle(m, n, 16).unwrap().outcome;
        assert_eq!(got, want, "{m} x {n}");
        let got = outcome_only::rectangle(n, m, 16).unwrap().outcome;
        assert_eq!(got, turned(want), "{n} x {m}");
    }
}

#[test]
fn the_rectangles_command_writes_the_table() {
    let o = run(&["rectangles", "--rules", "domineering", "--max", "4"], None);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(outcome_only::RECTANGLES_HEADER));
    let rows: Vec<Vec<String>> = lines
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect();
    assert_eq!(rows.len(), 10, "m <= n <= 4");
    for r in &rows {
        let (m, n): (usize, usize) = (r[0].parse().unwrap(), r[1].parse().unwrap());
        let &(_, _, x) = PUBLISHED
            .iter()
            .find(|p| p.0 == m && p.1 == n)
            .expect("in the table");
        assert_eq!(r[3], class(x).letter(), "{m} x {n}");
        assert_eq!(r[2], (m * n).to_string());
    }
}

/// The outcome of the canonical form (the census evaluator) against the search alone.
fn check_board(solver: &ShapedSolver, text: &str, small_max: usize) {
    let s = board::parse(text).unwrap();
    let want = solver.value(&s).unwrap().outcome();
    let got = outcome_only::domineering_with(&s, solver, 8, small_max).unwrap();
    assert_eq!(got.outcome, want, "{text} (components up to {small_max} cells valued)");
}

#[test]
fn every_board_up_to_10_cells_agrees_with_the_canonical_form() {
    let solver = ShapedSolver::new(domineering());
    let mut boards = 0;
    for n in 1..=10 {
        for cells in board::flip_classes(n).unwrap() {
            let s = board::from_cells(&cells);
            let want = solver.value(&s).unwrap().outcome();
            let got = outcome_only::domineering_with(&s, &solver, 8, 0).unwrap();
            assert_eq!(got.method, Method::Search);
            assert_eq!(got.outcome, want, "{}", board::write(&s));
            boards += 1;
        }
    }
    // OEIS A056780 summed over 1..=10 cells.
    assert_eq!(boards, 12871);
}

#[test]
fn random_boards_with_holes_agree_with_the_canonical_form() {
    let solver = ShapedSolver::new(domineering());
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..250 {
        let rows = 2 + (next() % 4) as usize;
        let cols = 2 + (next() % 4) as usize;
        // About one cell in four filled.
        let text: Vec<String> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| if next() % 4 == 0 { '#' } else { '.' })
                    .collect()
            })
            .collect();
        let text = text.join("|");
        if !text.contains('.') {
            continue;
        }
        // The search alone; small components valued (an integer beside the search, or
        // the whole sum); the default.
        for small in [0, 3, 6, outcome_only::SMALL_COMPONENT] {
            check_board(&solver, &text, small);
        }
    }
}

#[test]
fn an_integer_beside_the_board_is_searched_exactly() {
    // The 2x2 and 3x3 squares are {1|-1} (Winning Ways ch. 5; Lessons in Play), a
    // vertical domino 1, a horizontal one -1: {1|-1} + 1 = {2|0} (N), + 2 = {3|1} (L),
    // - 2 = {-1|-3} (R).
    let solver = ShapedSolver::new(domineering());
    for (text, want) in [
        ("..#.|..#.", Outcome::N),
        ("..#.#.|..#.#.", Outcome::L),
        ("..#..|..###|#####|..###", Outcome::R),
        ("...#.#.|...#.#.|...####", Outcome::L),
    ] {
        let s = board::parse(text).unwrap();
        assert_eq!(solver.value(&s).unwrap().outcome(), want, "{text}");
        for small in [0, 2, 3] {
            let got = outcome_only::domineering_with(&s, &solver, 8, small).unwrap();
            assert_eq!(got.outcome, want, "{text} with components up to {small}");
        }
    }
}

#[test]
fn eval_outcome_only_prints_the_class_and_the_search() {
    let o = run(
        &[
            "eval",
            "--rules",
            "domineering",
            "--board",
            "....|....|....|....|....",
            "--outcome-only",
        ],
        None,
    );
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], outcome_only::EVAL_HEADER);
    let f: Vec<&str> = lines[1].split(',').collect();
    // 5 x 4: the quarter turn of 4 x 5, which is V (Obsequi's table): so H, R.
    assert_eq!(&f[..4], &["....|....|....|....|....", "20", "R", "search"]);
    assert!(f[4].parse::<u64>().unwrap() > 0);
    // Boards on stdin, one a line; Cram (no bitboard search) by the plain search.
    let o = run(
        &["eval", "--rules", "cram", "--outcome-only", "-"],
        Some("..|..\n...|...|...\n....\n"),
    );
    assert!(o.status.success(), "{o:?}");
    let outcomes: Vec<String> = stdout(&o)
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap().to_string())
        .collect();
    // Cram: even x even is P (symmetry strategy, Winning Ways ch. 5); 3x3 is P and
    // 1x4 (Dawson's Kayles on a strip, 0.07, G(4) = 2) is N.
    assert_eq!(outcomes, ["P", "P", "N"]);
}

#[test]
fn outcome_only_refuses_what_it_cannot_do() {
    let o = run(
        &["eval", "--rules", "snort", "--graph", "Bw", "--outcome-only"],
        None,
    );
    assert_usage_error(&o, "--outcome-only is for rules on boards");
    let o = run(&["rectangles", "--rules", "cram", "--max", "3"], None);
    assert_usage_error(&o, "only --rules domineering");
    let o = run(&["rectangles", "--rules", "domineering", "--max", "12"], None);
    let err = common::cli::stderr(&o);
    assert!(!o.status.success() && err.contains("128 cells"), "{err}");
    let o = run(
        &["rectangles", "--rules", "domineering", "--min", "5", "--max", "4"],
        None,
    );
    assert_usage_error(&o, "1 <= min <= max");
    // 10x10 is far beyond a second: --timeout stops it with whole lines (exit 2).
    let o = run(
        &[
            "rectangles", "--rules", "domineering", "--min", "10", "--max", "10", "--timeout",
            "1", "--memory", "256M",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(common::cli::stderr(&o).contains("--timeout 1 s passed"));
    assert_eq!(stdout(&o), format!("{}\n", outcome_only::RECTANGLES_HEADER));
}

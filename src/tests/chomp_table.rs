//! `gamecensus chomp`, the table of Chomp nim-values by dynamic programming over Young
//! diagrams (src/rules/chomp_table.rs), against the general poset solver (canonical
//! labelling of each position, an independent implementation), published P-positions
//! (Brouwer; OEIS A395126), Sheiner's three-row theorem and Gale's strategy stealing.

use crate::common::cli::{assert_usage_error, run, stderr};
use gamecensus::error::Error;
use gamecensus::rules::poset::{PosetGame, chomp};
use gamecensus::rules::chomp_table::ChompTable;
use gamecensus::solving::shape_solver::ShapedSolver;

fn table(rows: usize, columns: usize) -> ChompTable {
    ChompTable::compute(rows, columns, 1 << 30, &|| Ok::<(), Error>(())).unwrap()
}

/// Every diagram of at most `rows` rows and `columns` columns (row lengths, poison
/// counted in the first row).
fn diagrams(rows: usize, columns: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    fn go(prefix: &mut Vec<usize>, rows: usize, cap: usize, out: &mut Vec<Vec<usize>>) {
        if !prefix.is_empty() {
            out.push(prefix.clone());
        }
        if prefix.len() == rows {
            return;
        }
        for next in 1..=cap {
            prefix.push(next);
            go(prefix, rows, next, out);
            prefix.pop();
        }
    }
    go(&mut Vec::new(), rows, columns, &mut out);
    out
}

#[test]
fn every_small_diagram_agrees_with_the_poset_solver() {
    // The poset solver values each diagram as a partial order (nauty's canonical
    // labelling, a memo of components): nothing in common with the table but the rules.
    let solver = ShapedSolver::new(&PosetGame);
    for (rows, columns) in [(4, 9), (6, 6), (9, 3)] {
        let t = table(rows, columns);
        let all = diagrams(rows, columns);
        assert_eq!(
            all.len() as u64 + 1,
            gamecensus::rules::chomp_table::diagrams(rows, columns).unwrap()
        );
        for r in &all {
            let expected = solver.nim_value(&chomp(r).unwrap()).unwrap();
            assert_eq!(t.value(r).map(u32::from), Some(expected), "{r:?}");
        }
    }
}

#[test]
fn three_row_p_positions_are_brouwers() {
    // A. E. Brouwer, "The game of Chomp" (web page), as quoted in OEIS A147983: in 3 x n
    // Chomp a position (p, q, r), p >= q >= r the row lengths with the poison counted,
    // is a P-position for r = 0 iff p = q + 1; for r = 1 only (3,1,1) and (2,2,1); for
    // r = 2 iff p = q + 2; for r = 3 only (6,3,3), (7,4,3), (5,5,3); for r = 4 only
    // (8,4,4), (9,5,4), (10,6,4), (7,7,4); for r = 5 only (10,5,5), (9,6,5) and
    // (a + 11, a + 7, 5) for a >= 0.
    let n = 80;
    let t = table(3, n);
    for p in 1..=n {
        for q in 0..=p {
            for r in 0..=q.min(5) {
                let rows: Vec<usize> = [p, q, r].into_iter().filter(|&x| x > 0).collect();
                let brouwer = match r {
                    0 => p == q + 1,
                    1 => [(3, 1), (2, 2)].contains(&(p, q)),
                    2 => p == q + 2,
                    3 => [(6, 3), (7, 4), (5, 5)].contains(&(p, q)),
                    4 => [(8, 4), (9, 5), (10, 6), (7, 7)].contains(&(p, q)),
                    _ => [(10, 5), (9, 6)].contains(&(p, q)) || (p >= 11 && p == q + 4),
                };
                assert_eq!(t.value(&rows) == Some(0), brouwer, "({p},{q},{r})");
            }
        }
    }
}

#[test]
fn four_row_p_positions_are_oeis_a395126() {
    // OEIS A395126 (Garg 2026): the fourth row d of the P-positions (a, b, c, d) of 4-row
    // Chomp, row lengths with the poison counted, in lexicographic order of (a, b, c);
    // its first 87 terms are the P-positions with a <= 11. The entry also reports, for
    // every a <= 500, that at most one d completes a triple (a, b, c) to a P-position
    // ("unique extension", observed, not proved): checked here for a <= 60.
    let published = super::poset::A395126;
    let t = table(4, 60);
    let mut d = Vec::new();
    for a in 1..=60usize {
        for b in 0..=a {
            for c in 0..=b {
                let completions = (0..=c)
                    .filter(|&dd| {
                        let rows: Vec<usize> =
                            [a, b, c, dd].into_iter().filter(|&x| x > 0).collect();
                        t.value(&rows) == Some(0)
                    })
                    .collect::<Vec<_>>();
                assert!(completions.len() <= 1, "({a},{b},{c}): {completions:?}");
                if a <= 11 {
                    d.extend(completions);
                }
            }
        }
    }
    assert_eq!(d, published);
}

#[test]
fn rectangles_are_first_player_wins_with_the_published_opening_moves() {
    // Gale (1974), strategy stealing: every rectangle but 1 x 1 is a first-player win.
    // Sheiner, "Unique winning opening move in three-row Chomp" (arXiv 2605.23837, 2026):
    // every 3 x n rectangle has exactly one winning opening move, and it is not in the
    // first row. Two rows: the one winning move takes the last square of the second row
    // (to (n, n - 1), a P-position by the two-row rule).
    let t = table(3, 200);
    for n in 2..=200 {
        let moves = t.winning_moves(&[n, n]).unwrap();
        assert_eq!(moves, vec![(1, n - 1)], "2 x {n}");
        let moves = t.winning_moves(&[n, n, n]).unwrap();
        assert_eq!(moves.len(), 1, "3 x {n}: {moves:?}");
        assert_ne!(moves[0].0, 0, "3 x {n}: {moves:?}");
    }
    let t = table(8, 16);
    for a in 1..=8usize {
        for b in 1..=16usize {
            if a * b > 1 {
                assert_ne!(t.value(&vec![b; a]), Some(0), "{a} x {b}");
            }
        }
    }
}

#[test]
fn six_by_thirteen_has_two_winning_opening_moves() {
    // Gale asked whether a rectangle's winning opening move is unique. The table finds
    // two for 6 x 13 (it also finds two for 8 x 10, the other rectangle of at most 8 rows
    // and 16 columns with more than one; the README shows the run). The poset solver,
    // an independent implementation, confirms both options of 6 x 13 are P-positions.
    let t = table(6, 13);
    let moves = t.winning_moves(&[13; 6]).unwrap();
    assert_eq!(moves, vec![(3, 11), (4, 8)]);
    let solver = ShapedSolver::new(&PosetGame);
    for rows in [[13, 13, 13, 11, 11, 11], [13, 13, 13, 13, 8, 8]] {
        assert_eq!(solver.nim_value(&chomp(&rows).unwrap()).unwrap(), 0, "{rows:?}");
    }
}

#[test]
fn the_command_writes_the_table_and_its_summary() {
    let out = run(&["chomp", "--rows", "3", "--columns", "6", "--p-positions"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let csv = String::from_utf8(out.stdout.clone()).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "position,rows,columns,size,grundy");
    // The P-positions within 3 x 6 by the rules above, in lexicographic order.
    assert_eq!(
        &lines[1..],
        [
            "1,1,1,1,0",
            "\"2,1\",2,2,3,0",
            "\"2,2,1\",3,2,5,0",
            "\"3,1,1\",3,3,5,0",
            "\"3,2\",2,3,5,0",
            "\"4,2,2\",3,4,8,0",
            "\"4,3\",2,4,7,0",
            "\"5,3,2\",3,5,10,0",
            "\"5,4\",2,5,9,0",
            "\"5,5,3\",3,5,13,0",
            "\"6,3,3\",3,6,12,0",
            "\"6,4,2\",3,6,12,0",
            "\"6,5\",2,6,11,0",
        ]
    );
    let err = stderr(&out);
    assert!(err.contains("83 positions"), "{err}"); // C(9, 3) - 1
    assert!(
        err.contains("exactly one winning opening move: 17; more than one: 0"),
        "{err}"
    );
    // Every row is one of ours: analyze reads the full table.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.csv");
    let full = run(&["chomp", "--rows", "2", "--columns", "5"], None);
    std::fs::write(&path, &full.stdout).unwrap();
    let a = run(&["analyze", path.to_str().unwrap(), "--by", "rows,grundy"], None);
    assert!(a.status.success(), "{}", stderr(&a));
    let text = String::from_utf8(a.stdout).unwrap();
    assert!(text.starts_with("rows,grundy,count,share\n1,0,1,"), "{text}");
}

#[test]
fn bad_requests_get_one_line() {
    for (args, says) in [
        (&["--rows", "0", "--columns", "5"][..], "--rows 0"),
        (&["--rows", "33", "--columns", "5"][..], "--rows 33"),
        (&["--rows", "3", "--columns", "0"][..], "--columns 0"),
        (
            &["--rows", "4", "--columns", "300", "--memory", "64M"][..],
            "memory budget",
        ),
        (
            &["--rows", "4", "--columns", "1000"][..],
            "at most 2147483648 positions",
        ),
    ] {
        let mut all = vec!["chomp"];
        all.extend_from_slice(args);
        assert_usage_error(&run(&all, None), says);
    }
}

/// One position of `--rules chomp` with five rows or more is valued by the table of its
/// rectangle (the ruleset's `known_value`): held to the poset solver on every diagram of
/// five and six rows inside 6 x 5, through the chomp ruleset's own solver, so the table
/// is reused across positions and rectangles in any order.
#[test]
fn single_positions_of_five_rows_or_more_agree_with_the_poset_solver() {
    let poset = ShapedSolver::new(&PosetGame);
    let chomp_rules = ShapedSolver::new(&gamecensus::rules::chomp::Chomp);
    let mut all: Vec<Vec<usize>> = diagrams(6, 5).into_iter().filter(|r| r.len() >= 5).collect();
    // Larger rectangles first, then smaller ones inside them, then larger again.
    all.sort_by_key(|r| std::cmp::Reverse(r.iter().sum::<usize>()));
    let half = all.len() / 2;
    all.rotate_left(half);
    assert!(all.len() > 100);
    for r in &all {
        let p = chomp(r).unwrap();
        let want = poset.nim_value(&p).unwrap();
        assert_eq!(chomp_rules.nim_value(&p).unwrap(), want, "{r:?}");
    }
}

/// Gale (1974), strategy stealing: every square board but the poison alone is a
/// first-player win, and taking the square diagonally next to the poison (leaving two
/// arms of equal length) wins. Squares of 7 to 10 rows, past what the poset solver
/// reaches in minutes, by `eval --rules chomp` and `explain`.
#[test]
fn squares_are_first_player_wins_by_the_diagonal_move() {
    for n in 7..=10 {
        let o = run(&["eval", "--rules", "chomp", "--position", &format!("{n}x{n}")], None);
        assert!(o.status.success(), "{}", stderr(&o));
        let row = String::from_utf8_lossy(&o.stdout).lines().nth(1).unwrap().to_string();
        assert!(row.contains(",N,*"), "{n}x{n}: {row}");
    }
    let o = run(&["explain", "--rules", "chomp", "--position", "8x8"], None);
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    // The option leaving the two arms of 7 squares (8,1,1,1,1,1,1,1) is a second-player win.
    assert!(
        text.lines().any(|l| l.contains("-> 8,1,1,1,1,1,1,1: 0")),
        "{text}"
    );
}

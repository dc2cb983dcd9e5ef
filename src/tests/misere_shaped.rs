//! Misère play of the impartial rules on shapes (Cram, poset games, Chomp) against an
//! independent brute force: plain recursion over whole positions through the rules'
//! moves (no components, no part tables, no sums), the genus of each position computed
//! from those of the positions its moves leave; on every board of at most 8 cells, every
//! subset of the 3 x 3 and 2 x 4 boards (sums of several pieces), every poset of at most
//! 6 elements and every Chomp position of at most 10 squares. And published facts: Cram
//! on a 1 x n strip is Dawson's Kayles (octal 0.07); the misère poset game on a Young
//! diagram is Chomp (Gale 1974), whose rectangles are first-player wins.

use crate::common;

use std::collections::HashMap;

use common::cli::{run, stderr, stdout};
use gamecensus::rules::Ruleset;
use gamecensus::rules::shape_rules::{Player, ShapedRules};
use gamecensus::shapes::Shape;
use gamecensus::solving::misere_shaped::ShapedMisereSolver;
use gamecensus::solving::shape_solver::ShapedSolver;
use gamecensus::values::genus::Genus;

fn rules(name: &str) -> &'static dyn ShapedRules {
    match Ruleset::from_name(name).unwrap() {
        Ruleset::Shaped(r) => r,
        _ => panic!("{name} is not a game on shapes"),
    }
}

/// Genus of a whole position by plain recursion over its moves, memoised by the
/// position's text.
fn brute(r: &dyn ShapedRules, s: &Shape, memo: &mut HashMap<String, Genus>) -> Genus {
    let text = r.write(s);
    if let Some(x) = memo.get(&text) {
        return x.clone();
    }
    let mut moves = Vec::new();
    r.moves(s, Player::Left, &mut moves);
    let genera: Vec<Genus> = moves.iter().map(|m| brute(r, &m.after, memo)).collect();
    let g = Genus::of_options(genera.iter()).unwrap();
    memo.insert(text, g.clone());
    g
}

/// Checks every shape; returns how many have a genus that is not tame and how many a
/// misère outcome other than their normal-play one (so a test can say it checked
/// something).
fn check_all(name: &str, shapes: &[Shape]) -> (usize, usize) {
    let r = rules(name);
    let solver = ShapedMisereSolver::new(r).unwrap();
    let mut memo = HashMap::new();
    let (mut wild, mut differ) = (0, 0);
    for s in shapes {
        let m = solver.misere(s).unwrap();
        let g = brute(r, s, &mut memo);
        assert_eq!(m.genus, g, "{name} {}: genus", r.write(s));
        wild += !g.is_tame_genus() as usize;
        differ += ((g.plus() == 0) != g.misere_p()) as usize;
    }
    (wild, differ)
}

fn enumerated(name: &str, sizes: std::ops::RangeInclusive<usize>) -> Vec<Shape> {
    let r = rules(name);
    let mut all = Vec::new();
    for n in sizes {
        r.enumerate(n, &mut |s| {
            all.push(s);
            true
        })
        .unwrap();
    }
    all
}

/// Every subset of the `rows` x `cols` board, in the board notation.
fn sub_boards(rows: usize, cols: usize) -> Vec<String> {
    (0u32..1 << (rows * cols))
        .map(|mask| {
            (0..rows)
                .map(|i| {
                    (0..cols)
                        .map(|j| if mask >> (i * cols + j) & 1 == 1 { '.' } else { '#' })
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect()
}

#[test]
fn cram_against_brute_force() {
    let r = rules("cram");
    let mut boards = enumerated("cram", 0..=8);
    let n_polyominoes = boards.len();
    for t in sub_boards(3, 3).into_iter().chain(sub_boards(2, 4)) {
        boards.push(r.parse(&t).unwrap());
    }
    let (_, differ) = check_all("cram", &boards);
    assert!(n_polyominoes > 600, "{n_polyominoes} boards");
    // The comparison means something only if misère play changes some outcomes.
    assert!(differ > 100, "{differ}");
}

#[test]
fn posets_and_chomp_against_brute_force() {
    let posets = enumerated("poset", 0..=6);
    assert!(posets.len() > 300, "{} posets", posets.len());
    let (wild, differ) = check_all("poset", &posets);
    assert!(wild > 0 && differ > 0, "{wild} genera not tame, {differ} differ");
    let chomps = enumerated("chomp", 1..=10);
    let (_, differ) = check_all("chomp", &chomps);
    assert!(differ > 0);
}

#[test]
fn cram_strips_are_dawsons_kayles() {
    // Cram on a 1 x n strip: a domino covers two adjacent cells of the row, which is
    // octal 0.07 (Dawson's Kayles: take two adjacent, leaving 0, 1 or 2 heaps); its
    // misère columns must be those of `octal 0.07 --misere` heap by heap (whose genera
    // the octal tests check against CGSuite's test suite).
    let o = run(&["octal", "0.07", "--max", "24", "--misere"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let octal: Vec<Vec<String>> = stdout(&o)
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect();
    let strips: String = (1..=24).map(|n| ".".repeat(n) + "\n").collect();
    let o = run(&["eval", "--rules", "cram", "--misere", "-"], Some(&strips));
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("position,size,outcome,value,grundy,misere,genus,tame")
    );
    for (n, line) in (1..=24).zip(lines) {
        let f: Vec<&str> = line.split(',').collect();
        let h = &octal[n];
        assert_eq!(h[0], n.to_string());
        // octal: n,grundy,misere,misere_grundy,genus,tame
        assert_eq!(f[4], h[1], "1 x {n}: grundy");
        assert_eq!(f[5], h[2], "1 x {n}: misère outcome");
        assert_eq!(f[6], h[4], "1 x {n}: genus");
        assert_eq!(f[7], h[5], "1 x {n}: tame");
    }
}

/// The full Young diagram with rows `rows`, poison included, as a poset in the poset
/// notation: square (i, j) is below (i + 1, j) and (i, j + 1).
fn diagram_poset(rows: &[usize]) -> String {
    let mut index = HashMap::new();
    for (i, &len) in rows.iter().enumerate() {
        for j in 0..len {
            let k = index.len();
            index.insert((i, j), k);
        }
    }
    let mut rel = Vec::new();
    for (&(i, j), &k) in &index {
        for next in [(i + 1, j), (i, j + 1)] {
            if let Some(&l) = index.get(&next) {
                rel.push(format!("{k}<{l}"));
            }
        }
    }
    rel.sort();
    if rel.is_empty() {
        index.len().to_string()
    } else {
        format!("{}:{}", index.len(), rel.join(","))
    }
}

#[test]
fn misere_poset_game_on_a_diagram_is_chomp() {
    // In a poset with a least element m, taking m empties the board; under misère play
    // that loses (the opponent cannot move and wins) unless it is the only move. So the
    // misère poset game on a Young diagram, poison included, is Chomp as Gale (1974)
    // stated it ("whoever takes the poisoned square loses"): the same outcome as the
    // normal-play game on the diagram without the poison (the `chomp` ruleset).
    // Gale's strategy-stealing argument: every rectangle other than 1 x 1 is a
    // first-player win.
    let poset = rules("poset");
    let chomp = rules("chomp");
    let misere = ShapedMisereSolver::new(poset).unwrap();
    let normal = ShapedSolver::new(chomp);
    let mut checked = 0;
    for s in enumerated("chomp", 1..=12) {
        let text = chomp.write(&s);
        let rows: Vec<usize> = text.split(',').map(|x| x.parse().unwrap()).collect();
        let full = poset.parse(&diagram_poset(&rows)).unwrap();
        let m = misere.misere(&full).unwrap().outcome();
        let n = normal.value(&s).unwrap().outcome();
        assert_eq!(m, n, "chomp {text}");
        let rectangle = rows.iter().all(|&l| l == rows[0]);
        if rectangle && rows.len() * rows[0] > 1 {
            assert_eq!(m.to_string(), "N", "rectangle {text} (Gale 1974)");
        }
        checked += 1;
    }
    assert!(checked > 100);
}

#[test]
fn partizan_shapes_refuse_misere() {
    let o = run(&["eval", "--rules", "domineering", "--board", "..", "--misere"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("domineering is partizan"), "{}", stderr(&o));
}

#[test]
fn census_jobs_take_misere() {
    // A census with `misere = true` writes the three columns, each row as `eval --misere`
    // gives it, and its summary counts the rows by size.
    let dir = tempfile::tempdir().unwrap();
    let job = common::cli::write_job(
        dir.path(),
        "poset-misere",
        "name = \"poset-misere\"\nrules = \"poset\"\nmin_size = 1\nmax_size = 5\nmisere = true\n",
    );
    let out = dir.path().join("p.csv");
    let o = common::cli::run_job(&job, out.to_str().unwrap(), &["--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("misère play of the new rows by number of elements"),
        "{}",
        stderr(&o)
    );
    let csv = std::fs::read_to_string(&out).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("position,size,outcome,value,grundy,misere,genus,tame")
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 1 + 2 + 5 + 16 + 63); // posets on 1..=5 elements (A000112)
    let positions: String = rows
        .iter()
        .map(|r| r.rsplitn(8, ',').last().unwrap().trim_matches('"').to_string() + "\n")
        .collect();
    let o = run(&["eval", "--rules", "poset", "--misere", "-"], Some(&positions));
    assert!(o.status.success(), "{}", stderr(&o));
    let evals: Vec<String> = stdout(&o).lines().skip(1).map(str::to_string).collect();
    assert_eq!(evals, rows);
}

//! Domineering and Cram (issue #30) against independent sources: the board counts against
//! OEIS, values against published ones (CGSuite-confirmed values in the cgt crate's tests,
//! Wikipedia's worked examples, OEIS A002187 for Cram strips), every board up to 8 cells
//! against the cgt crate (a separate implementation: scripts/peers/cgt-peer), every board
//! up to 8 cells against a plain minimax written here (no components, no nauty, no mirror
//! sharing), and the symmetry and sum laws as property tests.

use crate::common;

use std::collections::HashMap;

use common::cli::{assert_usage_error, run};

use gamecensus::octal::OctalCode;
use gamecensus::octal::nim::reference;
use gamecensus::rules::Ruleset;
use gamecensus::rules::shape_rules::ShapedRules;
use gamecensus::shapes::board;
use gamecensus::solving::shape_solver::ShapedSolver;
use gamecensus::values::game::GameId;
use gamecensus::values::parse::parse_value;
use proptest::prelude::*;

fn rules(name: &str) -> &'static dyn ShapedRules {
    match Ruleset::from_name(name) {
        Ok(Ruleset::Shaped(r)) => r,
        _ => panic!("{name} is a shaped ruleset"),
    }
}

fn solver(name: &str) -> ShapedSolver {
    ShapedSolver::new(rules(name))
}

fn value_of(s: &ShapedSolver, b: &str) -> GameId {
    s.value(&board::parse(b).unwrap_or_else(|e| panic!("{b}: {e}")))
        .unwrap_or_else(|e| panic!("{b}: {e}"))
}

fn v(text: &str) -> GameId {
    parse_value(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

// ---------------------------------------------------------------- board counts

/// OEIS A056780: polyominoes with n cells up to reflection in both axes and the half turn
/// (the symmetries that keep a Domineering value), n = 1..10.
const A056780: [usize; 10] = [1, 2, 3, 9, 21, 68, 208, 730, 2542, 9287];

/// OEIS A001168: fixed polyominoes (up to translation), n = 1..10.
const A001168: [usize; 10] = [1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446];

/// OEIS A000105: free polyominoes (up to all eight symmetries of the square), n = 1..10.
const A000105: [usize; 10] = [1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655];

#[test]
fn board_counts_match_oeis() {
    for n in 1..=10 {
        assert_eq!(
            board::fixed(n).unwrap().len(),
            A001168[n - 1],
            "A001168({n})"
        );
        assert_eq!(
            board::flip_classes(n).unwrap().len(),
            A056780[n - 1],
            "A056780({n})"
        );
        for name in ["domineering", "cram"] {
            let mut count = 0;
            rules(name)
                .enumerate(n, &mut |_| {
                    count += 1;
                    true
                })
                .unwrap();
            assert_eq!(count, A056780[n - 1], "{name} census boards of {n} cells");
        }
    }
}

/// The flip classes are distinct and closed: adding the quarter turn (transpose) merges
/// them into the free polyominoes (A000105), an independent check of the classes.
#[test]
fn flip_classes_merge_into_free_polyominoes() {
    let canon = |cells: &[(i32, i32)]| -> Vec<(i32, i32)> {
        let mut best: Option<Vec<(i32, i32)>> = None;
        for t in 0..8 {
            let mut c: Vec<(i32, i32)> = cells
                .iter()
                .map(|&(r, c)| {
                    let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                    let r = if t & 1 != 0 { -r } else { r };
                    let c = if t & 2 != 0 { -c } else { c };
                    (r, c)
                })
                .collect();
            let r0 = c.iter().map(|x| x.0).min().unwrap();
            let c0 = c.iter().map(|x| x.1).min().unwrap();
            for x in c.iter_mut() {
                *x = (x.0 - r0, x.1 - c0);
            }
            c.sort_unstable();
            if best.as_ref().is_none_or(|b| c < *b) {
                best = Some(c);
            }
        }
        best.unwrap()
    };
    for n in 1..=9 {
        let free: std::collections::HashSet<Vec<(i32, i32)>> = board::flip_classes(n)
            .unwrap()
            .iter()
            .map(|c| canon(c))
            .collect();
        assert_eq!(free.len(), A000105[n - 1], "A000105({n})");
    }
}

// ---------------------------------------------------------------- published values

/// Values "confirmed with CGSuite" in the cgt crate's own tests (cgt 0.11.0,
/// cgt/short/partizan/games/domineering.rs, mod tests), and the examples of CGSuite's tests
/// listed in the reference RULES.md ("Domineering and Cram").
#[test]
fn domineering_values_confirmed_with_cgsuite() {
    let s = solver("domineering");
    for (b, want) in [
        (".|.", "1"),
        ("..", "-1"),
        ("..|..", "{1|-1}"),
        ("..#|..#|##.", "{1|-1}"),
        ("....", "-2"),
        (".#|..", "*"),
        (".##|.##|...", "0"),
        ("..#|..#|...", "{1/2|-2}"),
        ("...|...|...", "{1|-1}"),
        (".#.#|.#..", "1*"),
        ("#...|....|....|....", "{1*|-1*}"),
    ] {
        assert_eq!(value_of(&s, b), v(want), "{b}");
    }
    // cgt's temperature tests: `..` -1, `..|.#` 0, `#...|....|....|....` 1.
    for (b, t) in [("..", "-1"), ("..|.#", "0"), ("#...|....|....|....", "1")] {
        assert_eq!(value_of(&s, b).temperature().unwrap().to_string(), t, "{b}");
    }
}

/// Wikipedia, "Domineering", Basic examples: the 2x3 board (2 rows, 3 columns) is
/// {2 | -1/2}, mean 3/4 and temperature 5/4; a row of 2n or 2n + 1 cells is -n and a column
/// +n (also Winning Ways ch. 5: "Domineering").
#[test]
fn domineering_wikipedia_examples_and_strips() {
    let s = solver("domineering");
    let g = value_of(&s, "...|...");
    assert_eq!(g, v("{2|-1/2}"));
    assert_eq!(g.mean().unwrap().to_string(), "3/4");
    assert_eq!(g.temperature().unwrap().to_string(), "5/4");
    for n in 1..=20i32 {
        let row = ".".repeat(n as usize);
        let col = vec!["."; n as usize].join("|");
        assert_eq!(value_of(&s, &row), GameId::integer(-(n / 2)), "1x{n}");
        assert_eq!(value_of(&s, &col), GameId::integer(n / 2), "{n}x1");
    }
}

/// OEIS A002187: Dawson's Kayles 0.07 has values a(n - 1); a 1 x n Cram strip is 0.07 on
/// n cells (a domino takes two adjacent cells: Winning Ways ch. 5 "Cram"), so its
/// nim-value is A002187(n - 1). Also against our octal engine's 0.07.
const A002187: [u32; 52] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2,
];

#[test]
fn cram_strips_are_dawsons_kayles() {
    let s = solver("cram");
    let octal = reference(&OctalCode::parse("0.07").unwrap(), 40, &|_| {});
    for n in 1..=40usize {
        let row = ".".repeat(n);
        let col = vec!["."; n].join("|");
        let g = s.nim_value(&board::parse(&row).unwrap()).unwrap();
        assert_eq!(g, A002187[n - 1], "1x{n} Cram (A002187)");
        assert_eq!(g, octal[n], "1x{n} Cram against 0.07");
        assert_eq!(
            s.nim_value(&board::parse(&col).unwrap()).unwrap(),
            g,
            "{n}x1"
        );
    }
}

/// Winning Ways ch. 5 ("Cram"; also Gardner): on an even x even board the second player
/// wins by point symmetry (value 0); on an even x odd board the first player wins (the
/// centre domino, then symmetry): a non-zero nim-value.
#[test]
fn cram_rectangles_follow_the_symmetry_strategies() {
    let s = solver("cram");
    let rect = |m: usize, n: usize| vec![".".repeat(n); m].join("|");
    for m in 1..=4usize {
        for n in 1..=5usize {
            if m * n > 16 {
                continue;
            }
            let g = s.nim_value(&board::parse(&rect(m, n)).unwrap()).unwrap();
            if m % 2 == 0 && n % 2 == 0 {
                assert_eq!(g, 0, "{m}x{n}");
            } else if (m + n) % 2 == 1 {
                assert_ne!(g, 0, "{m}x{n}");
            }
        }
    }
}

// ---------------------------------------------------------------- independent peers

/// Every board up to 8 cells (the census's list, 1042 boards) valued by the cgt crate
/// (cgt 0.11.0's own Domineering; Cram written on cgt's PartizanGame trait), from
/// src/tests/data/domineering-cram-cgt-8.csv, made by scripts/peers/cgt-peer (see its
/// README); values compared as games.
#[test]
fn every_board_up_to_8_cells_agrees_with_the_cgt_crate() {
    let dom = solver("domineering");
    let cram = solver("cram");
    let mut r = csv::Reader::from_path(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/tests/data/domineering-cram-cgt-8.csv"
    ))
    .unwrap();
    let mut rows = 0;
    for rec in r.records() {
        let rec = rec.unwrap();
        let b = &rec[0];
        assert_eq!(value_of(&dom, b), v(&rec[1]), "Domineering {b}");
        assert_eq!(value_of(&cram, b), v(&rec[2]), "Cram {b}");
        rows += 1;
    }
    assert_eq!(rows, A056780[..8].iter().sum::<usize>());
}

/// The notable boards of the 14-cell census, valued by the cgt crate (cgt-peer
/// domineering): the one board of temperature 2 (Uiterwijk & Barton, TCS 2015, report
/// exactly one up to 15 squares, and none hotter), the one \*2 board and a \*3 board.
#[test]
fn the_census_notable_boards_agree_with_the_cgt_crate() {
    let s = solver("domineering");
    let hot = value_of(&s, "..###|#...#|....#|##...|##.#.");
    assert_eq!(hot, v("{2*|-2*}"));
    assert_eq!(hot.temperature().unwrap().to_string(), "2");
    assert_eq!(
        value_of(&s, "#.####|#.####|...###|##..##|###...|###.##"),
        GameId::nimber(2)
    );
    assert_eq!(
        value_of(
            &s,
            "#.####|..####|#.####|#.####|...###|##..##|###...|###.##"
        ),
        GameId::nimber(3)
    );
}

/// A plain minimax over a board as a set of cells: no components, no canonical keys, no
/// sharing of a board with its mirror image; options straight from the rules.
struct Plain {
    cells: Vec<(i32, i32)>,
    impartial: bool,
    memo: HashMap<u64, GameId>,
}

impl Plain {
    fn value(&mut self, empty: u64) -> GameId {
        if let Some(&g) = self.memo.get(&empty) {
            return g;
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        for i in 0..self.cells.len() {
            for j in 0..self.cells.len() {
                if empty >> i & 1 == 0 || empty >> j & 1 == 0 {
                    continue;
                }
                let (a, b) = (self.cells[i], self.cells[j]);
                let after = empty & !(1 << i) & !(1 << j);
                if (b.0 - a.0, b.1 - a.1) == (1, 0) {
                    left.push(self.value(after));
                } else if (b.0 - a.0, b.1 - a.1) == (0, 1) {
                    right.push(self.value(after));
                }
            }
        }
        if self.impartial {
            left.extend(right.iter().copied());
            right = left.clone();
        }
        let g = GameId::from_options(&left, &right).unwrap();
        self.memo.insert(empty, g);
        g
    }
}

pub(crate) fn plain(b: &str, impartial: bool) -> GameId {
    let cells = board::parse(b).unwrap().place().unwrap().to_vec();
    let all = (1u64 << cells.len()) - 1;
    Plain {
        cells,
        impartial,
        memo: HashMap::new(),
    }
    .value(all)
}

#[test]
fn every_board_up_to_8_cells_agrees_with_plain_minimax() {
    let dom = solver("domineering");
    let cram = solver("cram");
    for n in 1..=8 {
        for cells in board::flip_classes(n).unwrap() {
            let b = board::write(&board::from_cells(&cells));
            assert_eq!(value_of(&dom, &b), plain(&b, false), "Domineering {b}");
            assert_eq!(value_of(&cram, &b), plain(&b, true), "Cram {b}");
        }
    }
}

// ---------------------------------------------------------------- laws

fn rows_of(b: &str) -> Vec<Vec<char>> {
    b.split('|').map(|r| r.chars().collect()).collect()
}

fn join(rows: &[Vec<char>]) -> String {
    rows.iter()
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

fn flip_rows(b: &str) -> String {
    let mut r = rows_of(b);
    r.reverse();
    join(&r)
}

fn flip_columns(b: &str) -> String {
    let mut r = rows_of(b);
    for row in r.iter_mut() {
        row.reverse();
    }
    join(&r)
}

fn transpose(b: &str) -> String {
    let r = rows_of(b);
    let t: Vec<Vec<char>> = (0..r[0].len())
        .map(|c| r.iter().map(|row| row[c]).collect())
        .collect();
    join(&t)
}

/// A quarter turn: transpose, then reverse the columns.
fn quarter_turn(b: &str) -> String {
    flip_columns(&transpose(b))
}

/// Two boards side by side, a filled column between them (disjoint: their sum).
fn beside(a: &str, b: &str) -> String {
    let (ra, rb) = (rows_of(a), rows_of(b));
    let h = ra.len().max(rb.len());
    let pad = |r: &[Vec<char>], i: usize, w: usize| -> Vec<char> {
        r.get(i).cloned().unwrap_or_else(|| vec!['#'; w])
    };
    let rows: Vec<Vec<char>> = (0..h)
        .map(|i| {
            let mut row = pad(&ra, i, ra[0].len());
            row.push('#');
            row.extend(pad(&rb, i, rb[0].len()));
            row
        })
        .collect();
    join(&rows)
}

/// A random board of at most 4x4 cells with at least one empty cell.
fn any_board() -> impl Strategy<Value = String> {
    (1usize..=4, 1usize..=4)
        .prop_flat_map(|(m, n)| {
            (
                Just(n),
                proptest::collection::vec(prop::bool::weighted(0.75), m * n),
            )
        })
        .prop_map(|(n, mut cells)| {
            cells[0] = true;
            common::board_text(n, &cells)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Reflections in both axes and the half turn keep a value (Domineering and Cram); a
    /// quarter turn exchanges the players, so it negates a Domineering value and keeps a
    /// Cram value (Winning Ways ch. 5; CGSuite's Symmetry.Flip).
    #[test]
    fn symmetries(b in any_board()) {
        let dom = solver("domineering");
        let cram = solver("cram");
        let g = value_of(&dom, &b);
        let c = value_of(&cram, &b);
        for image in [flip_rows(&b), flip_columns(&b), flip_rows(&flip_columns(&b))] {
            prop_assert_eq!(value_of(&dom, &image), g, "{} -> {}", b, image);
            prop_assert_eq!(value_of(&cram, &image), c, "{} -> {}", b, image);
        }
        let q = quarter_turn(&b);
        prop_assert_eq!(value_of(&dom, &q), -g, "{} -> {}", b, q);
        prop_assert_eq!(value_of(&cram, &q), c, "{} -> {}", b, q);
        prop_assert_eq!(value_of(&dom, &transpose(&b)), -g);
        // The plain minimax agrees with the solver on every random board too.
        prop_assert_eq!(plain(&b, false), g, "plain minimax on {}", b);
    }

    /// Two disjoint boards are worth the sum of their values (the solver splits a board
    /// into components; the plain minimax does not and must agree).
    #[test]
    fn disjoint_boards_add(a in any_board(), b in any_board()) {
        let dom = solver("domineering");
        let cram = solver("cram");
        let both = beside(&a, &b);
        let sum = value_of(&dom, &a) + value_of(&dom, &b);
        prop_assert_eq!(value_of(&dom, &both), sum, "{}", both);
        let nim = value_of(&cram, &a) + value_of(&cram, &b);
        prop_assert_eq!(value_of(&cram, &both), nim, "{}", both);
        if both.matches('.').count() <= 14 {
            prop_assert_eq!(plain(&both, false), sum, "plain minimax on {}", both);
        }
    }
}

// ---------------------------------------------------------------- drawing

/// The `rect` elements of an SVG as (class, row, column, fill); panics if it is not
/// well-formed XML.
fn cells_of(xml: &str) -> Vec<(String, usize, usize, String)> {
    use quick_xml::events::Event;
    let mut r = quick_xml::Reader::from_str(xml);
    let mut out = Vec::new();
    loop {
        match r.read_event() {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) if e.name().as_ref() == b"rect" => {
                let get = |k: &str| {
                    e.attributes()
                        .map(|a| a.unwrap())
                        .find(|a| a.key.as_ref() == k.as_bytes())
                        .map(|a| a.unescape_value().unwrap().into_owned())
                        .unwrap_or_default()
                };
                out.push((
                    get("class"),
                    get("data-row").parse().unwrap(),
                    get("data-column").parse().unwrap(),
                    get("fill"),
                ));
            }
            Ok(Event::Eof) => return out,
            Ok(_) => {}
            Err(e) => panic!("not well-formed XML: {e}"),
        }
    }
}

/// `gamecensus draw --rules domineering --board B` draws the board's rectangle, one square
/// per cell, the filled cells dark, where the notation puts them.
#[test]
fn draw_a_board_as_a_board() {
    let dir = tempfile::tempdir().unwrap();
    for b in [".#|..", "..#|..#|...", ".....", ".#.#|.#.."] {
        let out = dir.path().join("b.svg");
        let o = run(
            &[
                "draw",
                "--rules",
                "domineering",
                "--board",
                b,
                "--out",
                out.to_str().unwrap(),
                "--force",
            ],
            None,
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let cells = cells_of(&std::fs::read_to_string(&out).unwrap());
        let rows: Vec<&str> = b.split('|').collect();
        assert_eq!(cells.len(), rows.len() * rows[0].len(), "{b}");
        for (class, r, c, fill) in cells {
            let empty = rows[r - 1].as_bytes()[c - 1] == b'.';
            assert_eq!(
                class,
                if empty { "cell empty" } else { "cell filled" },
                "{b}"
            );
            assert_eq!(fill, if empty { "#ffffff" } else { "#333333" }, "{b}");
        }
    }
    let out = dir.path().join("x.svg");
    let o = run(
        &[
            "draw",
            "--rules",
            "cram",
            "--board",
            ".x",
            "--out",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert_usage_error(&o, "is not a cell");
    let o = run(
        &[
            "draw",
            "--rules",
            "snort",
            "--board",
            "..",
            "--out",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert_usage_error(&o, "played on graphs");
    assert!(!out.exists());
}

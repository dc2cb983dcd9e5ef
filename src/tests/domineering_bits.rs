//! The bitboard path of the shaped solver (src/solving/grid.rs on src/shapes/bits.rs:
//! Domineering and Cram boards of at most 128 bits) against the general path (shapes,
//! nauty keys, the rules' own moves) and against the plain minimax of
//! src/tests/domineering.rs (no components, no keys, no symmetry), on random boards. The
//! other tests of that file (the cgt crate, CGSuite, OEIS) run the bitboard path, as the
//! solver takes it for every board that fits.

use crate::common;
use gamecensus::rules::Ruleset;
use gamecensus::rules::shape_rules::ShapedRules;
use gamecensus::shapes::bits::Bits;
use gamecensus::shapes::board;
use gamecensus::solving::shape_solver::ShapedSolver;
use gamecensus::values::game::GameId;
use proptest::prelude::*;

use super::domineering::plain;

fn rules(name: &str) -> &'static dyn ShapedRules {
    match Ruleset::from_name(name) {
        Ok(Ruleset::Shaped(r)) => r,
        _ => panic!("{name} is a shaped ruleset"),
    }
}

fn value_of(s: &ShapedSolver, b: &str) -> GameId {
    s.value(&board::parse(b).unwrap_or_else(|e| panic!("{b}: {e}")))
        .unwrap_or_else(|e| panic!("{b}: {e}"))
}

/// A random board of at most 4x5 cells (any of them may be filled).
fn any_board() -> impl Strategy<Value = String> {
    (1usize..=4, 1usize..=5)
        .prop_flat_map(|(m, n)| {
            (
                Just(n),
                proptest::collection::vec(prop::bool::weighted(0.7), m * n),
            )
        })
        .prop_map(|(n, cells)| {
            if !cells.contains(&true) {
                return board::EMPTY.to_string();
            }
            common::board_text(n, &cells)
        })
}

/// A random board of up to 8 rows of 15 columns (all 128 bits of the bitboard), cells
/// mostly empty.
fn big_board() -> impl Strategy<Value = String> {
    (1usize..=8, 1usize..=15)
        .prop_flat_map(|(m, n)| {
            (
                Just(n),
                proptest::collection::vec(prop::bool::weighted(0.8), m * n),
            )
        })
        .prop_map(|(n, cells)| common::board_text(n, &cells))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `eval` reads a board line straight into bits (`Bits::parse_grid`): the same
    /// cells as the board's shape, written back as `board::write` writes the shape.
    /// `eval` writes the line itself when its length is the board's box's (no row or
    /// column of `#` only round it): that is the text written back, and only then.
    #[test]
    fn board_lines_read_as_bits_are_the_boards_shapes(b in any_board()) {
        let shape = board::parse(&b).unwrap();
        match Bits::parse_grid(&b) {
            None => prop_assert_eq!(&b, board::EMPTY),
            Some(bits) => {
                prop_assert_eq!(Some(bits), Bits::from_cells(shape.place().unwrap()));
                prop_assert_eq!(bits.grid_text(), board::write(&shape));
                let boxed = b.len() + 1 == bits.h as usize * (bits.w as usize + 1);
                prop_assert_eq!(boxed, bits.grid_text() == b);
            }
        }
    }

    /// A domino removed from a connected board (each part of a random board) leaves
    /// the parts a plain flood fill finds (`Bits::components`), the single cells left
    /// out, whether the ring round the domino settles it or not.
    #[test]
    fn split_without_finds_the_parts_a_flood_fill_does(b in prop_oneof![any_board(), big_board()]) {
        let Some(bits) = Bits::parse_grid(&b) else { return Ok(()) };
        for part in bits.components() {
            let s = part.stride();
            for (pairs, vertical, domino) in [
                (part.vertical_pairs(), true, 1u128 | 1u128 << s),
                (part.horizontal_pairs(), false, 3u128),
            ] {
                for p in (0..128).filter(|p| pairs >> p & 1 == 1) {
                    let mut want: Vec<Bits> = part
                        .with_cells(part.cells & !(domino << p))
                        .components()
                        .into_iter()
                        .filter(|q| q.count() > 1)
                        .collect();
                    let mut got = Vec::new();
                    part.split_without(p, vertical, |q| {
                        got.push(q);
                        Ok::<(), ()>(())
                    })
                    .unwrap();
                    want.sort();
                    got.sort();
                    prop_assert_eq!(got, want, "{} at {} {}", part.grid_text(), p, vertical);
                }
            }
        }
    }

    /// Both paths, and the bitboard path under a table cap of 8 entries (emptied again
    /// and again), give every board one value; the plain minimax too (boards of at
    /// most 16 cells).
    #[test]
    fn bitboards_agree_with_shapes_and_plain_minimax(b in any_board()) {
        for (name, impartial) in [("domineering", false), ("cram", true)] {
            let fast = ShapedSolver::new(rules(name));
            let general = ShapedSolver::new(rules(name)).without_bitboards();
            let capped = ShapedSolver::new(rules(name));
            capped.set_cap(8);
            let g = value_of(&fast, &b);
            prop_assert_eq!(value_of(&general, &b), g, "{} {}", name, b);
            prop_assert_eq!(value_of(&capped, &b), g, "{} capped {}", name, b);
            if b.matches('.').count() <= 16 && b != board::EMPTY {
                prop_assert_eq!(plain(&b, impartial), g, "{} plain {}", name, b);
            }
        }
    }
}

#[test]
fn a_board_past_128_bits_takes_the_general_path_then_bitboards() {
    // Two rows of 70 columns do not fit (2 x 71 bits): the L of a row of 70 cells with
    // one cell under its first is valued as a shape, its parts after a move as bits.
    let long = format!("{}|.{}", ".".repeat(70), "#".repeat(69));
    let fast = ShapedSolver::new(rules("domineering"));
    let general = ShapedSolver::new(rules("domineering")).without_bitboards();
    assert_eq!(value_of(&fast, &long), value_of(&general, &long));
    // A row of n cells is worth -floor(n/2) (Right fills it; Winning Ways ch. 5).
    assert_eq!(value_of(&fast, &".".repeat(70)), int(-35));
    // 126 cells in a row fit in the bits, 127 do not (a 128-bit stride).
    assert_eq!(value_of(&fast, &".".repeat(126)), int(-63));
    assert_eq!(value_of(&fast, &".".repeat(127)), int(-63));
    assert_eq!(value_of(&fast, &".".repeat(200)), int(-100));
}

fn int(n: i64) -> GameId {
    gamecensus::values::parse::parse_value(&n.to_string()).unwrap()
}

#[test]
fn a_shape_whose_edges_are_not_its_cells_is_valued_as_a_shape() {
    // The 1x2 board with its edge relabelled V: the cells say Right's domino, the edge
    // says Left's, and the moves follow the edges (value 1, not the board's -1).
    let b = board::parse("..").unwrap();
    let swapped = b.map_edge_labels(|l| if l == board::V { board::H } else { board::V });
    let s = ShapedSolver::new(rules("domineering"));
    assert_eq!(s.value(&b).unwrap(), -int(1));
    assert_eq!(s.value(&swapped).unwrap(), int(1));
}

#[test]
fn eval_rows_of_board_lines_are_the_rows_of_single_boards() {
    // Lines `eval -` reads into bits (boards with filled rows and columns around them, a
    // column, blanks around a line) and lines it leaves to the general path (the empty
    // board, an edge list, a board wider than 128 bits, a malformed one is refused
    // elsewhere): each row as `eval --board` (the general path) writes it.
    let wide = format!("{}|.{}", ".".repeat(70), "#".repeat(69));
    let lines = [
        "##|..",
        "  .#|..  ",
        "#.#|#..|###",
        ".|.|.|.|.",
        "...|.#.|...",
        "0",
        "0-1:V,1-2:H",
        &wide,
        "..|..",
    ];
    for rules in ["domineering", "cram"] {
        let all = common::cli::run(&["eval", "--rules", rules, "-"], Some(&lines.join("\n")));
        assert!(all.status.success(), "{}", common::cli::stderr(&all));
        let mut expected = String::new();
        for (i, line) in lines.iter().enumerate() {
            let one = common::cli::run(&["eval", "--rules", rules, "--board", line.trim()], None);
            assert!(one.status.success(), "{line}: {}", common::cli::stderr(&one));
            let text = common::cli::stdout(&one);
            let (header, row) = text.split_once('\n').unwrap();
            if i == 0 {
                expected = format!("{header}\n");
            }
            expected += row;
        }
        assert_eq!(common::cli::stdout(&all), expected, "{rules}");
    }
}

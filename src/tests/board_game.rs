//! The board layer (`rules::board_game`, `shapes::board::parse_with`): boards whose
//! cells carry stones, in CGSuite's grid notation (`x` and `o` stones, `.` empty, `#`
//! filled), read, written, keyed and drawn the same way for every board game.

use gamecensus::graphs::palette::Palette;
use gamecensus::rules::board_game::{Board, NO_STONES};
use gamecensus::shapes::canonical_key;
use proptest::prelude::*;

/// Stones as Clobber and Konane write them (CGSuite; the cgt crate).
const STONES: Board = Board {
    help: "rows separated by |, . empty, x a black stone, o a white one, # filled",
    stones: Palette {
        letters: b".xo",
        names: &["empty cell", "black stone", "white stone"],
        colours: &["#ffffff", "#111111", "#fafafa"],
    },
    edges: None,
};

fn board_text() -> impl Strategy<Value = String> {
    (1usize..5, 1usize..6).prop_flat_map(|(rows, cols)| {
        proptest::collection::vec(prop_oneof![Just('.'), Just('x'), Just('o'), Just('#')], rows * cols)
            .prop_map(move |cells| {
                cells
                    .chunks(cols)
                    .map(|r| r.iter().collect::<String>())
                    .collect::<Vec<_>>()
                    .join("|")
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// What is read is written back (the smallest rectangle holding the cells), each
    /// cell with its stone, and reads back as the same labelled board.
    #[test]
    fn stones_read_write_and_read_back(t in board_text()) {
        prop_assume!(t.chars().any(|c| c != '#' && c != '|'));
        let s = STONES.parse(&t).unwrap();
        let w = STONES.write(&s, false);
        let back = STONES.parse(&w).unwrap();
        prop_assert_eq!(back.labels(), s.labels());
        prop_assert_eq!(back.edges(), s.edges());
        prop_assert_eq!(STONES.write(&back, false), w.clone());
        for (stone, letter) in [(1u8, 'x'), (2, 'o')] {
            let cells = s.labels().iter().filter(|&&l| l == stone).count();
            prop_assert_eq!(cells, t.chars().filter(|&c| c == letter).count());
            prop_assert_eq!(cells, w.chars().filter(|&c| c == letter).count());
        }
        // Drawn with a disc per stone, in its colour.
        let svg = STONES.draw(&s, None).unwrap();
        let stones = s.labels().iter().filter(|&&l| l > 0).count();
        prop_assert_eq!(svg.matches("class=\"stone\"").count(), stones);
        prop_assert_eq!(
            svg.matches("fill=\"#111111\"").count(),
            s.labels().iter().filter(|&&l| l == 1).count()
        );
    }
}

#[test]
fn stones_are_part_of_the_key_and_upper_case_reads_alike() {
    let a = STONES.parse("xo.").unwrap();
    let b = STONES.parse("XO.").unwrap();
    assert_eq!(canonical_key(&a), canonical_key(&b));
    // The same cells with the stones exchanged are another position (its mirror image
    // under the colour swap, which a ruleset may declare), unless a symmetry maps one
    // onto the other.
    assert_ne!(canonical_key(&a), canonical_key(&STONES.parse("ox.").unwrap()));
    assert_eq!(
        canonical_key(&STONES.parse("xo").unwrap()),
        canonical_key(&STONES.parse("ox").unwrap())
    );
}

#[test]
fn a_board_without_stones_reads_no_stone_letter() {
    let plain = Board {
        help: "rows separated by |, . an empty cell, # a filled one",
        stones: NO_STONES,
        edges: None,
    };
    assert_eq!(plain.write(&plain.parse(".#|..").unwrap(), false), ".#|..");
    let e = plain.parse("x.").unwrap_err().to_string();
    assert!(e.contains("is not a cell (. empty, # filled"), "{e}");
    let e = STONES.parse("xq").unwrap_err().to_string();
    assert!(e.contains("x a stone, o a stone"), "{e}");
}

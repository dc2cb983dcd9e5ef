//! The calculator's CGSuite-parity functions (issue #28) against published values
//! (CGSuite's test tables, Winning Ways, ONAG, Siegel) and their laws as property tests.

use crate::common;

use common::games_from;
use gamecensus::values::dyadic::Dyadic;
use gamecensus::values::game::GameId;
use gamecensus::values::nimber::nim_product;
use gamecensus::values::parse::{evaluate, parse_value};
use proptest::prelude::*;

fn v(s: &str) -> GameId {
    parse_value(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn show(expr: &str) -> String {
    evaluate(expr)
        .unwrap_or_else(|e| panic!("{expr}: {e}"))
        .to_string()
}

/// `expr` evaluates to the value `expected`, written in CGSuite's bar notation (compared
/// as values, not as text).
fn check(expr: &str, expected: &str) {
    assert_eq!(show(expr), v(expected).to_string(), "{expr}");
}

/// CGSuite, lang2 `CanonicalShortGameTestCase`: leftStop, rightStop,
/// reducedCanonicalForm, isInfinitesimal, isNumberish, isAllSmall for each game of the
/// table (those our notation reads; `^[4]`-style uptimals are written out in braces).
#[test]
fn stops_rcf_and_predicates_from_cgsuite() {
    // (game, left stop, right stop, rcf, infinitesimal, numberish, all-small)
    let table = [
        ("0", "0", "0", "0", true, true, true),
        ("5", "5", "5", "5", false, true, false),
        ("-1/2", "-1/2", "-1/2", "-1/2", false, true, false),
        ("25/16", "25/16", "25/16", "25/16", false, true, false),
        ("*8", "0", "0", "0", true, true, true),
        ("9/8+*", "9/8", "9/8", "9/8", false, true, false),
        ("^", "0", "0", "0", true, true, true),
        ("v*", "0", "0", "0", true, true, true),
        ("6+^*", "6", "6", "6", false, true, false),
        ("^*6", "0", "0", "0", true, true, true),
        ("73/16+v9*8", "73/16", "73/16", "73/16", false, true, false),
        ("{0|*||*|||*||||*}", "0", "0", "0", true, true, true),
        ("{0||0|v*}", "0", "0", "0", true, true, true),
        ("{0||0|vvv}", "0", "0", "0", true, true, true),
        ("{^^^|vv}", "0", "0", "0", true, true, true),
        ("{0||0|-3/2}", "0", "0", "0", true, true, false),
        ("{0|||0||-1|-3}", "0", "0", "0", true, true, false),
        ("{5||3|1|||0||||0}", "0", "0", "0", true, true, false),
        ("{1|^^||^}", "0", "0", "0", true, true, false),
        ("{1|^^^||^}", "0", "0", "0", true, true, false),
        ("{3||2+*|1+*}", "3", "2", "{3||2|1}", false, false, false),
        (
            "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
            "1/2",
            "-1",
            "{3/2|1/2||{0|-3},{-1/2|-1||-5/2}}",
            false,
            false,
            false,
        ),
    ];
    for (g, ls, rs, rcf, inf, numberish, small) in table {
        check(&format!("lstop({g})"), ls);
        check(&format!("rstop({g})"), rs);
        check(&format!("rcf({g})"), rcf);
        // CGSuite's names reach the same functions.
        check(&format!("LeftStop({g})"), ls);
        check(&format!("ReducedCanonicalForm({g})"), rcf);
        assert_eq!(
            show(&format!("is_infinitesimal({g})")),
            inf.to_string(),
            "{g}"
        );
        assert_eq!(show(&format!("IsNumberish({g})")), numberish.to_string());
        assert_eq!(
            show(&format!("is_all_small({g})")),
            small.to_string(),
            "{g}"
        );
    }
}

/// CGSuite, lang2 `CanonicalShortGameTestCase`, `Incentives`, `LeftIncentives` and
/// `RightIncentives` (CGSuite prints the set `{a,b}`, we print the list `[a, b]`).
#[test]
fn incentives_from_cgsuite() {
    let list = |items: &[&str]| {
        let mut parts: Vec<String> = items.iter().map(|s| v(s).to_string()).collect();
        parts.sort_unstable();
        format!("[{}]", parts.join(", "))
    };
    // (game, incentives, left incentives, right incentives)
    type Row = (
        &'static str,
        &'static [&'static str],
        &'static [&'static str],
        &'static [&'static str],
    );
    let table: [Row; 12] = [
        ("0", &[], &[], &[]),
        ("5", &["-1"], &["-1"], &[]),
        ("-1/2", &["-1/2"], &["-1/2"], &["-1/2"]),
        ("25/16", &["-1/16"], &["-1/16"], &["-1/16"]),
        (
            "*8",
            &["*8", "*9", "*10", "*11", "*12", "*13", "*14", "*15"],
            &["*8", "*9", "*10", "*11", "*12", "*13", "*14", "*15"],
            &["*8", "*9", "*10", "*11", "*12", "*13", "*14", "*15"],
        ),
        ("9/8+*", &["*"], &["*"], &["*"]),
        ("^", &["^*"], &["v"], &["^*"]),
        ("v*", &["^*"], &["^*"], &["v", "v*"]),
        ("6+^*", &["^*"], &["v", "v*"], &["^*"]),
        ("{^^^|vv}", &["{^5|0}"], &["{^5|0}"], &["{^5|0}"]),
        (
            "{0||0|-3/2}",
            &["{3/2,{3/2|0}|0}"],
            &["{3/2|0||0}"],
            &["{3/2,{3/2|0}|0}"],
        ),
        (
            "{3||2+*|1+*}",
            &["{2*|1*||0}"],
            &["{2*|1*||0}"],
            &["{2*|1*||0}"],
        ),
    ];
    for (g, all, left, right) in table {
        assert_eq!(show(&format!("incentives({g})")), list(all), "{g}");
        assert_eq!(show(&format!("LeftIncentives({g})")), list(left), "{g}");
        assert_eq!(show(&format!("rincentives({g})")), list(right), "{g}");
    }
}

/// Tinies and minies read and print as CGSuite prints them (lang2 `EvalTest`: "Tiny",
/// "Tiny fraction", "Tiny G", "Miny"; `CanonicalShortGameTestCase`: `{0||0|-3/2}` is
/// `Tiny(3/2)`, `{0|||0||-1|-3}` is `Tiny({3|1})`, `{5||3|1|||0||||0}` is
/// `Miny({5||3|1})`; `EvalTest` "integer * canonical game": 5 copies of {3||2|1} hold
/// `9Tiny({2|1})`; `GameStripTest`: TopplingDominoes "lrrlrrl" is `Tiny(1/2)`).
#[test]
fn tinies_and_minies_as_cgsuite_prints_them() {
    for (input, printed) in [
        ("{0||0|-1}", "Tiny(1)"),
        ("{0||0|-1/4}", "Tiny(1/4)"),
        ("{0|||0||-1|-2}", "Tiny({2|1})"),
        ("{1|0||0}", "Miny(1)"),
        ("{0||0|-3/2}", "Tiny(3/2)"),
        ("{0|||0||-1|-3}", "Tiny({3|1})"),
        ("{5||3|1|||0||||0}", "Miny({5|{3|1}})"),
        ("{9|||9||8|7}", "9Tiny({2|1})"),
        ("tiny(1/2)", "Tiny(1/2)"),
        ("tiny(2)", "Tiny(2)"),
        ("miny(1)", "Miny(1)"),
        ("Tiny(1) + 3", "3Tiny(1)"),
        ("Miny(1/2) - 1/2", "-1/2Miny(1/2)"),
        // Not tinies: the right option's mean is not below 0 (CGSuite prints {0|^<2>}
        // for {0||0|v*} and {0||0|v3} for {0||0|vvv}).
        ("{0||0|v*}", "{0|{0|v*}}"),
        ("{0||0|vvv}", "{0|{0|v3}}"),
        // A dominated option goes first: {0||0|-1, v} is tiny-1.
        ("{0||0|-1, v}", "Tiny(1)"),
    ] {
        assert_eq!(show(input), printed, "{input}");
        // What is printed reads back to the same value.
        assert_eq!(v(printed), v(&show(input)), "{printed}");
    }
    // Norton's product 5.{3||2|1} (CGSuite's `5*{3||2|1}`) is
    // {12|||11||10,{11|10}|9Tiny({2|1})}.
    assert_eq!(
        show("norton(5, {3||2|1})"),
        "{12|{11|{10, {11|10}|9Tiny({2|1})}}}"
    );
    assert_eq!(
        v("{12|||11||10,{11|10}|9Tiny({2|1})}"),
        v("{12|||11||10,{11|10}|{9|||9||8|7}}")
    );
}

/// Ordinal sums. Hackenbush stalks (Winning Ways ch. 2; Lessons in Play ch. 2, sign
/// expansions): blue on red is 1 : −1 = 1/2, two blue edges 1 : 1 = 2, blue, red, blue
/// 1 : −1 : 1 = 3/4. CGSuite's `CompoundGameTestCase`: 1/2 : 1/4 = 9/16, *5 : *6 = *11,
/// ±1 : ^^ = {1,±1|-1,{1,±1,±{1,±1}|-1,±1}}, {1|0} : 0 = {1|0}.
#[test]
fn ordinal_sums_from_hackenbush_and_cgsuite() {
    check("1 : -1", "1/2");
    check("1:1", "2");
    check("1 : -1 : 1", "3/4");
    check("ordinalsum(1, -1)", "1/2");
    check("1/2 : 1/4", "9/16");
    check("*5 : *6", "*11");
    check(
        "{1|-1} : ^^",
        "{1,{1|-1}|-1,{1,{1|-1},{1,{1|-1}|-1,{1|-1}}|-1,{1|-1}}}",
    );
    check("{1|0} : 0", "{1|0}");
    // CGSuite's precedence: `:` binds tighter than `+`.
    check("1 : 1 + 1", "3");
}

/// Norton products. CGSuite lang2 `GameTest` (NortonProduct): 0.^ = 0, 6.^ = ^6,
/// (−4).^ = v4, (1/2).^ = {^^*|v*}, ^.^ = {^^*||0|v4}, Tiny(2).^ = {^^*||0|v6}; for an
/// integer G, G copies of U (Siegel II: 1.U = U, 2.↑* = ⇑).
#[test]
fn norton_products_from_cgsuite() {
    check("norton(0, ^)", "0");
    check("norton(6, ^)", "^6");
    check("-4 . ^", "v4");
    check("norton(1/2, ^)", "{^^*|v*}");
    check("^.^", "{^^*||0|v4}");
    check("NortonProduct(Tiny(2), ^)", "{^^*||0|v6}");
    check("1 . ^", "^");
    check("1 . {3||2|1}", "{3||2|1}");
    check("2 . ^*", "^^");
    let e = evaluate("norton(1/2, *)").unwrap_err().to_string();
    assert!(e.contains("U > 0"), "{e}");
    let e = evaluate("1.5").unwrap_err().to_string();
    assert!(e.contains("fractions"), "{e}");
}

/// Overheating. CGSuite lang2 `GameTest`: {3||2*|1*}.Overheat(*, 1*) =
/// {1||±(1*)|-1,{-1|-3}}, (7/16).Overheat(0, 0) = ^[3] = {0|*||*|||*}.
#[test]
fn overheating_from_cgsuite() {
    check("overheat({3||2+*|1+*}, *, 1*)", "{1||{1*|-1*}|-1,{-1|-3}}");
    check("overheat(7/16, 0, 0)", "{0|*||*|||*}");
}

/// Nim multiplication (Conway, ONAG ch. 6): *2·*2 = *3, *2·*3 = *1, *3·*3 = *2, the
/// Fermat 2-powers square to 3/2 of themselves (*4·*4 = *6, *16·*16 = *24, *256·*256 =
/// *384), *8·*8 = *13; CGSuite lang2 `GameTest` (ConwayProduct of nimbers): *4·*4 = *6,
/// *19·*23 = *86; `CompoundGameTestCase`: *5·*6 = *8.
#[test]
fn nim_products_from_onag_and_cgsuite() {
    for (a, b, p) in [
        (2, 2, 3),
        (2, 3, 1),
        (3, 3, 2),
        (4, 4, 6),
        (16, 16, 24),
        (256, 256, 384),
        (65536, 65536, 98304),
        (8, 8, 13),
        (19, 23, 86),
        (5, 6, 8),
    ] {
        assert_eq!(nim_product(a, b), p, "{a}*{b}");
    }
    assert_eq!(show("nimmul(*19, *23)"), "*86");
    assert_eq!(show("nimmul(*2, *2)"), "*3");
    assert!(
        evaluate("nimmul(^, *)")
            .unwrap_err()
            .to_string()
            .contains("nimbers")
    );
}

/// The nimbers below 2^8 form a field under nim-addition and nim-multiplication (ONAG
/// ch. 6): every non-zero one has an inverse, and the product is closed and commutative.
#[test]
fn nimbers_below_256_have_inverses() {
    for a in 1u64..256 {
        let inverses: Vec<u64> = (1..256).filter(|&b| nim_product(a, b) == 1).collect();
        assert_eq!(inverses.len(), 1, "{a}");
        for b in 0..256 {
            assert!(nim_product(a, b) < 256);
            assert_eq!(nim_product(a, b), nim_product(b, a));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Associativity and distributivity over nim-addition (XOR) on *0..*255, and on
    /// 64-bit nimbers (the field below 2^64).
    #[test]
    fn nim_multiplication_is_a_field(a in 0u64..256, b in 0u64..256, c in 0u64..256,
                                     x in any::<u64>(), y in any::<u64>(), z in any::<u64>()) {
        for (a, b, c) in [(a, b, c), (x, y, z)] {
            prop_assert_eq!(nim_product(nim_product(a, b), c), nim_product(a, nim_product(b, c)));
            prop_assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
            prop_assert_eq!(nim_product(a, 1), a);
        }
    }
}

fn leaves() -> Vec<GameId> {
    vec![
        GameId::zero(),
        GameId::nimber(1),
        GameId::nimber(2),
        GameId::ups(1),
        GameId::ups(-1),
        GameId::integer(1),
        GameId::integer(-1),
        GameId::number(Dyadic::new(1, 1).unwrap()),
        GameId::number(Dyadic::new(-3, 2).unwrap()),
    ]
}

/// Random short games.
fn game() -> impl Strategy<Value = GameId> {
    games_from(leaves(), 3, 0)
}

/// Random infinitesimals: sums of ↑, *, tinies and minies, and small all-small games.
fn infinitesimal() -> impl Strategy<Value = GameId> {
    let all_small = games_from(
        vec![GameId::zero(), GameId::nimber(1), GameId::ups(1)],
        3,
        1,
    );
    let tinies = (game(), any::<bool>()).prop_filter_map("G > 0", |(g, tiny)| {
        g.greater(GameId::zero()).then(|| {
            if tiny {
                GameId::tiny(g).unwrap()
            } else {
                GameId::miny(g).unwrap()
            }
        })
    });
    (all_small, tinies).prop_map(|(a, b)| a + b)
}

proptest! {
    // About three games in four from `game()` are not > 0, so the two properties that
    // assume G > 0 (or U > 0) reject ~900 of every 1200 draws: proptest's default of
    // 1024 global rejects made them fail by chance (CI, 2026-11-26).
    #![proptest_config(ProptestConfig { cases: 300, max_global_rejects: 20_000, ..ProptestConfig::default() })]

    /// rcf(G) = rcf(H) exactly when G − H is infinitesimal (Siegel II.6): tested on
    /// pairs that differ by an infinitesimal and on independent pairs, in both
    /// directions. Also G − rcf(G) is infinitesimal and rcf is idempotent.
    #[test]
    fn rcf_identifies_exactly_the_infinitely_close(g in game(), h in game(), e in infinitesimal()) {
        let rcf = |x: GameId| x.reduced_canonical_form().unwrap();
        let close = g + e;
        prop_assert!((g - close).is_infinitesimal());
        prop_assert_eq!(rcf(g), rcf(close), "{} and {}", g, close);
        prop_assert_eq!(rcf(g) == rcf(h), (g - h).is_infinitesimal(), "{} and {}", g, h);
        prop_assert!((g - rcf(g)).is_infinitesimal(), "{}", g);
        prop_assert_eq!(rcf(rcf(g)), rcf(g));
        prop_assert!(rcf(g).birthday() <= g.birthday(), "{}", g);
        // Stops, numberish and all-small agree with their definitions.
        prop_assert_eq!(g.is_numberish(), g.left_stop() == g.right_stop());
        prop_assert!(!e.is_all_small() || e.is_infinitesimal());
    }

    /// Ordinal sums: G : 0 = G and 0 : H = H (Conway, ONAG ch. 15).
    #[test]
    fn ordinal_sum_identities(g in game(), h in game()) {
        prop_assert_eq!(g.ordinal_sum(GameId::zero()).unwrap(), g);
        prop_assert_eq!(GameId::zero().ordinal_sum(h).unwrap(), h);
    }

    /// Norton's product by U > 0 is additive in G and 1.U = U (Siegel II).
    #[test]
    fn norton_product_is_additive(g in game(), h in game(), u in game()) {
        prop_assume!(u.greater(GameId::zero()));
        let n = |x: GameId| x.norton_product(u).unwrap();
        prop_assert_eq!(n(g + h), n(g) + n(h), "{} {} {}", g, h, u);
        prop_assert_eq!(n(GameId::integer(1)), u);
        prop_assert_eq!(n(-g), -n(g));
    }

    /// tiny-G is a positive infinitesimal and miny-G a negative one for G > 0 (Winning
    /// Ways ch. 5), and x + tiny-G prints as CGSuite does and reads back.
    #[test]
    fn tinies_are_positive_infinitesimals(g in game(), x in prop::sample::select(leaves())) {
        prop_assume!(g.greater(GameId::zero()));
        let t = GameId::tiny(g).unwrap();
        prop_assert!(t.greater(GameId::zero()) && t.is_infinitesimal(), "{}", t);
        let m = GameId::miny(g).unwrap();
        prop_assert!(m.less(GameId::zero()) && m.is_infinitesimal());
        for v in [t, m, t + x, m + x] {
            prop_assert_eq!(parse_value(&v.to_string()).unwrap(), v, "{}", v);
        }
    }
}

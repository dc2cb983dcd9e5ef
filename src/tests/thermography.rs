//! The temperature theory of the kernel against published values (CGSuite's test table,
//! Winning Ways, the cgt crate's tests) and its laws as property tests.

mod common;

use common::games_from;
use gamecensus::values::dyadic::Dyadic;
use gamecensus::values::game::{CoolError, GameId};
use gamecensus::values::parse::{evaluate, parse_value};
use proptest::prelude::*;

fn v(s: &str) -> GameId {
    parse_value(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn d(s: &str) -> Dyadic {
    v(s).as_number()
        .unwrap_or_else(|| panic!("{s} is not a number"))
}

/// `expr` evaluates to the value `expected` (compared as values, not as text: CGSuite
/// writes ±1/2 as `+-1/2`).
fn check(expr: &str, expected: &str) {
    let got = evaluate(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
    assert_eq!(got.to_string(), v(expected).to_string(), "{expr}");
}

/// CGSuite, lang2 `CanonicalShortGameTestCase`: thermographs (walls as mast value,
/// critical points and slopes from the top down), temperatures, means and stops.
#[test]
fn thermographs_from_cgsuite() {
    for (g, thermograph) in [
        ("0", "Thermograph(0,[],[0],0,[],[0])"),
        ("5", "Thermograph(5,[],[0],5,[],[0])"),
        ("-1/2", "Thermograph(-1/2,[-1/2],[0,-1],-1/2,[-1/2],[0,1])"),
        (
            "25/16",
            "Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])",
        ),
        ("*8", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"),
        ("^", "Thermograph(0,[0],[0,-1],0,[],[0])"),
        (
            "9/8*",
            "Thermograph(9/8,[0,-1/8,-1/4],[0,-1,0,-1],9/8,[0,-1/8],[0,1,0])",
        ),
        (
            "{3||2*|1*}",
            "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])",
        ),
        (
            "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
            "Thermograph(-5/16,[21/16,1/2,-1/2],[0,-1,0,-1],-5/16,[21/16,7/8,1/4,0],[0,1,0,1,0])",
        ),
    ] {
        let t = evaluate(&format!("thermograph({g})")).unwrap();
        assert_eq!(t.to_string(), thermograph, "thermograph({g})");
    }
    for (g, temp, mean, stops) in [
        ("0", "-1", "0", ("0", "0")),
        ("5", "-1", "5", ("5", "5")),
        ("-1/2", "-1/2", "-1/2", ("-1/2", "-1/2")),
        ("25/16", "-1/16", "25/16", ("25/16", "25/16")),
        ("*8", "0", "0", ("0", "0")),
        ("^", "0", "0", ("0", "0")),
        ("9/8*", "0", "9/8", ("9/8", "9/8")),
        ("{3||2*|1*}", "3/4", "9/4", ("3", "2")),
        (
            "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
            "21/16",
            "-5/16",
            ("1/2", "-1"),
        ),
    ] {
        let g = v(g);
        assert_eq!(g.temperature().unwrap(), d(temp), "temp({g})");
        assert_eq!(g.mean().unwrap(), d(mean), "mean({g})");
        assert_eq!(g.stops(), (d(stops.0), d(stops.1)), "stops({g})");
    }
}

/// CGSuite, lang2 `CanonicalShortGameTestCase`: cooling and heating of {3||2*|1*} and
/// of 1/4 (below its temperature, a number cools like a game).
#[test]
fn cooling_and_heating_from_cgsuite() {
    let g = "{3||2*|1*}";
    for (t, cooled) in [
        ("0", "{3||2*|1*}"),
        ("1/4", "{11/4||2|3/2}"),
        ("1/2", "{5/2|2*}"),
        ("5/8", "{19/8|17/8}"),
        ("3/4", "9/4*"),
        ("70", "9/4"),
        ("-1/2", "{7/2|||5/2|3/2||+-1/2}"),
    ] {
        check(&format!("cool({g}, {t})"), cooled);
    }
    for (t, cooled) in [("-1/8", "1/4"), ("-1/4", "1/4*"), ("-3/8", "{3/8|1/8}")] {
        check(&format!("cool(1/4, {t})"), cooled);
    }
    assert_eq!(v(g).cool(Dyadic::int(-1)), Err(CoolError::BelowMinusOne));
    assert!(evaluate(&format!("cool({g}, -1)")).is_err());
    for (t, heated) in [
        ("0", "{3||2*|1*}"),
        ("1/2", "{7/2|||5/2|3/2||+-1/2}"),
        ("1", "{4|||3|1||0|-2}"),
        ("-3/4", "9/4*"),
        ("-1", "9/4"),
        ("-2", "3/2"),
        ("-3", "1"),
        ("-4", "0"),
        ("*", "{3*||2|1}"),
    ] {
        check(&format!("heat({g}, {t})"), heated);
    }
}

/// Winning Ways ch. 6 (and the examples): ±1 has mean 0 and temperature 1;
/// {2|−1} has mean 1/2 and temperature 3/2. The cgt crate's tests cool {2|−1} by
/// 0, 1/2, 1, 3/2, 2, 3 and 42.
#[test]
fn textbook_hot_games() {
    check("mean(+-1)", "0");
    check("temp(+-1)", "1");
    check("mean({2|-1})", "1/2");
    check("temp({2|-1})", "3/2");
    for (t, cooled) in [
        ("0", "{2|-1}"),
        ("1/2", "{3/2|-1/2}"),
        ("1", "{1|0}"),
        ("3/2", "1/2*"),
        ("2", "1/2"),
        ("3", "1/2"),
        ("42", "1/2"),
    ] {
        check(&format!("cool({{2|-1}}, {t})"), cooled);
    }
}

/// Random games with hot options: numbers, switches and infinitesimals at the leaves.
fn hot() -> impl Strategy<Value = GameId> {
    games_from(
        vec![
            GameId::zero(),
            GameId::nimber(1),
            GameId::ups(1),
            GameId::integer(1),
            GameId::integer(-2),
            GameId::number(Dyadic::new(1, 1).unwrap()),
            GameId::number(Dyadic::new(-3, 2).unwrap()),
            v("+-1"),
            v("{2|-1}"),
        ],
        3,
        1,
    )
}

/// Numbers m/2^k: integers and fractions with up to 6 bits after the point.
fn number() -> impl Strategy<Value = Dyadic> {
    (-200i128..200, 0u32..7).prop_map(|(m, k)| Dyadic::new(m, k).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, max_global_rejects: 20_000, ..ProptestConfig::default() })]

    /// The mean is additive (Winning Ways ch. 6, the mean value theorem).
    #[test]
    fn mean_is_additive(a in hot(), b in hot()) {
        let s = a.checked_add(b).unwrap();
        prop_assert_eq!(
            s.mean().unwrap(),
            a.mean().unwrap().checked_add(b.mean().unwrap()).unwrap()
        );
    }

    /// The temperature of G + H is at most the larger of theirs (Winning Ways ch. 6).
    #[test]
    fn sums_are_no_hotter_than_their_hottest_part(a in hot(), b in hot()) {
        let s = a.checked_add(b).unwrap();
        let t = a.temperature().unwrap().max(b.temperature().unwrap());
        prop_assert!(s.temperature().unwrap() <= t.max(Dyadic::ZERO));
    }

    /// A number's temperature is negative: −1 for an integer, −1/2^k for m/2^k in
    /// lowest terms (CGSuite's convention).
    #[test]
    fn numbers_have_negative_temperature(x in number()) {
        let t = GameId::number(x).temperature().unwrap();
        let expected = if x.is_integer() {
            Dyadic::int(-1)
        } else {
            Dyadic::new(-1, x.exp()).unwrap()
        };
        prop_assert_eq!(t, expected);
        prop_assert!(t < Dyadic::ZERO);
    }

    /// Cooled by its temperature, a game is infinitesimally close to its mean
    /// (Siegel, Combinatorial Game Theory II.5).
    #[test]
    fn cooling_by_the_temperature_leaves_an_infinitesimal_off_the_mean(g in hot()) {
        let t = g.temperature().unwrap();
        prop_assume!(t > Dyadic::int(-1));
        let cooled = g.cool(t).unwrap();
        let off = cooled.checked_sub(GameId::number(g.mean().unwrap())).unwrap();
        prop_assert!(off.is_infinitesimal(), "{g} cooled by {t} is {cooled}");
    }

    /// The walls are the stops of the cooled game (the thermograph's definition,
    /// Winning Ways ch. 6): three computations (scaffolds, cooling, stops) agree.
    #[test]
    fn walls_are_the_stops_of_the_cooled_game(g in hot(), i in 0i128..24) {
        let t = Dyadic::new(i - 3, 2).unwrap();
        let th = g.thermograph().unwrap();
        let (ls, rs) = g.cool(t).unwrap().stops();
        prop_assert_eq!(th.left.value_at(t).unwrap(), ls, "left wall of {} at {}", g, t);
        prop_assert_eq!(th.right.value_at(t).unwrap(), rs, "right wall of {} at {}", g, t);
    }

    /// Cooling by t ≥ 0 below the temperature keeps the mean and lowers the temperature
    /// by t: the cooled game's thermograph is the part of G's above t (Winning Ways ch. 6).
    #[test]
    fn cooling_shifts_the_thermograph_down(g in hot(), i in 0i128..8) {
        let temp = g.temperature().unwrap();
        prop_assume!(temp > Dyadic::ZERO);
        // t = i/8 of the temperature.
        let t = Dyadic::new(temp.num() as i128 * i, temp.exp() + 3).unwrap();
        let cooled = g.cool(t).unwrap();
        prop_assert_eq!(cooled.mean().unwrap(), g.mean().unwrap());
        prop_assert_eq!(cooled.temperature().unwrap(), temp.checked_sub(t).unwrap(), "{} cooled by {}", g, t);
    }
}

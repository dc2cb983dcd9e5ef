//! The temperature theory of the kernel against published values (CGSuite's test table,
//! Winning Ways, the cgt crate's tests) and its laws as property tests.

use crate::common;

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

/// An XML element: name, attributes, the text that follows it.
type El = (String, Vec<(String, String)>, String);

/// Every element of the SVG `xml` as (name, attributes, text that follows it); panics if
/// it is not well-formed XML.
fn svg_elements(xml: &str) -> Vec<El> {
    use quick_xml::events::Event;
    let mut r = quick_xml::Reader::from_str(xml);
    let mut out: Vec<El> = Vec::new();
    loop {
        match r.read_event() {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => {
                let attrs = e
                    .attributes()
                    .map(|a| {
                        let a = a.unwrap();
                        let k = String::from_utf8_lossy(a.key.as_ref()).into_owned();
                        (k, a.unescape_value().unwrap().into_owned())
                    })
                    .collect();
                let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
                out.push((name, attrs, String::new()));
            }
            Ok(Event::Text(t)) => {
                if let Some(last) = out.last_mut() {
                    last.2.push_str(&t.decode().unwrap());
                }
            }
            Ok(Event::GeneralRef(g)) => {
                let s = match g.decode().unwrap().as_ref() {
                    "lt" => "<",
                    "gt" => ">",
                    "amp" => "&",
                    "quot" => "\"",
                    other => panic!("entity {other}"),
                };
                out.last_mut().unwrap().2.push_str(s);
            }
            Ok(Event::Eof) => return out,
            Ok(_) => {}
            Err(e) => panic!("not well-formed XML at {}: {e}", r.buffer_position()),
        }
    }
}

fn at<'a>(e: &'a El, k: &str) -> &'a str {
    e.1.iter()
        .find(|(a, _)| a == k)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no {k} in {e:?}"))
}

/// Whether `e` is a `name` element with the attribute `k` = `val`.
fn is(e: &El, name: &str, k: &str, val: &str) -> bool {
    e.0 == name && e.1.iter().any(|(a, v)| a == k && v == val)
}

fn px(e: &El, x: &str, y: &str) -> (f64, f64) {
    (at(e, x).parse().unwrap(), at(e, y).parse().unwrap())
}

/// The drawn points `(t, x)` of the thermograph's walls are its walls' own corners (and
/// stops at t = 0 and the mast's foot), exactly; on the page, Left (larger values) is to
/// the left, temperature goes up, the walls are straight at 45° or vertical between the
/// points, and the mast stands on the walls' last point. Published walls:
/// - switches {x|y} (Winning Ways ch. 6; Siegel, Combinatorial Game Theory II.5,
///   "Thermographs"): walls x − t and y + t (at t = 0 the stops x and y) up to the
///   temperature (x − y)/2, mast at the mean (x + y)/2: {3|−1} (mast 1 from 2), {2|−1}
///   (mast 1/2 from 3/2, Winning Ways' example), ±1 (mast 0 from 1); continued below
///   t = 0 to t = −1 as CGSuite's generalised walls are (its test table, above);
/// - −1/2, ^ and {3||2*|1*}: CGSuite's `CanonicalShortGameTestCase` (the strings in
///   `thermographs_from_cgsuite`: a wall `mast,[critical points],[slopes]`);
/// - {4||2|1}, by hand from Winning Ways' construction: the left scaffold is 4 − t, the
///   right one {2|1}'s left wall (2 − t up to 1/2, then 3/2) plus t, i.e. 2 up to 1/2,
///   then 3/2 + t; they meet at t = 5/4, x = 11/4.
#[test]
fn drawn_thermographs_have_the_walls_corners() {
    type Points<'a> = &'a [(&'a str, &'a str)];
    let cases: [(&str, Points, Points); 8] = [
        (
            "{3|-1}",
            &[("-1", "4"), ("0", "3"), ("2", "1")],
            &[("-1", "-2"), ("0", "-1"), ("2", "1")],
        ),
        (
            "{2|-1}",
            &[("-1", "3"), ("0", "2"), ("3/2", "1/2")],
            &[("-1", "-2"), ("0", "-1"), ("3/2", "1/2")],
        ),
        (
            "+-1",
            &[("-1", "2"), ("0", "1"), ("1", "0")],
            &[("-1", "-2"), ("0", "-1"), ("1", "0")],
        ),
        (
            "-1/2",
            &[("-1", "0"), ("-1/2", "-1/2")],
            &[("-1", "-1"), ("-1/2", "-1/2")],
        ),
        ("^", &[("-1", "1"), ("0", "0")], &[("-1", "0"), ("0", "0")]),
        ("5", &[("-1", "5")], &[("-1", "5")]),
        (
            "{3||2*|1*}",
            &[("-1", "4"), ("0", "3"), ("3/4", "9/4")],
            &[("-1", "1"), ("0", "2"), ("1/2", "2"), ("3/4", "9/4")],
        ),
        (
            "{4||2|1}",
            &[("-1", "5"), ("0", "4"), ("5/4", "11/4")],
            &[("-1", "2"), ("0", "2"), ("1/2", "2"), ("5/4", "11/4")],
        ),
    ];
    for (game, left, right) in cases {
        let g = v(game);
        let th = g.thermograph().unwrap();
        let svg = gamecensus::values::thermo_svg::svg(&th, game).unwrap();
        assert_eq!(svg, gamecensus::values::thermo_svg::svg(&th, game).unwrap());
        let els = svg_elements(&svg);
        let group = els.iter().find(|e| e.0 == "g").unwrap();
        assert_eq!(at(group, "data-temperature"), th.temperature().to_string());
        assert_eq!(at(group, "data-mean"), th.mean().unwrap().to_string());
        let caption = els.iter().find(|e| is(e, "text", "class", "caption"));
        assert_eq!(caption.unwrap().2.trim(), game);
        let mut feet = Vec::new();
        for (name, wall, want) in [("left", &th.left, left), ("right", &th.right, right)] {
            let corners: Vec<&El> = els
                .iter()
                .filter(|e| is(e, "circle", "data-wall", name))
                .collect();
            let points: Vec<(Dyadic, Dyadic)> = corners
                .iter()
                .map(|e| (d(at(e, "data-t")), d(at(e, "data-x"))))
                .collect();
            let want: Vec<(Dyadic, Dyadic)> = want.iter().map(|&(t, x)| (d(t), d(x))).collect();
            assert_eq!(points, want, "{name} wall of {game}");
            for &(t, x) in &points {
                assert_eq!(wall.value_at(t).unwrap(), x, "{name} wall of {game} at {t}");
            }
            for c in wall.critical_points() {
                assert!(points.iter().any(|&(t, _)| t == c), "{game}: corner {c}");
            }
            let last = *points.last().unwrap();
            assert_eq!(last, (th.temperature(), th.mean().unwrap()), "{game}");
            // The polyline goes through the drawn points, in order.
            let line = els
                .iter()
                .find(|e| is(e, "polyline", "class", &format!("wall {name}")))
                .unwrap();
            let drawn: Vec<String> = corners
                .iter()
                .map(|e| format!("{},{}", at(e, "cx"), at(e, "cy")))
                .collect();
            assert_eq!(at(line, "points"), drawn.join(" "), "{game}");
            for (a, b) in points.iter().zip(&points[1..]) {
                let i = points.iter().position(|p| p == a).unwrap();
                let (pa, pb) = (px(corners[i], "cx", "cy"), px(corners[i + 1], "cx", "cy"));
                assert!(pb.1 < pa.1, "{game}: temperature goes up");
                assert_eq!(pb.0 < pa.0, b.1 > a.1, "{game}: Left is to the left");
                let (dx, dy) = ((pb.0 - pa.0).abs(), (pb.1 - pa.1).abs());
                assert!(
                    dx < 0.2 || (dx - dy).abs() < 0.2,
                    "{game}: slope ±1 or vertical"
                );
            }
            feet.push(px(corners[corners.len() - 1], "cx", "cy"));
        }
        assert_eq!(
            feet[0], feet[1],
            "{game}: the walls meet at the mast's foot"
        );
        let mast = els.iter().find(|e| is(e, "line", "class", "mast")).unwrap();
        assert_eq!(at(mast, "data-x"), th.mean().unwrap().to_string());
        let (x1, y1) = px(mast, "x1", "y1");
        let (x2, y2) = px(mast, "x2", "y2");
        assert_eq!((x1, y1), feet[0], "{game}: the mast stands on the walls");
        assert!(x2 == x1 && y2 < y1, "{game}: the mast goes up");
    }
}

/// `value 'thermograph(G)' --svg FILE` prints the walls and draws them; `draw
/// --thermograph G` draws the same bytes; an existing FILE is refused without --force
/// and left as it was; an answer that is not a thermograph, --svg on stdin, and a
/// --thermograph that is not a game are usage errors that write nothing.
#[test]
fn thermographs_from_the_command_line() {
    use common::cli::{assert_usage_error, run_in, stdout};
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| run_in(args, b"", dir.path());
    let o = run(&["value", "thermograph({3|-1})", "--svg", "t.svg"]);
    // Winning Ways ch. 6: {3|-1} has mean 1 and temperature 2.
    assert_eq!(stdout(&o), "Thermograph(1,[2],[0,-1],1,[2],[0,1])\n");
    let t = std::fs::read_to_string(dir.path().join("t.svg")).unwrap();
    assert!(t.contains(">thermograph of {3|-1}: temperature 2, mean 1</text>"));
    svg_elements(&t);
    assert!(
        run(&["draw", "--thermograph", "{3|-1}", "--out", "d.svg"])
            .status
            .success()
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("d.svg")).unwrap(),
        t
    );
    // A sum is drawn as its value: {2|-1} + ±1, mean 1/2 + 0 (Winning Ways ch. 6: the
    // mean is additive).
    let o = run(&["draw", "--thermograph", "{2|-1} + +-1", "--out", "s.svg"]);
    assert!(o.status.success());
    let s = std::fs::read_to_string(dir.path().join("s.svg")).unwrap();
    assert!(s.contains("data-mean=\"1/2\""), "{s}");
    assert_usage_error(
        &run(&["value", "thermograph(+-1)", "--svg", "t.svg"]),
        "t.svg exists: use --force",
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("t.svg")).unwrap(),
        t
    );
    let o = run(&["value", "thermograph(+-1)", "--svg", "t.svg", "--force"]);
    assert_eq!(stdout(&o), "Thermograph(0,[1],[0,-1],0,[1],[0,1])\n");
    assert!(
        std::fs::read_to_string(dir.path().join("t.svg"))
            .unwrap()
            .contains("of {1|-1}:")
    );
    assert_usage_error(
        &run(&["value", "{3|-1}", "--svg", "u.svg"]),
        "--svg draws thermographs",
    );
    assert_usage_error(&run(&["value", "--svg", "u.svg"]), "not on stdin");
    assert_usage_error(
        &run(&["draw", "--thermograph", "outcome(1)", "--out", "u.svg"]),
        "is not a game",
    );
    assert_usage_error(
        &run(&["draw", "--thermograph", "{3", "--out", "u.svg"]),
        "{",
    );
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["d.svg", "s.svg", "t.svg"], "nothing else written");
}

//! Issue #44 ("nothing lost, round two"), classes 8 and 9: inputs whose cost or output
//! grew without bound although their answer is small.
//!
//! Class 8, long chains and stalks: a chain of a poset game (a one-row or one-column
//! Chomp position) and a Hackenbush stalk were valued option by option, a copy of the
//! position per option, so cubic (`eval --rules chomp --position chomp:400` took 46 s and
//! 347 MB; chomp:3000 passed 4 GB). Their values are theorems (the rules'
//! `known_value`), checked here
//! - against the value by the definition (a plain recursion over the rules' moves: the
//!   mex of the options' nim-values, `{left options | right options}` in canonical form)
//!   on every chain of at most 30 elements, stalks of up to 30 edges in runs and
//!   alternations of colours (12 where green mixes with blue or red), every stalk of at
//!   most 6 edges in all colourings, and against near misses that are not chains or
//!   stalks (every poset of at most 6 elements, every Hackenbush position of the census
//!   up to 4 edges, loops, parallel edges, circuits, branches);
//! - against the published facts: a chain of n elements is the nim heap \*n (Gale 1974;
//!   Winning Ways ch. 18; any CGT text), so a Chomp row of n squares, the poison
//!   counted, is \*(n − 1) (as `gamecensus chomp`'s dynamic programming over Young
//!   diagrams also says); a green stalk of n edges is \*n, n blue edges are n, and a
//!   blue-red stalk is Berlekamp's sign expansion (Winning Ways ch. 1-2; Lessons in Play
//!   ch. 2: blue, blue, red = 3/2; blue, red, blue = 3/4);
//! - at the largest size a position may have (4,096 vertices), under `--timeout` and
//!   `--memory`: a return of the cubic path would stop there and fail, not hang.
//!
//! Class 9, thermographs of huge or tiny values: `value 'thermograph(G)' --svg` drew one
//! game unit at least 12 pixels, so {10^12|−10^12} was a 3·10^13-pixel SVG a browser
//! shows blank. The drawing now has the same few hundred pixels whatever the values'
//! magnitude; its labels carry the exact values (as the calculator prints them) and stay
//! on the canvas.

use std::collections::HashMap;

use crate::common;
use common::cli::{run, run_in, stderr, stdout};
use gamecensus::rules::chomp::Chomp;
use gamecensus::rules::hackenbush::Hackenbush;
use gamecensus::rules::poset::{PosetGame, posets};
use gamecensus::rules::shape_rules::ShapedRules;
use gamecensus::shapes::Shape;
use gamecensus::values::game::GameId;

/// The `value` column `gamecensus eval --rules RULES -` writes for each line of
/// `positions`, in order.
fn eval_values(rules: &str, positions: &[String]) -> Vec<String> {
    let input = positions.join("\n") + "\n";
    let o = run(
        &["eval", "--rules", rules, "--columns", "value", "-"],
        Some(&input),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("value"));
    let values: Vec<String> = lines
        .map(|l| match l.strip_prefix('"') {
            Some(q) => q.strip_suffix('"').unwrap().replace("\"\"", "\""),
            None => l.to_string(),
        })
        .collect();
    assert_eq!(values.len(), positions.len());
    values
}

/// The poset notation of a chain of `n` elements, 0 < 1 < ... < n − 1.
fn chain(n: usize) -> String {
    let rel: Vec<String> = (1..n).map(|i| format!("{}<{i}", i - 1)).collect();
    match n {
        0 | 1 => n.to_string(),
        _ => format!("{n}:{}", rel.join(",")),
    }
}

/// A Hackenbush stalk with edge colours `colours` (letters B, R, G) from the ground up.
fn stalk(colours: &str) -> String {
    if colours.is_empty() {
        return "0".to_string();
    }
    let edges: Vec<String> = colours
        .chars()
        .enumerate()
        .map(|(i, c)| format!("{i}-{}:{c}", i + 1))
        .collect();
    edges.join(",")
}

/// The value of a blue-red stalk by Berlekamp's sign expansion, as the calculator
/// writes a number: the edges of the bottom edge's colour up to the first change count
/// ±1, each edge from there on half the one below (+ blue, − red).
fn berlekamp(colours: &str) -> String {
    let c: Vec<i128> = colours
        .chars()
        .map(|c| if c == 'B' { 1 } else { -1 })
        .collect();
    let run = c.iter().take_while(|&&x| x == c[0]).count();
    let halves = (c.len() - run) as u32;
    let mut num = c[0] * run as i128 * (1 << halves);
    for (j, &s) in c[run..].iter().enumerate() {
        num += s * (1 << (halves - 1 - j as u32));
    }
    let mut den = 1i128 << halves;
    while den > 1 && num % 2 == 0 {
        num /= 2;
        den /= 2;
    }
    match den {
        1 => num.to_string(),
        _ => format!("{num}/{den}"),
    }
}

/// Every word of length `n` over the letters of `alphabet`.
fn words(alphabet: &str, n: usize) -> Vec<String> {
    (0..n).fold(vec![String::new()], |acc, _| {
        acc.iter()
            .flat_map(|w| alphabet.chars().map(move |c| format!("{w}{c}")))
            .collect()
    })
}

/// Chains of 0..=30 elements, written as relations, as one-row and as one-column
/// Chomp positions: the binary's value is the value by the definition and the nim heap
/// of the chain's size; `gamecensus chomp` (dynamic programming over Young diagrams,
/// no shapes) gives the one-row positions the same nim-values. The posets of at most 6
/// elements that are not chains keep their values by the definition too.
#[test]
fn chains_are_nim_heaps_as_the_definition_says() {
    let mut texts = Vec::new();
    let mut sizes = Vec::new();
    for n in 0..=30usize {
        let column = vec!["1"; n + 1].join(",");
        for text in [chain(n), format!("chomp:{}", n + 1), format!("chomp:{column}")] {
            texts.push(text);
            sizes.push(n);
        }
    }
    let values = eval_values("poset", &texts);
    let mut memo = HashMap::new();
    for ((text, &n), value) in texts.iter().zip(&sizes).zip(&values) {
        let heap = GameId::nimber(n as u32).to_string();
        assert_eq!(value, &heap, "{text}: a chain of {n} elements is *{n}");
        let s = PosetGame.parse(text).unwrap();
        let defined = common::by_definition(&PosetGame, &s, &mut memo).to_string();
        assert_eq!(value, &defined, "{text}: the value by the definition");
    }
    // The chomp ruleset (its own notation) and `gamecensus chomp` agree.
    let rows: Vec<String> = (1..=31).map(|n| n.to_string()).collect();
    let chomp_values = eval_values("chomp", &rows);
    let o = run(&["chomp", "--rows", "1", "--columns", "31"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let table = stdout(&o);
    let mut lines = table.lines();
    assert_eq!(lines.next(), Some("position,rows,columns,size,grundy"));
    let dp: Vec<u32> = lines
        .map(|l| l.rsplit(',').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(dp.len(), 31);
    for (n, (v, g)) in (1..=31u32).zip(chomp_values.iter().zip(&dp)) {
        assert_eq!(*g, n - 1, "gamecensus chomp: a row of {n} squares");
        assert_eq!(v, &GameId::nimber(n - 1).to_string(), "chomp {n}");
        let s = Chomp.parse(&n.to_string()).unwrap();
        assert_eq!(v, &common::by_definition(&Chomp, &s, &mut memo).to_string(), "chomp {n}");
    }
    // Near misses: every poset of at most 6 elements (406 of them; OEIS A000112).
    let all: Vec<Shape> = (0..=6).flat_map(posets).collect();
    assert_eq!(all.len(), 1 + 1 + 2 + 5 + 16 + 63 + 318);
    let texts: Vec<String> = all.iter().map(|s| PosetGame.write(s)).collect();
    let values = eval_values("poset", &texts);
    for ((s, text), value) in all.iter().zip(&texts).zip(&values) {
        let defined = common::by_definition(&PosetGame, s, &mut memo).to_string();
        assert_eq!(value, &defined, "{text}");
    }
}

/// Stalks: every one of at most 6 edges in every colouring, and ones of up to 30 edges
/// in runs and alternations; the binary's value is the value by the definition, and for
/// a green one *n, for a blue-red one Berlekamp's sign expansion. Positions that are
/// not stalks (the census up to 4 edges, and loops, parallel edges, circuits and
/// branches by hand) keep their values by the definition.
#[test]
fn stalks_have_their_values_by_berlekamps_rule_and_by_the_definition() {
    let mut colourings: Vec<String> = (0..=6).flat_map(|n| words("BRG", n)).collect();
    for n in 7..=30 {
        // Green with blue or red: up to 12 edges (the value is written out as a tree,
        // which grows by about sqrt(5) an edge: 19 kB at 12 edges, 59 MB at 22).
        let mixed: &[&str] = if n <= 12 { &["GB", "BG", "RG"] } else { &[] };
        for unit in ["B", "R", "G", "BR", "RB", "BBR", "RRB", "BRR"].iter().chain(mixed) {
            colourings.push(unit.repeat(n).chars().take(n).collect());
        }
    }
    // Published examples (Winning Ways ch. 1-2; docs/RULES.md).
    assert_eq!(berlekamp("BBR"), "3/2");
    assert_eq!(berlekamp("BRB"), "3/4");
    let texts: Vec<String> = colourings.iter().map(|c| stalk(c)).collect();
    let values = eval_values("hackenbush", &texts);
    let mut memo = HashMap::new();
    for ((colours, text), value) in colourings.iter().zip(&texts).zip(&values) {
        let s = Hackenbush.parse(text).unwrap();
        let defined = common::by_definition(&Hackenbush, &s, &mut memo).to_string();
        assert_eq!(value, &defined, "stalk {colours}: the value by the definition");
        if colours.chars().all(|c| c == 'G') {
            let heap = GameId::nimber(colours.len() as u32).to_string();
            assert_eq!(value, &heap, "a green stalk of {} edges", colours.len());
        } else if !colours.contains('G') {
            assert_eq!(value, &berlekamp(colours), "blue-red stalk {colours}");
        }
    }
    // Near misses.
    let mut shapes: Vec<Shape> = Vec::new();
    for k in 0..=4 {
        Hackenbush
            .enumerate(k, &mut |s| {
                shapes.push(s);
                true
            })
            .unwrap();
    }
    assert_eq!(shapes.len(), 1 + 3 + 15 + 100 + 729, "docs/RULES.md, by edges");
    let mut texts: Vec<String> = shapes.iter().map(|s| Hackenbush.write(s)).collect();
    for by_hand in [
        "0-1:G,1-1:G",
        "0-0:B",
        "0-0:G,0-1:G",
        "0-1:B,1-2:B,2-2:R",
        "0-1:B,0-1:R",
        "0-1:G,1-2:G,1-2:G",
        "0-1:B,1-2:R,0-2:G",
        "0-1:B,1-2:R,1-3:G",
        "0-1:G,1-2:G,2-3:G,1-3:G",
        "0-1:B,1-2:B,2-3:R,3-4:B,0-4:R",
        "0-1:B,1-2:R,2-3:B,0-3:B",
    ] {
        texts.push(by_hand.to_string());
    }
    let values = eval_values("hackenbush", &texts);
    for (text, value) in texts.iter().zip(&values) {
        let s = Hackenbush.parse(text).unwrap();
        let defined = common::by_definition(&Hackenbush, &s, &mut memo).to_string();
        assert_eq!(value, &defined, "{text}");
    }
}

/// The value column of `eval --rules RULES --position TEXT`, under a timeout and a
/// memory budget: the path that copies a position per option would stop there (exit 2)
/// on these positions, not hang.
fn eval_bounded(rules: &str, text: &str) -> std::process::Output {
    run(
        &[
            "eval",
            "--rules",
            rules,
            "--position",
            text,
            "--columns",
            "value",
            "--timeout",
            "120",
            "--memory",
            "1G",
        ],
        None,
    )
}

fn value_of(o: &std::process::Output) -> String {
    assert!(o.status.success(), "{}", stderr(o));
    stdout(o).lines().nth(1).expect("a row").to_string()
}

/// The largest chains and stalks a position may have (4,096 vertices): a Chomp row of
/// 4,096 squares is *4095 and a column the same, a chain of 4,096 elements *4096; a
/// green stalk of 4,095 edges *4095, blue and red ones ±4095, a long blue run with 40
/// alternating edges on top its sign expansion; a stalk whose number is beyond the
/// kernel's range is one line on stderr, exit 2.
#[test]
fn the_longest_chains_and_stalks_are_valued() {
    assert_eq!(value_of(&eval_bounded("chomp", "4096")), "*4095");
    assert_eq!(value_of(&eval_bounded("chomp", "4096x1")), "*4095");
    assert_eq!(value_of(&eval_bounded("poset", &chain(4096))), "*4096");
    let n = 4095;
    assert_eq!(
        value_of(&eval_bounded("hackenbush", &stalk(&"G".repeat(n)))),
        "*4095"
    );
    assert_eq!(
        value_of(&eval_bounded("hackenbush", &stalk(&"B".repeat(n)))),
        "4095"
    );
    assert_eq!(
        value_of(&eval_bounded("hackenbush", &stalk(&"R".repeat(n)))),
        "-4095"
    );
    let colours = "B".repeat(3000) + &"RB".repeat(20);
    let expected = berlekamp(&colours);
    assert_eq!(expected, "3298168379452075/1099511627776");
    assert_eq!(
        value_of(&eval_bounded("hackenbush", &stalk(&colours))),
        expected
    );
    // 63 edges above the first one: a denominator of 2^63, past the kernel's 2^62.
    let o = eval_bounded("hackenbush", &stalk(&("B".to_string() + &"RB".repeat(32))));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("a number beyond the kernel's range"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}

/// The value of attribute `name` in the first tag of `xml` that starts with `tag`.
fn attr(xml: &str, tag: &str, name: &str) -> f64 {
    let at = xml.find(tag).unwrap_or_else(|| panic!("no {tag}"));
    let rest = &xml[at..];
    let rest = &rest[..rest.find('>').unwrap_or(rest.len())];
    let key = format!(" {name}=\"");
    let v = &rest[rest.find(&key).unwrap_or_else(|| panic!("no {name}")) + key.len()..];
    v[..v.find('"').unwrap()].parse().unwrap()
}

/// Every element `tag` of `xml` (its text from `<tag` to its `>`).
fn tags<'a>(xml: &'a str, tag: &str) -> Vec<&'a str> {
    xml.match_indices(tag)
        .map(|(i, _)| &xml[i..i + xml[i..].find('>').unwrap()])
        .collect()
}

/// Switches {x|−x} (Winning Ways ch. 6: walls x − t and −x + t, meeting at the
/// temperature x over the mean 0) with x from 2^-50 to 10^15, and one far from 0:
/// each SVG is at most 1200 x 600 pixels and at least 300 x 200, every corner on the
/// canvas, and the labels exact: the stops (±x, 0), the mast's foot (0, x), the
/// temperature axis's 0 (and x when it is not on 0's pixel), the group's data-temperature
/// and data-mean. `draw --thermograph` writes the same bytes.
#[test]
fn thermographs_of_huge_and_tiny_values_are_pictures_of_bounded_size() {
    let dir = tempfile::tempdir().unwrap();
    for (x, mean, big) in [
        ("1000000000000", "0", true),
        ("1000000000000000", "0", true),
        ("100", "0", true),
        ("1/1099511627776", "0", false),
        ("1/1125899906842624", "0", false),
    ] {
        let game = format!("{{{x}|-{x}}}");
        let file = format!("t{}.svg", x.len());
        let o = run_in(
            &["value", &format!("thermograph({game})"), "--svg", &file],
            b"",
            dir.path(),
        );
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        let svg = std::fs::read_to_string(dir.path().join(&file)).unwrap();
        let (w, h) = (attr(&svg, "<svg", "width"), attr(&svg, "<svg", "height"));
        assert!((300.0..=1200.0).contains(&w), "{game}: width {w}");
        assert!((200.0..=600.0).contains(&h), "{game}: height {h}");
        for c in tags(&svg, "<circle") {
            let (cx, cy) = (attr(c, "<circle", "cx"), attr(c, "<circle", "cy"));
            assert!(cx > 0.0 && cx < w && cy > 0.0 && cy < h, "{game}: {c}");
        }
        for t in tags(&svg, "<text") {
            let tx = attr(t, "<text", "x");
            assert!(tx > 0.0 && tx < w, "{game}: {t}");
        }
        assert!(svg.contains(&format!("data-temperature=\"{x}\" data-mean=\"{mean}\"")));
        for label in [format!("({x}, 0)"), format!("(-{x}, 0)"), format!("(0, {x})")] {
            assert!(svg.contains(&format!(">{label}</text>")), "{game}: {label}");
        }
        assert!(svg.contains("text-anchor=\"end\">0</text>"), "{game}: t = 0");
        if big {
            let label = format!("text-anchor=\"end\">{x}</text>");
            assert!(svg.contains(&label), "{game}: the temperature on its axis");
        }
        let drawn = format!("d{}.svg", x.len());
        let o = run_in(
            &["draw", "--thermograph", &game, "--out", &drawn],
            b"",
            dir.path(),
        );
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        let d = std::fs::read_to_string(dir.path().join(&drawn)).unwrap();
        assert_eq!(d, svg, "{game}: draw --thermograph");
    }
    // Far from 0 and hot: 10^12 + {1|-1} (mean 10^12, temperature 1).
    let o = run_in(
        &[
            "value",
            "thermograph(1000000000000 + {1|-1})",
            "--svg",
            "far.svg",
        ],
        b"",
        dir.path(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(dir.path().join("far.svg")).unwrap();
    let (w, h) = (attr(&svg, "<svg", "width"), attr(&svg, "<svg", "height"));
    assert!(w <= 1200.0 && h <= 600.0, "{w} x {h}");
    for label in [
        "(1000000000001, 0)",
        "(999999999999, 0)",
        "(1000000000000, 1)",
    ] {
        assert!(svg.contains(&format!(">{label}</text>")), "{label}");
    }
}

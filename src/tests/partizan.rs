//! Partizan rulesets: Cutthroat against McCurdy & Nowakowski's published star values,
//! colour symmetry, and all three rulesets against a plain minimax search and a direct
//! evaluation of the labelled position (no canonical labelling, no table, no
//! decomposition), on every connected B/W graph up to 6 vertices.

use crate::common;

use std::collections::HashMap;

use gamecensus::graphs::families::Family;
use gamecensus::graphs::palette::Palette;
use gamecensus::graphs::{Colouring, Graph, PositionSpec};
use gamecensus::rules::partizan::swap_colours;
use gamecensus::rules::{PartizanRules, Player, RULESETS, Ruleset};
use gamecensus::solving::PartizanSolver;
use gamecensus::values::Outcome;
use gamecensus::values::game::GameId;
use proptest::prelude::*;

/// Every partizan ruleset of the registry.
fn partizan() -> Vec<&'static dyn PartizanRules> {
    RULESETS
        .iter()
        .filter_map(|r| match r {
            Ruleset::Partizan(p) => Some(*p),
            _ => None,
        })
        .collect()
}

fn rules(name: &str) -> &'static dyn PartizanRules {
    *partizan().iter().find(|r| r.name() == name).unwrap()
}

/// The star •(n, m): black centre 0, n black leaves, then m white leaves.
fn star(n: usize, m: usize) -> (Graph, Colouring) {
    let g = Graph::from_edges(1 + n + m, &(1..=n + m).map(|v| (0, v)).collect::<Vec<_>>());
    let letters: String = std::iter::once('B')
        .chain(std::iter::repeat_n('B', n))
        .chain(std::iter::repeat_n('W', m))
        .collect();
    let c = Colouring::parse(&letters, 1 + n + m, &Palette::BW).unwrap();
    (g, c)
}

#[test]
fn cutthroat_stars_match_mccurdy_nowakowski() {
    let s = PartizanSolver::new(rules("cutthroat"));
    let z = GameId::zero();
    for n in 0..=6 {
        for m in 0..=6 {
            let (g, c) = star(n, m);
            let v = s.value(&g, &c).unwrap();
            common::check_cutthroat_star(n, m, v);
            // The recursion •(n, m) = {0, •(n−1, m) | •(n, m−1)} for n, m > 0.
            if n > 0 && m > 0 {
                let (g1, c1) = star(n - 1, m);
                let (g2, c2) = star(n, m - 1);
                assert_eq!(
                    v,
                    GameId::from_options(
                        &[z, s.value(&g1, &c1).unwrap()],
                        &[s.value(&g2, &c2).unwrap()]
                    )
                    .unwrap()
                );
            }
        }
    }
    common::check_cutthroat_star_examples(|n, m| {
        let (g, c) = star(n, m);
        s.value(&g, &c).unwrap()
    });
    // The single edge B–W is *.
    let edge = Graph::from_edges(2, &[(0, 1)]);
    assert_eq!(
        s.value(&edge, &Colouring::parse("BW", 2, &Palette::BW).unwrap())
            .unwrap(),
        GameId::nimber(1)
    );
}

/// Plain minimax on the labelled position: does the player to move (Left iff `left`) win?
fn wins(r: &dyn PartizanRules, g: &Graph, c: &Colouring, left: bool) -> bool {
    let mut opts = Vec::new();
    r.moves(g, c, Player::left_if(left), &mut opts);
    opts.iter()
        .any(|m| !wins(r, &m.graph, &m.colouring, !left))
}

/// The value of the labelled position straight from its options: no decomposition, no
/// canonical labelling (memoised on the labelled position itself).
fn direct(
    r: &dyn PartizanRules,
    g: &Graph,
    c: &Colouring,
    memo: &mut HashMap<(Vec<u64>, Vec<u8>), GameId>,
) -> GameId {
    let key = (g.rows().to_vec(), c.colours().to_vec());
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut side = |left| {
        let mut opts = Vec::new();
        r.moves(g, c, Player::left_if(left), &mut opts);
        opts.iter()
            .map(|m| direct(r, &m.graph, &m.colouring, memo))
            .collect::<Vec<_>>()
    };
    let l = side(true);
    let rr = side(false);
    let v = GameId::from_options(&l, &rr).unwrap();
    memo.insert(key, v);
    v
}

#[test]
fn solver_agrees_with_minimax_and_direct_evaluation() {
    // Every connected B/W graph up to 6 vertices.
    for r in partizan() {
        let s = PartizanSolver::new(r);
        let mut memo = HashMap::new();
        for n in 1..=6 {
            let spec = PositionSpec {
                family: Family::All,
                min_vertices: n,
                max_vertices: n,
                connected: true,
                colours: 2,
            };
            for p in common::positions(spec) {
                let (g, c) = (p.graph, p.colouring.unwrap());
                let start = r.start(&g, &c);
                let (g0, c0) = (g.induced(start), c.induced(start));
                let v = s.value(&g, &c).unwrap();
                let outcome = match (wins(r, &g0, &c0, true), wins(r, &g0, &c0, false)) {
                    (true, true) => Outcome::N,
                    (true, false) => Outcome::L,
                    (false, true) => Outcome::R,
                    (false, false) => Outcome::P,
                };
                assert_eq!(v.outcome(), outcome, "{} on {g:?} {c}", r.name());
                assert_eq!(
                    v,
                    direct(r, &g0, &c0, &mut memo),
                    "{} on {g:?} {c}",
                    r.name()
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// What each ruleset declares about itself, checked on random positions (and on
    /// disjoint unions of two, so that there are several components) against the direct
    /// evaluation of the labelled position: `negates_under_swap` (exchanging B and W
    /// negates the value) and `decomposes` (the value is the sum of the components'
    /// values); and the solver, which relies on both, against the same direct value.
    #[test]
    fn rule_contracts_hold((g1, c1) in common::coloured_graph(5), (g2, c2) in common::coloured_graph(3)) {
        let (g, c) = common::disjoint_union((&g1, &c1), (&g2, &c2));
        for r in partizan() {
            let k = r.palette().len() as u8;
            if c.colours().iter().any(|&x| x >= k) {
                continue;
            }
            let mut memo = HashMap::new();
            let start = r.start(&g, &c);
            let (g0, c0) = (g.induced(start), c.induced(start));
            let whole = direct(r, &g0, &c0, &mut memo);
            if r.negates_under_swap() {
                let (gs, cs) = (g0, swap_colours(&c0));
                prop_assert_eq!(direct(r, &gs, &cs, &mut memo), -whole, "{} swap", r.name());
            }
            if r.decomposes() {
                let mut sum = GameId::zero();
                for comp in g0.components() {
                    sum = sum + direct(r, &g0.induced(comp), &c0.induced(comp), &mut memo);
                }
                prop_assert_eq!(sum, whole, "{} components", r.name());
            }
            let s = PartizanSolver::new(r);
            prop_assert_eq!(s.value(&g, &c).unwrap(), whole, "{} solver", r.name());
        }
    }
}

/// `explain` shows the atomic weight of Cutthroat stars as McCurdy & Nowakowski publish
/// it (Table 3 / Lemma 4: aw(•(0, m)) = m − 1 for m ≥ 1, aw(•(n, m)) = m for n ≥ 1), in
/// words and in JSON, and no temperature for an all-small ruleset.
#[test]
fn explain_shows_published_atomic_weights() {
    for (n, m) in [(0, 1), (0, 3), (1, 1), (1, 2), (2, 1), (2, 3), (3, 2)] {
        let (g, c) = star(n, m);
        let (g6, c) = (gamecensus::graphs::to_graph6(&g), c.to_string());
        let aw = if n == 0 { m - 1 } else { m };
        let args = [
            "explain",
            "--rules",
            "cutthroat",
            "--graph",
            &g6,
            "--colouring",
            &c,
        ];
        let o = common::cli::run(&args, None);
        let text = common::cli::stdout(&o);
        assert!(
            text.ends_with(&format!("\natomic weight: {aw}\n")),
            "star({n},{m}): {text}"
        );
        assert!(!text.contains("temperature"), "{text}");
        let o = common::cli::run(&[&args[..], &["--format", "json"]].concat(), None);
        let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(j["atomic_weight"], aw.to_string(), "star({n},{m})");
        assert_eq!(j["atomic_weight_status"], "defined");
        assert_eq!(j["temperature"], serde_json::Value::Null);
    }
}

/// For a hot position the JSON carries every field: Snort on the path of 5 vertices with
/// both ends tinted for Left is {4|0, ±1} (CGSuite's `GameGraphTest`: Snort("L-.-.-.-L")).
/// By hand from that value: stops 4 and 0 (Right's best is 0, ±1's left stop is 1); the
/// left scaffold is 4 − t, the right one min(0, ±1's left wall) + t = t, so the walls meet
/// at temperature 2 and mean 2 (Winning Ways ch. 6's construction). Its atomic weight is
/// undefined (not infinitesimal). `--thermograph FILE` draws it.
#[test]
fn explain_json_has_every_field_for_a_hot_position() {
    let p5 = Graph::from_edges(5, &[(0, 1), (1, 2), (2, 3), (3, 4)]);
    let g6 = gamecensus::graphs::to_graph6(&p5);
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "explain",
        "--rules",
        "snort",
        "--graph",
        &g6,
        "--colouring",
        "BGGGB",
    ];
    let o = common::cli::run_in(
        &[&args[..], &["--format", "json", "--thermograph", "t.svg"]].concat(),
        b"",
        dir.path(),
    );
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["value"], "{4|0, {1|-1}}");
    assert_eq!(j["canonical_form"], "{4|0, {1|-1}}");
    // Left wins moving first (to 4), Right too (to 0): N.
    assert_eq!(j["outcome"], "N");
    for (k, want) in [
        ("left_stop", "4"),
        ("right_stop", "0"),
        ("temperature", "2"),
        ("mean", "2"),
        ("thermograph", "Thermograph(2,[2],[0,-1],2,[2],[0,1])"),
        ("atomic_weight_status", "undefined: not infinitesimal"),
    ] {
        assert_eq!(j[k], want, "{k}");
    }
    assert_eq!(j["atomic_weight"], serde_json::Value::Null);
    let walls = |w: &str| -> Vec<(String, String)> {
        j["thermograph_walls"][w]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["t"].as_str().unwrap().into(),
                    p["x"].as_str().unwrap().into(),
                )
            })
            .collect()
    };
    let pair = |t: &str, x: &str| (t.to_string(), x.to_string());
    assert_eq!(walls("left"), [pair("-1", "5"), pair("2", "2")]);
    assert_eq!(walls("right"), [pair("-1", "-1"), pair("2", "2")]);
    for side in ["left", "right"] {
        let opts = j[side].as_array().unwrap();
        assert!(!opts.is_empty());
        for o in opts {
            for k in [
                "move",
                "position",
                "value",
                "winning",
                "dominated_by",
                "same_as",
                "reversible_through",
            ] {
                assert!(o.get(k).is_some(), "{side} option without {k}: {o}");
            }
        }
    }
    let svg = std::fs::read_to_string(dir.path().join("t.svg")).unwrap();
    assert!(
        svg.contains(&format!(
            "snort on {g6} BGGGB: thermograph of {{4|0, {{1|-1}}}}: temperature 2, mean 2"
        )),
        "{svg}"
    );
    assert!(svg.contains("data-temperature=\"2\" data-mean=\"2\""));
    // The text says the same; an existing --thermograph FILE is refused (nothing printed).
    let o = common::cli::run_in(&args, b"", dir.path());
    assert!(common::cli::stdout(&o).ends_with(
        "atomic weight: undefined (the value is not infinitesimal)\n\
         stops 4 (Left first) and 0 (Right first); temperature 2, mean 2\n\
         Thermograph(2,[2],[0,-1],2,[2],[0,1])\n"
    ));
    let o = common::cli::run_in(
        &[&args[..], &["--thermograph", "t.svg"]].concat(),
        b"",
        dir.path(),
    );
    common::cli::assert_usage_error(&o, "t.svg exists: use --force");
    assert!(o.stdout.is_empty());
    let o = common::cli::run(
        &[
            "explain",
            "--rules",
            "grundy-colouring",
            "--graph",
            "Bw",
            "--thermograph",
            "x.svg",
        ],
        None,
    );
    common::cli::assert_usage_error(&o, "scoring game, which has no thermograph");
}

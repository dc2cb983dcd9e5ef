//! Partizan rulesets: Cutthroat against McCurdy & Nowakowski's published star values,
//! colour symmetry, and all three rulesets against a plain minimax search and a direct
//! evaluation of the labelled position (no canonical labelling, no table, no
//! decomposition), on every connected B/W graph up to 6 vertices.

mod common;

use std::collections::HashMap;

use gamecensus::graphs::families::Family;
use gamecensus::graphs::palette::Palette;
use gamecensus::graphs::{Colouring, Graph, PositionSpec};
use gamecensus::rules::partizan::swap_colours;
use gamecensus::rules::{PartizanRules, RULESETS, Ruleset};
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
    r.options(g, c, left, &mut opts);
    opts.iter().any(|(h, d)| !wins(r, h, d, !left))
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
        r.options(g, c, left, &mut opts);
        opts.iter()
            .map(|(h, d)| direct(r, h, d, memo))
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

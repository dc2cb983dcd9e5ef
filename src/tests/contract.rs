//! The contract of every registered ruleset on shapes, checked the moment it is in
//! `rules::RULESETS` (no list to add it to): on every position of its census up to a
//! small size, and on sums of two of them,
//! - its notation reads back what it writes (the same position up to the rules' key);
//! - the value of a position is the sum of the values of the parts `components` gives;
//! - a declared `mirror` negates the value;
//! - the solver's value is the value by the definition (options only: no table, no
//!   components);
//! - `explain` lists exactly the options, each with its value.
//!
//! "By the definition" is a plain recursion written here: the mex of the options'
//! nim-values for impartial rules, `{ left options | right options }` in canonical form
//! for partizan ones. Rulesets on graphs keep the same contract in `partizan.rs`
//! (`rule_contracts_hold`) and `wide_graphs.rs`.

use std::collections::HashMap;

use crate::common;

use gamecensus::rules::shape_rules::{Kind, Player, ShapedRules};
use gamecensus::rules::{RULESETS, Ruleset};
use gamecensus::shapes::Shape;
use gamecensus::solving::explain::{Explanation, explain_shape};
use gamecensus::solving::shape_solver::ShapedSolver;
use gamecensus::values::game::GameId;

/// Positions of each size listed at most.
const PER_SIZE: usize = 40;
/// The sizes listed.
const SIZES: std::ops::RangeInclusive<usize> = 1..=4;

/// The disjoint union of `a` and `b` (without cells: it is a sum, not a board).
fn union(a: &Shape, b: &Shape) -> Shape {
    let mut u = Shape::new(a.n() + b.n(), a.directed());
    for (v, &l) in a.labels().iter().chain(b.labels()).enumerate() {
        u.set_label(v, l);
    }
    let off = a.n();
    u.add_edges(
        a.edges()
            .iter()
            .map(|e| (e.a as usize, e.b as usize, e.label))
            .chain(
                b.edges()
                    .iter()
                    .map(|e| (e.a as usize + off, e.b as usize + off, e.label)),
            ),
    );
    u
}

/// The positions of `r`'s census of sizes [`SIZES`], [`PER_SIZE`] at most of each.
fn listed(r: &dyn ShapedRules) -> Vec<Shape> {
    let mut all = Vec::new();
    for size in SIZES.filter(|&k| k <= r.max_census_size()) {
        let mut taken = 0;
        r.enumerate(size, &mut |s| {
            all.push(s);
            taken += 1;
            taken < PER_SIZE
        })
        .unwrap_or_else(|e| panic!("{} size {size}: {e}", r.name()));
    }
    all
}

#[test]
fn every_ruleset_on_shapes_keeps_its_contract() {
    let shaped: Vec<&'static dyn ShapedRules> = RULESETS
        .iter()
        .filter_map(|r| match r {
            Ruleset::Shaped(s) => Some(*s),
            _ => None,
        })
        .collect();
    assert!(shaped.len() >= 5, "the rulesets on shapes");
    for r in shaped {
        let name = r.name();
        let positions = listed(r);
        assert!(positions.len() >= 5, "{name}: {} positions", positions.len());
        let solver = ShapedSolver::new(r);
        let mut memo = HashMap::new();
        for (i, s) in positions.iter().enumerate() {
            let text = r.write(s);
            // The notation reads back the same position.
            let back = r
                .parse(&text)
                .unwrap_or_else(|e| panic!("{name}: {text} does not read back: {e}"));
            assert_eq!(r.key(&back), r.key(s), "{name}: {text}");
            assert_eq!(r.write(&back), text, "{name}: {text}");
            // The solver's value is the value by the definition.
            let v = common::by_definition(r, s, &mut memo);
            assert_eq!(solver.value(s).unwrap(), v, "{name}: {text}");
            // A declared mirror negates.
            if let Some(m) = r.mirror().of(s) {
                assert_eq!(common::by_definition(r, &m, &mut memo), -v, "{name}: mirror of {text}");
            }
            // A position is the sum of its parts: the position itself, and the disjoint
            // union of two when the rules' notation reads it as one of their positions
            // (not Hackenbush's, whose parts share one ground vertex, nor Chomp's).
            let t = &positions[(i * 7 + 3) % positions.len()];
            let u = union(s, t);
            let sums = std::iter::once(s.clone()).chain(
                r.parse(&r.write(&u))
                    .ok()
                    .filter(|back| r.key(back) == r.key(&u))
                    .map(|_| u),
            );
            for w in sums {
                let sum = r
                    .components(&w)
                    .iter()
                    .fold(GameId::zero(), |acc, p| acc + common::by_definition(r, p, &mut memo));
                assert_eq!(common::by_definition(r, &w, &mut memo), sum, "{name}: parts of {}", r.write(&w));
            }
            // explain lists exactly the options, with their values.
            let Explanation::Game(e) = explain_shape(r, s).unwrap() else {
                panic!("{name}: a game")
            };
            assert_eq!(e.value, v, "{name}: {text}");
            let players: &[(Player, &Vec<_>)] = match r.kind() {
                Kind::Impartial => &[(Player::Left, &e.left)],
                Kind::Partizan => &[(Player::Left, &e.left), (Player::Right, &e.right)],
            };
            for &(p, shown) in players {
                let mut moves = Vec::new();
                r.moves(s, p, &mut moves);
                let want: Vec<(String, GameId)> = moves
                    .iter()
                    .map(|m| (r.write(&m.after), common::by_definition(r, &m.after, &mut memo)))
                    .collect();
                let got: Vec<(String, GameId)> =
                    shown.iter().map(|c| (c.position.clone(), c.value)).collect();
                assert_eq!(got, want, "{name}: {text}, {p:?}'s options");
            }
        }
    }
}

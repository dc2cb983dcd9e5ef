//! Algebraic laws of the game-value kernel on random short games (proptest), and its
//! independence from threads.

use std::ops::{Add, Sub};

use gamecensus::values::dyadic::Dyadic;
use gamecensus::values::game::GameId;
use proptest::prelude::*;

/// Random short games: small number-up-stars at the leaves, then up to four levels of
/// `{L | R}` with up to three options a side.
fn game() -> impl Strategy<Value = GameId> {
    let leaf = prop_oneof![
        Just(GameId::zero()),
        Just(GameId::nimber(1)),
        Just(GameId::nimber(2)),
        Just(GameId::ups(1)),
        Just(GameId::ups(-1)),
        Just(GameId::integer(1)),
        Just(GameId::integer(-1)),
        Just(GameId::number(Dyadic::new(1, 1))),
    ];
    leaf.prop_recursive(4, 48, 3, |inner| {
        (
            proptest::collection::vec(inner.clone(), 0..3),
            proptest::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| GameId::from_options(&l, &r))
    })
}

/// Who wins by plain search of the (canonical) game tree: (Left wins moving first,
/// Left wins moving second).
fn search(g: GameId) -> (bool, bool) {
    let (l, r) = g.options();
    let left_first = l.iter().any(|gl| search(*gl).1);
    let left_second = r.iter().all(|gr| search(*gr).0);
    (left_first, left_second)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn g_minus_g_is_zero(g in game()) {
        prop_assert_eq!(g.sub(g), GameId::zero());
    }

    #[test]
    fn addition_is_commutative_and_associative(a in game(), b in game(), c in game()) {
        prop_assert_eq!(a.add(b), b.add(a));
        prop_assert_eq!(a.add(b).add(c), a.add(b.add(c)));
    }

    #[test]
    fn order_is_a_partial_order_consistent_with_sums(a in game(), b in game(), c in game()) {
        prop_assert!(a.leq(a));
        if a.leq(b) && b.leq(c) { prop_assert!(a.leq(c)); }
        if a.leq(b) { prop_assert!(a.add(c).leq(b.add(c))); }
        // Antisymmetry with unique canonical forms: equal values have equal ids.
        prop_assert_eq!(a.leq(b) && b.leq(a), a == b);
        // G ≤ H iff H − G ≥ 0.
        prop_assert_eq!(a.leq(b), GameId::zero().leq(b.sub(a)));
    }

    #[test]
    fn canonical_form_is_unique(g in game(), h in game()) {
        // Rebuilding from the canonical options, with a dominated option and with the
        // options of a second form of the same value, gives the same id.
        let (l, r) = g.options();
        prop_assert_eq!(GameId::from_options(&l, &r), g);
        if let Some(&a) = l.first() {
            let mut l2 = l.clone();
            l2.push(a.sub(GameId::integer(1)));
            prop_assert_eq!(GameId::from_options(&l2, &r), g);
        }
        // (g + h) − h built through a sum with non-canonical intermediate forms.
        prop_assert_eq!(g.add(h).sub(h), g);
    }

    #[test]
    fn outcome_agrees_with_search(g in game()) {
        let (left_first, left_second) = search(g);
        let zero = GameId::zero();
        // G > 0: L; G < 0: R; G = 0: P; G ‖ 0: N (Winning Ways ch. 1).
        prop_assert_eq!(left_second, g.geq(zero));
        let right_second = !left_first;
        prop_assert_eq!(right_second, g.leq(zero));
    }
}

#[test]
fn printing_follows_rules_md() {
    let star = GameId::nimber(1);
    let up = GameId::ups(1);
    assert_eq!(GameId::zero().to_string(), "0");
    assert_eq!(star.to_string(), "*");
    assert_eq!(GameId::nimber(3).to_string(), "*3");
    assert_eq!(up.add(up).to_string(), "^2");
    assert_eq!(up.add(star).to_string(), "^*");
    assert_eq!(GameId::ups(-2).add(GameId::nimber(3)).to_string(), "v2*3");
    assert_eq!(
        GameId::number(Dyadic::new(1, 1))
            .add(up)
            .add(star)
            .to_string(),
        "1/2^*"
    );
    assert_eq!(GameId::integer(-2).to_string(), "-2");
    let hot = GameId::from_options(&[GameId::integer(1)], &[GameId::integer(-1)]);
    assert_eq!(hot.to_string(), "{1|-1}");
    // RULES.md: A = {0, ↑* | 0}.
    let a = GameId::from_options(&[GameId::zero(), up.add(star)], &[GameId::zero()]);
    assert_eq!(a.to_string(), "{0, ^*|0}");
}

#[test]
fn results_do_not_depend_on_threads() {
    use rayon::prelude::*;
    // A fixed workload of sums and comparisons of the RULES.md star values, run on four
    // threads at once (racing to intern the same values) and then again serially.
    let base: Vec<GameId> = (0..6)
        .flat_map(|u| (0..4).map(move |m| GameId::ups(u - 2).add(GameId::nimber(m))))
        .collect();
    let a = GameId::from_options(
        &[GameId::zero(), GameId::ups(1).add(GameId::nimber(1))],
        &[GameId::zero()],
    );
    let work = |i: usize| {
        let g = GameId::from_options(&[base[i % base.len()], a], &[GameId::zero()]);
        let h = g.add(a).add(base[(i * 7) % base.len()]);
        (
            h.to_string(),
            h.leq(GameId::zero()),
            h,
            g.sub(g) == GameId::zero(),
        )
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    let parallel: Vec<_> = pool.install(|| (0..200).into_par_iter().map(work).collect());
    let serial: Vec<_> = (0..200).map(work).collect();
    assert_eq!(parallel, serial);
}

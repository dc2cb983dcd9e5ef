//! The kernel's number range at its boundary (property tests): every sum and every
//! simplest number between two numbers is either exact or refused with
//! `Limit::Number`, never wrapped. The oracle is exact rational arithmetic with big
//! integers (num-rational), independent of the kernel's 128-bit arithmetic.

use gamecensus::values::dyadic::{Dyadic, MAX_EXP, NUM_BOUND};
use gamecensus::values::game::GameId;
use gamecensus::values::limits::Limit;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use proptest::prelude::*;

/// Numerators spread over the whole range, with extra weight at its edges.
fn numerator() -> impl Strategy<Value = i128> {
    let edge = NUM_BOUND as i128;
    prop_oneof![
        -edge + 1..edge,
        (0i128..64).prop_map(move |k| edge - 1 - k),
        (0i128..64).prop_map(move |k| -edge + 1 + k),
        -64i128..64,
        (1i128..=62).prop_map(|k| 1i128 << (k - 1)),
    ]
}

/// Dyadics of the kernel's range, many of them at its edges.
fn dyadic() -> impl Strategy<Value = Dyadic> {
    (
        numerator(),
        prop_oneof![0u32..=MAX_EXP, MAX_EXP - 3..=MAX_EXP],
    )
        .prop_filter_map("in range", |(n, e)| Dyadic::new(n, e).ok())
}

fn rational(d: Dyadic) -> BigRational {
    BigRational::new(BigInt::from(d.num()), BigInt::one() << d.exp())
}

/// The kernel's dyadic for `r`, if `r` is in its range (the oracle's own reading of the
/// range: lowest terms m/2^k with |m| < 2^62 and k <= 62).
fn in_range(r: &BigRational) -> Option<(i128, u32)> {
    let (num, den) = (r.numer(), r.denom());
    let k = den.bits() - 1;
    if den != &(BigInt::one() << k) || k > MAX_EXP as u64 {
        return None;
    }
    if num.abs() >= BigInt::from(NUM_BOUND) {
        return None;
    }
    Some((i128::try_from(num).unwrap(), k as u32))
}

/// The simplest number strictly between `lo` and `hi` with a denominator of at most
/// 2^62 and |numerator| < 2^62, by search from the smallest denominator (the simplicity
/// rule: the number of smallest denominator, and of least magnitude among integers).
fn simplest(lo: &BigRational, hi: &BigRational) -> Option<BigRational> {
    let (lo_i, hi_i) = (
        lo.floor() + BigRational::one(),
        hi.ceil() - BigRational::one(),
    );
    if lo_i <= hi_i {
        let zero = BigRational::zero();
        return Some(if lo_i <= zero && zero <= hi_i {
            zero
        } else if lo_i > zero {
            lo_i
        } else {
            hi_i
        });
    }
    for k in 1..=MAX_EXP {
        let scale = BigRational::from_integer(BigInt::one() << k);
        let cand = ((lo * &scale).floor() + BigRational::one()) / &scale;
        if &cand < hi {
            return Some(cand);
        }
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn sums_are_exact_or_refused(a in dyadic(), b in dyadic()) {
        let exact = rational(a) + rational(b);
        let got = a.checked_add(b);
        match in_range(&exact) {
            Some((n, e)) => prop_assert_eq!(got, Ok(Dyadic::new(n, e).unwrap())),
            None => prop_assert_eq!(got, Err(Limit::Number)),
        }
        // The same through the game-value kernel.
        let g = GameId::number(a).checked_add(GameId::number(b));
        prop_assert_eq!(g, got.map(GameId::number));
        let exact = rational(a) - rational(b);
        let got = a.checked_sub(b);
        match in_range(&exact) {
            Some((n, e)) => prop_assert_eq!(got, Ok(Dyadic::new(n, e).unwrap())),
            None => prop_assert_eq!(got, Err(Limit::Number)),
        }
        // Comparison never overflows.
        prop_assert_eq!(a.cmp(&b), rational(a).cmp(&rational(b)));
    }

    #[test]
    fn simplest_numbers_are_exact_or_refused(a in dyadic(), b in dyadic()) {
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        let got = GameId::from_options(&[GameId::number(lo)], &[GameId::number(hi)]);
        if lo == hi {
            // {x | x} = x + *: not a number, and always in range.
            prop_assert!(got.unwrap().as_number().is_none());
            return Ok(());
        }
        match simplest(&rational(lo), &rational(hi)).and_then(|r| in_range(&r)) {
            Some((n, e)) => {
                prop_assert_eq!(got, Ok(GameId::number(Dyadic::new(n, e).unwrap())))
            }
            None => prop_assert_eq!(got, Err(Limit::Number)),
        }
        // {x |} and {| x}: the next integer out, refused beyond the range.
        let up = GameId::from_options(&[GameId::number(hi)], &[]);
        let next = hi.floor() as i128 + 1;
        let next = if next <= 0 { 0 } else { next };
        match Dyadic::new(next, 0) {
            Ok(d) => prop_assert_eq!(up, Ok(GameId::number(d))),
            Err(_) => prop_assert_eq!(up, Err(Limit::Number)),
        }
    }
}

#[test]
fn nested_halvings_reach_the_boundary_exactly() {
    // {0|1} = 1/2, {0|{0|1}} = 1/4, ... (Winning Ways ch. 2): exact to 2^-62, then refused.
    let mut x = GameId::integer(1);
    for k in 1..=MAX_EXP {
        x = GameId::from_options(&[GameId::zero()], &[x]).unwrap();
        assert_eq!(x, GameId::number(Dyadic::new(1, k).unwrap()));
    }
    assert_eq!(
        GameId::from_options(&[GameId::zero()], &[x]),
        Err(Limit::Number)
    );
}

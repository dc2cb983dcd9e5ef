//! Dyadic rationals `num / 2^exp`, the numbers of short games, kept in lowest terms
//! (`num` odd, or `exp = 0`).
//!
//! **The kernel's number range** (one limit for every number, whether it was typed as a
//! literal or arose from braces, sums or the simplicity rule): `m / 2^k` in lowest terms
//! with `|m| < 2^62` and `0 ≤ k ≤ 62`. Every operation that makes a number checks it and
//! returns [`Limit::Number`] beyond the range; nothing wraps. Comparisons and negation
//! never leave the range (they are exact in 128-bit arithmetic and the range is symmetric).

use std::cmp::Ordering;
use std::fmt;

use super::limits::Limit;
pub use super::limits::{MAX_EXP, NUM_BOUND};

/// A dyadic rational in the kernel's range (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };

    /// `num / 2^exp` brought to lowest terms, or [`Limit::Number`] if that is outside
    /// the kernel's range.
    pub fn new(num: i128, exp: u32) -> Result<Dyadic, Limit> {
        let (mut num, mut exp) = (num, exp);
        if num == 0 {
            return Ok(Dyadic::ZERO);
        }
        let twos = num.trailing_zeros().min(exp);
        num >>= twos;
        exp -= twos;
        if exp > MAX_EXP || num.unsigned_abs() >= NUM_BOUND as u128 {
            return Err(Limit::Number);
        }
        Ok(Dyadic {
            num: num as i64,
            exp,
        })
    }

    /// The integer `n` (every `i32` is in range).
    pub fn int(n: i32) -> Dyadic {
        Dyadic {
            num: n as i64,
            exp: 0,
        }
    }

    /// The integer `n`, if it is in range.
    pub fn try_int(n: i64) -> Result<Dyadic, Limit> {
        Dyadic::new(n as i128, 0)
    }

    /// The numerator in lowest terms.
    pub fn num(&self) -> i64 {
        self.num
    }

    /// The exponent of the denominator in lowest terms.
    pub fn exp(&self) -> u32 {
        self.exp
    }

    /// Whether the denominator is 1.
    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        self.num == 0
    }

    /// `self · 2^e` as an exact 128-bit integer, for `e ≥ self.exp` (and `e ≤ 62`, so
    /// the result stays below 2^124).
    fn scaled(&self, e: u32) -> i128 {
        debug_assert!(e >= self.exp && e <= MAX_EXP);
        (self.num as i128) << (e - self.exp)
    }

    /// `self + other`, or [`Limit::Number`] if the sum is outside the range.
    pub fn checked_add(self, other: Dyadic) -> Result<Dyadic, Limit> {
        let e = self.exp.max(other.exp);
        Dyadic::new(self.scaled(e) + other.scaled(e), e)
    }

    /// `self − other`, or [`Limit::Number`] if the difference is outside the range.
    pub fn checked_sub(self, other: Dyadic) -> Result<Dyadic, Limit> {
        self.checked_add(-other)
    }

    /// `self × other`, or [`Limit::Number`] if the product is outside the range.
    pub fn checked_mul(self, other: Dyadic) -> Result<Dyadic, Limit> {
        let num = (self.num as i128)
            .checked_mul(other.num as i128)
            .ok_or(Limit::Number)?;
        Dyadic::new(num, self.exp + other.exp)
    }

    /// Largest integer ≤ self.
    pub fn floor(&self) -> i64 {
        self.num >> self.exp
    }

    /// Smallest integer ≥ self.
    pub fn ceil(&self) -> i64 {
        -((-*self).floor())
    }

    /// The absolute value (in range: the range is symmetric).
    pub fn abs(self) -> Dyadic {
        if self.num < 0 { -self } else { self }
    }

    /// The simplest number strictly between `lo` and `hi` (either may be absent for
    /// −∞ / +∞), by the simplicity rule; `Ok(None)` if `lo ≥ hi`, [`Limit::Number`] if
    /// that number is outside the range (e.g. `{0 | 2^-62}` = 2^-63).
    pub fn simplest_between(
        lo: Option<Dyadic>,
        hi: Option<Dyadic>,
    ) -> Result<Option<Dyadic>, Limit> {
        if let (Some(l), Some(h)) = (lo, hi)
            && l >= h
        {
            return Ok(None);
        }
        // An integer in the interval: the one of least magnitude.
        let lo_int = lo.map(|l| l.floor() as i128 + 1);
        let hi_int = hi.map(|h| h.ceil() as i128 - 1);
        let fits = |n: i128| lo_int.is_none_or(|a| n >= a) && hi_int.is_none_or(|b| n <= b);
        if fits(0) {
            return Ok(Some(Dyadic::ZERO));
        }
        match (lo_int, hi_int) {
            (Some(a), _) if a > 0 && fits(a) => return Dyadic::new(a, 0).map(Some),
            (_, Some(b)) if b < 0 && fits(b) => return Dyadic::new(b, 0).map(Some),
            _ => {}
        }
        // Both ends finite and inside one unit interval: the dyadic of smallest
        // denominator strictly between them. Both ends have exponents ≤ 62, so one
        // with exponent max(exp) + 1 always lies between; beyond 62 is out of range.
        let (l, h) = (lo.expect("finite"), hi.expect("finite"));
        for e in 1..=l.exp.max(h.exp) + 1 {
            if e > MAX_EXP {
                return Err(Limit::Number);
            }
            // The smallest multiple of 2^-e strictly above l.
            let cand = Dyadic::new(l.scaled_floor(e) + 1, e)?;
            if cand < h {
                return Ok(Some(cand));
            }
        }
        unreachable!("a dyadic of exponent max + 1 lies strictly between two distinct dyadics")
    }

    /// floor(self · 2^e), exactly.
    fn scaled_floor(&self, e: u32) -> i128 {
        if e >= self.exp {
            self.scaled(e)
        } else {
            (self.num >> (self.exp - e)) as i128
        }
    }
}

impl std::ops::Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            num: -self.num,
            exp: self.exp,
        }
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        // Most compared numbers (stops, in canonical forms) are integers.
        if self.exp == other.exp {
            return self.num.cmp(&other.num);
        }
        let e = self.exp.max(other.exp);
        self.scaled(e).cmp(&other.scaled(e))
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i128, e: u32) -> Dyadic {
        Dyadic::new(n, e).unwrap()
    }

    /// The order is that of the rationals num/2^exp (cross-multiplied in i128), for
    /// equal and unequal exponents, signs and zero.
    #[test]
    fn order_is_the_rationals_order() {
        let nums = [-7i128, -4, -3, -1, 0, 1, 2, 3, 5, 8, 1 << 40];
        let exps = [0u32, 1, 2, 3, 5];
        let all: Vec<(i128, u32)> = nums
            .iter()
            .flat_map(|&n| exps.iter().map(move |&e| (n, e)))
            .collect();
        for &(a, ea) in &all {
            for &(b, eb) in &all {
                let want = (a << eb).cmp(&(b << ea));
                assert_eq!(d(a, ea).cmp(&d(b, eb)), want, "{a}/2^{ea} vs {b}/2^{eb}");
            }
        }
    }

    #[test]
    fn arithmetic_and_simplicity() {
        let half = d(1, 1);
        assert_eq!(half.checked_add(half).unwrap(), Dyadic::int(1));
        assert_eq!(d(6, 3).to_string(), "3/4");
        assert_eq!(d(-3, 1).floor(), -2);
        assert_eq!(d(-3, 1).ceil(), -1);
        // (3/4)(-5/2) = -15/8; (1/2)(2) = 1.
        assert_eq!(d(3, 2).checked_mul(d(-5, 1)).unwrap(), d(-15, 3));
        assert_eq!(half.checked_mul(Dyadic::int(2)).unwrap(), Dyadic::int(1));
        let s = |l: Option<Dyadic>, h: Option<Dyadic>| {
            Dyadic::simplest_between(l, h)
                .unwrap()
                .map(|d| d.to_string())
        };
        // Simplicity rule (Winning Ways ch. 2): {0|1} = 1/2, {1|} = 2, {|-1} = -2,
        // {1/2|1} = 3/4, {-1|1} = 0, {1|1} is no number.
        assert_eq!(s(Some(Dyadic::ZERO), Some(Dyadic::int(1))).unwrap(), "1/2");
        assert_eq!(s(Some(Dyadic::int(1)), None).unwrap(), "2");
        assert_eq!(s(None, Some(Dyadic::int(-1))).unwrap(), "-2");
        assert_eq!(s(Some(half), Some(Dyadic::int(1))).unwrap(), "3/4");
        assert_eq!(s(Some(Dyadic::int(-1)), Some(Dyadic::int(1))).unwrap(), "0");
        assert_eq!(s(None, None).unwrap(), "0");
        assert_eq!(s(Some(d(5, 2)), Some(d(11, 3))).unwrap(), "21/16");
        assert!(s(Some(Dyadic::int(1)), Some(Dyadic::int(1))).is_none());
    }

    #[test]
    fn the_range_is_checked_everywhere() {
        let top = d(NUM_BOUND as i128 - 1, 0);
        assert_eq!(Dyadic::new(NUM_BOUND as i128, 0), Err(Limit::Number));
        assert_eq!(top.checked_add(Dyadic::int(1)), Err(Limit::Number));
        assert_eq!(top.checked_mul(Dyadic::int(2)), Err(Limit::Number));
        assert_eq!(top.checked_mul(top), Err(Limit::Number));
        assert_eq!(
            top.checked_mul(d(1, 1))
                .unwrap()
                .checked_mul(Dyadic::int(2)),
            Ok(top)
        );
        assert_eq!((-top).checked_sub(Dyadic::int(1)), Err(Limit::Number));
        // 2^62 / 2 reduces to 2^61: in range.
        assert_eq!(d(NUM_BOUND as i128, 1), d(1 << 61, 0));
        let tiny = d(1, MAX_EXP);
        assert_eq!(Dyadic::new(1, MAX_EXP + 1), Err(Limit::Number));
        // 1 + 2^-62 needs the numerator 2^62 + 1.
        assert_eq!(Dyadic::int(1).checked_add(tiny), Err(Limit::Number));
        assert_eq!(tiny.checked_add(tiny).unwrap(), d(1, MAX_EXP - 1));
        // {0 | 2^-62} = 2^-63 and {2^62 - 1 |} = 2^62 are beyond the range.
        assert_eq!(
            Dyadic::simplest_between(Some(Dyadic::ZERO), Some(tiny)),
            Err(Limit::Number)
        );
        assert_eq!(
            Dyadic::simplest_between(Some(top), None),
            Err(Limit::Number)
        );
        assert_eq!(
            Dyadic::simplest_between(Some(d(1, 61)), Some(d(1, 60))).unwrap(),
            Some(d(3, 62))
        );
        assert!(top > tiny && -top < -tiny);
        assert_eq!(top.floor(), NUM_BOUND - 1);
    }
}

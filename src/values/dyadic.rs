//! Dyadic rationals `num / 2^exp`, the numbers of short games, kept in lowest terms
//! (`num` odd, or `exp = 0`). Magnitudes are bounded by `i64`; arithmetic that would
//! overflow panics with a clear message (the values of games on graphs stay tiny).

use std::cmp::Ordering;
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };

    /// `num / 2^exp` in lowest terms.
    pub fn new(num: i64, exp: u32) -> Dyadic {
        let mut d = Dyadic { num, exp };
        if d.num == 0 {
            d.exp = 0;
        }
        while d.exp > 0 && d.num % 2 == 0 {
            d.num /= 2;
            d.exp -= 1;
        }
        d
    }

    pub fn int(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    pub fn num(&self) -> i64 {
        self.num
    }

    pub fn exp(&self) -> u32 {
        self.exp
    }

    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    pub fn is_zero(&self) -> bool {
        self.num == 0
    }

    fn scaled(&self, exp: u32) -> i64 {
        self.num
            .checked_mul(
                1i64.checked_shl(exp - self.exp)
                    .expect("dyadic exponent out of range"),
            )
            .expect("dyadic number out of range")
    }

    fn plus(self, other: Dyadic) -> Dyadic {
        let e = self.exp.max(other.exp);
        Dyadic::new(
            self.scaled(e)
                .checked_add(other.scaled(e))
                .expect("dyadic number out of range"),
            e,
        )
    }

    fn negated(self) -> Dyadic {
        Dyadic {
            num: -self.num,
            exp: self.exp,
        }
    }

    /// Largest integer ≤ self.
    pub fn floor(&self) -> i64 {
        self.num >> self.exp
    }

    /// Smallest integer ≥ self.
    pub fn ceil(&self) -> i64 {
        -((-*self).floor())
    }

    /// The simplest number strictly between `lo` and `hi` (either may be absent for
    /// −∞ / +∞), by the simplicity rule; `None` if `lo ≥ hi`.
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi)
            && l >= h
        {
            return None;
        }
        // An integer in the interval: the one of least magnitude.
        let lo_int = lo.map(|l| l.floor() + 1);
        let hi_int = hi.map(|h| h.ceil() - 1);
        let fits = |n: i64| lo_int.is_none_or(|a| n >= a) && hi_int.is_none_or(|b| n <= b);
        if fits(0) {
            return Some(Dyadic::ZERO);
        }
        match (lo_int, hi_int) {
            (Some(a), _) if a > 0 && fits(a) => return Some(Dyadic::int(a)),
            (_, Some(b)) if b < 0 && fits(b) => return Some(Dyadic::int(b)),
            _ => {}
        }
        // Both ends finite and inside one unit interval: the dyadic of smallest
        // denominator strictly between them.
        let (l, h) = (lo.unwrap(), hi.unwrap());
        let mut e = 1;
        loop {
            // The smallest multiple of 2^-e strictly above l.
            let cand = Dyadic::new(l.scaled_floor(e) + 1, e);
            if cand < h {
                return Some(cand);
            }
            e += 1;
        }
    }

    /// floor(self · 2^e).
    fn scaled_floor(&self, e: u32) -> i64 {
        if e >= self.exp {
            self.scaled(e)
        } else {
            self.num >> (self.exp - e)
        }
    }
}

impl std::ops::Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        self.plus(other)
    }
}

impl std::ops::Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        self.negated()
    }
}

impl std::ops::Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        self.plus(other.negated())
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
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

    #[test]
    fn arithmetic_and_simplicity() {
        let half = Dyadic::new(1, 1);
        assert_eq!(half + half, Dyadic::int(1));
        assert_eq!(Dyadic::new(6, 3).to_string(), "3/4");
        assert_eq!(Dyadic::new(-3, 1).floor(), -2);
        assert_eq!(Dyadic::new(-3, 1).ceil(), -1);
        let s = |l: Option<Dyadic>, h: Option<Dyadic>| {
            Dyadic::simplest_between(l, h).map(|d| d.to_string())
        };
        // Simplicity rule (Winning Ways ch. 2): {0|1} = 1/2, {1|} = 2, {|-1} = -2,
        // {1/2|1} = 3/4, {-1|1} = 0, {1|1} is no number.
        assert_eq!(s(Some(Dyadic::ZERO), Some(Dyadic::int(1))).unwrap(), "1/2");
        assert_eq!(s(Some(Dyadic::int(1)), None).unwrap(), "2");
        assert_eq!(s(None, Some(Dyadic::int(-1))).unwrap(), "-2");
        assert_eq!(s(Some(half), Some(Dyadic::int(1))).unwrap(), "3/4");
        assert_eq!(s(Some(Dyadic::int(-1)), Some(Dyadic::int(1))).unwrap(), "0");
        assert_eq!(s(None, None).unwrap(), "0");
        assert_eq!(
            s(Some(Dyadic::new(5, 2)), Some(Dyadic::new(11, 3))).unwrap(),
            "21/16"
        );
        assert!(s(Some(Dyadic::int(1)), Some(Dyadic::int(1))).is_none());
    }
}

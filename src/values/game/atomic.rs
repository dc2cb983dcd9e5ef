//! Atomic weights (RULES.md; McCurdy & Nowakowski after Berlekamp, Conway and Guy), with
//! the consistency check that keeps them additive beyond all-small games.

use super::GameId;
use super::store::store;
use crate::values::dyadic::Dyadic;
use crate::values::limits::Limit;

/// Why a value has no atomic weight ([`GameId::atomic_weight_or_reason`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoWeight {
    /// Not infinitesimal (a stop is not 0): atomic weights measure infinitesimals only.
    NotInfinitesimal,
    /// Infinitesimal, but the calculus's `candidate` fails the consistency check, so
    /// the value is not atomic.
    NotAtomic {
        /// The weight the calculus gives, which G or G + G contradicts.
        candidate: GameId,
    },
    /// Computing it would cross a kernel limit.
    Limit(Limit),
}

impl From<Limit> for NoWeight {
    fn from(l: Limit) -> NoWeight {
        NoWeight::Limit(l)
    }
}

impl GameId {
    /// The atomic weight as RULES.md defines it (McCurdy & Nowakowski after Berlekamp,
    /// Conway and Guy): G0 = {aw(G^L) − 2 | aw(G^R) + 2}, except that when G0 is an
    /// integer and G is comparable with a remote star ★ (a nimber larger than every one
    /// in G), G > ★ gives the largest integer x with x ≱ every aw(G^R) + 2, and G < ★ the
    /// least integer x with x ≰ every aw(G^L) − 2. For u·↑ + *m it is u.
    ///
    /// `Ok(None)` when G is not infinitesimal (such a value has no atomic weight: CGSuite
    /// says "not atomic" for 5, -1/2, 9/8*, 6^*, {3||2*|1*}) or not atomic (below);
    /// `Err` only when a kernel limit is reached.
    ///
    /// An infinitesimal that is not all-small may have options that are numbers or hot
    /// ({0||0|-3/2} has the right option {0|-3/2}). The calculus is then applied to
    /// them formally, as Berlekamp and Spight do by hand for Go infinitesimals and as
    /// CGSuite's value for {0||0|-3/2} (= 0) requires: a number option weighs 0, any
    /// other option gets the same rule recursively, with the remote star taken for
    /// that option. The formal value W is only accepted if G is consistent with it:
    /// for k = 1 and 2, k·G − p·↑ > ★ for every integer p ≤ k·W − 1 and k·G − p·↑ < ★
    /// for every integer p ≥ k·W + 1 (every all-small game passes: aw is additive and
    /// aw ≥ 1 puts a game above a remote star, aw ≤ −1 below it). Otherwise G is
    /// [`NoWeight::NotAtomic`]: e.g. A = {{1*|*}|{{*|v}|0}} gets W = −1/2 from the
    /// calculus, yet A + A is confused with ★, which no game of weight −1 is; taking W
    /// would break additivity, so we answer "none" rather than a weight that misleads.
    /// Beyond all-small games only an *integer* W is accepted: the check pins W between
    /// consecutive integers only, so it cannot tell a weight like * or 3/2 from its
    /// neighbours. (Found by the property test: the calculus gives {{1|^}|{v|-1}} the
    /// weight * and passes the check, but gives v3 + {{1|^}|{v|-1}} the weight
    /// {-5/2|-3}, not -3*; and it gives B = {{3/4|*, {*|-1}}|v3} the weight -3/2 but
    /// v + B the weight -9/4, not -5/2. All of these are now refused. Every weight in
    /// CGSuite's table of such games is an integer.)
    pub fn atomic_weight(self) -> Result<Option<GameId>, Limit> {
        match self.atomic_weight_or_reason() {
            Ok(w) => Ok(Some(w)),
            Err(NoWeight::Limit(l)) => Err(l),
            Err(_) => Ok(None),
        }
    }

    /// [`GameId::atomic_weight`], with the reason when there is none.
    pub fn atomic_weight_or_reason(self) -> Result<GameId, NoWeight> {
        if !self.is_infinitesimal() {
            return Err(NoWeight::NotInfinitesimal);
        }
        let (w, all_small) = self.formal_weight()?;
        if all_small {
            return Ok(w);
        }
        if !w.as_number().is_some_and(|x| x.is_integer()) {
            return Err(NoWeight::NotAtomic { candidate: w });
        }
        let s = store();
        let atomic = match s.atomic.get(&self) {
            Some(a) => *a,
            None => {
                let a = weight_is_consistent(self, w)?
                    && weight_is_consistent(self.checked_add(self)?, w.checked_add(w)?)?;
                s.atomic.insert(self, a);
                a
            }
        };
        if atomic {
            Ok(w)
        } else {
            Err(NoWeight::NotAtomic { candidate: w })
        }
    }

    /// The atomic-weight calculus applied to any canonical form (see
    /// [`GameId::atomic_weight`]), and whether the form is all-small: numbers weigh 0,
    /// u·↑ + *m weighs u, anything else is computed from its options. Memoised.
    fn formal_weight(self) -> Result<(GameId, bool), Limit> {
        if let Some(n) = self.as_nus() {
            if n.num.is_zero() {
                return Ok((GameId::integer(n.ups), true));
            }
            if n.is_number() {
                return Ok((GameId::zero(), false));
            }
        }
        if let Some(w) = store().weights.get(&self) {
            return Ok(*w);
        }
        let w = self.compute_formal_weight()?;
        store().weights.insert(self, w);
        Ok(w)
    }

    fn compute_formal_weight(self) -> Result<(GameId, bool), Limit> {
        let two = GameId::integer(2);
        let (l, r) = self.sides();
        let mut all_small = !l.is_empty() && !r.is_empty();
        let mut la = Vec::with_capacity(l.len());
        for g in l {
            let (w, small) = g.formal_weight()?;
            all_small &= small;
            la.push(w.checked_sub(two)?);
        }
        let mut ra = Vec::with_capacity(r.len());
        for g in r {
            let (w, small) = g.formal_weight()?;
            all_small &= small;
            ra.push(w.checked_add(two)?);
        }
        let g0 = GameId::from_options(&la, &ra)?;
        if g0.as_number().is_some_and(|x| x.is_integer()) {
            // Compared with ★ directly (G > ★ iff G − ★ > 0: no sum to build).
            let star = self.remote_star();
            if self.greater(star) && !ra.is_empty() {
                // x ≥ H holds from some integer t_H on: the answer is min t_H − 1.
                let mut t = i64::MAX;
                for h in &ra {
                    t = t.min(threshold_ge(*h)?);
                }
                return Ok((integer(t - 1)?, all_small));
            }
            if self.less(star) && !la.is_empty() {
                // x ≤ H holds up to some integer s_H: the answer is max s_H + 1.
                let mut s = i64::MIN;
                for h in &la {
                    s = s.max(threshold_le(*h)?);
                }
                return Ok((integer(s + 1)?, all_small));
            }
        }
        Ok((g0, all_small))
    }

    /// A nimber larger than every nimber in G (and than the * inside ↑), so that
    /// comparisons with it stand for all remote stars.
    fn remote_star(self) -> GameId {
        GameId::nimber(2 * (self.max_nim() + 1).next_power_of_two())
    }
}

/// The integer `n` as a game, if it is in range.
fn integer(n: i64) -> Result<GameId, Limit> {
    Ok(GameId::number(Dyadic::try_int(n)?))
}

/// Whether G sits where a game of atomic weight W must: G − p·↑ > ★ for the largest
/// integer p with p + 1 ≤ W (hence for all smaller p) and G − p·↑ < ★ for the least
/// integer p with p − 1 ≥ W (hence for all larger p).
fn weight_is_consistent(g: GameId, w: GameId) -> Result<bool, Limit> {
    let zero = GameId::zero();
    let star = g.remote_star();
    let below = threshold_le(w)? - 1;
    let above = threshold_ge(w)? + 1;
    let shifted = |p: i64| -> Result<GameId, Limit> {
        let ups = i32::try_from(p)
            .ok()
            .filter(|&u| u != i32::MIN)
            .ok_or(Limit::Ups)?;
        g.checked_sub(GameId::ups(ups))?.checked_add(star)
    };
    Ok(shifted(below)?.greater(zero) && shifted(above)?.less(zero))
}

/// The least integer x with x ≥ h (exists: every x above h's left stop is).
fn threshold_ge(h: GameId) -> Result<i64, Limit> {
    let (_, rs) = h.stops();
    let mut x = rs.floor() - 1;
    while !integer(x)?.geq(h) {
        x += 1;
    }
    Ok(x)
}

/// The largest integer x with x ≤ h.
fn threshold_le(h: GameId) -> Result<i64, Limit> {
    let (ls, _) = h.stops();
    let mut x = ls.ceil() + 1;
    while !integer(x)?.leq(h) {
        x -= 1;
    }
    Ok(x)
}

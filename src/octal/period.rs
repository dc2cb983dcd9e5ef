//! Periodicity of sequences: where a sequence becomes periodic (or arithmetic-periodic,
//! G(n + p) = G(n) + s), and, for octal games, a proof by the Guy–Smith periodicity
//! theorem (Guy & Smith 1956; Winning Ways ch. 4): for an octal game whose last non-zero
//! digit is `dt`, if G(n + p) = G(n) for all n0 ≤ n < 2·n0 + p + t, then
//! G(n + p) = G(n) for all n ≥ n0.
//!
//! What is reported, in this order of preference:
//! - **proved**: the smallest period p that the theorem proves from the computed values
//!   (a proved period is a true period, so the smallest proved one is the game's least
//!   period, and it stays the answer for every larger N);
//! - **observed**: otherwise, the smallest p whose repetition runs unbroken from a
//!   preperiod n0 to the end of the values over at least [`OBSERVED_REPEATS`] whole
//!   periods *and* at least a quarter of the computed values, so that a few
//!   equal values at the very end are not called a period;
//! - **none**.

/// An observed-only period must repeat at least this many whole times ...
pub const OBSERVED_REPEATS: usize = 4;
/// ... and its stretch must cover at least 1/OBSERVED_SHARE_DENOMINATOR (a quarter) of
/// the computed values.
pub const OBSERVED_SHARE_DENOMINATOR: usize = 4;

/// A repeating pattern: from `preperiod` on, G(n + period) = G(n) + saltus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// The first n of the periodic part (the last exception, if any, is at n0 − 1).
    pub preperiod: usize,
    /// The period p ≥ 1.
    pub period: usize,
    /// The saltus s: 0 for plain periodicity.
    pub saltus: i64,
}

/// What the values show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Periodicity {
    /// Periodic from `preperiod` on with `period`, proved by Guy–Smith.
    Proved {
        /// The first n of the periodic part.
        preperiod: usize,
        /// The least period.
        period: usize,
    },
    /// The values from `preperiod` to the end repeat with `period`, `repeats` whole
    /// times, but not far enough for the theorem.
    Observed {
        /// The first n of the repeating stretch.
        preperiod: usize,
        /// The period.
        period: usize,
        /// Whole periods in the stretch.
        repeats: usize,
    },
    /// No period shows within the computed values.
    None,
}

impl Periodicity {
    /// `(preperiod, period)` of a proved or observed period.
    pub fn preperiod_period(&self) -> Option<(usize, usize)> {
        match *self {
            Periodicity::Proved { preperiod, period }
            | Periodicity::Observed {
                preperiod, period, ..
            } => Some((preperiod, period)),
            Periodicity::None => None,
        }
    }

    /// Whether the period is proved.
    pub fn is_proved(&self) -> bool {
        matches!(self, Periodicity::Proved { .. })
    }

    /// `proved`, `observed` or `none` (the sweep CSV's `status`).
    pub fn status(&self) -> &'static str {
        match self {
            Periodicity::Proved { .. } => "proved",
            Periodicity::Observed { .. } => "observed",
            Periodicity::None => "none",
        }
    }
}

/// The least n0 such that `g[n + p] == g[n] + s` for all n0 ≤ n ≤ N − p (N = last
/// index). Compares whole blocks from the end (the loop a proof spends its time in).
pub fn start_of_repetition<T>(g: &[T], p: usize, s: i64) -> usize
where
    T: Copy + PartialEq + Into<i64>,
{
    start_of_repetition_below(g, p, s, g.len() - p)
}

/// [`start_of_repetition`] when the relation is already known to hold for every
/// n ≥ `known` (e.g. because a divisor of `p` repeats from there).
fn start_of_repetition_below<T>(g: &[T], p: usize, s: i64, known: usize) -> usize
where
    T: Copy + PartialEq + Into<i64>,
{
    debug_assert!(p >= 1 && p < g.len());
    let holds = |n: usize| g[n + p].into() as i128 == g[n].into() as i128 + s as i128;
    let mut hi = known.min(g.len() - p); // every n < hi is still to be checked
    // Most candidate periods fail within a few values of the end.
    for _ in 0..8 {
        if hi == 0 || !holds(hi - 1) {
            return hi;
        }
        hi -= 1;
    }
    const BLOCK: usize = 256;
    while hi > 0 {
        let lo = hi.saturating_sub(BLOCK);
        let block_holds = if s == 0 {
            g[lo..hi] == g[lo + p..hi + p]
        } else {
            (lo..hi).all(holds)
        };
        if !block_holds {
            while hi > lo && holds(hi - 1) {
                hi -= 1;
            }
            return hi;
        }
        hi = lo;
    }
    0
}

/// Values needed to prove periodicity (preperiod `n0`, period `p`, last digit `t`): the
/// largest heap size the theorem looks at.
pub fn needed_for_proof(n0: usize, p: usize, t: usize) -> usize {
    (2 * n0 + 2 * p + t).saturating_sub(1)
}

/// Whether a repetition of period `p` from `n0` over the values `0..=n_max` is long
/// enough to be reported as observed; `Some(whole periods)` if it is.
fn observed_repeats(n0: usize, p: usize, n_max: usize) -> Option<usize> {
    let stretch = n_max + 1 - n0;
    let repeats = stretch / p;
    let values = n_max + 1;
    (repeats >= OBSERVED_REPEATS && stretch * OBSERVED_SHARE_DENOMINATOR >= values)
        .then_some(repeats)
}

/// The periodicity of `g` = G(0..=N), the nim-sequence of an octal game whose last
/// non-zero digit is at `t` (see the module documentation for what is reported).
pub fn find_period(g: &[u32], t: usize) -> Periodicity {
    let n_max = match g.len() {
        0 => return Periodicity::None,
        l => l - 1,
    };
    let mut observed = Periodicity::None;
    // Periods that repeat over a long stretch, with where their stretch starts: a
    // multiple of one of them repeats over that stretch too, so its check starts below
    // it (without this, every multiple of a long period would re-walk the whole stretch).
    let mut long: Vec<(usize, usize)> = Vec::new();
    for p in 1..=n_max / 2 {
        let known = long
            .iter()
            .filter(|&&(q, _)| p % q == 0)
            .map(|&(_, n0)| n0)
            .min()
            .unwrap_or(usize::MAX);
        let n0 = start_of_repetition_below(g, p, 0, known);
        if known == usize::MAX && n_max + 1 - n0 >= 2 * p + 64 {
            long.push((p, n0));
        }
        if n_max >= needed_for_proof(n0, p, t) {
            return Periodicity::Proved {
                preperiod: n0,
                period: p,
            };
        }
        if observed == Periodicity::None
            && let Some(repeats) = observed_repeats(n0, p, n_max)
        {
            observed = Periodicity::Observed {
                preperiod: n0,
                period: p,
                repeats,
            };
        }
    }
    observed
}

/// The smallest period (and its preperiod and saltus) that `g` shows under the same
/// observation rule as [`find_period`] (at least [`OBSERVED_REPEATS`] whole periods
/// covering at least a quarter of the values), with the saltus taken from the last
/// values when `arithmetic` (else 0). No proof: for sequences that are not octal games
/// (a census family, a column of a CSV). Returns the pattern and its whole repeats.
pub fn find_pattern(g: &[i64], arithmetic: bool) -> Option<(Pattern, usize)> {
    let n_max = g.len().checked_sub(1)?;
    for p in 1..=n_max / 2 {
        let s = match arithmetic {
            false => 0,
            true => match g[n_max].checked_sub(g[n_max - p]) {
                Some(s) => s,
                None => continue,
            },
        };
        let n0 = start_of_repetition(g, p, s);
        if let Some(repeats) = observed_repeats(n0, p, n_max) {
            return Some((
                Pattern {
                    preperiod: n0,
                    period: p,
                    saltus: s,
                },
                repeats,
            ));
        }
    }
    None
}

/// The exceptions of a pattern found in `g`: each n before the preperiod whose value
/// differs from what the periodic part, carried back, gives it: G(n) ≠ G(n + k·p) − k·s
/// for the least k that puts n + k·p in the periodic part (Winning Ways' convention;
/// Kayles has the 14 exceptions 0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70).
/// An n whose image lies beyond the values known is not counted.
pub fn exceptions(g: &[i64], pattern: &Pattern) -> Vec<usize> {
    let (pre, p) = (pattern.preperiod, pattern.period);
    (0..pre.min(g.len()))
        .filter(|&n| {
            let k = (pre - n).div_ceil(p);
            let m = n + k * p;
            m < g.len() && g[n] as i128 != g[m] as i128 - k as i128 * pattern.saltus as i128
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_smallest_period() {
        // 5, 9 then 1 2 3 repeating.
        let mut g = vec![5, 9];
        for i in 0..30 {
            g.push([1, 2, 3][i % 3]);
        }
        assert_eq!(
            find_period(&g, 1),
            Periodicity::Proved {
                preperiod: 2,
                period: 3
            }
        );
        // With t = 5 the theorem needs n up to 2*2 + 2*3 + 5 - 1 = 14: 0..=13 only shows
        // it (four whole periods from n = 2).
        assert_eq!(
            find_period(&g[..14], 5),
            Periodicity::Observed {
                preperiod: 2,
                period: 3,
                repeats: 4
            }
        );
        assert_eq!(
            find_period(&g[..15], 5),
            Periodicity::Proved {
                preperiod: 2,
                period: 3
            }
        );
        // Fewer than four periods after the preperiod: nothing.
        assert_eq!(find_period(&g[..13], 5), Periodicity::None);
        assert_eq!(find_period(&[0, 1, 2, 3, 4, 5, 6, 7], 1), Periodicity::None);
    }

    #[test]
    fn a_proved_period_wins_over_a_short_one_at_the_end() {
        // floor(n/3) mod 2 (the subtraction game 0.003): period 6 from 0. Its tail has
        // runs of three equal values, which once read as "period 1 from n = 4998".
        let g: Vec<u32> = (0..=5000u32).map(|n| (n / 3) % 2).collect();
        // The theorem (t = 3) needs values up to 2·0 + 2·6 + 3 − 1 = 14.
        assert!(!find_period(&g[..=13], 3).is_proved());
        for n_max in [14, 15, 100, 1000, 4998, 4999, 5000] {
            assert_eq!(
                find_period(&g[..=n_max], 3),
                Periodicity::Proved {
                    preperiod: 0,
                    period: 6
                },
                "N = {n_max}"
            );
        }
        // A constant tail too short to count: no period.
        let mut h: Vec<u32> = (0..100).collect();
        h.extend([7, 7, 7]);
        assert_eq!(find_period(&h, 1), Periodicity::None);
    }

    #[test]
    fn arithmetic_periodicity() {
        // 0, 1, 2 then G(n + 2) = G(n) + 3 from n = 3 on.
        let mut g: Vec<i64> = vec![0, 1, 2, 5, 4];
        while g.len() < 40 {
            let n = g.len();
            g.push(g[n - 2] + 3);
        }
        assert_eq!(
            find_pattern(&g, true),
            Some((
                Pattern {
                    preperiod: 3,
                    period: 2,
                    saltus: 3
                },
                18
            ))
        );
        assert_eq!(find_pattern(&g, false), None);
        assert_eq!(start_of_repetition(&g, 2, 3), 3);
    }
}

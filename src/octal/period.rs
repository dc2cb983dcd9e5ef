//! Periodicity of nim-sequences: the smallest period the computed values show, and a
//! proof by the Guy–Smith periodicity theorem (Guy & Smith 1956; Winning Ways ch. 4):
//! for an octal game whose last non-zero digit is `dt`, if G(n + p) = G(n) for all
//! n0 ≤ n < 2·n0 + p + t, then G(n + p) = G(n) for all n ≥ n0.

/// What the values show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Periodicity {
    /// Periodic from `preperiod` on with `period`, proved by Guy–Smith.
    Proved { preperiod: usize, period: usize },
    /// The values from `preperiod` to the end repeat with `period` at least three times
    /// over, but not far enough for the theorem.
    Observed { preperiod: usize, period: usize },
    /// No period shows within the computed values.
    None,
}

impl Periodicity {
    pub fn preperiod_period(&self) -> Option<(usize, usize)> {
        match *self {
            Periodicity::Proved { preperiod, period }
            | Periodicity::Observed { preperiod, period } => Some((preperiod, period)),
            Periodicity::None => None,
        }
    }

    pub fn is_proved(&self) -> bool {
        matches!(self, Periodicity::Proved { .. })
    }
}

/// The smallest period `p` (with its smallest preperiod) shown by `g` = G(0..=N), for a
/// game whose last non-zero digit is at `t`.
pub fn find_period(g: &[u32], t: usize) -> Periodicity {
    let n_max = match g.len() {
        0 => return Periodicity::None,
        l => l - 1,
    };
    for p in 1..=n_max / 2 {
        // Walk back from the end while G(n + p) = G(n); the preperiod starts after the
        // last mismatch.
        let mut n = n_max - p + 1;
        while n > 0 && g[n - 1 + p] == g[n - 1] {
            n -= 1;
        }
        let n0 = n;
        // Guy–Smith needs n0 <= n < 2 n0 + p + t, i.e. n_max - p >= 2 n0 + p + t - 1.
        if n_max >= needed_for_proof(n0, p, t) {
            return Periodicity::Proved {
                preperiod: n0,
                period: p,
            };
        }
        let checked = n_max + 1 - p - n0; // comparisons n0 ..= n_max - p
        if checked >= 2 * p {
            return Periodicity::Observed {
                preperiod: n0,
                period: p,
            };
        }
    }
    Periodicity::None
}

/// Values needed to prove periodicity (preperiod `n0`, period `p`, last digit `t`): the
/// largest heap size the theorem looks at.
pub fn needed_for_proof(n0: usize, p: usize, t: usize) -> usize {
    (2 * n0 + 2 * p + t).saturating_sub(1)
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
        // With t = 5 the theorem needs n up to 2*2 + 2*3 + 5 - 1 = 14: 0..=13 only shows it.
        assert_eq!(
            find_period(&g[..14], 5),
            Periodicity::Observed {
                preperiod: 2,
                period: 3
            }
        );
        assert_eq!(
            find_period(&g[..15], 5),
            Periodicity::Proved {
                preperiod: 2,
                period: 3
            }
        );
        // Fewer than two periods after the preperiod: nothing.
        assert_eq!(find_period(&g[..7], 5), Periodicity::None);
        assert_eq!(find_period(&[0, 1, 2, 3, 4, 5, 6, 7], 1), Periodicity::None);
    }
}

//! Misère quotients of octal games (Plambeck, "Taming the wild in impartial combinatorial
//! games", INTEGERS 5 (2005) #G05; Plambeck & Siegel, "Misère quotients for impartial
//! games", JCTA 115 (2008)).
//!
//! The misère quotient of the game restricted to heaps `0..=N` is the commutative monoid
//! of all sums of those heaps modulo indistinguishability (`x ≡ y` iff `x + z` and `y + z`
//! have the same misère outcome for every sum `z`), with its P-portion (the classes of
//! misère P-positions) and the element `Φ(n)` of each heap.
//!
//! **Method.** Heap by heap, as Siegel's MisereSolver proceeds, but every step is
//! *proved*, not trusted: with the quotient `Q` of heaps `< n` proved,
//! 1. each element `x` of `Q` is tried as `Φ(n)` (a conservative extension);
//! 2. failing those, candidates `Q × C(2,2)` (heap `n` free) and then, on each failure,
//!    with the heaps of the failing position given free cyclic components of growing
//!    index ([`candidate`]) are marked, reduced to their coarsest congruence respecting P
//!    ([`monoid`]), and tried.
//!
//! A candidate is accepted only when [`verify`] proves that it gets the misère outcome of
//! every sum of heaps `0..=n` right. A faithful bipartite monoid that is reduced and onto
//! is the quotient itself (two elements that no product tells apart are identified; two
//! that one does are distinguished by real positions), so each accepted `Q` is the
//! quotient of heaps `0..=n`, exactly.
//!
//! **Stabilisation.** When the heap elements are periodic, `Φ(n + p) = Φ(n)` for
//! `n0 ≤ n ≤ N − p`, and `N ≥ m·n0 + m·p + t + m − 1` (`t` the last digit's index, `m` the
//! most heaps one move leaves), the quotient of the whole game is this one: the
//! periodicity theorem for misère quotients (Plambeck & Siegel 2008, §7), with the bound
//! MisereSolver applies (CGSuite, `TBCode.periodicityChecker`: preperiod and period
//! multipliers `m`, offset `t + m`, counted in heaps `0..=N`).

pub mod candidate;
pub mod monoid;
mod report;
pub mod verify;

use candidate::Free;
use monoid::{Bipartite, Presentation};
use verify::{Closure, Kind};

use super::OctalCode;
use crate::error::{Error, Result};

/// Limits of one computation.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Elements of a candidate before reduction.
    pub candidate_elements: usize,
    /// (element, option set) pairs in a proof.
    pub pairs: usize,
    /// Candidates tried at one heap.
    pub tries: usize,
    /// The largest index of a free heap's cyclic component.
    pub index: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            candidate_elements: 4_000_000,
            pairs: 4_000_000,
            tries: 200,
            index: 64,
        }
    }
}

/// Where the computation stopped growing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stability {
    /// `Φ` periodic (period `period` from heap `preperiod`), long enough for the theorem.
    Proved {
        /// First heap of the periodic part.
        preperiod: u32,
        /// The period.
        period: u32,
    },
    /// A period seen but not yet long enough: the theorem needs heaps up to `needs`.
    Observed {
        /// First heap of the periodic part.
        preperiod: u32,
        /// The period.
        period: u32,
        /// The `N` the theorem needs.
        needs: u32,
    },
    /// No period seen.
    None,
}

/// The misère quotient of an octal game restricted to heaps `0..=max`.
#[derive(Clone, Debug)]
pub struct Quotient {
    /// The game.
    pub code: OctalCode,
    /// The largest heap.
    pub max: u32,
    /// The quotient and its P-portion.
    pub q: Bipartite,
    /// `Φ(n)` for `n = 0..=max`.
    pub phi: Vec<u32>,
    /// Its presentation (generators picked from the heaps in order).
    pub presentation: Presentation,
    /// The heaps at which the quotient changed, with its order and P-portion size then.
    pub changes: Vec<(u32, usize, usize)>,
    /// Periodicity of `Φ`.
    pub stability: Stability,
    /// Pairs in the last proof.
    pub pairs: usize,
}

/// The options of every heap `0..=max`: the heaps (sizes ≥ 1) each move leaves.
pub fn heap_options(code: &OctalCode, max: usize) -> Vec<Vec<Vec<u32>>> {
    (0..=max)
        .map(|h| {
            let mut opts: Vec<Vec<u32>> = Vec::new();
            for k in code.takes_all() {
                if h == k {
                    opts.push(vec![]);
                }
            }
            for k in code.takes_leaving_one() {
                if h > k {
                    opts.push(vec![(h - k) as u32]);
                }
            }
            for k in code.takes_leaving_two() {
                if h >= k + 2 {
                    let r = h - k;
                    for a in 1..=r / 2 {
                        opts.push(vec![a as u32, (r - a) as u32]);
                    }
                }
            }
            opts.sort_unstable();
            opts.dedup();
            opts
        })
        .collect()
}

/// The most heaps one move leaves (0, 1 or 2).
fn max_heaps_left(code: &OctalCode) -> u32 {
    if code.takes_leaving_two().next().is_some() {
        2
    } else if code.takes_leaving_one().next().is_some() {
        1
    } else {
        0
    }
}

/// Computes the misère quotient of `code` restricted to heaps `0..=max`. `progress` is
/// called after each heap (it may stop the computation with an error).
pub fn compute(
    code: &OctalCode,
    max: u32,
    limits: Limits,
    progress: &mut dyn FnMut(u32, usize) -> Result<()>,
) -> Result<Quotient> {
    let options = heap_options(code, max as usize);
    // Heaps 0..=0: the trivial quotient {1}, P empty.
    let mut q = Bipartite::trivial();
    let mut phi: Vec<u32> = vec![0];
    let mut closure = Closure::new(&q, limits.pairs)?
        .map_err(|_| Error::Limit("internal: the trivial quotient fails".into()))?;
    let mut changes = vec![(0u32, 1usize, 0usize)];
    for n in 1..=max as usize {
        if options[n].is_empty() {
            phi.push(0);
            progress(n as u32, q.len())?;
            continue;
        }
        let images = |q: &Bipartite, phi: &[u32]| -> Vec<u32> {
            let mut v: Vec<u32> = options[n]
                .iter()
                .map(|o| o.iter().fold(0, |acc, &h| q.mul(acc, phi[h as usize])))
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let opts = images(&q, &phi);
        let alone_p = opts.iter().all(|&o| !q.is_p(o));
        let mut found = None;
        for x in 0..q.len() as u32 {
            if q.is_p(x) != alone_p {
                continue;
            }
            let k = Kind {
                elem: x,
                options: opts.clone(),
            };
            if closure.has_kind(&k) {
                found = Some(x);
                break;
            }
            if !closure.one_step_ok(&q, &k) {
                continue;
            }
            if closure.extend(&q, &[(k, n as u32)])?.is_ok() {
                found = Some(x);
                break;
            }
        }
        if let Some(x) = found {
            phi.push(x);
        } else {
            let (q2, phi2, closure2) = expand(&q, &phi, &options, n, limits)?;
            q = q2;
            phi = phi2;
            closure = closure2;
            changes.push((n as u32, q.len(), q.p_len()));
        }
        progress(n as u32, q.len())?;
    }
    let presentation = q.presentation(&phi);
    let stability = periodicity(&phi, code.last() as u32, max_heaps_left(code));
    Ok(Quotient {
        code: code.clone(),
        max,
        pairs: closure.len(),
        q,
        phi,
        presentation,
        changes,
        stability,
    })
}

/// A new quotient for heaps `0..=n` when heap `n` is no element of `q`.
///
/// As MisereSolver recalibrates: the first candidate gives heap `n` a free component
/// `C(2,2)`; while the current (reduced) candidate fails, its lexicographically least
/// failing position `w` is found. All positions before `w` are predicted right (their
/// options come before them), so `w`'s true outcome is the opposite of the candidate's.
/// Subsets of the heaps of `w`, smallest first, are given free components (index at
/// least their element's and their exponent in `w`) over the current candidate until one
/// predicts `w` right; that is the next candidate.
fn expand(
    q: &Bipartite,
    phi: &[u32],
    options: &[Vec<Vec<u32>>],
    n: usize,
    limits: Limits,
) -> Result<(Bipartite, Vec<u32>, Closure)> {
    let mut phi_ext = phi.to_vec();
    phi_ext.push(0);
    let first = [Free {
        heap: n as u32,
        index: 2,
        period: 2,
    }];
    let (mut qc, mut phic) = reduced_candidate(q, &phi_ext, &first, options, n, limits)?;
    for _ in 0..limits.tries {
        let failure = match verify::least_failure(&qc, &phic, options, n, limits.pairs)? {
            None => {
                let kinds = kinds_of(&qc, &phic, options, n);
                let mut c = Closure::new(&qc, limits.pairs)?.map_err(|_| {
                    Error::Limit("internal: a proved quotient fails its closure".into())
                })?;
                if c.extend(&qc, &kinds)?.is_err() {
                    return Err(Error::Limit(
                        "internal: a proved quotient fails its closure".into(),
                    ));
                }
                return Ok((qc, phic, c));
            }
            Some(w) => w,
        };
        let eval = |q: &Bipartite, phi: &[u32]| {
            failure
                .iter()
                .fold(0, |acc, &h| q.mul(acc, phi[h as usize]))
        };
        let truth = !qc.is_p(eval(&qc, &phic));
        let mut heaps = failure.clone();
        heaps.dedup();
        if heaps.len() > 16 {
            return Err(Error::Limit(format!(
                "a failing position with {} different heaps at heap {n}",
                heaps.len()
            )));
        }
        let mut next = None;
        'sizes: for size in 1..=heaps.len() {
            for subset in subsets(heaps.len(), size) {
                let free: Vec<Free> = subset
                    .iter()
                    .map(|&i| {
                        let h = heaps[i];
                        let e = failure.iter().filter(|&&x| x == h).count() as u32;
                        let (index, period) = qc.index_period(phic[h as usize]);
                        Free {
                            heap: h,
                            index: index.max(e).max(2),
                            period: if period <= 2 { 2 } else { period },
                        }
                    })
                    .collect();
                if free.iter().any(|f| f.index > limits.index) {
                    continue;
                }
                let (q3, phi3) = reduced_candidate(&qc, &phic, &free, options, n, limits)?;
                if q3.is_p(eval(&q3, &phi3)) == truth {
                    next = Some((q3, phi3));
                    break 'sizes;
                }
            }
        }
        match next {
            Some((q3, phi3)) => {
                qc = q3;
                phic = phi3;
            }
            None => {
                return Err(Error::Limit(format!(
                    "no candidate quotient (free components of index up to {}) predicts the \
                     position {failure:?} at heap {n}",
                    limits.index
                )));
            }
        }
    }
    Err(Error::Limit(format!(
        "{} candidate quotients tried at heap {n}",
        limits.tries
    )))
}

/// The candidate over `(q, phi)` with `free` heaps, marked and reduced.
fn reduced_candidate(
    q: &Bipartite,
    phi: &[u32],
    free: &[Free],
    options: &[Vec<Vec<u32>>],
    n: usize,
    limits: Limits,
) -> Result<(Bipartite, Vec<u32>)> {
    let marked = candidate::mark(q, phi, free, options, n, limits.candidate_elements)?;
    let (q2, map) = Bipartite::reduced_from_actions(&marked.actions, &marked.p)?;
    let phi2 = marked.heap_state.iter().map(|&s| map[s as usize]).collect();
    Ok((q2, phi2))
}

/// The distinct heap kinds of heaps `1..=n`, each with a heap that has it.
fn kinds_of(q: &Bipartite, phi: &[u32], options: &[Vec<Vec<u32>>], n: usize) -> Vec<(Kind, u32)> {
    let mut kinds: Vec<(Kind, u32)> = Vec::new();
    for (h, opts) in options.iter().enumerate().take(n + 1).skip(1) {
        if opts.is_empty() {
            continue;
        }
        let k = verify::kind(q, phi, opts, h);
        if !kinds.iter().any(|(x, _)| *x == k) {
            kinds.push((k, h as u32));
        }
    }
    kinds
}

/// The `size`-element subsets of `0..len`, in lexicographic order.
fn subsets(len: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur: Vec<usize> = (0..size).collect();
    if size > len {
        return out;
    }
    loop {
        out.push(cur.clone());
        let mut i = size;
        while i > 0 && cur[i - 1] == len - size + i - 1 {
            i -= 1;
        }
        if i == 0 {
            return out;
        }
        cur[i - 1] += 1;
        for j in i..size {
            cur[j] = cur[j - 1] + 1;
        }
    }
}

/// The periodicity of `phi` (see the module documentation for the bound).
pub fn periodicity(phi: &[u32], t: u32, m: u32) -> Stability {
    let len = phi.len() as u32; // heaps 0..=N
    let mut observed = Stability::None;
    for p in 1..len {
        // The least n0 with phi[n + p] = phi[n] for all n0 <= n < len - p.
        let mut n0 = len - p;
        while n0 > 0 && phi[(n0 - 1) as usize] == phi[(n0 - 1 + p) as usize] {
            n0 -= 1;
        }
        // Call it periodic only if at least one whole period repeats.
        if len - p - n0 < p {
            continue;
        }
        let needs = m * n0 + m * p + t + m; // heaps counted 0..=N: N + 1 >= needs
        if len >= needs {
            return Stability::Proved {
                preperiod: n0,
                period: p,
            };
        }
        if observed == Stability::None && len - p - n0 >= 2 * p {
            observed = Stability::Observed {
                preperiod: n0,
                period: p,
                needs: needs - 1,
            };
        }
    }
    observed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::misere::OctalMisere;

    #[test]
    fn subsets_in_order() {
        assert_eq!(subsets(3, 2), vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert_eq!(subsets(2, 0), vec![Vec::<usize>::new()]);
    }

    /// Every sum of up to three heaps and a spread of larger sums: the quotient's
    /// prediction against the genus computed from the definition.
    #[test]
    fn predicts_outcomes_from_the_definition() {
        for (c, n) in [
            ("0.07", 16u32),
            ("0.75", 14),
            ("0.77", 14),
            ("0.137", 14),
            ("4.7", 10),
        ] {
            let code = OctalCode::parse(c).unwrap();
            let q = compute(&code, n, Limits::default(), &mut |_, _| Ok(())).unwrap();
            let mut memo = OctalMisere::new(&code);
            let mut check = |heaps: &[u32]| {
                let x = heaps
                    .iter()
                    .fold(0, |acc, &h| q.q.mul(acc, q.phi[h as usize]));
                let g = memo.of_heaps(heaps).unwrap();
                assert_eq!(q.q.is_p(x), g.misere_p(), "{c} {heaps:?}");
            };
            for a in 0..=n {
                for b in a..=n {
                    for d in b..=n {
                        check(&[a, b, d]);
                    }
                }
            }
            let mut seed = 12345u64;
            for _ in 0..300 {
                let mut hs = vec![];
                for _ in 0..5 {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    hs.push(((seed >> 33) % (n as u64 / 2 + 1)) as u32);
                }
                check(&hs);
            }
        }
    }
}

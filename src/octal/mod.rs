//! Octal games: codes, nim-sequences by the reference and the rare-value methods,
//! periodicity detection and proof, and the summary of a computed sequence.

pub mod checkpoint;
pub mod code;
mod kernels;
pub mod misere;
pub mod nim;
pub mod period;
pub mod quotient;
pub mod sparse;
pub mod split;

pub use code::OctalCode;
pub use period::{Periodicity, find_period};

/// Which method computes the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The rare-value ("sparse space") method.
    Fast,
    /// The definition, O(N²).
    Reference,
}

/// A computed nim-sequence with what we know about it.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The game.
    pub code: OctalCode,
    /// G(0..=N).
    pub values: Vec<u32>,
    /// Its periodicity (proved, observed or none).
    pub periodicity: Periodicity,
    /// The largest value.
    pub largest_value: u32,
    /// First heap size with the largest value.
    pub largest_at: usize,
    /// The split of values into rare and common, and the rare positions (n ≥ 1).
    pub split: nim::Split,
    /// Positions n ≥ 1 whose value is rare under `split`.
    pub rare: Vec<usize>,
    /// The fast method's counts (searches for rare values, full split scans).
    pub stats: Option<nim::Stats>,
}

/// Computes G(0..=max) and analyses it.
/// `split`: for the fast method, a fixed rare/common split instead of the automatic one.
pub fn analyse(
    code: &OctalCode,
    max: usize,
    method: Method,
    split: Option<nim::Split>,
    progress: nim::Progress,
) -> Analysis {
    match method {
        Method::Fast => Analysis::of_sparse(code, nim::sparse(code, max, split, progress)),
        Method::Reference => {
            let v = nim::reference(code, max, progress);
            let split = nim::best_split(&v, nim::domain_parity(code));
            let rare = (1..v.len()).filter(|&q| split.rare(v[q], q)).collect();
            Analysis::of(code, v, split, rare, None)
        }
    }
}

impl Analysis {
    /// The analysis of what the fast method computed.
    pub fn of_sparse(code: &OctalCode, s: nim::Sparse) -> Analysis {
        Analysis::of(code, s.values, s.split, s.rare, Some(s.stats))
    }

    /// The analysis of G(0..) with its split and rare positions.
    pub fn of(
        code: &OctalCode,
        values: Vec<u32>,
        split: nim::Split,
        rare: Vec<usize>,
        stats: Option<nim::Stats>,
    ) -> Analysis {
        let periodicity = find_period(&values, code.last());
        let largest_value = values.iter().copied().max().unwrap_or(0);
        let largest_at = values.iter().position(|&v| v == largest_value).unwrap_or(0);
        Analysis {
            code: code.clone(),
            values,
            periodicity,
            largest_value,
            largest_at,
            split,
            rare,
            stats,
        }
    }

    /// A few human-readable lines.
    pub fn summary(&self) -> String {
        let n = self.values.len() - 1;
        let period = match self.periodicity {
            Periodicity::Proved { preperiod, period } => format!(
                "periodic with period {period} from n = {preperiod} ({}), PROVED by the \
                 Guy-Smith theorem",
                match preperiod {
                    0 => "no exceptions".to_string(),
                    n0 => format!("last exception at n = {}", n0 - 1),
                }
            ),
            Periodicity::Observed {
                preperiod,
                period,
                repeats,
            } => format!(
                "period {period} from n = {preperiod} observed ({repeats} whole periods up to \
                 n = {n}) but not proved (the theorem needs values up to n = {})",
                period::needed_for_proof(preperiod, period, self.code.last())
            ),
            Periodicity::None => format!(
                "no period found up to n = {n} (none provable, none repeating {} times over \
                 a quarter of the values)",
                period::OBSERVED_REPEATS
            ),
        };
        let shown: Vec<String> = self.rare.iter().take(20).map(|p| p.to_string()).collect();
        let pct = |x: u64| 100.0 * x as f64 / n.max(1) as f64;
        let scans = self
            .stats
            .map(|s| {
                format!(
                    "\nfull split scans (every split looked at: a rare value below the least \
                     common non-option was no option): {} of {n} ({:.3}%)\nrare values below \
                     the candidate searched for at {} of {n} heaps ({:.1}%), {:.0} splits looked \
                     at per search",
                    s.full_scans,
                    pct(s.full_scans),
                    s.checked,
                    pct(s.checked),
                    s.splits_searched as f64 / s.checked.max(1) as f64,
                )
            })
            .unwrap_or_default();
        format!(
            "{}: G(0..={n}); {period}\nlargest value {} first at n = {}\nrare positions ({}): {}{}{}{scans}",
            self.code,
            self.largest_value,
            self.largest_at,
            self.split,
            self.rare.len(),
            if shown.is_empty() {
                String::new()
            } else {
                format!(": {}", shown.join(" "))
            },
            if self.rare.len() > 20 { " ..." } else { "" },
        )
    }
}

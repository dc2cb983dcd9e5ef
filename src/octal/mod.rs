//! Octal games: codes, nim-sequences by the reference and the rare-value methods,
//! periodicity detection and proof, and the summary of a computed sequence.

pub mod code;
pub mod nim;
pub mod period;

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
    /// How many n needed a scan of every split (fast method only).
    pub full_scans: Option<usize>,
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
    let (values, split, rare, full_scans) = match method {
        Method::Fast => {
            let s = nim::sparse(code, max, split, progress);
            (s.values, s.split, s.rare, Some(s.full_scans))
        }
        Method::Reference => {
            let v = nim::reference(code, max, progress);
            let split = nim::best_split(&v, nim::domain_parity(code));
            let rare = (1..v.len()).filter(|&q| split.rare(v[q], q)).collect();
            (v, split, rare, None)
        }
    };
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
        full_scans,
    }
}

impl Analysis {
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
        let scans = self
            .full_scans
            .map(|f| format!("\nfull split scans (a rare value below the least missing common one was unaccounted for): {f} of {n}"))
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

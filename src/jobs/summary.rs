//! What a run did, for the end-of-run report on stderr and the sidecar: rows, time,
//! rate, table sizes, and the tallies of the rows ([`super::tally`]).

use std::path::PathBuf;

use crate::solving::table::TableStats;
use crate::values::game::StoreUsage;

pub use super::tally::Tally;

/// What a run did.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The output path.
    pub out: PathBuf,
    /// Rows in the file at the end (resumed rows included).
    pub rows: u64,
    /// Rows that were already there when the run started.
    pub resumed: u64,
    /// Wall time of this run.
    pub seconds: f64,
    /// Census jobs: what the transposition table did, the entries of the impartial
    /// solver's labelled memo of small graphs, and what the game-value store holds.
    pub tables: Option<(TableStats, usize, StoreUsage)>,
    /// What a row is: "positions" (census) or "games" (octal sweep).
    pub unit: &'static str,
    /// Tallies of the new rows.
    pub tally: Tally,
    /// The output was complete already; nothing was computed.
    pub already_complete: bool,
    /// Census jobs: the memory budget and the peak resident memory of the process, in
    /// bytes (see [`super::memory`]).
    pub memory: Option<(u64, Option<u64>)>,
    /// A census with `keep`: the positions evaluated in all, and those evaluated before
    /// this run (`rows` are then the rows kept).
    pub positions: Option<(u64, u64)>,
    /// The tally files written (a census with `tally`).
    pub files: Vec<PathBuf>,
}

impl Summary {
    /// The report printed at the end of a run (and kept in the sidecar).
    pub fn text(&self) -> String {
        if self.already_complete {
            return format!(
                "{} is already complete ({} rows from this job): nothing to do \
                 (use --force to compute it again)",
                self.out.display(),
                self.rows
            );
        }
        if let Some((all, before)) = self.positions {
            let new = all - before;
            let mut s = format!(
                "{all} positions{} -> {} rows kept in {} in {:.2} s ({} {}/s)",
                if before > 0 {
                    format!(" ({new} new, {before} resumed)")
                } else {
                    String::new()
                },
                self.rows,
                self.out.display(),
                self.seconds,
                rate(new as f64 / self.seconds.max(1e-9)),
                self.unit,
            );
            self.details(&mut s);
            return s;
        }
        let new = self.rows - self.resumed;
        let mut s = format!(
            "{} rows{} -> {} in {:.2} s ({} {}/s)",
            self.rows,
            if self.resumed > 0 {
                format!(" ({new} new, {} resumed)", self.resumed)
            } else {
                String::new()
            },
            self.out.display(),
            self.seconds,
            rate(new as f64 / self.seconds.max(1e-9)),
            self.unit,
        );
        self.details(&mut s);
        s
    }

    /// Tables, memory, tallies and tally files, after the first line.
    fn details(&self, s: &mut String) {
        if let Some((table, memo, values)) = self.tables {
            s.push_str(&format!("\n{table}"));
            if memo > 0 {
                s.push_str(&format!("; {memo} small graphs in the labelled memo"));
            }
            if values.values > 0 {
                s.push_str(&format!(
                    "; {} distinct game values (about {:.1} MB, memo tables {:.1} MB)",
                    values.values,
                    values.value_bytes as f64 / (1u64 << 20) as f64,
                    values.memo_bytes as f64 / (1u64 << 20) as f64
                ));
            }
        }
        if let Some((budget, peak)) = self.memory {
            let mb = |b: u64| b as f64 / (1u64 << 20) as f64;
            s.push_str(&format!("\nmemory budget {:.0} MB", mb(budget)));
            if let Some(p) = peak {
                s.push_str(&format!("; peak resident memory {:.0} MB", mb(p)));
            }
        }
        for t in self.tally.texts(&self.out) {
            s.push('\n');
            s.push_str(&t);
        }
        for f in &self.files {
            s.push_str(&format!("\ntally -> {}", f.display()));
        }
    }
}

/// A rate with three significant digits at most, and no fewer than the whole number
/// (0.62, 7.41, 377, 253620).
fn rate(r: f64) -> String {
    match r {
        r if r >= 100.0 => format!("{r:.0}"),
        r if r >= 10.0 => format!("{r:.1}"),
        r => format!("{r:.2}"),
    }
}

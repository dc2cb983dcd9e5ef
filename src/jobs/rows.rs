//! What a census writes of its rows besides the CSV itself: streamed tallies (a job's
//! `tally = [["n", "atomic_weight"], ...]`: counts of every position grouped by the
//! named columns), and, with `keep`, only some rows ([`super::keep`]).
//!
//! A job with either records its progress in the sidecar ([`Progress`]: units of work
//! done, positions evaluated, the tallies so far) with the rows it vouches for ([`super::totals`]), under the
//! same lock, so a resumed run goes on from exactly there and its tallies equal an
//! uninterrupted run's. At the end each tally is written whole ([`super::staged`]) as a
//! small CSV beside the output, named by [`super::totals::tally_path`]: `OUT.tally-COL1-COL2.csv`
//! (`OUT` without its `.csv` or `.csv.zst`), with the columns and `count`, one line per
//! group, in the order of the groups' values (integers by value, then text by its
//! bytes, column by column). `merge` adds up the shards' tallies from their sidecars.

use std::collections::HashMap;

use super::keep::Keep;
use super::provenance::{Progress, TallyCounts};
use super::spec::CensusJob;
use crate::error::{Error, Result};
use crate::solving::Schema;

/// What the job's `keep` and `tally` add to its identity (nothing without them, so the
/// identities of other jobs stay as they were).
pub fn identity_suffix(job: &CensusJob) -> String {
    let mut s = String::new();
    if let Some(k) = &job.keep {
        s.push_str(&format!(", keep {}", k.trim()));
    }
    if !job.tally.is_empty() {
        let t: Vec<String> = job.tally.iter().map(|g| g.join("+")).collect();
        s.push_str(&format!(", tally {}", t.join(" ")));
    }
    s
}

/// A census's plan for its rows: which to write, what to tally.
pub struct RowPlan {
    keep: Option<Keep>,
    /// Each tally's columns and their indices in a row.
    groups: Vec<(Vec<String>, Vec<usize>)>,
}

impl RowPlan {
    /// The plan of `job`, whose rows have the columns of `schema`; a column that is not
    /// one of them is refused.
    pub fn new(job: &CensusJob, schema: &Schema) -> Result<RowPlan> {
        let names = schema.names();
        let mut groups = Vec::new();
        for group in &job.tally {
            let idx = group
                .iter()
                .map(|c| {
                    schema.index(c).ok_or_else(|| {
                        Error::usage(format!(
                            "tally by {c}: rules {} write the columns {}",
                            job.ruleset.name(),
                            names.join(", ")
                        ))
                    })
                })
                .collect::<Result<Vec<usize>>>()?;
            groups.push((group.clone(), idx));
        }
        let keep = job
            .keep
            .as_deref()
            .map(|k| Keep::compile(k, schema))
            .transpose()?;
        Ok(RowPlan { keep, groups })
    }

    /// Whether every row is written and nothing tallied: the run is as without a plan.
    pub fn is_plain(&self) -> bool {
        self.keep.is_none() && self.groups.is_empty()
    }

    /// Whether only some rows are written.
    pub fn keeps(&self) -> bool {
        self.keep.is_some()
    }

    /// Progress before anything is done.
    pub fn start(&self) -> Progress {
        let tallies = self
            .groups
            .iter()
            .map(|(c, _)| TallyCounts {
                columns: c.clone(),
                counts: Vec::new(),
            })
            .collect();
        Progress::new(0, 0, tallies)
    }

    /// A sink for the rows of one unit of work.
    pub fn unit(&self) -> UnitSink<'_> {
        UnitSink {
            plan: self,
            w: csv::WriterBuilder::new().from_writer(Vec::with_capacity(1 << 12)),
            rows: 0,
            positions: 0,
            counts: vec![HashMap::new(); self.groups.len()],
            key: String::new(),
            keep: self.keep.as_ref().map(|k| k.state()),
            err: None,
            raw: Vec::new(),
        }
    }
}

/// Separates the values of a group in a tally's key (never in a CSV field we write).
pub const SEP: char = '\u{1f}';

/// The rows of one unit of work: the CSV bytes of those kept, and the tallies of all.
pub struct UnitSink<'p> {
    plan: &'p RowPlan,
    w: csv::Writer<Vec<u8>>,
    rows: u64,
    positions: u64,
    counts: Vec<HashMap<String, u64>>,
    key: String,
    keep: Option<super::keep::KeepState>,
    err: Option<Error>,
    /// Rows given as CSV bytes ([`UnitSink::add_bytes`]).
    raw: Vec<u8>,
}

/// What a unit of work wrote.
pub struct UnitOut {
    /// CSV bytes of its kept rows.
    pub bytes: Vec<u8>,
    /// Rows in them.
    pub rows: u64,
    /// Positions evaluated.
    pub positions: u64,
    /// Its tallies: values joined by [`SEP`], and counts.
    pub counts: Vec<HashMap<String, u64>>,
}

impl UnitSink<'_> {
    /// Whether every row is written and nothing tallied: rows may then be given as
    /// their CSV bytes ([`UnitSink::add_bytes`]).
    pub fn plain(&self) -> bool {
        self.plan.is_plain()
    }

    /// One position's row as the CSV bytes the `csv` crate would write for its fields
    /// (a plain plan only: nothing reads its fields).
    pub fn add_bytes(&mut self, row: &[u8]) {
        debug_assert!(self.plain(), "rows as bytes are for plain plans");
        self.raw.extend_from_slice(row);
        self.positions += 1;
        self.rows += 1;
    }

    /// The columns a row needs formatted before it is known to be written (those the
    /// tallies and `keep` read), or `None` when every row is written.
    pub fn reads(&self, columns: usize) -> Option<Vec<bool>> {
        let keep = self.plan.keep.as_ref()?;
        let mut wanted = vec![false; columns];
        for &i in keep
            .reads()
            .iter()
            .chain(self.plan.groups.iter().flat_map(|(_, idx)| idx))
        {
            wanted[i] = true;
        }
        Some(wanted)
    }

    /// One position's row, of which `fields` holds at least the columns
    /// [`UnitSink::reads`] names; `full` formats the whole row if it is written.
    pub fn add_lazy(&mut self, fields: &[String], full: &dyn Fn() -> Vec<String>) {
        if self.plan.keep.is_none() {
            return self.add(fields);
        }
        self.add_row(fields, Some(full));
    }

    /// One position's row.
    pub fn add(&mut self, fields: &[String]) {
        self.add_row(fields, None);
    }

    fn add_row(&mut self, fields: &[String], full: Option<&dyn Fn() -> Vec<String>>) {
        if self.err.is_some() {
            return;
        }
        self.positions += 1;
        for ((_, idx), counts) in self.plan.groups.iter().zip(self.counts.iter_mut()) {
            self.key.clear();
            for (k, &i) in idx.iter().enumerate() {
                if k > 0 {
                    self.key.push(SEP);
                }
                self.key.push_str(&fields[i]);
            }
            match counts.get_mut(self.key.as_str()) {
                Some(c) => *c += 1,
                None => {
                    counts.insert(self.key.clone(), 1);
                }
            }
        }
        let write = match (&self.plan.keep, self.keep.as_mut()) {
            (Some(k), Some(state)) => match k.test(state, fields) {
                Ok(b) => b,
                Err(e) => {
                    self.err = Some(e);
                    return;
                }
            },
            _ => true,
        };
        if write {
            let full = full.map(|f| f());
            if let Err(e) = self.w.write_record(full.as_deref().unwrap_or(fields)) {
                self.err = Some(Error::io("formatting CSV", std::io::Error::other(e)));
                return;
            }
            self.rows += 1;
        }
    }

    /// The unit's rows and tallies.
    pub fn finish(self) -> Result<UnitOut> {
        if let Some(e) = self.err {
            return Err(e);
        }
        let mut bytes = self
            .w
            .into_inner()
            .map_err(|e| Error::io("formatting CSV", std::io::Error::other(e.to_string())))?;
        // A source gives its rows one way or the other; bytes given as bytes come after
        // none written as fields.
        if bytes.is_empty() {
            bytes = self.raw;
        } else {
            bytes.extend_from_slice(&self.raw);
        }
        Ok(UnitOut {
            bytes,
            rows: self.rows,
            positions: self.positions,
            counts: self.counts,
        })
    }
}

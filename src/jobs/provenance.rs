//! Provenance: the sidecar `FILE.meta.json` written beside every CSV file a job writes.
//! It records which program and which job produced the rows (the job file's text and a
//! hash of what determines the rows), the shard, threads, start and end time, the rows
//! written, whether the run is complete, and the end-of-run summary. `--resume` and
//! `merge` trust a CSV only through its sidecar.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::octal::checkpoint::Meta;

/// The version of this sidecar format.
pub const FORMAT: u32 = 1;

/// The program's version as it appears in sidecars (`gamecensus 0.1.0`).
pub fn program() -> String {
    format!("gamecensus {}", env!("CARGO_PKG_VERSION"))
}

/// The git commit the program was built from, if the build could read it.
pub fn commit() -> &'static str {
    option_env!("GAMECENSUS_COMMIT").unwrap_or("unknown")
}

/// Now, as RFC 3339 UTC (seconds).
pub fn now() -> String {
    humantime::format_rfc3339_seconds(SystemTime::now()).to_string()
}

/// A 128-bit xxh3 hash of `text`, as 32 hex digits.
pub fn hash(text: &str) -> String {
    format!("{:032x}", xxhash_rust::xxh3::xxh3_128(text.as_bytes()))
}

/// The content of a sidecar.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sidecar {
    /// [`FORMAT`].
    pub format: u32,
    /// `gamecensus VERSION`.
    pub program: String,
    /// The git commit of the build (`unknown` if it was not built from git).
    pub commit: String,
    /// What determines the rows, in words (kind, rules, sizes, shard, columns...): two
    /// runs with the same identity and program write the same bytes.
    pub identity: String,
    /// [`hash`] of `identity`.
    pub identity_hash: String,
    /// The job file as given on the command line, if the rows come from one.
    pub job_file: Option<PathBuf>,
    /// Its text.
    pub job_text: Option<String>,
    /// [`hash`] of its text.
    pub job_hash: Option<String>,
    /// The CSV's columns.
    pub columns: Vec<String>,
    /// The shard, `I/M` (`0/1` for a whole run).
    pub shard: String,
    /// Worker threads of the last run that wrote to the file.
    pub threads: usize,
    /// When the first run into this file started.
    pub started: String,
    /// When the file was last written to.
    pub updated: String,
    /// Rows in the file (after the header) when the sidecar was last written.
    pub rows: u64,
    /// Bytes in the file (header included) when the sidecar was last written.
    pub bytes: u64,
    /// xxh3-64 (16 hex digits) of those bytes.
    pub checksum: String,
    /// Whether the rows are all there.
    pub complete: bool,
    /// The end-of-run summary, once complete.
    pub summary: Option<String>,
    /// Sharded runs: how the rows divide into the job's units of work, so that `merge`
    /// can interleave the shards back into the order of the whole run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units: Option<Units>,
    /// `octal --out`: the state of the computation after the rows recorded here (the
    /// method, its split and counts), so that `--resume` goes on from the CSV itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub octal: Option<Meta>,
    /// Checksums of prefixes of the file (at most [`MAX_MARKS`], spread over it), so
    /// that a file whose bytes differ from the recorded ones can be refused saying
    /// where. In JSON: `BYTES:ROWS:CHECKSUM` separated by spaces.
    #[serde(default, skip_serializing_if = "Vec::is_empty", with = "marks")]
    pub marks: Vec<Mark>,
    /// A census with `keep` or `tally` (see [`super::rows`]): how far it got and its
    /// tallies, as of the rows this sidecar vouches for (recorded with them, so a resumed
    /// run goes on from exactly there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub census: Option<Progress>,
}

/// How far a census with `keep` or `tally` got, recorded with the rows it wrote: the
/// rows written are not the positions done when `keep` leaves some out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Units of work of this shard written whole.
    pub units: u64,
    /// Positions evaluated in them (written or not).
    pub positions: u64,
    /// The tallies of those positions, one per `tally` entry of the job.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tallies: Vec<TallyCounts>,
    /// xxh3-64 of the above ([`Progress::digest`]), 16 hex digits: counts edited by
    /// hand are refused ([`Progress::check`]) like rows whose bytes changed.
    #[serde(default)]
    pub checksum: String,
}

impl Progress {
    /// The progress of `units` units and `positions` positions with `tallies`, sealed
    /// with its checksum.
    pub fn new(units: u64, positions: u64, tallies: Vec<TallyCounts>) -> Progress {
        let mut p = Progress {
            units,
            positions,
            tallies,
            checksum: String::new(),
        };
        p.checksum = p.digest();
        p
    }

    /// The checksum of the units, positions and every tally's columns and records.
    pub fn digest(&self) -> String {
        let mut h = xxhash_rust::xxh3::Xxh3::new();
        h.update(format!("{} {}\n", self.units, self.positions).as_bytes());
        for t in &self.tallies {
            h.update(t.columns.join(",").as_bytes());
            h.update(b"\n");
            for r in &t.counts {
                h.update(r.as_bytes());
                h.update(b"\n");
            }
            h.update(b"\n");
        }
        format!("{:016x}", h.digest())
    }

    /// Whether the progress is as it was recorded: its checksum, and every tally counts
    /// each position once. `Err` says what differs.
    pub fn check(&self) -> std::result::Result<(), String> {
        if self.checksum.is_empty() {
            return Err(
                "its recorded progress and tallies have no checksum (an older gamecensus wrote \
                 them): they cannot be trusted"
                    .to_string(),
            );
        }
        if self.checksum != self.digest() {
            return Err(
                "its recorded progress and tallies differ from their checksum: they were changed"
                    .to_string(),
            );
        }
        for t in &self.tallies {
            let mut sum = 0u64;
            for r in &t.counts {
                let count = r
                    .rsplit_once(',')
                    .and_then(|(_, c)| c.parse::<u64>().ok())
                    .ok_or_else(|| format!("its tally record {r:?} has no count"))?;
                sum = sum
                    .checked_add(count)
                    .ok_or_else(|| "a tally's counts pass 2^64".to_string())?;
            }
            if sum != self.positions {
                return Err(format!(
                    "its tally by {} counts {sum} positions, it records {} done",
                    t.columns.join(","),
                    self.positions
                ));
            }
        }
        Ok(())
    }
}

/// One tally: counts of positions grouped by some columns.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TallyCounts {
    /// The columns grouped by.
    pub columns: Vec<String>,
    /// One CSV record per group, in the tally file's order: its values, then its count.
    pub counts: Vec<String>,
}

/// Most [`Sidecar::marks`] kept: when there are more, every other one goes.
pub const MAX_MARKS: usize = 64;

/// The checksum of a prefix of a CSV: its first `bytes` bytes hold `rows` rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// Bytes of the prefix (whole lines).
    pub bytes: u64,
    /// Rows in it (after the header).
    pub rows: u64,
    /// xxh3-64 of those bytes, as 16 hex digits.
    pub checksum: String,
}

impl Sidecar {
    /// Records the checksum of the prefix the sidecar now vouches for among its marks.
    pub fn add_mark(&mut self) {
        if self.marks.last().is_some_and(|m| m.bytes == self.bytes) {
            return;
        }
        self.marks.push(Mark {
            bytes: self.bytes,
            rows: self.rows,
            checksum: self.checksum.clone(),
        });
        if self.marks.len() > MAX_MARKS {
            let last = self.marks.pop();
            let mut i = 0;
            self.marks.retain(|_| {
                i += 1;
                i % 2 == 0
            });
            self.marks.extend(last);
        }
    }
}

/// `Vec<Mark>` as one string `BYTES:ROWS:CHECKSUM ...`.
mod marks {
    use super::Mark;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &[Mark], s: S) -> Result<S::Ok, S::Error> {
        let text: Vec<String> = v
            .iter()
            .map(|m| format!("{}:{}:{}", m.bytes, m.rows, m.checksum))
            .collect();
        s.serialize_str(&text.join(" "))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Mark>, D::Error> {
        let text = String::deserialize(d)?;
        text.split_ascii_whitespace()
            .map(|w| {
                let mut f = w.splitn(3, ':');
                let bad = || serde::de::Error::custom(format!("bad mark {w:?}"));
                let bytes = f.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?;
                let rows = f.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?;
                let checksum = f
                    .next()
                    .filter(|c| c.len() == 16 && c.bytes().all(|b| b.is_ascii_hexdigit()))
                    .ok_or_else(bad)?
                    .to_string();
                Ok(Mark {
                    bytes,
                    rows,
                    checksum,
                })
            })
            .collect()
    }
}

/// How a shard's rows divide into units of work. Shard `I/M` takes the units whose
/// number in the whole run is `I` modulo `M`, in order, so the whole run's rows are unit
/// 0 of shard 0, unit 0 of shard 1, ..., unit 0 of shard M-1, unit 1 of shard 0, ...
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Units {
    /// Every unit writes this many rows (an octal sweep: one row per code).
    Each(u64),
    /// The rows of each whole unit written so far, in order (a census: a unit's
    /// positions vary in number, and may be none). Rows after these belong to a unit
    /// that was interrupted. In JSON: decimal numbers separated by spaces.
    Rows(#[serde(with = "spaced")] Vec<u64>),
}

/// `Vec<u64>` as one string of decimal numbers separated by spaces (a census shard has
/// thousands of units; one line keeps the sidecar readable).
mod spaced {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &[u64], s: S) -> Result<S::Ok, S::Error> {
        let text: Vec<String> = v.iter().map(u64::to_string).collect();
        s.serialize_str(&text.join(" "))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u64>, D::Error> {
        let text = String::deserialize(d)?;
        text.split_ascii_whitespace()
            .map(|w| w.parse().map_err(serde::de::Error::custom))
            .collect()
    }
}

/// Refuses CSV files (to be read as one table by `analyze` or `report`) of which two
/// hold the same rows by their sidecars: the same identity (the job, the rules, the
/// sizes, the shard...), whatever their paths or compression. Files without a sidecar
/// are not compared.
pub fn refuse_same_rows(paths: &[PathBuf]) -> Result<()> {
    let mut seen: Vec<(String, &Path)> = Vec::new();
    for p in paths {
        if p.as_os_str() == "-" {
            continue;
        }
        let Ok(Some(s)) = Sidecar::read(p) else {
            continue;
        };
        if let Some((_, first)) = seen.iter().find(|(h, _)| *h == s.identity_hash) {
            return Err(Error::usage(format!(
                "{} and {} hold the same rows (their sidecars record the same job, shard {}): \
                 give each once (its rows would be counted twice)",
                first.display(),
                p.display(),
                s.shard
            )));
        }
        seen.push((s.identity_hash, p));
    }
    Ok(())
}

impl Sidecar {
    /// The sidecar of a run starting now: no rows yet. `job`: the job file and its text,
    /// if the rows come from one; `shard`: `I/M`.
    pub fn new(
        identity: String,
        job: Option<(PathBuf, String)>,
        columns: &[&str],
        shard: String,
        threads: usize,
        started: String,
    ) -> Sidecar {
        let (job_file, job_text) = job.unzip();
        Sidecar {
            format: FORMAT,
            program: program(),
            commit: commit().to_string(),
            identity_hash: hash(&identity),
            identity,
            job_hash: job_text.as_deref().map(hash),
            job_file,
            job_text,
            columns: columns.iter().map(|c| c.to_string()).collect(),
            shard,
            threads,
            updated: started.clone(),
            started,
            rows: 0,
            bytes: 0,
            checksum: String::new(),
            complete: false,
            summary: None,
            units: None,
            octal: None,
            marks: Vec::new(),
            census: None,
        }
    }

    /// The sidecar path of a CSV path: `FILE.meta.json`.
    pub fn path_for(csv: &Path) -> PathBuf {
        let mut name = csv.file_name().unwrap_or_default().to_os_string();
        name.push(".meta.json");
        csv.with_file_name(name)
    }

    /// Reads the sidecar of `csv`; `Ok(None)` if there is none.
    pub fn read(csv: &Path) -> Result<Option<Sidecar>> {
        let p = Sidecar::path_for(csv);
        let bytes = match std::fs::read(&p) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(Error::io(format!("reading {}", p.display()), e)),
        };
        // Not UTF-8, not JSON, not ours: the user's file to look at, not an I/O failure.
        serde_json::from_slice(&bytes)
            .map(Some)
            .map_err(|e| Error::usage(format!("{}: not a gamecensus sidecar ({e})", p.display())))
    }

    /// Writes the sidecar of `csv` (atomically: a temporary file, then a rename).
    pub fn write(&self, csv: &Path) -> Result<()> {
        let p = Sidecar::path_for(csv);
        let mut tmp = p.as_os_str().to_os_string();
        tmp.push(".tmp");
        let tmp = PathBuf::from(tmp);
        let text = serde_json::to_string_pretty(self).expect("a sidecar serialises");
        let written = std::fs::write(&tmp, text + "\n").and_then(|_| std::fs::rename(&tmp, &p));
        written.map_err(|e| {
            // A full disk: the previous sidecar stays as it was, and no torn temporary
            // file is left beside it.
            let _ = std::fs::remove_file(&tmp);
            Error::io(
                format!(
                    "writing {} (the previous one is kept: it vouches for the rows before)",
                    p.display()
                ),
                e,
            )
        })
    }

    /// Why rows described by `self` cannot be continued by a run described by `other`
    /// (different program version or identity), or `None` if they can.
    pub fn mismatch(&self, other: &Sidecar) -> Option<String> {
        if self.program != other.program {
            return Some(format!(
                "it was written by {}, this is {}",
                self.program, other.program
            ));
        }
        if self.identity_hash != other.identity_hash || self.identity != other.identity {
            // Only the parts that differ: the message stays one readable line.
            let (mine, theirs): (Vec<&str>, Vec<&str>) = (
                self.identity.split(", ").collect(),
                other.identity.split(", ").collect(),
            );
            let differ = |a: &[&str], b: &[&str]| -> String {
                let d: Vec<&str> = a.iter().filter(|p| !b.contains(p)).copied().collect();
                if d.is_empty() {
                    a.join(", ")
                } else {
                    d.join(", ")
                }
            };
            return Some(format!(
                "it holds {}, this run writes {}",
                differ(&mine, &theirs),
                differ(&theirs, &mine)
            ));
        }
        if self.job_hash != other.job_hash {
            // Same rows, but the job file's text changed (if only a comment): the sidecar
            // would no longer say which text wrote them.
            let short = |h: &Option<String>| {
                h.as_deref()
                    .map_or("none".to_string(), |h| h.chars().take(12).collect())
            };
            return Some(format!(
                "it was written from a job file whose text differs from this one (job hash \
                 {}, this job's {})",
                short(&self.job_hash),
                short(&other.job_hash)
            ));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(counts: &[&str]) -> TallyCounts {
        TallyCounts {
            columns: vec!["n".into(), "value".into()],
            counts: counts.iter().map(|c| c.to_string()).collect(),
        }
    }

    #[test]
    fn progress_is_checked_by_its_checksum_and_its_counts() {
        let p = Progress::new(2, 5, vec![tally(&["1,0,2", "2,\"{1|0}\",3"])]);
        assert_eq!(p.check(), Ok(()));
        // Any change: the checksum no longer matches.
        let mut edited = p.clone();
        edited.tallies[0].counts[0] = "1,0,3".into();
        assert!(edited.check().unwrap_err().contains("checksum"));
        let mut edited = p.clone();
        edited.units = 3;
        assert!(edited.check().is_err());
        // Sealed anew but counting a position twice or missing one: refused.
        let wrong = Progress::new(2, 6, vec![tally(&["1,0,2", "2,\"{1|0}\",3"])]);
        assert!(wrong.check().unwrap_err().contains("counts 5 positions"));
        let torn = Progress::new(2, 5, vec![tally(&["1,0,2", "2,\"{1|0}\""])]);
        assert!(torn.check().is_err());
        // Without tallies (keep only): the checksum alone.
        assert_eq!(Progress::new(4, 9, Vec::new()).check(), Ok(()));
    }
}

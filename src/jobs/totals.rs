//! The running totals of a census with `keep` or `tally` ([`super::rows`]): units and
//! positions done and the tallies so far, recorded in the sidecar as a [`Progress`] with
//! the rows it vouches for, read back on `--resume` ([`resume_point`]), added up across
//! shards by `merge`, and written as the tally files ([`tally_path`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::provenance::{Progress, Sidecar, TallyCounts, Units};
use super::rows::{SEP, UnitOut};
use crate::error::{Error, Result};

/// The file of the tally by `columns` of the output `out`: `OUT.tally-COL1-COL2.csv`,
/// `OUT` being the output's name without `.csv` or `.csv.zst`.
pub fn tally_path(out: &Path, columns: &[String]) -> PathBuf {
    let name = out.file_name().unwrap_or_default().to_string_lossy();
    let stem = name
        .strip_suffix(".csv.zst")
        .or_else(|| name.strip_suffix(".csv"))
        .unwrap_or(&name);
    out.with_file_name(format!("{stem}.tally-{}.csv", columns.join("-")))
}

/// The running totals of a census with a plan: kept as maps, turned into a
/// [`Progress`] for the sidecar.
pub struct Totals {
    /// Units of this shard done.
    pub units: u64,
    /// Positions evaluated.
    pub positions: u64,
    columns: Vec<Vec<String>>,
    counts: Vec<HashMap<String, u64>>,
}

impl Totals {
    /// Totals as recorded in `p`, the progress in the sidecar of `out`: refused (a usage
    /// error naming the sidecar) unless its checksum and counts are as recorded.
    pub fn from_progress(p: &Progress, out: &Path) -> Result<Totals> {
        p.check()
            .map_err(|why| Error::usage(format!("{}: {why}", Sidecar::path_for(out).display())))?;
        let mut counts = Vec::new();
        for t in &p.tallies {
            counts.push(parse_counts(t)?);
        }
        Ok(Totals {
            units: p.units,
            positions: p.positions,
            columns: p.tallies.iter().map(|t| t.columns.clone()).collect(),
            counts,
        })
    }

    /// Adds a unit's positions and tallies.
    pub fn add(&mut self, unit: &UnitOut) -> Result<()> {
        self.units += 1;
        self.positions = self
            .positions
            .checked_add(unit.positions)
            .ok_or_else(|| Error::Limit("more than 2^64 positions".to_string()))?;
        for (all, one) in self.counts.iter_mut().zip(&unit.counts) {
            add_counts(all, one)?;
        }
        Ok(())
    }

    /// Adds another shard's totals (the same tallies).
    pub fn add_totals(&mut self, other: &Totals) -> Result<()> {
        if self.columns != other.columns {
            return Err(Error::usage("the shards' tallies differ"));
        }
        self.units += other.units;
        self.positions = self
            .positions
            .checked_add(other.positions)
            .ok_or_else(|| Error::Limit("more than 2^64 positions".to_string()))?;
        for (all, one) in self.counts.iter_mut().zip(&other.counts) {
            add_counts(all, one)?;
        }
        Ok(())
    }

    /// As recorded in a sidecar (sealed with its checksum). Costs a sort of every
    /// tally's groups: called when the sidecar is written, not for every unit.
    pub fn progress(&self) -> Progress {
        let tallies = self
            .columns
            .iter()
            .zip(&self.counts)
            .map(|(c, m)| TallyCounts {
                columns: c.clone(),
                counts: records(m),
            })
            .collect();
        Progress::new(self.units, self.positions, tallies)
    }

    /// The columns of each tally.
    pub fn columns(&self) -> &[Vec<String>] {
        &self.columns
    }
}

/// The text of a tally file: the columns and `count`, then one record per group.
fn tally_text(t: &TallyCounts) -> String {
    let mut text = t.columns.join(",");
    text.push_str(",count\n");
    for r in &t.counts {
        text.push_str(r);
        text.push('\n');
    }
    text
}

/// Writes `tallies` beside `out`, each file whole (written under a temporary
/// name, then renamed). What was at their paths has been claimed for this run by
/// [`claim_tally_files`]. Returns the files.
pub fn write_tallies(out: &Path, tallies: &[TallyCounts]) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for t in tallies {
        let path = tally_path(out, &t.columns);
        let staged = super::staged::Staged::file(&path, true)?;
        std::fs::write(staged.path(), tally_text(t))
            .map_err(|e| Error::io(format!("writing {}", path.display()), e))?;
        staged.commit()?;
        files.push(path);
    }
    Ok(files)
}

/// What a run is about to do with the output whose tallies are at stake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Write it from the start (`--force` given or not).
    Fresh {
        /// `--force`: what is at the tallies' paths goes now.
        force: bool,
    },
    /// Continue an interrupted run, or find it complete: the tally files there must be
    /// the ones its sidecar's progress writes.
    Own,
}

/// Decides, before anything is computed, what happens to the files at the paths of the
/// tallies `columns` of `out`, so that a run never overwrites what is not its own:
/// a fresh run refuses any file there unless `--force` (which removes them now, so that
/// an interrupted forced run does not leave another run's tallies beside its rows); a
/// resumed or complete run accepts only the files its recorded `progress` writes, byte
/// for byte (a run killed between writing them and recording that it is complete left
/// them), and writes the missing ones of a complete run.
pub fn claim_tally_files(
    out: &Path,
    columns: &[Vec<String>],
    claim: Claim,
    progress: Option<&Progress>,
    complete: bool,
) -> Result<()> {
    for (i, c) in columns.iter().enumerate() {
        let path = tally_path(out, c);
        let show = path.display();
        if std::fs::symlink_metadata(&path).is_err() {
            if complete && let Some(p) = progress {
                write_tallies(out, &p.tallies[i..=i])?;
            }
            continue;
        }
        match claim {
            Claim::Fresh { force: true } => {
                std::fs::remove_file(&path)
                    .map_err(|e| Error::io(format!("removing {show} (--force)"), e))?;
            }
            Claim::Fresh { force: false } => {
                return Err(Error::usage(format!(
                    "will not overwrite {show}: this run writes its tally there; use --force \
                     to replace it or --out to write elsewhere"
                )));
            }
            Claim::Own => {
                let want = progress.and_then(|p| p.tallies.get(i)).map(tally_text);
                let have = std::fs::read(&path).ok();
                if want.is_none() || have.as_deref() != want.as_deref().map(str::as_bytes) {
                    return Err(Error::usage(format!(
                        "{show} is not the tally {} recorded{}, it was changed or is another \
                         run's: compute it again with --force",
                        Sidecar::path_for(out).display(),
                        if complete { "" } else { " so far" }
                    )));
                }
            }
        }
    }
    Ok(())
}

fn add_counts(all: &mut HashMap<String, u64>, one: &HashMap<String, u64>) -> Result<()> {
    for (k, &c) in one {
        let e = match all.get_mut(k) {
            Some(e) => e,
            None => all.entry(k.clone()).or_insert(0),
        };
        *e = e
            .checked_add(c)
            .ok_or_else(|| Error::Limit("a tally count passed 2^64".to_string()))?;
    }
    Ok(())
}

/// The counts as CSV records (`values...,count`), in order.
fn records(m: &HashMap<String, u64>) -> Vec<String> {
    let mut keys: Vec<&String> = m.keys().collect();
    // Field by field: integers first, in numeric order, then other values as text;
    // each key parsed once.
    keys.sort_by_cached_key(|k| {
        k.split(SEP)
            .map(|x| match x.parse::<i64>() {
                Ok(i) => (0, i, ""),
                Err(_) => (1, 0, x),
            })
            .collect::<Vec<_>>()
    });
    // One writer for all: each record's end is where the buffer ends after it.
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    let mut ends = Vec::with_capacity(keys.len());
    for k in keys {
        let count = m[k].to_string();
        w.write_record(k.split(SEP).chain(std::iter::once(count.as_str())))
            .and_then(|_| w.flush().map_err(csv::Error::from))
            .expect("writing to memory");
        ends.push(w.get_ref().len());
    }
    let buf = w.into_inner().expect("in memory");
    let mut start = 0;
    ends.into_iter()
        .map(|end| {
            let s = std::str::from_utf8(&buf[start..end - 1])
                .expect("UTF-8")
                .to_string();
            start = end;
            s
        })
        .collect()
}

/// The counts of a recorded tally.
fn parse_counts(t: &TallyCounts) -> Result<HashMap<String, u64>> {
    let bad = |r: &str| Error::usage(format!("a sidecar's tally record {r:?} is not ours"));
    let mut m = HashMap::new();
    for r in &t.counts {
        let rec = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(r.as_bytes())
            .records()
            .next()
            .and_then(|x| x.ok())
            .ok_or_else(|| bad(r))?;
        if rec.len() != t.columns.len() + 1 {
            return Err(bad(r));
        }
        let count: u64 = rec[t.columns.len()].parse().map_err(|_| bad(r))?;
        let key: Vec<&str> = rec.iter().take(t.columns.len()).collect();
        m.insert(key.join(&SEP.to_string()), count);
    }
    Ok(m)
}

/// Where a resumed census with a plan goes on: its progress as recorded with the rows
/// kept, and (for a sharded run that keeps only some rows) the rows of each unit
/// written, which cannot be counted again.
pub struct Resumed {
    /// The totals so far.
    pub totals: Totals,
    /// The sidecar's rows of each unit, if it lists them.
    pub unit_rows: Option<Vec<u64>>,
}

/// Reads the progress recorded with the `rows` vouched rows of `out`.
pub fn resume_point(out: &Path, rows: u64) -> Result<Resumed> {
    let show = out.display();
    let old = Sidecar::read(out)?
        .ok_or_else(|| Error::usage(format!("cannot resume {show}: its sidecar went missing")))?;
    let Some(p) = &old.census else {
        return Err(Error::usage(format!(
            "cannot resume {show}: its sidecar records no progress of the job's keep and tally"
        )));
    };
    if old.rows != rows {
        return Err(Error::usage(format!(
            "cannot resume {show}: its sidecar changed while it was read"
        )));
    }
    let unit_rows = match old.units {
        Some(Units::Rows(list)) => {
            if list.len() as u64 != p.units {
                return Err(Error::usage(format!(
                    "cannot resume {show}: its sidecar lists {} units but records {} done",
                    list.len(),
                    p.units
                )));
            }
            Some(list)
        }
        _ => None,
    };
    Ok(Resumed {
        totals: Totals::from_progress(p, out).map_err(|e| match e {
            Error::Usage(m) => Error::Usage(format!("cannot resume {show}: {m}")),
            e => e,
        })?,
        unit_rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tally_paths() {
        let c = vec!["n".to_string(), "atomic_weight".to_string()];
        assert_eq!(
            tally_path(Path::new("results/x.csv"), &c),
            PathBuf::from("results/x.tally-n-atomic_weight.csv")
        );
        assert_eq!(
            tally_path(Path::new("r/x.shard-0-of-2.csv.zst"), &c[..1]),
            PathBuf::from("r/x.shard-0-of-2.tally-n.csv")
        );
        assert_eq!(
            tally_path(Path::new("out"), &c[..1]),
            PathBuf::from("out.tally-n.csv")
        );
    }

    #[test]
    fn records_order_and_round_trip() {
        let mut m = HashMap::new();
        for (k, c) in [
            ("10\u{1f}-1", 3),
            ("9\u{1f}{0,*|0}", 2),
            ("9\u{1f}2", 1),
            ("9\u{1f}-3", 4),
        ] {
            m.insert(k.to_string(), c);
        }
        let r = records(&m);
        assert_eq!(r, ["9,-3,4", "9,2,1", "9,\"{0,*|0}\",2", "10,-1,3"]);
        let t = TallyCounts {
            columns: vec!["n".into(), "w".into()],
            counts: r,
        };
        assert_eq!(parse_counts(&t).unwrap(), m);
    }
}

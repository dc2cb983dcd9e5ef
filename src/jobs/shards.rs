//! The shards `merge` is given: each shard's CSV and sidecar read and checked on its
//! own ([`load`]), then the set checked as one run's shards ([`check_set`]): the same
//! job file, program and commit, every shard once, complete, with unit counts of one
//! run. See [`super::merge`] for what is merged.

use std::path::{Path, PathBuf};

use super::provenance::{self, Sidecar, Units};
use super::run::identity;
use super::spec::JobSpec;
use crate::error::{Error, Result};
use crate::graphs::Shard;

/// One shard's CSV with its sidecar, checked on its own.
pub(super) struct ShardFile {
    pub(super) path: PathBuf,
    pub(super) sidecar: Sidecar,
    pub(super) shard: Shard,
    /// How many rows each of its units has.
    pub(super) units: UnitRows,
}

/// The rows of each unit of a shard, in order.
pub(super) enum UnitRows {
    /// `count` units of `each` rows.
    Each { each: u64, count: usize },
    /// As listed.
    Listed(Vec<u64>),
}

impl UnitRows {
    pub(super) fn len(&self) -> usize {
        match self {
            UnitRows::Each { count, .. } => *count,
            UnitRows::Listed(v) => v.len(),
        }
    }

    pub(super) fn rows(&self, unit: usize) -> u64 {
        match self {
            UnitRows::Each { each, .. } => *each,
            UnitRows::Listed(v) => v[unit],
        }
    }
}

pub(super) fn refuse(msg: String) -> Error {
    Error::usage(format!("will not merge: {msg}"))
}

/// Reads a shard's sidecar and checks what can be checked of one shard alone.
pub(super) fn load(path: &Path) -> Result<ShardFile> {
    let show = path.display();
    if path.to_string_lossy().ends_with(".meta.json") {
        return Err(refuse(format!(
            "{show} is a sidecar: give the shards' CSV files (e.g. results/NAME.shard-*-of-M.csv)"
        )));
    }
    let meta =
        std::fs::metadata(path).map_err(|e| refuse(format!("cannot read shard {show}: {e}")))?;
    if !meta.is_file() {
        return Err(refuse(format!("shard {show} is not a regular file")));
    }
    let sidecar = Sidecar::read(path)?.ok_or_else(|| {
        refuse(format!(
            "{show} has no sidecar {}: it is not a shard written by gamecensus run",
            Sidecar::path_for(path).display()
        ))
    })?;
    let shard = Shard::parse(&sidecar.shard).map_err(|_| {
        refuse(format!(
            "{show}: its sidecar's shard {:?} is not I/M",
            sidecar.shard
        ))
    })?;
    if !sidecar.complete {
        let real = crate::sys::lock::resolve_links(path)?;
        if let Some(holder) = crate::sys::lock::held_by(&real) {
            return Err(refuse(format!(
                "{show} (shard {}) is being written by another gamecensus ({holder}): wait for \
                 it to finish",
                sidecar.shard
            )));
        }
        return Err(refuse(format!(
            "{show} (shard {}) is incomplete: {} rows of an interrupted run; finish it with \
             gamecensus run JOB --shard {} --resume",
            sidecar.shard, sidecar.rows, sidecar.shard
        )));
    }
    if meta.len() != sidecar.bytes {
        return Err(refuse(format!(
            "{show} has {} bytes but its sidecar says the complete shard has {}: it was changed",
            meta.len(),
            sidecar.bytes
        )));
    }
    // Every row is a line of at least one character and its newline (uncompressed).
    if !super::zst::is_zst_path(path) && sidecar.rows > sidecar.bytes / 2 {
        return Err(refuse(format!(
            "{show}: its sidecar's {} rows cannot fit in {} bytes",
            sidecar.rows, sidecar.bytes
        )));
    }
    let units = match (&sidecar.units, shard.count) {
        (_, 1) => UnitRows::Listed(vec![sidecar.rows]),
        (Some(Units::Rows(list)), _) => UnitRows::Listed(list.clone()),
        (Some(Units::Each(k)), _) if *k > 0 && sidecar.rows % k == 0 => UnitRows::Each {
            each: *k,
            count: (sidecar.rows / k) as usize,
        },
        _ => {
            return Err(refuse(format!(
                "{show}: its sidecar does not record how its rows divide into units (written \
                 by another version of gamecensus?)"
            )));
        }
    };
    if let UnitRows::Listed(list) = &units {
        let sum = list.iter().try_fold(0u64, |a, &b| a.checked_add(b));
        if sum != Some(sidecar.rows) {
            return Err(refuse(format!(
                "{show}: its sidecar's units do not add up to the {} rows it records",
                sidecar.rows
            )));
        }
    }
    Ok(ShardFile {
        path: path.to_path_buf(),
        sidecar,
        shard,
        units,
    })
}

/// Checks that the shards are the M shards of one job, once each; returns them in shard
/// order, with the job.
pub(super) fn check_set(mut files: Vec<ShardFile>) -> Result<(Vec<ShardFile>, JobSpec)> {
    let first = &files[0];
    let (p0, s0) = (first.path.display().to_string(), &first.sidecar);
    let this = provenance::program();
    if s0.program != this {
        return Err(refuse(format!(
            "{p0} was written by {}, this is {this}: merge with the program that wrote it",
            s0.program
        )));
    }
    let Some(text) = s0.job_text.as_deref() else {
        return Err(refuse(format!("{p0}: its sidecar holds no job file")));
    };
    let spec = JobSpec::parse(text).map_err(|e| {
        refuse(format!(
            "{p0}: the job file in its sidecar does not parse ({e})"
        ))
    })?;
    let m = first.shard.count;
    for f in &files[1..] {
        let (p, s) = (f.path.display(), &f.sidecar);
        let differs = if s.job_hash != s0.job_hash {
            Some("job files")
        } else if s.program != s0.program || s.commit != s0.commit {
            Some("programs (version or commit)")
        } else if s.columns != s0.columns {
            Some("columns")
        } else if f.shard.count != m {
            Some("shard counts")
        } else {
            None
        };
        if let Some(what) = differs {
            return Err(refuse(format!(
                "{p} (shard {}, job {}) and {p0} (shard {}, job {}) come from different runs: \
                 their {what} differ",
                s.shard,
                s.job_file.as_deref().unwrap_or(Path::new("?")).display(),
                s0.shard,
                s0.job_file.as_deref().unwrap_or(Path::new("?")).display(),
            )));
        }
    }
    for f in &files {
        if f.sidecar.identity != identity(&spec, f.shard)? {
            return Err(refuse(format!(
                "{}: its identity is not that of shard {} of its job file: {}",
                f.path.display(),
                f.sidecar.shard,
                f.sidecar.identity
            )));
        }
    }
    files.sort_by_key(|f| f.shard.index);
    for w in files.windows(2) {
        if w[0].shard.index == w[1].shard.index {
            return Err(refuse(format!(
                "shard {}/{m} is given twice ({} and {})",
                w[0].shard.index,
                w[0].path.display(),
                w[1].path.display()
            )));
        }
    }
    if files.len() != m {
        // The files are in shard order, once each: the first few gaps, and how many.
        let missing = m - files.len();
        let mut have = files.iter().map(|f| f.shard.index).peekable();
        let mut shown = Vec::new();
        for i in 0..m {
            if have.next_if_eq(&i).is_none() {
                shown.push(format!("{i}/{m}"));
                if shown.len() == 10 {
                    break;
                }
            }
        }
        let more = if missing > shown.len() {
            format!(" and {} more", missing - shown.len())
        } else {
            String::new()
        };
        return Err(refuse(format!(
            "{missing} of the {m} shards {} missing: {}{more}",
            if missing == 1 { "is" } else { "are" },
            shown.join(", "),
        )));
    }
    // Shard I of a run with U units has the units I, I + M, ... below U.
    let total: usize = files.iter().map(|f| f.units.len()).sum();
    for f in &files {
        let want = (total + m - 1 - f.shard.index) / m;
        if f.units.len() != want {
            return Err(refuse(format!(
                "{} (shard {}) has {} units, but a run with {total} units in {m} shards gives \
                 it {want}: the shards are not of one run",
                f.path.display(),
                f.sidecar.shard,
                f.units.len()
            )));
        }
    }
    Ok((files, spec))
}

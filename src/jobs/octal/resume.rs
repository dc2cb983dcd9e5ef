//! What an `octal` run goes on from: the state an interrupted `--out` file's sidecar
//! records with the rows it vouches for, or a checkpoint's, or the further on of the two.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use xxhash_rust::xxh3::Xxh3;

use super::options::OctalOptions;
use super::sink::Sink;
use crate::error::{Error, Result};
use crate::jobs::output::{Existing, Output, inspect};
use crate::jobs::provenance::{self, Sidecar};
use crate::octal::OctalCode;
use crate::octal::checkpoint::{Checkpoint, Identity, Meta};

/// What determines the rows of `octal CODE --max MAX` (the sidecar's identity; the
/// values do not depend on the method).
pub fn identity(code: &OctalCode, max: usize) -> String {
    format!("octal {code}, G(0..={max}), columns n,grundy")
}

/// The state of a computation to go on from: its [`Meta`] and G(0..=done).
pub type Resumed = (Meta, Vec<u32>);

/// What [`open`] found.
pub enum Opened {
    /// The output file holds this run's rows already: the line to print.
    Complete(String),
    /// Go on.
    Go(Box<Go>),
}

/// A run ready to go on: the rows' destination (ready for the rows after those it
/// holds), the checkpoint to save to, and the state to go on from.
pub struct Go {
    /// Where the rows go.
    pub sink: Sink,
    /// The checkpoint, if any.
    pub checkpoint: Option<Checkpoint>,
    /// The state to go on from (`None`: from G(0)).
    pub resumed: Option<Resumed>,
    /// The locks on the output file and the checkpoint, held while the run writes them.
    pub locks: Vec<crate::sys::lock::OutputLock>,
}

/// Decides, before anything is written, what this run continues or replaces (refusing
/// what it may not touch), reads the state to go on from, then opens the checkpoint and
/// the output.
pub fn open(o: &OctalOptions, code: &OctalCode, method: &Identity) -> Result<Opened> {
    // The output file: what is there, and the state it holds.
    let mut file = None;
    let mut from_csv = None;
    let mut partial = false;
    let mut locks = Vec::new();
    if let Some(p) = o.checkpoint {
        locks.push(crate::sys::lock::OutputLock::acquire(p)?);
    }
    // Symbolic links followed: the sidecar goes beside the real file.
    let out = match o.out {
        Some(p) => {
            let (real, lock) = crate::jobs::output::prepare(p)?;
            locks.extend(lock);
            Some(real)
        }
        None => None,
    };
    if let Some(p) = out.as_deref() {
        let want = sidecar(code, o.max, rayon::current_num_threads());
        match inspect(p, &want, o.resume, o.force)? {
            Existing::Complete { rows } => {
                let recorded = Sidecar::read(p)?.and_then(|s| s.summary);
                return Ok(Opened::Complete(format!(
                    "{} is already complete ({rows} rows, G(0..={})): nothing to do (use \
                         --force to compute it again){}",
                    p.display(),
                    o.max,
                    recorded.map_or(String::new(), |s| format!("\n{s}"))
                )));
            }
            Existing::Partial { .. } => {
                // An interrupted run of this job; with no rows yet, it starts over.
                partial = true;
                from_csv = read_csv_state(p, method, o.max)?;
            }
            Existing::Fresh => {}
        }
        file = Some((p, want));
    }
    let from_checkpoint = match (o.checkpoint, o.resume) {
        (Some(p), true) => {
            let (cp, saved) = Checkpoint::open(p, method.clone())?;
            match saved {
                None => Some((cp, None)),
                Some((meta, values)) => {
                    if meta.done > o.max {
                        return Err(Error::usage(format!(
                            "checkpoint {} holds G(0..={}), beyond --max {}: give --max {} or more",
                            p.display(),
                            meta.done,
                            o.max,
                            meta.done
                        )));
                    }
                    Some((cp, Some((meta, values))))
                }
            }
        }
        _ => None,
    };
    if o.resume && !partial && from_checkpoint.is_none() {
        return Err(Error::usage(
            "--resume needs --checkpoint FILE, or an --out FILE holding an interrupted run",
        ));
    }
    let (mut checkpoint, from_checkpoint) = match from_checkpoint {
        Some((cp, state)) => (Some(cp), state),
        None => (None, None),
    };
    let resumed = longer(from_csv.as_ref().map(|c| &c.state), from_checkpoint)?;
    if let (Some(p), false) = (o.checkpoint, o.resume) {
        checkpoint = Some(Checkpoint::create(p, method.clone())?);
    }

    // From here on, rows are written.
    let sink = match file {
        Some((p, mut want)) => Sink::File(Box::new(match from_csv {
            Some(csv) => {
                want.octal = Some(csv.state.0.clone());
                let rows = csv.state.1.len() as u64;
                let existing = Existing::Partial {
                    rows,
                    last: None,
                    keep: csv.keep,
                    hasher: csv.hasher,
                };
                Output::resume(p, want, existing)?
            }
            None => Output::create(p, want)?,
        })),
        None => Sink::stdout()?,
    };
    Ok(Opened::Go(Box::new(Go {
        sink,
        checkpoint,
        resumed,
        locks,
    })))
}

/// The sidecar of `octal CODE --max MAX --out FILE`.
pub fn sidecar(code: &OctalCode, max: usize, threads: usize) -> Sidecar {
    let columns = ["n", "grundy"];
    Sidecar::new(
        identity(code, max),
        None,
        &columns,
        "0/1".into(),
        threads,
        provenance::now(),
    )
}

/// Of two states to go on from (an output file's and a checkpoint's), the one further
/// on, once their common values are checked to agree.
pub fn longer(csv: Option<&Resumed>, checkpoint: Option<Resumed>) -> Result<Option<Resumed>> {
    let Some(csv) = csv else {
        return Ok(checkpoint);
    };
    let csv_state = || (csv.0.clone(), csv.1.clone());
    let Some(cp) = checkpoint else {
        return Ok(Some(csv_state()));
    };
    let common = csv.1.len().min(cp.1.len());
    if let Some(n) = (0..common).find(|&n| csv.1[n] != cp.1[n]) {
        return Err(Error::usage(format!(
            "cannot resume: the output file and the checkpoint disagree at G({n}) ({} and \
             {}): one of them was changed",
            csv.1[n], cp.1[n]
        )));
    }
    Ok(Some(if csv.1.len() > cp.1.len() {
        csv_state()
    } else {
        cp
    }))
}

/// An interrupted output file's state: what its sidecar recorded, and the values of the
/// rows it vouches for (anything after them is cut and computed again).
pub struct CsvState {
    pub state: Resumed,
    /// Bytes of the header and those rows.
    pub keep: u64,
    /// Their checksum state.
    pub hasher: Box<Xxh3>,
}

/// Reads the state an interrupted `octal --out` file holds (`None` if it has no rows
/// yet), refusing one computed by another method or split.
pub fn read_csv_state(path: &Path, method: &Identity, max: usize) -> Result<Option<CsvState>> {
    let show = path.display();
    let bad = |why: String| Error::usage(format!("cannot resume {show}: {why}"));
    let sidecar = Sidecar::read(path)?.ok_or_else(|| bad("it has no sidecar".into()))?;
    if sidecar.rows == 0 {
        return Ok(None);
    }
    let meta = sidecar
        .octal
        .ok_or_else(|| bad("its sidecar holds no octal state".into()))?;
    if meta.identity != *method {
        let (a, b) = (&meta.identity, method);
        return Err(bad(format!(
            "it was computed by the {} method (split {}), this run uses the {} method \
             (split {}); give the same --method and --split",
            a.method, a.split_option, b.method, b.split_option
        )));
    }
    // The sidecar is a file a user can edit: its numbers are checked before use.
    if meta.done > max || sidecar.rows != meta.done as u64 + 1 {
        return Err(bad(format!(
            "its sidecar records {} rows but a state after G({})",
            sidecar.rows, meta.done
        )));
    }
    let err = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::InvalidData => bad("it is not UTF-8 text".into()),
        _ => Error::io(format!("reading {show}"), e),
    };
    let mut r = BufReader::with_capacity(1 << 20, File::open(path).map_err(err)?);
    let mut hasher = Box::new(Xxh3::new());
    let mut line = String::new();
    let mut keep = 0u64;
    let mut values = Vec::with_capacity(meta.done + 1);
    while values.len() <= meta.done {
        line.clear();
        let k = r.read_line(&mut line).map_err(err)?;
        if k == 0 || !line.ends_with('\n') {
            return Err(bad(format!("it ends before G({})", meta.done)));
        }
        if keep > 0 {
            let n = values.len();
            let g = line
                .trim_end()
                .split_once(',')
                .filter(|(a, _)| a.parse() == Ok(n))
                .and_then(|(_, g)| g.parse::<u32>().ok())
                .ok_or_else(|| bad(format!("row {} is not {n},G({n})", n + 1)))?;
            values.push(g);
        }
        hasher.update(line.as_bytes());
        keep += k as u64;
    }
    if keep != sidecar.bytes || values[0] != 0 {
        return Err(bad("its rows are not the ones its sidecar recorded".into()));
    }
    Ok(Some(CsvState {
        state: (meta, values),
        keep,
        hasher,
    }))
}

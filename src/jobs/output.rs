//! One resumable CSV output, shared by every job kind: the rows go to the file a chunk
//! at a time (whole rows, flushed), and a provenance sidecar (`FILE.meta.json`, see
//! [`super::provenance`]) says which program and job wrote them, how many rows and
//! bytes are there, and a checksum of those bytes.
//!
//! What happens to an existing file is decided before anything is written
//! ([`inspect`]): a file is only ever continued or replaced when its sidecar says it
//! holds this job's rows (or with `--force`). `--resume` checks the program version, the
//! job's identity, the header and the checksum of the prefix the sidecar vouches for,
//! and the caller checks that the last row is the one the job writes there; only then is
//! a torn last line cut and the rest appended. Outputs that are not regular files
//! (`/dev/null`, a pipe) get no sidecar and cannot be resumed.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use xxhash_rust::xxh3::Xxh3;

use super::provenance::{Sidecar, Units, now};
use crate::error::{Error, Result};

/// What is already at the output path.
pub enum Existing {
    /// Nothing to keep: write from the header on.
    Fresh,
    /// This job's rows are all there already.
    Complete {
        /// Rows in the file.
        rows: u64,
    },
    /// An earlier run of this job stopped after `rows` whole rows.
    Partial {
        /// Whole rows after the header.
        rows: u64,
        /// The fields of the last whole row (`None` if there is none).
        last: Option<Vec<String>>,
        /// Bytes of whole lines (header included); anything after is a torn line.
        keep: u64,
        /// The checksum state of those bytes.
        hasher: Box<Xxh3>,
    },
}

/// Gets an output path ready before any work is done: refuses an empty path, a
/// directory, and a place where nothing can be written, and creates the missing
/// directories above it (as `mkdir -p`).
pub fn prepare(path: &Path) -> Result<()> {
    if path.as_os_str().is_empty() {
        return Err(Error::usage("the output path is empty"));
    }
    if path.is_dir() {
        return Err(Error::usage(format!(
            "the output {} is a directory: name a file",
            path.display()
        )));
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| {
        Error::usage(format!(
            "cannot create the output's directory {} ({e})",
            dir.display()
        ))
    })?;
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Ok(()); // /dev/null, a pipe
    }
    // A long run must not end in "cannot create": probe with an empty file, removed at once.
    let probe = dir.join(format!(".gamecensus-probe-{}", std::process::id()));
    std::fs::File::create(&probe).map_err(|e| {
        Error::usage(format!(
            "cannot write the output {} there ({e})",
            path.display()
        ))
    })?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

fn is_regular(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file())
}

/// Decides what to do with what is at `path`, for a run described by `want` (whose
/// columns give the header), without changing anything. `resume`: continue an earlier
/// run of the same job; `force`: replace whatever is there.
pub fn inspect(path: &Path, want: &Sidecar, resume: bool, force: bool) -> Result<Existing> {
    let show = path.display();
    let meta = match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Existing::Fresh),
        Err(e) => return Err(Error::io(format!("reading {show}"), e)),
        Ok(m) => m,
    };
    if !meta.is_file() {
        if resume {
            return Err(Error::usage(format!(
                "cannot resume {show}: it is not a regular file"
            )));
        }
        return Ok(Existing::Fresh);
    }
    if force {
        return Ok(Existing::Fresh);
    }
    let Some(have) = Sidecar::read(path)? else {
        // An empty file holds nothing to lose or continue (a run killed between creating
        // its CSV and writing its first sidecar leaves one).
        if meta.len() == 0 {
            return Ok(Existing::Fresh);
        }
        return Err(Error::usage(format!(
            "{} {show}: it has no sidecar {} saying which job wrote it; use --force to \
             overwrite it or --out to write elsewhere",
            if resume {
                "cannot resume"
            } else {
                "will not overwrite"
            },
            Sidecar::path_for(path).display()
        )));
    };
    if let Some(why) = have.mismatch(want) {
        return Err(Error::usage(format!(
            "{} {show}: {why}; use --force to overwrite it or --out to write elsewhere",
            if resume {
                "cannot resume"
            } else {
                "will not overwrite"
            },
        )));
    }
    if meta.len() == 0 && !have.complete {
        return Ok(Existing::Fresh);
    }
    if have.complete {
        if meta.len() != have.bytes {
            return Err(Error::usage(format!(
                "{show} has {} bytes but its sidecar says the complete run wrote {}: it was \
                 changed; use --force to compute it again",
                meta.len(),
                have.bytes
            )));
        }
        return Ok(Existing::Complete { rows: have.rows });
    }
    if !resume {
        return Err(Error::usage(format!(
            "{show} holds an interrupted run of this job ({} rows): continue it with \
             --resume, or use --force to start over",
            have.rows
        )));
    }
    read_partial(path, &have)
}

/// Reads an interrupted run's CSV: checks the header and the checksum of the prefix the
/// sidecar vouches for, counts whole rows and finds the last one.
fn read_partial(path: &Path, have: &Sidecar) -> Result<Existing> {
    let show = path.display();
    let err = |e| Error::io(format!("reading {show}"), e);
    let mut r = BufReader::with_capacity(1 << 20, File::open(path).map_err(err)?);
    let mut hasher = Box::new(Xxh3::new());
    let mut line = Vec::new();
    let mut keep = 0u64;
    let mut rows = 0u64;
    let mut last_line: Vec<u8> = Vec::new();
    let mut checked = have.bytes == 0;
    let header = have.columns.join(",");
    loop {
        line.clear();
        let k = r.read_until(b'\n', &mut line).map_err(err)?;
        if k == 0 || line.last() != Some(&b'\n') {
            break; // the end, or a torn last line
        }
        if keep == 0 && line[..line.len() - 1] != *header.as_bytes() {
            return Err(Error::usage(format!(
                "cannot resume {show}: its first line is not the header {header}"
            )));
        }
        if keep > 0 {
            rows += 1;
            std::mem::swap(&mut last_line, &mut line);
            hasher.update(&last_line);
        } else {
            hasher.update(&line);
        }
        keep += k as u64;
        if keep == have.bytes {
            checked = format!("{:016x}", hasher.digest()) == have.checksum;
            if !checked {
                return Err(Error::usage(format!(
                    "cannot resume {show}: its first {} bytes are not the ones its sidecar \
                     recorded (checksum differs): the file was changed",
                    have.bytes
                )));
            }
        }
    }
    if !checked {
        return Err(Error::usage(format!(
            "cannot resume {show}: it is shorter than the {} bytes its sidecar recorded",
            have.bytes
        )));
    }
    let last = (rows > 0).then(|| {
        let mut rdr = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(&last_line[..]);
        rdr.records()
            .next()
            .and_then(|r| r.ok())
            .map(|rec| rec.iter().map(str::to_string).collect())
            .unwrap_or_default()
    });
    Ok(Existing::Partial {
        rows,
        last,
        keep,
        hasher,
    })
}

/// Sidecar updates at most this often while rows are written.
const SIDECAR_EVERY: Duration = Duration::from_secs(2);

/// A CSV file being written, with its sidecar.
pub struct Output {
    path: PathBuf,
    file: BufWriter<File>,
    sidecar: Option<Sidecar>,
    hasher: Box<Xxh3>,
    bytes: u64,
    rows: u64,
    last_update: Instant,
}

impl Output {
    /// Starts `path` afresh (replacing what is there) with the header of `sidecar`.
    pub fn create(path: &Path, sidecar: Sidecar) -> Result<Output> {
        let header = sidecar.columns.join(",");
        let regular = is_regular(path) || !path.exists();
        let file =
            File::create(path).map_err(|e| Error::io(format!("creating {}", path.display()), e))?;
        let mut out = Output {
            path: path.to_path_buf(),
            file: BufWriter::with_capacity(1 << 16, file),
            sidecar: regular.then_some(sidecar),
            hasher: Box::new(Xxh3::new()),
            bytes: 0,
            rows: 0,
            last_update: Instant::now(),
        };
        if out.sidecar.is_some() {
            // The old sidecar (if any) goes: it must not vouch for the new bytes. The new
            // one (no bytes yet) is written before the header, so that a header on disk
            // always has a sidecar saying which job it belongs to.
            let _ = std::fs::remove_file(Sidecar::path_for(path));
            out.record(false, None)?;
        }
        let header = format!("{}\n", header);
        out.write_bytes(header.as_bytes())?;
        out.flush_and_record(true)?;
        Ok(out)
    }

    /// Continues an interrupted run (see [`inspect`]): cuts the torn last line, if any,
    /// and appends after the whole rows.
    pub fn resume(path: &Path, mut sidecar: Sidecar, existing: Existing) -> Result<Output> {
        let Existing::Partial {
            rows, keep, hasher, ..
        } = existing
        else {
            unreachable!("resume is called for a partial run");
        };
        let show = path.display();
        let f = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| Error::io(format!("opening {show}"), e))?;
        f.set_len(keep)
            .map_err(|e| Error::io(format!("cutting the torn last line of {show}"), e))?;
        drop(f);
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| Error::io(format!("opening {show}"), e))?;
        if let Some(old) = Sidecar::read(path)? {
            sidecar.started = old.started;
        }
        let mut out = Output {
            path: path.to_path_buf(),
            file: BufWriter::with_capacity(1 << 16, file),
            sidecar: Some(sidecar),
            hasher,
            bytes: keep,
            rows,
            last_update: Instant::now(),
        };
        if keep == 0 {
            // Killed before its header was whole: the header again.
            let header = format!("{}\n", out.sidecar.as_ref().expect("set").columns.join(","));
            out.write_bytes(header.as_bytes())?;
        }
        out.flush_and_record(true)?;
        Ok(out)
    }

    /// Whole rows in the file.
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// Whether the file has a sidecar (it is a regular file), so `--resume` can continue it.
    pub fn resumable(&self) -> bool {
        self.sidecar.is_some()
    }

    /// Sets the state of an `octal` computation after the rows written so far: it goes
    /// into the sidecar with them (see [`super::provenance::Sidecar::octal`]).
    pub fn set_octal_state(&mut self, state: crate::octal::checkpoint::Meta) {
        if let Some(s) = self.sidecar.as_mut() {
            s.octal = Some(state);
        }
    }

    /// The path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn write_bytes(&mut self, bytes: &[u8]) -> Result<()> {
        self.file
            .write_all(bytes)
            .map_err(|e| Error::io(format!("writing {}", self.path.display()), e))?;
        self.hasher.update(bytes);
        self.bytes += bytes.len() as u64;
        Ok(())
    }

    /// Appends `rows` whole rows (`bytes`, each line ending in a newline) and flushes
    /// them; the sidecar follows now and then.
    pub fn write_rows(&mut self, bytes: &[u8], rows: u64) -> Result<()> {
        self.write_bytes(bytes)?;
        self.rows += rows;
        self.flush_and_record(false)
    }

    /// Appends whole rows and flushes them, without touching the sidecar: they are
    /// recorded with the next [`Output::write_rows`] (a resume cuts them off if none
    /// comes).
    pub fn write_rows_unrecorded(&mut self, bytes: &[u8], rows: u64) -> Result<()> {
        self.write_bytes(bytes)?;
        self.rows += rows;
        self.file
            .flush()
            .map_err(|e| Error::io(format!("writing {}", self.path.display()), e))
    }

    /// Like [`Output::write_rows`] for the rest of one unit of work, which had
    /// `unit_rows` rows in all (more than `rows` if it was resumed in the middle): the
    /// sidecar's [`Units::Rows`] list, if it keeps one, records the unit's end.
    pub fn write_unit(&mut self, bytes: &[u8], rows: u64, unit_rows: u64) -> Result<()> {
        if let Some(Some(Units::Rows(list))) = self.sidecar.as_mut().map(|s| s.units.as_mut()) {
            list.push(unit_rows);
        }
        self.write_rows(bytes, rows)
    }

    fn flush_and_record(&mut self, now_: bool) -> Result<()> {
        self.file
            .flush()
            .map_err(|e| Error::io(format!("writing {}", self.path.display()), e))?;
        if now_ || self.last_update.elapsed() >= SIDECAR_EVERY {
            self.record(false, None)?;
        }
        Ok(())
    }

    fn record(&mut self, complete: bool, summary: Option<String>) -> Result<()> {
        let (bytes, rows, digest) = (self.bytes, self.rows, self.hasher.digest());
        if let Some(s) = self.sidecar.as_mut() {
            s.bytes = bytes;
            s.rows = rows;
            s.checksum = format!("{digest:016x}");
            s.updated = now();
            s.complete = complete;
            s.summary = summary;
            s.write(&self.path)?;
        }
        self.last_update = Instant::now();
        Ok(())
    }

    /// The run is complete: flushes and records the summary in the sidecar.
    pub fn finish(mut self, summary: &str) -> Result<()> {
        self.flush_and_record(false)?;
        self.record(true, Some(summary.to_string()))
    }

    /// The run stops early (interrupted or failed): flushes the whole rows written and
    /// records them, so that `--resume` can continue.
    pub fn stop(mut self) -> Result<()> {
        self.flush_and_record(false)?;
        self.record(false, None)
    }
}

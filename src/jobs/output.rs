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
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use xxhash_rust::xxh3::Xxh3;

use super::provenance::{self, Sidecar, Units, now};
use crate::error::{Error, Result};
use crate::sys::lock::OutputLock;

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
/// directory, and a place where nothing can be written, creates the missing
/// directories above it (as `mkdir -p`), and locks it for this process (see
/// [`crate::sys::lock`]; a second writer is refused at once). Hold the lock until the
/// output is written; outputs that are not regular files (`/dev/null`, a pipe) get none.
pub fn prepare(path: &Path) -> Result<Option<OutputLock>> {
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
        return Ok(None); // /dev/null, a pipe
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
    OutputLock::acquire(path).map(Some)
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
        // What the program says it is, or refused: every byte checked.
        check_prefix(path, &have, "cannot trust the complete run in").map_err(|e| match e {
            Error::Usage(m) => Error::Usage(format!("{m}; use --force to compute it again")),
            e => e,
        })?;
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

/// Reads an interrupted run's CSV: checks the header and the checksums of the prefix the
/// sidecar vouches for, and finds the last row in it. Rows after that prefix (written
/// after the sidecar's last update, before the run was killed) are not trusted: they are
/// cut and computed again.
fn read_partial(path: &Path, have: &Sidecar) -> Result<Existing> {
    let (rows, keep, hasher, last_line) = check_prefix(path, have, "cannot resume")?;
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

/// Checks the first `have.bytes` bytes of `path` against its sidecar: the header, the
/// checksum of every marked prefix ([`Sidecar::marks`]) and of the whole, and the rows.
/// Returns the rows, the bytes, the checksum state and the last row's line; a file that
/// differs is refused (`doing`: what the message starts with), saying between which
/// marks.
fn check_prefix(
    path: &Path,
    have: &Sidecar,
    doing: &str,
) -> Result<(u64, u64, Box<Xxh3>, Vec<u8>)> {
    let show = path.display();
    let err = |e| Error::io(format!("reading {show}"), e);
    let mut r = BufReader::with_capacity(1 << 20, File::open(path).map_err(err)?);
    let mut hasher = Box::new(Xxh3::new());
    let mut line = Vec::new();
    let mut keep = 0u64;
    let mut rows = 0u64;
    let mut last_line: Vec<u8> = Vec::new();
    let header = have.columns.join(",");
    // The marks, then the whole prefix, in order; and the last one that matched.
    let whole = provenance::Mark {
        bytes: have.bytes,
        rows: have.rows,
        checksum: have.checksum.clone(),
    };
    let mut marks = have
        .marks
        .iter()
        .filter(|m| m.bytes < have.bytes)
        .chain(std::iter::once(&whole))
        .peekable();
    let (mut good_bytes, mut good_rows) = (0, 0);
    let differs = |from: u64, from_row: u64, m: &provenance::Mark| {
        Error::usage(format!(
            "{doing} {show}: its bytes differ from those its sidecar recorded, between byte \
             {from} (row {from_row}) and byte {} (row {}) (checksum differs): the file was \
             changed",
            m.bytes, m.rows
        ))
    };
    loop {
        while let Some(m) = marks.next_if(|m| m.bytes == keep) {
            if format!("{:016x}", hasher.digest()) != m.checksum || rows != m.rows {
                return Err(differs(good_bytes, good_rows, m));
            }
            (good_bytes, good_rows) = (m.bytes, m.rows);
        }
        if keep >= have.bytes {
            break;
        }
        if let Some(m) = marks.peek().filter(|m| m.bytes < keep) {
            // A mark that falls inside a line: the lines were changed.
            return Err(differs(good_bytes, good_rows, m));
        }
        line.clear();
        let k = r.read_until(b'\n', &mut line).map_err(err)?;
        if k == 0 || line.last() != Some(&b'\n') {
            return Err(Error::usage(format!(
                "{doing} {show}: it is shorter than the {} bytes its sidecar recorded \
                 ({keep} bytes of whole lines)",
                have.bytes
            )));
        }
        if keep == 0 && line[..line.len() - 1] != *header.as_bytes() {
            return Err(Error::usage(format!(
                "{doing} {show}: its first line is not the header {header}"
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
    }
    Ok((rows, keep, hasher, last_line))
}

/// Sidecar updates at most this often while rows are written.
const SIDECAR_EVERY: Duration = Duration::from_secs(2);

/// A CSV file being written, with its sidecar. Its state is shared with a stop action
/// ([`crate::sys::stop::on_stop`]): if the process has to be stopped while a worker is
/// still on a long position, the watchdog records the whole rows written in the sidecar
/// before the process exits.
pub struct Output {
    state: Arc<Mutex<State>>,
    _stop: crate::sys::stop::Registration,
}

struct State {
    path: PathBuf,
    /// `None` once a write failed: nothing more is written.
    file: Option<BufWriter<File>>,
    sidecar: Option<Sidecar>,
    hasher: Box<Xxh3>,
    bytes: u64,
    rows: u64,
    last_update: Instant,
}

impl Output {
    fn new(state: State) -> Output {
        let state = Arc::new(Mutex::new(state));
        let shared = Arc::downgrade(&state);
        let stop = crate::sys::stop::on_stop(move |_| {
            let state = shared.upgrade()?;
            let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
            s.stop_note()
        });
        Output { state, _stop: stop }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts `path` afresh (replacing what is there) with the header of `sidecar`.
    pub fn create(path: &Path, sidecar: Sidecar) -> Result<Output> {
        let header = sidecar.columns.join(",");
        let regular = is_regular(path) || !path.exists();
        let file =
            File::create(path).map_err(|e| Error::io(format!("creating {}", path.display()), e))?;
        let out = Output::new(State {
            path: path.to_path_buf(),
            file: Some(BufWriter::with_capacity(1 << 16, file)),
            sidecar: regular.then_some(sidecar),
            hasher: Box::new(Xxh3::new()),
            bytes: 0,
            rows: 0,
            last_update: Instant::now(),
        });
        {
            let mut s = out.state();
            if s.sidecar.is_some() {
                // The old sidecar (if any) goes: it must not vouch for the new bytes. The
                // new one (no bytes yet) is written before the header, so that a header on
                // disk always has a sidecar saying which job it belongs to.
                let _ = std::fs::remove_file(Sidecar::path_for(path));
                s.record(false, None)?;
            }
            s.write(format!("{header}\n").as_bytes(), 0)?;
            s.flush_and_record(true)?;
        }
        Ok(out)
    }

    /// Continues an interrupted run (see [`inspect`]): cuts what follows the rows the
    /// sidecar vouches for, and appends after them.
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
            .map_err(|e| Error::io(format!("cutting {show} back to its recorded rows"), e))?;
        drop(f);
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| Error::io(format!("opening {show}"), e))?;
        if let Some(old) = Sidecar::read(path)? {
            sidecar.started = old.started;
            sidecar.marks = old.marks.into_iter().filter(|m| m.bytes <= keep).collect();
        }
        let out = Output::new(State {
            path: path.to_path_buf(),
            file: Some(BufWriter::with_capacity(1 << 16, file)),
            sidecar: Some(sidecar),
            hasher,
            bytes: keep,
            rows,
            last_update: Instant::now(),
        });
        {
            let mut s = out.state();
            if keep == 0 {
                // Killed before its header was whole: the header again.
                let header = format!("{}\n", s.sidecar.as_ref().expect("set").columns.join(","));
                s.write(header.as_bytes(), 0)?;
            }
            s.flush_and_record(true)?;
        }
        Ok(out)
    }

    /// Whole rows in the file.
    pub fn rows(&self) -> u64 {
        self.state().rows
    }

    /// Whether the file has a sidecar (it is a regular file), so `--resume` can continue it.
    pub fn resumable(&self) -> bool {
        self.state().sidecar.is_some()
    }

    /// Sets the state of an `octal` computation after the rows written so far: it goes
    /// into the sidecar with them (see [`super::provenance::Sidecar::octal`]).
    pub fn set_octal_state(&mut self, state: crate::octal::checkpoint::Meta) {
        if let Some(s) = self.state().sidecar.as_mut() {
            s.octal = Some(state);
        }
    }

    /// The path.
    pub fn path(&self) -> PathBuf {
        self.state().path.clone()
    }

    /// Appends `rows` whole rows (`bytes`, each line ending in a newline) and flushes
    /// them; the sidecar follows now and then.
    pub fn write_rows(&mut self, bytes: &[u8], rows: u64) -> Result<()> {
        let mut s = self.state();
        s.write(bytes, rows)?;
        s.flush_and_record(false)
    }

    /// Appends whole rows and flushes them, without touching the sidecar: they are
    /// recorded with the next [`Output::write_rows`] (a resume cuts them off if none
    /// comes).
    pub fn write_rows_unrecorded(&mut self, bytes: &[u8], rows: u64) -> Result<()> {
        self.state().write(bytes, rows)
    }

    /// Like [`Output::write_rows`] for the rest of one unit of work, which had
    /// `unit_rows` rows in all (more than `rows` if it was resumed in the middle): the
    /// sidecar's [`Units::Rows`] list, if it keeps one, records the unit's end.
    pub fn write_unit(&mut self, bytes: &[u8], rows: u64, unit_rows: u64) -> Result<()> {
        let mut s = self.state();
        if let Some(Some(Units::Rows(list))) = s.sidecar.as_mut().map(|s| s.units.as_mut()) {
            list.push(unit_rows);
        }
        s.write(bytes, rows)?;
        s.flush_and_record(false)
    }

    /// The run is complete: flushes and records the summary in the sidecar.
    pub fn finish(self, summary: &str) -> Result<()> {
        let mut s = self.state();
        s.flush_and_record(false)?;
        s.record(true, Some(summary.to_string()))
    }

    /// The run stops early (interrupted or failed): records the whole rows written, so
    /// that `--resume` can continue.
    pub fn stop(self) -> Result<()> {
        let mut s = self.state();
        if s.file.is_none() {
            return Ok(()); // a write failed: the sidecar already vouches for what is kept
        }
        s.flush_and_record(false)?;
        s.record(false, None)
    }
}

impl State {
    /// Writes `bytes` (whole lines, `rows` of them after the header) and flushes them. If
    /// that fails (a full disk), the file is cut back to the whole rows before them, the
    /// sidecar is left as it was, and nothing more is written.
    fn write(&mut self, bytes: &[u8], rows: u64) -> Result<()> {
        let show = self.path.display().to_string();
        let Some(file) = self.file.as_mut() else {
            return Err(Error::io(
                format!("writing {show}"),
                std::io::Error::other("an earlier write failed"),
            ));
        };
        if let Err(e) = file.write_all(bytes).and_then(|_| file.flush()) {
            let (f, _) = self.file.take().expect("open").into_parts();
            // What the sidecar does not vouch for is cut again on --resume anyway; this
            // leaves a file that ends in a whole row for every other reader.
            let cut = f.set_len(self.bytes);
            let mut message = format!("writing {show}");
            if self.sidecar.is_some() {
                message.push_str(&format!(
                    " (it keeps its {} whole rows{}: continue with --resume once there is room)",
                    self.rows,
                    if cut.is_err() {
                        ", the torn end is cut on resume"
                    } else {
                        ""
                    }
                ));
            }
            return Err(Error::io(message, e));
        }
        self.hasher.update(bytes);
        self.bytes += bytes.len() as u64;
        self.rows += rows;
        Ok(())
    }

    fn flush_and_record(&mut self, now_: bool) -> Result<()> {
        if let Some(f) = self.file.as_mut() {
            f.flush()
                .map_err(|e| Error::io(format!("writing {}", self.path.display()), e))?;
        }
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
            s.add_mark();
            s.write(&self.path)?;
        }
        self.last_update = Instant::now();
        Ok(())
    }

    /// The forced stop: records the whole rows written (the workers write under the same
    /// lock, so the file ends in a whole row) and says what was kept.
    fn stop_note(&mut self) -> Option<String> {
        self.file.as_ref()?;
        let recorded = self.flush_and_record(true);
        self.file = None;
        match (&self.sidecar, recorded) {
            (Some(_), Ok(())) => Some(format!(
                "{} ends with {} whole rows: continue with --resume",
                self.path.display(),
                self.rows
            )),
            (Some(_), Err(e)) => Some(format!("{e}")),
            (None, _) => None,
        }
    }
}

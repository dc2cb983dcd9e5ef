//! One resumable CSV output, shared by every job kind: the rows go to the file a chunk
//! at a time (whole rows, flushed), and a provenance sidecar (`FILE.meta.json`, see
//! [`super::provenance`]) says which program and job wrote them, how many rows and
//! bytes are there, and a checksum of those bytes.
//!
//! What happens to an existing file is decided before anything is written
//! ([`inspect`], in [`super::existing`]); only then is what follows the vouched rows cut
//! and the rest appended. Outputs that are not regular files (`/dev/null`, a pipe) get
//! no sidecar and cannot be resumed.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use xxhash_rust::xxh3::Xxh3;

pub use super::existing::{Existing, inspect};
use super::provenance::{Progress, Sidecar, Units, now};
use super::rows::UnitOut;
use super::totals::Totals;
use crate::error::{Error, Result};
use crate::sys::lock::OutputLock;

/// Gets an output path ready before any work is done: refuses an empty path, a
/// directory, and a place where nothing can be written, creates the missing
/// directories above it (as `mkdir -p`), and locks it for this process (see
/// [`crate::sys::lock`]; a second writer is refused at once, whichever name of the file
/// it is given). Returns the path to write (symbolic links followed: the sidecar, the
/// tallies and the lock go beside the real file) and the lock, to be held until the
/// output is written; outputs that are not regular files (`/dev/null`, a pipe) get none.
pub fn prepare(path: &Path) -> Result<(PathBuf, Option<OutputLock>)> {
    if path.as_os_str().is_empty() {
        return Err(Error::usage("the output path is empty"));
    }
    let path = &crate::sys::lock::resolve_links(path)?;
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
        return Ok((path.clone(), None)); // /dev/null, a pipe
    }
    // A long run must not end in "cannot create": probe with an empty file, removed at once.
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let prefix = format!(".{name}.gamecensus-probe-");
    let probe = dir.join(format!("{prefix}{}", std::process::id()));
    std::fs::File::create(&probe).map_err(|e| {
        Error::usage(format!(
            "cannot write the output {} there ({e})",
            path.display()
        ))
    })?;
    let _ = std::fs::remove_file(&probe);
    let lock = OutputLock::acquire(path)?;
    crate::sys::lock::probe_written(path)?;
    super::staged::remove_leftovers(dir, &prefix);
    Ok((path.clone(), Some(lock)))
}

/// Opens the output `path` for writing without changing it, locked on its identity
/// ([`crate::sys::lock::lock_written`]) if it is a regular file; creates it if missing.
fn open_locked(path: &Path) -> Result<File> {
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| Error::io(format!("opening {}", path.display()), e))?;
    if file.metadata().is_ok_and(|m| m.is_file()) {
        crate::sys::lock::lock_written(&file, path)?;
    }
    Ok(file)
}

fn is_regular(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file())
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
    /// How long until the sidecar is next written: [`SIDECAR_EVERY`], or ten times what
    /// writing it last took (a sidecar with the tallies of millions of groups), so that
    /// recording costs at most about a tenth of the run.
    gap: Duration,
    /// A census with `keep` or `tally`: its running totals ([`Output::set_totals`]).
    totals: Option<Totals>,
    /// A compressed output ([`super::zst`]): the rows not yet written, as CSV bytes, and
    /// how many; they go to the file as one zstd frame when the sidecar is next written.
    pending: Option<(Vec<u8>, u64)>,
}

/// A compressed output writes its pending rows as a frame at the latest at this size.
const MAX_PENDING: usize = 64 << 20;

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
        let file = open_locked(path)?;
        if regular {
            file.set_len(0)
                .map_err(|e| Error::io(format!("creating {}", path.display()), e))?;
        }
        let out = Output::new(State {
            path: path.to_path_buf(),
            file: Some(BufWriter::with_capacity(1 << 16, file)),
            sidecar: regular.then_some(sidecar),
            hasher: Box::new(Xxh3::new()),
            bytes: 0,
            rows: 0,
            last_update: Instant::now(),
            gap: SIDECAR_EVERY,
            totals: None,
            pending: super::zst::is_zst_path(path).then(|| (Vec::new(), 0)),
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
        let mut file = open_locked(path)?;
        file.set_len(keep)
            .map_err(|e| Error::io(format!("cutting {show} back to its recorded rows"), e))?;
        std::io::Seek::seek(&mut file, std::io::SeekFrom::End(0))
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
            gap: SIDECAR_EVERY,
            totals: None,
            pending: super::zst::is_zst_path(path).then(|| (Vec::new(), 0)),
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

    /// Whole rows in the file (a compressed output's pending rows included).
    pub fn rows(&self) -> u64 {
        let s = self.state();
        s.rows + s.pending.as_ref().map_or(0, |p| p.1)
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

    /// The progress of a census with `keep` or `tally`, as the sidecar records it.
    pub fn progress(&self) -> Option<Progress> {
        self.state().sidecar.as_ref().and_then(|s| s.census.clone())
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

    /// Makes this a census with `keep` or `tally`: `totals` (the units and positions
    /// done and the tallies, as of the rows written) go into the sidecar with the rows,
    /// under the same lock, so it always describes the rows it vouches for. They are
    /// turned into the sidecar's records only when it is written, so a unit costs the
    /// addition of its own counts, however many groups the tallies have.
    pub fn set_totals(&mut self, totals: Totals) {
        self.state().totals = Some(totals);
    }

    /// Writes whole units of a census with [`Output::set_totals`]: each unit's rows, and
    /// its positions and tallies added to the totals.
    pub fn write_units_counted(&mut self, units: &[&UnitOut]) -> Result<()> {
        let mut s = self.state();
        for unit in units {
            if let Some(Some(Units::Rows(list))) = s.sidecar.as_mut().map(|s| s.units.as_mut()) {
                list.push(unit.rows);
            }
            s.totals.as_mut().expect("set_totals first").add(unit)?;
            s.write(&unit.bytes, unit.rows)?;
        }
        s.flush_and_record(false)
    }

    /// What `f` makes of the totals of a census with `keep` or `tally`.
    pub fn totals<R>(&self, f: impl FnOnce(&Totals) -> R) -> Option<R> {
        self.state().totals.as_ref().map(f)
    }

    /// Records the rows written so far (and the totals) in the sidecar now.
    pub fn checkpoint(&mut self) -> Result<()> {
        self.state().flush_and_record(true)
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
    /// Writes `bytes` (whole lines, `rows` of them after the header): to the file, or,
    /// compressed, to the pending rows.
    fn write(&mut self, bytes: &[u8], rows: u64) -> Result<()> {
        match self.pending.as_mut() {
            Some((buf, n)) if self.file.is_some() => {
                buf.extend_from_slice(bytes);
                *n += rows;
                Ok(())
            }
            _ => self.write_raw(bytes, rows),
        }
    }

    /// A compressed output: writes the pending rows as one zstd frame.
    fn write_frame(&mut self) -> Result<()> {
        let Some((buf, rows)) = self.pending.as_mut() else {
            return Ok(());
        };
        if buf.is_empty() || self.file.is_none() {
            return Ok(());
        }
        let (buf, rows) = (std::mem::take(buf), std::mem::take(rows));
        let frame = super::zst::frame(&buf)
            .map_err(|e| Error::io(format!("compressing {}", self.path.display()), e))?;
        self.write_raw(&frame, rows)
    }

    /// Writes `bytes` (whole lines or whole frames, `rows` rows) and flushes them. If
    /// that fails (a full disk), the file is cut back to the whole rows before them, the
    /// sidecar is left as it was, and nothing more is written.
    fn write_raw(&mut self, bytes: &[u8], rows: u64) -> Result<()> {
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
        let full = self
            .pending
            .as_ref()
            .is_some_and(|p| p.0.len() >= MAX_PENDING);
        let now_ = now_ || full;
        if let Some(f) = self.file.as_mut() {
            f.flush()
                .map_err(|e| Error::io(format!("writing {}", self.path.display()), e))?;
        }
        if now_ || self.last_update.elapsed() >= self.gap {
            self.record(false, None)?;
        }
        Ok(())
    }

    /// Writes the sidecar; a compressed output's pending rows go to the file first, so
    /// that what the sidecar says (rows, units, progress) is what the file holds.
    fn record(&mut self, complete: bool, summary: Option<String>) -> Result<()> {
        let began = Instant::now();
        self.write_frame()?;
        let (bytes, rows, digest) = (self.bytes, self.rows, self.hasher.digest());
        if let Some(s) = self.sidecar.as_mut() {
            if let Some(t) = &self.totals {
                s.census = Some(t.progress());
            }
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
        self.gap = SIDECAR_EVERY.max(10 * began.elapsed());
        Ok(())
    }

    /// The forced stop: records the whole rows written (the workers write under the same
    /// lock, so the file ends in a whole row) and says what was kept.
    fn stop_note(&mut self) -> Option<String> {
        self.file.as_ref()?;
        let recorded = self.flush_and_record(true);
        let rows = self.rows;
        self.file = None;
        match (&self.sidecar, recorded) {
            (Some(_), Ok(())) => Some(format!(
                "{} ends with {rows} whole rows: continue with --resume",
                self.path.display(),
            )),
            (Some(_), Err(e)) => Some(format!("{e}")),
            (None, _) => None,
        }
    }
}

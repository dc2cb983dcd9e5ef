//! `gamecensus merge OUT SHARD...`: puts the shards of one job back together into the
//! CSV the unsharded run writes, byte for byte, with its sidecar.
//!
//! Shard `I/M` of a job takes the units of work whose number in the whole run is `I`
//! modulo `M` (see [`crate::graphs::Shard`]), and writes their rows in unit order. The
//! whole run writes every unit's rows in unit order, so its rows are unit 0 (from shard
//! 0), unit 1 (shard 1), ..., unit M-1 (shard M-1), unit M (shard 0 again), and so on.
//! A census's units hold different numbers of positions (and some none), so a sharded
//! census records in its sidecar the rows of each unit it wrote
//! ([`Units::Rows`](super::provenance::Units::Rows)); an octal sweep's units are its codes, one row each
//! ([`Units::Each`](super::provenance::Units::Each)). Merge takes that many rows from each shard in turn.
//!
//! Nothing is trusted that the sidecars do not vouch for: every shard must come from
//! the same job file, program and commit, with an identity that this program computes
//! for that job and shard; the M shards must all be there, once each, complete; each
//! shard's bytes must match its sidecar's size and checksum, and its unit counts must be
//! those of one run. The merged file is written beside OUT under a temporary name and
//! renamed only when every check has passed, so a refused merge writes nothing.

use std::fs::File;
use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};

use xxhash_rust::xxh3::Xxh3;

use super::provenance::{self, Sidecar};
use super::run::identity;
use super::shards::{ShardFile, check_set, load, refuse};
use super::spec::JobSpec;
use crate::error::{Error, Result};
use crate::graphs::Shard;

/// What a merge wrote.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The merged CSV.
    pub out: PathBuf,
    /// Shards merged (M).
    pub shards: usize,
    /// Rows written (after the header).
    pub rows: u64,
    /// Bytes written (header included).
    pub bytes: u64,
}

impl Merged {
    /// One line for stderr.
    pub fn text(&self) -> String {
        format!(
            "{} rows from {} shards -> {} ({} bytes, identical to the unsharded run)",
            self.rows,
            self.shards,
            self.out.display(),
            self.bytes
        )
    }
}

/// A shard being read: its lines, and the checksum of what was read.
struct Reader<'a> {
    file: &'a ShardFile,
    input: Box<dyn BufRead + Send>,
    hasher: Xxh3,
    line: Vec<u8>,
}

impl Reader<'_> {
    /// Reads the next line (with its newline) into `self.line`; `false` at the end.
    fn next_line(&mut self) -> Result<bool> {
        self.line.clear();
        let k = self
            .input
            .read_until(b'\n', &mut self.line)
            .map_err(|e| Error::io(format!("reading {}", self.file.path.display()), e))?;
        if k > 0 && self.line.last() != Some(&b'\n') {
            return Err(refuse(format!(
                "{} ends with a torn line: it was changed",
                self.file.path.display()
            )));
        }
        self.hasher.update(&self.line);
        Ok(k > 0)
    }
}

/// The size and xxh3 checksum (16 hex digits) of the file at `path`.
fn file_digest(path: &Path) -> Result<(u64, String)> {
    use std::io::Read;
    let err = |e| Error::io(format!("reading {}", path.display()), e);
    let mut f = File::open(path).map_err(err)?;
    let mut h = Xxh3::new();
    let mut buf = vec![0u8; 1 << 20];
    let mut n = 0u64;
    loop {
        let k = f.read(&mut buf).map_err(err)?;
        if k == 0 {
            break;
        }
        h.update(&buf[..k]);
        n += k as u64;
    }
    Ok((n, format!("{:016x}", h.digest())))
}

/// Deletes the temporary file unless the merge succeeded.
struct Temp(Option<PathBuf>);

impl Drop for Temp {
    fn drop(&mut self) {
        if let Some(p) = self.0.take() {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// Writes the rows of `files` (checked, in shard order) in the order of the whole run
/// to `w`; checks every shard's bytes against its sidecar. Returns (rows, bytes,
/// checksum) of what was written.
fn interleave(files: &[ShardFile], w: &mut dyn Write, out: &Path) -> Result<(u64, u64, u64)> {
    let mut readers = Vec::new();
    for f in files {
        if super::zst::is_zst_path(&f.path) {
            // Compressed: the sidecar's checksum is the compressed bytes'.
            if file_digest(&f.path)?.1 != f.sidecar.checksum {
                return Err(refuse(format!(
                    "{}: its bytes are not the ones its sidecar recorded (checksum differs): \
                     it was changed",
                    f.path.display()
                )));
            }
        }
        readers.push(Reader {
            file: f,
            input: super::zst::open_lines(&f.path)?,
            hasher: Xxh3::new(),
            line: Vec::new(),
        });
    }
    let header = format!("{}\n", files[0].sidecar.columns.join(","));
    for r in &mut readers {
        if !r.next_line()? || r.line != header.as_bytes() {
            return Err(refuse(format!(
                "{}: its first line is not the header {}",
                r.file.path.display(),
                header.trim_end()
            )));
        }
    }
    let werr = |e| Error::io(format!("writing {}", out.display()), e);
    let mut hasher = Xxh3::new();
    w.write_all(header.as_bytes()).map_err(werr)?;
    hasher.update(header.as_bytes());
    let (mut rows, mut bytes) = (0u64, header.len() as u64);
    let m = readers.len();
    let total: usize = files.iter().map(|f| f.units.len()).sum();
    for g in 0..total {
        let r = &mut readers[g % m];
        for _ in 0..r.file.units.rows(g / m) {
            if !r.next_line()? {
                return Err(refuse(format!(
                    "{} ends before the {} rows its sidecar records",
                    r.file.path.display(),
                    r.file.sidecar.rows
                )));
            }
            w.write_all(&r.line).map_err(werr)?;
            hasher.update(&r.line);
            rows += 1;
            bytes += r.line.len() as u64;
        }
    }
    for r in &mut readers {
        let extra = r.next_line()?;
        let zst = super::zst::is_zst_path(&r.file.path);
        if extra || (!zst && format!("{:016x}", r.hasher.digest()) != r.file.sidecar.checksum) {
            return Err(refuse(format!(
                "{}: its bytes are not the ones its sidecar recorded (checksum differs): it \
                 was changed",
                r.file.path.display()
            )));
        }
    }
    Ok((rows, bytes, hasher.digest()))
}

/// The shards' progress and tallies added up (a job with `keep` or `tally`), or `None`.
fn merged_totals(files: &[ShardFile]) -> Result<Option<super::totals::Totals>> {
    let mut totals: Option<super::totals::Totals> = None;
    for f in files {
        let Some(p) = &f.sidecar.census else {
            if files[0].sidecar.census.is_some() {
                return Err(refuse(format!(
                    "{}: its sidecar records no tallies, the other shards' do",
                    f.path.display()
                )));
            }
            continue;
        };
        let t = super::totals::Totals::from_progress(p, &f.path).map_err(|e| match e {
            Error::Usage(m) => refuse(m),
            e => e,
        })?;
        if f.shard.count > 1 && t.units != f.units.len() as u64 {
            return Err(refuse(format!(
                "{}: its sidecar records {} units done but lists {}",
                f.path.display(),
                t.units,
                f.units.len()
            )));
        }
        match totals.as_mut() {
            None => totals = Some(t),
            Some(all) => all.add_totals(&t).map_err(|e| match e {
                Error::Usage(m) => refuse(format!("{}: {m}", f.path.display())),
                e => e,
            })?,
        }
    }
    Ok(totals)
}

/// The sidecar of the merged file: the whole run's identity, the shards' job and program.
fn merged_sidecar(
    files: &[ShardFile],
    spec: &JobSpec,
    rows: u64,
    bytes: u64,
    digest: u64,
) -> Result<Sidecar> {
    let s0 = &files[0].sidecar;
    let whole = identity(spec, Shard::WHOLE)?;
    let started = files
        .iter()
        .map(|f| f.sidecar.started.clone())
        .min()
        .unwrap_or_default();
    let ended = files
        .iter()
        .map(|f| f.sidecar.updated.clone())
        .max()
        .unwrap_or_default();
    let paths: Vec<String> = files.iter().map(|f| f.path.display().to_string()).collect();
    let listed = if paths.len() > 4 {
        format!("{}, ..., {}", paths[..2].join(", "), paths[paths.len() - 1])
    } else {
        paths.join(", ")
    };
    Ok(Sidecar {
        format: provenance::FORMAT,
        program: s0.program.clone(),
        commit: s0.commit.clone(),
        identity_hash: provenance::hash(&whole),
        identity: whole,
        job_file: s0.job_file.clone(),
        job_text: s0.job_text.clone(),
        job_hash: s0.job_hash.clone(),
        columns: s0.columns.clone(),
        shard: "0/1".to_string(),
        threads: files.iter().map(|f| f.sidecar.threads).max().unwrap_or(0),
        started: started.clone(),
        updated: provenance::now(),
        rows,
        bytes,
        checksum: format!("{digest:016x}"),
        complete: true,
        summary: Some(format!(
            "{rows} rows merged by gamecensus merge from the {} shards of one run ({listed}); \
             the shards ran from {started} to {ended}, each shard's own summary is in its \
             sidecar",
            files.len()
        )),
        units: None,
        octal: None,
        marks: Vec::new(),
        census: None,
    })
}

/// Merges the shard CSVs `shards` (with their sidecars) into `out` and its sidecar.
/// Refuses (a usage error, nothing written) unless they are all the M shards of one job,
/// once each and complete; refuses an existing `out` unless `force`.
pub fn merge(out: &Path, shards: &[PathBuf], force: bool) -> Result<Merged> {
    let show = out.display();
    if shards.is_empty() {
        return Err(refuse("no shards given".to_string()));
    }
    let out_sidecar = Sidecar::path_for(out);
    // Locked before anything is looked at: two merges into one file cannot both find it
    // absent.
    let lock = match std::fs::symlink_metadata(out) {
        Ok(m) if !m.is_file() => None,
        _ => super::output::prepare(out)?.1,
    };
    match std::fs::symlink_metadata(out) {
        Ok(m) if !m.is_file() => {
            return Err(refuse(format!("{show} exists and is not a regular file")));
        }
        Ok(_) if !force => {
            return Err(refuse(format!("{show} exists; use --force to replace it")));
        }
        _ if !force && out_sidecar.exists() => {
            return Err(refuse(format!(
                "{} exists; use --force to replace it",
                out_sidecar.display()
            )));
        }
        _ => {}
    }
    if let Ok(o) = std::fs::canonicalize(out) {
        for s in shards {
            if std::fs::canonicalize(s).is_ok_and(|c| c == o) {
                return Err(refuse(format!("{show} is one of the shards")));
            }
        }
    }
    let files = shards.iter().map(|p| load(p)).collect::<Result<Vec<_>>>()?;
    let (files, spec) = check_set(files)?;
    let totals = merged_totals(&files)?;
    if let Some(t) = &totals {
        let claim = super::totals::Claim::Fresh { force };
        super::totals::claim_tally_files(out, t.columns(), claim, None, false)?;
    }

    let dir = out
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = out.file_name().unwrap_or_default().to_string_lossy();
    super::staged::remove_leftovers(dir, &format!(".{name}.merging-"));
    let tmp_path = dir.join(format!(".{name}.merging-{}", std::process::id()));
    let mut tmp = Temp(Some(tmp_path.clone()));
    // Stopped by force (a signal): the half-written temporary file goes.
    let removed = tmp_path.clone();
    let _stop = crate::sys::stop::on_stop(move |_| {
        let _ = std::fs::remove_file(&removed);
        None
    });
    let file = File::create(&tmp_path)
        .map_err(|e| Error::io(format!("creating {}", tmp_path.display()), e))?;
    let w = BufWriter::with_capacity(1 << 20, file);
    let zst = super::zst::is_zst_path(out);
    let werr = |e| Error::io(format!("writing {show}"), e);
    let (rows, mut bytes, digest, file) = if zst {
        // Compressed: the lines through a zstd encoder (one frame: a complete file).
        let mut enc = zstd::Encoder::new(w, super::zst::LEVEL).map_err(werr)?;
        let (rows, bytes, digest) = interleave(&files, &mut enc, out)?;
        let w = enc.finish().map_err(werr)?;
        let file = w.into_inner().map_err(|e| werr(e.into_error()))?;
        (rows, bytes, digest, file)
    } else {
        let mut w = w;
        let (rows, bytes, digest) = interleave(&files, &mut w, out)?;
        let file = w.into_inner().map_err(|e| werr(e.into_error()))?;
        (rows, bytes, digest, file)
    };
    file.sync_all().map_err(werr)?;
    let mut checksum = format!("{digest:016x}");
    if zst {
        (bytes, checksum) = file_digest(&tmp_path)?;
    }
    let mut sidecar = merged_sidecar(&files, &spec, rows, bytes, 0)?;
    sidecar.checksum = checksum;
    sidecar.census = totals.as_ref().map(|t| t.progress());
    // The old sidecar goes first: it must not vouch for the new bytes.
    if let Err(e) = std::fs::remove_file(&out_sidecar)
        && e.kind() != std::io::ErrorKind::NotFound
    {
        return Err(Error::io(format!("removing {}", out_sidecar.display()), e));
    }
    std::fs::rename(&tmp_path, out).map_err(|e| Error::io(format!("writing {show}"), e))?;
    tmp.0 = None;
    sidecar.write(out)?;
    if let Some(p) = &sidecar.census {
        super::totals::write_tallies(out, &p.tallies)?;
    }
    drop(lock);
    Ok(Merged {
        out: out.to_path_buf(),
        shards: files.len(),
        rows,
        bytes,
    })
}

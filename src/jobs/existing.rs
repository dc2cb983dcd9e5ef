//! What is already at an output path, decided before anything is written ([`inspect`]):
//! a file is only ever continued or replaced when its sidecar says it holds this job's
//! rows (or with `--force`). `--resume` checks the program version, the job's identity,
//! the header and the checksums of the prefix the sidecar vouches for (every mark and the
//! whole, [`super::provenance::Sidecar::marks`]); the caller checks that the last row is
//! the one the job writes there; what follows the vouched prefix is cut. A complete file
//! is checked the same way before it is called complete.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use xxhash_rust::xxh3::Xxh3;

use super::provenance::{self, Sidecar};
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

/// Decides what to do with what is at `path`, for a run described by `want` (whose
/// columns give the header), without changing anything. `resume`: continue an earlier
/// run of the same job; `force`: replace whatever is there.
pub fn inspect(path: &Path, want: &Sidecar, resume: bool, force: bool) -> Result<Existing> {
    let show = path.display();
    let meta = match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // A sidecar without its CSV is an earlier run's, replaced; a file there that
            // is not a sidecar is someone's, kept.
            if !force && let Err(Error::Usage(m)) = Sidecar::read(path) {
                return Err(Error::usage(format!(
                    "will not overwrite {m}; use --force to replace it or --out to write \
                     elsewhere"
                )));
            }
            return Ok(Existing::Fresh);
        }
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
    if super::zst::is_zst_path(path) {
        return check_prefix_zst(path, have, doing);
    }
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

/// [`check_prefix`] for a compressed output ([`super::zst`]): the sidecar's bytes,
/// checksums and marks are those of the compressed file (whole frames), checked as they
/// are read; then the prefix is decompressed to check the header and the rows, and find
/// the last row.
fn check_prefix_zst(
    path: &Path,
    have: &Sidecar,
    doing: &str,
) -> Result<(u64, u64, Box<Xxh3>, Vec<u8>)> {
    use std::io::Read;
    let show = path.display();
    let err = |e| Error::io(format!("reading {show}"), e);
    let mut r = File::open(path).map_err(err)?;
    let mut hasher = Box::new(Xxh3::new());
    let mut at = 0u64;
    let mut good = 0u64;
    let mut buf = vec![0u8; 1 << 20];
    let mut marks: Vec<&provenance::Mark> =
        have.marks.iter().filter(|m| m.bytes < have.bytes).collect();
    let whole = provenance::Mark {
        bytes: have.bytes,
        rows: have.rows,
        checksum: have.checksum.clone(),
    };
    marks.push(&whole);
    for m in marks {
        if m.bytes < at {
            continue;
        }
        while at < m.bytes {
            let want = ((m.bytes - at) as usize).min(buf.len());
            let k = r.read(&mut buf[..want]).map_err(err)?;
            if k == 0 {
                return Err(Error::usage(format!(
                    "{doing} {show}: it is shorter than the {} bytes its sidecar recorded",
                    have.bytes
                )));
            }
            hasher.update(&buf[..k]);
            at += k as u64;
        }
        if format!("{:016x}", hasher.digest()) != m.checksum {
            return Err(Error::usage(format!(
                "{doing} {show}: its bytes differ from those its sidecar recorded, between \
                 byte {good} and byte {} (checksum differs): the file was changed",
                m.bytes
            )));
        }
        good = m.bytes;
    }
    // The vouched frames, decompressed: the header, the rows, the last one.
    let f = File::open(path).map_err(err)?;
    let mut lines = super::zst::decoder(f.take(have.bytes)).map_err(err)?;
    let header = have.columns.join(",");
    let mut line = Vec::new();
    let mut last_line = Vec::new();
    let mut rows = 0u64;
    let mut first = true;
    loop {
        line.clear();
        let k = lines.read_until(b'\n', &mut line).map_err(|e| {
            Error::usage(format!(
                "{doing} {show}: its first {} bytes are not whole zstd frames ({e})",
                have.bytes
            ))
        })?;
        if k == 0 {
            break;
        }
        if line.last() != Some(&b'\n') {
            return Err(Error::usage(format!(
                "{doing} {show}: its compressed rows end with a torn line"
            )));
        }
        if first {
            if line[..line.len() - 1] != *header.as_bytes() {
                return Err(Error::usage(format!(
                    "{doing} {show}: its first line is not the header {header}"
                )));
            }
            first = false;
        } else {
            rows += 1;
            std::mem::swap(&mut last_line, &mut line);
        }
    }
    if rows != have.rows || (first && have.bytes > 0) {
        return Err(Error::usage(format!(
            "{doing} {show}: it holds {rows} rows, its sidecar records {}",
            have.rows
        )));
    }
    Ok((rows, have.bytes, hasher, last_line))
}

//! Reading result CSVs by header, fast and safely: each file is read in large blocks of
//! whole lines (never memory-mapped: a map of a file that another process truncates
//! kills the reader with SIGBUS), and the blocks are handed out a batch at a time to be
//! processed in parallel while the next batch is read. Several files (the shards of one
//! job) are read as one table: their headers must be identical. A torn last line (an
//! interrupted run) is reported and skipped; a file that shrinks while it is read is an
//! error (rows would be lost); anything that is not a CSV with a header line is an
//! error. A regular file is read up to the length it had when it was opened, so rows a
//! running census appends meanwhile are not read (nor torn). A line longer than
//! [`MAX_ROW`] is an error naming its file and line, found before more than that much of
//! it is held.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::fields::{split, utf8};
use crate::error::{Error, Result};

/// The longest header line read (a line without a newline in the first MB is not a
/// header of ours).
const MAX_HEADER: usize = 1 << 20;

/// The longest row read, without its newline: 16 MiB. Our longest rows are `eval`'s of
/// a graph of 4,096 vertices, whose graph6 alone has 1.4 MB; a longer line is not a row
/// we wrote, and holding it whole (or waiting for its end) is refused.
pub const MAX_ROW: usize = 16 << 20;

/// The CSV files of one query, read as one table.
pub struct Table {
    paths: Vec<PathBuf>,
    readers: Mutex<Readers>,
    /// The column names.
    pub header: Vec<String>,
}

/// Where the reading is: the files' readers and the file being read.
struct Readers {
    files: Vec<Reader>,
    current: usize,
    /// Buffers of blocks already processed, to be filled again (a fresh buffer costs a
    /// page fault per 4 kB).
    free: Vec<Vec<u8>>,
}

/// One file being read.
struct Reader {
    input: Box<dyn Read + Send>,
    /// A regular file's length when it was opened (it is read up to there); `None` for a
    /// pipe or a device (read to its end).
    len: Option<u64>,
    /// Bytes read so far (the offset of the end of `pending`).
    read: u64,
    /// Bytes read but not yet handed out (a partial line).
    pending: Vec<u8>,
    /// The line number of the first line in `pending` (header = 1).
    line: u64,
    done: bool,
}

/// A torn last line: the file and how many bytes it has.
#[derive(Clone, Debug)]
pub struct Torn {
    /// The file.
    pub path: PathBuf,
    /// Bytes of the torn line.
    pub bytes: usize,
}

/// Whole lines of one file.
#[derive(Clone, Debug)]
pub struct Block {
    /// Index of the file.
    pub file: usize,
    /// The offset of the first byte in the file.
    pub start: usize,
    /// The line number of the first line (header = 1).
    pub line: u64,
    /// The lines, each ending with a newline.
    pub data: Vec<u8>,
}

impl Block {
    /// The line number of the line at file offset `at` (in this block), for messages.
    pub fn line_number(&self, at: usize) -> u64 {
        self.line + memchr::memchr_iter(b'\n', &self.data[..at - self.start]).count() as u64
    }
}

/// What a scan read: the torn last lines skipped, and the bytes of whole rows.
#[derive(Clone, Debug, Default)]
pub struct Scanned {
    /// Torn last lines, one per file that has one.
    pub torn: Vec<Torn>,
    /// Bytes of rows read.
    pub bytes: u64,
}

impl Table {
    /// Opens the files and reads their header lines: each must be a CSV header (text,
    /// no byte-order mark, no empty or repeated name), the same in every file.
    pub fn open(paths: &[PathBuf]) -> Result<Table> {
        if paths.is_empty() {
            return Err(Error::usage("give at least one CSV file"));
        }
        // A file given twice (under any name: compared by canonical path) would be
        // counted twice.
        let mut seen: Vec<(PathBuf, &Path)> = Vec::new();
        for p in paths {
            let key = if p.as_os_str() == "-" {
                p.clone()
            } else {
                match std::fs::canonicalize(p) {
                    Ok(c) => c,
                    Err(_) => continue, // reported when it is opened
                }
            };
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
                return Err(Error::usage(format!(
                    "{} and {} are the same file: give each file once (its rows would be \
                     counted twice)",
                    first.display(),
                    p.display()
                )));
            }
            seen.push((key, p));
        }
        crate::jobs::provenance::refuse_same_rows(paths)?;
        let mut files = Vec::new();
        let mut header: Option<(Vec<String>, &Path)> = None;
        for p in paths {
            let show = p.display();
            let (input, len): (Box<dyn Read + Send>, Option<u64>) = if p.as_os_str() == "-" {
                (Box::new(std::io::stdin()), None)
            } else {
                open_file(p)?
            };
            let mut r = Reader {
                input,
                len,
                read: 0,
                pending: Vec::new(),
                line: 1,
                done: false,
            };
            // The header line: read until its newline.
            let nl = loop {
                if let Some(nl) = memchr::memchr(b'\n', &r.pending) {
                    break nl;
                }
                if r.done || r.pending.len() >= MAX_HEADER {
                    return Err(Error::usage(if r.pending.is_empty() {
                        format!("{show} is empty: not a CSV with a header")
                    } else {
                        format!(
                            "{show} has no complete header line: not a CSV written by gamecensus, or cut short"
                        )
                    }));
                }
                r.fill(p, 64 << 10)?;
            };
            let line = trim_cr(&r.pending[..nl]);
            if line.starts_with(b"\xef\xbb\xbf") {
                return Err(Error::usage(format!(
                    "{show} starts with a UTF-8 byte-order mark: not a CSV written by gamecensus \
                     (remove the mark, e.g. sed -i '1s/^\\xEF\\xBB\\xBF//' FILE)"
                )));
            }
            let text = std::str::from_utf8(line).map_err(|_| {
                Error::usage(format!("{show}: its first line is not text: not a CSV"))
            })?;
            let names: Vec<String> = split(line).iter().map(|f| utf8(f).into_owned()).collect();
            if names.iter().any(|n| n.is_empty()) || text.contains('\0') {
                return Err(Error::usage(format!(
                    "{show}: its first line ({}) is not a CSV header",
                    text.chars().take(80).collect::<String>()
                )));
            }
            if let Some(why) = crate::solving::columns::repeated_column(&names) {
                return Err(Error::usage(format!("{show}: {why}")));
            }
            match &header {
                None => header = Some((names, p)),
                Some((h, first)) if *h != names => {
                    return Err(Error::usage(format!(
                        "{show} has another header than {} ({} vs {}): not shards of one job",
                        first.display(),
                        names.join(","),
                        h.join(",")
                    )));
                }
                _ => {}
            }
            r.pending.drain(..=nl);
            r.line = 2;
            files.push(r);
        }
        Ok(Table {
            paths: paths.to_vec(),
            readers: Mutex::new(Readers {
                files,
                current: 0,
                free: Vec::new(),
            }),
            header: header.expect("at least one file").0,
        })
    }

    /// The index of column `name`.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }

    /// The path of file `i`.
    pub fn path(&self, i: usize) -> &Path {
        &self.paths[i]
    }

    /// Reads every row once, in file order: blocks of whole lines of about `target`
    /// bytes, handed to `f` `batch` at a time while the next batch is read (on another
    /// thread of the pool). `f` returns false to stop early. A file that shrinks while it
    /// is read is an I/O error naming it.
    pub fn scan(
        &self,
        target: usize,
        batch: usize,
        mut f: impl FnMut(&[Block]) -> bool + Send,
    ) -> Result<Scanned> {
        let mut scanned = Scanned::default();
        let mut current = self.next_batch(target, batch, &mut scanned)?;
        while !current.is_empty() {
            let (next, go) = rayon::join(
                || {
                    let mut s = Scanned::default();
                    self.next_batch(target, batch, &mut s).map(|b| (b, s))
                },
                || f(&current),
            );
            self.recycle(current);
            let (next, s) = next?;
            scanned.torn.extend(s.torn);
            scanned.bytes += s.bytes;
            if !go {
                break;
            }
            current = next;
        }
        Ok(scanned)
    }

    fn recycle(&self, blocks: Vec<Block>) {
        let mut readers = self.readers.lock().unwrap_or_else(|e| e.into_inner());
        readers.free.extend(blocks.into_iter().map(|b| b.data));
    }

    fn next_batch(&self, target: usize, batch: usize, s: &mut Scanned) -> Result<Vec<Block>> {
        let mut readers = self.readers.lock().unwrap_or_else(|e| e.into_inner());
        let mut out = Vec::new();
        while out.len() < batch.max(1) && readers.current < readers.files.len() {
            let i = readers.current;
            let path = &self.paths[i];
            let Readers { files, free, .. } = &mut *readers;
            let r = &mut files[i];
            while !r.done && r.pending.len() < target {
                r.fill(path, target - r.pending.len())?;
            }
            // At least one whole line (or the end of the file), unless a line is longer
            // than MAX_ROW: without a newline in the block, read on until one comes.
            let mut searched = 0;
            while !r.done && memchr::memchr(b'\n', &r.pending[searched..]).is_none() {
                if r.pending.len() > MAX_ROW {
                    return Err(too_long(path, r.line));
                }
                searched = r.pending.len();
                r.fill(path, 1 << 20)?;
            }
            let whole = match memchr::memrchr(b'\n', &r.pending) {
                Some(nl) => nl + 1,
                None => 0,
            };
            let lines = memchr::memchr_iter(b'\n', &r.pending[..whole]).count() as u64;
            if let Some(k) = first_too_long(&r.pending[..whole]) {
                return Err(too_long(path, r.line + k));
            }
            if r.done && r.pending.len() - whole > MAX_ROW {
                return Err(too_long(path, r.line + lines));
            }
            if whole > 0 {
                let mut rest = free.pop().unwrap_or_default();
                rest.clear();
                rest.extend_from_slice(&r.pending[whole..]);
                r.pending.truncate(whole);
                let data = std::mem::replace(&mut r.pending, rest);
                let start = (r.read - data.len() as u64 - r.pending.len() as u64) as usize;
                s.bytes += data.len() as u64;
                out.push(Block {
                    file: i,
                    start,
                    line: r.line,
                    data,
                });
                r.line += lines;
            }
            if r.done {
                if !r.pending.is_empty() {
                    s.torn.push(Torn {
                        path: path.clone(),
                        bytes: r.pending.len(),
                    });
                    r.pending = Vec::new();
                }
                readers.current += 1;
            }
        }
        Ok(out)
    }
}

impl Reader {
    /// Reads up to `want` more bytes into `pending` (at least one unless at the end).
    fn fill(&mut self, path: &Path, want: usize) -> Result<()> {
        let want = match self.len {
            Some(len) => want.min((len - self.read) as usize),
            None => want,
        };
        if want == 0 {
            self.finish(path)?;
            return Ok(());
        }
        let old = self.pending.len();
        self.pending.resize(old + want, 0);
        let got = loop {
            match self.input.read(&mut self.pending[old..]) {
                Ok(k) => break k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(Error::io(format!("reading {}", path.display()), e));
                }
            }
        };
        self.pending.truncate(old + got);
        self.read += got as u64;
        if got == 0 {
            match self.len {
                // Fewer bytes than the file had when it was opened.
                Some(len) => return Err(shrank(path, len, self.read)),
                None => self.done = true,
            }
        }
        Ok(())
    }

    /// The whole length read: the file must still have it (a file truncated after its
    /// bytes were read may have been rewritten while they were).
    fn finish(&mut self, path: &Path) -> Result<()> {
        self.done = true;
        if let Some(len) = self.len {
            let now = std::fs::metadata(path).map(|m| m.len()).unwrap_or(len);
            if now < len {
                return Err(shrank(path, len, now));
            }
        }
        Ok(())
    }
}

/// The index of the first line of `data` (whole lines, each ending with a newline)
/// longer than [`MAX_ROW`] without its newline, if one is (none can be in a block of at
/// most that many bytes, the usual case: then it costs nothing).
fn first_too_long(data: &[u8]) -> Option<u64> {
    if data.len() <= MAX_ROW {
        return None;
    }
    let mut start = 0;
    for (k, nl) in memchr::memchr_iter(b'\n', data).enumerate() {
        if nl - start > MAX_ROW {
            return Some(k as u64);
        }
        start = nl + 1;
    }
    None
}

/// Line `line` of `path` is longer than [`MAX_ROW`].
fn too_long(path: &Path, line: u64) -> Error {
    Error::usage(format!(
        "{} line {line}: longer than {} MiB, which no row gamecensus writes is: not one of \
         our CSVs, or damaged",
        path.display(),
        MAX_ROW >> 20
    ))
}

fn shrank(path: &Path, was: u64, now: u64) -> Error {
    Error::io(
        format!("reading {}", path.display()),
        std::io::Error::new(
            std::io::ErrorKind::UnexpectedEof,
            format!(
                "the file shrank from {was} to {now} bytes while it was read (another process \
                 truncated or rewrote it): nothing was concluded from it; read it again once \
                 it is no longer being written"
            ),
        ),
    )
}

/// Calls `f(offset, line)` for every line of `block` (without its newline); `offset` is
/// the line's offset in its file.
pub fn for_each_line<'d>(block: &'d Block, mut f: impl FnMut(usize, &'d [u8])) {
    let data = &block.data[..];
    let mut start = 0;
    for nl in memchr::memchr_iter(b'\n', data) {
        f(block.start + start, trim_cr(&data[start..nl]));
        start = nl + 1;
    }
}

fn trim_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// A reader of the file `p`, and its length if it is a regular file (a pipe or a device
/// is read to its end, and so is a compressed file, decompressed: one that starts with a
/// zstd frame); a directory is a usage error.
fn open_file(p: &Path) -> Result<(Box<dyn Read + Send>, Option<u64>)> {
    let show = p.display();
    let f = std::fs::File::open(p).map_err(|e| Error::usage(format!("cannot read {show}: {e}")))?;
    let meta = f
        .metadata()
        .map_err(|e| Error::io(format!("reading {show}"), e))?;
    if meta.is_dir() {
        return Err(Error::usage(format!(
            "{show} is a directory, not a CSV file"
        )));
    }
    let mut f = f;
    if meta.is_file()
        && crate::jobs::zst::starts_compressed(&mut f)
            .map_err(|e| Error::io(format!("reading {show}"), e))?
    {
        // zstd frames (a `run --compress zstd` output): read decompressed, to the end.
        let d = zstd::Decoder::new(f).map_err(|e| Error::io(format!("reading {show}"), e))?;
        return Ok((Box::new(d), None));
    }
    let len = meta.is_file().then_some(meta.len());
    Ok((Box::new(f), len))
}

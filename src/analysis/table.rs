//! Reading result CSVs by header, fast: each file is memory-mapped, split into chunks at
//! line boundaries that threads read in parallel, and each line is split into fields
//! only as far as the query needs. Several files (the shards of one job) are read as one
//! table: their headers must be identical. A torn last line (an interrupted run) is
//! reported and skipped; anything that is not a CSV with a header line is an error.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use memmap2::Mmap;

use crate::error::{Error, Result};

/// The CSV files of one query, read as one table.
pub struct Table {
    files: Vec<File>,
    /// The column names.
    pub header: Vec<String>,
}

struct File {
    path: PathBuf,
    map: Bytes,
    /// Where the rows start (after the header line).
    start: usize,
    /// Where the whole lines end (a torn last line is after this).
    end: usize,
}

/// A file's bytes: mapped for regular files, read whole for pipes (`/dev/stdin`).
enum Bytes {
    Mapped(Mmap),
    Read(Vec<u8>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Mapped(m) => m,
            Bytes::Read(v) => v,
        }
    }
}

/// A torn last line: the file and how many bytes it has.
#[derive(Clone, Debug)]
pub struct Torn {
    /// The file.
    pub path: PathBuf,
    /// Bytes of the torn line.
    pub bytes: usize,
}

/// A range of whole lines of one file.
#[derive(Clone, Copy, Debug)]
pub struct Chunk {
    /// Index of the file.
    pub file: usize,
    /// First byte.
    pub start: usize,
    /// One past the last byte (after a newline).
    pub end: usize,
}

impl Table {
    /// Opens the files and checks that they are CSVs with one header.
    pub fn open(paths: &[PathBuf]) -> Result<Table> {
        if paths.is_empty() {
            return Err(Error::usage("give at least one CSV file"));
        }
        let mut files = Vec::new();
        let mut header: Option<(Vec<String>, &Path)> = None;
        for p in paths {
            let show = p.display();
            let map = if p.as_os_str() == "-" {
                // Standard input is read whole: for a CSV of many GB, give its path (it
                // is then mapped, not read into memory).
                let mut v = Vec::new();
                std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut v)
                    .map_err(|e| Error::io("reading standard input".to_string(), e))?;
                Bytes::Read(v)
            } else {
                open_file(p)?
            };
            if map.is_empty() {
                return Err(Error::usage(format!(
                    "{show} is empty: not a CSV with a header"
                )));
            }
            let nl = memchr::memchr(b'\n', &map).ok_or_else(|| {
                Error::usage(format!(
                    "{show} has no complete header line: not a CSV written by gamecensus, or cut short"
                ))
            })?;
            let line = trim_cr(&map[..nl]);
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
            let end = memchr::memrchr(b'\n', &map).map_or(0, |i| i + 1);
            files.push(File {
                path: p.clone(),
                start: nl + 1,
                end,
                map,
            });
        }
        Ok(Table {
            files,
            header: header.expect("at least one file").0,
        })
    }

    /// The index of column `name`.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }

    /// Torn last lines, one per file that has one.
    pub fn torn(&self) -> Vec<Torn> {
        self.files
            .iter()
            .filter_map(|f| {
                let len = f.map.len();
                (len > f.end).then(|| Torn {
                    path: f.path.clone(),
                    bytes: len - f.end,
                })
            })
            .collect()
    }

    /// Splits the rows into chunks of about `target` bytes at line boundaries, in file
    /// order.
    pub fn chunks(&self, target: usize) -> Vec<Chunk> {
        let mut out = Vec::new();
        for (i, f) in self.files.iter().enumerate() {
            let data = self.bytes(i);
            let mut start = f.start;
            while start < f.end {
                let mut end = (start + target).min(f.end);
                if end < f.end {
                    end = match memchr::memchr(b'\n', &data[end..f.end]) {
                        Some(k) => end + k + 1,
                        None => f.end,
                    };
                }
                out.push(Chunk {
                    file: i,
                    start,
                    end,
                });
                start = end;
            }
        }
        out
    }

    /// The bytes of file `i`.
    pub fn bytes(&self, i: usize) -> &[u8] {
        &self.files[i].map
    }

    /// The path of file `i`.
    pub fn path(&self, i: usize) -> &Path {
        &self.files[i].path
    }

    /// The line number (1-based, header = 1) of byte `at` of file `i` (for messages).
    pub fn line_number(&self, i: usize, at: usize) -> usize {
        memchr::memchr_iter(b'\n', &self.bytes(i)[..at]).count() + 1
    }

    /// Total bytes of rows.
    pub fn row_bytes(&self) -> u64 {
        self.files.iter().map(|f| (f.end - f.start) as u64).sum()
    }
}

/// Calls `f(line_start, line)` for every line of `chunk` (without its newline).
pub fn for_each_line<'d>(data: &'d [u8], chunk: Chunk, mut f: impl FnMut(usize, &'d [u8])) {
    let mut start = chunk.start;
    for nl in memchr::memchr_iter(b'\n', &data[chunk.start..chunk.end]) {
        let end = chunk.start + nl;
        f(start, trim_cr(&data[start..end]));
        start = end + 1;
    }
}

fn trim_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The bytes of the file `p`: mapped if it is a regular file, read if it is a pipe or a
/// device; a directory is a usage error.
fn open_file(p: &Path) -> Result<Bytes> {
    let show = p.display();
    let mut f =
        std::fs::File::open(p).map_err(|e| Error::usage(format!("cannot read {show}: {e}")))?;
    let meta = f
        .metadata()
        .map_err(|e| Error::io(format!("reading {show}"), e))?;
    if meta.is_dir() {
        return Err(Error::usage(format!(
            "{show} is a directory, not a CSV file"
        )));
    }
    Ok(if meta.is_file() {
        // SAFETY: the file is only read; if another process changes it meanwhile the
        // counts may be wrong, as for any reader of a changing file.
        Bytes::Mapped(
            unsafe { Mmap::map(&f) }.map_err(|e| Error::io(format!("reading {show}"), e))?,
        )
    } else {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut f, &mut v)
            .map_err(|e| Error::io(format!("reading {show}"), e))?;
        Bytes::Read(v)
    })
}

/// The fields of a CSV line (RFC 4180 quoting; quoted fields are unquoted).
pub fn split(line: &[u8]) -> Vec<Cow<'_, [u8]>> {
    let mut out = Vec::new();
    split_into(line, usize::MAX, &mut out);
    out
}

/// Splits `line` into `out` (cleared), stopping after field `last`. Returns false if a
/// quoted field is not closed.
pub fn split_into<'a>(line: &'a [u8], last: usize, out: &mut Vec<Cow<'a, [u8]>>) -> bool {
    out.clear();
    if memchr::memchr(b'"', line).is_none() {
        let mut start = 0;
        for comma in memchr::memchr_iter(b',', line) {
            out.push(Cow::Borrowed(&line[start..comma]));
            if out.len() > last {
                return true;
            }
            start = comma + 1;
        }
        out.push(Cow::Borrowed(&line[start..]));
        return true;
    }
    let mut i = 0;
    loop {
        if line.get(i) == Some(&b'"') {
            // A quoted field: up to the closing quote; "" is a quote.
            let mut j = i + 1;
            let mut owned: Option<Vec<u8>> = None;
            loop {
                match memchr::memchr(b'"', &line[j..]) {
                    None => return false,
                    Some(k) => {
                        let q = j + k;
                        if line.get(q + 1) == Some(&b'"') {
                            owned
                                .get_or_insert_with(Vec::new)
                                .extend_from_slice(&line[j..=q]);
                            j = q + 2;
                        } else {
                            let field = match owned {
                                Some(mut o) => {
                                    o.extend_from_slice(&line[j..q]);
                                    Cow::Owned(o)
                                }
                                None => Cow::Borrowed(&line[i + 1..q]),
                            };
                            out.push(field);
                            i = q + 1;
                            break;
                        }
                    }
                }
            }
            if out.len() > last {
                return true;
            }
            match line.get(i) {
                None => return true,
                Some(b',') => i += 1,
                Some(_) => return false,
            }
            if i == line.len() {
                out.push(Cow::Borrowed(&line[i..]));
                return true;
            }
        } else {
            match memchr::memchr(b',', &line[i..]) {
                Some(k) => {
                    out.push(Cow::Borrowed(&line[i..i + k]));
                    if out.len() > last {
                        return true;
                    }
                    i += k + 1;
                }
                None => {
                    out.push(Cow::Borrowed(&line[i..]));
                    return true;
                }
            }
        }
    }
}

/// Bytes as text (lossy for invalid UTF-8).
pub fn utf8(b: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(s: &str) -> Vec<String> {
        split(s.as_bytes())
            .iter()
            .map(|f| utf8(f).into_owned())
            .collect()
    }

    #[test]
    fn splits_quoted_fields() {
        assert_eq!(fields("a,b,,c"), ["a", "b", "", "c"]);
        assert_eq!(
            fields("F]y~W,WBWBWBB,7,14,N,\"{^2*|{*|v}}\",,1/2"),
            ["F]y~W", "WBWBWBB", "7", "14", "N", "{^2*|{*|v}}", "", "1/2"]
        );
        assert_eq!(fields("\"{0, ^*|0}\",x"), ["{0, ^*|0}", "x"]);
        assert_eq!(fields("\"say \"\"hi\"\"\",1"), ["say \"hi\"", "1"]);
        assert_eq!(fields("x,\"a,b\","), ["x", "a,b", ""]);
        let mut out = Vec::new();
        assert!(!split_into(b"\"open,1", usize::MAX, &mut out));
        assert!(split_into(b"a,b,c,d", 1, &mut out));
        assert_eq!(out.len(), 2);
    }
}

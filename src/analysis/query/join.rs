//! Joins (`analyze A.csv --join B.csv --on KEY`): every row of A meets the row of B
//! with the same key, and the query sees one row with A's columns and B's under a
//! prefix (`b.value`), so two censuses of the same positions compare row by row.
//!
//! An inner join: a row of A whose key no row of B has (or whose key is empty: SQL's
//! NULL equals nothing) is left out, as is a row of B that no row of A meets; both are
//! counted. B's key must identify its rows: a key twice in B is refused, naming both
//! lines (several rows of A may meet the same row of B). B's rows are held in memory,
//! keyed (about its size in bytes plus 190 bytes a row); A is streamed as usual.

use std::borrow::Cow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::columns::header_types;
use crate::analysis::expr::{Compiled, Expr, GameCache, Row, Scope};
use crate::analysis::fields::{split_into, utf8};
use crate::analysis::table::{Table, Torn, for_each_line};
use crate::error::{Error, Result};
use crate::hash::FastHashMap;

/// What to join.
#[derive(Clone, Debug, Default)]
pub struct Join {
    /// The joined file (several: shards of one table).
    pub files: Vec<PathBuf>,
    /// The key: columns both files have (CSV columns, or derived ones such as
    /// `canonical`).
    pub on: Vec<String>,
    /// The joined file's columns are named `PREFIX.NAME`.
    pub prefix: String,
}

/// How a join went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Joined {
    /// The joined files.
    pub files: Vec<PathBuf>,
    /// The key.
    pub on: Vec<String>,
    /// The prefix of the joined file's columns.
    pub prefix: String,
    /// Rows of the joined file.
    pub rows: u64,
    /// Rows of the first files that met a row of the joined file.
    pub paired: u64,
    /// Rows of the first files without a partner (left out).
    pub unpaired: u64,
    /// Rows of the joined file that no row met (left out).
    pub unmet: u64,
}

/// A key, compiled against one file's header.
pub(super) struct Key {
    parts: Vec<(Compiled, Option<usize>)>,
    graph6: Option<usize>,
    colouring: Option<usize>,
}

impl Key {
    fn compile(scope: &Scope, on: &[String], header: &[String], side: &str) -> Result<Key> {
        let parts = on
            .iter()
            .map(|c| {
                let e = scope.compile(c, false).map_err(|e| match e {
                    Error::Usage(m) => Error::usage(format!("--on {c}: {side}: {m}")),
                    other => other,
                })?;
                let plain = match e.expr {
                    Expr::Column(i, _) => Some(i),
                    _ => None,
                };
                Ok((e, plain))
            })
            .collect::<Result<_>>()?;
        Ok(Key {
            parts,
            graph6: header.iter().position(|h| h == "graph6"),
            colouring: header.iter().position(|h| h == "colouring"),
        })
    }

    /// The key of the row `fields` into `out`; false if a part is empty (no partner).
    pub(super) fn of(
        &self,
        fields: &[Cow<[u8]>],
        cache: &mut GameCache,
        out: &mut Vec<u8>,
    ) -> std::result::Result<bool, String> {
        out.clear();
        let mut row = Row {
            fields,
            graph: None,
            graph6: self.graph6,
            colouring: self.colouring,
            cache,
        };
        for (k, (c, plain)) in self.parts.iter().enumerate() {
            if k > 0 {
                out.push(0x1f);
            }
            let start = out.len();
            match plain {
                Some(i) => out.extend_from_slice(fields.get(*i).map_or(&[][..], |f| &f[..])),
                None => out.extend_from_slice(row.eval(&c.expr)?.to_string().as_bytes()),
            }
            if out.len() == start {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// The joined file in memory, keyed, and the key of the first files' rows.
pub(super) struct JoinTable {
    /// The key, compiled against the first files' header.
    pub(super) left: Key,
    /// The joined files' header (without the prefix).
    pub(super) header: Vec<String>,
    keys: FastHashMap<Box<[u8]>, usize>,
    lines: Vec<Box<[u8]>>,
    met: Vec<AtomicBool>,
    files: Vec<PathBuf>,
    on: Vec<String>,
    prefix: String,
    /// Torn last lines of the joined files, skipped.
    pub(super) torn: Vec<Torn>,
}

/// The header of the joined table: the first files' columns, then the joined file's
/// under the prefix; refused if a name would be there twice.
pub(super) fn header(left: &[String], right: &[String], prefix: &str) -> Result<Vec<String>> {
    let mut h = left.to_vec();
    for name in right {
        let p = format!("{prefix}.{name}");
        if left.contains(&p) {
            return Err(Error::usage(format!(
                "--join: the joined column {p} would have the name of a column of the first \
                 files: choose another --prefix"
            )));
        }
        h.push(p);
    }
    Ok(h)
}

impl JoinTable {
    /// Reads the joined files into memory, keyed by `join.on`, checking that the key
    /// identifies their rows; `left` is the first files' header.
    pub(super) fn load(join: &Join, left: &[String]) -> Result<JoinTable> {
        let prefix_ok = !join.prefix.is_empty()
            && join
                .prefix
                .starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && join
                .prefix
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !prefix_ok {
            return Err(Error::usage(format!(
                "--prefix {:?}: a word of letters, digits and _",
                join.prefix
            )));
        }
        if join.on.is_empty() {
            return Err(Error::usage(
                "--join needs --on COLS: the key the rows are paired on (e.g. --on canonical)",
            ));
        }
        let table = Table::open(&join.files)?;
        let left_scope = Scope {
            header: left,
            types: header_types(left),
            with: Vec::new(),
        };
        let right_scope = Scope {
            header: &table.header,
            types: header_types(&table.header),
            with: Vec::new(),
        };
        let left_key = Key::compile(&left_scope, &join.on, left, "the first files")?;
        let right_key = Key::compile(&right_scope, &join.on, &table.header, "the joined file")?;
        let width = table.header.len();
        let mut keys: FastHashMap<Box<[u8]>, usize> = FastHashMap::default();
        let mut lines: Vec<Box<[u8]>> = Vec::new();
        let mut where_: Vec<u64> = Vec::new();
        let mut error: Option<String> = None;
        let scanned = table.scan(4 << 20, 2 * rayon::current_num_threads(), |blocks| {
            type Keyed = (Option<Box<[u8]>>, u64, Box<[u8]>);
            let parts: Vec<std::result::Result<Vec<Keyed>, String>> = blocks
                .par_iter()
                .map(|b| {
                    let mut out = Vec::new();
                    let mut fields = Vec::new();
                    let mut cache = GameCache::default();
                    let mut key = Vec::new();
                    let mut err = None;
                    let mut n = b.line;
                    for_each_line(b, |_, line| {
                        if err.is_some() {
                            return;
                        }
                        // Counted along (Block::line_number counts from the block's
                        // start: quadratic if asked for every line).
                        n += 1;
                        let n = n - 1;
                        let fail =
                            |m: String| format!("{} line {n}: {m}", table.path(b.file).display());
                        if !split_into(line, usize::MAX, &mut fields) || fields.len() != width {
                            err = Some(fail(format!(
                                "not a row of {width} fields (a quote is not closed, or fields \
                                 are missing or extra)"
                            )));
                            return;
                        }
                        match right_key.of(&fields, &mut cache, &mut key) {
                            Ok(full) => out.push((
                                full.then(|| key.clone().into_boxed_slice()),
                                n,
                                line.to_vec().into_boxed_slice(),
                            )),
                            Err(e) => err = Some(fail(e)),
                        }
                    });
                    match err {
                        Some(e) => Err(e),
                        None => Ok(out),
                    }
                })
                .collect();
            for part in parts {
                let part = match part {
                    Ok(p) => p,
                    Err(e) => {
                        error = Some(e);
                        return false;
                    }
                };
                for (key, n, line) in part {
                    if let Some(key) = key {
                        if let Some(&i) = keys.get(&key) {
                            error = Some(format!(
                                "--join: {} has the key {} (--on {}) on lines {} and {}: the \
                                 joined file must have each key once (join on a key that \
                                 identifies its rows, e.g. canonical, or graph6,colouring)",
                                table.path(0).display(),
                                crate::error::quoted(&utf8(&key).replace('\x1f', ",")),
                                join.on.join(","),
                                where_[i],
                                n
                            ));
                            return false;
                        }
                        keys.insert(key, lines.len());
                    }
                    where_.push(n);
                    lines.push(line);
                }
            }
            true
        })?;
        if let Some(e) = error {
            return Err(Error::usage(e));
        }
        Ok(JoinTable {
            left: left_key,
            header: table.header.clone(),
            keys,
            met: lines.iter().map(|_| AtomicBool::new(false)).collect(),
            lines,
            files: join.files.clone(),
            on: join.on.clone(),
            prefix: join.prefix.clone(),
            torn: scanned.torn,
        })
    }

    /// The joined line with key `key`, marked as met.
    pub(super) fn partner(&self, key: &[u8]) -> Option<&[u8]> {
        let &i = self.keys.get(key)?;
        self.met[i].store(true, Ordering::Relaxed);
        Some(&self.lines[i])
    }

    /// How the join went, `paired` and `unpaired` rows of the first files.
    pub(super) fn summary(&self, paired: u64, unpaired: u64) -> Joined {
        Joined {
            files: self.files.clone(),
            on: self.on.clone(),
            prefix: self.prefix.clone(),
            rows: self.lines.len() as u64,
            paired,
            unpaired,
            unmet: self
                .met
                .iter()
                .filter(|m| !m.load(Ordering::Relaxed))
                .count() as u64,
        }
    }
}

//! The matching rows themselves (`--select`, `--export`): whole CSV lines or chosen
//! columns (CSV or derived columns, or expressions), in file order or sorted by a column
//! (numbers numerically, then text; ties in file order), the first `--limit` of them.
//!
//! Rows are gathered in memory (with `--limit N`, at most a few times N per thread):
//! narrow a big census with `--where` or `--limit`.

use std::cmp::Ordering;

use crate::analysis::expr::{Compiled, Expr, Row, Scope};
use crate::error::Result;

/// A cell of a key in the typed order: empty, then numbers by value, then text.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum SortCell {
    Empty,
    Number(i128, u32),
    Text(String),
}

pub(crate) fn sort_cell(s: &str) -> SortCell {
    if s.is_empty() {
        return SortCell::Empty;
    }
    if let Ok(i) = s.parse::<i64>() {
        return SortCell::Number((i as i128) << 64, 0);
    }
    if let Some((a, b)) = s.split_once('/')
        && let (Ok(a), Ok(b)) = (a.parse::<i64>(), b.parse::<u64>())
        && b.is_power_of_two()
    {
        let k = b.trailing_zeros();
        return SortCell::Number(((a as i128) << 64) >> k, k);
    }
    SortCell::Text(s.to_string())
}

/// What rows to give, and how.
#[derive(Clone, Debug, Default)]
pub struct Select {
    /// Columns or expressions to give; empty: whole rows.
    pub columns: Vec<String>,
    /// Sort by this column or expression (ascending; [`Select::desc`] for descending).
    pub sort: Option<String>,
    /// Sort descending.
    pub desc: bool,
    /// At most this many rows.
    pub limit: Option<usize>,
}

/// The selected rows.
#[derive(Clone, Debug, Default)]
pub struct Selected {
    /// The header of the rows (the columns selected, or the CSV's header).
    pub header: Vec<String>,
    /// The rows, as CSV lines without their line ending.
    pub rows: Vec<String>,
}

/// `Select`, compiled.
pub(super) struct SelectPlan {
    /// The columns (`None`: whole rows), each with its CSV column if a plain one.
    pub(super) columns: Option<Vec<(Compiled, Option<usize>)>>,
    pub(super) sort: Option<Compiled>,
    pub(super) desc: bool,
    pub(super) limit: Option<usize>,
}

/// A row picked: its sort cell, its place in the files, and the line.
pub(super) type Picked = (SortCell, usize, usize, String);

pub(super) fn compile(scope: &Scope, s: &Select) -> Result<SelectPlan> {
    let columns = if s.columns.is_empty() {
        None
    } else {
        Some(
            s.columns
                .iter()
                .map(|c| {
                    let e = scope.compile(c, false)?;
                    let plain = match e.expr {
                        Expr::Column(i, _) => Some(i),
                        _ => None,
                    };
                    Ok((e, plain))
                })
                .collect::<Result<_>>()?,
        )
    };
    Ok(SelectPlan {
        columns,
        sort: s
            .sort
            .as_deref()
            .map(|c| scope.compile(c, false))
            .transpose()?,
        desc: s.desc,
        limit: s.limit,
    })
}

impl SelectPlan {
    /// The order of picked rows.
    pub(super) fn cmp(&self, a: &Picked, b: &Picked) -> Ordering {
        let cells = if self.desc {
            b.0.cmp(&a.0)
        } else {
            a.0.cmp(&b.0)
        };
        cells.then((a.1, a.2).cmp(&(b.1, b.2)))
    }

    /// Keeps what can still be given: the first `limit` rows (in order when sorted).
    pub(super) fn trim(&self, rows: &mut Vec<Picked>, final_: bool) {
        let Some(limit) = self.limit else {
            if final_ && self.sort.is_some() {
                rows.sort_by(|a, b| self.cmp(a, b));
            }
            return;
        };
        if self.sort.is_none() {
            // In file order already (chunks are merged in order).
            rows.truncate(limit);
        } else if final_ || rows.len() > 4 * limit.max(1) {
            rows.sort_by(|a, b| self.cmp(a, b));
            rows.truncate(limit);
        }
    }

    /// The picked row of `row` (the whole `line`, or the columns selected).
    pub(super) fn pick(
        &self,
        row: &mut Row,
        line: &str,
        file: usize,
        at: usize,
    ) -> std::result::Result<Picked, String> {
        let key = match &self.sort {
            Some(c) => sort_cell(&row.eval(&c.expr)?.to_string()),
            None => SortCell::Empty,
        };
        let text = match &self.columns {
            None => line.to_string(),
            Some(cols) => {
                let mut cells = Vec::with_capacity(cols.len());
                for (c, plain) in cols {
                    cells.push(match plain {
                        Some(i) => {
                            String::from_utf8_lossy(row.fields.get(*i).map_or(&[][..], |f| &f[..]))
                                .into_owned()
                        }
                        None => row.eval(&c.expr)?.to_string(),
                    });
                }
                csv_record(&cells)
            }
        };
        Ok((key, file, at, text))
    }
}

/// `fields` as one CSV line (quoted where needed), without its line ending.
pub(crate) fn csv_record(fields: &[String]) -> String {
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    let _ = w.write_record(fields);
    let mut s = String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default();
    s.pop();
    s
}

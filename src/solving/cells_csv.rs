//! The CSV text of a value's cells: each cell formatted once and quoted as the `csv`
//! crate quotes a field ([`push_csv_field`]), kept per value in a bounded memo
//! ([`ValueCells`]) so that the rows of one value share it, and each field found again
//! by where it starts ([`csv_field`], for `eval --columns`).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use dashmap::DashMap;
use smallvec::SmallVec;

use super::columns::{Column, Evaluation, Schema};
use crate::error::Result;
use crate::values::game::GameId;

/// The cells of a value, their CSV text (a comma before each) and where each cell's
/// field starts in it ([`csv_cells`]).
pub type ValueRow = Arc<(Evaluation, Box<[u8]>, Starts)>;

/// Where each cell's field starts in the CSV text of cells (at the comma before it),
/// and the text's length last.
pub type Starts = SmallVec<[u32; 9]>;

/// Values met last, each with its cells (a census meets the same values again and
/// again: one lookup instead of one per column, and no formatting).
#[derive(Default)]
pub(super) struct ValueCells {
    map: DashMap<GameId, ValueRow, crate::hash::Xxh3Build>,
    held: AtomicUsize,
}

/// Values [`ValueCells`] holds before it starts again (a few hundred bytes each).
const VALUE_CELLS: usize = 1 << 15;

impl ValueCells {
    /// The cells of value `v` with their CSV text, made by `make` if not held.
    pub(super) fn get(
        &self,
        v: GameId,
        make: impl FnOnce() -> Result<Evaluation>,
    ) -> Result<ValueRow> {
        self.with(v, make, Arc::clone)
    }

    /// `read` of the cells of value `v` with their CSV text, made by `make` if not
    /// held; held ones are read in place (no share of them taken).
    pub(super) fn with<R>(
        &self,
        v: GameId,
        make: impl FnOnce() -> Result<Evaluation>,
        read: impl FnOnce(&ValueRow) -> R,
    ) -> Result<R> {
        if let Some(c) = self.map.get(&v) {
            return Ok(read(&c));
        }
        let e = make()?;
        let (csv, starts) = csv_cells(&e);
        let c = Arc::new((e, csv, starts));
        if self.held.fetch_add(1, Ordering::Relaxed) >= VALUE_CELLS {
            self.map.clear();
            self.held.store(1, Ordering::Relaxed);
        }
        let out = read(&c);
        self.map.insert(v, c);
        Ok(out)
    }
}

/// The CSV text of `cells`, a comma before each (quoted as the `csv` crate quotes them
/// in a row, [`push_csv_field`]), and where each cell's field starts.
pub fn csv_cells(cells: &Evaluation) -> (Box<[u8]>, Starts) {
    let mut bytes = Vec::with_capacity(64);
    let mut starts = Starts::new();
    let mut field = String::new();
    for c in &cells.cells {
        starts.push(bytes.len() as u32);
        field.clear();
        c.format_into(&mut field);
        bytes.push(b',');
        push_csv_field(&mut bytes, field.as_bytes());
    }
    starts.push(bytes.len() as u32);
    (bytes.into_boxed_slice(), starts)
}

/// Appends `field` to `out` as the `csv` crate writes a field of a row of two or more
/// fields in its default style (csv-core's `QuoteStyle::Necessary`): in quotes, each
/// quote doubled, if it holds a comma, a quote or a line break (`\n` or `\r`); as it is
/// otherwise. A test checks it against the crate.
pub fn push_csv_field(out: &mut Vec<u8>, field: &[u8]) {
    if !field
        .iter()
        .any(|b| matches!(b, b',' | b'"' | b'\n' | b'\r'))
    {
        out.extend_from_slice(field);
        return;
    }
    out.push(b'"');
    for &b in field {
        if b == b'"' {
            out.push(b'"');
        }
        out.push(b);
    }
    out.push(b'"');
}

/// Appends one row as the `csv` crate writes it: each position column of `schema`
/// written by `position` (quoted if need be), then the value cells (their CSV text
/// `csv`, a comma before each, fields at `starts`: [`csv_cells`]); with `selected`
/// (`eval --columns`, indices in the schema), only those columns, in that order. Every
/// writer of rows as bytes (graphs, shapes, the domino games' bitboards) writes here.
pub fn push_row(
    buf: &mut Vec<u8>,
    schema: &Schema,
    selected: Option<&[usize]>,
    position: &dyn Fn(&Column, &mut Vec<u8>),
    csv: &[u8],
    starts: &Starts,
) {
    let p = schema.position_columns;
    match selected {
        None => {
            for (j, c) in schema.columns[..p].iter().enumerate() {
                if j > 0 {
                    buf.push(b',');
                }
                position(c, buf);
            }
            buf.extend_from_slice(csv);
        }
        Some(selected) => {
            for (j, &c) in selected.iter().enumerate() {
                if j > 0 {
                    buf.push(b',');
                }
                match c.checked_sub(p) {
                    None => position(&schema.columns[c], buf),
                    Some(v) => buf.extend_from_slice(csv_field(csv, starts, v)),
                }
            }
        }
    }
    buf.push(b'\n');
}

/// Field `j` of the CSV text of cells `text` whose fields start at `starts`
/// ([`csv_cells`]), as quoted.
pub fn csv_field<'a>(text: &'a [u8], starts: &Starts, j: usize) -> &'a [u8] {
    &text[starts[j] as usize + 1..starts[j + 1] as usize]
}

#[cfg(test)]
mod tests {
    use super::push_csv_field;

    /// Fields written as the `csv` crate writes them in a row of several fields.
    #[test]
    fn fields_are_quoted_as_the_csv_crate_quotes_them() {
        for field in [
            "",
            "0",
            "{1|-1}",
            "{0, ^*|0}",
            "a\"b",
            "\"",
            ",",
            "x\ny",
            "x\ry",
            " lead",
            "é,ü",
            "#",
            "'",
            "{2|{1|0}, 1/2}",
        ] {
            let mut w = csv::Writer::from_writer(Vec::new());
            w.write_record(["", field]).unwrap();
            let mut want = w.into_inner().unwrap();
            want.pop();
            let mut ours = vec![b','];
            push_csv_field(&mut ours, field.as_bytes());
            assert_eq!(
                String::from_utf8(ours).unwrap(),
                String::from_utf8(want).unwrap()
            );
        }
    }
}

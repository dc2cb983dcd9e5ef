//! The CSV format of results: the columns, and one row per position.
//!
//! Columns (by header name; readers should not rely on the order): `graph6`,
//! `colouring` (empty for uncoloured positions), `n` (vertices), `m` (edges),
//! `outcome` (L, R, N or P), `value` (RULES.md notation), `grundy` (nim-value; empty
//! for partizan rulesets).

use std::io::Write;

use crate::error::{Error, Result};
use crate::graphs::{Position, write_graph6};
use crate::solving::Evaluation;

/// The header, in the order we write it.
pub const COLUMNS: [&str; 7] = [
    "graph6",
    "colouring",
    "n",
    "m",
    "outcome",
    "value",
    "grundy",
];

/// One finished row (computed by a worker thread, written by the writer).
#[derive(Clone, Debug)]
pub struct Row {
    pub graph6: String,
    pub colouring: String,
    pub n: usize,
    pub m: usize,
    pub eval: Evaluation,
}

impl Row {
    pub fn new(pos: &Position, eval: Evaluation) -> Row {
        let mut g6 = Vec::with_capacity(16);
        write_graph6(&pos.graph, &mut g6);
        Row {
            graph6: String::from_utf8(g6).expect("graph6 is ASCII"),
            colouring: pos.colouring.map(|c| c.to_string()).unwrap_or_default(),
            n: pos.graph.n(),
            m: pos.graph.m(),
            eval,
        }
    }
}

/// Writes the header.
pub fn write_header<W: Write>(w: &mut csv::Writer<W>) -> Result<()> {
    w.write_record(COLUMNS).map_err(csv_error)
}

/// Writes one row.
pub fn write_row<W: Write>(w: &mut csv::Writer<W>, row: &Row) -> Result<()> {
    let grundy = row.eval.grundy.map(|g| g.to_string()).unwrap_or_default();
    w.write_record([
        row.graph6.as_str(),
        row.colouring.as_str(),
        &row.n.to_string(),
        &row.m.to_string(),
        row.eval.outcome.letter(),
        &row.eval.value,
        &grundy,
    ])
    .map_err(csv_error)
}

/// The header line exactly as [`write_header`] writes it (for resuming).
pub fn header_line() -> String {
    COLUMNS.join(",")
}

pub fn csv_error(e: csv::Error) -> Error {
    match e.into_kind() {
        csv::ErrorKind::Io(io) => Error::io("writing CSV", io),
        other => Error::usage(format!("CSV: {other:?}")),
    }
}

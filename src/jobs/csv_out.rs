//! The CSV format of results: the columns, and one row per position.
//!
//! Columns (by header name; readers should not rely on the order): `graph6`,
//! `colouring` (empty for uncoloured positions), `n` (vertices), `m` (edges),
//! `outcome` (L, R, N or P), `value` (RULES.md notation), `grundy` (nim-value; empty
//! for partizan rulesets), and for all-small rulesets (Cutthroat, Clobber)
//! `atomic_weight` (empty where the value has none).

use std::io::Write;

use crate::error::{Error, Result};
use crate::graphs::{Position, write_graph6};
use crate::rules::Ruleset;
use crate::solving::Evaluation;

/// The columns every ruleset has, in the order we write them.
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

/// The columns of a ruleset's CSV.
pub fn columns(ruleset: Ruleset) -> Vec<&'static str> {
    let mut c = COLUMNS.to_vec();
    if ruleset.all_small() {
        c.push("atomic_weight");
    }
    c
}

/// Writes the header.
pub fn write_header<W: Write>(w: &mut csv::Writer<W>, ruleset: Ruleset) -> Result<()> {
    w.write_record(columns(ruleset)).map_err(csv_error)
}

/// Writes one row (with the `atomic_weight` field iff the ruleset is all-small).
pub fn write_row<W: Write>(w: &mut csv::Writer<W>, ruleset: Ruleset, row: &Row) -> Result<()> {
    let grundy = row.eval.grundy.map(|g| g.to_string()).unwrap_or_default();
    let (n, m) = (row.n.to_string(), row.m.to_string());
    let mut fields = vec![
        row.graph6.as_str(),
        row.colouring.as_str(),
        &n,
        &m,
        row.eval.outcome.letter(),
        &row.eval.value,
        &grundy,
    ];
    if ruleset.all_small() {
        fields.push(row.eval.atomic_weight.as_deref().unwrap_or(""));
    }
    w.write_record(fields).map_err(csv_error)
}

/// The header line exactly as [`write_header`] writes it (for resuming).
pub fn header_line(ruleset: Ruleset) -> String {
    columns(ruleset).join(",")
}

pub fn csv_error(e: csv::Error) -> Error {
    match e.into_kind() {
        csv::ErrorKind::Io(io) => Error::io("writing CSV", io),
        other => Error::usage(format!("CSV: {other:?}")),
    }
}

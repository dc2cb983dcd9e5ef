//! The one eval stream: `eval -` reads its input lines in blocks held in one buffer
//! each ([`line_blocks`]), values the blocks in parallel and writes their rows in input
//! order, under the memory governor, for every kind of position. What a kind of
//! position adds is [`LineRows`]: whether the first line is the header of one of our
//! CSVs (whose rows are then read by their position columns), and the rows of a
//! block's lines. Graphs (`graph_runs.rs`) and shapes (`shaped.rs`) are the two kinds.

use std::io::{BufRead, Write};

use super::memory::Governor;
use crate::error::{Error, Result};
use crate::solving::Evaluator;
use crate::solving::driver::ordered_map;
use crate::sys::input::{line_blocks, read_error};

/// What a kind of position reads of `eval`'s input lines.
pub trait LineRows: Sync {
    /// Lines to a block: what one thread values at a time.
    fn block(&self) -> usize;
    /// Whether `first`, the input's first line, is the header of one of our CSVs (it
    /// is then not a position; the rows are read by the columns it names).
    fn header(&mut self, first: &str) -> Result<bool>;
    /// Appends the rows of a block's lines (index in the input, text) to `rows`, in
    /// order: how many, and the error that stopped them (the rows before it are in).
    fn rows(&self, lines: &[(usize, &str)], rows: &mut Vec<u8>) -> (u64, Result<()>);
}

/// Writes the header of `evaluator`'s rows, then the row of every position `input`
/// holds, read as `kind` reads lines, in input order. A bad line stops the run with an
/// error naming its line number (the rows before it are written).
pub fn eval_lines(
    evaluator: &Evaluator,
    governor: &Governor,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    kind: &mut dyn LineRows,
) -> Result<()> {
    writeln!(out, "{}", header(evaluator)).map_err(write_err)?;
    let mut blocks = line_blocks(input, kind.block()).peekable();
    if let Some(first) = blocks.peek_mut()
        && let Some(line) = first.peek()
        && kind.header(line)?
    {
        first.skip_one();
    }
    let kind: &dyn LineRows = kind;
    let pb = super::progress::counter("positions");
    let result = ordered_map(
        &mut blocks,
        (1024 / kind.block()).max(4),
        |block| -> (Vec<u8>, u64, Result<()>) {
            let lines: Vec<(usize, &str)> = block.lines().collect();
            let mut rows = Vec::with_capacity(64 * lines.len());
            let (n, done) = kind.rows(&lines, &mut rows);
            drop(lines);
            let done = done.and(match block.error {
                Some((i, e)) => Err(read_error(i, e)),
                None => Ok(()),
            });
            (rows, n, done)
        },
        |blocks| {
            governor.check(evaluator)?;
            for (rows, n, done) in blocks {
                out.write_all(&rows).map_err(write_err)?;
                pb.inc(n);
                done?;
            }
            out.flush().map_err(write_err)
        },
        || false,
    );
    super::progress::end_counter(&pb, "positions", result.is_ok());
    result?;
    out.flush().map_err(write_err)
}

/// A failure writing the output.
pub fn write_err(e: std::io::Error) -> Error {
    Error::io("writing output", e)
}

/// The header line of the rows `evaluator` writes (without the newline).
pub fn header(evaluator: &Evaluator) -> String {
    let schema = evaluator.schema();
    match evaluator.selected() {
        None => schema.header(),
        Some(s) => s
            .iter()
            .map(|&i| schema.columns[i].name)
            .collect::<Vec<_>>()
            .join(","),
    }
}

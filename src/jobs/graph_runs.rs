//! Graph positions on `eval`'s input lines ([`GraphLines`], a kind of line of the one
//! eval stream, [`super::eval_stream`]): within a block, consecutive lines of one graph
//! ([`runs`]) are parsed, valued together and written into the block's buffer
//! ([`eval_group`]), so that the colourings of a graph share its parsing, its
//! preparation and its labelling.

use crate::error::{Error, Result};
use crate::graphs::{Colouring, GraphPosition};
use crate::solving::columns::write_position_cell;
use crate::solving::{Evaluator, Starts, csv_cells, push_row};
use crate::sys::input::at_line;

use super::eval_stream::LineRows;
use super::graph_lines::{
    AnyPosition, Parsed, at_position, csv_columns, parse_csv_row, parse_line_cached,
};

/// Graph positions read from `eval`'s lines: `GRAPH6 [COLOURING]`, or the rows of one
/// of our CSVs by their `graph6` and `colouring` columns.
pub struct GraphLines<'a> {
    evaluator: &'a Evaluator,
    /// The `graph6` and `colouring` columns, when the input is one of our CSVs.
    columns: Option<(usize, Option<usize>)>,
}

impl<'a> GraphLines<'a> {
    /// Lines of graph positions of `evaluator`'s rules.
    pub fn new(evaluator: &'a Evaluator) -> GraphLines<'a> {
        GraphLines {
            evaluator,
            columns: None,
        }
    }
}

/// Lines to a block: the colourings of one graph come one after another, and a block
/// values a graph's run of them together.
const BLOCK: usize = 1024;

impl LineRows for GraphLines<'_> {
    fn block(&self) -> usize {
        BLOCK
    }

    fn header(&mut self, first: &str) -> Result<bool> {
        self.columns = csv_columns(first)?;
        Ok(self.columns.is_some())
    }

    fn rows(&self, lines: &[(usize, &str)], rows: &mut Vec<u8>) -> (u64, Result<()>) {
        let mut out = GroupRows {
            bytes: std::mem::take(rows),
            rows: 0,
            err: None,
        };
        for run in runs(lines) {
            eval_group(self.evaluator, self.columns, run, &mut out);
            if out.err.is_some() {
                break;
            }
        }
        *rows = out.bytes;
        (out.rows, out.err.map_or(Ok(()), Err))
    }
}

/// The first field of a line (up to a space or comma).
fn first_field(line: &str) -> &str {
    let l = line.trim_start();
    l.split([' ', '\t', ',']).next().unwrap_or(l)
}

/// Lines in runs that probably share a graph (the same first field: the graph6 of
/// `enumerate`'s lines and of our CSVs), so that the colourings of one graph are valued
/// together ([`Evaluator::evaluate_colourings`]); [`eval_group`] checks that they do.
fn runs<'l, 's>(lines: &'l [(usize, &'s str)]) -> impl Iterator<Item = &'l [(usize, &'s str)]> {
    let mut rest = lines;
    std::iter::from_fn(move || {
        let (first, _) = rest.split_first()?;
        let key = first_field(first.1);
        let len = rest
            .iter()
            .position(|l| first_field(l.1) != key)
            .unwrap_or(rest.len());
        let (run, after) = rest.split_at(len);
        rest = after;
        Some(run)
    })
}

/// The rows of a run of input lines: their CSV bytes, in order, how many, and the error
/// that stopped the run (the rows before it are in the bytes).
pub(super) struct GroupRows {
    pub(super) bytes: Vec<u8>,
    pub(super) rows: u64,
    pub(super) err: Option<Error>,
}

/// Appends to `out` the rows of a run of input lines (none for lines without a
/// position), or sets its error. Consecutive coloured positions of one graph are valued
/// together; a line whose graph6 is the previous line's reuses its graph.
fn eval_group(
    evaluator: &Evaluator,
    columns: Option<(usize, Option<usize>)>,
    group: &[(usize, &str)],
    out: &mut GroupRows,
) {
    let mut last = None;
    // The coloured lines of one graph met last, not yet valued.
    let mut run = Run {
        graph: crate::graphs::Graph::empty(0),
        lines: Vec::with_capacity(group.len()),
    };
    for &(i, line) in group {
        let parsed = match columns {
            Some(cols) => parse_csv_row(line, cols, evaluator).map(|p| p.map(Parsed::Position)),
            None => parse_line_cached(line, evaluator, &mut last),
        }
        .map_err(|e| at_line(i, e));
        let done = match parsed {
            Ok(None) => Ok(()),
            Ok(Some(Parsed::Coloured(c, same))) => if !same || run.lines.is_empty() {
                let graph = last.as_ref().expect("parsed").1;
                run.flush(evaluator, out).map(|_| run.graph = graph)
            } else {
                Ok(())
            }
            .map(|_| run.lines.push((i, c))),
            Ok(Some(Parsed::Position(AnyPosition::Small(pos)))) => match pos.colouring {
                Some(c) if !run.lines.is_empty() && run.graph == pos.graph => {
                    run.lines.push((i, c));
                    Ok(())
                }
                Some(c) => run.flush(evaluator, out).map(|_| {
                    run.graph = pos.graph;
                    run.lines.push((i, c));
                }),
                None => run
                    .flush(evaluator, out)
                    .and_then(|_| alone(out, evaluator, Some(i), &AnyPosition::Small(pos))),
            },
            Ok(Some(Parsed::Position(wide))) => run
                .flush(evaluator, out)
                .and_then(|_| alone(out, evaluator, Some(i), &wide)),
            Err(e) => run.flush(evaluator, out).and(Err(e)),
        };
        if let Err(e) = done {
            out.err = Some(e);
            return;
        }
    }
    if let Err(e) = run.flush(evaluator, out) {
        out.err = Some(e);
    }
}

/// Coloured lines of one graph, in order, with their line numbers.
struct Run {
    graph: crate::graphs::Graph,
    lines: Vec<(usize, Colouring)>,
}

impl Run {
    /// Values the lines and writes their rows (then holds none).
    fn flush(&mut self, evaluator: &Evaluator, out: &mut GroupRows) -> Result<()> {
        if self.lines.is_empty() {
            return Ok(());
        }
        let k = self
            .lines
            .iter()
            .flat_map(|(_, c)| c.colours().iter().copied().max())
            .max()
            .map_or(2, |m| (m as usize + 1).max(2));
        let codes: Vec<u64> = self
            .lines
            .iter()
            .map(|(_, c)| {
                c.colours()
                    .iter()
                    .rev()
                    .fold(0, |code, &x| code * k as u64 + x as u64)
            })
            .collect();
        let mut at = 0;
        let lines = std::mem::take(&mut self.lines);
        let done = evaluator.evaluate_colourings_csv(&self.graph, k, &codes, &mut |pos, e| {
            let i = lines[at].0;
            at += 1;
            match e {
                Ok(r) => write_row(out, evaluator, Some(i), pos, Ok((&r.1, &r.2))),
                Err(e) => write_row(out, evaluator, Some(i), pos, Err(e)),
            }
        });
        self.lines = lines;
        self.lines.clear();
        done
    }
}

/// The row of `pos` alone (`eval` of one position).
pub(super) fn one_row(evaluator: &Evaluator, pos: &AnyPosition) -> Result<Vec<u8>> {
    let mut rows = GroupRows {
        bytes: Vec::new(),
        rows: 0,
        err: None,
    };
    alone(&mut rows, evaluator, None, pos)?;
    Ok(rows.bytes)
}

/// Appends the row of `pos`, valued alone (read on line `i`, if from lines).
fn alone(
    out: &mut GroupRows,
    evaluator: &Evaluator,
    i: Option<usize>,
    pos: &AnyPosition,
) -> Result<()> {
    let cells = match pos {
        AnyPosition::Small(p) => evaluator.evaluate(p),
        AnyPosition::Wide(p) => evaluator.evaluate_wide(p),
    };
    match cells.map(|e| csv_cells(&e)) {
        Ok((csv, starts)) => write_row(out, evaluator, i, pos.cells(), Ok((&csv, &starts))),
        Err(e) => write_row(out, evaluator, i, pos.cells(), Err(e)),
    }
}

/// Appends the row of `pos` (read on line `i`, counted from 0, if from lines) with the
/// CSV text of its value cells and where their fields start ([`csv_cells`]), or returns
/// the error that computing them gave.
fn write_row(
    out: &mut GroupRows,
    evaluator: &Evaluator,
    i: Option<usize>,
    pos: &dyn GraphPosition,
    cells: std::result::Result<(&[u8], &Starts), Error>,
) -> Result<()> {
    let (csv, starts) = cells.map_err(|e| {
        let e = at_position(pos, e);
        match i {
            Some(i) => at_line(i, e),
            None => e,
        }
    })?;
    push_row(
        &mut out.bytes,
        evaluator.schema(),
        evaluator.selected(),
        &|c, buf| write_position_cell(c.name, pos, buf),
        csv,
        starts,
    );
    out.rows += 1;
    Ok(())
}

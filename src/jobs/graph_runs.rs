//! The rows of `eval`'s input lines, a run at a time: consecutive lines of one graph
//! ([`SameGraph`]) are parsed, valued together and written into one buffer
//! ([`eval_group`]), so that the colourings of a graph share its parsing, its
//! preparation and its labelling.

use crate::error::{Error, Result};
use crate::graphs::{Colouring, GraphPosition};
use crate::solving::columns::write_position_cell;
use crate::solving::{Evaluator, Starts, csv_cells, csv_field};
use crate::sys::input::{at_line, read_error};

use super::graph_lines::{AnyPosition, Parsed, at_position, parse_csv_row, parse_line_cached};

/// Numbered input lines.
pub(super) type Line = (usize, std::io::Result<String>);

/// Input lines in runs that probably share a graph (the same first field: the graph6
/// of `enumerate`'s lines and of our CSVs), at most [`MAX_GROUP`] lines a run, so that
/// the colourings of one graph are valued together
/// ([`Evaluator::evaluate_colourings`]). [`eval_group`] checks that they do.
pub(super) struct SameGraph<I: Iterator<Item = Line>> {
    lines: std::iter::Peekable<I>,
}

/// Lines in a run at most.
const MAX_GROUP: usize = 1024;

impl<I: Iterator<Item = Line>> SameGraph<I> {
    pub(super) fn new(lines: std::iter::Peekable<I>) -> Self {
        SameGraph { lines }
    }
}

/// The first field of a line (up to a space or comma).
fn first_field(line: &std::io::Result<String>) -> Option<&str> {
    let l = line.as_ref().ok()?.trim_start();
    Some(l.split([' ', '\t', ',']).next().unwrap_or(l))
}

impl<I: Iterator<Item = Line>> Iterator for SameGraph<I> {
    type Item = Vec<Line>;

    fn next(&mut self) -> Option<Vec<Line>> {
        let first = self.lines.next()?;
        let key = first_field(&first.1).map(str::to_string);
        let mut group = vec![first];
        while group.len() < MAX_GROUP
            && key.is_some()
            && let Some(next) = self.lines.peek()
            && first_field(&next.1) == key.as_deref()
        {
            group.push(self.lines.next().expect("peeked"));
        }
        Some(group)
    }
}

/// The rows of a run of input lines: their CSV bytes, in order, how many, and the error
/// that stopped the run (the rows before it are in the bytes).
pub(super) struct GroupRows {
    pub(super) bytes: Vec<u8>,
    pub(super) rows: u64,
    pub(super) err: Option<Error>,
}

/// The rows of a run of input lines (none for lines without a position). Consecutive
/// coloured positions of one graph are valued together; a line whose graph6 is the
/// previous line's reuses its graph.
pub(super) fn eval_group(
    evaluator: &Evaluator,
    columns: Option<(usize, Option<usize>)>,
    group: Vec<Line>,
) -> GroupRows {
    let mut out = GroupRows {
        bytes: Vec::with_capacity(64 * group.len()),
        rows: 0,
        err: None,
    };
    let mut last = None;
    // The coloured lines of one graph met last, not yet valued.
    let mut run = Run {
        graph: crate::graphs::Graph::empty(0),
        lines: Vec::with_capacity(group.len()),
    };
    for (i, line) in group {
        let parsed = line.map_err(|e| read_error(i, e)).and_then(|line| {
            match columns {
                Some(cols) => {
                    parse_csv_row(&line, cols, evaluator).map(|p| p.map(Parsed::Position))
                }
                None => parse_line_cached(&line, evaluator, &mut last),
            }
            .map_err(|e| at_line(i, e))
        });
        let done = match parsed {
            Ok(None) => Ok(()),
            Ok(Some(Parsed::Coloured(c, same))) => if !same || run.lines.is_empty() {
                let graph = last.as_ref().expect("parsed").1;
                run.flush(evaluator, &mut out).map(|_| run.graph = graph)
            } else {
                Ok(())
            }
            .map(|_| run.lines.push((i, c))),
            Ok(Some(Parsed::Position(AnyPosition::Small(pos)))) => match pos.colouring {
                Some(c) if !run.lines.is_empty() && run.graph == pos.graph => {
                    run.lines.push((i, c));
                    Ok(())
                }
                Some(c) => run.flush(evaluator, &mut out).map(|_| {
                    run.graph = pos.graph;
                    run.lines.push((i, c));
                }),
                None => run
                    .flush(evaluator, &mut out)
                    .and_then(|_| alone(&mut out, evaluator, Some(i), &AnyPosition::Small(pos))),
            },
            Ok(Some(Parsed::Position(wide))) => run
                .flush(evaluator, &mut out)
                .and_then(|_| alone(&mut out, evaluator, Some(i), &wide)),
            Err(e) => run.flush(evaluator, &mut out).and(Err(e)),
        };
        if let Err(e) = done {
            out.err = Some(e);
            return out;
        }
    }
    if let Err(e) = run.flush(evaluator, &mut out) {
        out.err = Some(e);
    }
    out
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
    let schema = evaluator.schema();
    let buf = &mut out.bytes;
    match evaluator.selected() {
        None => {
            for (j, c) in schema.columns[..schema.position_columns].iter().enumerate() {
                if j > 0 {
                    buf.push(b',');
                }
                write_position_cell(c.name, pos, buf);
            }
            buf.extend_from_slice(csv);
        }
        Some(selected) => {
            for (j, &c) in selected.iter().enumerate() {
                if j > 0 {
                    buf.push(b',');
                }
                match c.checked_sub(schema.position_columns) {
                    None => write_position_cell(schema.columns[c].name, pos, buf),
                    Some(v) => buf.extend_from_slice(csv_field(csv, starts, v)),
                }
            }
        }
    }
    buf.push(b'\n');
    out.rows += 1;
    Ok(())
}

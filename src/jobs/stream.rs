//! The streaming commands: `enumerate` (positions as graph6 lines, or their count) and
//! `eval` (one position, or `GRAPH6 [COLOURING]` lines from a reader, e.g. the output of
//! `enumerate` or nauty's `geng`), both parallel and order-preserving.

use std::io::{BufRead, Write};

use crate::error::{Error, Result};
use crate::graphs::{
    Colouring, Position, PositionSource, PositionSpec, Shard, parse_graph6, write_graph6,
};
use crate::solving::driver::ordered_map;
use crate::solving::{Evaluator, Starts, csv_cells, csv_field};
use crate::sys::input::{at_line, bounded_lines, read_error};

pub(super) fn write_err(e: std::io::Error) -> Error {
    Error::io("writing output", e)
}

/// Writes every position of `spec` (in `shard`) as a line `GRAPH6[ COLOURING]`.
pub fn enumerate(spec: PositionSpec, shard: Shard, out: &mut dyn Write) -> Result<()> {
    let source = PositionSource::new(spec)?;
    let pb = super::progress::counter("positions");
    let result = ordered_map(
        source.units(shard),
        64,
        |unit| {
            let mut buf = Vec::new();
            source.expand(unit, &mut |pos: &Position| {
                write_graph6(&pos.graph, &mut buf);
                if let Some(c) = &pos.colouring {
                    buf.push(b' ');
                    c.write(&mut buf);
                }
                buf.push(b'\n');
            });
            buf
        },
        |bufs| {
            for b in bufs {
                out.write_all(&b).map_err(write_err)?;
                pb.inc(memchr::memchr_iter(b'\n', &b).count() as u64);
            }
            Ok(())
        },
        || false,
    );
    super::progress::end_counter(&pb, "positions", result.is_ok());
    result?;
    out.flush().map_err(write_err)
}

/// Counts the positions of `spec` (in `shard`) without writing them.
pub fn count(spec: PositionSpec, shard: Shard) -> Result<u64> {
    use rayon::prelude::*;
    let source = PositionSource::new(spec)?;
    Ok(source
        .units(shard)
        .par_iter()
        .map(|&u| source.count(u))
        .sum())
}

/// Parses a position from a graph6 string and an optional colouring string (in the
/// ruleset's palette), as the ruleset takes it ([`crate::rules::Ruleset::prepare`]).
pub fn parse_position(
    graph6: &str,
    colouring: Option<&str>,
    evaluator: &Evaluator,
) -> Result<Position> {
    let graph = parse_graph6(graph6)?;
    let ruleset = evaluator.ruleset();
    let colouring = match colouring {
        Some(c) if ruleset.palette().is_empty() => {
            return Err(Error::usage(format!(
                "rules {} are played on uncoloured graphs; drop the colouring {}",
                ruleset.name(),
                crate::error::quoted(c)
            )));
        }
        Some(c) => Some(Colouring::parse(c, graph.n(), &ruleset.palette())?),
        None => None,
    };
    ruleset.prepare(Position { graph, colouring })
}

/// Parses one input line `GRAPH6 [COLOURING]`; `None` for blank lines and the
/// `>>graph6<<` header.
fn parse_line(line: &str, evaluator: &Evaluator) -> Result<Option<Position>> {
    let line = line.trim();
    let line = line.strip_prefix(">>graph6<<").unwrap_or(line);
    if line.is_empty() {
        return Ok(None);
    }
    let mut parts = line.split_whitespace();
    let g6 = parts.next().unwrap_or_default();
    let col = parts.next();
    if let Some(extra) = parts.next() {
        return Err(Error::usage(format!(
            "unexpected {}: a line is GRAPH6 [COLOURING]",
            crate::error::quoted(extra)
        )));
    }
    parse_position(g6, col, evaluator).map(Some)
}

/// [`parse_line`], with the graph of the last coloured line parsed kept in `last` (by
/// its graph6): the colourings of one graph come one after another.
fn parse_line_cached(
    line: &str,
    evaluator: &Evaluator,
    last: &mut Option<(String, crate::graphs::Graph)>,
) -> Result<Option<Parsed>> {
    let ruleset = evaluator.ruleset();
    let trimmed = line.trim();
    let mut parts = trimmed
        .strip_prefix(">>graph6<<")
        .unwrap_or(trimmed)
        .split_whitespace();
    let (Some(g6), Some(col), None) = (parts.next(), parts.next(), parts.next()) else {
        return Ok(parse_line(line, evaluator)?.map(|p| Parsed::Position(Box::new(p))));
    };
    if ruleset.palette().is_empty() {
        return Ok(parse_line(line, evaluator)?.map(|p| Parsed::Position(Box::new(p))));
    }
    if let Some((s, g)) = last
        && s == g6
    {
        // The line before passed `prepare` with this graph and a colouring: its answer
        // for a coloured position depends on nothing else.
        let colouring = parse_colouring(col, g.n(), &ruleset.palette())?;
        return Ok(Some(Parsed::Coloured(colouring, true)));
    }
    let graph = parse_graph6(g6)?;
    let colouring = Colouring::parse(col, graph.n(), &ruleset.palette())?;
    let pos = ruleset.prepare(Position {
        graph,
        colouring: Some(colouring),
    })?;
    let Some(colouring) = pos.colouring else {
        return Ok(Some(Parsed::Position(Box::new(pos))));
    };
    match last {
        Some((s, h)) => {
            s.clear();
            s.push_str(g6);
            *h = pos.graph;
        }
        None => *last = Some((g6.to_string(), pos.graph)),
    }
    Ok(Some(Parsed::Coloured(colouring, false)))
}

/// [`Colouring::parse`] of a field without spaces: one palette letter per vertex read
/// byte by byte, anything else (and every error) by [`Colouring::parse`].
fn parse_colouring(
    s: &str,
    n: usize,
    palette: &crate::graphs::palette::Palette,
) -> Result<Colouring> {
    if s.len() == n && s.is_ascii() {
        let mut c = Colouring::uniform(n);
        let mut ok = true;
        for (v, b) in s.bytes().enumerate() {
            match palette.label(b) {
                Some(x) => c.set(v, x),
                None => ok = false,
            }
        }
        if ok {
            return Ok(c);
        }
    }
    Colouring::parse(s, n, palette)
}

/// If `line` is the header of one of our CSVs (it has a `graph6` column): the indices of
/// its `graph6` and `colouring` columns; a header that names a column twice is an error.
fn csv_columns(line: &str) -> Result<Option<(usize, Option<usize>)>> {
    let Some(rec) = csv_record(line) else {
        return Ok(None);
    };
    let Some(g6) = rec.iter().position(|f| f == "graph6") else {
        return Ok(None);
    };
    let names: Vec<&str> = rec.iter().collect();
    if let Some(why) = crate::solving::columns::repeated_column(&names) {
        return Err(at_line(0, Error::usage(why)));
    }
    Ok(Some((g6, rec.iter().position(|f| f == "colouring"))))
}

fn csv_record(line: &str) -> Option<csv::StringRecord> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(line.as_bytes())
        .records()
        .next()?
        .ok()
}

/// A row of one of our CSVs, by its graph6 and colouring columns.
fn parse_csv_row(
    line: &str,
    (g6, col): (usize, Option<usize>),
    evaluator: &Evaluator,
) -> Result<Option<Position>> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let rec = csv_record(line).ok_or_else(|| Error::usage("not a CSV row"))?;
    let graph6 = rec
        .get(g6)
        .ok_or_else(|| Error::usage("the row has no graph6 field"))?;
    let colouring = col.and_then(|c| rec.get(c)).filter(|c| !c.is_empty());
    parse_position(graph6, colouring, evaluator).map(Some)
}

/// Draws every position read from `input` (lines `GRAPH6 [COLOURING]`, or one of our
/// CSVs) as `dir/N.svg`, N the line number (the CSV header is line 1), with the graph6
/// and colouring as caption. Returns how many were drawn.
pub fn draw_lines(input: &mut dyn BufRead, dir: &std::path::Path) -> Result<usize> {
    use crate::graphs::palette::STANDARD;
    std::fs::create_dir_all(dir)
        .map_err(|e| Error::io(format!("creating {}", dir.display()), e))?;
    let mut columns = None;
    let mut drawn = 0;
    for (i, line) in bounded_lines(input).enumerate() {
        let line = line.map_err(|e| read_error(i, e))?;
        let at = |e: Error| at_line(i, e);
        if i == 0
            && let Some(c) = csv_columns(&line)?
        {
            columns = Some(c);
            continue;
        }
        let (g6, col) = match columns {
            Some((g, c)) => {
                let rec = csv_record(&line).ok_or_else(|| at(Error::usage("not a CSV row")))?;
                (
                    rec.get(g).unwrap_or_default().to_string(),
                    c.and_then(|c| rec.get(c))
                        .filter(|c| !c.is_empty())
                        .map(str::to_string),
                )
            }
            None => {
                let mut parts = line.split_whitespace();
                match parts.next() {
                    Some(g) if g != ">>graph6<<" => {
                        (g.to_string(), parts.next().map(str::to_string))
                    }
                    _ => continue,
                }
            }
        };
        let graph = parse_graph6(&g6).map_err(at)?;
        let colouring = col
            .as_deref()
            .map(|c| Colouring::parse(c, graph.n(), &STANDARD))
            .transpose()
            .map_err(at)?;
        let caption = format!("{g6} {}", col.unwrap_or_default());
        let path = dir.join(format!("{}.svg", i + 1));
        std::fs::write(
            &path,
            crate::graphs::draw::svg(&graph, colouring.as_ref(), Some(caption.trim())),
        )
        .map_err(|e| Error::io(format!("writing {}", path.display()), e))?;
        drawn += 1;
    }
    Ok(drawn)
}

/// Evaluates one position and writes the header and its row.
pub fn eval_one(evaluator: &Evaluator, pos: &Position, out: &mut dyn Write) -> Result<()> {
    let mut rows = GroupRows {
        bytes: Vec::new(),
        rows: 0,
        err: None,
    };
    match evaluator.evaluate(pos).and_then(|e| csv_cells(&e)) {
        Ok((csv, starts)) => write_row(&mut rows, evaluator, 0, pos, Ok((&csv, &starts))),
        Err(e) => Err(at_position(pos, e)),
    }?;
    writeln!(out, "{}", header(evaluator))
        .and_then(|_| out.write_all(&rows.bytes))
        .and_then(|_| out.flush())
        .map_err(write_err)
}

/// The header line of the rows `evaluator` writes (without the newline).
fn header(evaluator: &Evaluator) -> String {
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

/// Reads `GRAPH6 [COLOURING]` lines, evaluates them in parallel and writes the header
/// and one row per position, in input order. A bad line stops the run with an error
/// naming its line number (rows before it have been written). `governor` holds the
/// tables to the memory budget between batches.
pub fn eval_lines(
    evaluator: &Evaluator,
    governor: &super::memory::Governor,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    writeln!(out, "{}", header(evaluator)).map_err(write_err)?;
    let mut lines = bounded_lines(input).enumerate().peekable();
    // Our own CSVs are read by their graph6 and colouring columns.
    let columns = match lines.peek() {
        Some((_, Ok(first))) => csv_columns(first)?,
        _ => None,
    };
    if columns.is_some() {
        lines.next();
    }
    let pb = super::progress::counter("positions");
    let result = ordered_map(
        SameGraph::new(lines),
        256,
        |group| eval_group(evaluator, columns, group),
        |groups| {
            governor.check(evaluator)?;
            for rows in groups {
                out.write_all(&rows.bytes).map_err(write_err)?;
                pb.inc(rows.rows);
                if let Some(e) = rows.err {
                    return Err(e);
                }
            }
            out.flush().map_err(write_err)
        },
        || false,
    );
    super::progress::end_counter(&pb, "positions", result.is_ok());
    result?;
    out.flush().map_err(write_err)
}

/// Numbered input lines.
type Line = (usize, std::io::Result<String>);

/// Input lines in runs that probably share a graph (the same first field: the graph6
/// of `enumerate`'s lines and of our CSVs), at most [`MAX_GROUP`] lines a run, so that
/// the colourings of one graph are valued together
/// ([`Evaluator::evaluate_colourings`]). [`eval_group`] checks that they do.
struct SameGraph<I: Iterator<Item = Line>> {
    lines: std::iter::Peekable<I>,
}

/// Lines in a run at most.
const MAX_GROUP: usize = 1024;

impl<I: Iterator<Item = Line>> SameGraph<I> {
    fn new(lines: std::iter::Peekable<I>) -> Self {
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
struct GroupRows {
    bytes: Vec<u8>,
    rows: u64,
    err: Option<Error>,
}

/// The rows of a run of input lines (none for lines without a position). Consecutive
/// coloured positions of one graph are valued together; a line whose graph6 is the
/// previous line's reuses its graph.
fn eval_group(
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
                Some(cols) => parse_csv_row(&line, cols, evaluator)
                    .map(|p| p.map(|p| Parsed::Position(Box::new(p)))),
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
            Ok(Some(Parsed::Position(pos))) => match pos.colouring {
                Some(c) if !run.lines.is_empty() && run.graph == pos.graph => {
                    run.lines.push((i, c));
                    Ok(())
                }
                Some(c) => run.flush(evaluator, &mut out).map(|_| {
                    run.graph = pos.graph;
                    run.lines.push((i, c));
                }),
                None => run.flush(evaluator, &mut out).and_then(|_| {
                    match evaluator.evaluate(&pos).and_then(|e| csv_cells(&e)) {
                        Ok((csv, starts)) => {
                            write_row(&mut out, evaluator, i, &pos, Ok((&csv, &starts)))
                        }
                        Err(e) => write_row(&mut out, evaluator, i, &pos, Err(e)),
                    }
                }),
            },
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

/// A line as parsed: a coloured position whose graph is the last one parsed (and
/// whether the line before had it too), or any position.
enum Parsed {
    Coloured(Colouring, bool),
    Position(Box<Position>),
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
                Ok(r) => write_row(out, evaluator, i, pos, Ok((&r.1, &r.2))),
                Err(e) => write_row(out, evaluator, i, pos, Err(e)),
            }
        });
        self.lines = lines;
        self.lines.clear();
        done
    }
}

/// Appends the row of `pos` (line `i`, counted from 0) with the CSV text of its value
/// cells and where their fields start ([`csv_cells`]), or returns the error that
/// computing them gave.
fn write_row(
    out: &mut GroupRows,
    evaluator: &Evaluator,
    i: usize,
    pos: &Position,
    cells: std::result::Result<(&[u8], &Starts), Error>,
) -> Result<()> {
    let (csv, starts) = cells.map_err(|e| at_line(i, at_position(pos, e)))?;
    let schema = evaluator.schema();
    let buf = &mut out.bytes;
    match evaluator.selected() {
        None => {
            for (j, c) in schema.columns[..schema.position_columns].iter().enumerate() {
                if j > 0 {
                    buf.push(b',');
                }
                write_position(buf, c.name, pos);
            }
            buf.extend_from_slice(csv);
        }
        Some(selected) => {
            for (j, &c) in selected.iter().enumerate() {
                if j > 0 {
                    buf.push(b',');
                }
                match c.checked_sub(schema.position_columns) {
                    None => write_position(buf, schema.columns[c].name, pos),
                    Some(v) => buf.extend_from_slice(csv_field(csv, starts, v)),
                }
            }
        }
    }
    buf.push(b'\n');
    out.rows += 1;
    Ok(())
}

/// Position column `name` of `pos` (none of them ever needs quoting: graph6, palette
/// letters, integers).
fn write_position(buf: &mut Vec<u8>, name: &str, pos: &Position) {
    match name {
        "graph6" => write_graph6(&pos.graph, buf),
        "colouring" => {
            if let Some(c) = &pos.colouring {
                c.write(buf);
            }
        }
        "n" => write_int(buf, pos.graph.n()),
        "m" => write_int(buf, pos.graph.m()),
        other => unreachable!("position column {other}"),
    }
}

fn write_int(buf: &mut Vec<u8>, x: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut x = x;
    loop {
        i -= 1;
        digits[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

/// An evaluation error, with the position it happened at.
pub fn at_position(pos: &Position, e: Error) -> Error {
    match e {
        Error::Limit(m) => {
            let mut g6 = Vec::new();
            write_graph6(&pos.graph, &mut g6);
            let col = pos.colouring.map(|c| format!(" {c}")).unwrap_or_default();
            Error::Limit(format!(
                "position {}{col}: {m}",
                String::from_utf8_lossy(&g6)
            ))
        }
        other => other,
    }
}

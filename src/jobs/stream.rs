//! The streaming commands: `enumerate` (positions as graph6 lines, or their count) and
//! `eval` (one position, or `GRAPH6 [COLOURING]` lines from a reader, e.g. the output of
//! `enumerate` or nauty's `geng`), both parallel and order-preserving.

use std::io::{BufRead, Write};

use crate::error::{Error, Result};
use crate::graphs::{
    Colouring, Position, PositionSource, PositionSpec, Shard, parse_graph6, write_graph6,
};
use crate::solving::Evaluator;
use crate::solving::driver::ordered_map;
use crate::sys::input::{at_line, bounded_lines, read_error};

use super::graph_runs::{Parsed, SameGraph, eval_group, one_row};

pub(super) fn write_err(e: std::io::Error) -> Error {
    Error::io("writing output", e)
}

/// Appends the decimal digits of `x` (row cells such as a size or a vertex count).
pub(super) fn write_int(buf: &mut Vec<u8>, x: usize) {
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
pub(super) fn parse_line_cached(
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
pub(super) fn parse_csv_row(
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
    let row = one_row(evaluator, pos)?;
    writeln!(out, "{}", header(evaluator))
        .and_then(|_| out.write_all(&row))
        .and_then(|_| out.flush())
        .map_err(write_err)
}

/// The header line of the rows `evaluator` writes (without the newline).
pub(super) fn header(evaluator: &Evaluator) -> String {
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

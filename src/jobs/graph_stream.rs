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

use super::graph_lines::{AnyPosition, csv_columns, csv_record};
use super::graph_runs::{GraphLines, one_row};

use super::eval_stream::{header, write_err};

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
pub fn eval_one(evaluator: &Evaluator, pos: &AnyPosition, out: &mut dyn Write) -> Result<()> {
    let row = one_row(evaluator, pos)?;
    writeln!(out, "{}", header(evaluator))
        .and_then(|_| out.write_all(&row))
        .and_then(|_| out.flush())
        .map_err(write_err)
}

/// Reads `GRAPH6 [COLOURING]` lines (or one of our CSVs), evaluates them in parallel
/// and writes the header and one row per position, in input order, through the one eval
/// stream ([`super::eval_stream`]). A bad line stops the run with an error naming its
/// line number (rows before it have been written). `governor` holds the tables to the
/// memory budget between batches.
pub fn eval_lines(
    evaluator: &Evaluator,
    governor: &super::memory::Governor,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let mut kind = GraphLines::new(evaluator);
    super::eval_stream::eval_lines(evaluator, governor, input, out, &mut kind)
}

//! Census and `eval` for games on shapes (boards, edge-labelled graphs, posets): the
//! positions come from the ruleset's own enumeration ([`ShapedRules::enumerate`]), size
//! by size, in its fixed order, cut into units of [`UNIT`] positions; shard `I/M` takes
//! units `I mod M`. Rows go through the same resumable, locked [`Output`] as every
//! census, with the same sidecar, so `--resume`, `--force`, shards and `merge` work as
//! they do for graph censuses.

use std::io::{BufRead, Write};
use std::time::Instant;

use smallvec::SmallVec;

use super::context::RunContext;
use super::output::{Existing, Output, inspect};
use super::progress;
use super::provenance::Units;
use super::spec::CensusJob;
use super::summary::{Summary, Tally};
use super::tally::misere::MisereTally;
use super::tally::numbers::NumberTally;
use super::tally::shapes::ShapeTally;
use crate::error::{Error, Result, quoted};
use crate::graphs::Shard;
use crate::rules::shaped::Listing;
use crate::rules::{Ruleset, ShapedRules};
use crate::shapes::Shape;
use crate::shapes::bits::Bits;
use crate::solving::driver::ordered_map;
use crate::solving::shaped::BoardHint;
use crate::solving::{Evaluator, Schema};
use crate::sys::input::{at_line, line_blocks, read_error};

/// Positions per unit of work.
pub const UNIT: usize = 64;

/// What determines the rows (for the sidecar's identity).
pub fn identity(job: &CensusJob, shard: Shard, schema: &Schema) -> String {
    // Multiplicity 1 is left out, so the sidecars of simple-graph censuses stay as they were.
    let mut multi = match job.multiplicity {
        0 | 1 => String::new(),
        k => format!(", multiplicity {k}"),
    };
    if let Some(v) = job.shape_vertices {
        multi += &format!(", at most {v} vertices");
    }
    if let Some(c) = &job.edge_colours {
        multi += &format!(", edge colours {c}");
    }
    format!(
        "census of rules {} with size {}..={}{multi}, shard {}/{}, columns {}",
        job.rules,
        job.min_vertices,
        job.max_vertices,
        shard.index,
        shard.count,
        schema.header()
    )
}

/// Every position of the census (of this shard), unit by unit.
fn units(
    rules: &'static dyn ShapedRules,
    job: &CensusJob,
    shard: Shard,
) -> Result<Vec<Vec<Shape>>> {
    if job.max_vertices > rules.max_census_size() {
        return Err(Error::Limit(format!(
            "rules {}: a census goes up to size {} ({}); this job asks for {}",
            rules.name(),
            rules.max_census_size(),
            rules.size_unit(),
            job.max_vertices
        )));
    }
    // Positions go into units of UNIT as they are listed, and only this shard's units
    // are kept: a shard of a census of millions holds its own part only.
    let mut all = Vec::new();
    let mut global = 0usize;
    for size in job.min_vertices..=job.max_vertices {
        let mut current = Vec::new();
        let mut flush = |current: &mut Vec<Shape>, all: &mut Vec<Vec<Shape>>| {
            if global % shard.count == shard.index {
                all.push(std::mem::take(current));
            } else {
                current.clear();
            }
            global += 1;
        };
        rules.enumerate_listed(
            size,
            &Listing {
                multiplicity: job.multiplicity,
                max_vertices: job.shape_vertices,
                edge_colours: job.edge_colours.as_deref(),
            },
            &mut |s| {
                current.push(s);
                if current.len() == UNIT {
                    flush(&mut current, &mut all);
                }
                !super::context::stop_requested()
            },
        )?;
        if !current.is_empty() {
            flush(&mut current, &mut all);
        }
    }
    Ok(all)
}

/// One position's row as CSV bytes.
fn row(evaluator: &Evaluator, rules: &dyn ShapedRules, s: &Shape) -> Result<Vec<u8>> {
    tallied_row(evaluator, rules, s, None)
}

/// The tallies a census of a game on shapes keeps per unit of work.
#[derive(Clone)]
struct Tallies {
    numbers: Option<NumberTally>,
    finds: Option<ShapeTally>,
    misere: Option<MisereTally>,
}

/// One position's row as CSV bytes, counted in `tally` if given.
fn tallied_row(
    evaluator: &Evaluator,
    rules: &dyn ShapedRules,
    s: &Shape,
    tally: Option<&mut Tallies>,
) -> Result<Vec<u8>> {
    let text = rules.write(s);
    let cells = evaluator.evaluate_shape_csv(s).map_err(|e| match e {
        Error::Limit(m) => Error::Limit(format!("position {}: {m}", quoted(&text))),
        other => other,
    })?;
    let (eval, csv) = (&cells.0, &cells.1);
    if let Some(t) = tally {
        if let Some(n) = t.numbers.as_mut() {
            n.add(&text, rules.size(s), eval);
        }
        if let Some(f) = t.finds.as_mut() {
            f.add(&text, rules.size(s), eval);
        }
        if let Some(m) = t.misere.as_mut() {
            m.add_row(rules.size(s), eval, || text.clone());
        }
    }
    let mut row = Vec::with_capacity(text.len() + csv.len() + 8);
    // An edge list holds commas: quoted as the csv crate quotes it.
    push_row(
        &mut row,
        evaluator.selected(),
        &|row: &mut Vec<u8>| crate::solving::push_csv_field(row, text.as_bytes()),
        rules.size(s),
        csv,
        &cells.2,
    );
    Ok(row)
}

/// Appends a row as the `csv` crate writes it: the position (written by `position`,
/// quoted if need be), its `size` and the value cells (`csv`, a comma before each,
/// fields at `starts`); with `--columns` (`selected`), only those columns, in their
/// order.
fn push_row(
    row: &mut Vec<u8>,
    selected: Option<&[usize]>,
    position: &dyn Fn(&mut Vec<u8>),
    size: usize,
    csv: &[u8],
    starts: &crate::solving::Starts,
) {
    let all = [0, 1];
    let columns = selected.unwrap_or(&all);
    for (j, &c) in columns.iter().enumerate() {
        if j > 0 {
            row.push(b',');
        }
        match c {
            0 => position(row),
            1 => crate::solving::columns::write_decimal(row, size),
            v => row.extend_from_slice(crate::solving::csv_field(csv, starts, v - 2)),
        }
    }
    if selected.is_none() {
        row.extend_from_slice(csv);
    }
    row.push(b'\n');
}

/// Appends to `row` the row of board `b` of a domino game (a line in grid notation
/// read straight into bits, [`Bits::parse_grid`]), valued on the bitboard path
/// ([`Evaluator::board_csv`]); `None`, with nothing appended, for a line that is not
/// such a board or rules that do not take it (the general path reads it). The rules that declare dominoes
/// ([`ShapedRules::dominoes`]) read a board as [`crate::shapes::board`] does and write
/// it as [`Bits::grid_text`] does, its size its number of cells: the same row either way.
/// `text` is what `b` was read from, `hint` what [`Evaluator::prefetch_board`] gave
/// for it.
fn board_row(
    evaluator: &Evaluator,
    b: Option<(Bits, BoardHint)>,
    text: &str,
    row: &mut Vec<u8>,
) -> Option<Result<()>> {
    let (b, hint) = b?;
    // The board as it is written: the line itself when it was written so already (its
    // box the board's: no row or column of `#` only round it), which is most lines.
    let write = |row: &mut Vec<u8>| {
        if text.len() + 1 == b.h as usize * (b.w as usize + 1) {
            debug_assert_eq!(text, b.grid_text());
            row.extend_from_slice(text.as_bytes());
        } else {
            b.write_grid(row);
        }
    };
    // A board's text never needs quotes.
    let selected = evaluator.selected();
    let done = evaluator.board_csv(b, hint, |csv, starts| {
        push_row(row, selected, &write, b.count() as usize, csv, starts)
    });
    Some(match done? {
        Ok(()) => Ok(()),
        Err(Error::Limit(m)) => Err(Error::Limit(format!(
            "position {}: {m}",
            quoted(&b.grid_text())
        ))),
        Err(e) => Err(e),
    })
}

/// Runs a census of a game on shapes into its CSV output and returns the summary.
pub fn run(rules: &'static dyn ShapedRules, job: &CensusJob, ctx: &RunContext) -> Result<Summary> {
    let start = Instant::now();
    let ruleset = Ruleset::Shaped(rules);
    let evaluator = Evaluator::new(ruleset)
        .table_capacity(job.table_cap)
        .misere(job.misere)?;
    let governor = super::memory::Governor::new(ctx.memory, ruleset, job.table_cap);
    governor.check(&evaluator)?;
    let schema = evaluator.schema().clone();
    let units = units(rules, job, ctx.shard)?;
    let mut sidecar = ctx.sidecar(identity(job, ctx.shard, &schema), &schema.names());
    if ctx.shard.count > 1 {
        sidecar.units = Some(Units::Rows(Vec::new()));
    }
    let existing = inspect(&ctx.out, &sidecar, ctx.resume, ctx.force)?;
    let empty = Schema {
        columns: Vec::new(),
        position_columns: 0,
    };
    let mut summary = super::runner::summary(&ctx.out, "positions", Tally::for_schema(&empty));
    let (mut output, first_unit, skip) = match existing {
        Existing::Complete { rows } => {
            summary.rows = rows;
            summary.already_complete = true;
            return Ok(summary);
        }
        Existing::Fresh => (Output::create(&ctx.out, sidecar)?, 0, 0),
        Existing::Partial { rows, ref last, .. } => {
            let (unit, skip, before) = locate(
                rules,
                &units,
                rows,
                last.as_deref().unwrap_or(&[]),
                &ctx.out,
            )?;
            if let Some(Units::Rows(list)) = sidecar.units.as_mut() {
                *list = before;
            }
            (Output::resume(&ctx.out, sidecar, existing)?, unit, skip)
        }
    };
    // The numbers tally (rules that ask for it): a fresh one per unit, merged in order.
    let numbers = schema
        .index("value")
        .filter(|_| rules.number_summary())
        .map(|i| NumberTally::new(i - schema.position_columns, rules.size_unit()));
    summary.tally.numbers = numbers.clone();
    // What the census finds by size: every ruleset on shapes.
    let at = |name| schema.index(name).map(|i| i - schema.position_columns);
    let finds = at("outcome")
        .zip(at("value"))
        .map(|(o, v)| ShapeTally::new(o, v, at("temperature"), rules.size_unit()));
    summary.tally.shapes = finds.clone();
    // The misère tally (`misere = true`), likewise.
    let misere = Tally::for_schema(&schema)
        .misere
        .map(|m| m.with_unit(rules.size_unit()));
    summary.tally.misere = misere.clone();
    let tallies = Tallies {
        numbers,
        finds,
        misere,
    };
    summary.resumed = output.rows();
    let pb = progress::bar(ctx.quiet, "positions");
    pb.set_length(units.iter().map(|u| u.len() as u64).sum());
    pb.set_position(output.rows());
    let work: Vec<(usize, usize)> = (first_unit..units.len())
        .map(|i| (i, if i == first_unit { skip } else { 0 }))
        .collect();
    let result = ordered_map(
        work,
        4 * rayon::current_num_threads(),
        |(i, skip)| -> Result<(Vec<u8>, u64, u64, Tallies)> {
            let mut bytes = Vec::new();
            let mut tally = tallies.clone();
            for s in &units[i][skip..] {
                bytes.extend(tallied_row(&evaluator, rules, s, Some(&mut tally))?);
            }
            let n = (units[i].len() - skip) as u64;
            Ok((bytes, n, skip as u64, tally))
        },
        |batch| {
            governor.check(&evaluator)?;
            for unit in batch {
                let (bytes, rows, skipped, tally) = unit?;
                output.write_unit(&bytes, rows, skipped + rows)?;
                if let (Some(all), Some(t)) = (summary.tally.numbers.as_mut(), tally.numbers) {
                    all.merge(t);
                }
                if let (Some(all), Some(t)) = (summary.tally.shapes.as_mut(), tally.finds) {
                    all.merge(t);
                }
                if let (Some(all), Some(m)) = (summary.tally.misere.as_mut(), tally.misere) {
                    all.merge(m);
                }
            }
            pb.set_position(output.rows());
            Ok(())
        },
        super::context::stop_requested,
    );
    pb.finish_and_clear();
    summary.rows = output.rows();
    summary.seconds = start.elapsed().as_secs_f64();
    summary.memory = Some((ctx.memory, super::memory::peak_rss()));
    summary.tables = Some((
        evaluator.table_stats(),
        0,
        match rules.kind() {
            crate::rules::shaped::Kind::Partizan => crate::values::game::usage(),
            crate::rules::shaped::Kind::Impartial => Default::default(),
        },
    ));
    let output = super::runner::settle(output, result, &ctx.out)?;
    output.finish(&summary.text())?;
    Ok(summary)
}

/// Where to continue after `rows` rows (see `census::Census::locate`): the first unit,
/// positions of it to skip, and the rows of the units before it; the last row written
/// must be the position this census writes there.
fn locate(
    rules: &dyn ShapedRules,
    units: &[Vec<Shape>],
    rows: u64,
    last: &[String],
    path: &std::path::Path,
) -> Result<(usize, usize, Vec<u64>)> {
    let counts: Vec<u64> = units.iter().map(|u| u.len() as u64).collect();
    let seen = last.first().cloned().unwrap_or_default();
    super::runner::resume_point(&counts, rows, &seen, path, |i, want| {
        Some(rules.write(&units[i][want]))
    })
}

/// Evaluates one position given in the ruleset's notation and writes header and row.
pub fn eval_one(evaluator: &Evaluator, text: &str, out: &mut dyn Write) -> Result<()> {
    let rules = Ruleset::shaped(evaluator.ruleset().name()).expect("a shaped ruleset");
    let s = rules.parse(text)?;
    let r = row(evaluator, rules, &s)?;
    writeln!(out, "{}", super::stream::header(evaluator))
        .and_then(|_| out.write_all(&r))
        .and_then(|_| out.flush())
        .map_err(super::stream::write_err)
}

/// Reads one position per line in the ruleset's notation (blank lines skipped; a CSV of
/// ours is read by its `position` column), evaluates them in parallel and writes the
/// header and one row each, in input order; a bad line stops with its line number.
pub fn eval_lines(
    evaluator: &Evaluator,
    governor: &super::memory::Governor,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let rules = Ruleset::shaped(evaluator.ruleset().name()).expect("a shaped ruleset");
    let write_err = super::stream::write_err;
    writeln!(out, "{}", super::stream::header(evaluator)).map_err(write_err)?;
    // Lines go to the threads in blocks of BLOCK, read into one buffer a block; each
    // block's rows go into one buffer: a block's rows up to its first error, then that
    // error.
    const BLOCK: usize = 64;
    let mut blocks = line_blocks(input, BLOCK).peekable();
    // Our own CSVs are read by their position column.
    let mut column = None;
    if let Some(first) = blocks.peek_mut()
        && let Some(i) = first
            .peek()
            .and_then(|line| line.split(',').position(|f| f == "position"))
    {
        column = Some(i);
        first.skip_one();
    }
    // One line's row appended to `rows`; `board` is the line read as a board, if it
    // was read so already.
    let line_row = |i: usize,
                    line: &str,
                    board: Option<(Bits, BoardHint)>,
                    rows: &mut Vec<u8>|
     -> Result<()> {
        let text = match column {
            Some(c) => {
                let mut r = csv::ReaderBuilder::new()
                    .has_headers(false)
                    .from_reader(line.as_bytes());
                let rec = r
                    .records()
                    .next()
                    .transpose()
                    .map_err(|e| at_line(i, Error::usage(format!("not a CSV row: {e}"))))?;
                rec.and_then(|r| r.get(c).map(str::to_string))
                    .unwrap_or_default()
            }
            None => String::new(),
        };
        // A plain line is read where it lies.
        let text = match column {
            Some(_) => text.as_str(),
            None => line.trim(),
        };
        if text.is_empty() {
            return Ok(());
        }
        let board = board.or_else(|| Bits::parse_grid(text).map(|b| (b, BoardHint::default())));
        if let Some(done) = board_row(evaluator, board, text, rows) {
            return done.map_err(|e| at_line(i, e));
        }
        let s = rules.parse(text).map_err(|e| at_line(i, e))?;
        rows.extend(row(evaluator, rules, &s).map_err(|e| at_line(i, e))?);
        Ok(())
    };
    let result = ordered_map(
        &mut blocks,
        1024 / BLOCK,
        |block| -> (Vec<u8>, Result<()>) {
            // Plain board lines are read first, and the memory asked for where their
            // values are held, so that the lookups of the block overlap.
            let lines: SmallVec<[(usize, &str); BLOCK]> = block.lines().collect();
            let boards: SmallVec<[Option<(Bits, BoardHint)>; BLOCK]> = lines
                .iter()
                .map(|(_, line)| match column {
                    None => Bits::parse_grid(line.trim()).map(|b| (b, evaluator.prefetch_board(b))),
                    Some(_) => None,
                })
                .collect();
            let mut rows = Vec::with_capacity(64 * lines.len());
            for (&(i, line), board) in lines.iter().zip(boards) {
                if let Err(e) = line_row(i, line, board, &mut rows) {
                    return (rows, Err(e));
                }
            }
            drop(lines);
            let failed = block.error.map(|(i, e)| read_error(i, e));
            (rows, failed.map_or(Ok(()), Err))
        },
        |blocks| {
            governor.check(evaluator)?;
            for (rows, result) in blocks {
                out.write_all(&rows).map_err(write_err)?;
                result?;
            }
            out.flush().map_err(write_err)
        },
        || false,
    );
    result?;
    out.flush().map_err(write_err)
}

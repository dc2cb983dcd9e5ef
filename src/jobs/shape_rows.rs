//! Census and `eval` for games on shapes (boards, edge-labelled graphs, posets): the
//! positions come from the ruleset's own enumeration ([`ShapedRules::enumerate`]), size
//! by size, in its fixed order, cut into units of [`UNIT`] positions; shard `I/M` takes
//! units `I mod M`. A census is a [`ShapeSource`] run by the one census runner
//! ([`super::runner::run_census`]), so `--resume`, `--force`, shards, `merge`, `keep`
//! and tallies work as they do for graph censuses.
//!
//! A shard's positions are held as their text in the ruleset's notation, a few dozen
//! bytes each (a shape would take hundreds), and read back when their unit is valued:
//! the notation reads back the same position (`src/tests/contract.rs` checks it for
//! every ruleset on shapes), and the row shows the text as it was written.

use std::io::{BufRead, Write};

use smallvec::SmallVec;

use super::rows::UnitSink;
use super::spec::CensusJob;
use super::summary::Tally;
use super::tally::numbers::NumberTally;
use super::tally::shapes::ShapeTally;
use crate::error::{Error, Result, quoted};
use crate::graphs::Shard;
use crate::rules::shape_rules::Listing;
use crate::rules::{Ruleset, ShapedRules};
use crate::shapes::Shape;
use crate::shapes::bits::Bits;
use crate::solving::columns::write_shape_cell;
use crate::solving::shape_solver::BoardHint;
use crate::solving::{Evaluator, Schema, push_row};
use crate::sys::input::at_line;

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
        job.ruleset.name(),
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
) -> Result<Vec<Vec<Box<str>>>> {
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
    let global = std::cell::Cell::new(0usize);
    let mine = || global.get() % shard.count == shard.index;
    for size in job.min_vertices..=job.max_vertices {
        let mut current = Vec::new();
        let flush = |current: &mut Vec<Box<str>>, all: &mut Vec<Vec<Box<str>>>| {
            if mine() {
                all.push(std::mem::take(current));
            } else {
                current.clear();
            }
            global.set(global.get() + 1);
        };
        rules.enumerate_listed(
            size,
            &Listing {
                multiplicity: job.multiplicity,
                max_vertices: job.shape_vertices,
                edge_colours: job.edge_colours.as_deref(),
            },
            &mut |s| {
                // Only this shard's units are written out.
                current.push(match mine() {
                    true => rules.write(&s).into_boxed_str(),
                    false => Box::from(""),
                });
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
    let (text, cells) = valued(evaluator, rules, s)?;
    Ok(row_bytes(evaluator, rules.size(s), &text, &cells))
}

/// A position's text and the cells of its value, a limit reached naming the position.
fn valued(
    evaluator: &Evaluator,
    rules: &dyn ShapedRules,
    s: &Shape,
) -> Result<(String, crate::solving::ValueRow)> {
    let text = rules.write(s);
    let cells = evaluator.evaluate_shape_csv(s).map_err(|e| match e {
        Error::Limit(m) => Error::Limit(format!("position {}: {m}", quoted(&text))),
        other => other,
    })?;
    Ok((text, cells))
}

/// The row of a position written `text` of `size`, with its value's cells, as CSV bytes.
fn row_bytes(
    evaluator: &Evaluator,
    size: usize,
    text: &str,
    cells: &crate::solving::ValueRow,
) -> Vec<u8> {
    let mut row = Vec::with_capacity(text.len() + cells.1.len() + 8);
    // An edge list holds commas: quoted as the csv crate quotes it.
    push_shape_row(
        &mut row,
        evaluator,
        &|row: &mut Vec<u8>| crate::solving::push_csv_field(row, text.as_bytes()),
        size,
        &cells.1,
        &cells.2,
    );
    row
}

/// Appends the row of a position (written by `position`, quoted if need be) of `size`
/// with the value cells `csv` (fields at `starts`), through the one row writer
/// ([`push_row`]).
fn push_shape_row(
    row: &mut Vec<u8>,
    evaluator: &Evaluator,
    position: &dyn Fn(&mut Vec<u8>),
    size: usize,
    csv: &[u8],
    starts: &crate::solving::Starts,
) {
    push_row(
        row,
        evaluator.schema(),
        evaluator.selected(),
        &|c, buf| write_shape_cell(c.name, position, size, buf),
        csv,
        starts,
    );
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
    let done = evaluator.board_csv(b, hint, |csv, starts| {
        push_shape_row(row, evaluator, &write, b.count() as usize, csv, starts)
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

/// The positions of a census of a game on shapes, unit by unit, as a row source of the
/// one census runner ([`super::runner::run_census`]).
pub struct ShapeSource {
    rules: &'static dyn ShapedRules,
    evaluator: Evaluator,
    /// This shard's units, each position written in the ruleset's notation.
    units: Vec<Vec<Box<str>>>,
    /// The empty tally of the rows: numbers by size (rules that ask for it), what the
    /// census finds by size (every ruleset on shapes), misère play (`misere = true`).
    tally: Tally,
}

impl ShapeSource {
    /// The census of `job` (its shard `shard`) under `rules`: its positions listed.
    pub fn new(
        rules: &'static dyn ShapedRules,
        job: &CensusJob,
        shard: Shard,
    ) -> Result<ShapeSource> {
        let evaluator = Evaluator::new(Ruleset::Shaped(rules))
            .table_capacity(job.table_cap)
            .misere(job.misere)?;
        let units = units(rules, job, shard)?;
        let schema = evaluator.schema();
        let at = |name| schema.index(name).map(|i| i - schema.position_columns);
        // Tallies of games on shapes count by size, not by vertices: none of those of
        // graph positions.
        let tally = Tally {
            numbers: at("value")
                .filter(|_| rules.number_summary())
                .map(|v| NumberTally::new(v, rules.size_unit())),
            shapes: at("outcome")
                .zip(at("value"))
                .map(|(o, v)| ShapeTally::new(o, v, at("temperature"), rules.size_unit())),
            misere: Tally::for_schema(schema)
                .misere
                .map(|m| m.with_unit(rules.size_unit())),
            ..Tally::default()
        };
        Ok(ShapeSource {
            rules,
            evaluator,
            units,
            tally,
        })
    }
}

impl super::runner::RowSource for ShapeSource {
    fn evaluator(&self) -> &Evaluator {
        &self.evaluator
    }

    fn units(&self) -> usize {
        self.units.len()
    }

    fn count(&self, i: usize) -> u64 {
        self.units[i].len() as u64
    }

    fn position_at(&self, i: usize, k: usize) -> Option<String> {
        self.units[i].get(k).map(|t| t.to_string())
    }

    fn shown(&self, row: &[String]) -> String {
        row.first().cloned().unwrap_or_default()
    }

    fn tally(&self) -> Tally {
        self.tally.clone()
    }

    fn rows(&self, i: usize, skip: usize, sink: &mut UnitSink, tally: &mut Tally) -> Result<()> {
        let rules = self.rules;
        for t in &self.units[i][skip..] {
            let s = rules.parse(t)?;
            let (text, cells) = valued(&self.evaluator, rules, &s)?;
            debug_assert_eq!(&*text, &**t, "the notation reads back");
            let (eval, size) = (&cells.0, rules.size(&s));
            if let Some(n) = tally.numbers.as_mut() {
                n.add(&text, size, eval);
            }
            if let Some(f) = tally.shapes.as_mut() {
                f.add(&text, size, eval);
            }
            if let Some(m) = tally.misere.as_mut() {
                m.add_row(size, eval, || text.clone());
            }
            match sink.plain() {
                true => sink.add_bytes(&row_bytes(&self.evaluator, size, &text, &cells)),
                false => sink.add(&self.evaluator.schema().shape_fields(text, size, eval)),
            }
        }
        Ok(())
    }
}

/// Evaluates one position given in the ruleset's notation and writes header and row.
pub fn eval_one(evaluator: &Evaluator, text: &str, out: &mut dyn Write) -> Result<()> {
    let Ruleset::Shaped(rules) = evaluator.ruleset() else {
        unreachable!("eval of shapes is called for rules on shapes")
    };
    let s = rules.parse(text)?;
    let r = row(evaluator, rules, &s)?;
    writeln!(out, "{}", super::eval_stream::header(evaluator))
        .and_then(|_| out.write_all(&r))
        .and_then(|_| out.flush())
        .map_err(super::eval_stream::write_err)
}

/// Reads positions in the ruleset's notation, one a line (or one of our CSVs, by its
/// `position` column), evaluates them in parallel and writes the header and a row per
/// position, in input order, through the one eval stream ([`super::eval_stream`]).
pub fn eval_lines(
    evaluator: &Evaluator,
    governor: &super::memory::Governor,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let Ruleset::Shaped(rules) = evaluator.ruleset() else {
        unreachable!("eval of shapes is called for rules on shapes")
    };
    let mut kind = ShapeLines {
        evaluator,
        rules,
        column: None,
    };
    super::eval_stream::eval_lines(evaluator, governor, input, out, &mut kind)
}

/// Positions of a game on shapes on `eval`'s lines: a position in the ruleset's
/// notation a line, or the rows of one of our CSVs by their `position` column.
struct ShapeLines<'a> {
    evaluator: &'a Evaluator,
    rules: &'static dyn ShapedRules,
    /// The `position` column, when the input is one of our CSVs.
    column: Option<usize>,
}

/// Lines to a block: read into one buffer, a block's boards are looked up together.
const BLOCK: usize = 64;

impl ShapeLines<'_> {
    /// One line's row appended to `rows`; `board` is the line read as a board, if it
    /// was read so already.
    fn line_row(
        &self,
        i: usize,
        line: &str,
        board: Option<(Bits, BoardHint)>,
        rows: &mut Vec<u8>,
    ) -> Result<bool> {
        let text = match self.column {
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
        let text = match self.column {
            Some(_) => text.as_str(),
            None => line.trim(),
        };
        if text.is_empty() {
            return Ok(false);
        }
        let board = board.or_else(|| Bits::parse_grid(text).map(|b| (b, BoardHint::default())));
        if let Some(done) = board_row(self.evaluator, board, text, rows) {
            return done.map(|_| true).map_err(|e| at_line(i, e));
        }
        let s = self.rules.parse(text).map_err(|e| at_line(i, e))?;
        rows.extend(row(self.evaluator, self.rules, &s).map_err(|e| at_line(i, e))?);
        Ok(true)
    }
}

impl super::eval_stream::LineRows for ShapeLines<'_> {
    fn block(&self) -> usize {
        BLOCK
    }

    fn header(&mut self, first: &str) -> Result<bool> {
        self.column = first.split(',').position(|f| f == "position");
        Ok(self.column.is_some())
    }

    fn rows(&self, lines: &[(usize, &str)], rows: &mut Vec<u8>) -> (u64, Result<()>) {
        // Plain board lines are read first, and the memory asked for where their values
        // are held, so that the lookups of the block overlap.
        let boards: SmallVec<[Option<(Bits, BoardHint)>; BLOCK]> = lines
            .iter()
            .map(|(_, line)| match self.column {
                None => {
                    Bits::parse_grid(line.trim()).map(|b| (b, self.evaluator.prefetch_board(b)))
                }
                Some(_) => None,
            })
            .collect();
        let mut n = 0;
        for (&(i, line), board) in lines.iter().zip(boards) {
            match self.line_row(i, line, board, rows) {
                Ok(wrote) => n += wrote as u64,
                Err(e) => return (n, Err(e)),
            }
        }
        (n, Ok(()))
    }
}

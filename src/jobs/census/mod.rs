//! A census: every position of a family of graphs, evaluated by one ruleset in
//! parallel against one shared transposition table, in a fixed order that does not
//! depend on the thread count (units of work in order, positions in enumeration order).
//!
//! [`Census::for_each`] hands the rows to any sink; [`run`] writes them to a resumable
//! CSV output with its sidecar and returns the summary.
//!
//! ```
//! use gamecensus::jobs::JobSpec;
//! use gamecensus::jobs::census::Census;
//! use gamecensus::graphs::Shard;
//!
//! // Node Kayles on every graph with 1 to 4 vertices: 1 + 2 + 4 + 11 = 18 positions
//! // (OEIS A000088); the path P3 (here graph6 "BW") has nim-value 2 (Dawson's chess,
//! // A002187).
//! let job = JobSpec::parse("name = 'nk4'\nrules = 'node-kayles'\nmax_vertices = 4\n")?;
//! let census = Census::new(job.census().unwrap(), Shard::WHOLE)?;
//! let mut rows = Vec::new();
//! census.for_each(&mut |pos, eval| {
//!     rows.push(census.schema().fields(pos, eval).join(","));
//!     Ok(())
//! })?;
//! assert_eq!(rows.len(), 18);
//! assert!(rows.contains(&"BW,,3,2,N,*2,2".to_string()));
//! # Ok::<(), gamecensus::Error>(())
//! ```

mod resume;

use std::time::Instant;

use rayon::prelude::*;

use super::context::RunContext;
use super::output::{Existing, Output, inspect};
use super::progress;
use super::provenance::Units;
use super::spec::CensusJob;
use super::summary::{Summary, Tally};
use crate::error::{Error, Result};
use crate::graphs::{Colouring, Position, PositionSource, Shard, Unit, to_graph6};
use crate::rules::Ruleset;
use crate::solving::driver::ordered_map;
use crate::solving::{Evaluation, Evaluator, Schema};

/// A census ready to run: its positions, its ruleset's evaluator and its columns.
pub struct Census {
    ruleset: Ruleset,
    source: PositionSource,
    skip_reduced: bool,
    units: Vec<Unit>,
    evaluator: Evaluator,
}

impl Census {
    /// Prepares `job` (or one shard of it): checks that its colours suit its rules and
    /// generates the units of work.
    pub fn new(job: &CensusJob, shard: Shard) -> Result<Census> {
        let ruleset = Ruleset::from_name(&job.rules)?;
        let palette = ruleset.palette();
        match (palette.len(), job.positions().colours_used()) {
            (0, k) if k > 0 => {
                return Err(Error::usage(format!(
                    "rules {} are played on uncoloured graphs: set colours = 0",
                    ruleset.name()
                )));
            }
            (p, k) if k > p => {
                return Err(Error::usage(format!(
                    "rules {} use {} only: set colours = {p}{}",
                    ruleset.name(),
                    palette.describe(),
                    if ruleset.uncoloured() == crate::rules::Uncoloured::Refused {
                        String::new()
                    } else {
                        " (or 0)".to_string()
                    }
                )));
            }
            (_, 0) if ruleset.uncoloured() == crate::rules::Uncoloured::Refused => {
                return Err(Error::usage(format!(
                    "rules {} need coloured positions: set colours = {}",
                    ruleset.name(),
                    if palette.len() == 2 { "2" } else { "2 or 3" }
                )));
            }
            _ => {}
        }
        let source = PositionSource::new(job.positions())?;
        let units = source.units(shard);
        if job.max_extra > 0 && !matches!(ruleset, Ruleset::Scoring(_)) {
            return Err(Error::usage(format!(
                "max_extra is for scoring rules; {} is {}",
                ruleset.name(),
                ruleset.kind()
            )));
        }
        let evaluator = Evaluator::new(ruleset)
            .store_below(job.max_vertices)
            .table_capacity(job.table_cap)
            .max_extra(job.max_extra)
            .misere(job.misere)?;
        Ok(Census {
            ruleset,
            source,
            skip_reduced: job.skip_reduced,
            units,
            evaluator,
        })
    }

    /// The columns of its rows.
    pub fn schema(&self) -> &Schema {
        self.evaluator.schema()
    }

    /// The evaluator (for its table sizes).
    pub fn evaluator(&self) -> &Evaluator {
        &self.evaluator
    }

    /// Calls `f` for every position of `unit` that the census keeps, in order.
    fn expand(&self, unit: Unit, f: &mut dyn FnMut(&Position)) {
        if self.skip_reduced {
            let r = self.ruleset;
            self.source.expand(unit, &mut |p: &Position| {
                if !r.reduced_at_start(p) {
                    f(p)
                }
            })
        } else {
            self.source.expand(unit, f)
        }
    }

    /// Positions the census keeps in `unit` (without evaluating them).
    fn count(&self, unit: Unit) -> u64 {
        if self.skip_reduced {
            let mut c = 0;
            self.expand(unit, &mut |_| c += 1);
            c
        } else {
            self.source.count(unit)
        }
    }

    /// Evaluates the positions of `unit` after the first `skip`, calling `f` with each.
    fn evaluate_unit(
        &self,
        unit: Unit,
        skip: usize,
        f: &mut dyn FnMut(&Position, &Evaluation),
    ) -> Result<()> {
        let mut i = 0;
        let mut failed: Option<Error> = None;
        let k = self.source.spec().colours;
        let mut kept = Vec::new();
        let coloured = self.source.expand_coloured(unit, &mut |g, codes| {
            if failed.is_some() {
                return;
            }
            kept.clear();
            for &code in codes {
                let pos = Position {
                    graph: *g,
                    colouring: Some(Colouring::from_code(g.n(), k, code)),
                };
                if !(self.skip_reduced && self.ruleset.reduced_at_start(&pos)) {
                    if i >= skip {
                        kept.push(code);
                    }
                    i += 1;
                }
            }
            if kept.is_empty() {
                return;
            }
            let done = self
                .evaluator
                .evaluate_colourings(g, k, &kept, &mut |pos, e| {
                    f(
                        pos,
                        &e.map_err(|e| super::graph_lines::at_position(pos, e))?,
                    );
                    Ok(())
                });
            failed = done.err();
        });
        if coloured {
            return failed.map_or(Ok(()), Err);
        }
        self.expand(unit, &mut |pos: &Position| {
            if i >= skip && failed.is_none() {
                let pos = match self.ruleset.prepare(*pos) {
                    Ok(p) => p,
                    Err(e) => {
                        failed = Some(e);
                        return;
                    }
                };
                match self.evaluator.evaluate(&pos) {
                    Ok(e) => f(&pos, &e),
                    Err(e) => failed = Some(super::graph_lines::at_position(&pos, e)),
                }
            }
            i += 1;
        });
        failed.map_or(Ok(()), Err)
    }

    /// Every row in order: `f(position, evaluation)`. Units are evaluated in parallel
    /// (in the current rayon pool) and handed on in order.
    pub fn for_each(&self, f: &mut dyn FnMut(&Position, &Evaluation) -> Result<()>) -> Result<()> {
        ordered_map(
            self.units.iter().copied(),
            4 * rayon::current_num_threads(),
            |unit| -> Result<Vec<(Position, Evaluation)>> {
                let mut rows = Vec::new();
                self.evaluate_unit(unit, 0, &mut |p, e| rows.push((*p, e.clone())))?;
                Ok(rows)
            },
            |batch| {
                for rows in batch {
                    for (p, e) in rows? {
                        f(&p, &e)?;
                    }
                }
                Ok(())
            },
            || false,
        )
    }

    /// Where to continue after `rows` rows: `(first unit, positions of it to skip)`,
    /// after checking that row `rows` is the position the census writes there; and the
    /// rows of each unit before the first unit.
    fn locate(
        &self,
        rows: u64,
        last: &[String],
        path: &std::path::Path,
    ) -> Result<(usize, usize, Vec<u64>)> {
        if rows == 0 {
            return Ok((0, 0, Vec::new()));
        }
        let counts: Vec<u64> = self.units.par_iter().map(|&u| self.count(u)).collect();
        // The row's graph6 and colouring, by the schema's columns (scoring rules have no
        // colouring column).
        let field = |name: &str| {
            self.schema()
                .index(name)
                .and_then(|i| last.get(i).cloned())
                .unwrap_or_default()
        };
        let seen = format!("{} {}", field("graph6"), field("colouring"));
        super::runner::resume_point(&counts, rows, &seen, path, |i, want| {
            let mut found = None;
            let mut k = 0;
            self.expand(self.units[i], &mut |pos: &Position| {
                if k == want {
                    found = Some(format!(
                        "{} {}",
                        to_graph6(&pos.graph),
                        pos.colouring.map(|c| c.to_string()).unwrap_or_default()
                    ));
                }
                k += 1;
            });
            found
        })
    }
}

/// What determines a census's rows, in words (for the sidecar's identity).
pub fn identity(job: &CensusJob, shard: Shard, schema: &Schema) -> String {
    if crate::rules::Ruleset::shaped(&job.rules).is_some() {
        return super::shaped::identity(job, shard, schema);
    }
    let family = match job.family {
        crate::graphs::families::Family::Map { boards, seed } => {
            format!("map ({boards} boards per size, seed {seed})")
        }
        f => f.name().to_string(),
    };
    format!(
        "census of rules {} on family {family} with {}..={} vertices{}, colours {}, skip_reduced {}, \
         max_extra {}, shard {}/{}, columns {}",
        job.rules,
        job.min_vertices,
        job.max_vertices,
        if job.connected { ", connected" } else { "" },
        job.colours,
        job.skip_reduced,
        job.max_extra,
        shard.index,
        shard.count,
        schema.header()
    ) + &super::rows::identity_suffix(job)
}

/// Rows of one unit as CSV bytes (those `keep` keeps), with their tallies.
struct UnitRows {
    out: super::rows::UnitOut,
    /// Rows of the unit skipped because an earlier run wrote them.
    skipped: u64,
    tally: Tally,
}

/// Runs a census job into its CSV output (see [`super::output`] for what happens to an
/// existing file) and returns the summary.
pub fn run(job: &CensusJob, ctx: &RunContext) -> Result<Summary> {
    if let Some(rules) = crate::rules::Ruleset::shaped(&job.rules) {
        return super::shaped::run(rules, job, ctx);
    }
    let start = Instant::now();
    let census = Census::new(job, ctx.shard)?;
    let governor = super::memory::Governor::new(ctx.memory, census.ruleset, job.table_cap);
    governor.check(&census.evaluator)?;
    let schema = census.schema().clone();
    let plan = super::rows::RowPlan::new(job, &schema)?;
    let mut sidecar = ctx.sidecar(identity(job, ctx.shard, &schema), &schema.names());
    if ctx.shard.count > 1 {
        // `merge` needs each unit's rows to interleave the shards.
        sidecar.units = Some(Units::Rows(Vec::new()));
    }
    if !plan.is_plain() {
        sidecar.census = Some(plan.start());
    }
    let existing = inspect(&ctx.out, &sidecar, ctx.resume, ctx.force)?;
    let mut summary = super::runner::summary(&ctx.out, "positions", Tally::for_schema(&schema));
    let (mut output, first_unit, skip) = match existing {
        Existing::Complete { rows } => {
            summary.rows = rows;
            summary.already_complete = true;
            if !plan.is_plain() {
                super::totals::restore_missing(&ctx.out)?;
            }
            return Ok(summary);
        }
        Existing::Fresh => (Output::create(&ctx.out, sidecar)?, 0, 0),
        Existing::Partial { rows, ref last, .. } => {
            let (unit, skip, before) = match plan.is_plain() {
                true => census.locate(rows, last.as_deref().unwrap_or(&[]), &ctx.out)?,
                false => {
                    resume::resume_with_plan(&census, &plan, &mut sidecar, rows, last, &ctx.out)?
                }
            };
            if let Some(Units::Rows(list)) = sidecar.units.as_mut() {
                *list = before;
            }
            (Output::resume(&ctx.out, sidecar, existing)?, unit, skip)
        }
    };
    let mut totals = resume::output_totals(&output, &plan)?;
    let positions_before = totals.as_ref().map_or(0, |t| t.positions);
    let done = output.rows();
    summary.resumed = done;
    let pb = progress::bar(ctx.quiet, "positions");
    if !pb.is_hidden() {
        // The exact total, counted first (only for a bar on a terminal): expanding every
        // position without evaluating it takes about 1% of the census's time (4.5 s
        // for the 109 million positions of cutthroat-bw-9, which take 7 minutes).
        let total: u64 = census.units.par_iter().map(|&u| census.count(u)).sum();
        pb.set_length(total.max(done));
        pb.set_position(totals.as_ref().map_or(done, |t| t.positions));
    }
    let work: Vec<(Unit, usize)> = census.units[first_unit..]
        .iter()
        .enumerate()
        .map(|(i, &u)| (u, if i == 0 { skip } else { 0 }))
        .collect();
    let result = ordered_map(
        work,
        4 * rayon::current_num_threads(),
        |(unit, skip)| -> Result<UnitRows> {
            let mut sink = plan.unit();
            let mut tally = Tally::for_schema(&schema);
            let reads = sink.reads(schema.columns.len());
            let mut row = Vec::new();
            census.evaluate_unit(unit, skip, &mut |pos, eval| {
                schema.fields_into(pos, eval, reads.as_deref(), &mut row);
                match &reads {
                    Some(_) => sink.add_lazy(&row, &|| schema.fields(pos, eval)),
                    None => sink.add(&row),
                }
                tally.add(pos, eval);
            })?;
            Ok(UnitRows {
                out: sink.finish()?,
                skipped: skip as u64,
                tally,
            })
        },
        |batch| {
            governor.check(&census.evaluator)?;
            // The units before the first that failed are written, then its error.
            let mut failed = None;
            let batch: Vec<UnitRows> = batch
                .into_iter()
                .map_while(|u| u.map_err(|e| failed = Some(e)).ok())
                .collect();
            match totals.as_mut() {
                None => {
                    for unit in &batch {
                        let (bytes, rows) = (&unit.out.bytes, unit.out.rows);
                        output.write_unit(bytes, rows, unit.skipped + rows)?;
                    }
                }
                Some(t) => {
                    // The progress (tallies) is recorded once for the batch's units.
                    let mut written = Vec::with_capacity(batch.len());
                    for unit in &batch {
                        t.add(&unit.out)?;
                        written.push((unit.out.bytes.as_slice(), unit.out.rows, unit.out.rows));
                    }
                    output.write_units_progress(&written, t.progress())?;
                }
            }
            for unit in batch {
                summary.tally.merge(unit.tally);
            }
            if let Some(e) = failed {
                return Err(e);
            }
            let rows = totals.as_ref().map_or(output.rows(), |t| t.positions);
            if pb.length().is_some_and(|len| rows > len) {
                pb.set_length(rows);
            }
            pb.set_position(rows);
            Ok(())
        },
        super::context::stop_requested,
    );
    pb.finish_and_clear();
    summary.rows = output.rows();
    summary.seconds = start.elapsed().as_secs_f64();
    summary.memory = Some((ctx.memory, super::memory::peak_rss()));
    summary.tables = Some((
        census.evaluator.table_stats(),
        census.evaluator.memo_len(),
        // Game values are the partizan solver's (impartial values are nimbers).
        match census.ruleset {
            Ruleset::Partizan(_) => crate::values::game::usage(),
            _ => Default::default(),
        },
    ));
    let output = super::runner::settle(output, result, &ctx.out)?;
    if let Some(t) = &totals {
        summary.positions = plan.keeps().then_some((t.positions, positions_before));
        // The tallies are written before the sidecar says complete: a run killed between
        // the two is resumed (nothing left to compute) and writes them then.
        summary.files = t.write_files(&ctx.out, output.resumable())?;
    }
    output.finish(&summary.text())?;
    Ok(summary)
}

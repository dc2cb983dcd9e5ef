//! The one census runner ([`run_census`]) over its row sources ([`RowSource`]: the
//! graphs and colourings of [`super::census`], the shapes of [`super::shape_rows`]), and
//! what it shares with the octal sweep ([`super::sweep`], whose rows are games valued
//! a heap at a time, not positions): the empty summary, where a resumed output
//! continues, and how a run ends when its loop fails or is asked to stop.

use std::path::Path;
use std::time::Instant;

use rayon::prelude::*;

use super::context::RunContext;
use super::output::{Existing, Output, inspect};
use super::progress;
use super::provenance::{Sidecar, Units};
use super::rows::{RowPlan, UnitSink};
use super::spec::CensusJob;
use super::summary::{Summary, Tally};
use super::totals::{Claim, Totals, claim_tally_files, write_tallies};
use crate::error::{Error, Result};
use crate::solving::Evaluator;
use crate::solving::driver::ordered_map;

/// The summary of a run that has written nothing yet; `unit` names a row ("positions",
/// "games").
pub fn summary(out: &Path, unit: &'static str, tally: Tally) -> Summary {
    Summary {
        out: out.to_path_buf(),
        rows: 0,
        resumed: 0,
        seconds: 0.0,
        tables: None,
        unit,
        tally,
        already_complete: false,
        memory: None,
        positions: None,
        files: Vec::new(),
    }
}

/// Where a run whose units hold `counts` rows continues after the `rows` rows already
/// in `path`: `(first unit, rows of it to skip, the rows of each unit before it)`.
/// `written(i, j)` is what the run writes as row `j` of unit `i` (None: nothing there),
/// and `last` what the file's last row holds; they must agree, or the file is not this
/// run's.
pub fn resume_point(
    counts: &[u64],
    rows: u64,
    last: &str,
    path: &Path,
    written: impl FnOnce(usize, usize) -> Option<String>,
) -> Result<(usize, usize, Vec<u64>)> {
    if rows == 0 {
        return Ok((0, 0, Vec::new()));
    }
    let mut before = 0u64;
    for (i, &c) in counts.iter().enumerate() {
        if before + c >= rows {
            // The last written row is row rows - 1 - before of unit i.
            let want = (rows - 1 - before) as usize;
            if written(i, want).as_deref() != Some(last) {
                return Err(Error::usage(format!(
                    "cannot resume {}: its last row ({last}) is not the position this job \
                     writes at row {rows}",
                    path.display()
                )));
            }
            return Ok(if before + c == rows {
                (i + 1, 0, counts[..=i].to_vec())
            } else {
                (i, want + 1, counts[..i].to_vec())
            });
        }
        before += c;
    }
    Err(Error::usage(format!(
        "cannot resume {}: it has {rows} rows but this job has only {before}",
        path.display()
    )))
}

/// After a run's work loop: if the loop failed (`result`) or a stop was asked for
/// (Ctrl-C, a signal, `--timeout`), `output` is closed with its whole rows, resumable,
/// and the error is returned; otherwise `output` comes back to be finished.
pub fn settle(output: Output, result: Result<()>, out: &Path) -> Result<Output> {
    if let Err(e) = result {
        output.stop()?;
        return Err(e);
    }
    if super::context::stop_requested() {
        // Stopping by itself: the watchdog must not stop the process meanwhile.
        crate::sys::stop::stand_down();
        let rows = output.rows();
        output.stop()?;
        return Err(super::context::stopped(out, rows));
    }
    Ok(output)
}

/// What a census runs over: units of work in a fixed order, each a list of positions
/// valued into rows. The graph census (`census::Census`: graphs and their colourings)
/// and the census of games on shapes (`shape_rows::ShapeSource`) are the two sources;
/// [`run_census`] is the one loop over either.
pub trait RowSource: Sync {
    /// The evaluator: the columns, the tables, the ruleset.
    fn evaluator(&self) -> &Evaluator;
    /// How many units of work (this shard's).
    fn units(&self) -> usize;
    /// The positions of unit `i`, counted without valuing them.
    fn count(&self, i: usize) -> u64;
    /// What row `k` of unit `i` shows of its position, as [`RowSource::shown`] reads
    /// it back from a written row (`None` if the unit has no row `k`).
    fn position_at(&self, i: usize, k: usize) -> Option<String>;
    /// What a written row (its fields) shows of its position.
    fn shown(&self, row: &[String]) -> String;
    /// An empty tally of the rows (the summary's, and each unit's).
    fn tally(&self) -> Tally;
    /// Values the positions of unit `i` after the first `skip` into `sink`, counting
    /// them in `tally`.
    fn rows(&self, i: usize, skip: usize, sink: &mut UnitSink, tally: &mut Tally) -> Result<()>;
}

/// Where a run whose source holds `rows` rows of `path` (the last one `last`) goes on:
/// `(first unit, rows of it to skip, the rows of each unit before it)`.
fn locate(
    source: &dyn RowSource,
    rows: u64,
    last: &[String],
    path: &Path,
) -> Result<(usize, usize, Vec<u64>)> {
    if rows == 0 {
        return Ok((0, 0, Vec::new()));
    }
    let counts: Vec<u64> = (0..source.units())
        .into_par_iter()
        .map(|i| source.count(i))
        .collect();
    resume_point(&counts, rows, &source.shown(last), path, |i, want| {
        source.position_at(i, want)
    })
}

/// Where a census with `keep` or `tally` goes on after `rows` rows: the progress recorded
/// with them goes into `sidecar`. Without `keep` the rows are the positions, and the last
/// row is checked as without a plan; with it, the run goes on after the units recorded.
fn locate_with_plan(
    source: &dyn RowSource,
    plan: &RowPlan,
    sidecar: &mut Sidecar,
    rows: u64,
    last: &Option<Vec<String>>,
    out: &Path,
) -> Result<(usize, usize, Vec<u64>)> {
    let resumed = super::totals::resume_point(out, rows)?;
    let units = resumed.totals.units as usize;
    if units > source.units() {
        return Err(Error::usage(format!(
            "cannot resume {}: its sidecar records {units} units done, this job has {}",
            out.display(),
            source.units()
        )));
    }
    if !plan.keeps() {
        // Every position is a row: the rows must end with the units recorded (units
        // with no positions after the last row included).
        let (at, skip, _) = locate(source, rows, last.as_deref().unwrap_or(&[]), out)?;
        if skip != 0 || at > units || !(at..units).all(|i| source.count(i) == 0) {
            return Err(Error::usage(format!(
                "cannot resume {}: its sidecar records {units} units done, its rows end in \
                 unit {at} after {skip} positions",
                out.display(),
            )));
        }
        if resumed.totals.positions != rows {
            return Err(Error::usage(format!(
                "cannot resume {}: its sidecar records {} positions done and {rows} rows",
                out.display(),
                resumed.totals.positions
            )));
        }
    }
    sidecar.census = Some(resumed.totals.progress());
    Ok((units, 0, resumed.unit_rows.unwrap_or_default()))
}

/// The rows of one unit of work, with their tallies.
struct UnitRows {
    out: super::rows::UnitOut,
    /// Rows of the unit skipped because an earlier run wrote them.
    skipped: u64,
    tally: Tally,
}

/// Runs a census of `job` over `source` into its CSV output (see [`super::output`] for
/// what happens to an existing file) and returns the summary: the one loop of every
/// census, with the existing-output check against `identity` (what determines the
/// rows, in words, for the sidecar), progress, the ordered parallel map, the memory
/// governor, `keep`, tallies, totals, stopping and the summary.
pub fn run_census(
    source: &dyn RowSource,
    job: &CensusJob,
    ctx: &RunContext,
    identity: String,
) -> Result<Summary> {
    let start = Instant::now();
    let evaluator = source.evaluator();
    let governor = super::memory::Governor::new(ctx.memory, evaluator.ruleset(), job.table_cap);
    governor.check(evaluator)?;
    let schema = evaluator.schema().clone();
    let plan = RowPlan::new(job, &schema)?;
    let mut sidecar = ctx.sidecar(identity, &schema.names());
    if ctx.shard.count > 1 {
        // `merge` needs each unit's rows to interleave the shards.
        sidecar.units = Some(Units::Rows(Vec::new()));
    }
    if !plan.is_plain() {
        sidecar.census = Some(plan.start());
    }
    let regular = !std::fs::metadata(&ctx.out).is_ok_and(|m| !m.is_file());
    if !regular && !job.tally.is_empty() {
        return Err(Error::usage(format!(
            "{} is not a regular file, and this job's tallies are written beside its output: \
             name a file with --out",
            ctx.out.display()
        )));
    }
    let existing = inspect(&ctx.out, &sidecar, ctx.resume, ctx.force)?;
    let mut summary = summary(&ctx.out, "positions", source.tally());
    let (mut output, first_unit, skip) = match existing {
        Existing::Complete { rows } => {
            summary.rows = rows;
            summary.already_complete = true;
            if !plan.is_plain() {
                let have = Sidecar::read(&ctx.out)?.and_then(|s| s.census);
                if let Some(p) = &have {
                    Totals::from_progress(p, &ctx.out).map_err(|e| match e {
                        Error::Usage(m) => {
                            Error::Usage(format!("{m}; use --force to compute it again"))
                        }
                        e => e,
                    })?;
                }
                claim_tally_files(&ctx.out, &job.tally, Claim::Own, have.as_ref(), true)?;
            }
            return Ok(summary);
        }
        Existing::Fresh => {
            let claim = Claim::Fresh { force: ctx.force };
            claim_tally_files(&ctx.out, &job.tally, claim, None, false)?;
            (Output::create(&ctx.out, sidecar)?, 0, 0)
        }
        Existing::Partial { rows, ref last, .. } => {
            let (unit, skip, before) = match plan.is_plain() {
                true => locate(source, rows, last.as_deref().unwrap_or(&[]), &ctx.out)?,
                false => locate_with_plan(source, &plan, &mut sidecar, rows, last, &ctx.out)?,
            };
            claim_tally_files(
                &ctx.out,
                &job.tally,
                Claim::Own,
                sidecar.census.as_ref(),
                false,
            )?;
            if let Some(Units::Rows(list)) = sidecar.units.as_mut() {
                *list = before;
            }
            (Output::resume(&ctx.out, sidecar, existing)?, unit, skip)
        }
    };
    let counted = !plan.is_plain();
    if counted {
        let p = output.progress().unwrap_or_else(|| plan.start());
        output.set_totals(Totals::from_progress(&p, &ctx.out)?);
    }
    let positions = |output: &Output| output.totals(|t| t.positions);
    let positions_before = positions(&output).unwrap_or(0);
    let done = output.rows();
    summary.resumed = done;
    let pb = progress::bar(ctx.quiet, "positions");
    if !pb.is_hidden() {
        // The exact total, counted first (only for a bar on a terminal): expanding every
        // position without evaluating it takes about 1% of a graph census's time (4.5 s
        // for the 109 million positions of cutthroat-bw-9, which take 7 minutes).
        let total: u64 = (0..source.units())
            .into_par_iter()
            .map(|i| source.count(i))
            .sum();
        pb.set_length(total.max(done));
        pb.set_position(positions_before.max(done));
    }
    let work: Vec<(usize, usize)> = (first_unit..source.units())
        .map(|i| (i, if i == first_unit { skip } else { 0 }))
        .collect();
    let result = ordered_map(
        work,
        4 * rayon::current_num_threads(),
        |(i, skip)| -> Result<UnitRows> {
            let mut sink = plan.unit();
            let mut tally = source.tally();
            source.rows(i, skip, &mut sink, &mut tally)?;
            Ok(UnitRows {
                out: sink.finish()?,
                skipped: skip as u64,
                tally,
            })
        },
        |batch| {
            governor.check(evaluator)?;
            // The units before the first that failed are written, then its error.
            let mut failed = None;
            let batch: Vec<UnitRows> = batch
                .into_iter()
                .map_while(|u| u.map_err(|e| failed = Some(e)).ok())
                .collect();
            if counted {
                let units: Vec<&super::rows::UnitOut> = batch.iter().map(|u| &u.out).collect();
                output.write_units_counted(&units)?;
            } else {
                for unit in &batch {
                    let (bytes, rows) = (&unit.out.bytes, unit.out.rows);
                    output.write_unit(bytes, rows, unit.skipped + rows)?;
                }
            }
            for unit in batch {
                summary.tally.merge(unit.tally);
            }
            if let Some(e) = failed {
                return Err(e);
            }
            let rows = positions(&output).unwrap_or_else(|| output.rows());
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
        evaluator.table_stats(),
        evaluator.memo_len(),
        // Game values are the partizan solvers' (impartial values are nimbers).
        match evaluator.ruleset().kind() {
            "partizan" => crate::values::game::usage(),
            _ => Default::default(),
        },
    ));
    let mut output = settle(output, result, &ctx.out)?;
    if counted {
        // The tallies are written after the sidecar records the last units and before it
        // says complete: a run killed between the two is resumed (nothing left to
        // compute), finds them to be the ones it writes, and writes them again.
        output.checkpoint()?;
        let done = positions(&output).expect("counted");
        summary.positions = plan.keeps().then_some((done, positions_before));
        if let Some(p) = output.progress() {
            summary.files = write_tallies(&ctx.out, &p.tallies)?;
        }
    }
    output.finish(&summary.text())?;
    Ok(summary)
}

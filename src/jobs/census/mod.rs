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

use super::context::RunContext;
use super::rows::UnitSink;
use super::runner::{RowSource, run_census};
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
        let ruleset = job.ruleset;
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
}

/// What determines a census's rows, in words (for the sidecar's identity).
pub fn identity(job: &CensusJob, shard: Shard, schema: &Schema) -> String {
    if let Ruleset::Shaped(_) = job.ruleset {
        return super::shape_rows::identity(job, shard, schema)
            + &super::rows::identity_suffix(job);
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
        job.ruleset.name(),
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

/// Runs a census job into its CSV output (see [`super::output`] for what happens to an
/// existing file) and returns the summary: the one runner over the job's positions,
/// graphs or shapes.
pub fn run(job: &CensusJob, ctx: &RunContext) -> Result<Summary> {
    let source: Box<dyn RowSource> = match job.ruleset {
        Ruleset::Shaped(rules) => {
            Box::new(super::shape_rows::ShapeSource::new(rules, job, ctx.shard)?)
        }
        _ => Box::new(Census::new(job, ctx.shard)?),
    };
    let identity = identity(job, ctx.shard, source.evaluator().schema());
    run_census(source.as_ref(), job, ctx, identity)
}

impl RowSource for Census {
    fn evaluator(&self) -> &Evaluator {
        &self.evaluator
    }

    fn units(&self) -> usize {
        self.units.len()
    }

    fn count(&self, i: usize) -> u64 {
        Census::count(self, self.units[i])
    }

    fn position_at(&self, i: usize, k: usize) -> Option<String> {
        let mut found = None;
        let mut at = 0;
        self.expand(self.units[i], &mut |pos: &Position| {
            if at == k {
                found = Some(format!(
                    "{} {}",
                    to_graph6(&pos.graph),
                    pos.colouring.map(|c| c.to_string()).unwrap_or_default()
                ));
            }
            at += 1;
        });
        found
    }

    /// The row's graph6 and colouring, by the schema's columns (scoring rules have no
    /// colouring column).
    fn shown(&self, row: &[String]) -> String {
        let field = |name: &str| {
            self.schema()
                .index(name)
                .and_then(|i| row.get(i).cloned())
                .unwrap_or_default()
        };
        format!("{} {}", field("graph6"), field("colouring"))
    }

    fn tally(&self) -> Tally {
        Tally::for_schema(self.schema())
    }

    fn rows(&self, i: usize, skip: usize, sink: &mut UnitSink, tally: &mut Tally) -> Result<()> {
        let schema = self.schema();
        let reads = sink.reads(schema.columns.len());
        let mut row = Vec::new();
        self.evaluate_unit(self.units[i], skip, &mut |pos, eval| {
            schema.fields_into(pos, eval, reads.as_deref(), &mut row);
            match &reads {
                Some(_) => sink.add_lazy(&row, &|| schema.fields(pos, eval)),
                None => sink.add(&row),
            }
            tally.add(pos, eval);
        })
    }
}

//! One entry point from a position to its values, whatever the ruleset: the
//! [`Evaluator`] owns the solver (and so the transposition table) for one ruleset,
//! dispatches on the ruleset's kind once per position, and returns typed cells in the
//! order of the ruleset's [`Schema`].
//!
//! ```
//! use gamecensus::graphs::{parse_graph6, Colouring, Position};
//! use gamecensus::rules::Ruleset;
//! use gamecensus::solving::Evaluator;
//!
//! // Cutthroat on the star K_{1,3} with a black centre, one black and two white leaves:
//! // •(1, 2) = ⇑ (McCurdy & Nowakowski, Lemma 1), atomic weight 2.
//! let ruleset = Ruleset::from_name("cutthroat")?;
//! let evaluator = Evaluator::new(ruleset);
//! let graph = parse_graph6("Cs")?;
//! let colouring = Colouring::parse("BBWW", 4, &ruleset.palette())?;
//! let pos = ruleset.prepare(Position { graph, colouring: Some(colouring) })?;
//! let fields = evaluator.schema().fields(&pos, &evaluator.evaluate(&pos)?);
//! assert_eq!(fields.join(","), "Cs,BBWW,4,3,L,^2,,2");
//! # Ok::<(), gamecensus::Error>(())
//! ```

use std::sync::Arc;

use super::cells_csv::{ValueCells, ValueRow, csv_cells};
use super::columns::{Evaluation, Schema};
use super::evaluate_wide::WideSolvers;
use super::impartial::ImpartialSolver;
use super::misere::{Cgsuite, Misere, MisereSolver};
use super::misere_shaped::ShapedMisereSolver;
use super::partizan::PartizanSolver;
use super::row_cells::{self, Normal};
use super::scoring::ScoringSolver;
use super::shape_solver::ShapedSolver;
use super::table::TableStats;
use crate::error::{Error, Result};
use crate::graphs::{Colouring, Graph, Position, WidePosition};
use crate::rules::Ruleset;
use crate::values::game::GameId;

/// Evaluates positions of one ruleset against one shared transposition table.
pub struct Evaluator {
    pub(super) ruleset: Ruleset,
    schema: Schema,
    pub(super) solver: Solver,
    /// Impartial rules with misère play asked for (`--misere`, `misere = true`).
    misere: Option<MisereSolver>,
    /// Impartial rules on shapes with misère play asked for.
    pub(super) shaped_misere: Option<ShapedMisereSolver>,
    /// The value cells of positions on shapes, and of partizan positions on graphs, by
    /// their value (without misère play they depend on nothing else), with their CSV
    /// text.
    pub(super) value_cells: ValueCells,
    /// The columns asked for (`eval --columns`), by index in the schema, in the order
    /// written; the value columns not among them are left empty where they are dear
    /// (atomic weight, temperature, mean).
    selected: Option<Vec<usize>>,
    /// The solvers of graph positions beyond 64 vertices, made when first needed
    /// (`evaluate_wide.rs`).
    wide: WideSolvers,
}

/// What [`Evaluator::colourings`] gives for a position: its value (a partizan position
/// valued by its graph's plan), or its cells.
enum Valued {
    Value(GameId),
    Cells(Box<Evaluation>),
}

/// The solver of the ruleset's kind.
pub(super) enum Solver {
    Impartial(ImpartialSolver),
    Partizan(PartizanSolver),
    Scoring(ScoringSolver),
    Shaped(ShapedSolver),
}

impl Evaluator {
    /// An evaluator with a fresh, empty table.
    pub fn new(ruleset: Ruleset) -> Evaluator {
        let solver = match ruleset {
            Ruleset::Impartial(r) => Solver::Impartial(ImpartialSolver::new(r)),
            Ruleset::Partizan(r) => Solver::Partizan(PartizanSolver::new(r)),
            Ruleset::Scoring(r) => Solver::Scoring(ScoringSolver::new(r, 0)),
            Ruleset::Shaped(r) => Solver::Shaped(ShapedSolver::new(r)),
        };
        Evaluator {
            ruleset,
            schema: Schema::of(ruleset),
            solver,
            misere: None,
            shaped_misere: None,
            value_cells: ValueCells::default(),
            selected: None,
            wide: Default::default(),
        }
    }

    /// Adds misère play (the `misere`, `genus` and `tame` columns; impartial rules only,
    /// others are a usage error). Call after [`Evaluator::store_below`].
    pub fn misere(self, on: bool) -> Result<Evaluator> {
        if !on {
            return Ok(self);
        }
        if let Ruleset::Shaped(r) = self.ruleset
            && let Some(m) = ShapedMisereSolver::new(r)
        {
            return Ok(Evaluator {
                schema: self.schema.with_misere(),
                shaped_misere: Some(m),
                ..self
            });
        }
        let Ruleset::Impartial(r) = self.ruleset else {
            return Err(crate::error::Error::usage(format!(
                "misère play is computed for the impartial rules (node-kayles, \
                 impartial-cutthroat, clique-forming, cram, poset, chomp); {} is {}",
                self.ruleset.name(),
                self.ruleset.kind(),
            )));
        };
        let store_below = match &self.solver {
            Solver::Impartial(s) => s.store_below_size(),
            _ => usize::MAX,
        };
        Ok(Evaluator {
            schema: self.schema.with_misere(),
            misere: Some(MisereSolver::new(r).store_below(store_below)),
            ..self
        })
    }

    /// Writes only the columns `names` (comma-separated, in that order; see
    /// [`Schema::select`]) and computes only those of the dear ones (atomic weight,
    /// temperature, mean). Call after [`Evaluator::misere`].
    pub fn select_columns(self, names: &str) -> Result<Evaluator> {
        let selected = self.schema.select(names)?;
        Ok(Evaluator {
            selected: Some(selected),
            ..self
        })
    }

    /// The columns asked for ([`Evaluator::select_columns`]), by index in the schema in
    /// the order written; `None`: all of them.
    pub fn selected(&self) -> Option<&[usize]> {
        self.selected.as_deref()
    }

    /// The normal-play cells of a position whose normal play gave `normal`, by the
    /// schema's columns ([`row_cells`]).
    pub(super) fn normal_cells(&self, normal: Normal) -> Result<Evaluation> {
        row_cells::normal_cells(&self.schema, self.ruleset, &|c| self.wanted(c), normal)
    }

    /// Appends the misère cells of a position with misère play `m` ([`row_cells`]).
    pub(super) fn push_misere_cells(&self, e: &mut Evaluation, m: &Misere, c: Cgsuite) {
        row_cells::push_misere_cells(e, m, c)
    }

    /// Whether column `name` is written (then computed).
    fn wanted(&self, name: &str) -> bool {
        match &self.selected {
            None => true,
            Some(s) => s.iter().any(|&i| self.schema.columns[i].name == name),
        }
    }

    /// Whether misère play is computed.
    pub fn is_misere(&self) -> bool {
        self.misere.is_some() || self.shaped_misere.is_some()
    }

    /// For a census whose largest positions have `n` vertices: see
    /// [`ImpartialSolver::store_below`] and [`PartizanSolver::labelled_below`] (partizan
    /// components of the largest size are still stored by canonical key, for their
    /// B/W-swapped twins).
    pub fn store_below(self, n: usize) -> Evaluator {
        let solver = match self.solver {
            Solver::Impartial(s) => Solver::Impartial(s.store_below(n)),
            Solver::Partizan(s) => Solver::Partizan(s.labelled_below(n)),
            other => other,
        };
        Evaluator { solver, ..self }
    }

    /// A cap on the transposition table's entries (`None`: no cap).
    pub fn table_capacity(self, entries: Option<usize>) -> Evaluator {
        if let Some(e) = entries {
            self.set_table_cap(e);
        }
        self
    }

    /// Caps the transposition table at `entries`, also while it is in use (a run's
    /// memory budget lowers it as the value store grows; see [`Table::set_cap`](super::table::Table::set_cap)).
    pub fn set_table_cap(&self, entries: usize) {
        match &self.solver {
            Solver::Impartial(s) => s.set_cap(entries),
            Solver::Partizan(s) => s.set_cap(entries),
            Solver::Scoring(s) => s.set_cap(entries),
            Solver::Shaped(s) => s.set_cap(entries),
        }
    }

    /// Scoring rulesets: raise the largest number allowed at a vertex by `extra` (the
    /// Grundy colouring game's `max_extra`).
    pub fn max_extra(self, extra: u32) -> Evaluator {
        let solver = match self.solver {
            Solver::Scoring(s) => Solver::Scoring(s.with_extra(extra)),
            other => other,
        };
        Evaluator { solver, ..self }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    /// The columns of its results.
    pub fn schema(&self) -> &Schema {
        &self.schema
    }

    /// The values of `pos` (as [`Ruleset::prepare`] returns it), one cell per value
    /// column, or the limit that computing them would cross (an error naming it, never
    /// a wrong value).
    pub fn evaluate(&self, pos: &Position) -> Result<Evaluation> {
        let mut e = match &self.solver {
            Solver::Impartial(s) => {
                self.normal_cells(Normal::Game(GameId::nimber(s.grundy(&pos.graph))))?
            }
            Solver::Partizan(s) => {
                let c = pos
                    .colouring
                    .as_ref()
                    .expect("prepared: partizan positions are coloured");
                self.normal_cells(Normal::Game(s.value(&pos.graph, c)?))?
            }
            Solver::Shaped(s) => {
                return Err(Error::usage(format!(
                    "rules {} are played on a {}, not a graph",
                    s.rules().name(),
                    s.rules().notation()
                )));
            }
            Solver::Scoring(s) => {
                s.check_bounds(&pos.graph)?;
                self.normal_cells(Normal::Scoring(&s.play(&pos.graph)))?
            }
        };
        if let Some(m) = &self.misere {
            let (m, c) = m.misere_cgsuite(&pos.graph)?;
            self.push_misere_cells(&mut e, &m, c);
        }
        Ok(e)
    }

    /// The values of `pos` (as [`Ruleset::prepare_wide`](crate::rules::Ruleset::prepare_wide)
    /// returns it), a position of rules on graphs of any size, one cell per value
    /// column: the same cells [`Evaluator::evaluate`] gives a position of at most 64
    /// vertices, valued on the general path (`evaluate_wide.rs`).
    pub fn evaluate_wide(&self, pos: &WidePosition) -> Result<Evaluation> {
        let (v, misere) = self.wide.value(self.ruleset, pos, self.is_misere())?;
        let mut e = self.normal_cells(Normal::Game(v))?;
        if let Some((m, c)) = misere {
            self.push_misere_cells(&mut e, &m, c);
        }
        Ok(e)
    }

    /// The values of graph `g` under each colouring of `codes` (base-`k` codes, see
    /// [`Colouring::from_code`]), in order: `f(position, its values)`, as
    /// [`Evaluator::evaluate`] gives them. For rules that remove vertices the colourings
    /// are valued together (`solving::batch`: what does not depend on the colours is
    /// worked out once for the graph); `f` returning an error stops the batch.
    pub fn evaluate_colourings(
        &self,
        g: &Graph,
        k: usize,
        codes: &[u64],
        f: &mut dyn FnMut(&Position, Result<Evaluation>) -> Result<()>,
    ) -> Result<()> {
        self.colourings(g, k, codes, &mut |pos, valued| {
            let e = valued.and_then(|x| match x {
                Valued::Value(v) => Ok(self.partizan_row(v)?.0.clone()),
                Valued::Cells(e) => Ok(*e),
            });
            f(pos, e)
        })
    }

    /// [`Evaluator::evaluate_colourings`], with the CSV text of the value cells (a comma
    /// before each), as a row writes them.
    pub fn evaluate_colourings_csv(
        &self,
        g: &Graph,
        k: usize,
        codes: &[u64],
        f: &mut dyn FnMut(&Position, Result<ValueRow>) -> Result<()>,
    ) -> Result<()> {
        self.colourings(g, k, codes, &mut |pos, valued| {
            let row = valued.and_then(|x| match x {
                Valued::Value(v) => self.partizan_row(v),
                Valued::Cells(e) => {
                    let (csv, starts) = csv_cells(&e);
                    Ok(Arc::new((*e, csv, starts)))
                }
            });
            f(pos, row)
        })
    }

    /// The cells of partizan value `v`, with their CSV text.
    fn partizan_row(&self, v: GameId) -> Result<ValueRow> {
        self.value_cells
            .get(v, || self.normal_cells(Normal::Game(v)))
    }

    fn colourings(
        &self,
        g: &Graph,
        k: usize,
        codes: &[u64],
        f: &mut dyn FnMut(&Position, Result<Valued>) -> Result<()>,
    ) -> Result<()> {
        let position = |code: u64| Position {
            graph: *g,
            colouring: Some(Colouring::from_code(g.n(), k, code)),
        };
        let plan = match &self.solver {
            Solver::Partizan(s) if self.misere.is_none() && g.is_connected() => s.plan(g, k),
            _ => None,
        };
        let Some(mut plan) = plan else {
            for &code in codes {
                let pos = position(code);
                let e = self.evaluate(&pos);
                f(&pos, e.map(|e| Valued::Cells(Box::new(e))))?;
            }
            return Ok(());
        };
        // One position, its colouring set for each code.
        let mut pos = Position {
            graph: *g,
            colouring: None,
        };
        for &code in codes {
            let c = Colouring::from_code(g.n(), k, code);
            pos.colouring = Some(c);
            let v = plan.value(&c).map_err(Error::from);
            f(&pos, v.map(Valued::Value))?;
        }
        Ok(())
    }

    /// Bytes held by the partizan solver's value slots of classes (`solving::batch`).
    pub fn class_bytes(&self) -> u64 {
        match &self.solver {
            Solver::Partizan(s) => s.class_bytes(),
            _ => 0,
        }
    }

    /// Caps the bytes of the partizan solver's value slots of classes.
    pub fn set_class_cap(&self, bytes: u64) {
        if let Solver::Partizan(s) = &self.solver {
            s.set_class_cap(bytes);
        }
    }

    /// What the transposition table did (entries, lookups, hits, evictions).
    pub fn table_stats(&self) -> TableStats {
        match &self.solver {
            Solver::Impartial(s) => s.table_stats(),
            Solver::Partizan(s) => s.table_stats(),
            Solver::Scoring(s) => s.table_stats(),
            Solver::Shaped(s) => s.table_stats(),
        }
    }

    /// Small labelled graphs memoised beside the table.
    pub fn memo_len(&self) -> usize {
        match &self.solver {
            Solver::Impartial(s) => s.memo_len(),
            Solver::Partizan(_) | Solver::Scoring(_) | Solver::Shaped(_) => 0,
        }
    }
}

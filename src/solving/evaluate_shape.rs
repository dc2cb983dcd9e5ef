//! The [`Evaluator`]'s positions of games on shapes (boards, edge lists, posets): their
//! value cells, memoised by value with their CSV text, misère ones included, and the
//! bitboard path of domino games (a board valued without building its shape).

use std::sync::Arc;

use super::cells_csv::{Starts, ValueRow, csv_cells};
use super::columns::Evaluation;
use super::evaluate::{Evaluator, Solver};
use super::row_cells::Normal;
use super::shape_solver::{BoardHint, ShapedSolver};
use crate::error::{Error, Result};
use crate::shapes::Shape;
use crate::shapes::bits::Bits;
use crate::values::game::GameId;

impl Evaluator {
    /// The values of a position of a game on shapes, one cell per value column.
    pub fn evaluate_shape(&self, shape: &Shape) -> Result<Evaluation> {
        if self.shaped_misere.is_some() {
            return self.shape_cells(shape);
        }
        Ok(self.evaluate_shape_csv(shape)?.0.clone())
    }

    /// [`Evaluator::evaluate_shape`], with the CSV text of the cells (a comma before
    /// each), as one row of a census writes them.
    pub fn evaluate_shape_csv(&self, shape: &Shape) -> Result<ValueRow> {
        if self.shaped_misere.is_some() {
            let e = self.shape_cells(shape)?;
            let (csv, starts) = csv_cells(&e);
            return Ok(Arc::new((e, csv, starts)));
        }
        let v = self.shaped_solver()?.value(shape)?;
        self.value_cells.get(v, || self.value_cells(v))
    }

    /// Asks the memory for where the value of board `b` of a domino game is held, and
    /// gives what it found out for [`Evaluator::board_csv`] (a hint: it changes no
    /// result).
    pub fn prefetch_board(&self, b: Bits) -> BoardHint {
        match &self.solver {
            Solver::Shaped(s) => s.prefetch_board(b),
            _ => BoardHint::default(),
        }
    }

    /// Calls `write` with the CSV text of the cells [`Evaluator::evaluate_shape_csv`]
    /// gives the board `b` of a domino game and where its fields start, valued on the
    /// bitboard path without building its shape; `None` if that path does not take it
    /// (misère play, rules that are not a domino game). `hint` is what
    /// [`Evaluator::prefetch_board`] gave for `b`, or the default.
    pub fn board_csv(
        &self,
        b: Bits,
        hint: BoardHint,
        write: impl FnOnce(&[u8], &Starts),
    ) -> Option<Result<()>> {
        if self.shaped_misere.is_some() {
            return None;
        }
        let v = match self.shaped_solver().ok()?.board_value(b, hint)? {
            Ok(v) => v,
            Err(e) => return Some(Err(e)),
        };
        Some(
            self.value_cells
                .with(v, || self.value_cells(v), |c| write(&c.1, &c.2)),
        )
    }

    fn shaped_solver(&self) -> Result<&ShapedSolver> {
        match &self.solver {
            Solver::Shaped(s) => Ok(s),
            _ => Err(Error::usage(format!(
                "rules {} are played on graphs, not on a board, edge list or poset",
                self.ruleset.name()
            ))),
        }
    }

    /// The cells of a position on shapes, misère ones included.
    fn shape_cells(&self, shape: &Shape) -> Result<Evaluation> {
        let mut e = self.value_cells(self.shaped_solver()?.value(shape)?)?;
        if let Some(m) = &self.shaped_misere {
            let (m, c) = m.misere_cgsuite(shape)?;
            self.push_misere_cells(&mut e, &m, c);
        }
        Ok(e)
    }

    /// The cells of value `v` of a position on shapes (normal play).
    fn value_cells(&self, v: GameId) -> Result<Evaluation> {
        self.shaped_solver()?;
        self.normal_cells(Normal::Game(v))
    }

    /// The solver of a game on shapes (for `explain` and drawings).
    pub fn shaped(&self) -> Option<&ShapedSolver> {
        match &self.solver {
            Solver::Shaped(s) => Some(s),
            _ => None,
        }
    }
}

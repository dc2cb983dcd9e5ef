//! One entry point from a position to its values, whatever the ruleset: the
//! [`Evaluator`] owns the solver (and so the transposition table) for one ruleset and
//! says which CSV value columns the ruleset fills.

use super::impartial::ImpartialSolver;
use super::partizan::PartizanSolver;
use crate::error::{Error, Result};
use crate::graphs::Position;
use crate::rules::Ruleset;
use crate::values::{Outcome, nimber_notation};

/// The values computed for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    pub outcome: Outcome,
    /// The value in the notation of RULES.md.
    pub value: String,
    /// The nim-value (impartial rulesets only).
    pub grundy: Option<u32>,
    /// The atomic weight (all-small rulesets only; `None` where the value has none).
    pub atomic_weight: Option<String>,
}

/// Evaluates positions of one ruleset against one shared transposition table.
pub struct Evaluator {
    ruleset: Ruleset,
    solver: Solver,
}

enum Solver {
    Impartial(ImpartialSolver),
    Partizan(PartizanSolver),
}

impl Evaluator {
    pub fn new(ruleset: Ruleset) -> Evaluator {
        let solver = match ruleset {
            Ruleset::Impartial(r) => Solver::Impartial(ImpartialSolver::new(r)),
            Ruleset::Partizan(r) => Solver::Partizan(PartizanSolver::new(r)),
        };
        Evaluator { ruleset, solver }
    }

    /// See [`ImpartialSolver::store_below`] (impartial rulesets only: partizan components
    /// of a census's largest size are kept for their B/W-swapped twins).
    pub fn store_below(self, n: usize) -> Evaluator {
        let solver = match self.solver {
            Solver::Impartial(s) => Solver::Impartial(s.store_below(n)),
            other => other,
        };
        Evaluator { solver, ..self }
    }

    /// A cap on the transposition table's entries (partizan rulesets; see
    /// [`PartizanSolver::capacity`]).
    pub fn table_capacity(self, entries: Option<usize>) -> Evaluator {
        let solver = match (self.solver, entries) {
            (Solver::Partizan(s), Some(e)) => Solver::Partizan(s.capacity(e)),
            (other, _) => other,
        };
        Evaluator { solver, ..self }
    }

    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    /// Checks that the position suits the ruleset (coloured iff the rules read colours).
    pub fn check(&self, pos: &Position) -> Result<()> {
        match (self.ruleset.colours(), &pos.colouring) {
            (0, Some(_)) => Err(Error::usage(format!(
                "rules {} are played on uncoloured graphs; drop the colouring",
                self.ruleset.name()
            ))),
            (k, None) if k > 0 => Err(Error::usage(format!(
                "rules {} need a colouring (one letter per vertex)",
                self.ruleset.name()
            ))),
            _ => Ok(()),
        }
    }

    /// The values of `pos` (which has passed [`Evaluator::check`]), or the limit that
    /// computing them would cross (an error naming it, never a wrong value).
    pub fn evaluate(&self, pos: &Position) -> Result<Evaluation> {
        Ok(match &self.solver {
            Solver::Impartial(s) => {
                let g = s.grundy(&pos.graph);
                Evaluation {
                    outcome: Outcome::of_nimber(g),
                    value: nimber_notation(g),
                    grundy: Some(g),
                    atomic_weight: None,
                }
            }
            Solver::Partizan(s) => {
                let c = pos
                    .colouring
                    .as_ref()
                    .expect("checked: partizan positions are coloured");
                let v = s.value(&pos.graph, c)?;
                Evaluation {
                    outcome: v.outcome(),
                    value: v.to_string(),
                    grundy: None,
                    atomic_weight: if self.ruleset.all_small() {
                        v.atomic_weight()?.map(|w| w.to_string())
                    } else {
                        None
                    },
                }
            }
        })
    }

    /// Entries in the transposition table.
    pub fn table_len(&self) -> usize {
        match &self.solver {
            Solver::Impartial(s) => s.table_len(),
            Solver::Partizan(s) => s.table_len(),
        }
    }

    /// Small labelled graphs memoised beside the table.
    pub fn memo_len(&self) -> usize {
        match &self.solver {
            Solver::Impartial(s) => s.memo_len(),
            Solver::Partizan(_) => 0,
        }
    }
}

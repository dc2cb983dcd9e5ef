//! One entry point from a position to its values, whatever the ruleset: the
//! [`Evaluator`] owns the solver (and so the transposition table) for one ruleset and
//! says which CSV value columns the ruleset fills.

use super::impartial::ImpartialSolver;
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
}

/// Evaluates positions of one ruleset against one shared transposition table.
pub struct Evaluator {
    ruleset: Ruleset,
    impartial: ImpartialSolver,
}

impl Evaluator {
    pub fn new(ruleset: Ruleset) -> Evaluator {
        match ruleset {
            Ruleset::Impartial(r) => Evaluator {
                ruleset,
                impartial: ImpartialSolver::new(r),
            },
        }
    }

    /// See [`ImpartialSolver::store_below`].
    pub fn store_below(self, n: usize) -> Evaluator {
        Evaluator {
            impartial: self.impartial.store_below(n),
            ..self
        }
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

    /// The values of `pos` (which has passed [`Evaluator::check`]).
    pub fn evaluate(&self, pos: &Position) -> Evaluation {
        match self.ruleset {
            Ruleset::Impartial(_) => {
                let g = self.impartial.grundy(&pos.graph);
                Evaluation {
                    outcome: Outcome::of_nimber(g),
                    value: nimber_notation(g),
                    grundy: Some(g),
                }
            }
        }
    }

    /// Entries in the transposition table.
    pub fn table_len(&self) -> usize {
        self.impartial.table_len()
    }

    /// Small labelled graphs memoised beside the table.
    pub fn memo_len(&self) -> usize {
        self.impartial.memo_len()
    }
}

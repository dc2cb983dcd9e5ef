//! Positions of rules on graphs beyond 64 vertices: the evaluator's general path.
//! The 64-vertex bitset solvers stay the fast path; a larger position is valued by the
//! solver of games on shapes over the same rules
//! ([`graph_on_shapes`](crate::rules::graph_on_shapes)), with the same columns.

use std::sync::OnceLock;

use super::explain::{Explanation, explain_shape};
use super::misere::{Cgsuite, Misere};
use super::misere_shaped::ShapedMisereSolver;
use super::shape_solver::ShapedSolver;
use crate::error::{Error, Result};
use crate::graphs::{PlayColours, PlayGraph, WidePosition};
use crate::rules::Ruleset;
use crate::rules::graph_on_shapes::{graph_on_shapes, shape_of};
use crate::shapes::Shape;
use crate::values::game::GameId;

/// The solvers of the general path, each made when first needed.
#[derive(Default)]
pub(super) struct WideSolvers {
    normal: OnceLock<ShapedSolver>,
    misere: OnceLock<Option<ShapedMisereSolver>>,
}

impl WideSolvers {
    /// The value of `pos` (as [`Ruleset::prepare_wide`] returns it) under `ruleset`
    /// (a nimber for impartial rules), and with misère play if `misere` (impartial
    /// rules), what misère play says of it.
    pub(super) fn value(
        &self,
        ruleset: Ruleset,
        pos: &WidePosition,
        misere: bool,
    ) -> Result<(GameId, Option<(Misere, Cgsuite)>)> {
        let rules = graph_on_shapes(ruleset).ok_or_else(|| {
            Error::Limit(format!(
                "rules {} are valued on graphs of at most 64 vertices (a scoring game does not split into sums; this position has {})",
                ruleset.name(),
                pos.graph.n()
            ))
        })?;
        let solver = self.normal.get_or_init(|| ShapedSolver::new(rules));
        let shape = started(ruleset, pos);
        if let Ruleset::Partizan(_) = ruleset {
            return Ok((solver.value(&shape)?, None));
        }
        let nim = GameId::nimber(solver.nim_value(&shape)?);
        if !misere {
            return Ok((nim, None));
        }
        let m = self
            .misere
            .get_or_init(|| ShapedMisereSolver::new(rules))
            .as_ref()
            .expect("impartial rules have misère play");
        Ok((nim, Some(m.misere_cgsuite(&shape)?)))
    }
}

/// Why a position of rules on graphs beyond 64 vertices has its value (`explain`): its
/// options, as [`explain_shape`] shows those of a game on shapes, each option written
/// as its graph6 and colouring.
pub fn explain_wide(ruleset: Ruleset, pos: &WidePosition) -> Result<Explanation> {
    let rules = graph_on_shapes(ruleset).ok_or_else(|| {
        Error::Limit(format!(
            "rules {} are explained on graphs of at most 64 vertices (this position has {})",
            ruleset.name(),
            pos.graph.n()
        ))
    })?;
    explain_shape(rules, &started(ruleset, pos))
}

/// The shape of `pos` as play starts: for partizan rules, what
/// [`PartizanRules::start_wide`](crate::rules::PartizanRules::start_wide) keeps of it,
/// coloured.
fn started(ruleset: Ruleset, pos: &WidePosition) -> Shape {
    match (ruleset, &pos.colouring) {
        (Ruleset::Partizan(r), Some(c)) => {
            let keep = r.start_wide(&pos.graph, c);
            shape_of(&pos.graph.induced(&keep), Some(&c.induced(&keep)))
        }
        _ => shape_of(&pos.graph, None),
    }
}

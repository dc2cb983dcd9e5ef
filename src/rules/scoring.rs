//! The trait of scoring games on graphs: the players alternately fill empty vertices,
//! each move adds points to the mover's score, and when every vertex is filled the
//! scores decide (not normal play: the values are optimal score margins, not canonical
//! forms). A position is a [`Board`]: the graph, which vertices are still empty, and per
//! vertex whatever the rules need to remember about it (a label).

use crate::graphs::{CanonKey, Graph};

/// A position of a scoring game on a graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The graph.
    pub graph: Graph,
    /// The empty vertices.
    pub empty: u64,
    /// Per vertex: what the rules remember about it (e.g. the numbers its filled
    /// neighbours forbid, and its largest useful number).
    pub labels: [u128; 64],
    /// Per vertex: what was written there (0: nothing yet).
    pub written: [u32; 64],
}

/// One move: the vertex filled and the number (or mark) written, which is also the
/// points the mover scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoringMove {
    /// The vertex.
    pub vertex: usize,
    /// What is written, and scored.
    pub points: u32,
}

/// A scoring game played on a graph.
pub trait ScoringRules: Send + Sync {
    /// The name used on the command line and in job files.
    fn name(&self) -> &'static str;

    /// One line saying what the game is.
    fn description(&self) -> &'static str;

    /// Whether the lower total wins (else the higher).
    fn lower_wins(&self) -> bool;

    /// The board a graph starts as; `extra` raises every vertex's largest number (see the
    /// ruleset).
    fn start(&self, g: &Graph, extra: u32) -> Board;

    /// Why `g` with the option `extra` is beyond what [`ScoringRules::start`] can
    /// represent, if it is (default: never).
    fn beyond_limits(&self, _g: &Graph, _extra: u32) -> Option<String> {
        None
    }

    /// The moves of the player to move. A ruleset may leave out moves that are never
    /// better than one it keeps (it must say why).
    fn moves(&self, b: &Board, out: &mut Vec<ScoringMove>);

    /// Plays `m` on `b` in place; returns what [`ScoringRules::undo`] needs to take it
    /// back (the solver plays and takes back moves instead of copying boards).
    fn apply(&self, b: &mut Board, m: ScoringMove) -> u64;

    /// Takes back `m`, which [`ScoringRules::apply`] played and answered `token`.
    fn undo(&self, b: &mut Board, m: ScoringMove, token: u64);

    /// What the rest of the game depends on, as an exact key invariant under relabelling
    /// (so that isomorphic remainders share one memo entry).
    fn key(&self, b: &Board) -> CanonKey;
}

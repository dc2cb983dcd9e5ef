//! Rulesets on graphs, one file each, behind one trait per kind of game.
//!
//! Impartial rulesets implement [`ImpartialRules`]: a position is a graph, and a move
//! leaves the subgraph induced by some vertex subset. Every ruleset here is invariant
//! under graph isomorphism, which the solver relies on (it plays one move per orbit).
//! Partizan rulesets on coloured graphs implement [`PartizanRules`] (Cutthroat, partizan
//! Node Kayles, Clobber).

pub mod clique_forming;
pub mod clobber;
pub mod cutthroat;
pub mod impartial_cutthroat;
pub mod node_kayles;
pub mod partizan;
pub mod partizan_node_kayles;

pub use partizan::PartizanRules;

use crate::error::{Error, Result};
use crate::graphs::Graph;

/// An impartial game played on a graph.
pub trait ImpartialRules: Send + Sync {
    /// The name used on the command line and in job files.
    fn name(&self) -> &'static str;

    /// Whether a position is the disjunctive sum of its connected components (so that
    /// its nim-value is the XOR of theirs).
    fn decomposes(&self) -> bool {
        true
    }

    /// The vertices left after the move "choose `v`" in `g`, or `None` if that move is
    /// illegal. The new position is the subgraph of `g` induced by the returned mask.
    fn play(&self, g: &Graph, v: usize) -> Option<u64>;
}

/// A ruleset as selected by name.
#[derive(Clone, Copy)]
pub enum Ruleset {
    Impartial(&'static dyn ImpartialRules),
    Partizan(&'static dyn PartizanRules),
}

/// All rulesets, in the order `--help` lists them.
pub const IMPARTIAL: [&'static dyn ImpartialRules; 3] = [
    &node_kayles::NodeKayles,
    &impartial_cutthroat::ImpartialCutthroat,
    &clique_forming::CliqueForming,
];

impl Ruleset {
    /// Looks a ruleset up by name; unknown names are a usage error listing the known ones.
    pub fn from_name(name: &str) -> Result<Ruleset> {
        let name = name.trim();
        if let Some(&r) = IMPARTIAL.iter().find(|r| r.name() == name) {
            return Ok(Ruleset::Impartial(r));
        }
        if let Some(&r) = PARTIZAN.iter().find(|r| r.name() == name) {
            return Ok(Ruleset::Partizan(r));
        }
        let known: Vec<&str> = IMPARTIAL
            .iter()
            .map(|r| r.name())
            .chain(PARTIZAN.iter().map(|r| r.name()))
            .collect();
        Err(Error::usage(format!(
            "unknown rules {name:?}; known rules: {}",
            known.join(", ")
        )))
    }

    pub fn name(&self) -> &'static str {
        match self {
            Ruleset::Impartial(r) => r.name(),
            Ruleset::Partizan(r) => r.name(),
        }
    }

    /// Number of vertex colours the rules read (0: uncoloured graphs).
    pub fn colours(&self) -> usize {
        match self {
            Ruleset::Impartial(_) => 0,
            Ruleset::Partizan(r) => r.colours(),
        }
    }

    /// Whether the rules change `pos` before play starts (for Cutthroat: it has a
    /// monochromatic component), so that it equals a smaller position.
    pub fn reduced_at_start(&self, pos: &crate::graphs::Position) -> bool {
        match (self, &pos.colouring) {
            (Ruleset::Partizan(r), Some(c)) => r.start(&pos.graph, c) != pos.graph.vertices(),
            _ => false,
        }
    }

    /// Whether every position is all-small (the CSV then has an `atomic_weight` column).
    pub fn all_small(&self) -> bool {
        match self {
            Ruleset::Impartial(_) => false,
            Ruleset::Partizan(r) => r.all_small(),
        }
    }
}

/// The partizan rulesets.
pub const PARTIZAN: [&'static dyn PartizanRules; 3] = [
    &cutthroat::Cutthroat,
    &partizan_node_kayles::PartizanNodeKayles,
    &clobber::Clobber,
];

//! Rulesets on graphs, one file each, behind one trait per kind of game, and the one
//! registry [`RULESETS`] that the command line (`--rules` and its help), job validation,
//! the CSV columns and the summaries are derived from.
//!
//! Kinds: impartial rules ([`ImpartialRules`], values are nimbers), partizan rules
//! ([`PartizanRules`], canonical forms), scoring games ([`ScoringRules`], optimal score
//! margins). Every ruleset is invariant under (colour-
//! preserving) graph isomorphism, which the solvers rely on. Adding a ruleset of an
//! existing kind is one file and one line in [`RULESETS`].

pub mod amazons;
pub mod board_game;
pub mod chomp;
pub mod chomp_table;
pub mod clique_forming;
pub mod clobber;
pub mod clobber_board;
pub mod col;
pub mod cram;
pub mod cutthroat;
pub mod domineering;
pub mod dominoes;
pub mod fission;
pub mod graph_on_shapes;
pub mod grundy_colouring;
pub mod hackenbush;
mod hackenbush_census;
mod hackenbush_graph6;
mod hackenbush_labels;
pub mod hackenbush_stalks;
pub mod impartial;
pub mod impartial_cutthroat;
pub mod konane;
pub mod moves;
pub mod node_kayles;
pub mod partizan;
pub mod partizan_node_kayles;
pub mod poset;
pub mod rules_file;
pub mod scoring;
pub mod shape_rules;
pub mod snort;
pub mod tinting;
pub mod toads_and_frogs;
pub mod toppling_dominoes;

pub use impartial::ImpartialRules;
pub use moves::{Act, Player};
pub use partizan::PartizanRules;
pub use scoring::ScoringRules;
pub use shape_rules::ShapedRules;

use crate::error::{Error, Result};
use crate::graphs::palette::Palette;
use crate::graphs::{Colouring, Position, WideColouring, WidePosition};

/// Every ruleset, one line each, in the order `--help` lists them.
pub const RULESETS: &[Ruleset] = &[
    Ruleset::Impartial(&node_kayles::NodeKayles),
    Ruleset::Impartial(&impartial_cutthroat::ImpartialCutthroat),
    Ruleset::Impartial(&clique_forming::CliqueForming),
    Ruleset::Partizan(&cutthroat::Cutthroat),
    Ruleset::Partizan(&partizan_node_kayles::PartizanNodeKayles),
    Ruleset::Partizan(&clobber::Clobber),
    Ruleset::Partizan(&snort::SNORT),
    Ruleset::Partizan(&col::COL),
    Ruleset::Scoring(&grundy_colouring::GrundyColouring),
    Ruleset::Shaped(&domineering::Domineering),
    Ruleset::Shaped(&cram::Cram),
    Ruleset::Shaped(&hackenbush::Hackenbush),
    Ruleset::Shaped(&poset::PosetGame),
    Ruleset::Shaped(&chomp::Chomp),
    Ruleset::Shaped(&clobber_board::ClobberBoard),
    Ruleset::Shaped(&konane::Konane),
    Ruleset::Shaped(&toppling_dominoes::TopplingDominoes),
    Ruleset::Shaped(&toads_and_frogs::ToadsAndFrogs),
    Ruleset::Shaped(&fission::Fission),
    Ruleset::Shaped(&amazons::Amazons),
];

/// What a ruleset does with a graph given without a colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Uncoloured {
    /// It plays on uncoloured graphs (and refuses colourings).
    Plain,
    /// It needs a colouring (one letter per vertex).
    Refused,
    /// Every vertex gets this colour label (e.g. Snort's "every vertex still free").
    AllOf(u8),
}

/// A ruleset, by kind.
#[derive(Clone, Copy)]
pub enum Ruleset {
    /// An impartial game.
    Impartial(&'static dyn ImpartialRules),
    /// A partizan game.
    Partizan(&'static dyn PartizanRules),
    /// A scoring game.
    Scoring(&'static dyn ScoringRules),
    /// A game on positions of any shape (boards, edge-labelled graphs, posets): see
    /// [`ShapedRules`].
    Shaped(&'static dyn ShapedRules),
}

/// A ruleset shows as its name.
impl std::fmt::Debug for Ruleset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Ruleset({})", self.name())
    }
}

impl Ruleset {
    /// Looks a ruleset up by name; unknown names are a usage error listing the known ones.
    pub fn from_name(name: &str) -> Result<Ruleset> {
        let name = name.trim();
        if let Some(path) = name.strip_prefix("file:") {
            return rules_file::load(std::path::Path::new(path.trim()));
        }
        RULESETS
            .iter()
            .find(|r| r.name() == name)
            .copied()
            .ok_or_else(|| {
                let known: Vec<&str> = RULESETS.iter().map(|r| r.name()).collect();
                Error::usage(format!(
                    "unknown rules {}; known rules: {}",
                    crate::error::quoted(name),
                    known.join(", ")
                ))
            })
    }

    /// The rules on shapes named `name`, or `None` if `name` is unknown or played on
    /// graphs.
    pub fn shaped(name: &str) -> Option<&'static dyn ShapedRules> {
        match Ruleset::from_name(name) {
            Ok(Ruleset::Shaped(r)) => Some(r),
            _ => None,
        }
    }

    /// The name used on the command line and in job files.
    pub fn name(&self) -> &'static str {
        match self {
            Ruleset::Impartial(r) => r.name(),
            Ruleset::Partizan(r) => r.name(),
            Ruleset::Scoring(r) => r.name(),
            Ruleset::Shaped(r) => r.name(),
        }
    }

    /// One line saying what the game is.
    pub fn description(&self) -> &'static str {
        match self {
            Ruleset::Impartial(r) => r.description(),
            Ruleset::Partizan(r) => r.description(),
            Ruleset::Scoring(r) => r.description(),
            Ruleset::Shaped(r) => r.description(),
        }
    }

    /// `impartial`, `partizan` or `scoring`.
    pub fn kind(&self) -> &'static str {
        match self {
            Ruleset::Impartial(_) => "impartial",
            Ruleset::Partizan(_) => "partizan",
            Ruleset::Scoring(_) => "scoring",
            Ruleset::Shaped(r) => match r.kind() {
                shape_rules::Kind::Impartial => "impartial",
                shape_rules::Kind::Partizan => "partizan",
            },
        }
    }

    /// The colours the rules read ([`Palette::NONE`] for uncoloured games).
    pub fn palette(&self) -> Palette {
        match self {
            Ruleset::Impartial(_) | Ruleset::Scoring(_) | Ruleset::Shaped(_) => Palette::NONE,
            Ruleset::Partizan(r) => r.palette(),
        }
    }

    /// What an uncoloured graph means to the rules.
    pub fn uncoloured(&self) -> Uncoloured {
        match self {
            Ruleset::Impartial(_) | Ruleset::Scoring(_) | Ruleset::Shaped(_) => Uncoloured::Plain,
            Ruleset::Partizan(r) => r.uncoloured(),
        }
    }

    /// Whether the rules change `pos` before play starts (for Cutthroat: it has a
    /// monochromatic component), so that it equals a smaller position.
    pub fn reduced_at_start(&self, pos: &Position) -> bool {
        match (self, &pos.colouring) {
            (Ruleset::Partizan(r), Some(c)) => r.start(&pos.graph, c) != pos.graph.vertices(),
            _ => false,
        }
    }

    /// Whether every position is all-small (the CSV then has an `atomic_weight` column).
    pub fn all_small(&self) -> bool {
        match self {
            Ruleset::Impartial(_) | Ruleset::Scoring(_) | Ruleset::Shaped(_) => false,
            Ruleset::Partizan(r) => r.all_small(),
        }
    }

    /// The position as the rules take it: checks that a colouring is given exactly when
    /// the rules read one, and fills in the colouring an uncoloured graph stands for.
    pub fn prepare(&self, pos: Position) -> Result<Position> {
        Ok(match self.fill_colour(pos.colouring.is_some())? {
            Some(c) => {
                let mut col = Colouring::uniform(pos.graph.n());
                for v in 0..pos.graph.n() {
                    col.set(v, c);
                }
                Position {
                    graph: pos.graph,
                    colouring: Some(col),
                }
            }
            None => pos,
        })
    }

    /// [`Ruleset::prepare`] for a position of any size.
    pub fn prepare_wide(&self, pos: WidePosition) -> Result<WidePosition> {
        Ok(match self.fill_colour(pos.colouring.is_some())? {
            Some(c) => WidePosition {
                colouring: Some(WideColouring(vec![c; pos.graph.n()])),
                graph: pos.graph,
            },
            None => pos,
        })
    }

    /// Whether a graph given with (`coloured`) or without a colouring is one of these
    /// rules' positions, and the colour every vertex takes when none is given and the
    /// rules fill one in (`Some`).
    fn fill_colour(&self, coloured: bool) -> Result<Option<u8>> {
        if let Ruleset::Shaped(r) = self {
            return Err(Error::usage(format!(
                "rules {} are played on a {}, not a graph6 graph: {}",
                r.name(),
                r.notation(),
                r.notation_help()
            )));
        }
        match (self.uncoloured(), coloured) {
            (Uncoloured::Plain, true) => Err(Error::usage(format!(
                "rules {} are played on uncoloured graphs; drop the colouring",
                self.name()
            ))),
            (Uncoloured::Refused, false) => Err(Error::usage(format!(
                "rules {} need a colouring (one letter per vertex: {})",
                self.name(),
                self.palette().describe()
            ))),
            (Uncoloured::AllOf(c), false) => Ok(Some(c)),
            _ => Ok(None),
        }
    }

    /// Lines `name  description` for every ruleset (for `--help`).
    pub fn help_list() -> String {
        let width = RULESETS.iter().map(|r| r.name().len()).max().unwrap_or(0);
        RULESETS
            .iter()
            .map(|r| format!("{:width$}  {}", r.name(), r.description()))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

//! Misère play of impartial games on shapes (Cram, poset games, Chomp): outcomes, genus
//! symbols and tameness, exact, as [`super::misere`] computes them for graph games.
//!
//! Nothing adds nim-values: a position is the multiset of its parts
//! ([`ShapedRules::components`]), each interned once under [`ShapedRules::key`] (found
//! first by its labelled key, as the normal-play solver does) with its options as sorted
//! multisets of part ids; the genus of every multiset met is memoised and computed from
//! its options' genera ([`super::misere::sum_misere`]). A part without moves is the game
//! 0 and is left out of sums. The genus as CGSuite prints it needs each position's misère
//! simplest form: [`ShapedMisereSolver::misere_cgsuite`] ([`super::misere_forms`]).

use std::sync::Arc;
use std::sync::atomic::AtomicU32;

use dashmap::DashMap;

use super::misere::{Cgsuite, Misere, Sum, ZERO, intern, sum_misere};
use super::misere_forms::CensusForms;
use super::shape_solver::{Valuing, labelled_key};
use crate::error::Result;
use crate::rules::shape_rules::{Kind, Player, ShapedRules};
use crate::shapes::{Shape, ShapeKey};

/// The misère solver of one impartial ruleset on shapes, with its memo tables.
pub struct ShapedMisereSolver {
    rules: &'static dyn ShapedRules,
    ids: DashMap<ShapeKey, u32, crate::hash::Xxh3Build>,
    labelled: DashMap<Box<[u64]>, u32, crate::hash::Xxh3Build>,
    options: DashMap<u32, Arc<[Sum]>>,
    next: AtomicU32,
    sums: DashMap<Sum, Misere>,
    forms: CensusForms,
}

impl ShapedMisereSolver {
    /// A solver with empty tables; `None` for partizan rules.
    pub fn new(rules: &'static dyn ShapedRules) -> Option<ShapedMisereSolver> {
        (rules.kind() == Kind::Impartial).then(|| ShapedMisereSolver {
            rules,
            ids: DashMap::default(),
            labelled: DashMap::default(),
            options: DashMap::new(),
            next: AtomicU32::new(0),
            sums: DashMap::new(),
            forms: CensusForms::default(),
        })
    }

    /// Distinct parts, sums and misère simplest forms memoised so far.
    pub fn sizes(&self) -> (usize, usize, usize) {
        (self.options.len(), self.sums.len(), self.forms.len())
    }

    /// The misère genus and outcome of the position `s`.
    pub fn misere(&self, s: &Shape) -> Result<Misere> {
        let sum = self.parts(s)?;
        sum_misere(&sum, &self.sums, &|id| self.part_options(id))
    }

    /// [`ShapedMisereSolver::misere`], and what CGSuite says of the position's misère
    /// simplest form ([`super::misere_forms`]): the genus as it prints it, and `IsTame`.
    pub fn misere_cgsuite(&self, s: &Shape) -> Result<(Misere, Cgsuite)> {
        let sum = self.parts(s)?;
        let part_options = |id| self.part_options(id);
        let m = sum_misere(&sum, &self.sums, &part_options)?;
        let c = self.forms.symbol_of_sum(&sum, &m.genus, &part_options)?;
        Ok((m, c))
    }

    fn part_options(&self, id: u32) -> Arc<[Sum]> {
        self.options
            .get(&id)
            .map(|o| o.clone())
            .expect("an interned part has its options")
    }

    /// The sorted ids of the parts of `s` that have moves.
    fn parts(&self, s: &Shape) -> Result<Sum> {
        let mut out = Sum::new();
        for part in self.rules.components(s) {
            let id = self.intern(&part)?;
            if id != ZERO {
                out.push(id);
            }
        }
        out.sort_unstable();
        Ok(out)
    }

    /// The id of a part, interning it with its options if it is new.
    fn intern(&self, part: &Shape) -> Result<u32> {
        let exact = labelled_key(part, self.rules);
        if let Some(id) = self.labelled.get(&exact) {
            return Ok(*id);
        }
        let key = self.rules.key(part);
        let id = match self.ids.get(&key).map(|r| *r) {
            Some(id) => id,
            None => {
                let guard = Valuing::enter(self.rules, &key)?;
                let mut moves = Vec::new();
                self.rules.moves(part, Player::Left, &mut moves);
                let mut options = Vec::with_capacity(moves.len());
                for m in &moves {
                    options.push(self.parts(&m.after)?);
                }
                drop(guard);
                options.sort_unstable();
                options.dedup();
                intern(&self.ids, &self.next, &self.options, key, options, "parts")?
            }
        };
        self.labelled.insert(exact, id);
        Ok(id)
    }
}

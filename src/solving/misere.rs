//! Misère play of impartial graph games: outcomes, genus symbols and tameness, exact.
//!
//! Under misère play the player who cannot move wins. The misère outcome of a sum is
//! not a function of its components' nim-values (nor of their genera, except for tame
//! games), so nothing here adds values of components: a position is the *multiset* of
//! its components, each named by its canonical key (nauty), and the genus of every
//! multiset met is memoised, computed from the genera of its options ([`Genus`]: the
//! options of a sum are the sums with one component replaced by one of its options).
//! The misère outcome is read off the genus: P iff the misère nim-value `γ0` is 0.
//! The `genus` column prints the genus as CGSuite does, abbreviated by the phylum of the
//! position's misère simplest form, and the `tame` column is CGSuite's `IsTame` of that
//! form ([`MisereSolver::misere_cgsuite`], built by [`super::misere_forms`] from the
//! parts' forms, memoised by part id).
//!
//! - A component is interned once: its canonical key gets an id, and its options (one
//!   move per orbit of its automorphism group) are stored as sorted multisets of ids.
//!   Components on at most [`SMALL_MAX`] vertices are also found by their labelled
//!   adjacency (no nauty call), as in [`super::labelled`].
//! - A component without moves (an isolated vertex in Impartial Cutthroat) is the game 0,
//!   which changes no sum: it is left out of the multiset.
//! - Rules that do not decompose (clique-forming) have one part: the whole position.
//! - Components of at least the census's largest size are not interned (each is met once).

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use dashmap::DashMap;

use super::misere_forms::CensusForms;
pub use super::misere_forms::{Cgsuite, Sum};
use crate::error::{Error, Result};
use crate::graphs::canon::{CanonKey, KeyHasher, with_canonizer};
use crate::graphs::{Bits, Graph};
use crate::rules::ImpartialRules;
use crate::values::Outcome;
use crate::values::genus::Genus;

/// Components this small are looked up by their labelled adjacency first.
pub const SMALL_MAX: usize = 7;

const UNKNOWN: u32 = u32::MAX;
/// The id of a component without moves (it is left out of sums).
pub(crate) const ZERO: u32 = u32::MAX - 1;

/// What misère play says of a position (from its game tree).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Misere {
    /// The genus symbol (its `γ0` is the misère nim-value).
    pub genus: Genus,
}

impl Misere {
    /// N or P under misère play.
    pub fn outcome(&self) -> Outcome {
        if self.genus.misere_p() {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

/// The misère solver of one impartial ruleset, with its memo tables (shared by threads).
pub struct MisereSolver {
    rules: &'static dyn ImpartialRules,
    ids: DashMap<CanonKey, u32, KeyHasher>,
    small: Vec<Vec<AtomicU32>>,
    options: DashMap<u32, Arc<[Sum]>>,
    next: AtomicU32,
    sums: DashMap<Sum, Misere>,
    store_below: usize,
    forms: CensusForms,
}

impl MisereSolver {
    /// A solver with empty tables.
    pub fn new(rules: &'static dyn ImpartialRules) -> MisereSolver {
        MisereSolver {
            rules,
            ids: DashMap::with_hasher(KeyHasher::default()),
            small: (0..=SMALL_MAX)
                .map(|n| {
                    (0..1usize << (n * n.saturating_sub(1) / 2))
                        .map(|_| AtomicU32::new(UNKNOWN))
                        .collect()
                })
                .collect(),
            options: DashMap::new(),
            next: AtomicU32::new(0),
            sums: DashMap::new(),
            store_below: usize::MAX,
            forms: CensusForms::default(),
        }
    }

    /// Components with `n` or more vertices are not interned (see
    /// [`super::ImpartialSolver::store_below`]).
    pub fn store_below(mut self, n: usize) -> MisereSolver {
        self.store_below = n;
        self
    }

    /// Distinct components, sums and misère simplest forms memoised so far.
    pub fn sizes(&self) -> (usize, usize, usize) {
        (self.options.len(), self.sums.len(), self.forms.len())
    }

    /// The misère genus and outcome of the position `g`.
    pub fn misere(&self, g: &Graph) -> Result<Misere> {
        Ok(self.solve(g, false)?.0)
    }

    /// [`MisereSolver::misere`], and what CGSuite says of the position's misère simplest
    /// form ([`super::misere_forms`]): the genus as it prints it, and `IsTame`.
    pub fn misere_cgsuite(&self, g: &Graph) -> Result<(Misere, Cgsuite)> {
        let (m, c) = self.solve(g, true)?;
        Ok((m, c.expect("asked for")))
    }

    fn solve(&self, g: &Graph, cgsuite: bool) -> Result<(Misere, Option<Cgsuite>)> {
        let part_options = |id| self.component_options(id);
        let whole = !self.rules.decomposes() || g.is_connected();
        if g.n() > 0 && whole && g.n() >= self.store_below {
            let options = self.options_of(g, g.vertices())?;
            let m = self.of_options(&options)?;
            let symbol = match cgsuite {
                true => Some(
                    self.forms
                        .symbol_of_options(&options, &m.genus, &part_options)?,
                ),
                false => None,
            };
            return Ok((m, symbol));
        }
        let mut s = Sum::new();
        self.parts(g, g.vertices(), &mut s)?;
        let m = self.of_sum(&s)?;
        let symbol = match cgsuite {
            true => Some(self.forms.symbol_of_sum(&s, &m.genus, &part_options)?),
            false => None,
        };
        Ok((m, symbol))
    }

    /// The misère facts of a sum of interned components.
    fn of_sum(&self, s: &Sum) -> Result<Misere> {
        sum_misere(s, &self.sums, &|id| self.component_options(id))
    }

    fn of_options(&self, options: &[Sum]) -> Result<Misere> {
        options_misere(options, &self.sums, &|id| self.component_options(id))
    }

    fn component_options(&self, id: u32) -> Arc<[Sum]> {
        self.options
            .get(&id)
            .map(|o| o.clone())
            .expect("an interned component has its options")
    }

    /// Appends the ids of the parts of the subgraph of `g` induced by `mask`.
    fn parts(&self, g: &Graph, mask: u64, out: &mut Sum) -> Result<()> {
        if mask == 0 {
            return Ok(());
        }
        if !self.rules.decomposes() {
            let id = self.intern(&g.induced(mask))?;
            if id != ZERO {
                out.push(id);
            }
        } else {
            for c in g.components_in(mask) {
                let id = self.intern(&g.induced(c))?;
                if id != ZERO {
                    out.push(id);
                }
            }
        }
        out.sort_unstable();
        Ok(())
    }

    /// The options of `g` by the moves in `moves`, as sorted, distinct sums.
    fn options_of(&self, g: &Graph, moves: u64) -> Result<Vec<Sum>> {
        let rests = match self.rules.options(g) {
            Some(rests) => rests,
            None => Bits(moves).filter_map(|v| self.rules.play(g, v)).collect(),
        };
        let mut options = Vec::new();
        for rest in rests {
            let mut s = Sum::new();
            self.parts(g, rest, &mut s)?;
            options.push(s);
        }
        options.sort_unstable();
        options.dedup();
        Ok(options)
    }

    /// The id of the part `g` (a connected component, or the whole position for rules
    /// that do not decompose), interning it with its options if it is new.
    fn intern(&self, g: &Graph) -> Result<u32> {
        let n = g.n();
        let small = n <= SMALL_MAX;
        if small {
            let id = self.small[n][small_index(g)].load(Ordering::Relaxed);
            if id != UNKNOWN {
                return Ok(id);
            }
        }
        let (key, reps) = with_canonizer(|c| {
            let key = c.canonize(g, None, false);
            (key, c.orbit_reps())
        });
        let id = match self.ids.get(&key).map(|r| *r) {
            Some(id) => id,
            None => {
                let options = self.options_of(g, reps)?;
                intern(
                    &self.ids,
                    &self.next,
                    &self.options,
                    key,
                    options,
                    "components",
                )?
            }
        };
        if small {
            self.small[n][small_index(g)].store(id, Ordering::Relaxed);
        }
        Ok(id)
    }
}

/// The misère facts of the sum `s` of interned components (sorted ids), memoised in
/// `sums`; `options(id)` gives a component's options (sorted multisets of ids). Shared by
/// the graph solver here and the one for shapes ([`super::misere_shaped`]).
pub(crate) fn sum_misere(
    s: &Sum,
    sums: &DashMap<Sum, Misere>,
    options: &dyn Fn(u32) -> Arc<[Sum]>,
) -> Result<Misere> {
    if s.is_empty() {
        return Ok(Misere {
            genus: Genus::zero(),
        });
    }
    if let Some(m) = sums.get(s) {
        return Ok(m.clone());
    }
    let mut opts: Vec<Sum> = Vec::new();
    for (i, &id) in s.iter().enumerate() {
        if i > 0 && s[i - 1] == id {
            continue;
        }
        for o in options(id).iter() {
            let mut t: Sum = s[..i].iter().chain(&s[i + 1..]).copied().collect();
            t.extend_from_slice(o);
            t.sort_unstable();
            opts.push(t);
        }
    }
    opts.sort_unstable();
    opts.dedup();
    let m = options_misere(&opts, sums, options)?;
    sums.insert(s.clone(), m.clone());
    Ok(m)
}

/// The misère facts of the game whose options are the sums `opts`.
pub(crate) fn options_misere(
    opts: &[Sum],
    sums: &DashMap<Sum, Misere>,
    options: &dyn Fn(u32) -> Arc<[Sum]>,
) -> Result<Misere> {
    let mut genera = Vec::with_capacity(opts.len());
    for o in opts {
        genera.push(sum_misere(o, sums, options)?.genus);
    }
    let genus = Genus::of_options(genera.iter())?;
    Ok(Misere { genus })
}

/// The index of a labelled graph on at most [`SMALL_MAX`] vertices: its lower-triangle
/// adjacency bits.
fn small_index(g: &Graph) -> usize {
    let mut idx = 0usize;
    let mut shift = 0;
    for (i, &row) in g.rows().iter().enumerate().skip(1) {
        idx |= ((row & ((1 << i) - 1)) as usize) << shift;
        shift += i;
    }
    idx
}

/// The id of the part with key `key` and the option sums `options` (sorted, distinct),
/// made on first meeting: 0 (`ZERO`) for a part with no move, otherwise the next free id
/// with its options recorded. Shared by the misère solvers of graphs and of shapes;
/// `what` names the parts in the limit error.
pub(super) fn intern<K: std::hash::Hash + Eq, S: std::hash::BuildHasher + Clone>(
    ids: &DashMap<K, u32, S>,
    next: &AtomicU32,
    all_options: &DashMap<u32, Arc<[Sum]>>,
    key: K,
    options: Vec<Sum>,
    what: &str,
) -> Result<u32> {
    if options.is_empty() {
        ids.insert(key, ZERO);
        return Ok(ZERO);
    }
    match ids.entry(key) {
        dashmap::Entry::Occupied(e) => Ok(*e.get()),
        dashmap::Entry::Vacant(e) => {
            let id = next.fetch_add(1, Ordering::Relaxed);
            if id >= ZERO {
                return Err(Error::Limit(format!(
                    "more than 4 billion distinct {what} in the misère tables"
                )));
            }
            all_options.insert(id, options.into());
            e.insert(id);
            Ok(id)
        }
    }
}

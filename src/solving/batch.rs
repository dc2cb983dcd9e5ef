//! A census's fast path for vertex-removal rules (Cutthroat, partizan Node Kayles): the
//! colourings of one graph are evaluated together, with what does not depend on the
//! colouring worked out once per graph.
//!
//! A census hands over a graph with every colouring it keeps. For such rules
//! ([`PartizanRules::removes`]) a move at `v` leaves the components of `G − removes(v)`
//! whatever the colours, so each graph gets a *plan*: for each vertex, the components
//! left, each with its canonical labelling and automorphism group (one nauty call per
//! component per graph, shared by up to `K^n` colourings). A coloured component is then
//! looked up without nauty: its uncoloured class (canonical adjacency) owns an array of
//! `K^k` value slots, indexed by the least code of the colouring over the class's
//! automorphism group (two colourings of one graph are isomorphic iff an automorphism
//! maps one onto the other, so the least code is exact). A slot found empty is computed
//! from the moves of the class's canonical graph, planned the same way once per class
//! (so components are valued by class all the way down: one nauty call per uncoloured
//! class, none per colouring), and filled. The classes, their slots and the parts are
//! [`super::classes`]'s; this file values the colourings.
//!
//! The position itself is valued from its options the same way; a census's largest
//! positions are given once each and get no slots: instead the B/W swap of a colouring
//! (its value the negative, for rules that say so) is answered from the graph's own
//! earlier colourings.
//!
//! Components whose class has more than [`MAX_GROUP`] automorphisms or too many
//! colourings for an array, and every class once the arrays and plans reach their
//! byte cap, take the solver's general path (labelled memo, nauty, canonical table): values never depend on which path computed them (a test compares
//! both on every coloured graph up to 7 vertices).

use std::sync::atomic::Ordering;

use smallvec::SmallVec;

use super::classes::{ClassStore, EMPTY, MAX_OWN, Moves, Part, plan_moves};
use super::partizan::PartizanSolver;
use crate::graphs::{Colouring, Graph};
use crate::rules::partizan::owns;
use crate::rules::{PartizanRules, Player};
use crate::values::game::GameId;
use crate::values::limits::Limit;

impl PartizanSolver {
    /// The plan of graph `g` (connected) whose colourings with `k` colours (2 or 3) are
    /// to be valued, if the rules remove vertices. The graph's own values are kept by
    /// class if it is smaller than [`PartizanSolver::labelled_below`].
    pub fn plan(&self, g: &Graph, k: usize) -> Option<Plan<'_>> {
        if !self.rules().decomposes() {
            return None;
        }
        let store = self.class_store(k)?;
        Plan::new(self, store, g, self.keeps_labelled(g.n()))
    }
}

/// Counters of one graph, added to the store's once the graph is done.
#[derive(Default)]
struct Count {
    lookups: u64,
    hits: u64,
}

/// The plan of one graph: the graph itself as a part, and the parts each move leaves.
pub struct Plan<'a> {
    solver: &'a PartizanSolver,
    rules: &'static dyn PartizanRules,
    store: &'a ClassStore,
    g: Graph,
    whole: Part,
    moves: Moves,
    /// Values of this graph's colourings by least code, for graphs without slots.
    own: Vec<u32>,
    count: Count,
}

impl<'a> Plan<'a> {
    /// Plans `g` (connected) for `solver`, whose rules remove vertices; `keep`: whether
    /// the graph's own values go to its class's slots (graphs smaller than a census's
    /// largest, which come back as components).
    pub fn new(
        solver: &'a PartizanSolver,
        store: &'a ClassStore,
        g: &Graph,
        keep: bool,
    ) -> Option<Plan<'a>> {
        let rules = solver.rules();
        let moves = plan_moves(rules, store, g)?;
        let whole = Part::new(g, g.vertices(), store, MAX_OWN, keep);
        let own = if whole.coded() && whole.slots.is_none() {
            vec![EMPTY; store.k.pow(g.n() as u32)]
        } else {
            Vec::new()
        };
        Some(Plan {
            solver,
            rules,
            store,
            g: *g,
            whole,
            moves,
            own,
            count: Count::default(),
        })
    }

    /// The value of the graph coloured `c`, as [`PartizanSolver::value`] gives it.
    pub fn value(&mut self, c: &Colouring) -> Result<GameId, Limit> {
        let g = &self.g;
        if self.rules.start(g, c) != g.vertices() {
            return self.solver.value(g, c);
        }
        let k = self.store.k as u64;
        let code = self.whole.coded().then(|| self.whole.code(c, k));
        let swapped = if self.whole.coded() && self.rules.negates_under_swap() {
            let mut digits = [0u8; 16];
            for (i, &v) in self.whole.order.iter().enumerate() {
                digits[i] = match c.get(v as usize) {
                    0 => 1,
                    1 => 0,
                    x => x,
                };
            }
            Some(self.whole.least(&digits, k))
        } else {
            None
        };
        if let Some(v) = code.and_then(|x| self.known(x)) {
            return Ok(v);
        }
        if let Some(v) = swapped.and_then(|x| self.known(x)) {
            return Ok(-v);
        }
        let value = options_value(self.solver, self.store, &mut self.count, g, &self.moves, c)?;
        if let Some(code) = code {
            match &self.whole.slots {
                Some(s) => s[code].store(value.to_bits(), Ordering::Relaxed),
                None => self.own[code] = value.to_bits(),
            }
        }
        Ok(value)
    }

    /// The value of this graph's colouring of least code `code`, if already known.
    fn known(&self, code: usize) -> Option<GameId> {
        let x = match &self.whole.slots {
            Some(s) => s[code].load(Ordering::Relaxed),
            None => self.own[code],
        };
        (x != EMPTY).then(|| GameId::from_bits(x))
    }
}

impl Drop for Plan<'_> {
    fn drop(&mut self) {
        self.store
            .lookups
            .fetch_add(self.count.lookups, Ordering::Relaxed);
        self.store
            .hits
            .fetch_add(self.count.hits, Ordering::Relaxed);
    }
}

/// The value of `g` coloured `c` (the rules' start taking every vertex) from its moves,
/// planned as `moves`.
fn options_value(
    solver: &PartizanSolver,
    store: &ClassStore,
    count: &mut Count,
    g: &Graph,
    moves: &Moves,
    c: &Colouring,
) -> Result<GameId, Limit> {
    let mut left: SmallVec<[GameId; 16]> = SmallVec::new();
    let mut right: SmallVec<[GameId; 16]> = SmallVec::new();
    for (v, parts) in moves {
        let colour = c.get(*v);
        let (l, r) = (owns(colour, Player::Left), owns(colour, Player::Right));
        if !l && !r {
            continue;
        }
        // The sum of the parts' values (most moves leave one part: no addition).
        let mut total = None;
        for part in parts {
            let x = part_value(solver, store, count, g, part, c)?;
            total = Some(match total {
                None => x,
                Some(t) => GameId::checked_add(t, x)?,
            });
        }
        let total = total.unwrap_or_else(GameId::zero);
        if l {
            left.push(total);
        }
        if r {
            right.push(total);
        }
    }
    GameId::from_options(&left, &right)
}

/// The value of `part` of `g` coloured `c`: from its slot, else from its class's moves
/// (planned once per class), else by the general path.
fn part_value(
    solver: &PartizanSolver,
    store: &ClassStore,
    count: &mut Count,
    g: &Graph,
    part: &Part,
    c: &Colouring,
) -> Result<GameId, Limit> {
    let general = || solver.value(&g.induced(part.mask), &c.induced(part.mask));
    let Some(class) = &part.slots else {
        return general();
    };
    let code = part.code(c, store.k as u64);
    count.lookups += 1;
    let x = class[code].load(Ordering::Relaxed);
    if x != EMPTY {
        count.hits += 1;
        return Ok(GameId::from_bits(x));
    }
    // The component as its class's canonical graph, coloured as it stands.
    let h = part.canonical_graph(g);
    let mut d = Colouring::uniform(h.n());
    for (i, &v) in part.order.iter().enumerate() {
        d.set(i, c.get(v as usize));
    }
    let rules = solver.rules();
    let moves = class.plan.get_or_init(|| {
        // Kept for the class's life: counted, and only within the cap.
        let moves = plan_moves(rules, store, &h)?;
        let bytes: u64 = moves
            .iter()
            .flat_map(|(_, p)| p)
            .map(Part::bytes)
            .sum::<u64>()
            + 32;
        let cap = store.cap.load(Ordering::Relaxed);
        (store.bytes.fetch_add(bytes, Ordering::Relaxed) + bytes <= cap)
            .then_some(moves)
            .or_else(|| {
                store.bytes.fetch_sub(bytes, Ordering::Relaxed);
                None
            })
    });
    let v = match moves {
        Some(moves) if rules.start(&h, &d) == h.vertices() => {
            options_value(solver, store, count, &h, moves, &d)?
        }
        _ => general()?,
    };
    class[code].store(v.to_bits(), Ordering::Relaxed);
    Ok(v)
}

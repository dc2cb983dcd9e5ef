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
//! class, none per colouring), and filled.
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

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use dashmap::DashMap;
use smallvec::SmallVec;

use super::partizan::PartizanSolver;
use crate::graphs::canon::with_canonizer;
use crate::graphs::{Bits, Colouring, Graph};
use crate::hash::Xxh3Build;
use crate::rules::partizan::owns;
use crate::rules::{PartizanRules, Player};
use crate::values::game::GameId;
use crate::values::limits::Limit;

/// Classes with more automorphisms than this take the general path.
pub const MAX_GROUP: usize = 48;

/// Classes with more colourings than this (`K^k`) take the general path: 3^8, so that
/// the 8-vertex components of a three-colour census with 9 vertices have slots.
pub const MAX_SLOTS: u64 = 6561;

/// Bytes a class costs besides its slots (its key, the map around it, the array's
/// header), an estimate on the safe side.
const CLASS_OVERHEAD: u64 = 96;

/// A census's largest graphs with at most this many colourings (`K^n`) keep their own
/// values by least code (for the B/W swaps).
const MAX_OWN: u64 = 1 << 16;

const EMPTY: u32 = u32::MAX;

/// One uncoloured class: its value slots, `K^k` of them indexed by least code, and
/// once a slot is found empty, the plan of its canonical graph's moves (so that
/// components are valued by class all the way down, never by nauty per colouring).
pub struct Class {
    slots: Box<[AtomicU32]>,
    plan: OnceLock<Option<Moves>>,
}

type Slots = Arc<Class>;

impl std::ops::Index<usize> for Class {
    type Output = AtomicU32;
    #[inline]
    fn index(&self, i: usize) -> &AtomicU32 {
        &self.slots[i]
    }
}

/// The parts each move of a graph leaves, by the vertex moved at.
type Moves = Vec<(usize, SmallVec<[Part; 4]>)>;

/// Plans the moves of `g` (`None` if the rules do not remove vertices).
fn plan_moves(rules: &dyn PartizanRules, store: &ClassStore, g: &Graph) -> Option<Moves> {
    let mut moves = Vec::with_capacity(g.n());
    for v in 0..g.n() {
        let gone = rules.removes(g, v)?;
        let rest = g.vertices() & !gone;
        let parts: SmallVec<[Part; 4]> = g
            .components_in(rest)
            .map(|m| Part::new(g, m, store, MAX_SLOTS, true))
            .collect();
        moves.push((v, parts));
    }
    Some(moves)
}

/// The value slots of every class met, for one number of colours `K`.
pub struct ClassStore {
    k: usize,
    classes: DashMap<u128, Slots, Xxh3Build>,
    bytes: AtomicU64,
    cap: AtomicU64,
    lookups: AtomicU64,
    hits: AtomicU64,
}

impl ClassStore {
    /// An empty store for colourings with `k` colours.
    pub fn new(k: usize) -> ClassStore {
        ClassStore {
            k,
            classes: DashMap::with_hasher(Xxh3Build::default()),
            bytes: AtomicU64::new(0),
            cap: AtomicU64::new(u64::MAX),
            lookups: AtomicU64::new(0),
            hits: AtomicU64::new(0),
        }
    }

    /// The number of colours.
    pub fn colours(&self) -> usize {
        self.k
    }

    /// Caps the bytes of the slot arrays: past it, new classes take the general path
    /// (the arrays held stay).
    pub fn set_cap(&self, bytes: u64) {
        self.cap.store(bytes, Ordering::Relaxed);
    }

    /// Bytes held by the slot arrays.
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// Classes held.
    pub fn classes(&self) -> usize {
        self.classes.len()
    }

    /// Components looked up by class and least code, and how many found their value.
    pub fn lookups(&self) -> (u64, u64) {
        (
            self.lookups.load(Ordering::Relaxed),
            self.hits.load(Ordering::Relaxed),
        )
    }

    /// The slots of the class with canonical key `key` and `k` vertices, made on first
    /// use; `None` past the cap.
    fn slots(&self, key: u128, k: usize) -> Option<Slots> {
        if let Some(s) = self.classes.get(&key) {
            return Some(s.clone());
        }
        let len = (self.k as u64).pow(k as u32);
        let cost = len * 4 + CLASS_OVERHEAD;
        if self.bytes.load(Ordering::Relaxed) + cost > self.cap.load(Ordering::Relaxed) {
            return None;
        }
        let entry = self.classes.entry(key).or_insert_with(|| {
            self.bytes.fetch_add(cost, Ordering::Relaxed);
            Arc::new(Class {
                slots: (0..len).map(|_| AtomicU32::new(EMPTY)).collect(),
                plan: OnceLock::new(),
            })
        });
        Some(entry.clone())
    }
}

/// A permutation of a class's canonical positions.
type SmallPerm = [u8; 16];

/// One component left by a move (or the position itself): its vertices in canonical
/// order, its automorphisms as permutations of canonical positions (the identity first),
/// and its class's slots if it has an array.
struct Part {
    mask: u64,
    order: SmallVec<[u8; 16]>,
    group: Vec<SmallPerm>,
    slots: Option<Slots>,
}

impl Part {
    /// Plans the component `mask` of `g`: coded if it has at most `max_codes`
    /// colourings; `slots`: whether it may have an array.
    fn new(g: &Graph, mask: u64, store: &ClassStore, max_codes: u64, slots: bool) -> Part {
        let k = mask.count_ones() as usize;
        let plain = Part {
            mask,
            order: SmallVec::new(),
            group: Vec::new(),
            slots: None,
        };
        if k > 15
            || (store.k as u64)
                .checked_pow(k as u32)
                .is_none_or(|n| n > max_codes)
        {
            return plain;
        }
        let h = g.induced(mask);
        let verts: SmallVec<[u8; 16]> = Bits(mask).map(|v| v as u8).collect();
        let (key, lab, gens, size) = with_canonizer(|c| {
            let key = c.canonize(&h, None, true).compact();
            let lab: SmallVec<[u8; 16]> = c.lab().iter().map(|&v| v as u8).collect();
            (key, lab, c.generators().to_vec(), c.group_size())
        });
        let Some(key) = key else { return plain };
        if size > MAX_GROUP as f64 {
            return plain;
        }
        let mut at = [0u8; 16];
        for (i, &v) in lab.iter().enumerate() {
            at[v as usize] = i as u8;
        }
        // The group, closed from nauty's generators moved to canonical positions.
        let gens: Vec<SmallPerm> = gens
            .iter()
            .map(|p| {
                let mut q = [0u8; 16];
                for i in 0..k {
                    q[i] = at[p[lab[i] as usize] as usize];
                }
                q
            })
            .collect();
        let mut id = [0u8; 16];
        for (i, x) in id.iter_mut().enumerate() {
            *x = i as u8;
        }
        let mut group = vec![id];
        let mut next = 0;
        while next < group.len() {
            let e = group[next];
            next += 1;
            for s in &gens {
                let mut es = [0u8; 16];
                for i in 0..k {
                    es[i] = e[s[i] as usize];
                }
                if !group.contains(&es) {
                    group.push(es);
                }
            }
        }
        debug_assert_eq!(group.len() as f64, size);
        Part {
            mask,
            order: lab.iter().map(|&j| verts[j as usize]).collect(),
            group,
            slots: if slots && (store.k as u64).pow(k as u32) <= MAX_SLOTS {
                store.slots(key, k)
            } else {
                None
            },
        }
    }

    /// The least code of `c` on this part over its automorphisms (`k` colours).
    #[inline]
    fn code(&self, c: &Colouring, k: u64) -> usize {
        let mut digits = [0u8; 16];
        for (i, &v) in self.order.iter().enumerate() {
            digits[i] = c.get(v as usize);
        }
        self.least(&digits, k)
    }

    /// The least code of the colouring with `digits` at the canonical positions.
    #[inline]
    fn least(&self, digits: &[u8; 16], k: u64) -> usize {
        let len = self.order.len();
        let mut best = u64::MAX;
        for p in &self.group {
            let mut code = 0u64;
            for i in (0..len).rev() {
                code = code * k + digits[p[i] as usize] as u64;
            }
            best = best.min(code);
        }
        best as usize
    }

    /// Bytes it holds (for the store's count), an estimate on the safe side.
    fn bytes(&self) -> u64 {
        96 + 16 * self.group.len() as u64
    }

    /// The class's canonical graph: vertex `i` is the vertex of `g` at canonical
    /// position `i`.
    fn canonical_graph(&self, g: &Graph) -> Graph {
        let mut at = [0usize; 64];
        for (i, &v) in self.order.iter().enumerate() {
            at[v as usize] = i;
        }
        let mut h = Graph::empty(self.order.len());
        for (i, &v) in self.order.iter().enumerate() {
            for u in Bits(g.neighbours(v as usize) & self.mask) {
                if at[u] > i {
                    h.add_edge(i, at[u]);
                }
            }
        }
        h
    }

    /// Whether it can be answered by code (it has an array or, for a census's largest
    /// positions, a group to take least codes with).
    fn coded(&self) -> bool {
        !self.order.is_empty()
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
        let mut total = GameId::zero();
        for part in parts {
            total = total.checked_add(part_value(solver, store, count, g, part, c)?)?;
        }
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

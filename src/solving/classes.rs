//! The uncoloured classes behind a census's fast path ([`super::batch`]): a class (the
//! canonical adjacency of a component) owns an array of `K^k` value slots indexed by the
//! least code of a colouring over the class's automorphism group, and, once a slot is
//! found empty, the plan of its canonical graph's moves. A [`Part`] is one component as
//! a graph's plan sees it: its vertices in canonical order, its automorphisms and its
//! class's slots. Nothing here values a game: that is [`super::batch`]'s, with the
//! solver's general path behind it.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use dashmap::DashMap;
use smallvec::SmallVec;

use crate::graphs::canon::with_canonizer;
use crate::graphs::{Bits, Colouring, Graph};
use crate::hash::Xxh3Build;
use crate::rules::PartizanRules;

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
pub(super) const MAX_OWN: u64 = 1 << 16;

pub(super) const EMPTY: u32 = u32::MAX;

/// One uncoloured class: its value slots, `K^k` of them indexed by least code, and
/// once a slot is found empty, the plan of its canonical graph's moves (so that
/// components are valued by class all the way down, never by nauty per colouring).
pub struct Class {
    slots: Box<[AtomicU32]>,
    pub(super) plan: OnceLock<Option<Moves>>,
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
pub(super) type Moves = Vec<(usize, SmallVec<[Part; 4]>)>;

/// Plans the moves of `g` (`None` if the rules do not remove vertices).
pub(super) fn plan_moves(
    rules: &dyn PartizanRules,
    store: &ClassStore,
    g: &Graph,
) -> Option<Moves> {
    let mut moves = Vec::with_capacity(g.n());
    for v in 0..g.n() {
        let gone = rules.removes(g, v)?;
        let rest = g.vertices() & !gone;
        let parts: SmallVec<[Part; 4]> = g
            .components_in(rest)
            .map(|m| Part::component(g, m, store))
            .collect();
        moves.push((v, parts));
    }
    Some(moves)
}

/// The value slots of every class met, for one number of colours `K`.
pub struct ClassStore {
    pub(super) k: usize,
    classes: DashMap<u128, Slots, Xxh3Build>,
    /// Components planned lately, by their labelled adjacency (the components of
    /// `G − v` recur from graph to graph under the same labelling: no nauty call).
    labelled: DashMap<u128, Arc<Labelled>, Xxh3Build>,
    labelled_held: AtomicU64,
    pub(super) bytes: AtomicU64,
    pub(super) cap: AtomicU64,
    pub(super) lookups: AtomicU64,
    pub(super) hits: AtomicU64,
}

impl ClassStore {
    /// An empty store for colourings with `k` colours.
    pub fn new(k: usize) -> ClassStore {
        ClassStore {
            k,
            classes: DashMap::with_hasher(Xxh3Build::default()),
            labelled: DashMap::with_hasher(Xxh3Build::default()),
            labelled_held: AtomicU64::new(0),
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

/// What [`Part::new`] works out for a component from its labelled graph alone: its
/// canonical order (as positions among its vertices), group and slots.
pub(super) struct Labelled {
    lab: SmallVec<[u8; 16]>,
    group: Vec<SmallPerm>,
    slots: Option<Slots>,
}

/// Labelled components [`ClassStore`] holds before it starts again (a few hundred
/// bytes each).
const LABELLED_HELD: u64 = 1 << 14;

/// The labelled key of `h` (at most 12 vertices): its order and adjacency bits.
fn labelled_key(h: &Graph) -> Option<u128> {
    let n = h.n();
    if n > 12 {
        return None;
    }
    let mut key = n as u128;
    let mut shift = 4;
    for (i, &row) in h.rows().iter().enumerate().skip(1).take(n - 1) {
        key |= ((row & ((1 << i) - 1)) as u128) << shift;
        shift += i;
    }
    Some(key)
}

/// One component left by a move (or the position itself): its vertices in canonical
/// order, its automorphisms as permutations of canonical positions (the identity first),
/// and its class's slots if it has an array.
pub(super) struct Part {
    pub(super) mask: u64,
    pub(super) order: SmallVec<[u8; 16]>,
    group: Vec<SmallPerm>,
    pub(super) slots: Option<Slots>,
}

impl Part {
    /// [`Part::new`] for a component left by a move (coded and with slots up to
    /// [`MAX_SLOTS`] colourings), from the store's labelled components when met before.
    pub(super) fn component(g: &Graph, mask: u64, store: &ClassStore) -> Part {
        let h = g.induced(mask);
        let Some(key) = labelled_key(&h) else {
            return Part::new(g, mask, store, MAX_SLOTS, true);
        };
        let verts: SmallVec<[u8; 16]> = Bits(mask).map(|v| v as u8).collect();
        let l = match store.labelled.get(&key) {
            Some(l) => Arc::clone(&l),
            None => {
                let p = Part::new(&h, h.vertices(), store, MAX_SLOTS, true);
                let l = Arc::new(Labelled {
                    lab: p.order,
                    group: p.group,
                    slots: p.slots,
                });
                if store.labelled_held.fetch_add(1, Ordering::Relaxed) >= LABELLED_HELD {
                    store.labelled.clear();
                    store.labelled_held.store(1, Ordering::Relaxed);
                }
                store.labelled.insert(key, Arc::clone(&l));
                l
            }
        };
        Part {
            mask,
            order: l.lab.iter().map(|&j| verts[j as usize]).collect(),
            group: l.group.clone(),
            slots: l.slots.clone(),
        }
    }

    /// Plans the component `mask` of `g`: coded if it has at most `max_codes`
    /// colourings; `slots`: whether it may have an array.
    pub(super) fn new(
        g: &Graph,
        mask: u64,
        store: &ClassStore,
        max_codes: u64,
        slots: bool,
    ) -> Part {
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
    pub(super) fn code(&self, c: &Colouring, k: u64) -> usize {
        let mut digits = [0u8; 16];
        for (i, &v) in self.order.iter().enumerate() {
            digits[i] = c.get(v as usize);
        }
        self.least(&digits, k)
    }

    /// The least code of the colouring with `digits` at the canonical positions.
    #[inline]
    pub(super) fn least(&self, digits: &[u8; 16], k: u64) -> usize {
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
    pub(super) fn bytes(&self) -> u64 {
        96 + 16 * self.group.len() as u64
    }

    /// The class's canonical graph: vertex `i` is the vertex of `g` at canonical
    /// position `i`.
    pub(super) fn canonical_graph(&self, g: &Graph) -> Graph {
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
    pub(super) fn coded(&self) -> bool {
        !self.order.is_empty()
    }
}

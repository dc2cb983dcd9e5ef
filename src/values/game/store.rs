//! The store behind [`GameId`]: every value ever made, hash-consed (equal values share
//! one id), in an append-only chunked vector that is read without locks, plus the
//! concurrent memo tables of the operations (dashmap shards, no global lock).
//!
//! Memory: the values themselves cannot be evicted (an id may be held by any table or
//! thread, and equal values must keep equal ids), so [`usage`] reports their estimated
//! bytes for a run's memory budget to count; the memo tables are caches of pure
//! functions of ids, and [`clear_memos`] empties them at any time without changing a
//! result (what they held is computed again).

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use dashmap::DashMap;

use super::id::{GameId, Nus};
use crate::hash::Xxh3Build;
use crate::values::dyadic::Dyadic;
use crate::values::trajectory::Thermograph;

/// How a value is stored.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(super) enum Node {
    Nus(Nus),
    /// Canonical options, sorted by id; never equal to a number-up-star.
    General(Box<[GameId]>, Box<[GameId]>),
}

/// An append-only vector readable without locks: chunk `c` holds `BASE << c` slots.
struct AppendVec<T> {
    chunks: [OnceLock<Box<[OnceLock<T>]>>; 40],
    len: AtomicUsize,
}

const BASE: usize = 1024;

impl<T> AppendVec<T> {
    fn new() -> Self {
        AppendVec {
            chunks: std::array::from_fn(|_| OnceLock::new()),
            len: AtomicUsize::new(0),
        }
    }

    fn locate(i: usize) -> (usize, usize) {
        let j = i / BASE + 1;
        let c = (usize::BITS - 1 - j.leading_zeros()) as usize;
        (c, i - BASE * ((1 << c) - 1))
    }

    fn push(&self, value: T) -> usize {
        let i = self.len.fetch_add(1, Ordering::SeqCst);
        let (c, off) = Self::locate(i);
        let chunk =
            self.chunks[c].get_or_init(|| (0..BASE << c).map(|_| OnceLock::new()).collect());
        if chunk[off].set(value).is_err() {
            unreachable!("slot {i} written twice");
        }
        i
    }

    fn get(&self, i: usize) -> &T {
        let (c, off) = Self::locate(i);
        self.chunks[c]
            .get()
            .and_then(|ch| ch[off].get())
            .expect("GameId from this store")
    }

    fn len(&self) -> usize {
        self.len.load(Ordering::SeqCst)
    }
}

/// Canonical left and right options.
pub(super) type Options = (Box<[GameId]>, Box<[GameId]>);

/// A stored value: its node, its (left, right) stops, and for a number-up-star its
/// canonical options once derived.
pub(super) struct Entry {
    pub node: Node,
    /// Kept with the value (not in a memo): the order's quick answers read them
    /// ([`GameId::leq`]).
    pub stops: (Dyadic, Dyadic),
    pub nus_options: OnceLock<Options>,
}

/// The store and the memo tables of every operation.
pub(super) struct Store {
    nodes: AppendVec<Entry>,
    /// Options held by the general values stored (left plus right), for [`usage`].
    option_slots: AtomicUsize,
    intern: DashMap<Node, GameId, Xxh3Build>,
    pub sums: DashMap<(GameId, GameId), GameId, Xxh3Build>,
    pub le: DashMap<(GameId, GameId), bool, Xxh3Build>,
    pub negs: DashMap<GameId, GameId, Xxh3Build>,
    pub birthdays: DashMap<GameId, u64, Xxh3Build>,
    pub max_nims: DashMap<GameId, u32, Xxh3Build>,
    pub weights: DashMap<GameId, (GameId, bool), Xxh3Build>,
    pub atomic: DashMap<GameId, bool, Xxh3Build>,
    pub thermographs: DashMap<GameId, Arc<Thermograph>, Xxh3Build>,
    pub notations: DashMap<GameId, Arc<str>, Xxh3Build>,
    /// Values of option sets: `[number of left options, left ids..., right ids...]`
    /// (each side sorted, without duplicates) to the canonical value.
    pub forms: DashMap<Box<[u32]>, GameId, Xxh3Build>,
    /// Ids held by the keys of `forms`, for [`usage`].
    pub form_ids: AtomicUsize,
}

/// The store, once created ([`store`]).
static STORE: OnceLock<Store> = OnceLock::new();

/// The one store of the program.
pub(super) fn store() -> &'static Store {
    STORE.get_or_init(|| Store {
        nodes: AppendVec::new(),
        option_slots: AtomicUsize::new(0),
        intern: DashMap::with_hasher(Xxh3Build::default()),
        sums: DashMap::with_hasher(Xxh3Build::default()),
        le: DashMap::with_hasher(Xxh3Build::default()),
        negs: DashMap::with_hasher(Xxh3Build::default()),
        birthdays: DashMap::with_hasher(Xxh3Build::default()),
        max_nims: DashMap::with_hasher(Xxh3Build::default()),
        weights: DashMap::with_hasher(Xxh3Build::default()),
        atomic: DashMap::with_hasher(Xxh3Build::default()),
        thermographs: DashMap::with_hasher(Xxh3Build::default()),
        notations: DashMap::with_hasher(Xxh3Build::default()),
        forms: DashMap::with_hasher(Xxh3Build::default()),
        form_ids: AtomicUsize::new(0),
    })
}

/// Slots of a thread's cache of number-up-star ids (a power of two).
const NUS_SLOTS: usize = 1024;

thread_local! {
    /// This thread's ids of number-up-stars met, direct-mapped: each slot holds the
    /// last one that hashed to it (a cache in front of the shared intern map, which the
    /// kernel asks for every number-up-star it forms). An empty slot holds id
    /// `u32::MAX`, never taken for a hit (a value with that id is only not cached).
    static NUS_IDS: [Cell<(Nus, u32)>; NUS_SLOTS] = const {
        [const { Cell::new((Nus { num: Dyadic::ZERO, ups: 0, nim: 0 }, u32::MAX)) }; NUS_SLOTS]
    };
}

/// The id of the number-up-star `n`, adding it to the store if it is new.
#[inline]
pub(super) fn intern_nus(n: Nus) -> GameId {
    let h = (n.num.num() as u64)
        .wrapping_mul(0x9E37_79B1_85EB_CA87)
        .wrapping_add((n.num.exp() as u64) << 40 ^ (n.ups as u32 as u64) << 20 ^ n.nim as u64)
        .wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    let slot = (h >> (64 - NUS_SLOTS.trailing_zeros())) as usize;
    NUS_IDS.with(|slots| {
        let (held, id) = slots[slot].get();
        if held == n && id != u32::MAX {
            return GameId(id);
        }
        let id = intern(Node::Nus(n));
        slots[slot].set((n, id.0));
        id
    })
}

/// A direct-mapped cache of a pure function of two ids, one per thread and function:
/// [`PAIR_SLOTS`] slots, each holding the last pair that hashed to it. In front of a
/// shared memo table it saves the table's lock and probe on the pairs a thread meets
/// again and again.
pub(super) struct PairCache {
    slots: Box<[(u64, u32)]>,
}

/// Slots of a [`PairCache`] (16 bytes each).
pub(super) const PAIR_SLOTS: usize = 1 << 13;

impl PairCache {
    pub(super) fn new() -> PairCache {
        PairCache {
            slots: vec![(u64::MAX, 0); PAIR_SLOTS].into_boxed_slice(),
        }
    }

    #[inline]
    fn slot(key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B1_85EB_CA87) >> (64 - PAIR_SLOTS.trailing_zeros())) as usize
    }

    /// The value cached for `(a, b)`.
    #[inline]
    pub(super) fn get(&self, a: GameId, b: GameId) -> Option<u32> {
        let key = (a.0 as u64) << 32 | b.0 as u64;
        let (k, v) = self.slots[Self::slot(key)];
        (k == key).then_some(v)
    }

    /// Caches `value` for `(a, b)`.
    #[inline]
    pub(super) fn put(&mut self, a: GameId, b: GameId, value: u32) {
        let key = (a.0 as u64) << 32 | b.0 as u64;
        self.slots[Self::slot(key)] = (key, value);
    }
}

/// The id of `node`, adding it to the store if it is new.
pub(super) fn intern(node: Node) -> GameId {
    let s = store();
    if let Some(id) = s.intern.get(&node) {
        return *id;
    }
    *s.intern.entry(node.clone()).or_insert_with(|| {
        if let Node::General(l, r) = &node {
            s.option_slots
                .fetch_add(l.len() + r.len(), Ordering::Relaxed);
        }
        let entry = Entry {
            stops: stops_of(&node),
            node,
            nus_options: OnceLock::new(),
        };
        GameId(u32::try_from(s.nodes.push(entry)).expect("more than 2^32 game values"))
    })
}

/// The (left, right) stops of a value stored as `node` (Winning Ways ch. 6): a
/// number-up-star's are its number; a general value's left stop is the largest right
/// stop of its left options, its right stop the least left stop of its right options
/// (a canonical form that is not a number has options on both sides).
fn stops_of(node: &Node) -> (Dyadic, Dyadic) {
    match node {
        Node::Nus(n) => (n.num, n.num),
        Node::General(l, r) => (
            l.iter()
                .map(|g| entry(*g).stops.1)
                .max()
                .expect("a non-number has left options"),
            r.iter()
                .map(|g| entry(*g).stops.0)
                .min()
                .expect("a non-number has right options"),
        ),
    }
}

/// The stored entry of `id`.
pub(super) fn entry(id: GameId) -> &'static Entry {
    store().nodes.get(id.0 as usize)
}

/// Number of distinct values stored so far (all threads).
pub fn stored_values() -> usize {
    // Not store(): this is read when an allocation has failed, and creating the store
    // would allocate.
    STORE.get().map_or(0, |s| s.nodes.len())
}

/// What the store holds, with estimated bytes (see [`usage`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StoreUsage {
    /// Distinct values stored.
    pub values: usize,
    /// Their bytes: the entry, its interning key and their option lists. These cannot
    /// be evicted.
    pub value_bytes: u64,
    /// Entries of the memo tables (sums, comparisons, negations, invariants, atomic
    /// weights, thermographs, notations).
    pub memo_entries: usize,
    /// Their bytes; [`clear_memos`] frees them.
    pub memo_bytes: u64,
}

/// Bytes a stored value costs besides its options, measured (see the test
/// `the_store_estimate_covers_what_it_holds`): its slot in the append-only vector
/// (allocated a chunk ahead), its interning key and the hash map around both.
pub const BYTES_PER_VALUE: u64 = 320;

/// Bytes an option costs: its id in the entry and in the interning key, with the
/// allocator's rounding.
pub const BYTES_PER_OPTION: u64 = 12;

/// Bytes a memo entry costs: a key of one or two ids, a small value and the hash map's
/// slack; thermographs and notations hold heap data and count [`BYTES_PER_THERMOGRAPH`].
pub const BYTES_PER_MEMO: u64 = 32;

/// Bytes a memoised option set costs besides its ids: the boxed key, the value and
/// the hash map's slack with the allocator's rounding.
pub const BYTES_PER_FORM: u64 = 64;

/// Bytes a memoised thermograph or notation costs.
pub const BYTES_PER_THERMOGRAPH: u64 = 256;

/// What the store holds now (all threads), for a memory budget.
pub fn usage() -> StoreUsage {
    let s = store();
    let values = s.nodes.len();
    let small = s.sums.len()
        + s.le.len()
        + s.negs.len()
        + s.birthdays.len()
        + s.max_nims.len()
        + s.weights.len()
        + s.atomic.len();
    let heavy = s.thermographs.len() + s.notations.len();
    let forms = s.forms.len();
    StoreUsage {
        values,
        value_bytes: values as u64 * BYTES_PER_VALUE
            + s.option_slots.load(Ordering::Relaxed) as u64 * BYTES_PER_OPTION,
        memo_entries: small + heavy + forms,
        memo_bytes: small as u64 * BYTES_PER_MEMO
            + heavy as u64 * BYTES_PER_THERMOGRAPH
            + forms as u64 * BYTES_PER_FORM
            + s.form_ids.load(Ordering::Relaxed) as u64 * 4,
    }
}

/// Empties every memo table, freeing their memory (safe at any time, from any thread:
/// each holds a pure function of ids, computed again when next asked).
pub fn clear_memos() {
    let s = store();
    macro_rules! empty {
        ($($m:ident),*) => {$(
            s.$m.clear();
            s.$m.shrink_to_fit();
        )*};
    }
    empty!(
        sums,
        le,
        negs,
        birthdays,
        max_nims,
        weights,
        atomic,
        thermographs,
        notations,
        forms
    );
    s.form_ids.store(0, Ordering::Relaxed);
}

//! The store behind [`GameId`]: every value ever made, hash-consed (equal values share
//! one id), in an append-only chunked vector that is read without locks, plus the
//! concurrent memo tables of the operations (dashmap shards, no global lock).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use dashmap::DashMap;

use super::{GameId, Nus};
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

/// A stored value: its node, and for a number-up-star its canonical options once derived.
pub(super) struct Entry {
    pub node: Node,
    pub nus_options: OnceLock<Options>,
}

/// The store and the memo tables of every operation.
pub(super) struct Store {
    nodes: AppendVec<Entry>,
    intern: DashMap<Node, GameId, Xxh3Build>,
    pub sums: DashMap<(GameId, GameId), GameId, Xxh3Build>,
    pub le: DashMap<(GameId, GameId), bool, Xxh3Build>,
    pub negs: DashMap<GameId, GameId, Xxh3Build>,
    pub stops: DashMap<GameId, (Dyadic, Dyadic), Xxh3Build>,
    pub birthdays: DashMap<GameId, u64, Xxh3Build>,
    pub max_nims: DashMap<GameId, u32, Xxh3Build>,
    pub weights: DashMap<GameId, (GameId, bool), Xxh3Build>,
    pub atomic: DashMap<GameId, bool, Xxh3Build>,
    pub thermographs: DashMap<GameId, Arc<Thermograph>, Xxh3Build>,
    pub notations: DashMap<GameId, Arc<str>, Xxh3Build>,
}

/// The one store of the program.
pub(super) fn store() -> &'static Store {
    static STORE: OnceLock<Store> = OnceLock::new();
    STORE.get_or_init(|| Store {
        nodes: AppendVec::new(),
        intern: DashMap::with_hasher(Xxh3Build::default()),
        sums: DashMap::with_hasher(Xxh3Build::default()),
        le: DashMap::with_hasher(Xxh3Build::default()),
        negs: DashMap::with_hasher(Xxh3Build::default()),
        stops: DashMap::with_hasher(Xxh3Build::default()),
        birthdays: DashMap::with_hasher(Xxh3Build::default()),
        max_nims: DashMap::with_hasher(Xxh3Build::default()),
        weights: DashMap::with_hasher(Xxh3Build::default()),
        atomic: DashMap::with_hasher(Xxh3Build::default()),
        thermographs: DashMap::with_hasher(Xxh3Build::default()),
        notations: DashMap::with_hasher(Xxh3Build::default()),
    })
}

/// The id of `node`, adding it to the store if it is new.
pub(super) fn intern(node: Node) -> GameId {
    let s = store();
    if let Some(id) = s.intern.get(&node) {
        return *id;
    }
    *s.intern.entry(node.clone()).or_insert_with(|| {
        let entry = Entry {
            node,
            nus_options: OnceLock::new(),
        };
        GameId(u32::try_from(s.nodes.push(entry)).expect("more than 2^32 game values"))
    })
}

/// The stored entry of `id`.
pub(super) fn entry(id: GameId) -> &'static Entry {
    store().nodes.get(id.0 as usize)
}

/// Number of distinct values stored so far (all threads).
pub fn stored_values() -> usize {
    store().nodes.len()
}

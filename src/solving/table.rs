//! The transposition table: one concurrent map from exact canonical keys to values,
//! shared by all threads (dashmap shards, so no global lock), hashed with xxh3.

use dashmap::DashMap;

use crate::graphs::CanonKey;
use crate::graphs::canon::KeyHasher;

/// A transposition table from canonical keys to values of type `V`.
pub struct Table<V> {
    map: DashMap<CanonKey, V, KeyHasher>,
}

impl<V: Copy> Default for Table<V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<V: Copy> Table<V> {
    /// An empty table.
    pub fn new() -> Table<V> {
        Table {
            map: DashMap::with_hasher(KeyHasher::default()),
        }
    }

    /// The value stored for `key`.
    #[inline]
    pub fn get(&self, key: &CanonKey) -> Option<V> {
        self.map.get(key).map(|v| *v)
    }

    /// Inserts a value. Two threads may race to insert the same key; they insert the
    /// same value (values are functions of the key), so either write is correct.
    #[inline]
    pub fn insert(&self, key: CanonKey, value: V) {
        self.map.insert(key, value);
    }

    /// Stores `f(old value)` for `key` in one operation (`None`: the key is new); returns
    /// whether the key was new.
    #[inline]
    pub fn update(&self, key: CanonKey, f: impl FnOnce(Option<V>) -> V) -> bool {
        match self.map.entry(key) {
            dashmap::mapref::entry::Entry::Occupied(mut e) => {
                let v = f(Some(*e.get()));
                e.insert(v);
                false
            }
            dashmap::mapref::entry::Entry::Vacant(e) => {
                e.insert(f(None));
                true
            }
        }
    }

    /// Stores `f(old value)` for `key` if the key is already there; returns whether it was.
    #[inline]
    pub fn update_existing(&self, key: &CanonKey, f: impl FnOnce(V) -> V) -> bool {
        match self.map.get_mut(key) {
            Some(mut e) => {
                *e = f(*e);
                true
            }
            None => false,
        }
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

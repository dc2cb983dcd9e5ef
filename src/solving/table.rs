//! The transposition table: concurrent maps from exact keys to values, shared by all
//! threads (dashmap shards, no global lock, xxh3), with a memory cap that evicts by size
//! and counters for the end-of-run summary.
//!
//! Two kinds of key lead to an entry:
//! - a component's canonical key ([`CanonKey`], from nauty), stored as one `u128` when
//!   the component has at most [`COMPACT_MAX_N`] vertices ([`CanonKey::compact`]);
//! - optionally, a solver's labelled key (the component as it stands, without canonical
//!   labelling: [`Table::get_labelled`]), which answers components met again under the
//!   same labelling without a nauty call. A solver that uses both asks the labelled key
//!   first and the canonical key after a labelled miss; the summary's rates assume so.
//!
//! Entries live in one tier per number of vertices. **The cap**: once the table holds
//! more entries than its cap, the tier of the largest components is emptied (both kinds
//! of key), then the next largest, until at most 3/4 of the cap is held. Small
//! components are the ones met again and again (inside every larger position); a
//! census's largest components are met once or twice (a position and its colour swap),
//! so they are the ones to let go. Memory stays flat, and values never depend on what the
//! table holds: an evicted component is computed again, exactly.

use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicIsize, AtomicU64, AtomicUsize, Ordering};

use dashmap::DashMap;

use crate::graphs::CanonKey;
use crate::graphs::canon::{COMPACT_MAX_N, KeyHasher};
use crate::hash::Xxh3Build;

type Tier<V> = DashMap<u128, V, Xxh3Build>;

/// Entries held by every table of the process, for the out-of-memory report (read
/// without locks, so it can be read while a table is growing).
static ENTRIES: AtomicIsize = AtomicIsize::new(0);

/// Entries held by every table of the process now.
pub fn entries_everywhere() -> usize {
    ENTRIES.load(Ordering::Relaxed).max(0) as usize
}

/// A transposition table to values of type `V`.
pub struct Table<V> {
    /// Canonical keys of components with `n` vertices, compacted, in tier `n`.
    canonical: Box<[Tier<V>]>,
    /// Labelled keys of components with `n` vertices, in tier `n`.
    labelled: Box<[Tier<V>]>,
    /// Canonical keys of components with more than [`COMPACT_MAX_N`] vertices.
    large: DashMap<CanonKey, V, KeyHasher>,
    /// The cap in entries (`usize::MAX`: none); a run's memory budget may lower it
    /// while the table is in use ([`Table::set_cap`]).
    cap: AtomicUsize,
    /// Entries held (signed: an eviction may briefly count an entry whose insertion
    /// has not been counted yet).
    len: AtomicIsize,
    evicting: Mutex<()>,
    counters: Counters,
}

impl<V: Copy> Default for Table<V> {
    fn default() -> Self {
        Self::new()
    }
}

/// What a table did, for the summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Entries held at the end (both kinds of key).
    pub entries: usize,
    /// Of which under labelled keys.
    pub labelled_entries: usize,
    /// The cap (`None`: none).
    pub cap: Option<usize>,
    /// Lookups by labelled key, and how many found their entry.
    pub labelled: (u64, u64),
    /// Lookups by canonical key, and how many found their entry.
    pub canonical: (u64, u64),
    /// Entries evicted by the cap.
    pub evicted: u64,
    /// Lookups by class and least colouring code (`solving::batch`), and how many
    /// found their value.
    pub by_class: (u64, u64),
    /// Classes holding value slots.
    pub classes: usize,
}

impl TableStats {
    /// Components looked up (each once: by labelled key if it found it, else by
    /// canonical key), and how many were found by either key.
    pub fn components(&self) -> (u64, u64) {
        (
            self.canonical.0 + self.labelled.1 + self.by_class.1,
            self.canonical.1 + self.labelled.1 + self.by_class.1,
        )
    }
}

impl fmt::Display for TableStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pct = |(n, h): (u64, u64)| 100.0 * h as f64 / n.max(1) as f64;
        write!(f, "table: {} entries", self.entries)?;
        if self.labelled_entries > 0 {
            write!(f, " ({} by labelled key)", self.labelled_entries)?;
        }
        if let Some(cap) = self.cap {
            write!(f, ", cap {cap}, {} evicted (largest first)", self.evicted)?;
        }
        let (looked, _) = self.components();
        if looked == 0 {
            return Ok(());
        }
        write!(
            f,
            "; {looked} component lookups, {:.1}% found",
            pct(self.components())
        )?;
        if self.labelled.0 > 0 {
            write!(
                f,
                " ({:.1}% by labelled key, no nauty call)",
                100.0 * self.labelled.1 as f64 / looked.max(1) as f64
            )?;
        }
        if self.by_class.0 > 0 {
            write!(
                f,
                "; {} lookups by class and colouring ({} classes), {:.1}% found",
                self.by_class.0,
                self.classes,
                pct(self.by_class)
            )?;
        }
        Ok(())
    }
}

impl<V: Copy> Table<V> {
    /// An empty table without a cap.
    pub fn new() -> Table<V> {
        let tiers = || (0..=COMPACT_MAX_N).map(|_| Tier::default()).collect();
        Table {
            canonical: tiers(),
            labelled: tiers(),
            large: DashMap::with_hasher(KeyHasher::default()),
            cap: AtomicUsize::new(usize::MAX),
            len: AtomicIsize::new(0),
            evicting: Mutex::new(()),
            counters: Counters::new(),
        }
    }

    /// The same table with a cap of `entries` (0: nothing is ever stored).
    pub fn with_cap(self, entries: usize) -> Table<V> {
        self.cap.store(entries, Ordering::Relaxed);
        self
    }

    /// Sets the cap to `entries` while the table is in use (any thread), evicting at
    /// once if it holds more.
    pub fn set_cap(&self, entries: usize) {
        self.cap.store(entries, Ordering::Relaxed);
        if self.len() > entries {
            self.evict();
        }
    }

    #[inline]
    fn cap(&self) -> usize {
        self.cap.load(Ordering::Relaxed)
    }

    /// The value stored for `key`.
    #[inline]
    pub fn get(&self, key: &CanonKey) -> Option<V> {
        let v = match key.compact() {
            Some(k) => self.canonical[key.n()].get(&k).map(|v| *v),
            None => self.large.get(key).map(|v| *v),
        };
        self.counters.count(CANONICAL, v.is_some());
        v
    }

    /// Inserts a value. Two threads may race to insert the same key; they insert the
    /// same value (values are functions of the key), so either write is correct.
    #[inline]
    pub fn insert(&self, key: CanonKey, value: V) {
        if self.cap() == 0 {
            return;
        }
        let new = match key.compact() {
            Some(k) => self.canonical[key.n()].insert(k, value).is_none(),
            None => self.large.insert(key, value).is_none(),
        };
        self.added(new);
    }

    /// The value stored for the labelled key `key` of a component with `n` vertices
    /// (`n` at most [`COMPACT_MAX_N`]; the solver defines the key).
    #[inline]
    pub fn get_labelled(&self, n: usize, key: u128) -> Option<V> {
        let v = self.labelled[n].get(&key).map(|v| *v);
        self.counters.count(LABELLED, v.is_some());
        v
    }

    /// Inserts a value under a labelled key (see [`Table::get_labelled`]).
    #[inline]
    pub fn insert_labelled(&self, n: usize, key: u128, value: V) {
        if self.cap() == 0 {
            return;
        }
        let new = self.labelled[n].insert(key, value).is_none();
        self.added(new);
    }

    /// Stores `f(old value)` for `key` in one operation (`None`: the key is new).
    #[inline]
    pub fn update(&self, key: CanonKey, f: impl FnOnce(Option<V>) -> V) {
        if self.cap() == 0 {
            return;
        }
        let new = match key.compact() {
            Some(k) => update(&self.canonical[key.n()], k, f),
            None => update(&self.large, key, f),
        };
        self.added(new);
    }

    /// Number of entries (both kinds of key).
    pub fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed).max(0) as usize
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// What the table did so far.
    pub fn stats(&self) -> TableStats {
        let [ll, lh, cl, ch, evicted] = self.counters.totals();
        TableStats {
            entries: self.len(),
            labelled_entries: self.labelled.iter().map(|t| t.len()).sum(),
            cap: Some(self.cap()).filter(|&c| c != usize::MAX),
            labelled: (ll, lh),
            canonical: (cl, ch),
            evicted,
            ..TableStats::default()
        }
    }

    #[inline]
    fn added(&self, new: bool) {
        if !new {
            return;
        }
        ENTRIES.fetch_add(1, Ordering::Relaxed);
        if self.len.fetch_add(1, Ordering::Relaxed).max(0) as usize >= self.cap() {
            self.evict();
        }
    }

    /// Empties the tiers of the largest components until at most 3/4 of the cap is held.
    /// One thread evicts at a time; the others go on (the table is briefly over its cap).
    #[cold]
    fn evict(&self) {
        let Ok(_guard) = self.evicting.try_lock() else {
            return;
        };
        let cap = self.cap();
        let target = (cap - cap / 4) as isize;
        let mut removed = drain(&self.large);
        for n in (0..=COMPACT_MAX_N).rev() {
            if self.len.load(Ordering::Relaxed) - removed as isize <= target {
                break;
            }
            removed += drain(&self.canonical[n]) + drain(&self.labelled[n]);
        }
        self.len.fetch_sub(removed as isize, Ordering::Relaxed);
        ENTRIES.fetch_sub(removed as isize, Ordering::Relaxed);
        self.counters.add(EVICTED, removed as u64);
    }
}

impl<V> Drop for Table<V> {
    fn drop(&mut self) {
        ENTRIES.fetch_sub(self.len.load(Ordering::Relaxed), Ordering::Relaxed);
    }
}

/// Removes every entry of `map`; returns how many it removed.
fn drain<K: Eq + std::hash::Hash, V, S: std::hash::BuildHasher + Clone>(
    map: &DashMap<K, V, S>,
) -> usize {
    let mut removed = 0;
    map.retain(|_, _| {
        removed += 1;
        false
    });
    removed
}

/// `map[key] = f(old)`; whether the key was new.
fn update<K: Eq + std::hash::Hash, V: Copy, S: std::hash::BuildHasher + Clone>(
    map: &DashMap<K, V, S>,
    key: K,
    f: impl FnOnce(Option<V>) -> V,
) -> bool {
    match map.entry(key) {
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

const LABELLED: usize = 0;
const CANONICAL: usize = 2;
const EVICTED: usize = 4;

/// Event counters, one cache line per worker thread (no contention on the hot path).
struct Counters(Box<[Slot]>);

#[repr(align(128))]
#[derive(Default)]
struct Slot([AtomicU64; 5]);

const SLOTS: usize = 64;

impl Counters {
    fn new() -> Counters {
        Counters((0..SLOTS).map(|_| Slot::default()).collect())
    }

    fn slot(&self) -> &Slot {
        let t = rayon::current_thread_index().map_or(0, |t| 1 + t % (SLOTS - 1));
        &self.0[t]
    }

    /// Counts a lookup of kind `kind` (and a hit, if `hit`).
    #[inline]
    fn count(&self, kind: usize, hit: bool) {
        let s = self.slot();
        s.0[kind].fetch_add(1, Ordering::Relaxed);
        if hit {
            s.0[kind + 1].fetch_add(1, Ordering::Relaxed);
        }
    }

    fn add(&self, i: usize, k: u64) {
        self.slot().0[i].fetch_add(k, Ordering::Relaxed);
    }

    fn totals(&self) -> [u64; 5] {
        let mut t = [0; 5];
        for s in self.0.iter() {
            for (i, c) in s.0.iter().enumerate() {
                t[i] += c.load(Ordering::Relaxed);
            }
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graphs::Graph;
    use crate::graphs::canon::canonical_key;

    fn path(n: usize) -> CanonKey {
        let edges: Vec<_> = (1..n).map(|i| (i - 1, i)).collect();
        canonical_key(&Graph::from_edges(n, &edges), None)
    }

    #[test]
    fn the_cap_evicts_the_largest_components_first() {
        let t = Table::new().with_cap(4);
        for n in 1..=4 {
            t.insert(path(n), n as u8);
        }
        assert_eq!(t.len(), 4);
        // The fifth entry is over the cap: the 4-vertex tier goes, then the 3-vertex one
        // (4 entries left, more than 3/4 of the cap).
        t.insert_labelled(3, 7, 30);
        assert_eq!(t.get(&path(4)), None);
        assert_eq!(t.get(&path(3)), None);
        assert_eq!(t.get_labelled(3, 7), None);
        assert_eq!(t.get(&path(2)), Some(2));
        assert_eq!(t.get(&path(1)), Some(1));
        let s = t.stats();
        assert_eq!((s.entries, s.evicted, s.cap), (2, 3, Some(4)));
        assert_eq!(s.canonical, (4, 2));
        assert_eq!(s.labelled, (1, 0));
    }

    #[test]
    fn large_components_use_full_keys_and_go_first() {
        let t = Table::new().with_cap(2);
        let big = path(COMPACT_MAX_N + 1);
        assert!(big.compact().is_none());
        t.insert(path(2), 2u8);
        t.insert(big.clone(), 9);
        assert_eq!(t.get(&big), Some(9));
        t.insert(path(3), 3);
        assert_eq!(t.get(&big), None);
        assert_eq!(t.get(&path(2)), Some(2));
    }

    #[test]
    fn a_zero_cap_stores_nothing() {
        let t = Table::new().with_cap(0);
        t.insert(path(3), 1u8);
        t.update(path(3), |_| 2);
        assert!(t.is_empty());
        assert_eq!(t.get(&path(3)), None);
    }
}

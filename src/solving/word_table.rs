//! A concurrent map from one-word keys (`u64`, or `u128` for larger boards) to value
//! ids, for the bitboard solvers' parts ([`super::grid`], [`super::stone_solver`]): shards of open-addressing tables (linear probing), each slot its
//! key and value side by side, so that a lookup reads one cache line where a hashbrown
//! table reads its control bytes and then its slot; and a slot's address can be known
//! before it is read, so `eval` asks the memory for the slots of a block of boards at
//! once ([`WordTable::prefetch`]) before it looks them up one by one. Each shard is
//! behind its own lock and doubles when three quarters full.

use std::sync::RwLock;
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

/// Shards (a power of two), chosen by the top bits of a key's hash.
const SHARDS: usize = 64;

/// Slots a shard starts with (a power of two).
const START: usize = 64;

/// A key: a word, never 0 (0 marks an empty slot).
pub(super) trait Key: Copy + Default + Eq + std::fmt::Debug {
    /// A well-spread hash of the key.
    fn hash(self) -> u64;
}

impl Key for u64 {
    #[inline]
    fn hash(self) -> u64 {
        hash(self)
    }
}

impl Key for u128 {
    #[inline]
    fn hash(self) -> u64 {
        hash(self as u64 ^ hash((self >> 64) as u64))
    }
}

/// A slot: a key (0: empty) and its value.
#[derive(Clone, Copy, Default)]
#[repr(C, align(16))]
struct Slot<K> {
    key: K,
    value: u32,
}

/// One shard: its slots (a power of two of them) and how many hold a key.
struct Slots<K> {
    slots: Vec<Slot<K>>,
    used: usize,
}

/// A shard, with where its slots are now for [`WordTable::prefetch`] (read without the
/// lock: a stale address only makes a useless prefetch, never a wrong read).
struct Shard<K> {
    lock: RwLock<Slots<K>>,
    base: AtomicPtr<Slot<K>>,
    mask: AtomicUsize,
}

/// The map (see the module notes). Keys are never 0.
pub(super) struct WordTable<K = u64> {
    shards: Box<[Shard<K>]>,
    len: AtomicUsize,
}

/// A well-spread hash of a key: xxh3's avalanche of the key times an odd constant.
#[inline]
fn hash(key: u64) -> u64 {
    let mut h = key.wrapping_mul(0x9E37_79B1_85EB_CA87);
    h ^= h >> 37;
    h = h.wrapping_mul(0x1656_6791_9E37_79F9);
    h ^ (h >> 32)
}

/// Asks the memory for the cache line at `at`, without waiting for it (a hint: it
/// reads nothing into the program, on any target).
#[inline]
fn prefetch<T>(at: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing into the program and never faults, whatever the
    // address (a stale one after a shard grew included).
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(at as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

impl<K: Key> Slots<K> {
    fn new(size: usize) -> Slots<K> {
        Slots {
            slots: vec![Slot::default(); size],
            used: 0,
        }
    }

    /// The index of `key`'s slot, or of the empty slot where it would go.
    #[inline]
    fn find(&self, key: K, h: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let k = self.slots[i].key;
            if k == key || k == K::default() {
                return i;
            }
            i = (i + 1) & mask;
        }
    }
}

impl<K: Key> WordTable<K> {
    pub(super) fn new() -> WordTable<K> {
        WordTable {
            shards: (0..SHARDS)
                .map(|_| {
                    let mut slots = Slots::new(START);
                    let base = AtomicPtr::new(slots.slots.as_mut_ptr());
                    Shard {
                        lock: RwLock::new(slots),
                        base,
                        mask: AtomicUsize::new(START - 1),
                    }
                })
                .collect(),
            len: AtomicUsize::new(0),
        }
    }

    #[inline]
    fn shard(&self, h: u64) -> &Shard<K> {
        &self.shards[(h >> (64 - SHARDS.trailing_zeros())) as usize]
    }

    /// The value stored under `key`.
    #[inline]
    pub(super) fn get(&self, key: K) -> Option<u32> {
        debug_assert_ne!(key, K::default());
        let h = key.hash();
        let slots = self.shard(h).lock.read().unwrap_or_else(|e| e.into_inner());
        let s = slots.slots[slots.find(key, h)];
        (s.key == key).then_some(s.value)
    }

    /// Asks the memory for `key`'s slot (its first probe), without waiting for it.
    #[inline]
    pub(super) fn prefetch(&self, key: K) {
        let h = key.hash();
        let shard = self.shard(h);
        let i = h as usize & shard.mask.load(Ordering::Relaxed);
        prefetch(shard.base.load(Ordering::Relaxed).wrapping_add(i));
    }

    /// Stores `value` under `key` (replacing what was there).
    pub(super) fn insert(&self, key: K, value: u32) {
        debug_assert_ne!(key, K::default());
        let h = key.hash();
        let shard = self.shard(h);
        let mut slots = shard.lock.write().unwrap_or_else(|e| e.into_inner());
        let i = slots.find(key, h);
        if slots.slots[i].key == key {
            slots.slots[i].value = value;
            return;
        }
        slots.slots[i] = Slot { key, value };
        slots.used += 1;
        self.len.fetch_add(1, Ordering::Relaxed);
        if slots.used * 4 >= slots.slots.len() * 3 {
            let mut bigger = Slots::new(slots.slots.len() * 2);
            for s in slots.slots.iter().filter(|s| s.key != K::default()) {
                let j = bigger.find(s.key, s.key.hash());
                bigger.slots[j] = *s;
            }
            bigger.used = slots.used;
            shard.mask.store(bigger.slots.len() - 1, Ordering::Relaxed);
            shard
                .base
                .store(bigger.slots.as_mut_ptr(), Ordering::Relaxed);
            *slots = bigger;
        }
    }

    /// Keys held.
    pub(super) fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    /// Empties the map, giving its memory back.
    pub(super) fn clear(&self) {
        for shard in self.shards.iter() {
            let mut slots = shard.lock.write().unwrap_or_else(|e| e.into_inner());
            let mut fresh = Slots::new(START);
            shard.mask.store(START - 1, Ordering::Relaxed);
            shard
                .base
                .store(fresh.slots.as_mut_ptr(), Ordering::Relaxed);
            self.len.fetch_sub(slots.used, Ordering::Relaxed);
            *slots = fresh;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against a `HashMap`, through many doublings and a clear, from two threads at once
    /// on keys of their own.
    #[test]
    fn holds_what_a_hash_map_holds() {
        let t = WordTable::<u64>::new();
        std::thread::scope(|s| {
            for part in 0..2u64 {
                let t = &t;
                s.spawn(move || {
                    let mut want = std::collections::HashMap::new();
                    for i in 0..100_000u64 {
                        // Keys a few bits apart, as boards are.
                        let key = (i << 1 | part) | 1 << 60;
                        t.prefetch(key);
                        t.insert(key, (i * 7) as u32);
                        want.insert(key, (i * 7) as u32);
                        if i % 3 == 0 {
                            t.insert(key, i as u32);
                            want.insert(key, i as u32);
                        }
                    }
                    for (k, v) in &want {
                        assert_eq!(t.get(*k), Some(*v));
                        assert_eq!(t.get(*k ^ 1 << 61), None);
                    }
                });
            }
        });
        assert_eq!(t.len(), 200_000);
        t.clear();
        assert_eq!(t.len(), 0);
        assert_eq!(t.get(1 << 60), None);
        t.insert(5, 9);
        assert_eq!((t.get(5), t.len()), (Some(9), 1));
    }

    /// Wide keys differing in either half, or only in the top one, are told apart.
    #[test]
    fn holds_wide_keys() {
        let t = WordTable::<u128>::new();
        let mut want = std::collections::HashMap::new();
        for i in 1..50_000u128 {
            for key in [i, i << 64, i << 100 | 7] {
                t.insert(key, (key % 1_000_003) as u32);
                want.insert(key, (key % 1_000_003) as u32);
            }
        }
        assert_eq!(t.len(), want.len());
        for (k, v) in &want {
            assert_eq!(t.get(*k), Some(*v));
        }
        assert_eq!(t.get(1 << 127), None);
    }
}

//! The hasher of every hash map on a hot path: xxh3 (the design card's hash), applied to
//! each write, so that keys of any shape (ids, tuples, enums, small integers) are well
//! mixed. Canonical keys, which carry their own xxh3 digest, use
//! [`crate::graphs::canon::KeyHasher`] instead.

use std::hash::{BuildHasherDefault, Hasher};

/// xxh3 over every write, each seeded with the state so far.
#[derive(Default, Clone, Copy)]
pub struct Xxh3Hasher(u64);

impl Hasher for Xxh3Hasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.0 = xxhash_rust::xxh3::xxh3_64_with_seed(bytes, self.0);
    }
}

/// `BuildHasher` for [`Xxh3Hasher`].
pub type Xxh3Build = BuildHasherDefault<Xxh3Hasher>;

/// A `HashMap` hashed with xxh3.
pub type FastHashMap<K, V> = std::collections::HashMap<K, V, Xxh3Build>;

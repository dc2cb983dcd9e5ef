//! The hasher of every hash map on a hot path: xxh3 (the design card's hash) over byte
//! strings, and a cheaper mix for the integers most keys are made of (ids, tuples of ids,
//! enum tags, lengths), finished by xxh3's avalanche so that every bit of the result
//! depends on every bit written. Canonical keys, which carry their own xxh3 digest, use
//! [`crate::graphs::canon::KeyHasher`] instead.
//!
//! Hashing an integer with a full xxh3 call per write cost a tenth of a census's time
//! (a stored game's options are hashed id by id); a multiply per integer does the same
//! job for a hash table, with the avalanche at the end.

use std::hash::{BuildHasherDefault, Hasher};

/// xxh3 over byte writes, a multiply-rotate mix over integer writes, xxh3's avalanche at
/// the end.
#[derive(Default, Clone, Copy)]
pub struct Xxh3Hasher(u64);

/// An odd constant with well-spread bits (from xxh3's primes).
const PRIME: u64 = 0x9E37_79B1_85EB_CA87;

impl Xxh3Hasher {
    #[inline]
    fn mix(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(23) ^ x).wrapping_mul(PRIME);
    }
}

impl Hasher for Xxh3Hasher {
    #[inline]
    fn finish(&self) -> u64 {
        // xxh3's avalanche (XXH3_avalanche).
        let mut h = self.0;
        h ^= h >> 37;
        h = h.wrapping_mul(0x1656_6791_9E37_79F9);
        h ^ (h >> 32)
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.0 = xxhash_rust::xxh3::xxh3_64_with_seed(bytes, self.0);
    }

    #[inline]
    fn write_u8(&mut self, x: u8) {
        self.mix(x as u64);
    }

    #[inline]
    fn write_u16(&mut self, x: u16) {
        self.mix(x as u64);
    }

    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.mix(x as u64);
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.mix(x);
    }

    #[inline]
    fn write_u128(&mut self, x: u128) {
        self.mix(x as u64);
        self.mix((x >> 64) as u64);
    }

    #[inline]
    fn write_i128(&mut self, x: i128) {
        self.write_u128(x as u128);
    }

    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.mix(x as u64);
    }

    #[inline]
    fn write_i32(&mut self, x: i32) {
        self.mix(x as u32 as u64);
    }

    #[inline]
    fn write_i64(&mut self, x: i64) {
        self.mix(x as u64);
    }
}

/// `BuildHasher` for [`Xxh3Hasher`].
pub type Xxh3Build = BuildHasherDefault<Xxh3Hasher>;

/// A `HashMap` hashed with xxh3.
pub type FastHashMap<K, V> = std::collections::HashMap<K, V, Xxh3Build>;

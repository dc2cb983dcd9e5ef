//! The limits of the game-value kernel, in one place. A value outside them is never
//! made: the operation that would make it returns a [`Limit`] saying which limit it hit.

use std::fmt;

/// Numerators of numbers are below this in absolute value (lowest terms).
pub const NUM_BOUND: i64 = 1 << 62;
/// Largest exponent of 2 in the denominator of a number.
pub const MAX_EXP: u32 = 62;

/// Largest multiple of ↑ in a number-up-star value (`^N`, `vN`). ↑N has birthday N + 1,
/// and the kernel's walks over a value (birthday, stops, atomic weight, thermograph)
/// recurse through its canonical options, one level per ↑: the bound keeps them well
/// inside a thread's stack (a sum of a few hundred `^256` once overflowed it). The range
/// is symmetric, so negation never leaves it.
pub const MAX_UPS: i32 = 2048;

/// A kernel limit that an operation would have crossed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// A number outside `m / 2^k`, `|m| < 2^62`, `k ≤ 62`.
    Number,
    /// A multiple of ↑ beyond ±[`MAX_UPS`].
    Ups,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Number => write!(
                f,
                "a number beyond the kernel's range (m/2^k with |m| < {NUM_BOUND} = 2^62 and k <= {MAX_EXP})"
            ),
            Limit::Ups => write!(
                f,
                "a multiple of ^ beyond the kernel's range (at most {MAX_UPS})"
            ),
        }
    }
}

impl std::error::Error for Limit {}

impl From<Limit> for crate::Error {
    fn from(l: Limit) -> crate::Error {
        crate::Error::Limit(l.to_string())
    }
}

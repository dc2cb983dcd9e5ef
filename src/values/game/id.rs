//! The types of game values: [`GameId`], a value by its index in the shared store, and
//! [`Nus`], a number-up-star sum.

use crate::values::dyadic::Dyadic;

/// A short game value: an index into the shared store. Equal values have equal ids.
/// (`Ord` on ids is only a storage order for sorting option lists; the game order is
/// [`GameId::leq`].)
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GameId(pub(super) u32);

/// A number-up-star sum `num + ups·↑ + *nim`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Nus {
    /// The number part.
    pub num: Dyadic,
    /// The multiple of ↑ (negative: of ↓).
    pub ups: i32,
    /// The nimber part.
    pub nim: u32,
}

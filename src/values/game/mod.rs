//! Short partizan game values in canonical form, hash-consed into one store shared by
//! all threads: a value is a copyable [`GameId`], and equal values have equal ids, so
//! equality is an id compare and a transposition table can map positions to ids.
//!
//! Numbers, nimbers and their sums with multiples of ↑ ("number-up-star", [`Nus`]) are
//! stored compactly as `(number, ups, nimber)` and added and compared arithmetically;
//! their canonical options are derived on demand. Every other value is stored as its
//! canonical left and right options (dominated options removed, reversible ones
//! bypassed). Sums, negations and comparisons are memoised in concurrent maps; the store
//! itself is an append-only chunked vector, so reading a value never locks. Results do
//! not depend on the number of threads: a value's canonical form is unique, whichever
//! thread interns it first.
//!
//! Operations that can make a value outside the kernel's limits ([`crate::values::limits`])
//! return `Result<_, Limit>`: [`GameId::from_options`], [`GameId::checked_add`],
//! [`GameId::checked_sub`], the atomic weight. The operators `+` and `-` on `GameId` are
//! conveniences for tests and examples that panic where those return an error; the
//! library itself never uses them.
//!
//! Definitions: Winning Ways ch. 1–3, Siegel, *Combinatorial Game Theory* ch. II.
//!
//! ```
//! use gamecensus::values::game::GameId;
//! // ↑ = {0 | *}, and ↑ + ↑ + * is printed ^2*.
//! let up = GameId::from_options(&[GameId::zero()], &[GameId::nimber(1)]).unwrap();
//! assert_eq!(up, GameId::ups(1));
//! let v = up.checked_add(up)?.checked_add(GameId::nimber(1))?;
//! assert_eq!(v.to_string(), "^2*");
//! # Ok::<(), gamecensus::values::limits::Limit>(())
//! ```

mod arith;
mod atomic;
mod canonical;
mod compound;
mod id;
mod invariants;
mod notation;
mod reduced;
mod store;
mod thermo;

pub use atomic::NoWeight;
pub use store::{StoreUsage, clear_memos, stored_values, usage};
pub use thermo::CoolError;

use super::dyadic::Dyadic;
pub use id::{GameId, Nus};
use store::{Node, entry};

impl Nus {
    /// The number `num` (no ups, no nimber).
    pub fn number(num: Dyadic) -> Nus {
        Nus {
            num,
            ups: 0,
            nim: 0,
        }
    }

    /// Whether this is a plain number.
    pub fn is_number(&self) -> bool {
        self.ups == 0 && self.nim == 0
    }
}

impl GameId {
    /// The id as a number, to keep in an atomic slot; only [`GameId::from_bits`] in the
    /// same process reads it back.
    #[inline]
    pub fn to_bits(self) -> u32 {
        self.0
    }

    /// The id `to_bits` gave. **Panics** on use if `bits` did not come from
    /// [`GameId::to_bits`] in this process.
    #[inline]
    pub fn from_bits(bits: u32) -> GameId {
        GameId(bits)
    }

    /// The number-up-star `nus`. Panics if `nus.ups` is `i32::MIN` (beyond
    /// [`MAX_UPS`](crate::values::limits::MAX_UPS): the range is symmetric).
    pub fn nus(nus: Nus) -> GameId {
        assert!(
            nus.ups != i32::MIN,
            "a multiple of ^ beyond the kernel's range"
        );
        store::intern_nus(nus)
    }

    /// 0.
    #[inline]
    pub fn zero() -> GameId {
        static ZERO: std::sync::OnceLock<GameId> = std::sync::OnceLock::new();
        *ZERO.get_or_init(|| GameId::nus(Nus::number(Dyadic::ZERO)))
    }

    /// The integer `n`.
    pub fn integer(n: i32) -> GameId {
        GameId::nus(Nus::number(Dyadic::int(n)))
    }

    /// The number `d`.
    pub fn number(d: Dyadic) -> GameId {
        GameId::nus(Nus::number(d))
    }

    /// The nimber `*m`.
    pub fn nimber(m: u32) -> GameId {
        GameId::nus(Nus {
            num: Dyadic::ZERO,
            ups: 0,
            nim: m,
        })
    }

    /// `u·↑` (negative u: `|u|·↓`). Panics if `u` is `i32::MIN`.
    pub fn ups(u: i32) -> GameId {
        GameId::nus(Nus {
            num: Dyadic::ZERO,
            ups: u,
            nim: 0,
        })
    }

    /// The number-up-star this value is, if it is one.
    pub fn as_nus(self) -> Option<Nus> {
        match &entry(self).node {
            Node::Nus(n) => Some(*n),
            Node::General(..) => None,
        }
    }

    /// The number this value is, if it is one.
    pub fn as_number(self) -> Option<Dyadic> {
        self.as_nus().filter(|n| n.is_number()).map(|n| n.num)
    }

    /// The canonical left and right options, borrowed from the store (which lives as
    /// long as the program and never moves a value).
    pub fn sides(self) -> (&'static [GameId], &'static [GameId]) {
        let e = entry(self);
        match &e.node {
            Node::General(l, r) => (l, r),
            Node::Nus(n) => {
                let o = e.nus_options.get_or_init(|| {
                    let (l, r) = canonical::nus_options(*n);
                    (l.into(), r.into())
                });
                (&o.0, &o.1)
            }
        }
    }

    /// The canonical left and right options.
    pub fn options(self) -> (Vec<GameId>, Vec<GameId>) {
        let (l, r) = self.sides();
        (l.to_vec(), r.to_vec())
    }

    /// The canonical left options.
    pub fn left_options(self) -> &'static [GameId] {
        self.sides().0
    }

    /// The canonical right options.
    pub fn right_options(self) -> &'static [GameId] {
        self.sides().1
    }
}

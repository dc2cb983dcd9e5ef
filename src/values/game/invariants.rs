//! Invariants of a value read off its canonical form: birthday, stops, whether it is
//! infinitesimal, and the largest nimber in it (for remote stars). The stops are kept
//! with each stored value; the others are memoised.

use super::GameId;
use super::store::{entry, store};
use crate::values::dyadic::Dyadic;

impl GameId {
    /// Birthday: 0 for 0, else 1 + the largest birthday of a canonical option.
    pub fn birthday(self) -> u64 {
        if let Some(x) = self.as_number() {
            // n is born on day |n|; m/2^k (k ≥ 1) on day ⌊|x|⌋ + k + 1.
            let a = x.abs();
            return if a.is_integer() {
                a.num() as u64
            } else {
                a.floor() as u64 + a.exp() as u64 + 1
            };
        }
        if let Some(b) = store().birthdays.get(&self) {
            return *b;
        }
        let (l, r) = self.sides();
        let b = 1 + l.iter().chain(r).map(|g| g.birthday()).max().unwrap_or(0);
        store().birthdays.insert(self, b);
        b
    }

    /// (left stop, right stop): the number reached when Left (Right) starts and both
    /// play to stop as soon as a number is reached (Winning Ways ch. 6).
    pub fn stops(self) -> (Dyadic, Dyadic) {
        entry(self).stops
    }

    /// Infinitesimal: between −x and x for every positive number x, i.e. both stops 0.
    pub fn is_infinitesimal(self) -> bool {
        self.stops() == (Dyadic::ZERO, Dyadic::ZERO)
    }

    /// The largest nimber index occurring anywhere in the canonical form.
    pub(super) fn max_nim(self) -> u32 {
        if let Some(m) = store().max_nims.get(&self) {
            return *m;
        }
        let own = self.as_nus().map_or(0, |n| n.nim);
        let (l, r) = self.sides();
        let m = l
            .iter()
            .chain(r)
            .map(|g| g.max_nim())
            .max()
            .unwrap_or(0)
            .max(own);
        store().max_nims.insert(self, m);
        m
    }
}

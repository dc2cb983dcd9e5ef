//! Arithmetic and order: negation, disjunctive sums (with number avoidance), the order
//! `≤` and the outcome class. Number-up-stars are added and compared arithmetically,
//! everything else by the definitions, memoised in the store.

use std::cmp::Ordering;

use std::cell::RefCell;

use super::store::{Node, PairCache, entry, intern, store};
use super::{GameId, Nus};
use crate::values::Outcome;
use crate::values::limits::{Limit, MAX_UPS};

thread_local! {
    /// This thread's cache of sums in front of the shared memo.
    static SUMS: RefCell<PairCache> = RefCell::new(PairCache::new());
    /// This thread's cache of comparisons in front of the shared memo.
    static LE: RefCell<PairCache> = RefCell::new(PairCache::new());
}

impl Nus {
    /// The sum, or the limit it would cross.
    pub fn checked_add(self, o: Nus) -> Result<Nus, Limit> {
        let ups = self.ups as i64 + o.ups as i64;
        if ups.unsigned_abs() > MAX_UPS as u64 {
            return Err(Limit::Ups);
        }
        Ok(Nus {
            num: self.num.checked_add(o.num)?,
            ups: ups as i32,
            nim: self.nim ^ o.nim,
        })
    }

    /// The order of `self − other` against 0: `None` if confused. For x + u·↑ + *m: the
    /// number decides if non-zero; else ↑-multiples of 2 or more decide, ↑ + *m is
    /// positive unless m = 1 (↑* is fuzzy), and *m (m ≠ 0) is fuzzy (Winning Ways ch. 3).
    /// Exact: no intermediate value is formed.
    fn compare(&self, other: &Nus) -> Option<Ordering> {
        use Ordering::*;
        match self.num.cmp(&other.num) {
            Equal => {}
            o => return Some(o),
        }
        let ups = self.ups as i64 - other.ups as i64;
        match (ups.unsigned_abs(), self.nim ^ other.nim) {
            (0, 0) => Some(Equal),
            (0, _) | (1, 1) => None,
            _ => Some(if ups > 0 { Greater } else { Less }),
        }
    }
}

/// The negative (the kernel's ranges are symmetric).
impl std::ops::Neg for Nus {
    type Output = Nus;
    fn neg(self) -> Nus {
        Nus {
            num: -self.num,
            ups: -self.ups,
            nim: self.nim,
        }
    }
}

impl GameId {
    /// The negative (memoised; canonical forms negate to canonical forms).
    fn negated(self) -> GameId {
        if let Some(n) = self.as_nus() {
            return GameId::nus(-n);
        }
        if let Some(v) = store().negs.get(&self) {
            return *v;
        }
        let (l, r) = self.sides();
        let negate = |v: &[GameId]| {
            let mut out: Vec<GameId> = v.iter().map(|g| g.negated()).collect();
            out.sort_unstable();
            out
        };
        // The negative of a canonical form is canonical, and not a number-up-star.
        let v = intern(Node::General(negate(r).into(), negate(l).into()));
        store().negs.insert(self, v);
        v
    }

    /// The disjunctive sum (memoised), or the limit a number in it would cross.
    pub fn checked_add(self, other: GameId) -> Result<GameId, Limit> {
        if let (Some(a), Some(b)) = (self.as_nus(), other.as_nus()) {
            return Ok(GameId::nus(a.checked_add(b)?));
        }
        let key = if self <= other {
            (self, other)
        } else {
            (other, self)
        };
        if let Some(v) = SUMS.with(|c| c.borrow().get(key.0, key.1)) {
            return Ok(GameId(v));
        }
        if let Some(v) = store().sums.get(&key) {
            let v = *v;
            SUMS.with(|c| c.borrow_mut().put(key.0, key.1, v.0));
            return Ok(v);
        }
        let (a, b) = key;
        let (al, ar) = a.sides();
        let (bl, br) = b.sides();
        // Number avoidance: never move in a number component while the other is not one.
        let (a_num, b_num) = (a.as_number().is_some(), b.as_number().is_some());
        let mut l = Vec::with_capacity(al.len() + bl.len());
        let mut r = Vec::with_capacity(ar.len() + br.len());
        if !a_num || b_num {
            for x in al {
                l.push(x.checked_add(b)?);
            }
            for x in ar {
                r.push(x.checked_add(b)?);
            }
        }
        if !b_num || a_num {
            for y in bl {
                l.push(a.checked_add(*y)?);
            }
            for y in br {
                r.push(a.checked_add(*y)?);
            }
        }
        let v = GameId::from_options(&l, &r)?;
        store().sums.insert(key, v);
        SUMS.with(|c| c.borrow_mut().put(key.0, key.1, v.0));
        Ok(v)
    }

    /// `self − other`, or the limit a number in it would cross.
    pub fn checked_sub(self, other: GameId) -> Result<GameId, Limit> {
        self.checked_add(other.negated())
    }

    /// `self ≤ other`.
    pub fn leq(self, other: GameId) -> bool {
        if self == other {
            return true;
        }
        let (g, h) = (entry(self), entry(other));
        if let (Node::Nus(a), Node::Nus(b)) = (&g.node, &h.node) {
            return matches!(a.compare(b), Some(Ordering::Less | Ordering::Equal));
        }
        // The stops answer most comparisons (Winning Ways ch. 6; Siegel II.4): G ≤ H
        // needs L(G) ≤ L(H) and R(G) ≤ R(H); and L(G) < R(H) gives R(H − G) ≥ R(H) −
        // L(G) > 0, so H − G > 0.
        let ((gl, gr), (hl, hr)) = (g.stops, h.stops);
        if gl > hl || gr > hr {
            return false;
        }
        if gl < hr {
            return true;
        }
        if let Some(v) = LE.with(|c| c.borrow().get(self, other)) {
            return v != 0;
        }
        let v = match store().le.get(&(self, other)) {
            Some(v) => *v,
            None => {
                // G ≤ H iff no H^R ≤ G and no G^L ≥ H.
                let v = !other.right_options().iter().any(|hr| hr.leq(self))
                    && !self.left_options().iter().any(|gl| other.leq(*gl));
                store().le.insert((self, other), v);
                v
            }
        };
        LE.with(|c| c.borrow_mut().put(self, other, v as u32));
        v
    }

    /// `self ≥ other`.
    pub fn geq(self, other: GameId) -> bool {
        other.leq(self)
    }

    /// `self < other`.
    pub fn less(self, other: GameId) -> bool {
        self.leq(other) && self != other
    }

    /// `self > other`.
    pub fn greater(self, other: GameId) -> bool {
        other.less(self)
    }

    /// Confused with (incomparable to) `other`.
    pub fn confused(self, other: GameId) -> bool {
        !self.leq(other) && !other.leq(self)
    }

    /// Outcome class: L if G > 0, R if G < 0, P if G = 0, N if G ‖ 0.
    pub fn outcome(self) -> Outcome {
        let z = GameId::zero();
        match (z.leq(self), self.leq(z)) {
            (true, true) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::N,
        }
    }
}

/// The disjunctive sum. **Panics** where [`GameId::checked_add`] returns an error (a
/// number leaving the kernel's range); for tests and examples.
impl std::ops::Add for GameId {
    type Output = GameId;
    fn add(self, other: GameId) -> GameId {
        self.checked_add(other)
            .unwrap_or_else(|e| panic!("{self} + {other}: {e}"))
    }
}

/// The negative (never fails: the kernel's ranges are symmetric).
impl std::ops::Neg for GameId {
    type Output = GameId;
    fn neg(self) -> GameId {
        self.negated()
    }
}

/// The difference. **Panics** where [`GameId::checked_sub`] returns an error.
impl std::ops::Sub for GameId {
    type Output = GameId;
    fn sub(self, other: GameId) -> GameId {
        self.checked_sub(other)
            .unwrap_or_else(|e| panic!("{self} - {other}: {e}"))
    }
}

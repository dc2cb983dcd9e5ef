//! Invariants and forms up to infinitesimals, as CGSuite's `CanonicalShortGame` defines
//! them (Siegel, *Combinatorial Game Theory*, II.4–II.6): left and right incentives,
//! whether a value is numberish or all-small, and the reduced canonical form.

use std::collections::HashMap;

use super::GameId;
use super::canonical::undominated;
use crate::values::dyadic::Dyadic;
use crate::values::limits::Limit;

impl GameId {
    /// The left stop (see [`GameId::stops`]).
    pub fn left_stop(self) -> Dyadic {
        self.stops().0
    }

    /// The right stop (see [`GameId::stops`]).
    pub fn right_stop(self) -> Dyadic {
        self.stops().1
    }

    /// Numberish: a number plus an infinitesimal, i.e. both stops equal (CGSuite's
    /// `IsNumberish`).
    pub fn is_numberish(self) -> bool {
        let (l, r) = self.stops();
        l == r
    }

    /// All-small: every follower with a move for one player has a move for the other;
    /// among number-up-stars exactly those with number part 0 (CGSuite's `IsAllSmall`;
    /// Winning Ways ch. 8).
    pub fn is_all_small(self) -> bool {
        all_small(self, &mut HashMap::new())
    }

    /// The incentives, as CGSuite's `Incentives` gives them: the left incentives
    /// G^L − G (with `left`) and the right incentives G − G^R (with `right`) of the
    /// canonical form, without duplicates and without the dominated ones (a player's
    /// best moves are to the largest incentives; Winning Ways ch. 3, Siegel II.4). In
    /// the order of their ids (callers sort for printing).
    pub fn incentives(self, left: bool, right: bool) -> Result<Vec<GameId>, Limit> {
        let (l, r) = self.sides();
        let mut out = Vec::new();
        if left {
            for &gl in l {
                out.push(gl.checked_sub(self)?);
            }
        }
        if right {
            for &gr in r {
                out.push(self.checked_sub(gr)?);
            }
        }
        Ok(undominated(out.into(), true).into_vec())
    }

    /// The reduced canonical form: the simplest value infinitely close to G, so that
    /// rcf(G) = rcf(H) exactly when G − H is infinitesimal (Siegel II.6, after
    /// Calistrate). A number-up-star's is its number part; any other value's is the star
    /// projection of G heated by * (∫^* G, then every x* among the followers replaced
    /// by x), as CGSuite computes `ReducedCanonicalForm`.
    pub fn reduced_canonical_form(self) -> Result<GameId, Limit> {
        if let Some(n) = self.as_nus() {
            return Ok(GameId::number(n.num));
        }
        star_projection(self.heat(GameId::nimber(1))?, &mut HashMap::new())
    }
}

fn all_small(g: GameId, memo: &mut HashMap<GameId, bool>) -> bool {
    if let Some(n) = g.as_nus() {
        return n.num.is_zero();
    }
    if let Some(&v) = memo.get(&g) {
        return v;
    }
    let (l, r) = g.sides();
    let v = l.iter().chain(r).all(|&o| all_small(o, memo));
    memo.insert(g, v);
    v
}

/// Numbers stay, x* becomes x, anything else is rebuilt from its projected options.
fn star_projection(g: GameId, memo: &mut HashMap<GameId, GameId>) -> Result<GameId, Limit> {
    if let Some(n) = g.as_nus() {
        if n.is_number() {
            return Ok(g);
        }
        if n.ups == 0 && n.nim == 1 {
            return Ok(GameId::number(n.num));
        }
    }
    if let Some(&p) = memo.get(&g) {
        return Ok(p);
    }
    let (l, r) = g.sides();
    let l = l
        .iter()
        .map(|&o| star_projection(o, memo))
        .collect::<Result<Vec<_>, Limit>>()?;
    let r = r
        .iter()
        .map(|&o| star_projection(o, memo))
        .collect::<Result<Vec<_>, Limit>>()?;
    let p = GameId::from_options(&l, &r)?;
    memo.insert(g, p);
    Ok(p)
}

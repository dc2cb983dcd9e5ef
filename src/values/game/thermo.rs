//! The temperature theory of short games, as CGSuite defines it (Winning Ways ch. 6;
//! Siegel, *Combinatorial Game Theory* II.5; Berlekamp's generalised thermography
//! below temperature 0): thermographs, mean values, temperatures, cooling and heating.
//!
//! - The thermograph of an integer is a vertical mast at it; any other value's is the
//!   thermographic intersection of its scaffolds ([`Thermograph::from_scaffolds`]).
//! - The temperature is the thermograph's (the highest critical point of a wall, −1 if
//!   none): a number m/2^k in lowest terms (k ≥ 1) has temperature −1/2^k, an integer
//!   −1, an infinitesimal-plus-number 0.
//! - The mean is the mast's value; `mean(G + H) = mean(G) + mean(H)`.
//! - Cooling by t > −1: an integer stays; a game colder than t becomes its mean;
//!   otherwise `G_t = {G^L_t − t | G^R_t + t}`. Heating by a game t: a number stays;
//!   otherwise `∫^t G = {∫^t G^L + t | ∫^t G^R − t}`.

use std::collections::HashMap;
use std::sync::Arc;

use super::GameId;
use super::store::store;
use crate::values::dyadic::Dyadic;
use crate::values::limits::Limit;
use crate::values::trajectory::{Thermograph, Trajectory};

/// Why a game cannot be cooled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoolError {
    /// Cooling is defined for temperatures above −1 only.
    BelowMinusOne,
    /// A value beyond the kernel's limits.
    Limit(Limit),
}

impl From<Limit> for CoolError {
    fn from(l: Limit) -> CoolError {
        CoolError::Limit(l)
    }
}

impl GameId {
    /// The thermograph (memoised for every value of the store).
    pub fn thermograph(self) -> Result<Arc<Thermograph>, Limit> {
        if let Some(t) = store().thermographs.get(&self) {
            return Ok(Arc::clone(&t));
        }
        let t = Arc::new(match self.as_number().filter(|x| x.is_integer()) {
            Some(x) => Thermograph::mast(x),
            None => {
                let (l, r) = self.sides();
                let ls = scaffold(l, |t| t.right.clone(), Trajectory::max)?.tilt(-1);
                let rs = scaffold(r, |t| t.left.clone(), Trajectory::min)?.tilt(1);
                Thermograph::from_scaffolds(&ls, &rs)?
            }
        });
        store().thermographs.insert(self, Arc::clone(&t));
        Ok(t)
    }

    /// The temperature (negative for numbers: −1 for integers, −1/2^k for m/2^k).
    pub fn temperature(self) -> Result<Dyadic, Limit> {
        Ok(self.thermograph()?.temperature())
    }

    /// The mean value.
    pub fn mean(self) -> Result<Dyadic, Limit> {
        if let Some(x) = self.as_number() {
            return Ok(x);
        }
        self.thermograph()?.mean()
    }

    /// `G` cooled by `t` (t > −1).
    pub fn cool(self, t: Dyadic) -> Result<GameId, CoolError> {
        if t <= Dyadic::int(-1) {
            return Err(CoolError::BelowMinusOne);
        }
        cool(self, t, &mut HashMap::new())
    }

    /// `G` heated by `t`.
    pub fn heat(self, t: GameId) -> Result<GameId, Limit> {
        heat(self, t, &mut HashMap::new())
    }
}

/// The extremum (`join`) of one wall (`wall`) of every option (there is at least one:
/// only integers have an empty side).
fn scaffold(
    options: &[GameId],
    wall: impl Fn(&Thermograph) -> Trajectory,
    join: impl Fn(&Trajectory, &Trajectory) -> Result<Trajectory, Limit>,
) -> Result<Trajectory, Limit> {
    let mut acc: Option<Trajectory> = None;
    for g in options {
        let w = wall(&*g.thermograph()?);
        acc = Some(match acc {
            None => w,
            Some(a) => join(&a, &w)?,
        });
    }
    Ok(acc.expect("a value that is not an integer has options on both sides"))
}

fn cool(g: GameId, t: Dyadic, memo: &mut HashMap<GameId, GameId>) -> Result<GameId, CoolError> {
    if g.as_number().is_some_and(|x| x.is_integer()) {
        return Ok(g);
    }
    if let Some(&c) = memo.get(&g) {
        return Ok(c);
    }
    let c = if g.temperature()? < t {
        GameId::number(g.mean()?)
    } else {
        let shift = GameId::number(t);
        let (l, r) = g.sides();
        let l = l
            .iter()
            .map(|&o| Ok(cool(o, t, memo)?.checked_sub(shift)?))
            .collect::<Result<Vec<_>, CoolError>>()?;
        let r = r
            .iter()
            .map(|&o| Ok(cool(o, t, memo)?.checked_add(shift)?))
            .collect::<Result<Vec<_>, CoolError>>()?;
        GameId::from_options(&l, &r)?
    };
    memo.insert(g, c);
    Ok(c)
}

fn heat(g: GameId, t: GameId, memo: &mut HashMap<GameId, GameId>) -> Result<GameId, Limit> {
    if g.as_number().is_some() {
        return Ok(g);
    }
    if let Some(&h) = memo.get(&g) {
        return Ok(h);
    }
    let (l, r) = g.sides();
    let l = l
        .iter()
        .map(|&o| heat(o, t, memo)?.checked_add(t))
        .collect::<Result<Vec<_>, Limit>>()?;
    let r = r
        .iter()
        .map(|&o| heat(o, t, memo)?.checked_sub(t))
        .collect::<Result<Vec<_>, Limit>>()?;
    let h = GameId::from_options(&l, &r)?;
    memo.insert(g, h);
    Ok(h)
}

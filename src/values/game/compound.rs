//! Operations that build new values from old ones, as CGSuite's `CanonicalShortGame`
//! defines them on canonical forms: tinies and minies, the ordinal sum, Norton's
//! product and Berlekamp's overheating. Where an operation depends on the form of a
//! game and not only on its value (the left operand of the ordinal sum, of Norton's
//! product and of overheating), the canonical form is the form used, as in CGSuite.

use std::collections::HashMap;

use super::GameId;
use crate::values::dyadic::Dyadic;
use crate::values::limits::Limit;

impl GameId {
    /// tiny-G = {0 || 0 | −G} (Winning Ways ch. 5; Siegel II.4), CGSuite's `Tiny(G)`:
    /// a positive infinitesimal for G > 0.
    pub fn tiny(g: GameId) -> Result<GameId, Limit> {
        let inner = GameId::from_options(&[GameId::zero()], &[-g])?;
        GameId::from_options(&[GameId::zero()], &[inner])
    }

    /// miny-G = −tiny-G = {G | 0 || 0}, CGSuite's `Miny(G)`.
    pub fn miny(g: GameId) -> Result<GameId, Limit> {
        Ok(-GameId::tiny(g)?)
    }

    /// The value as CGSuite prints a "number tiny" (`IsNumberTiny`): x + tiny-S, i.e.
    /// the canonical form {x || x | y} with x a number and mean(y) < x, gives
    /// `(x, true, S = x − y)`; x + miny-S, i.e. {z | x || x} with mean(z) > x, gives
    /// `(x, false, S = z − x)`.
    pub fn as_number_tiny(self) -> Option<(Dyadic, bool, GameId)> {
        let single = |g: GameId| match g.sides() {
            ([a], [b]) => Some((*a, *b)),
            _ => None,
        };
        let (a, b) = single(self)?;
        if let Some(x) = a.as_number()
            && let Some((bl, y)) = single(b)
            && bl == a
            && y.mean().ok()? < x
        {
            return Some((x, true, a.checked_sub(y).ok()?));
        }
        if let Some(x) = b.as_number()
            && let Some((z, ar)) = single(a)
            && ar == b
            && z.mean().ok()? > x
        {
            return Some((x, false, z.checked_sub(b).ok()?));
        }
        None
    }

    /// The ordinal sum G : H (Conway, ONAG ch. 15; Siegel II.3): Left's options are
    /// G's left options and G : H^L, Right's likewise, for the canonical form of G (the
    /// sum depends on G's form, and on H only through its value). *a : *b = *(a + b).
    pub fn ordinal_sum(self, h: GameId) -> Result<GameId, Limit> {
        ordinal(self, h, &mut HashMap::new())
    }

    /// Norton's product G.U (Winning Ways ch. 8; Siegel II; CGSuite `NortonProduct`):
    /// for an integer G the sum of G copies of U (−G copies of −U for G < 0); otherwise
    /// {G^L.U + U + I | G^R.U − U − I} over the canonical options of G and the incentives
    /// I of U. Siegel's laws (additive and order-preserving in G) need U > 0.
    pub fn norton_product(self, u: GameId) -> Result<GameId, Limit> {
        let shifts = u
            .incentives(true, true)?
            .into_iter()
            .map(|i| u.checked_add(i))
            .collect::<Result<Vec<_>, Limit>>()?;
        norton(self, u, &shifts, &mut HashMap::new())
    }

    /// G overheated from s to t (Berlekamp; CGSuite `Overheat`): an integer n is n.s
    /// (n copies of s), any other G is {overheat(G^L) + t | overheat(G^R) − t}.
    pub fn overheat(self, s: GameId, t: GameId) -> Result<GameId, Limit> {
        overheat(self, s, t, &mut HashMap::new())
    }
}

fn ordinal(g: GameId, h: GameId, memo: &mut HashMap<GameId, GameId>) -> Result<GameId, Limit> {
    if let (Some(a), Some(b)) = (g.as_nus(), h.as_nus())
        && a.ups == 0
        && b.ups == 0
        && b.num.is_zero()
        && let Some(nim) = a.nim.checked_add(b.nim)
    {
        // x*a : *b = x*(a+b): both players' options are x*k for k < a + b.
        return Ok(GameId::nus(super::Nus { nim, ..a }));
    }
    if let Some(&v) = memo.get(&h) {
        return Ok(v);
    }
    let (gl, gr) = g.sides();
    let (hl, hr) = h.sides();
    let mut l = gl.to_vec();
    for &x in hl {
        l.push(ordinal(g, x, memo)?);
    }
    let mut r = gr.to_vec();
    for &x in hr {
        r.push(ordinal(g, x, memo)?);
    }
    let v = GameId::from_options(&l, &r)?;
    memo.insert(h, v);
    Ok(v)
}

/// n copies of u (n < 0: −n copies of −u), by doubling.
fn copies(n: i64, u: GameId) -> Result<GameId, Limit> {
    let mut acc = GameId::zero();
    let mut power = if n < 0 { -u } else { u };
    let mut k = n.unsigned_abs();
    while k > 0 {
        if k & 1 == 1 {
            acc = acc.checked_add(power)?;
        }
        k >>= 1;
        if k > 0 {
            power = power.checked_add(power)?;
        }
    }
    Ok(acc)
}

fn norton(
    g: GameId,
    u: GameId,
    shifts: &[GameId],
    memo: &mut HashMap<GameId, GameId>,
) -> Result<GameId, Limit> {
    if let Some(x) = g.as_number().filter(|x| x.is_integer()) {
        return copies(x.num(), u);
    }
    if let Some(&v) = memo.get(&g) {
        return Ok(v);
    }
    let (gl, gr) = g.sides();
    let mut l = Vec::with_capacity(gl.len() * shifts.len());
    for &x in gl {
        let p = norton(x, u, shifts, memo)?;
        for &s in shifts {
            l.push(p.checked_add(s)?);
        }
    }
    let mut r = Vec::with_capacity(gr.len() * shifts.len());
    for &x in gr {
        let p = norton(x, u, shifts, memo)?;
        for &s in shifts {
            r.push(p.checked_sub(s)?);
        }
    }
    let v = GameId::from_options(&l, &r)?;
    memo.insert(g, v);
    Ok(v)
}

fn overheat(
    g: GameId,
    s: GameId,
    t: GameId,
    memo: &mut HashMap<GameId, GameId>,
) -> Result<GameId, Limit> {
    if let Some(x) = g.as_number().filter(|x| x.is_integer()) {
        return copies(x.num(), s);
    }
    if let Some(&v) = memo.get(&g) {
        return Ok(v);
    }
    let (gl, gr) = g.sides();
    let l = gl
        .iter()
        .map(|&x| overheat(x, s, t, memo)?.checked_add(t))
        .collect::<Result<Vec<_>, Limit>>()?;
    let r = gr
        .iter()
        .map(|&x| overheat(x, s, t, memo)?.checked_sub(t))
        .collect::<Result<Vec<_>, Limit>>()?;
    let v = GameId::from_options(&l, &r)?;
    memo.insert(g, v);
    Ok(v)
}

//! Candidate quotients: the image of the heaps in `Q × C(i1,p1) × … × C(ik,pk)`, where
//! `Q` is the quotient already proved for the smaller heaps and each `C(i,p)` is the
//! cyclic monoid of index `i` and period `p` (`g^(i+p) = g^i`) given to one "free" heap.
//! The P-portion is marked as MisereSolver marks it (Plambeck & Siegel 2008, §6): every
//! element at its lexicographically least word (largest heap most significant), from the
//! marks of that word's options, which are lexicographically smaller. Nothing here is
//! trusted: the caller reduces the candidate and proves it (see `verify`).

use std::collections::HashMap;

use super::monoid::Bipartite;
use crate::error::{Error, Result};

/// A heap given its own cyclic component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Free {
    /// The heap size.
    pub heap: u32,
    /// The index `i` of its cyclic component.
    pub index: u32,
    /// The period `p` of its cyclic component.
    pub period: u32,
}

/// A marked candidate: its states (elements reached), their marks and the action of
/// each distinct heap element on them.
pub struct Marked {
    /// P-portion mark of each state.
    pub p: Vec<bool>,
    /// Action of each distinct generator (a heap with moves) on the states.
    pub actions: Vec<Vec<u32>>,
    /// The state of each heap `0..=n` (0, the identity, for heaps without moves).
    pub heap_state: Vec<u32>,
}

struct Builder<'a> {
    q: &'a Bipartite,
    /// Sizes of the components after the first (cycle lengths i + p).
    free: &'a [Free],
    radix: Vec<u64>,
    codes: Vec<u64>,
    ids: HashMap<u64, u32>,
    marks: Vec<Option<bool>>,
    heap_code: Vec<u64>,
    opt_codes: Vec<Vec<u64>>,
    max_states: usize,
}

impl Builder<'_> {
    fn decode(&self, mut c: u64, out: &mut [u32]) {
        for (k, r) in self.radix.iter().enumerate().rev() {
            out[k] = (c % r) as u32;
            c /= r;
        }
    }

    fn encode(&self, t: &[u32]) -> u64 {
        t.iter()
            .zip(&self.radix)
            .fold(0u64, |acc, (&x, &r)| acc * r + x as u64)
    }

    fn mul(&self, a: u64, b: u64) -> u64 {
        let k = self.radix.len();
        let mut x = [0u32; 32];
        let mut y = [0u32; 32];
        self.decode(a, &mut x[..k]);
        self.decode(b, &mut y[..k]);
        x[0] = self.q.mul(x[0], y[0]);
        for (j, f) in self.free.iter().enumerate() {
            let e = x[j + 1] + y[j + 1];
            x[j + 1] = if e < f.index + f.period {
                e
            } else {
                f.index + (e - f.index) % f.period
            };
        }
        self.encode(&x[..k])
    }

    fn intern(&mut self, c: u64) -> Result<u32> {
        if let Some(&i) = self.ids.get(&c) {
            return Ok(i);
        }
        if self.codes.len() >= self.max_states {
            return Err(Error::Limit(format!(
                "a candidate quotient reached {} elements before reduction",
                self.max_states
            )));
        }
        let i = self.codes.len() as u32;
        self.codes.push(c);
        self.ids.insert(c, i);
        self.marks.push(None);
        Ok(i)
    }

    /// Marks every element reached by words over heaps `1..=d` times `elem`.
    fn mark(&mut self, d: usize, elem: u32, tr: &[u32]) -> Result<()> {
        if d == 0 {
            let mut p = !tr.is_empty();
            for &t in tr {
                match self.marks[t as usize] {
                    Some(true) => p = false,
                    Some(false) => {}
                    None => {
                        return Err(Error::Limit(
                            "internal: an option's element was not marked before its position's"
                                .into(),
                        ));
                    }
                }
            }
            self.marks[elem as usize] = Some(p);
            return Ok(());
        }
        if self.opt_codes[d].is_empty() {
            return self.mark(d - 1, elem, tr);
        }
        let g = self.heap_code[d];
        let mut elem = elem;
        let mut tr = tr.to_vec();
        loop {
            self.mark(d - 1, elem, &tr)?;
            let ec = self.codes[elem as usize];
            let next = self.intern(self.mul(ec, g))?;
            if self.marks[next as usize].is_some() {
                return Ok(());
            }
            let mut ntr = Vec::with_capacity(tr.len() + self.opt_codes[d].len());
            for &t in &tr {
                let c = self.mul(self.codes[t as usize], g);
                ntr.push(self.intern(c)?);
            }
            for k in 0..self.opt_codes[d].len() {
                let c = self.mul(ec, self.opt_codes[d][k]);
                ntr.push(self.intern(c)?);
            }
            ntr.sort_unstable();
            ntr.dedup();
            elem = next;
            tr = ntr;
        }
    }
}

/// Builds and marks the candidate for heaps `0..=n`: heap `h` is the element `phi[h]` of
/// `q` unless it is in `free` (then it generates its own cyclic component); `options[h]`
/// lists the heaps each option of `h` leaves.
pub fn mark(
    q: &Bipartite,
    phi: &[u32],
    free: &[Free],
    options: &[Vec<Vec<u32>>],
    n: usize,
    max_states: usize,
) -> Result<Marked> {
    if free.len() > 30 {
        return Err(Error::Limit(
            "a candidate quotient needs more than 30 free heaps".into(),
        ));
    }
    let mut radix = vec![q.len() as u64];
    for f in free {
        radix.push((f.index + f.period) as u64);
    }
    let total = radix
        .iter()
        .try_fold(1u64, |acc, &r| acc.checked_mul(r))
        .filter(|&t| t < 1 << 62);
    if total.is_none() {
        return Err(Error::Limit(
            "a candidate quotient's product of cyclic monoids exceeds 2^62 elements".into(),
        ));
    }
    let mut b = Builder {
        q,
        free,
        radix,
        codes: Vec::new(),
        ids: HashMap::new(),
        marks: Vec::new(),
        heap_code: Vec::with_capacity(n + 1),
        opt_codes: Vec::with_capacity(n + 1),
        max_states,
    };
    let k = b.radix.len();
    for (h, &ph) in phi.iter().enumerate().take(n + 1) {
        let mut t = vec![0u32; k];
        if let Some(j) = free.iter().position(|f| f.heap as usize == h) {
            t[j + 1] = 1;
        } else {
            t[0] = ph;
        }
        let c = b.encode(&t);
        b.heap_code.push(c);
    }
    for opts in options.iter().take(n + 1) {
        let mut oc: Vec<u64> = opts
            .iter()
            .map(|o| {
                o.iter()
                    .fold(0u64, |acc, &x| b.mul(acc, b.heap_code[x as usize]))
            })
            .collect();
        oc.sort_unstable();
        oc.dedup();
        b.opt_codes.push(oc);
    }
    let id0 = b.intern(0)?;
    debug_assert_eq!(id0, 0);
    b.mark(n, 0, &[])?;
    // Every element reached is marked; the actions of the distinct heap elements.
    let mut gens: Vec<u64> = (1..=n)
        .filter(|&h| !b.opt_codes[h].is_empty())
        .map(|h| b.heap_code[h])
        .collect();
    gens.sort_unstable();
    gens.dedup();
    let mut actions = Vec::with_capacity(gens.len());
    for &g in &gens {
        let mut a = Vec::with_capacity(b.codes.len());
        for s in 0..b.codes.len() {
            let c = b.mul(b.codes[s], g);
            match b.ids.get(&c) {
                Some(&t) => a.push(t),
                None => {
                    return Err(Error::Limit(
                        "internal: a candidate quotient is not closed under its heaps".into(),
                    ));
                }
            }
        }
        actions.push(a);
    }
    if b.codes.len() != b.marks.len() || b.marks.iter().any(Option::is_none) {
        return Err(Error::Limit(
            "internal: a candidate quotient has an unmarked element".into(),
        ));
    }
    let p = b.marks.iter().map(|m| m.unwrap_or(false)).collect();
    let heap_state = (0..=n)
        .map(|h| {
            if b.opt_codes[h].is_empty() {
                0
            } else {
                b.ids[&b.heap_code[h]]
            }
        })
        .collect();
    Ok(Marked {
        p,
        actions,
        heap_state,
    })
}

//! The proof that a bipartite monoid `(Q, P)` with heap elements `Φ` is faithful: that
//! for every sum of heaps `x`, `x` is a misère P-position iff `Φ(x) ∈ P`.
//!
//! For a position `x` let `T(x)` be the set of `Φ(x')` over its options `x'`. By induction
//! on `x`, faithfulness holds iff for every `x`: `T(x) = ∅` (no move: a misère N-position)
//! implies `Φ(x) ∉ P`, and otherwise `Φ(x) ∈ P ⟺ T(x) ∩ P = ∅`. Adding a heap `h` to `x`
//! gives `Φ(x+h) = Φ(x)Φ(h)` and `T(x+h) = T(x)·Φ(h) ∪ Φ(x)·Φ(opts h)`, so the pairs
//! `(Φ(x), T(x))` over all positions are the closure of `(1, ∅)` under these steps, a
//! finite set. Only what decides the future checks is kept of `T`: the set
//! `U(T) = {c ∈ Q : tc ∈ P for some t ∈ T}` (`T·c` meets `P` iff `c ∈ U(T)`, and
//! `U(T·g) = {c : gc ∈ U(T)}`), so the closure is over pairs `(a, U)` and every pair met
//! is checked. A failed check yields a position (a list of heaps) that the monoid gets
//! wrong, itself or through one of its options.

use std::collections::HashMap;

use super::monoid::Bipartite;
use crate::error::{Error, Result};

/// What a heap does to a pair: its element and its options' elements.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kind {
    /// `Φ(h)`.
    pub elem: u32,
    /// `Φ` of its options, sorted, without repeats.
    pub options: Vec<u32>,
}

/// The closed set of pairs met so far, with the heap kinds it is closed under.
pub struct Closure {
    words: usize,
    keys: Vec<Vec<u64>>,
    index: HashMap<Vec<u64>, u32>,
    /// (parent pair, heap added) of each pair; the root's parent is itself.
    parent: Vec<(u32, u32)>,
    kinds: Vec<(Kind, u32)>,
    divisors: Vec<Vec<u64>>,
    max_pairs: usize,
}

impl Closure {
    /// The closure of the empty position alone (under no heaps yet), for `q`.
    pub fn new(q: &Bipartite, max_pairs: usize) -> Result<std::result::Result<Closure, Vec<u32>>> {
        let words = q.len().div_ceil(64);
        let mut key = vec![0u64; 1 + words];
        key[0] = 0;
        let c = Closure {
            words,
            keys: vec![key.clone()],
            index: HashMap::from([(key, 0)]),
            parent: vec![(0, 0)],
            kinds: Vec::new(),
            divisors: q.p_divisors(),
            max_pairs,
        };
        if q.is_p(0) {
            // The empty position has no move: it is a misère N-position.
            return Ok(Err(vec![]));
        }
        Ok(Ok(c))
    }

    /// The number of pairs.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Never true (the empty position's pair is always there).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Whether it is already closed under a heap of kind `k`.
    pub fn has_kind(&self, k: &Kind) -> bool {
        self.kinds.iter().any(|(x, _)| x == k)
    }

    fn word(&self, mut i: u32, last: Option<u32>) -> Vec<u32> {
        let mut w: Vec<u32> = last.into_iter().collect();
        while i != 0 {
            let (p, h) = self.parent[i as usize];
            w.push(h);
            i = p;
        }
        w.sort_unstable();
        w
    }

    /// A quick necessary check of a new kind: one step from every pair met so far.
    pub fn one_step_ok(&self, q: &Bipartite, k: &Kind) -> bool {
        let mut u = vec![0u64; self.words];
        self.keys.iter().all(|key| self.step(q, key, k, &mut u))
    }

    /// The step from `key` by a heap of kind `k` into `u` (the new pair's U); returns
    /// whether the new pair passes its check.
    fn step(&self, q: &Bipartite, key: &[u64], k: &Kind, u: &mut [u64]) -> bool {
        let a = key[0] as u32;
        let uk = &key[1..];
        u.iter_mut().for_each(|w| *w = 0);
        let n = q.len() as u32;
        for c in 0..n {
            let gc = q.mul(k.elem, c);
            if uk[gc as usize / 64] >> (gc % 64) & 1 != 0 {
                u[c as usize / 64] |= 1 << (c % 64);
            }
        }
        for &o in &k.options {
            let d = &self.divisors[q.mul(a, o) as usize];
            for (w, x) in u.iter_mut().zip(d) {
                *w |= x;
            }
        }
        let a2 = q.mul(a, k.elem);
        // T ∩ P = ∅ iff the identity is not in U(T).
        q.is_p(a2) == (u[0] & 1 == 0)
    }

    /// Extends the closure by the heaps `kinds` (each with a heap that has it); on a
    /// failed check, undoes the extension and returns the failing position.
    pub fn extend(
        &mut self,
        q: &Bipartite,
        new: &[(Kind, u32)],
    ) -> Result<std::result::Result<(), Vec<u32>>> {
        let before = self.keys.len();
        let old_kinds = self.kinds.len();
        for (k, h) in new {
            if !self.has_kind(k) {
                self.kinds.push((k.clone(), *h));
            }
        }
        let mut u = vec![0u64; self.words];
        let mut i = 0;
        let mut failure = None;
        'outer: while i < self.keys.len() {
            let first = if i < before { old_kinds } else { 0 };
            for kind in first..self.kinds.len() {
                let key = &self.keys[i];
                let (k, h) = &self.kinds[kind];
                let ok = self.step(q, key, k, &mut u);
                if !ok {
                    failure = Some(self.word(i as u32, Some(*h)));
                    break 'outer;
                }
                let mut nk = Vec::with_capacity(1 + self.words);
                nk.push(q.mul(key[0] as u32, k.elem) as u64);
                nk.extend_from_slice(&u);
                if !self.index.contains_key(&nk) {
                    if self.keys.len() >= self.max_pairs {
                        self.undo(before, old_kinds);
                        return Err(Error::Limit(format!(
                            "proving a candidate quotient met {} (element, option set) pairs",
                            self.max_pairs
                        )));
                    }
                    let id = self.keys.len() as u32;
                    self.index.insert(nk.clone(), id);
                    self.keys.push(nk);
                    self.parent.push((i as u32, *h));
                }
            }
            i += 1;
        }
        if let Some(w) = failure {
            self.undo(before, old_kinds);
            return Ok(Err(w));
        }
        Ok(Ok(()))
    }

    fn undo(&mut self, before: usize, old_kinds: usize) {
        for key in self.keys.drain(before..) {
            self.index.remove(&key);
        }
        self.parent.truncate(before);
        self.kinds.truncate(old_kinds);
    }
}

/// The kind of heap `h` (with options `options`) under `phi`.
pub fn kind(q: &Bipartite, phi: &[u32], options: &[Vec<u32>], h: usize) -> Kind {
    let mut o: Vec<u32> = options
        .iter()
        .map(|o| o.iter().fold(0, |acc, &x| q.mul(acc, phi[x as usize])))
        .collect();
    o.sort_unstable();
    o.dedup();
    Kind {
        elem: phi[h],
        options: o,
    }
}

/// The lexicographically least position over heaps `1..=n` (largest heap most
/// significant) whose pair fails its check, or `None` if there is none (then the monoid
/// is faithful). A depth-first walk in lexicographic order, each heap's exponent raised
/// until the pair repeats one met before: every position beyond it has the pair of a
/// lexicographically smaller one, already checked.
pub fn least_failure(
    q: &Bipartite,
    phi: &[u32],
    options: &[Vec<Vec<u32>>],
    n: usize,
    max_pairs: usize,
) -> Result<Option<Vec<u32>>> {
    let kinds: Vec<Option<Kind>> = (0..=n)
        .map(|h| (h > 0 && !options[h].is_empty()).then(|| kind(q, phi, &options[h], h)))
        .collect();
    let closure = match Closure::new(q, max_pairs)? {
        Ok(c) => c,
        Err(w) => return Ok(Some(w)),
    };
    let mut walk = Walk {
        q,
        kinds: &kinds,
        closure,
        seen: HashMap::new(),
        word: vec![],
    };
    let root = walk.closure.keys[0].clone();
    walk.dfs(n, root)
}

struct Walk<'a> {
    q: &'a Bipartite,
    kinds: &'a [Option<Kind>],
    closure: Closure,
    seen: HashMap<Vec<u64>, ()>,
    word: Vec<u32>,
}

impl Walk<'_> {
    fn dfs(&mut self, d: usize, key: Vec<u64>) -> Result<Option<Vec<u32>>> {
        if d == 0 {
            if self.seen.len() >= self.closure.max_pairs {
                return Err(Error::Limit(format!(
                    "proving a candidate quotient met {} (element, option set) pairs",
                    self.closure.max_pairs
                )));
            }
            self.seen.insert(key, ());
            return Ok(None);
        }
        let Some(k) = &self.kinds[d] else {
            return self.dfs(d - 1, key);
        };
        let mut key = key;
        let mut u = vec![0u64; self.closure.words];
        let pushed = self.word.len();
        loop {
            if let Some(w) = self.dfs(d - 1, key.clone())? {
                return Ok(Some(w));
            }
            let ok = self.closure.step(self.q, &key, k, &mut u);
            let mut nk = Vec::with_capacity(key.len());
            nk.push(self.q.mul(key[0] as u32, k.elem) as u64);
            nk.extend_from_slice(&u);
            self.word.push(d as u32);
            if !ok {
                let mut w = self.word.clone();
                w.sort_unstable();
                return Ok(Some(w));
            }
            if self.seen.contains_key(&nk) {
                break;
            }
            key = nk;
        }
        self.word.truncate(pushed);
        Ok(None)
    }
}

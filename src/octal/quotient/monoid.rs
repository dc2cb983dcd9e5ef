//! Finite commutative monoids with a marked subset (bipartite monoids, Plambeck & Siegel,
//! "Misère quotients for impartial games", JCTA 2008, §2): the reduction to the coarsest
//! congruence that respects the marked set, and the printed presentation.
//!
//! Elements are `0..n`, the identity is `0`, and the product is a full table.

use std::collections::HashMap;

use crate::error::{Error, Result};

/// A finite commutative monoid `Q` with its P-portion `P ⊆ Q`.
#[derive(Clone, Debug)]
pub struct Bipartite {
    n: usize,
    mul: Vec<u32>,
    p: Vec<bool>,
}

/// An exponent vector over the generators `a, b, c, …` of a presentation.
pub type Word = Vec<u32>;

impl Bipartite {
    /// The trivial monoid `{1}` with an empty P-portion (the quotient of no heaps).
    pub fn trivial() -> Bipartite {
        Bipartite {
            n: 1,
            mul: vec![0],
            p: vec![false],
        }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Never true (a monoid has its identity).
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The product `a·b`.
    #[inline]
    pub fn mul(&self, a: u32, b: u32) -> u32 {
        self.mul[a as usize * self.n + b as usize]
    }

    /// The index and period of `x`: the least `i` and `p ≥ 1` with `x^(i+p) = x^i`.
    pub fn index_period(&self, x: u32) -> (u32, u32) {
        let mut seen: Vec<u32> = vec![0];
        let mut y = 0;
        loop {
            y = self.mul(y, x);
            if let Some(i) = seen.iter().position(|&z| z == y) {
                return (i as u32, (seen.len() - i) as u32);
            }
            seen.push(y);
        }
    }

    /// Whether `x` is in the P-portion.
    #[inline]
    pub fn is_p(&self, x: u32) -> bool {
        self.p[x as usize]
    }

    /// The size of the P-portion.
    pub fn p_len(&self) -> usize {
        self.p.iter().filter(|&&b| b).count()
    }

    /// The bipartite monoid on the states reachable from state 0 under the commuting
    /// transformations `actions` (one per generator, each a map of the `states` states),
    /// reduced: two elements are identified iff no product tells them apart by `p`
    /// (Moore's partition refinement). Returns it and the class of each state.
    pub fn reduced_from_actions(actions: &[Vec<u32>], p: &[bool]) -> Result<(Bipartite, Vec<u32>)> {
        let states = p.len();
        // Coarsest partition respecting p and stable under every action.
        let mut class: Vec<u32> = p.iter().map(|&b| b as u32).collect();
        let mut count = if p.iter().all(|&b| b) || p.iter().all(|&b| !b) {
            1
        } else {
            2
        };
        if count == 1 {
            class.iter_mut().for_each(|c| *c = 0);
        }
        loop {
            let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
            let mut next = vec![0u32; states];
            for s in 0..states {
                let mut key = Vec::with_capacity(actions.len() + 1);
                key.push(class[s]);
                key.extend(actions.iter().map(|a| class[a[s] as usize]));
                let l = ids.len() as u32;
                next[s] = *ids.entry(key).or_insert(l);
            }
            let new_count = ids.len();
            class = next;
            if new_count == count {
                break;
            }
            count = new_count;
        }
        // Renumber so that the identity's class (state 0's) is 0, the rest in BFS order
        // from it, remembering a word (a path of generators) to each class.
        let mut renum = vec![u32::MAX; count];
        let mut path: Vec<(u32, u32)> = Vec::with_capacity(count); // (parent class, gen)
        let mut rep: Vec<u32> = Vec::with_capacity(count);
        renum[class[0] as usize] = 0;
        path.push((0, u32::MAX));
        rep.push(0);
        let mut i = 0;
        while i < rep.len() {
            let s = rep[i] as usize;
            for (g, a) in actions.iter().enumerate() {
                let t = a[s];
                let c = class[t as usize] as usize;
                if renum[c] == u32::MAX {
                    renum[c] = rep.len() as u32;
                    rep.push(t);
                    path.push((i as u32, g as u32));
                }
            }
            i += 1;
        }
        if rep.len() != count {
            return Err(Error::Limit(
                "internal: a candidate monoid has states unreachable from its identity".into(),
            ));
        }
        let n = count;
        // Actions on classes.
        let cact: Vec<Vec<u32>> = actions
            .iter()
            .map(|a| {
                (0..n)
                    .map(|c| renum[class[a[rep[c] as usize] as usize] as usize])
                    .collect()
            })
            .collect();
        // Generator path of each class.
        let mut mul = vec![0u32; n * n];
        for b in 0..n {
            let mut gens = Vec::new();
            let mut c = b;
            while c != 0 {
                let (parent, g) = path[c];
                gens.push(g as usize);
                c = parent as usize;
            }
            for a in 0..n {
                let mut x = a as u32;
                for &g in &gens {
                    x = cact[g][x as usize];
                }
                mul[a * n + b] = x;
            }
        }
        let p_classes: Vec<bool> = (0..n).map(|c| p[rep[c] as usize]).collect();
        let map: Vec<u32> = class.iter().map(|&c| renum[c as usize]).collect();
        let q = Bipartite {
            n,
            mul,
            p: p_classes,
        };
        for a in 0..n as u32 {
            for b in 0..a {
                if q.mul(a, b) != q.mul(b, a) {
                    return Err(Error::Limit(
                        "internal: a candidate monoid is not commutative".into(),
                    ));
                }
            }
        }
        Ok((q, map))
    }

    /// `D(x) = {c : x·c ∈ P}` as a bit set, for every `x`.
    pub fn p_divisors(&self) -> Vec<Vec<u64>> {
        let w = self.n.div_ceil(64);
        (0..self.n as u32)
            .map(|x| {
                let mut d = vec![0u64; w];
                for c in 0..self.n as u32 {
                    if self.is_p(self.mul(x, c)) {
                        d[c as usize / 64] |= 1 << (c % 64);
                    }
                }
                d
            })
            .collect()
    }

    /// The submonoid generated by `gens`, as a membership list.
    fn generated(&self, gens: &[u32]) -> Vec<bool> {
        let mut member = vec![false; self.n];
        member[0] = true;
        let mut stack = vec![0u32];
        while let Some(x) = stack.pop() {
            for &g in gens {
                let y = self.mul(x, g);
                if !member[y as usize] {
                    member[y as usize] = true;
                    stack.push(y);
                }
            }
        }
        member
    }

    /// The presentation of this monoid on generators picked from `elements` in order
    /// (each one not generated by those before it; then any generated by the others
    /// dropped), as MisereSolver builds it: the generators, the lexicographically least
    /// word of each element (the last generator most significant), and the relations: the
    /// words that are minimal, under divisibility, among those that are not least for
    /// their element, each set equal to its element's least word.
    pub fn presentation(&self, elements: &[u32]) -> Presentation {
        let mut gens: Vec<u32> = Vec::new();
        let mut member = self.generated(&gens);
        for &x in elements {
            if !member[x as usize] {
                gens.push(x);
                member = self.generated(&gens);
            }
        }
        let mut i = 0;
        while i < gens.len() {
            let others: Vec<u32> = gens
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &g)| g)
                .collect();
            if self.generated(&others)[gens[i] as usize] {
                gens.remove(i);
            } else {
                i += 1;
            }
        }
        let k = gens.len();
        // Least words in lexicographic order: a depth-first walk, last generator outermost,
        // each exponent raised until the element repeats one already reached (every word
        // beyond it then repeats an earlier one too).
        let mut least: Vec<Option<Word>> = vec![None; self.n];
        let mut word = vec![0u32; k];
        self.least_words(&gens, k, 0, &mut word, &mut least);
        let least: Vec<Word> = least
            .into_iter()
            .map(|w| w.expect("every element is a product of the generators"))
            .collect();
        // Relations.
        let mut lhs: Vec<Word> = Vec::new();
        for x in 0..self.n {
            for (g, &ge) in gens.iter().enumerate() {
                let mut w = least[x].clone();
                w[g] += 1;
                let y = self.mul(x as u32, ge) as usize;
                if w != least[y] {
                    lhs.push(w);
                }
            }
        }
        lhs.sort_by(lex_cmp);
        lhs.dedup();
        let divides = |a: &Word, b: &Word| a.iter().zip(b).all(|(x, y)| x <= y);
        let minimal: Vec<Word> = lhs
            .iter()
            .filter(|w| !lhs.iter().any(|v| v != *w && divides(v, w)))
            .cloned()
            .collect();
        let relations = minimal
            .into_iter()
            .map(|w| {
                let x = self.eval(&gens, &w);
                (w, least[x as usize].clone())
            })
            .collect();
        Presentation {
            gens,
            least,
            relations,
        }
    }

    fn least_words(
        &self,
        gens: &[u32],
        depth: usize,
        elem: u32,
        word: &mut Word,
        least: &mut [Option<Word>],
    ) {
        if depth == 0 {
            least[elem as usize] = Some(word.clone());
            return;
        }
        let g = depth - 1;
        let mut x = elem;
        let saved = word[g];
        loop {
            self.least_words(gens, depth - 1, x, word, least);
            let y = self.mul(x, gens[g]);
            if least[y as usize].is_some() {
                break;
            }
            x = y;
            word[g] += 1;
        }
        word[g] = saved;
    }

    /// The element of a word.
    pub fn eval(&self, gens: &[u32], w: &Word) -> u32 {
        let mut x = 0;
        for (g, &e) in gens.iter().zip(w) {
            for _ in 0..e {
                x = self.mul(x, *g);
            }
        }
        x
    }
}

/// Lexicographic order of words, the last generator most significant (MisereSolver's).
pub fn lex_cmp(a: &Word, b: &Word) -> std::cmp::Ordering {
    a.iter().rev().cmp(b.iter().rev())
}

/// A presentation of a bipartite monoid.
#[derive(Clone, Debug)]
pub struct Presentation {
    /// The generators' elements, `a, b, c, …` in order.
    pub gens: Vec<u32>,
    /// The lexicographically least word of each element.
    pub least: Vec<Word>,
    /// The relations `lhs = rhs`, in lexicographic order of `lhs`.
    pub relations: Vec<(Word, Word)>,
}

/// The name of generator `g`: `a`..`z`, then `A`..`Z`, then `g52`, ….
pub fn gen_name(g: usize) -> String {
    match g {
        0..=25 => ((b'a' + g as u8) as char).to_string(),
        26..=51 => ((b'A' + (g - 26) as u8) as char).to_string(),
        _ => format!("g{g}"),
    }
}

/// A word as Plambeck and Siegel print it: `1`, `a`, `a^2b`, `bc^3`.
pub fn word_string(w: &Word) -> String {
    let mut s = String::new();
    for (g, &e) in w.iter().enumerate() {
        if e > 0 {
            s.push_str(&gen_name(g));
            if e > 1 {
                s.push_str(&format!("^{e}"));
            }
        }
    }
    if s.is_empty() { "1".into() } else { s }
}

impl Presentation {
    /// `<a,b,c | a^2=1, b^3=b, …>`.
    pub fn to_string_with(&self) -> String {
        let gens: Vec<String> = (0..self.gens.len()).map(gen_name).collect();
        let rels: Vec<String> = self
            .relations
            .iter()
            .map(|(l, r)| format!("{}={}", word_string(l), word_string(r)))
            .collect();
        if gens.is_empty() {
            return "<>".into();
        }
        format!("<{} | {}>", gens.join(","), rels.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cyclic monoid with index `i` and period `p` as one action on `i + p` states.
    fn cyclic(i: u32, p: u32) -> Vec<u32> {
        (0..i + p)
            .map(|x| if x + 1 < i + p { x + 1 } else { i })
            .collect()
    }

    #[test]
    fn misere_nim_quotient_t2() {
        // Misère Nim with heaps 1 and 2 (Plambeck, "Taming the wild", INTEGERS 2005, §5:
        // the tame quotient <a,b | a^2=1, b^3=b>, P = {a, b^2}, six elements). Built here
        // from a free product of cyclic monoids C(2,2) x C(2,2) with heap 1 = a, heap 2 = b
        // and the outcome of a^i b^j from Bouton's misère rule.
        let (sa, sb) = (4u32, 4u32);
        let ca = cyclic(2, 2);
        let cb = cyclic(2, 2);
        let act_a: Vec<u32> = (0..sa * sb)
            .map(|s| ca[(s / sb) as usize] * sb + s % sb)
            .collect();
        let act_b: Vec<u32> = (0..sa * sb)
            .map(|s| (s / sb) * sb + cb[(s % sb) as usize])
            .collect();
        let p: Vec<bool> = (0..sa * sb)
            .map(|s| {
                let (i, j) = (s / sb, s % sb);
                // Bouton: P iff (some heap >= 2 and nim-sum 0) or (all <= 1 and odd count).
                let nimsum = (i % 2) ^ (2 * (j % 2));
                if j == 0 { i % 2 == 1 } else { nimsum == 0 }
            })
            .collect();
        let (q, map) = Bipartite::reduced_from_actions(&[act_a, act_b], &p).unwrap();
        assert_eq!((q.len(), q.p_len()), (6, 2));
        let pres = q.presentation(&[map[sb as usize], map[1]]);
        assert_eq!(pres.to_string_with(), "<a,b | a^2=1, b^3=b>");
    }
}

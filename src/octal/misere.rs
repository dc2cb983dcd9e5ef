//! Octal games under misère play: the genus, misère nim-value and misère outcome of each
//! heap, and of any sum of heaps, computed exactly from the definition.
//!
//! A position is a multiset of heap sizes (heaps without a move, such as a heap of one
//! in 0.07, are the game 0 and are left out). Its genus ([`Genus`]) is memoised and
//! computed from the genera of its options: one heap replaced by what a move leaves of it
//! (nothing, one heap or two heaps, as the code's digits allow). Sums are never reduced
//! to nim-values, since the misère outcome of a sum is not a function of them.
//!
//! **CGSuite's symbol.** CGSuite prints a genus abbreviated by the *phylum* of the game's
//! misère canonical form ([`crate::values::misere_phylum`]), so each heap's canonical form
//! is built too ([`OctalMisere::heap_form`]): the simplest form of the game whose options
//! are the heap's options, each the sum of its heaps' simplest forms (a sum's simplest form
//! is that of the sum of its components' simplest forms, misère equality being a
//! congruence for sums). [`OctalMisere::cgsuite_genus`] prints the genus computed above by
//! that form's phylum ([`Phyla::checked_form`]) and says whether the heap is tame:
//! CGSuite's `IsTame` of the form ([`crate::values::misere_phylum::Phylum::is_tame`]).
//!
//! The multisets reachable from a heap of size n grow like the partitions of n, so this
//! is for heaps up to a few dozen; [`MAX_SUMS`] bounds the memo (a limit error past it).
//! Misère quotients (Plambeck & Siegel) are in [`super::quotient`].

use std::collections::HashMap;

use smallvec::SmallVec;

use super::OctalCode;
use crate::error::{Error, Result};
use crate::values::genus::Genus;
use crate::values::misere_canonical::{MisereForms, MisereId, ZERO};
use crate::values::misere_phylum::Phyla;

/// At most this many sums of heaps are memoised.
pub const MAX_SUMS: usize = 20_000_000;

/// A position: heap sizes (each with a move), sorted.
pub type Heaps = SmallVec<[u32; 8]>;

/// The memo of one octal game under misère play.
pub struct OctalMisere {
    code: OctalCode,
    /// Options of each heap size computed so far (index = size).
    heap_options: Vec<Vec<Heaps>>,
    /// Genus of each sum met.
    sums: HashMap<Heaps, Genus>,
    /// Simplest forms of the heaps and of the sums they need.
    forms: MisereForms,
    /// The simplest form of each heap size computed so far (index = size).
    heap_forms: Vec<MisereId>,
    phyla: Phyla,
}

impl OctalMisere {
    /// An empty memo for `code`.
    pub fn new(code: &OctalCode) -> OctalMisere {
        OctalMisere {
            code: code.clone(),
            heap_options: vec![vec![]],
            sums: HashMap::new(),
            forms: MisereForms::new(),
            heap_forms: vec![ZERO],
            phyla: Phyla::new(),
        }
    }

    /// Misère simplest forms stored so far (those of the heaps and of the sums of heaps
    /// their options are).
    pub fn forms(&self) -> usize {
        self.forms.len()
    }

    /// The misère simplest form of a heap of `n` (CGSuite's `MisereCanonicalForm`), in
    /// this memo's store.
    pub fn heap_form(&mut self, n: u32) -> Result<MisereId> {
        while self.heap_forms.len() <= n as usize {
            let h = self.heap_forms.len() as u32;
            let mut opts = Vec::new();
            for o in self.options_of_heap(h).to_vec() {
                // Every heap of an option is smaller than h: its form is known.
                let mut acc = ZERO;
                for k in o {
                    acc = self.forms.add(acc, self.heap_forms[k as usize])?;
                }
                opts.push(acc);
            }
            let f = self.forms.game(opts)?;
            self.heap_forms.push(f);
        }
        Ok(self.heap_forms[n as usize])
    }

    /// The genus of a heap of `n`, whether it is tame (CGSuite's `IsTame` of the heap's
    /// simplest form: its phylum is nim heap or hereditarily tame), and the genus as
    /// CGSuite prints it (abbreviated by that phylum).
    pub fn cgsuite_genus(&mut self, n: u32) -> Result<(Genus, bool, String)> {
        let genus = self.of_heaps(&[n])?;
        let f = self.heap_form(n)?;
        let form = self.phyla.checked_form(&mut self.forms, f, &genus)?;
        let symbol = genus.cgsuite_symbol(form);
        let tame = self.phyla.phylum(&mut self.forms, f)?.is_tame();
        Ok((genus, tame, symbol))
    }

    /// Sums memoised so far.
    pub fn sums(&self) -> usize {
        self.sums.len()
    }

    fn options_of_heap(&mut self, n: u32) -> &[Heaps] {
        while self.heap_options.len() <= n as usize {
            let h = self.heap_options.len();
            let mut opts: Vec<Heaps> = Vec::new();
            for k in self.code.takes_all() {
                if h == k {
                    opts.push(Heaps::new());
                }
            }
            for k in self.code.takes_leaving_one() {
                if h > k {
                    opts.push(SmallVec::from_slice(&[(h - k) as u32]));
                }
            }
            for k in self.code.takes_leaving_two() {
                if h >= k + 2 {
                    let r = h - k;
                    for a in 1..=r / 2 {
                        opts.push(SmallVec::from_slice(&[a as u32, (r - a) as u32]));
                    }
                }
            }
            // Leave out heaps without a move (they are 0), then sort and deduplicate.
            for o in &mut opts {
                o.retain(|h| self.movable(*h));
                o.sort_unstable();
            }
            opts.sort_unstable();
            opts.dedup();
            self.heap_options.push(opts);
        }
        &self.heap_options[n as usize]
    }

    /// Whether a heap of size `h` has a move (from the code alone).
    fn movable(&self, h: u32) -> bool {
        let h = h as usize;
        self.code.takes_all().any(|k| k == h)
            || self.code.takes_leaving_one().any(|k| h > k)
            || self.code.takes_leaving_two().any(|k| h >= k + 2)
    }

    /// The genus of the sum of heaps `heaps` (any order; empty heaps and heaps without
    /// moves allowed).
    pub fn of_heaps(&mut self, heaps: &[u32]) -> Result<Genus> {
        let mut s: Heaps = heaps.iter().copied().filter(|&h| self.movable(h)).collect();
        s.sort_unstable();
        self.of_sum(&s)
    }

    fn of_sum(&mut self, s: &Heaps) -> Result<Genus> {
        if s.is_empty() {
            return Ok(Genus::zero());
        }
        if let Some(m) = self.sums.get(s) {
            return Ok(m.clone());
        }
        if self.sums.len() >= MAX_SUMS {
            return Err(Error::Limit(format!(
                "the misère memo of {} holds {MAX_SUMS} sums of heaps; use a smaller --max",
                self.code
            )));
        }
        let mut options: Vec<Heaps> = Vec::new();
        for (i, &h) in s.iter().enumerate() {
            if i > 0 && s[i - 1] == h {
                continue;
            }
            let opts = self.options_of_heap(h).to_vec();
            for o in opts {
                let mut t: Heaps = s[..i].iter().chain(&s[i + 1..]).copied().collect();
                t.extend_from_slice(&o);
                t.sort_unstable();
                options.push(t);
            }
        }
        options.sort_unstable();
        options.dedup();
        let mut genera = Vec::with_capacity(options.len());
        for o in &options {
            genera.push(self.of_sum(o)?);
        }
        let genus = Genus::of_options(genera.iter())?;
        self.sums.insert(s.clone(), genus.clone());
        Ok(genus)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_heaps_are_nim_heaps() {
        // Nim restricted to heaps up to 8 is the octal game 0.33333333; a heap n is *n,
        // whose genus is 0^120, 1^031, n^{n,n^2} (ONAG ch. 12), and which is tame (CGSuite's
        // `IsTame` of a nim heap, `MisereCanonicalGameTestCase.scala`: *[0], *[1], *[2]).
        let mut m = OctalMisere::new(&OctalCode::parse("0.33333333").unwrap());
        for n in 0..=8 {
            assert_eq!(m.of_heaps(&[n]).unwrap(), Genus::nim_heap(n), "{n}");
            assert!(m.cgsuite_genus(n).unwrap().1, "{n}");
        }
    }
}

//! Genus symbols of impartial games under misère play (Conway, *On Numbers and Games*,
//! ch. 12; Berlekamp, Conway & Guy, *Winning Ways*, ch. 13).
//!
//! The genus of `G` is `g^{γ0 γ1 γ2 ...}` where `g` is the normal-play nim-value of `G`
//! and `γk` is the misère nim-value of `G + 2 + ... + 2` (k copies of `*2`). The misère
//! nim-value is `γ⁻(G) = mex{γ⁻(G')}` over the options `G'`, except `γ⁻(0) = 1`; `G` is a
//! misère P-position iff `γ0 = 0`.
//!
//! **Computed from the options** (WW ch. 13; also CGSuite's `Genus` by Dan Hoey): the
//! options of `G + k·2` are `G' + k·2`, `G + (k-1)·2` and `G + (k-1)·2 + 1`, and for every
//! game `Y`, `γ⁻(Y + 1) = γ⁻(Y) xor 1` (induction on `Y`: the options of `Y + 1` are the
//! `Y' + 1`, with values `γ⁻(Y') xor 1`, and `Y`; the mex of those is `γ⁻(Y) xor 1`). So
//! `γ0 = mex{γ0(G')}` (or 1 if `G` has no option) and, for `k ≥ 1`,
//! `γk = mex({γk(G')} ∪ {γ(k-1), γ(k-1) xor 1})`: exact, not an approximation.
//!
//! **Period 2.** Once every option's sequence has period 2 (from index `m`), `γk` is a
//! function of `γ(k-1)` and the parity of `k`; so as soon as `γ(s+2) = γs` for some
//! `s ≥ m - 1`, the sequence has period 2 from `s` on. We compute until that happens (a
//! [`MAX_SUPERSCRIPTS`] guard turns a failure into a limit error, never a wrong symbol).
//!
//! **Printing.** [`fmt::Display`] prints the full symbol, as ONAG and Winning Ways write
//! it and as CGSuite's `Genus.toOutput` prints a wild genus: `g^` and the superscripts up
//! to the point after which they alternate, at least two of them (`0^120` for 0, `1^031`
//! for `*1`, `2^20` for `*2`, `2^1420` for `{{*2}, *1}`); when a superscript is 10 or
//! more they are parenthesised and separated by commas (`4^(1,10,4)`).
//!
//! **CGSuite's abbreviations** ([`Genus::cgsuite_symbol`]). CGSuite (github.com/
//! aaron-siegel/cgsuite, `lib/core/src/main/scala/org/cgsuite/core/misere/Genus.java`,
//! by Dan Hoey) keeps with each genus the *phylum* of the game's misère canonical form
//! (`Phylum.java`; decided in `MisereCanonicalGameOps.makeGameRecord` from the form's
//! options and their options, restated in [`crate::values::misere_phylum`]) and prints
//! by it:
//!
//! - phylum *nim heap*: `g` alone (`*2` prints `2`, 0 prints `0`, `*1` prints `1`);
//!   `supDigit` gives `γ0 = 1 - g` for `g < 2`, else `g`, and `γk = g xor 2` (k odd), `g`
//!   (k even, k ≥ 2);
//! - *hereditarily* or *reversibly tame*: `g^γ0` (`{*2}` prints `0^0`, full `0^02`);
//!   `γk = g xor 2, g, ...` for k ≥ 1;
//! - *hereditarily* or *reversibly restive*: `g^γ0` (`{{*2}, 0}` prints `1^2`, full
//!   `1^20`); `γk = r xor 2, r, ...` for k ≥ 1 with `r = γ0` if `γ0 < 4`, else `g`;
//! - any other phylum (tameable, restless, wild): the full symbol, the genus computed
//!   from the options' genera (`Genus(List)`).
//!
//! The one superscript is parenthesised when it is 10 or more (`13^(13)`). The phylum is
//! a property of the canonical form, not of the genus: CGSuite prints the genus 0^120 as
//! `0` for the game 0 and as `0^120` for a tameable game (its
//! `MisereCanonicalGameTestCase.scala`), so neither a genus nor the options' genera
//! decide the abbreviation. The calculator's `genus(G)` and the `genus` columns of the
//! census and of `octal --misere` print CGSuite's symbol (each builds the position's
//! canonical form: [`crate::solving`]'s `misere_forms`, [`crate::octal::misere`]).
//!
//! **Tame** (ONAG ch. 12, WW ch. 13): the tame genera are those of nim heaps and of the
//! games `0^02` and `1^13`: `g^{g, g^2}` for every `g`, and `0^120`, `1^031`. A game is
//! *hereditarily tame* if its genus and those of all its positions are tame (then it plays
//! like a nim heap in misère sums). The `tame` columns judge this on the game's misère
//! canonical form, reversible moves bypassed: CGSuite's `IsTame`, phylum nim heap or
//! hereditarily tame ([`crate::values::misere_phylum::Phylum::is_tame`]).

use std::fmt;

use smallvec::SmallVec;

use crate::error::{Error, Result};

/// The longest superscript sequence computed before giving up (never reached for any
/// game we know of; reaching it is a limit error).
pub const MAX_SUPERSCRIPTS: usize = 256;

/// How CGSuite prints a genus, by the phylum of the game's misère canonical form
/// (`Genus.java`; the phylum is [`crate::values::misere_phylum::Phylum`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GenusForm {
    /// Phylum `NIMHEAP`: `g` alone.
    NimHeap,
    /// Phyla `HEREDITARILY_TAME`, `REVERSIBLY_TAME`: `g^γ0`.
    Tame,
    /// Phyla `HEREDITARILY_RESTIVE`, `REVERSIBLY_RESTIVE`: `g^γ0`.
    Restive,
    /// Every other phylum: the full symbol.
    Full,
}

/// A genus symbol: the normal-play nim-value and the misère superscripts, stored up to
/// the point after which they alternate with period 2.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    plus: u32,
    /// γ0 .. γ(L-1), L >= 2; γk = γ(k-2) for every k >= L.
    sup: SmallVec<[u32; 6]>,
}

fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: SmallVec<[u64; 2]> = SmallVec::new();
    for v in values {
        let (w, b) = ((v / 64) as usize, v % 64);
        if seen.len() <= w {
            seen.resize(w + 1, 0);
        }
        seen[w] |= 1 << b;
    }
    for (i, w) in seen.iter().enumerate() {
        if *w != u64::MAX {
            return i as u32 * 64 + (!w).trailing_zeros();
        }
    }
    seen.len() as u32 * 64
}

impl Genus {
    /// The genus of the empty game 0: `0^120`.
    pub fn zero() -> Genus {
        Genus {
            plus: 0,
            sup: SmallVec::from_slice(&[1, 2, 0]),
        }
    }

    /// The genus of a game whose options have the genera `options` (any order, repeats
    /// allowed). An empty list is the game 0.
    pub fn of_options<'a>(options: impl IntoIterator<Item = &'a Genus> + Clone) -> Result<Genus> {
        if options.clone().into_iter().next().is_none() {
            return Ok(Genus::zero());
        }
        let plus = mex(options.clone().into_iter().map(|g| g.plus));
        // Every option's superscripts have period 2 from index m on.
        let m = options
            .clone()
            .into_iter()
            .map(|g| g.sup.len())
            .max()
            .unwrap_or(2)
            .max(2);
        let mut seq: SmallVec<[u32; 8]> = SmallVec::new();
        seq.push(mex(options.clone().into_iter().map(|g| g.digit(0))));
        let mut k = 1;
        loop {
            let prev = seq[k - 1];
            let here = options.clone().into_iter().map(|g| g.digit(k));
            seq.push(mex(here.chain([prev, prev ^ 1])));
            // Period 2 from s = k - 2 once s >= m - 1 and γ(s+2) = γs.
            if k >= 2 && k - 2 + 1 >= m && seq[k] == seq[k - 2] {
                break;
            }
            k += 1;
            if k > MAX_SUPERSCRIPTS {
                return Err(Error::Limit(format!(
                    "a genus symbol's superscripts did not settle into period 2 within \
                     {MAX_SUPERSCRIPTS} terms"
                )));
            }
        }
        // γj = γ(j-2) for every j >= k; trim to the shortest such prefix (at least 2).
        let mut len = k;
        while len > 2 && seq[len - 1] == seq[len - 3] {
            len -= 1;
        }
        Ok(Genus {
            plus,
            sup: seq[..len].iter().copied().collect(),
        })
    }

    /// The genus of the nim heap `*n` (its options are `*0 .. *(n-1)`): `0^120`, `1^031`,
    /// and `n^{n, n xor 2}` for `n >= 2`.
    pub fn nim_heap(n: u32) -> Genus {
        match n {
            0 => Genus::zero(),
            1 => Genus {
                plus: 1,
                sup: SmallVec::from_slice(&[0, 3, 1]),
            },
            _ => Genus {
                plus: n,
                sup: SmallVec::from_slice(&[n, n ^ 2]),
            },
        }
    }

    /// The normal-play nim-value `g`.
    pub fn plus(&self) -> u32 {
        self.plus
    }

    /// The misère nim-value `γ0`.
    pub fn minus(&self) -> u32 {
        self.sup[0]
    }

    /// Whether the game is a misère P-position (`γ0 = 0`).
    pub fn misere_p(&self) -> bool {
        self.sup[0] == 0
    }

    /// The superscript `γk` (any `k`).
    pub fn digit(&self, k: usize) -> u32 {
        let l = self.sup.len();
        if k < l {
            self.sup[k]
        } else {
            self.sup[l - 2 + ((l ^ k) & 1)]
        }
    }

    /// The superscripts as printed (up to where they alternate, at least two).
    pub fn superscripts(&self) -> &[u32] {
        &self.sup
    }

    /// The genus CGSuite's `Genus` holds for a game whose phylum is `form` (not
    /// [`GenusForm::Full`]) with normal and misère nim-values `plus` and `minus`, its
    /// superscripts extended by CGSuite's `supDigit` rules (see the module documentation):
    /// a nim heap `0^120`, `1^031` or `g^{g, g xor 2}`; tame `g^{minus, g xor 2, g, ...}`;
    /// restive `g^{minus, r xor 2, r, ...}` with `r = minus` if `minus < 4`, else `g`.
    pub fn of_phylum(form: GenusForm, plus: u32, minus: u32) -> Genus {
        let base = match form {
            GenusForm::NimHeap => return Genus::nim_heap(plus),
            GenusForm::Tame => plus,
            GenusForm::Restive if minus < 4 => minus,
            GenusForm::Restive => plus,
            GenusForm::Full => unreachable!("a wild genus is not given by two nim-values"),
        };
        let mut sup: SmallVec<[u32; 6]> = SmallVec::from_slice(&[minus, base ^ 2, base]);
        // Period 2 from index 1 on; trim as `of_options` does (at least two).
        if sup[2] == sup[0] {
            sup.pop();
        }
        Genus { plus, sup }
    }

    /// The symbol as CGSuite prints it (`Genus.toOutput`) for a game whose misère canonical
    /// form has a phylum printed as `form`: a nim heap as `g` alone; a tame or restive
    /// game as `g^γ0` (`g^(γ0)` when γ0 is 10 or more); any other in full, as [`fmt::Display`].
    /// The caller vouches that `form` is the game's ([`crate::values::misere_phylum`]).
    pub fn cgsuite_symbol(&self, form: GenusForm) -> String {
        match form {
            GenusForm::NimHeap => self.plus.to_string(),
            GenusForm::Tame | GenusForm::Restive if self.sup[0] >= 10 => {
                format!("{}^({})", self.plus, self.sup[0])
            }
            GenusForm::Tame | GenusForm::Restive => format!("{}^{}", self.plus, self.sup[0]),
            GenusForm::Full => self.to_string(),
        }
    }

    /// Whether this is a tame genus: that of a nim heap (`0^120`, `1^031`, `g^{g,g^2}`) or
    /// of `0^02` or `1^13`.
    pub fn is_tame_genus(&self) -> bool {
        let g = self.plus;
        let first_ok = self.sup[0] == g || (g < 2 && self.sup[0] == 1 - g);
        first_ok && (1..self.sup.len().max(3)).all(|k| self.digit(k) == g ^ ((k as u32 & 1) << 1))
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.plus)?;
        if self.sup.iter().any(|&d| d >= 10) {
            let parts: Vec<String> = self.sup.iter().map(u32::to_string).collect();
            write!(f, "({})", parts.join(","))
        } else {
            self.sup.iter().try_for_each(|d| write!(f, "{d}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(opts: &[Genus]) -> Genus {
        Genus::of_options(opts.iter()).unwrap()
    }

    #[test]
    fn nim_heaps_from_their_options() {
        // ONAG ch. 12 / WW ch. 13: 0 = 0^120, *1 = 1^031, *n = n^{n, n^2} for n >= 2.
        let mut heaps: Vec<Genus> = vec![];
        for n in 0..20u32 {
            let g = of(&heaps);
            assert_eq!(g, Genus::nim_heap(n), "*{n}");
            heaps.push(g);
        }
        assert_eq!(heaps[0].to_string(), "0^120");
        assert_eq!(heaps[1].to_string(), "1^031");
        assert_eq!(heaps[2].to_string(), "2^20");
        assert_eq!(heaps[3].to_string(), "3^31");
        assert_eq!(heaps[10].to_string(), "10^(10,8)");
        assert!(heaps.iter().all(Genus::is_tame_genus));
    }

    #[test]
    fn cgsuite_test_case_genera() {
        // CGSuite, lib/core/src/test/scala/org/cgsuite/lang/MisereCanonicalGameTestCase.scala:
        // *[[2],1] (= {{*2}, *1}) has genus 2^1420 (a restless game, printed in full);
        // *[[2],0] has genus "1^2" there, the restive abbreviation of 1^20;
        // *[[2]] (= {*2}) has genus "0^0", the tame abbreviation of 0^02.
        let h = |n| Genus::nim_heap(n);
        let two_hash = of(&[h(2)]);
        assert_eq!(two_hash.to_string(), "0^02");
        assert!(two_hash.is_tame_genus());
        let restless = of(&[two_hash.clone(), h(1)]);
        assert_eq!(restless.to_string(), "2^1420");
        assert!(!restless.is_tame_genus());
        let restive = of(&[two_hash.clone(), h(0)]);
        assert_eq!(restive.to_string(), "1^20");
        assert_eq!(restive.minus(), 2); // misereNimValue = "2" there
        assert!(!restive.is_tame_genus());
        // *[[[2]]] has genus 1^1 (tame abbreviation of 1^13), misère nim-value 1.
        let g = of(&[two_hash]);
        assert_eq!(g.to_string(), "1^13");
        assert!(g.is_tame_genus());
    }

    #[test]
    fn cgsuite_phylum_symbols() {
        // CGSuite's MisereCanonicalGameTestCase.scala and GameHeapTest.scala: *2 prints
        // "2" (nim heap), {*2} "0^0" (tame, 0^02), {{*2}, 0} "1^2" (restive, 1^20),
        // Wythoff (10, 4) "13^(13)" (tame, one superscript of 10 or more), {{*2}, *}
        // "2^1420" (restless: in full).
        let h = |n| Genus::nim_heap(n);
        assert_eq!(h(2).cgsuite_symbol(GenusForm::NimHeap), "2");
        assert_eq!(Genus::of_phylum(GenusForm::NimHeap, 0, 1), Genus::zero());
        let two_hash = of(&[h(2)]);
        assert_eq!(Genus::of_phylum(GenusForm::Tame, 0, 0), two_hash);
        assert_eq!(two_hash.cgsuite_symbol(GenusForm::Tame), "0^0");
        let restive = of(&[two_hash.clone(), h(0)]);
        assert_eq!(Genus::of_phylum(GenusForm::Restive, 1, 2), restive);
        assert_eq!(restive.cgsuite_symbol(GenusForm::Restive), "1^2");
        let t13 = Genus::of_phylum(GenusForm::Tame, 13, 13);
        assert_eq!(t13.to_string(), "13^(13,15)");
        assert_eq!(t13.cgsuite_symbol(GenusForm::Tame), "13^(13)");
        let restless = of(&[two_hash, h(1)]);
        assert_eq!(restless.cgsuite_symbol(GenusForm::Full), "2^1420");
        // A restive γ0 of 4 or more: the later superscripts follow g (Genus.supDigit).
        assert_eq!(
            Genus::of_phylum(GenusForm::Restive, 0, 5).to_string(),
            "0^520"
        );
    }

    #[test]
    fn digits_extend_with_period_two() {
        let g = Genus::zero();
        assert_eq!(
            (0..7).map(|k| g.digit(k)).collect::<Vec<_>>(),
            [1, 2, 0, 2, 0, 2, 0]
        );
        assert!(!Genus::zero().misere_p() && Genus::nim_heap(1).misere_p());
    }
}

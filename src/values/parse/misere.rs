//! The calculator's misère functions: `misere_outcome(G)`, `misere_grundy(G)`,
//! `genus(G)` and `misere(G)` (Conway's misère simplest form, in CGSuite's notation: see
//! [`crate::values::misere_canonical`]) for an impartial game `G` written as a nim
//! expression.
//!
//! Their argument is read as a game *tree*, not as a normal-play value: under misère
//! play `{*2}` is not 0 (yet `{*}` and `* + *` are 0), so the calculator's canonical
//! forms (which are normal-play values) cannot be used. The argument's grammar:
//!
//! ```text
//! game  := term ('+' term)*
//! term  := '0' | '*' | '*' N | '{' list '}' | '{' list '|' list '}' | '(' game ')'
//! list  := (game (',' game)*)?
//! ```
//!
//! `*N` is the nim heap with options `0, *, ..., *(N-1)` (N at most [`MAX_HEAP`]); braces
//! list the options (an impartial game written `{A, B | A, B}` is accepted when both
//! sides list the same games); `+` is the disjunctive sum. Sums are never simplified:
//! the genus of a sum is computed from its options (see [`crate::values::genus`]).
//! `genus(G)` prints the genus as CGSuite prints it, abbreviated by the phylum of G's
//! simplest form (see [`crate::values::misere_phylum`]), provided CGSuite's genus of that
//! form is the tree's (always so in the tests; else the full symbol is printed).

use std::collections::HashMap;

use smallvec::SmallVec;

use super::Parser;
use super::calc::Answer;
use crate::error::{Error, Result};
use crate::values::Outcome;
use crate::values::genus::Genus;
use crate::values::misere_canonical::{MisereForms, MisereId, ZERO};
use crate::values::misere_phylum::Phyla;

/// The largest nim heap the misère functions read.
pub const MAX_HEAP: u32 = 256;
/// At most this many sums are memoised while evaluating one argument.
pub const MAX_SUMS: usize = 2_000_000;

type Sum = SmallVec<[u32; 8]>;

/// Hash-consed game trees: a component is its sorted, distinct options (each a sum).
#[derive(Default)]
struct Trees {
    ids: HashMap<Vec<Sum>, u32>,
    options: Vec<Vec<Sum>>,
    heaps: Vec<u32>,
    memo: HashMap<Sum, Genus>,
}

impl Trees {
    /// The sum that is the game with these options (a component, or 0 if none).
    fn braces(&mut self, mut opts: Vec<Sum>) -> Sum {
        opts.sort_unstable();
        opts.dedup();
        if opts.is_empty() {
            return Sum::new();
        }
        let next = self.options.len() as u32;
        let id = *self.ids.entry(opts.clone()).or_insert(next);
        if id == next {
            self.options.push(opts);
        }
        SmallVec::from_slice(&[id])
    }

    fn heap(&mut self, n: u32) -> Sum {
        while self.heaps.len() as u32 <= n {
            let k = self.heaps.len() as u32;
            let opts: Vec<Sum> = (0..k)
                .map(|j| {
                    if j == 0 {
                        Sum::new()
                    } else {
                        SmallVec::from_slice(&[self.heaps[j as usize]])
                    }
                })
                .collect();
            let s = self.braces(opts);
            self.heaps.push(s.first().copied().unwrap_or(u32::MAX));
        }
        if n == 0 {
            Sum::new()
        } else {
            SmallVec::from_slice(&[self.heaps[n as usize]])
        }
    }

    fn genus(&mut self, s: &Sum) -> Result<Genus> {
        if s.is_empty() {
            return Ok(Genus::zero());
        }
        if let Some(g) = self.memo.get(s) {
            return Ok(g.clone());
        }
        if self.memo.len() >= MAX_SUMS {
            return Err(Error::Limit(format!(
                "the misère functions memoise at most {MAX_SUMS} sums; give a smaller game"
            )));
        }
        let mut opts: Vec<Sum> = Vec::new();
        for (i, &id) in s.iter().enumerate() {
            if i > 0 && s[i - 1] == id {
                continue;
            }
            for o in self.options[id as usize].clone() {
                let mut t: Sum = s[..i].iter().chain(&s[i + 1..]).copied().collect();
                t.extend_from_slice(&o);
                t.sort_unstable();
                opts.push(t);
            }
        }
        opts.sort_unstable();
        opts.dedup();
        let mut genera = Vec::with_capacity(opts.len());
        for o in &opts {
            genera.push(self.genus(o)?);
        }
        let g = Genus::of_options(genera.iter())?;
        self.memo.insert(s.clone(), g.clone());
        Ok(g)
    }
}

/// Simplest forms of the components and sums of one argument (`misere(G)`).
struct Simplest<'a> {
    trees: &'a Trees,
    forms: MisereForms,
    memo: HashMap<u32, MisereId>,
}

impl Simplest<'_> {
    fn sum(&mut self, s: &Sum) -> Result<MisereId> {
        let mut acc = ZERO;
        for &c in s {
            let g = self.component(c)?;
            acc = self.forms.add(acc, g)?;
        }
        Ok(acc)
    }

    fn component(&mut self, c: u32) -> Result<MisereId> {
        if let Some(&g) = self.memo.get(&c) {
            return Ok(g);
        }
        let mut opts = Vec::new();
        for o in &self.trees.options[c as usize] {
            opts.push(self.sum(o)?);
        }
        let g = self.forms.game(opts)?;
        self.memo.insert(c, g);
        Ok(g)
    }
}

fn add(a: &Sum, b: &Sum) -> Sum {
    let mut s: Sum = a.iter().chain(b).copied().collect();
    s.sort_unstable();
    s
}

impl Parser {
    /// `name(G)` for a misère function, the name read already.
    pub(super) fn misere_function(&mut self, name: &str) -> Result<Answer> {
        if !self.eat("(") {
            return Err(self.err(format!("expected ( after {name}")));
        }
        let mut trees = Trees::default();
        let g = self.tree_sum(&mut trees)?;
        if !self.eat(")") {
            return Err(self.err(format!(
                "expected ) ({name} takes one impartial game: 0, *N, {{options}}, sums)"
            )));
        }
        if name != "misere" && name != "genus" {
            let genus = trees.genus(&g)?;
            return Ok(match name {
                "misere_outcome" => Answer::Outcome(if genus.misere_p() {
                    Outcome::P
                } else {
                    Outcome::N
                }),
                "misere_grundy" => Answer::Integer(genus.minus() as i64),
                other => unreachable!("misère function {other}"),
            });
        }
        let tree_genus = match name {
            "genus" => Some(trees.genus(&g)?),
            _ => None,
        };
        let mut simplest = Simplest {
            trees: &trees,
            forms: MisereForms::new(),
            memo: HashMap::new(),
        };
        let form = simplest.sum(&g)?;
        let Some(genus) = tree_genus else {
            return Ok(Answer::Text(simplest.forms.notation(form)?));
        };
        // CGSuite prints the genus by the phylum of the simplest form. Its genus by
        // CGSuite's rules must be the tree's, computed independently; were it not, the
        // full symbol would be printed (never seen: src/tests/misere_phylum.rs).
        let shape = Phyla::new().checked_form(&mut simplest.forms, form, &genus)?;
        Ok(Answer::Genus(genus, shape))
    }

    fn tree_sum(&mut self, t: &mut Trees) -> Result<Sum> {
        self.nested(|p| {
            let mut s = p.tree_term(t)?;
            while p.eat("+") {
                let b = p.tree_term(t)?;
                s = add(&s, &b);
            }
            Ok(s)
        })
    }

    fn tree_list(&mut self, t: &mut Trees) -> Result<Vec<Sum>> {
        let mut v = Vec::new();
        if matches!(self.peek(), Some('|') | Some('}')) {
            return Ok(v);
        }
        loop {
            v.push(self.tree_sum(t)?);
            if !self.eat(",") {
                return Ok(v);
            }
        }
    }

    fn tree_term(&mut self, t: &mut Trees) -> Result<Sum> {
        match self.peek() {
            Some('0') => {
                self.pos += 1;
                Ok(Sum::new())
            }
            Some('*') => {
                self.pos += 1;
                let start = self.pos;
                while self.chars.get(self.pos).is_some_and(char::is_ascii_digit) {
                    self.pos += 1;
                }
                let digits: String = self.chars[start..self.pos].iter().collect();
                let n = if digits.is_empty() {
                    1
                } else {
                    digits
                        .parse::<u32>()
                        .ok()
                        .filter(|n| *n <= MAX_HEAP)
                        .ok_or_else(|| {
                            self.err(format!(
                                "*{digits}: the misère functions read nim heaps up to *{MAX_HEAP}"
                            ))
                        })?
                };
                Ok(t.heap(n))
            }
            Some('{') => {
                self.pos += 1;
                let left = self.tree_list(t)?;
                let opts = if self.eat("|") {
                    let right = self.tree_list(t)?;
                    let (mut l, mut r) = (left.clone(), right);
                    l.sort_unstable();
                    l.dedup();
                    r.sort_unstable();
                    r.dedup();
                    if l != r {
                        return Err(self.err(
                            "misère functions take impartial games: both sides of the bar \
                             must list the same options",
                        ));
                    }
                    left
                } else {
                    left
                };
                if !self.eat("}") {
                    return Err(self.err("expected } or , in the options"));
                }
                Ok(t.braces(opts))
            }
            Some('(') => {
                self.pos += 1;
                let s = self.tree_sum(t)?;
                if !self.eat(")") {
                    return Err(self.err("expected )"));
                }
                Ok(s)
            }
            _ => Err(self.err(
                "expected an impartial game: 0, *, *N, {options}, a sum of them, in parentheses",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::evaluate;

    fn ev(s: &str) -> String {
        evaluate(s).unwrap().to_string()
    }

    #[test]
    fn cgsuite_test_cases() {
        // CGSuite, lib/core/src/test/scala/org/cgsuite/lang/MisereCanonicalGameTestCase.scala
        // (genus as CGSuite prints it, misère nim-value, outcome).
        assert_eq!(ev("genus(0)"), "0"); // *[0]: "0", misereNimValue 1, N
        assert_eq!(ev("misere_outcome(0)"), "N");
        assert_eq!(ev("genus(*)"), "1"); // *[1]: "1", 0, P
        assert_eq!(ev("misere_grundy(*)"), "0");
        assert_eq!(ev("misere_outcome(*)"), "P");
        assert_eq!(ev("genus(*2)"), "2"); // *[2]: "2", 2, N
        assert_eq!(ev("misere_grundy(*2)"), "2");
        assert_eq!(ev("genus({*2})"), "0^0"); // *[[2]]: "0^0", 0, P
        assert_eq!(ev("misere_outcome({*2})"), "P");
        assert_eq!(ev("genus({{*2}})"), "1^1"); // *[[[2]]]: "1^1", 1, N
        assert_eq!(ev("genus(*2+*2)"), "0^0"); // *[2]+*[2]: "0^0", 0, P
        assert_eq!(ev("misere_outcome(*2+*2)"), "P");
        assert_eq!(ev("genus({*2+{*2}})"), "0^0"); // *[[*[2]+*[[2]]]]: "0^0", 0, P
        assert_eq!(ev("genus({{*2}, 0})"), "1^2"); // *[[2],0]: "1^2", 2, N
        assert_eq!(ev("misere_grundy({{*2}, 0})"), "2");
        assert_eq!(ev("genus({{*2}, *})"), "2^1420"); // *[[2],1]: 2^1420, 1, N
        assert_eq!(ev("misere_grundy({{*2}, *})"), "1");
        // *[[*[4]+*[2]]]: genus "0^0", misère nim-value 0, P.
        assert_eq!(ev("genus({*4+*2})"), "0^0");
        // *[[2],2,0],[[2],3],1]: genus "0^2", misère nim-value 2, N.
        assert_eq!(ev("genus({{{*2},*2,0},{{*2},*3},*})"), "0^2");
        assert_eq!(ev("misere_outcome({{{*2},*2,0},{{*2},*3},*})"), "N");
        assert_eq!(ev("misere_grundy({{{*2},*2,0},{{*2},*3},*})"), "2");
        // *[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]] ("tameable"): 0^120, 1, N.
        let g = "{{{*2},*}+*, {{*2}, {*2}+*, {{*2},0}}}";
        assert_eq!(ev(&format!("genus({g})")), "0^120");
        assert_eq!(ev(&format!("misere_grundy({g})")), "1");
        // *[[[2]],[[2],1]] ("generally tame, but not tame"): "0^0", 0, P.
        assert_eq!(ev("genus({{{*2}}, {{*2},*}})"), "0^0");
    }

    #[test]
    fn bouton_misere_nim() {
        // Bouton (1901): P iff (some heap >= 2 and nim-sum 0) or (all <= 1 and nim-sum 1).
        for a in 0..6u32 {
            for b in a..6 {
                for c in b..6 {
                    let x = a ^ b ^ c;
                    let p = if a.max(b).max(c) >= 2 { x == 0 } else { x == 1 };
                    let want = if p { "P" } else { "N" };
                    assert_eq!(ev(&format!("misere_outcome(*{a}+*{b}+*{c})")), want);
                }
            }
        }
    }

    #[test]
    fn refuses_what_is_not_an_impartial_tree() {
        assert!(evaluate("genus({0|*})").is_err());
        assert!(evaluate("genus(*300)").is_err());
        assert!(evaluate("genus(^)").is_err());
        assert!(evaluate("genus(*2").is_err());
    }
}

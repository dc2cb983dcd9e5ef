//! Conway's misère canonical forms of impartial games (ONAG ch. 12; Winning Ways ch. 13;
//! Siegel, *Combinatorial Game Theory*, ch. V.1; Siegel, "On the structure of misère
//! impartial games", arXiv:2012.08554, §2).
//!
//! Two impartial games are misère-equal when adding any impartial game to each gives sums
//! with the same misère outcome. Every game has a unique *simplest form* (Conway): two
//! games are misère-equal iff their simplest forms are identical. Here each simplest form
//! is stored once (hash-consed), so misère equality is equality of [`MisereId`]s.
//!
//! **Simplification** (the Grundy–Smith rule with Conway's proviso). Let `G` have options
//! `G'` already in simplest form, duplicates merged. An option `G'` is *reversible* when
//! it has an option `G''` equal to `G`; then `G` equals the game with `G'` replaced by the
//! options of `G''`, *provided* that is not the empty game while `G` has no misère
//! P-option (the proviso: `0 + 0` is a first-player win). The two cases that arise:
//!
//! - **`G = 0`** iff every option of `G` has `0` as an option and at least one option is
//!   a misère P-position. Proof that this suffices, by induction on `X`: `G + X` and `X`
//!   have the same misère outcome. `X = 0`: `G` has a P-option, so both are N. `X` an N
//!   position other than 0: a move to a P-position `X'` gives `G + X'`, P by induction.
//!   `X` a P-position other than 0: each `G + X'` is N by induction, and each `G' + X`
//!   has the option `0 + X`, a P-position, so `G + X` is P. (So `{*} = * + * = 0`.)
//! - **`G = K`**, `K ≠ 0` in simplest form, iff the options of `G` are those of `K`
//!   together with options that each have `K` as an option. Proof that this suffices, by
//!   induction on `X`: if `K + X` is N it has a P-option `K' + X` (an option of `G + X`
//!   too) or `K + X'` (then `G + X'` is P by induction). If `K + X` is P then, `K` having
//!   options, every option of `G + X` is N: `K' + X` and `G + X'` (by induction) and each
//!   extra `G' + X`, which has the P-option `K + X`.
//!
//! Conway's theorem (ONAG ch. 12; Siegel V.1) is that a game with simplest options to
//! which neither case applies is in simplest form. Since the extra options have `K` as an
//! option, each is born at least two days after every option of `K`: `K`'s options are a
//! prefix of the options sorted by birthday, ending at a gap of two days or more, and `K`
//! is already stored (it is an option of a stored game). This is the test CGSuite's
//! `MisereCanonicalGameOps.constructFromOptions` makes.
//!
//! **Printing** follows CGSuite's `MisereCanonicalGame` notation (its tutorial
//! "Misère Theory", and `MisereCanonicalGameOps.rAppendMidToOutput`): `*[...]` around the
//! form; a nim heap prints as its size (`*[2]`); a form that is a *part* plus a nim heap
//! prints the part with the heap as a subscript, written `[...]` in plain text
//! (`*[2[2]]` is `*2 + *2`, `*[2[#1]]` is `{*2} + *`): for `i = 2, 4, ...` (`3, 5, ...`
//! for an odd form) below the birthday, the first `h` born earlier with `h + *i = g`
//! (subscript `i`) or `g + *i` born earlier (subscript `-i`), else an odd form's even
//! part (subscript `1`); otherwise a form with one option prints the option followed by
//! `#` (`*[2#]` is `{*2}`), and any other its options, largest first, one after another,
//! each compound one in parentheses (`*[2#0]` is `{{*2}, 0}`). Heaps of 10 or more print
//! as CGSuite's source writes them, `&10;`. The order of options is CGSuite's
//! (`MidComparator`): the even part's birthday, number of options, normal and misère
//! nim-values and options, even before odd. CGSuite compares the forms it made first
//! by the order it made them instead, so for small forms with the same keys its order can
//! differ in a session (never the form).

use std::cmp::Ordering;
use std::collections::HashMap;

use crate::error::{Error, Result};

/// A misère simplest form, an index into its [`MisereForms`] store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereId(pub u32);

/// The empty game 0.
pub const ZERO: MisereId = MisereId(0);

/// At most this many simplest forms are stored (a limit error past it).
pub const MAX_FORMS: usize = 20_000_000;

struct Node {
    /// Options sorted by id, distinct.
    options: Vec<MisereId>,
    birthday: u32,
    /// Normal-play nim-value.
    plus: u32,
    /// Misère nim-value (1 for 0, else the mex of the options').
    minus: u32,
}

/// A store of misère simplest forms, with the sums computed so far.
pub struct MisereForms {
    nodes: Vec<Node>,
    index: HashMap<Vec<MisereId>, MisereId>,
    sums: HashMap<(MisereId, MisereId), MisereId>,
    heaps: Vec<MisereId>,
    /// Each form's even part and whether it is odd (for printing).
    parities: HashMap<MisereId, (MisereId, bool)>,
    prepared: std::collections::HashSet<MisereId>,
}

impl Default for MisereForms {
    fn default() -> Self {
        MisereForms::new()
    }
}

fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut v: Vec<u32> = values.collect();
    v.sort_unstable();
    v.dedup();
    v.iter()
        .enumerate()
        .find(|(i, x)| **x != *i as u32)
        .map_or(v.len() as u32, |(i, _)| i as u32)
}

impl MisereForms {
    /// A store holding only 0.
    pub fn new() -> MisereForms {
        let zero = Node {
            options: vec![],
            birthday: 0,
            plus: 0,
            minus: 1,
        };
        let mut index = HashMap::new();
        index.insert(vec![], ZERO);
        MisereForms {
            nodes: vec![zero],
            index,
            sums: HashMap::new(),
            heaps: vec![ZERO],
            parities: HashMap::new(),
            prepared: Default::default(),
        }
    }

    /// How many simplest forms are stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether only 0 is stored.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    fn node(&self, g: MisereId) -> &Node {
        &self.nodes[g.0 as usize]
    }

    /// The options of the simplest form `g` (sorted by id).
    pub fn options(&self, g: MisereId) -> &[MisereId] {
        &self.node(g).options
    }

    /// The birthday of the simplest form (the height of its game tree).
    pub fn birthday(&self, g: MisereId) -> u32 {
        self.node(g).birthday
    }

    /// The normal-play nim-value.
    pub fn nim_value(&self, g: MisereId) -> u32 {
        self.node(g).plus
    }

    /// The misère nim-value (CGSuite's `MisereNimValue`); 0 iff a misère P-position.
    pub fn misere_nim_value(&self, g: MisereId) -> u32 {
        self.node(g).minus
    }

    fn has_option(&self, g: MisereId, o: MisereId) -> bool {
        self.node(g).options.binary_search(&o).is_ok()
    }

    /// The simplest form of the game whose options are `options` (each a simplest form
    /// from this store, in any order, repeats allowed).
    pub fn game(&mut self, mut options: Vec<MisereId>) -> Result<MisereId> {
        options.sort_unstable();
        options.dedup();
        if let Some(&g) = self.index.get(&options) {
            return Ok(g);
        }
        // G = 0: every option has 0 as an option and some option is a P-position.
        if options.iter().all(|&o| self.has_option(o, ZERO))
            && options.iter().any(|&o| self.node(o).minus == 0)
        {
            return Ok(ZERO);
        }
        // G = K != 0: K's options are a prefix by birthday ending at a gap of >= 2 days,
        // and every later option has K as an option.
        let mut by_day = options.clone();
        by_day.sort_by_key(|&o| self.node(o).birthday);
        for j in 1..by_day.len() {
            let (before, after) = (
                self.node(by_day[j - 1]).birthday,
                self.node(by_day[j]).birthday,
            );
            if after < before + 2 {
                continue;
            }
            let mut prefix = by_day[..j].to_vec();
            prefix.sort_unstable();
            if let Some(&k) = self.index.get(&prefix)
                && by_day[j..].iter().all(|&o| self.has_option(o, k))
            {
                return Ok(k);
            }
        }
        if self.nodes.len() >= MAX_FORMS {
            return Err(Error::Limit(format!(
                "at most {MAX_FORMS} misère simplest forms are stored; give a smaller game"
            )));
        }
        let node = Node {
            birthday: 1 + options
                .iter()
                .map(|&o| self.node(o).birthday)
                .max()
                .unwrap_or(0),
            plus: mex(options.iter().map(|&o| self.node(o).plus)),
            minus: mex(options.iter().map(|&o| self.node(o).minus)),
            options: options.clone(),
        };
        let id = MisereId(self.nodes.len() as u32);
        self.nodes.push(node);
        self.index.insert(options, id);
        Ok(id)
    }

    /// The nim heap `*n`.
    pub fn heap(&mut self, n: u32) -> Result<MisereId> {
        while self.heaps.len() as u32 <= n {
            let opts = self.heaps.clone();
            let h = self.game(opts)?;
            self.heaps.push(h);
        }
        Ok(self.heaps[n as usize])
    }

    /// The simplest form of the disjunctive sum `a + b`.
    pub fn add(&mut self, a: MisereId, b: MisereId) -> Result<MisereId> {
        if a == ZERO {
            return Ok(b);
        }
        if b == ZERO {
            return Ok(a);
        }
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        let mut opts = Vec::with_capacity(self.options(a).len() + self.options(b).len());
        for o in self.options(a).to_vec() {
            opts.push(self.add(o, b)?);
        }
        for o in self.options(b).to_vec() {
            opts.push(self.add(a, o)?);
        }
        let s = self.game(opts)?;
        if self.sums.len() >= MAX_FORMS {
            return Err(Error::Limit(format!(
                "at most {MAX_FORMS} misère sums are memoised; give a smaller game"
            )));
        }
        self.sums.insert(key, s);
        Ok(s)
    }

    /// Whether `g` is the nim heap of its birthday.
    pub fn is_nim_heap(&mut self, g: MisereId) -> Result<bool> {
        let b = self.birthday(g);
        Ok(self.heap(b)? == g)
    }

    /// Whether `g` is *odd*: `g = E + *` for a form `E` born earlier (CGSuite stores
    /// every form as an *even* one or an even one plus `*`). Exactly one of `g` and
    /// `g + *` is odd, as `* + * = 0`, and `E + *` has `E` as an option, so `g` is odd
    /// iff `g + *` is born earlier than `g`. Returns `g`'s even part (`E`, or `g` itself)
    /// and whether `g` is odd.
    pub fn parity(&mut self, g: MisereId) -> Result<(MisereId, bool)> {
        if let Some(&p) = self.parities.get(&g) {
            return Ok(p);
        }
        let one = self.heap(1)?;
        let flipped = self.add(g, one)?;
        let odd = self.birthday(flipped) < self.birthday(g);
        let p = if odd { (flipped, true) } else { (g, false) };
        self.parities.insert(g, p);
        self.parities.insert(flipped, (p.0, !odd));
        Ok(p)
    }

    /// Computes the parity of `g` and of every form CGSuite's order reads for it.
    fn prepare(&mut self, g: MisereId) -> Result<()> {
        if self.parities.contains_key(&g) && self.prepared.contains(&g) {
            return Ok(());
        }
        let (even, _) = self.parity(g)?;
        self.prepared.insert(g);
        for o in self.options(even).to_vec() {
            self.prepare(o)?;
        }
        for o in self.options(g).to_vec() {
            self.prepare(o)?;
        }
        Ok(())
    }

    /// CGSuite's order of simplest forms (`MisereCanonicalGameOps.MidComparator`): by the
    /// even part's birthday, number of options, normal and misère nim-values, then its
    /// options (each list in this order, compared element by element), even before odd.
    /// Call [`MisereForms::prepare`] on both first.
    fn compare(&self, a: MisereId, b: MisereId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (ea, oa) = self.parities[&a];
        let (eb, ob) = self.parities[&b];
        let (x, y) = (self.node(ea), self.node(eb));
        x.birthday
            .cmp(&y.birthday)
            .then(x.options.len().cmp(&y.options.len()))
            .then(x.plus.cmp(&y.plus))
            .then(x.minus.cmp(&y.minus))
            .then_with(|| {
                let (p, q) = (self.sorted_options(ea), self.sorted_options(eb));
                p.iter()
                    .zip(&q)
                    .map(|(&u, &v)| self.compare(u, v))
                    .find(|o| *o != Ordering::Equal)
                    .unwrap_or(Ordering::Equal)
            })
            .then(oa.cmp(&ob))
    }

    /// The options in CGSuite's order (smallest first); `g` prepared.
    fn sorted_options(&self, g: MisereId) -> Vec<MisereId> {
        let mut v = self.node(g).options.clone();
        v.sort_by(|&p, &q| self.compare(p, q));
        v
    }

    /// The form in CGSuite's notation, `*[...]` (see the module documentation).
    pub fn notation(&mut self, g: MisereId) -> Result<String> {
        self.prepare(g)?;
        let mut s = String::from("*[");
        let mut sub = false;
        self.write(g, false, &mut sub, &mut s)?;
        if sub {
            s.push(']');
        }
        s.push(']');
        Ok(s)
    }

    fn digit(n: u32) -> String {
        if n < 10 {
            n.to_string()
        } else {
            format!("&{n};")
        }
    }

    /// Writes `g`; `sub` says whether a subscript is to be opened after the base (set
    /// when this call opens one, which the caller closes with `]`).
    fn write(
        &mut self,
        g: MisereId,
        parenthesize: bool,
        sub: &mut bool,
        out: &mut String,
    ) -> Result<()> {
        self.prepare(g)?;
        let b = self.birthday(g);
        if self.is_nim_heap(g)? {
            out.push_str(&Self::digit(b));
            if *sub {
                out.push('[');
            }
            return Ok(());
        }
        let (even, odd) = self.parity(g)?;
        // A part: g = h + *i with h born earlier (h is then an option of g: were it not,
        // it would have g as an option and be born later), or g + *i born earlier.
        let mut i = odd as u32 + 2;
        while i < b {
            let heap = self.heap(i)?;
            let mut diff = None;
            for h in self.options(g).to_vec() {
                if self.add(h, heap)? == g {
                    diff = Some(h);
                    break;
                }
            }
            if let Some(h) = diff {
                self.prepare(h)?;
                *sub = true;
                self.write(h, true, sub, out)?;
                out.push_str(&Self::digit(i));
                return Ok(());
            }
            let sum = self.add(g, heap)?;
            if self.birthday(sum) < b {
                self.prepare(sum)?;
                *sub = true;
                self.write(sum, true, sub, out)?;
                out.push('-');
                out.push_str(&Self::digit(i));
                return Ok(());
            }
            i += 2;
        }
        if odd {
            *sub = true;
            self.write(even, true, sub, out)?;
            out.push('1');
            return Ok(());
        }
        let opts = self.sorted_options(g);
        if opts.len() == 1 {
            self.write(opts[0], true, sub, out)?;
            out.push('#');
            return Ok(());
        }
        let outer = *sub;
        if parenthesize {
            out.push('(');
        }
        for &o in opts.iter().rev() {
            let mut inner = false;
            self.write(o, true, &mut inner, out)?;
            if inner {
                out.push(']');
            }
        }
        if parenthesize {
            out.push(')');
        }
        *sub = outer;
        if *sub {
            out.push('[');
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every simplest form born by day `n` (ONAG pp. 139-140: Grundy and Smith counted
    /// 1, 2, 3, 5, 22 and 4,171,780 of them by days 0 to 5).
    fn born_by(forms: &mut MisereForms, day: u32) -> Vec<MisereId> {
        let mut games = vec![ZERO];
        for _ in 0..day {
            let mut next = Vec::new();
            for mask in 0u64..(1u64 << games.len()) {
                let opts: Vec<MisereId> = (0..games.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| games[i])
                    .collect();
                next.push(forms.game(opts).unwrap());
            }
            next.sort_unstable();
            next.dedup();
            games = next;
        }
        games
    }

    #[test]
    fn games_born_by_day_four() {
        // ONAG pp. 139-140 (Grundy and Smith): 1, 2, 3, 5, 22 games by days 0..=4.
        let mut forms = MisereForms::new();
        let counts: Vec<usize> = (0..=4).map(|d| born_by(&mut forms, d).len()).collect();
        assert_eq!(counts, [1, 2, 3, 5, 22]);
    }

    #[test]
    fn games_born_by_day_five() {
        // ONAG pp. 139-140: 4,171,780 games by day 5 (2^22 option sets of the 22 games
        // born by day 4, so almost every set is already in simplest form).
        let mut forms = MisereForms::new();
        assert_eq!(born_by(&mut forms, 5).len(), 4_171_780);
    }

    #[test]
    fn small_identities() {
        let mut f = MisereForms::new();
        let (z, one, two) = (ZERO, f.heap(1).unwrap(), f.heap(2).unwrap());
        // {*} = 0 and * + * = 0 (the first case of the module documentation).
        assert_eq!(f.game(vec![one]).unwrap(), z);
        assert_eq!(f.add(one, one).unwrap(), z);
        // {*2} is not 0 (it is a P-position, 0 is not).
        let two_sharp = f.game(vec![two]).unwrap();
        assert_ne!(two_sharp, z);
        assert_eq!(f.misere_nim_value(two_sharp), 0);
        // *2 + *2 has the options *3 and *2 (CGSuite's test case "*[2]+*[2]").
        let three = f.heap(3).unwrap();
        let s = f.add(two, two).unwrap();
        let mut want = [two, three];
        want.sort_unstable();
        assert_eq!(f.options(s), &want[..]);
        assert_eq!(f.notation(s).unwrap(), "*[2[2]]");
        assert_eq!(f.notation(two_sharp).unwrap(), "*[2#]");
        let h12 = f.heap(12).unwrap();
        assert_eq!(f.notation(h12).unwrap(), "*[&12;]");
    }
}

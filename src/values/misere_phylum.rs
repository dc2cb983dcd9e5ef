//! CGSuite's *phylum* of a misère canonical form, and the genus symbol as CGSuite prints it.
//!
//! Source: CGSuite (github.com/aaron-siegel/cgsuite), `lib/core/src/main/scala/org/cgsuite/
//! core/misere/Phylum.java` (the phyla), `MisereCanonicalGameOps.java` (`makeGameRecord`
//! decides the phylum when a canonical form is first stored; `getPhylum`, `genus`) and
//! `Genus.java` (`toOutput`, `supDigit`), by Dan Hoey. The rule, restated here (no code
//! copied):
//!
//! **Where the phylum lives.** CGSuite stores every canonical form as an *even* form `E` or
//! as `E + *` (the *odd* forms, [`MisereForms::parity`]); both share `E`'s record, so the
//! phylum of `E + *` is the phylum of `E`. The phylum of `E` is decided from `E`'s
//! canonical options `O` (each of them a form with its own phylum, normal nim-value
//! `G+(O)` and misère nim-value `G-(O)`) and, for some options, their canonical options.
//! Let `p = G+(E)`, `m = G-(E)`.
//!
//! 1. *The genus kind*: tame if `p = m` or both are 0 or 1; else restive if `p ≤ 1`;
//!    else restless if `m ≤ 1`; else wild.
//! 2. *All options generally tame* (phylum nim heap, hereditarily or reversibly tame):
//!    let `w` be the wildest of them (in that order; a nim heap if `E = 0`). If `w` is a
//!    nim heap and the kind is tame with `p > 1` or `p ≠ m`: **nim heap**. Else if `w` is a
//!    nim heap or hereditarily tame: tame kind **hereditarily tame**, restive kind
//!    **hereditarily restive**. Else (or still undecided): tame **reversibly tame**,
//!    restive **reversibly restive**, restless **restless**; a wild kind is **wild**.
//! 3. *Some option not generally tame*, kind tame or restive: the candidates are
//!    {reversibly tame, tameable} for the tame kind, {reversibly restive} for the restive
//!    kind. The generally tame options' `G+` and `G-` are collected. Each other option `O`
//!    must *revert*: some option `O'` of `O` that is generally tame (tame kind: `G-(O') =
//!    m`, and some such `O'` with `G+(O') = p`) or restive-or-tame (restive kind: `G-(O') =
//!    m` with `G+(O')` in {0, 1, m, m xor 1}, and some `O'` with `G+(O') = p` and `G-(O')`
//!    in {0, 1, m, m xor 1}); if not, the reversible candidates go. (An option of phylum
//!    tameable, whose tameable options `O'` give `G-(O') = m` and `G+(O') = p`, keeps the
//!    tameable candidate; CGSuite collects such an option's `G±` *of its even part*,
//!    which is what is done here.) Then if the mex of the collected `G+` is not `p` or
//!    that of the collected `G-` is not `m` (mex of nothing: 0), the reversible candidates
//!    go; tameable goes likewise once the tameable options' values are added, unless
//!    nothing was collected and `p = 0`. The first candidate left wins (reversibly tame
//!    before tameable); none left: **wild**.
//! 4. Any other case (restless or wild kind with an option not generally tame): **wild**.
//!
//! **Printing** (`Genus`): a game whose phylum is *nim heap* prints `p` alone; one whose
//! phylum is hereditarily or reversibly tame or restive prints `p^m` (`p^(m)` when `m ≥ 10`),
//! its other superscripts implied by `supDigit`: tame `p xor 2, p, p xor 2, ...`, restive
//! `r xor 2, r, ...` with `r = m` if `m < 4`, else `p`. Every other phylum (tameable,
//! restless, wild) prints its genus in full, computed from its options' genera. So
//! `*2` prints `2`, `{*2}` `0^0` (0^02 in full), `{{*2}, 0}` `1^2` (1^20), `{{*2}, *}`
//! `2^1420`.
//!
//! [`Phyla::genus`] computes the genus exactly as CGSuite does (by the phylum, else from
//! the options' such genera); the calculator checks it against the genus of the game tree
//! computed independently ([`crate::values::genus`]) and refuses to print on a mismatch.

use std::collections::HashMap;

use crate::error::Result;
use crate::values::genus::{Genus, GenusForm};
use crate::values::misere_canonical::{MisereForms, MisereId};

/// CGSuite's phyla that a stored canonical form can have (`Phylum.java`; the transient
/// "wild of tame/restive/restless genus" end as [`Phylum::Wild`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phylum {
    /// A nim heap.
    NimHeap,
    /// Tame genus, every option a nim heap or hereditarily tame.
    HereditarilyTame,
    /// Tame genus, the options generally tame or reverting to tame games.
    ReversiblyTame,
    /// Tame genus, determining the genus of sums with tame games.
    Tameable,
    /// Restive genus (`G+` 0 or 1), the options hereditarily tame.
    HereditarilyRestive,
    /// Restive genus, the options tame or reverting to restive or tame games.
    ReversiblyRestive,
    /// Restless genus (`G-` 0 or 1, `G+` at least 2), the options generally tame.
    Restless,
    /// Everything else.
    Wild,
}

impl Phylum {
    /// CGSuite's `isGenerallyTame`: nim heap, hereditarily or reversibly tame.
    pub fn generally_tame(self) -> bool {
        matches!(
            self,
            Phylum::NimHeap | Phylum::HereditarilyTame | Phylum::ReversiblyTame
        )
    }

    /// CGSuite's `IsTame`: the phylum is *nim heap* or *hereditarily tame*. Source:
    /// `lib/core/src/main/scala/org/cgsuite/core/misere/MisereCanonicalGameOps.java`,
    /// `isTame(id)` returns `getPhylum(id).isHereditarilyTame()`, and `Phylum.java`'s
    /// `HEREDITARILY_TAME_PHYLA` is `{NIMHEAP, HEREDITARILY_TAME}`. So of the phyla:
    /// nim heap and hereditarily tame are tame; reversibly tame (`IsGenerallyTame` only),
    /// tameable, hereditarily and reversibly restive, restless and wild are not (CGSuite's
    /// `MisereCanonicalGameTestCase.scala`: `*[[[2]],[[2],1]]` is generally tame with
    /// `IsTame` false). The phylum is that of the misère canonical form, whose reversible
    /// moves are bypassed: a game whose simplest form is a nim heap is tame.
    pub fn is_tame(self) -> bool {
        matches!(self, Phylum::NimHeap | Phylum::HereditarilyTame)
    }

    /// CGSuite's `isTameable`: generally tame or tameable.
    pub fn tameable(self) -> bool {
        self.generally_tame() || self == Phylum::Tameable
    }

    /// CGSuite's `isGenerallyRestive`: hereditarily or reversibly restive.
    pub fn generally_restive(self) -> bool {
        matches!(
            self,
            Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
        )
    }

    /// CGSuite's `isRestiveOrTame`: generally tame or generally restive.
    pub fn restive_or_tame(self) -> bool {
        self.generally_tame() || self.generally_restive()
    }

    /// How CGSuite prints the genus of a game of this phylum.
    pub fn genus_form(self) -> GenusForm {
        match self {
            Phylum::NimHeap => GenusForm::NimHeap,
            Phylum::HereditarilyTame | Phylum::ReversiblyTame => GenusForm::Tame,
            Phylum::HereditarilyRestive | Phylum::ReversiblyRestive => GenusForm::Restive,
            _ => GenusForm::Full,
        }
    }
}

/// Step 1 of the module documentation.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Tame,
    Restive,
    Restless,
    Wild,
}

fn mex(set: &[u32]) -> u32 {
    (0..).find(|v| !set.contains(v)).unwrap_or(0)
}

/// Memoised phyla and CGSuite genera of the forms of one [`MisereForms`] store.
#[derive(Default)]
pub struct Phyla {
    phyla: HashMap<MisereId, Phylum>,
    genera: HashMap<MisereId, Genus>,
}

impl Phyla {
    /// An empty memo.
    pub fn new() -> Phyla {
        Phyla::default()
    }

    /// The phylum CGSuite gives the canonical form `g`: that of its even part.
    pub fn phylum(&mut self, forms: &mut MisereForms, g: MisereId) -> Result<Phylum> {
        let (even, _) = forms.parity(g)?;
        if let Some(&p) = self.phyla.get(&even) {
            return Ok(p);
        }
        let p = self.decide(forms, even)?;
        self.phyla.insert(even, p);
        Ok(p)
    }

    /// CGSuite's `makeGameRecord` for the even form `e` (module documentation, 1-4).
    fn decide(&mut self, forms: &mut MisereForms, e: MisereId) -> Result<Phylum> {
        let (p, m) = (forms.nim_value(e), forms.misere_nim_value(e));
        let opts = forms.options(e).to_vec();
        let mut phyla = Vec::with_capacity(opts.len());
        for &o in &opts {
            phyla.push(self.phylum(forms, o)?);
        }
        let kind = if p == m || (p | m) < 2 {
            Kind::Tame
        } else if p < 2 {
            Kind::Restive
        } else if m < 2 {
            Kind::Restless
        } else {
            Kind::Wild
        };
        if phyla.iter().all(|q| q.generally_tame()) {
            let w = phyla.iter().copied().max().unwrap_or(Phylum::NimHeap);
            if w == Phylum::NimHeap && kind == Kind::Tame && (p > 1 || p != m) {
                return Ok(Phylum::NimHeap);
            }
            let hereditary = w <= Phylum::HereditarilyTame;
            return Ok(match kind {
                Kind::Tame if hereditary => Phylum::HereditarilyTame,
                Kind::Restive if hereditary => Phylum::HereditarilyRestive,
                Kind::Tame => Phylum::ReversiblyTame,
                Kind::Restive => Phylum::ReversiblyRestive,
                Kind::Restless => Phylum::Restless,
                Kind::Wild => Phylum::Wild,
            });
        }
        if !matches!(kind, Kind::Tame | Kind::Restive) {
            return Ok(Phylum::Wild);
        }
        // Step 3: candidates reversibly tame / reversibly restive, and tameable.
        let mut reversible = true;
        let mut tameable = kind == Kind::Tame;
        let (mut plus, mut minus) = (Vec::new(), Vec::new());
        let (mut t_plus, mut t_minus) = (Vec::new(), Vec::new());
        let near = |v: u32| v < 2 || (v ^ m) < 2;
        for (&o, &q) in opts.iter().zip(&phyla) {
            if q.generally_tame() {
                plus.push(forms.nim_value(o));
                minus.push(forms.misere_nim_value(o));
                continue;
            }
            let (mut t_m, mut t_p) = (false, false);
            if tameable && q == Phylum::Tameable {
                let (_, odd) = forms.parity(o)?;
                let odd = odd as u32;
                t_minus.push(forms.misere_nim_value(o) ^ odd);
                t_plus.push(forms.nim_value(o) ^ odd);
                (t_m, t_p) = (true, true);
            }
            let (mut found_m, mut found_p) = (false, false);
            for s in forms.options(o).to_vec() {
                let sq = self.phylum(forms, s)?;
                let restive_candidate = kind == Kind::Restive && reversible;
                if !(sq.generally_tame()
                    || (restive_candidate && sq.restive_or_tame())
                    || (tameable && sq.tameable()))
                {
                    continue;
                }
                let (sp, sm) = (forms.nim_value(s), forms.misere_nim_value(s));
                if sq.generally_tame() && kind == Kind::Tame {
                    found_m |= sm == m;
                    found_p |= sp == p;
                } else if sq.restive_or_tame() && kind == Kind::Restive {
                    found_m |= sm == m && near(sp);
                    found_p |= sp == p && near(sm);
                } else if sq == Phylum::Tameable && tameable {
                    t_m |= sm == m;
                    t_p |= sp == p;
                }
            }
            if !(found_m && found_p) {
                reversible = false;
                if !(t_m && t_p) {
                    tameable = false;
                }
                if !tameable {
                    return Ok(Phylum::Wild);
                }
            }
        }
        if mex(&plus) != p || mex(&minus) != m {
            reversible = false;
        }
        if tameable {
            plus.extend(t_plus);
            minus.extend(t_minus);
            if (mex(&plus) != p || mex(&minus) != m) && (!plus.is_empty() || p > 0) {
                tameable = false;
            }
        }
        Ok(match kind {
            Kind::Tame if reversible => Phylum::ReversiblyTame,
            Kind::Restive if reversible => Phylum::ReversiblyRestive,
            _ if tameable => Phylum::Tameable,
            _ => Phylum::Wild,
        })
    }

    /// The genus CGSuite's `Genus` holds for `g`: by the phylum when it is a nim heap,
    /// tame or restive (from `G+` and `G-` alone), else from the options' such genera.
    pub fn genus(&mut self, forms: &mut MisereForms, g: MisereId) -> Result<Genus> {
        if let Some(x) = self.genera.get(&g) {
            return Ok(x.clone());
        }
        let form = self.phylum(forms, g)?.genus_form();
        let x = if form == GenusForm::Full {
            let mut opts = Vec::new();
            for o in forms.options(g).to_vec() {
                opts.push(self.genus(forms, o)?);
            }
            Genus::of_options(opts.iter())?
        } else {
            Genus::of_phylum(form, forms.nim_value(g), forms.misere_nim_value(g))
        };
        self.genera.insert(g, x.clone());
        Ok(x)
    }

    /// How CGSuite prints the genus of a game whose misère canonical form is `g` and
    /// whose genus, computed independently from its game tree, is `tree_genus`: by `g`'s
    /// phylum when CGSuite's genus of `g` ([`Phyla::genus`]) is `tree_genus`, in full
    /// otherwise (never seen; the full symbol is then the tree's, which is right). The
    /// calculator and the `genus` columns of the census and of `octal --misere` print
    /// `tree_genus.cgsuite_symbol(form)`.
    pub fn checked_form(
        &mut self,
        forms: &mut MisereForms,
        g: MisereId,
        tree_genus: &Genus,
    ) -> Result<GenusForm> {
        if self.genus(forms, g)? == *tree_genus {
            Ok(self.phylum(forms, g)?.genus_form())
        } else {
            Ok(GenusForm::Full)
        }
    }

    /// The genus of `g` as CGSuite prints it (`G.Genus`).
    pub fn genus_symbol(&mut self, forms: &mut MisereForms, g: MisereId) -> Result<String> {
        let form = self.phylum(forms, g)?.genus_form();
        Ok(self.genus(forms, g)?.cgsuite_symbol(form))
    }
}

//! The genus as CGSuite prints it and its `IsTame`, for the census's misère solvers: each
//! position's misère simplest form (Conway's canonical form,
//! [`crate::values::misere_canonical`]), whose phylum decides how CGSuite abbreviates the
//! genus and whether the position is tame ([`crate::values::misere_phylum`]).
//!
//! The simplest form of a part (a component, or the whole position for rules that do not
//! decompose) is the simplest form of the game whose options are its options' simplest
//! forms; that of a sum of parts is the simplest form of the sum of the parts' simplest
//! forms (misère equality is a congruence for sums: ONAG ch. 12, Siegel *CGT* V.1). Forms
//! of parts are memoised by the solver's part ids (themselves named by canonical keys), so
//! each part's form is built once.
//!
//! The store is single-threaded ([`MisereForms`] hash-conses forms and memoises sums), so
//! it sits behind one mutex shared by the census's threads. The forms a census builds, and
//! so every symbol, do not depend on the order the threads ask for them: a simplest form is
//! unique, and its phylum is decided from the form alone; only the store's internal ids
//! differ from run to run, and they are never printed.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use smallvec::SmallVec;

use crate::error::Result;
use crate::values::genus::Genus;
use crate::values::misere_canonical::{MisereForms, MisereId, ZERO};
use crate::values::misere_phylum::Phyla;

/// A position: the sorted ids of its components (those with moves).
pub type Sum = SmallVec<[u32; 8]>;

/// What CGSuite says of a position, from its misère simplest form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cgsuite {
    /// The genus as CGSuite prints it, abbreviated by the phylum of the form.
    pub genus: String,
    /// CGSuite's `IsTame` of the form: its phylum is nim heap or hereditarily tame
    /// ([`crate::values::misere_phylum::Phylum::is_tame`]).
    pub tame: bool,
}

/// The simplest forms of one solver's parts and positions, shared by threads.
#[derive(Default)]
pub(crate) struct CensusForms {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    forms: MisereForms,
    phyla: Phyla,
    /// The simplest form of each part id met.
    parts: HashMap<u32, MisereId>,
}

impl CensusForms {
    /// How CGSuite prints `genus`, the genus of the position whose options are the sums
    /// `opts` of parts (`options(id)` gives a part's options): by the phylum of the
    /// position's simplest form ([`Phyla::checked_form`]); and its `IsTame`.
    pub(crate) fn symbol_of_options(
        &self,
        opts: &[Sum],
        genus: &Genus,
        options: &dyn Fn(u32) -> Arc<[Sum]>,
    ) -> Result<Cgsuite> {
        let mut inner = self.lock();
        let mut forms = Vec::with_capacity(opts.len());
        for o in opts {
            forms.push(inner.sum(o, options)?);
        }
        let g = inner.forms.game(forms)?;
        inner.symbol(g, genus)
    }

    /// How CGSuite prints `genus`, the genus of the sum `s` of parts, and its `IsTame`.
    pub(crate) fn symbol_of_sum(
        &self,
        s: &Sum,
        genus: &Genus,
        options: &dyn Fn(u32) -> Arc<[Sum]>,
    ) -> Result<Cgsuite> {
        let mut inner = self.lock();
        let g = inner.sum(s, options)?;
        inner.symbol(g, genus)
    }

    /// Simplest forms stored so far.
    pub(crate) fn len(&self) -> usize {
        self.lock().forms.len()
    }

    /// The store; a thread that panicked holding it has already failed the run.
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner
            .lock()
            .expect("the misère canonical-form store is not poisoned")
    }
}

impl Inner {
    fn symbol(&mut self, g: MisereId, genus: &Genus) -> Result<Cgsuite> {
        let form = self.phyla.checked_form(&mut self.forms, g, genus)?;
        Ok(Cgsuite {
            genus: genus.cgsuite_symbol(form),
            tame: self.phyla.phylum(&mut self.forms, g)?.is_tame(),
        })
    }

    /// The simplest form of the sum of parts `s`.
    fn sum(&mut self, s: &Sum, options: &dyn Fn(u32) -> Arc<[Sum]>) -> Result<MisereId> {
        let mut acc = ZERO;
        for &id in s {
            let f = self.part(id, options)?;
            acc = self.forms.add(acc, f)?;
        }
        Ok(acc)
    }

    /// The simplest form of the part `id` (its options are sums of smaller parts).
    fn part(&mut self, id: u32, options: &dyn Fn(u32) -> Arc<[Sum]>) -> Result<MisereId> {
        if let Some(&f) = self.parts.get(&id) {
            return Ok(f);
        }
        let opts = options(id);
        let mut forms = Vec::with_capacity(opts.len());
        for o in opts.iter() {
            forms.push(self.sum(o, options)?);
        }
        let f = self.forms.game(forms)?;
        self.parts.insert(id, f);
        Ok(f)
    }
}

//! The printed report of a misère quotient.

use super::monoid::{self, word_string};
use super::{Quotient, Stability};

impl Quotient {
    /// The presentation `<a,b,… | relations>`.
    pub fn presentation_string(&self) -> String {
        self.presentation.to_string_with()
    }

    /// The word of element `x`.
    pub fn word(&self, x: u32) -> String {
        word_string(&self.presentation.least[x as usize])
    }

    /// The P-portion as words, in lexicographic order.
    pub fn p_portion(&self) -> Vec<String> {
        let mut v: Vec<&monoid::Word> = (0..self.q.len() as u32)
            .filter(|&x| self.q.is_p(x))
            .map(|x| &self.presentation.least[x as usize])
            .collect();
        v.sort_by(|a, b| monoid::lex_cmp(a, b));
        v.into_iter().map(word_string).collect()
    }

    /// The human-readable report.
    pub fn report(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!(
            "misère quotient of {} restricted to heaps 0..={}\n",
            self.code, self.max
        ));
        s.push_str(&format!("Q = {}\n", self.presentation_string()));
        s.push_str(&format!(
            "|Q| = {}, |P| = {}; P = {{{}}}\n",
            self.q.len(),
            self.q.p_len(),
            self.p_portion().join(", ")
        ));
        let heaps: Vec<String> = self.phi.iter().map(|&x| self.word(x)).collect();
        s.push_str(&format!("heaps 0..={}: {}\n", self.max, heaps.join(" ")));
        let changes: Vec<String> = self
            .changes
            .iter()
            .skip(1)
            .map(|(h, q, p)| format!("{h} (|Q| = {q}, |P| = {p})"))
            .collect();
        s.push_str(&format!(
            "the quotient changed at heaps: {}\n",
            if changes.is_empty() {
                "none".to_string()
            } else {
                changes.join(", ")
            }
        ));
        s.push_str(&match self.stability {
            Stability::Proved { preperiod, period } => format!(
                "STABILISED: the heap elements are periodic with period {period} from heap \
                 {preperiod}, long enough for the periodicity theorem (Plambeck & Siegel \
                 2008): this is the misère quotient of {} on all heaps",
                self.code
            ),
            Stability::Observed {
                preperiod,
                period,
                needs,
            } => format!(
                "NOT STABILISED as far as computed: period {period} from heap {preperiod} \
                 seen, but the periodicity theorem needs heaps up to {needs}"
            ),
            Stability::None => {
                let grew = self.changes.last().map(|c| c.0).unwrap_or(0);
                format!(
                    "NOT STABILISED as far as computed: no period in the heap elements; the \
                     quotient last grew at heap {grew}{}",
                    if grew * 2 > self.max && self.changes.len() > 3 {
                        " and is still growing (it may be infinite)"
                    } else {
                        ""
                    }
                )
            }
        });
        s
    }
}

//! A job's `keep`: a predicate in the analysis language ([`crate::expr`], e.g.
//! `not is_integer(atomic_weight)`) compiled against the census's columns before
//! anything is computed; only the rows where it is true are written (false and unknown,
//! an empty cell, are left out, as `analyze --where` does). Tallies still count every
//! position ([`super::rows`]).

use std::borrow::Cow;

use crate::error::{Error, Result};
use crate::expr::{Compiled, GameCache, Row, Scope, truth};
use crate::solving::Schema;

/// A compiled `keep`.
pub struct Keep {
    compiled: Compiled,
    graph6: Option<usize>,
    colouring: Option<usize>,
}

/// What one thread needs to test rows: parsed game values.
#[derive(Default)]
pub struct KeepState {
    cache: GameCache,
}

impl Keep {
    /// Compiles `text` against the columns of `schema`; a bad predicate is a usage error
    /// naming `keep`.
    pub fn compile(text: &str, schema: &Schema) -> Result<Keep> {
        let header: Vec<String> = schema.names().iter().map(|s| s.to_string()).collect();
        let scope = Scope {
            header: &header,
            types: schema.columns.iter().map(|c| c.ty).collect(),
            with: Vec::new(),
        };
        let compiled = scope.compile(text, true).map_err(|e| match e {
            Error::Usage(m) => Error::Usage(format!("keep: {m}")),
            e => e,
        })?;
        Ok(Keep {
            compiled,
            graph6: schema.index("graph6"),
            colouring: schema.index("colouring"),
        })
    }

    /// The columns it reads (indices into the schema's columns).
    pub fn reads(&self) -> &[usize] {
        &self.compiled.columns
    }

    /// A fresh state for one thread or unit.
    pub fn state(&self) -> KeepState {
        KeepState::default()
    }

    /// Whether the row `fields` is written.
    pub fn test(&self, state: &mut KeepState, fields: &[String]) -> Result<bool> {
        let cells: Vec<Cow<[u8]>> = fields.iter().map(|f| Cow::Borrowed(f.as_bytes())).collect();
        let mut row = Row {
            fields: &cells,
            graph: None,
            graph6: self.graph6,
            colouring: self.colouring,
            cache: &mut state.cache,
        };
        let v = row.eval(&self.compiled.expr).map_err(|e| {
            Error::usage(format!(
                "keep {:?} on the row {}: {e}",
                self.compiled.text,
                fields.join(",")
            ))
        })?;
        Ok(truth(&v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;

    fn row(s: &str) -> Vec<String> {
        s.split(',').map(str::to_string).collect()
    }

    #[test]
    fn keeps_by_the_analysis_language() {
        let schema = Schema::of(Ruleset::from_name("cutthroat").unwrap());
        let k = Keep::compile("not is_integer(atomic_weight)", &schema).unwrap();
        let mut st = k.state();
        // graph6,colouring,n,m,outcome,value,grundy,atomic_weight
        assert!(!k.test(&mut st, &row("A_,BW,2,1,N,*,,0")).unwrap());
        assert!(k.test(&mut st, &row("A_,BW,2,1,N,*,,1/2")).unwrap());
        // An empty cell: unknown, not kept.
        assert!(!k.test(&mut st, &row("A_,BW,2,1,N,*,,")).unwrap());
        let k = Keep::compile("n >= 3 and outcome == 'P'", &schema).unwrap();
        assert!(k.test(&mut st, &row("Bw,BBW,3,2,P,0,,0")).unwrap());
        assert!(!k.test(&mut st, &row("A_,BW,2,1,P,0,,0")).unwrap());
        let e = Keep::compile("weight > 0", &schema)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("keep") && e.contains("unknown column"), "{e}");
        let e = Keep::compile("n + 1", &schema).err().unwrap().to_string();
        assert!(e.contains("keep"), "{e}");
    }
}

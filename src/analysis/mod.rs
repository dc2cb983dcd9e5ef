//! Analysing result CSVs: `gamecensus analyze` groups rows and counts them, checks
//! conjectures (predicates over columns, derived graph invariants and game values) and
//! finds their smallest counterexamples, finds the smallest row with each value, and
//! the periodicity of a sequence; for every CSV the program writes (census, eval,
//! octal, octal sweep), read by header, several shards as one table, streamed in
//! parallel in constant memory.
//!
//! ```
//! use gamecensus::analysis::query::{run, Query};
//! # let dir = tempfile::tempdir()?;
//! # let path = dir.path().join("nk.csv");
//! // Node Kayles on the paths P1..P4: nim-values 1, 1, 2, 0 (Dawson's chess, A002187).
//! std::fs::write(&path, "graph6,colouring,n,m,outcome,value,grundy\n\
//!     @,,1,0,N,*,1\nA_,,2,1,N,*,1\nBW,,3,2,N,*2,2\nCr,,4,3,P,0,0\n")?;
//! let q = Query { groupings: vec![vec!["outcome".into()]],
//!                 checks: vec!["grundy < 3".into()], ..Query::default() };
//! let r = run(&[path], &q)?;
//! assert_eq!(r.groupings[0].groups.iter().map(|g| g.count).collect::<Vec<_>>(), [3, 1]);
//! assert_eq!((r.checks[0].holds, r.checks[0].violates), (4, 0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// The predicate language and the derived columns live below jobs/ (a job's `keep` uses
// them); analysis keeps its paths.
pub use crate::expr;
pub use crate::expr::derived;
pub use crate::expr::invariants;
pub mod fields;
pub mod format;
pub mod query;
pub mod report;
pub mod table;

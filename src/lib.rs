//! gamecensus: exact values of combinatorial games on every small graph, up to
//! isomorphism, computed in parallel and streamed as CSV.
//!
//! The crate is organised by concern: [`graphs`] (graph type, graph6, colourings,
//! canonical labelling with nauty, isomorph-free enumeration, families), [`values`]
//! (outcomes and value notation), [`rules`] (one file per ruleset behind a trait),
//! [`solving`] (component decomposition, the shared transposition table, solvers and
//! the parallel driver), [`jobs`] (job files, the runner, CSV, progress, shards),
//! [`octal`] (octal games), [`expr`] (the predicate language of `analyze` and of a job's
//! `keep`) and [`analysis`] (reading result CSVs); [`hash`] is the hasher
//! of the hot maps; [`sys`] (below them all) holds output locks, stopping on signals,
//! memory and deadlines, and the heap-counting allocator.
//! The `gamecensus` binary is a thin command line over these.

#![warn(missing_docs)]

pub mod analysis;
pub mod error;
pub mod expr;
pub mod graphs;
pub mod hash;
pub mod jobs;
pub mod octal;
pub mod rules;
pub mod shapes;
pub mod solving;
pub mod svg;
pub mod sys;
pub mod values;

pub use error::{Error, Result};

//! Jobs: the TOML job file ([`spec`]), running it ([`mod@run`]: options, output path, thread
//! pool, dispatch) as a census ([`census`]) or an octal sweep ([`sweep`]) into one
//! resumable CSV output with a provenance sidecar ([`output`], [`provenance`]), the
//! progress bar and the end-of-run summary with its tallies ([`tally`]); putting the shards
//! of a run back together ([`merge`]); and the streaming commands `enumerate` / `eval`
//! ([`graph_stream`], [`eval_stream`]) and `octal` ([`octal`]).

pub mod census;
pub mod chomp;
pub mod context;
pub mod eval_stream;
pub mod existing;
pub mod graph_lines;
mod graph_runs;
pub mod graph_stream;
pub mod keep;
pub mod memory;
pub mod merge;
pub mod octal;
pub mod output;
pub mod progress;
pub mod provenance;
pub mod rows;
pub mod run;
pub mod runner;
pub mod shape_rows;
pub mod shards;
pub mod spec;
pub mod staged;
pub mod summary;
pub mod sweep;
pub mod tally;
pub mod totals;
pub mod zst;

pub use run::{Ran, RunOptions, run};
pub use spec::JobSpec;
pub use summary::Summary;

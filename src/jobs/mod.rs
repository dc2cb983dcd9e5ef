//! Census jobs: the TOML job spec, the CSV format, the progress display, the runner
//! (streaming, resumable, shardable) and the streaming `enumerate` / `eval` commands.

pub mod csv_out;
pub mod octal;
pub mod progress;
pub mod runner;
pub mod spec;
pub mod stream;

pub use runner::{RunOptions, Summary, run};
pub use spec::JobSpec;

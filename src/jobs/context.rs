//! What a runner needs besides its job: the output path and options of this run, and
//! what a runner says when it stops early ([`stopped`]: the runners check
//! [`crate::sys::stop::requested`] between chunks, so a stopped output ends with whole
//! rows and can be resumed).

use std::path::{Path, PathBuf};

use super::provenance::Sidecar;
use crate::error::Error;
use crate::graphs::Shard;
use crate::sys::stop;

/// Whether the runner should stop before its next chunk (a signal, the memory budget).
pub fn stop_requested() -> bool {
    stop::requested()
}

/// The error of a runner that stopped early at [`stop_requested`], with `rows` whole
/// rows in `out`.
pub fn stopped(out: &Path, rows: u64) -> Error {
    let reason = stop::reason().expect("a stop has a reason");
    stop::error(
        &reason,
        &format!(
            "{} ends with {rows} whole rows: continue with --resume",
            out.display()
        ),
    )
}

/// What a runner needs to know besides its job.
pub struct RunContext {
    /// The output path.
    pub out: PathBuf,
    /// The shard (whole run: `0/1`).
    pub shard: Shard,
    /// See [`super::RunOptions`].
    pub quiet: bool,
    /// See [`super::RunOptions`].
    pub resume: bool,
    /// See [`super::RunOptions`].
    pub force: bool,
    /// The job file and its text, if the job came from one.
    pub source: Option<(PathBuf, String)>,
    /// Worker threads.
    pub threads: usize,
    /// When the run started (RFC 3339).
    pub started: String,
    /// The memory budget in bytes (see [`super::memory`]).
    pub memory: u64,
}

impl RunContext {
    /// A sidecar for this run with the given identity and columns (rows still 0).
    pub fn sidecar(&self, identity: String, columns: &[&str]) -> Sidecar {
        Sidecar::new(
            identity,
            self.source.clone(),
            columns,
            format!("{}/{}", self.shard.index, self.shard.count),
            self.threads,
            self.started.clone(),
        )
    }
}

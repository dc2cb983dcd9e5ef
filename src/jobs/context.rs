//! What a runner needs besides its job: the output path and options of this run, and
//! the Ctrl-C flag (the runners stop between chunks, so an interrupted output ends with
//! whole rows and can be resumed).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use super::provenance::Sidecar;
use crate::graphs::Shard;

/// Set by the Ctrl-C handler; runners stop before their next chunk.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Installs the handler of Ctrl-C and SIGTERM (and SIGHUP) that asks the runners to stop
/// (a second signal exits).
pub fn install_interrupt_handler() {
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
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

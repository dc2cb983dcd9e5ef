//! What every command's runner shares: the worker thread pool and the one way to
//! report a failed write.

use gamecensus::jobs;
use gamecensus::{Error, Result};

/// Runs `f` in a pool of `threads` threads (default: all cores).
pub fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> Result<T> + Send,
) -> Result<T> {
    let mut b = rayon::ThreadPoolBuilder::new().stack_size(jobs::run::WORKER_STACK);
    if let Some(t) = threads {
        if !(1..=jobs::run::MAX_THREADS).contains(&t) {
            return Err(Error::usage(format!(
                "--threads {t}: use 1 to {}",
                jobs::run::MAX_THREADS
            )));
        }
        b = b.num_threads(t);
    }
    b.build()
        .map_err(|e| Error::io("starting threads", std::io::Error::other(e)))?
        .install(f)
}

/// A failed write to the command's output.
pub fn write_err(e: std::io::Error) -> Error {
    Error::io("writing output", e)
}

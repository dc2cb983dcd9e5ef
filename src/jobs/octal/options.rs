//! What `octal` is asked to do: the options of a run, which the run and its resuming
//! both read.

use std::path::Path;

use crate::octal::Method;

/// What `octal` is asked to do.
pub struct OctalOptions<'a> {
    /// The octal code.
    pub code: &'a str,
    /// Compute G(0..=max).
    pub max: usize,
    /// The method.
    pub method: Method,
    /// A fixed split for the fast method.
    pub split: Option<&'a str>,
    /// The CSV's path (stdout if none).
    pub out: Option<&'a Path>,
    /// Replace whatever is at `out`.
    pub force: bool,
    /// No progress bar.
    pub quiet: bool,
    /// Save the computation here now and then.
    pub checkpoint: Option<&'a Path>,
    /// Go on from the checkpoint or the interrupted output file.
    pub resume: bool,
    /// The memory budget in bytes (see [`crate::jobs::memory`]).
    pub memory: u64,
}

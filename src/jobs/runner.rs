//! What the three runners (a census of graphs [`super::census`], a census of shapes
//! [`super::shaped`], an octal sweep [`super::sweep`]) share around their own work loop:
//! the empty summary, where a resumed output continues, and how a run ends when its
//! loop fails or is asked to stop.

use std::path::Path;

use super::output::Output;
use super::summary::{Summary, Tally};
use crate::error::{Error, Result};

/// The summary of a run that has written nothing yet; `unit` names a row ("positions",
/// "games").
pub fn summary(out: &Path, unit: &'static str, tally: Tally) -> Summary {
    Summary {
        out: out.to_path_buf(),
        rows: 0,
        resumed: 0,
        seconds: 0.0,
        tables: None,
        unit,
        tally,
        already_complete: false,
        memory: None,
        positions: None,
        files: Vec::new(),
    }
}

/// Where a run whose units hold `counts` rows continues after the `rows` rows already
/// in `path`: `(first unit, rows of it to skip, the rows of each unit before it)`.
/// `written(i, j)` is what the run writes as row `j` of unit `i` (None: nothing there),
/// and `last` what the file's last row holds; they must agree, or the file is not this
/// run's.
pub fn resume_point(
    counts: &[u64],
    rows: u64,
    last: &str,
    path: &Path,
    written: impl FnOnce(usize, usize) -> Option<String>,
) -> Result<(usize, usize, Vec<u64>)> {
    if rows == 0 {
        return Ok((0, 0, Vec::new()));
    }
    let mut before = 0u64;
    for (i, &c) in counts.iter().enumerate() {
        if before + c >= rows {
            // The last written row is row rows - 1 - before of unit i.
            let want = (rows - 1 - before) as usize;
            if written(i, want).as_deref() != Some(last) {
                return Err(Error::usage(format!(
                    "cannot resume {}: its last row ({last}) is not the position this job \
                     writes at row {rows}",
                    path.display()
                )));
            }
            return Ok(if before + c == rows {
                (i + 1, 0, counts[..=i].to_vec())
            } else {
                (i, want + 1, counts[..i].to_vec())
            });
        }
        before += c;
    }
    Err(Error::usage(format!(
        "cannot resume {}: it has {rows} rows but this job has only {before}",
        path.display()
    )))
}

/// After a run's work loop: if the loop failed (`result`) or a stop was asked for
/// (Ctrl-C, a signal, `--timeout`), `output` is closed with its whole rows, resumable,
/// and the error is returned; otherwise `output` comes back to be finished.
pub fn settle(output: Output, result: Result<()>, out: &Path) -> Result<Output> {
    if let Err(e) = result {
        output.stop()?;
        return Err(e);
    }
    if super::context::stop_requested() {
        // Stopping by itself: the watchdog must not stop the process meanwhile.
        crate::sys::stop::stand_down();
        let rows = output.rows();
        output.stop()?;
        return Err(super::context::stopped(out, rows));
    }
    Ok(output)
}

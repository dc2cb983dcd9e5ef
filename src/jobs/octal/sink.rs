//! Where the rows of `octal` go: a file (resumable through its sidecar when it is a
//! regular file) or standard output, a step of whole rows at a time.

use std::io::Write;

use crate::error::{Error, Result};
use crate::jobs::output::Output;
use crate::octal::checkpoint::Meta;

/// Where the rows go.
pub enum Sink {
    /// A file (with its sidecar if it is a regular file).
    File(Box<Output>),
    /// Standard output.
    Stdout(std::io::BufWriter<std::io::StdoutLock<'static>>),
}

impl Sink {
    /// Standard output, with the header written.
    pub fn stdout() -> Result<Sink> {
        let mut w = std::io::BufWriter::with_capacity(1 << 20, std::io::stdout().lock());
        writeln!(w, "n,grundy").map_err(|e| Error::io("writing output", e))?;
        Ok(Sink::Stdout(w))
    }

    /// Whether `--resume` can continue the rows from here (a regular file).
    pub fn resumable(&self) -> bool {
        matches!(self, Sink::File(f) if f.resumable())
    }

    /// Rows written already (after the header).
    pub fn rows(&self) -> usize {
        match self {
            Sink::File(o) => o.rows() as usize,
            Sink::Stdout(_) => 0,
        }
    }

    /// Appends the rows `n,G(n)` for `n` in `from..values.len()`, at most [`CHUNK`] rows
    /// at a time (a long prefix resumed from a checkpoint is not formatted at once).
    /// `state` is the computation's after the last row: the sidecar records it with that
    /// row only, so that it never vouches for a state that is not its rows'.
    pub fn write_values(
        &mut self,
        values: &[u32],
        from: usize,
        state: Meta,
        text: &mut String,
    ) -> Result<()> {
        let mut at = from;
        while at < values.len() {
            let end = (at + CHUNK).min(values.len());
            rows_text(&values[..end], at, text);
            let (bytes, rows) = (text.as_bytes(), (end - at) as u64);
            match self {
                Sink::File(o) if end == values.len() => {
                    o.set_octal_state(state.clone());
                    o.write_rows(bytes, rows)?;
                }
                Sink::File(o) => o.write_rows_unrecorded(bytes, rows)?,
                Sink::Stdout(w) => w
                    .write_all(bytes)
                    .and_then(|_| w.flush())
                    .map_err(|e| Error::io("writing output", e))?,
            }
            at = end;
        }
        Ok(())
    }

    /// The run stops early: the rows written are recorded.
    pub fn stop(self) -> Result<()> {
        match self {
            Sink::File(o) => o.stop(),
            Sink::Stdout(_) => Ok(()),
        }
    }

    /// The run is complete.
    pub fn finish(self, summary: &str) -> Result<()> {
        match self {
            Sink::File(o) => o.finish(summary),
            Sink::Stdout(mut w) => w.flush().map_err(|e| Error::io("writing output", e)),
        }
    }
}

/// The most rows formatted at once.
pub const CHUNK: usize = 1 << 20;

/// `text` becomes the rows `n,G(n)` for `n` in `from..values.len()`.
fn rows_text(values: &[u32], from: usize, text: &mut String) {
    use std::fmt::Write as _;
    text.clear();
    for (n, g) in values.iter().enumerate().skip(from) {
        let _ = writeln!(text, "{n},{g}");
    }
}

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

    /// Appends whole rows; `state` is the computation's after them.
    pub fn write_rows(&mut self, text: &[u8], rows: u64, state: Meta) -> Result<()> {
        match self {
            Sink::File(o) => {
                o.set_octal_state(state);
                o.write_rows(text, rows)
            }
            Sink::Stdout(w) => w
                .write_all(text)
                .and_then(|_| w.flush())
                .map_err(|e| Error::io("writing output", e)),
        }
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

/// `text` becomes the rows `n,G(n)` for `n` in `from..values.len()`.
pub fn rows_text(values: &[u32], from: usize, text: &mut String) {
    use std::fmt::Write as _;
    text.clear();
    for (n, g) in values.iter().enumerate().skip(from) {
        let _ = writeln!(text, "{n},{g}");
    }
}

//! Standard output for `enumerate`, `eval`, `value` and `explain`, whole lines only: output passes
//! through a [`LineOutput`] that hands complete lines to the buffered stdout. When the
//! watchdog of [`gamecensus::sys::stop`] stops the command (`--timeout`, `--memory`, a
//! signal), its stop action takes the same lock (so no line is half written) and flushes
//! before the process exits.

use std::io::{BufWriter, Stdout, Write};
use std::sync::{Arc, Mutex};

use gamecensus::error::{Error, Result};
use gamecensus::sys::stop;

struct Inner {
    out: BufWriter<Stdout>,
    /// Bytes after the last newline written (an unfinished line).
    partial: Vec<u8>,
}

/// Standard output, line by line.
#[derive(Clone)]
pub struct LineOutput {
    inner: Arc<Mutex<Inner>>,
    _stop: Arc<stop::Registration>,
}

fn lock(m: &Mutex<Inner>) -> std::sync::MutexGuard<'_, Inner> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Write for LineOutput {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut g = lock(&self.inner);
        match memchr::memrchr(b'\n', buf) {
            None => g.partial.extend_from_slice(buf),
            Some(nl) => {
                let Inner { out, partial } = &mut *g;
                out.write_all(partial)?;
                partial.clear();
                out.write_all(&buf[..=nl])?;
                partial.extend_from_slice(&buf[nl + 1..]);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let mut g = lock(&self.inner);
        let Inner { out, partial } = &mut *g;
        out.write_all(partial)?;
        partial.clear();
        out.flush()
    }
}

/// Checks `--timeout SECONDS`: a positive number of seconds.
pub fn check_timeout(timeout: Option<f64>) -> Result<()> {
    match timeout {
        Some(t) if !(t.is_finite() && t > 0.0 && t <= 1e9) => {
            // 1e300 must not print as 300 digits.
            let shown = if t.abs() < 1e15 {
                t.to_string()
            } else {
                format!("{t:e}")
            };
            Err(Error::usage(format!(
                "--timeout {shown}: give a positive number of seconds"
            )))
        }
        _ => Ok(()),
    }
}

/// Standard output for a command, whose whole lines are flushed if the command is
/// stopped.
pub fn start() -> LineOutput {
    let inner = Arc::new(Mutex::new(Inner {
        out: BufWriter::with_capacity(1 << 16, std::io::stdout()),
        partial: Vec::new(),
    }));
    let watched = Arc::downgrade(&inner);
    let registration = stop::on_stop(move |reason| {
        let inner = watched.upgrade()?;
        let mut held = lock(&inner);
        let _ = held.out.flush();
        // Kept locked until the exit that follows every stop action: a worker that got
        // the lock after the flush would start a write the exit could cut mid-line (seen
        // once in a loaded test run of `enumerate`).
        std::mem::forget(held);
        Some(match reason {
            stop::Reason::Signal(_) => "the lines written so far are whole".to_string(),
            _ => "(the lines written so far are whole)".to_string(),
        })
    });
    LineOutput {
        inner,
        _stop: Arc::new(registration),
    }
}

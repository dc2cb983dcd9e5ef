//! `--timeout SECONDS` for `eval`, `value` and `explain`: a watchdog thread that, when
//! the time is up, stops the process with one line on stderr ("limit reached: --timeout
//! ...", exit 2). What went to stdout before then is whole lines only: output passes
//! through a [`LineOutput`] that hands complete lines to the buffered stdout, and the
//! watchdog takes the same lock (so no line is half written) and flushes before it exits.
//!
//! A watchdog rather than a check inside the solvers: the kernel's and the solvers'
//! recursions would need a test at every step, in the hot paths of a census; here the
//! cost is one thread that sleeps.

use std::io::{BufWriter, Stdout, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gamecensus::error::{Error, Result};

struct Inner {
    out: BufWriter<Stdout>,
    /// Bytes after the last newline written (an unfinished line).
    partial: Vec<u8>,
}

/// Standard output, line by line; cloneable handle shared with the watchdog.
#[derive(Clone)]
pub struct LineOutput(Arc<Mutex<Inner>>);

impl LineOutput {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Write for LineOutput {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut g = self.lock();
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
        let mut g = self.lock();
        let Inner { out, partial } = &mut *g;
        out.write_all(partial)?;
        partial.clear();
        out.flush()
    }
}

/// Standard output for a command, and (with `timeout`) a watchdog that ends the process
/// after that many seconds. A timeout must be a positive number of seconds.
pub fn start(timeout: Option<f64>) -> Result<LineOutput> {
    let out = LineOutput(Arc::new(Mutex::new(Inner {
        out: BufWriter::with_capacity(1 << 16, std::io::stdout()),
        partial: Vec::new(),
    })));
    if let Some(t) = timeout {
        if !(t.is_finite() && t > 0.0 && t <= 1e9) {
            // 1e300 must not print as 300 digits.
            let shown = if t.abs() < 1e15 {
                t.to_string()
            } else {
                format!("{t:e}")
            };
            return Err(Error::usage(format!(
                "--timeout {shown}: give a positive number of seconds"
            )));
        }
        let watched = out.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_secs_f64(t));
            let mut g = watched.lock();
            let _ = g.out.flush();
            let _ = writeln!(
                std::io::stderr(),
                "gamecensus: limit reached: --timeout {t} s passed before the work was done \
                 (the lines written so far are whole)"
            );
            std::process::exit(2);
        });
    }
    Ok(out)
}

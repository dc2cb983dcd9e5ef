//! The progress bars (indicatif): work done out of an exact total, rate and ETA, or a
//! count with no total for the streaming commands; on a terminal only (stderr), hidden
//! when stderr is not a terminal or with `--quiet`, never in the data.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar counting `unit`s (its length, exact, is set by the caller), or a hidden one. The ETA
/// is indicatif's estimate from the recent rate (`?` before there is one); the rate is
/// shown beside it.
pub fn bar(quiet: bool, unit: &str) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(0);
    pb.set_style(
        ProgressStyle::with_template(&format!(
            "{{spinner}} [{{elapsed_precise}}] {{wide_bar}} {{human_pos}}/{{human_len}} {unit}, {{rate}} (ETA {{eta}})"
        ))
        .expect("valid template")
        .with_key(
            "rate",
            |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0}/s", s.per_sec());
            },
        )
        .with_key(
            // indicatif's own says 0s before any progress (a long octal block).
            "eta",
            |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                if s.pos() == 0 || s.per_sec() < 1e-9 {
                    let _ = write!(w, "?");
                } else {
                    let _ = write!(w, "{:#}", indicatif::HumanDuration(s.eta()));
                }
            },
        ),
    );
    pb
}

/// A bar that is cleared when it goes out of scope, however the work ends (an error
/// must not leave it half-drawn above the error line).
pub struct Cleared(pub ProgressBar);

impl Drop for Cleared {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}

/// A counter with no known total (a spinner, the count and the rate) for the streaming
/// commands `enumerate` and `eval`: on stderr when it is a terminal, never in the data
/// (which goes to stdout).
pub fn counter(unit: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new_spinner();
    pb.set_style(
        ProgressStyle::with_template(&format!(
            "{{spinner}} [{{elapsed_precise}}] {{human_pos}} {unit} (total unknown), {{rate}}"
        ))
        .expect("valid template")
        .with_key(
            "rate",
            |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0}/s", s.per_sec());
            },
        ),
    );
    pb
}

/// Ends a [`counter`]: on a terminal, its line is replaced by a one-line record (the
/// count, the time and the rate) when the work was done, and cleared when it failed.
pub fn end_counter(pb: &ProgressBar, unit: &str, done: bool) {
    let (n, t) = (pb.position(), pb.elapsed().as_secs_f64());
    let shown = !pb.is_hidden();
    pb.finish_and_clear();
    if shown && done {
        eprintln!("{n} {unit} in {t:.2} s ({:.0}/s)", n as f64 / t.max(1e-9));
    }
}

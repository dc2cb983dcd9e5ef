//! The progress bar (indicatif): units done, positions per second and ETA, on a
//! terminal only; hidden when stderr is not a terminal or with `--quiet`.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar over `units` work units, or a hidden one.
pub fn bar(units: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(units);
    pb.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} units, {msg} (ETA {eta})",
        )
        .expect("valid template"),
    );
    pb
}

/// The message shown beside the bar.
pub fn rate_message(positions: u64, seconds: f64) -> String {
    format!(
        "{positions} positions, {:.0}/s",
        positions as f64 / seconds.max(1e-9)
    )
}

//! `octal CODE --quotient --max N`: the misère quotient of the game restricted to heaps
//! `0..=N` (see [`crate::octal::quotient`]), printed as a report, with the time taken.

use std::io::Write;
use std::time::Instant;

use crate::error::{Error, Result};
use crate::octal::OctalCode;
use crate::octal::quotient::{Limits, compute};

/// Computes and writes the report; a stop request (Ctrl-C, deadline) ends it with an error.
pub fn octal_quotient(code: &str, max: usize, out: &mut dyn Write) -> Result<()> {
    let code = OctalCode::parse(code)?;
    super::check_max(max)?;
    let max = u32::try_from(max).map_err(|_| Error::usage("--max is too large"))?;
    let start = Instant::now();
    let mut stop = |n: u32, _: usize| -> Result<()> {
        if crate::sys::stop::requested() {
            let reason = crate::sys::stop::reason().expect("a stop has a reason");
            crate::sys::stop::stand_down();
            return Err(crate::sys::stop::error(
                &reason,
                &format!("the quotient was computed to heap {n}"),
            ));
        }
        Ok(())
    };
    let q = compute(&code, max, Limits::default(), &mut stop)?;
    let secs = start.elapsed().as_secs_f64();
    writeln!(
        out,
        "{}\n{} heaps in {secs:.2} s ({:.0} heaps/s); the last proof met {} (element, option set) pairs",
        q.report(),
        max + 1,
        (max as f64 + 1.0) / secs.max(1e-9),
        q.pairs
    )
    .map_err(|e| Error::io("writing the report", e))
}

//! The `octal` command: one game's nim-sequence as CSV (`n,grundy`) with a summary.

use std::io::Write;
use std::path::Path;

use super::progress;
use crate::error::{Error, Result};
use crate::octal::nim::Split;
use crate::octal::{Analysis, Method, OctalCode, analyse};
use crate::solving::{Column, ColumnType};

/// The columns of the CSV of `octal`.
pub const COLUMNS: [Column; 2] = [
    Column {
        name: "n",
        ty: ColumnType::Integer,
        description: "the heap size",
    },
    Column {
        name: "grundy",
        ty: ColumnType::Integer,
        description: "its nim-value G(n)",
    },
];

/// Largest heap size for `octal --max` (values take 4 bytes each).
pub const MAX_HEAP: usize = 1 << 30;

/// Checks a requested largest heap size.
pub fn check_max(max: usize) -> Result<()> {
    if max == 0 || max > MAX_HEAP {
        return Err(Error::usage(format!("--max {max}: use 1 to {MAX_HEAP}")));
    }
    Ok(())
}

/// Computes one game to `max`, writes `n,grundy` rows to `out` (a file) or stdout, and
/// returns the analysis (whose summary the caller prints).
pub fn octal(
    code: &str,
    max: usize,
    method: Method,
    split: Option<&str>,
    out: Option<&Path>,
    quiet: bool,
) -> Result<Analysis> {
    let code = OctalCode::parse(code)?;
    check_max(max)?;
    let split = split.map(|s| Split::parse(s, &code)).transpose()?;
    let pb = progress::bar(quiet);
    pb.set_length(max as u64);
    let analysis = analyse(&code, max, method, split, &|n| pb.set_position(n as u64));
    pb.finish_and_clear();
    let write = |w: &mut dyn Write| -> std::io::Result<()> {
        let mut w = std::io::BufWriter::with_capacity(1 << 16, w);
        writeln!(w, "n,grundy")?;
        for (n, g) in analysis.values.iter().enumerate() {
            writeln!(w, "{n},{g}")?;
        }
        w.flush()
    };
    match out {
        Some(p) => {
            let mut f = std::fs::File::create(p)
                .map_err(|e| Error::io(format!("creating {}", p.display()), e))?;
            write(&mut f).map_err(|e| Error::io(format!("writing {}", p.display()), e))?;
        }
        None => write(&mut std::io::stdout().lock()).map_err(|e| Error::io("writing output", e))?,
    }
    Ok(analysis)
}

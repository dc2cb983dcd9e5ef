//! The octal commands: one game's nim-sequence as CSV with a summary (`gamecensus octal`),
//! and the sweep job over many codes, one CSV row per game.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::Ordering;

use super::progress;
use crate::error::{Error, Result};
use crate::octal::nim::Split;
use crate::octal::{Analysis, Method, OctalCode, analyse};

/// Largest heap size for `octal --max` (values take 4 bytes each).
pub const MAX_HEAP: usize = 1 << 30;

fn check_max(max: usize) -> Result<()> {
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

/// The header of a sweep's CSV. `preperiod` and `period` hold proved periods only;
/// `observed_*` hold a period the values show but do not prove; `status` says which
/// (`proved`, `observed` or `none`).
pub const SWEEP_COLUMNS: &str = "code,max_n,status,preperiod,period,observed_preperiod,\
observed_period,observed_repeats,largest_value,rare_count";

/// Every octal code with 1..=`max_digits` digits after the point (last digit non-zero)
/// for each leading digit in `leading` (0 and/or 4), in increasing order.
pub fn sweep_codes(max_digits: usize, leading: &[u8]) -> Result<Vec<String>> {
    if !(1..=6).contains(&max_digits) {
        return Err(Error::usage(format!(
            "max_digits = {max_digits}: use 1 to 6"
        )));
    }
    let mut out = Vec::new();
    for &d0 in leading {
        if d0 != 0 && d0 != 4 {
            return Err(Error::usage(format!("leading digit {d0}: use 0 or 4")));
        }
        for len in 1..=max_digits {
            for x in 0..8usize.pow(len as u32) {
                let digits: String = (0..len)
                    .rev()
                    .map(|i| char::from(b'0' + (x / 8usize.pow(i as u32) % 8) as u8))
                    .collect();
                if digits.ends_with('0') {
                    continue;
                }
                out.push(format!("{d0}.{digits}"));
            }
        }
    }
    Ok(out)
}

/// The CSV row of one game.
pub fn sweep_row(a: &Analysis) -> String {
    use crate::octal::Periodicity;
    let cells = match a.periodicity {
        Periodicity::Proved { preperiod, period } => format!("{preperiod},{period},,,"),
        Periodicity::Observed {
            preperiod,
            period,
            repeats,
        } => format!(",,{preperiod},{period},{repeats}"),
        Periodicity::None => ",,,,".to_string(),
    };
    format!(
        "{},{},{},{cells},{},{}",
        a.code,
        a.values.len() - 1,
        a.periodicity.status(),
        a.largest_value,
        a.rare.len()
    )
}

/// Runs a sweep: every code, computed to `max_n` by the fast method, in parallel, rows in
/// code order; resumable like a census (whole rows only; `resume` continues a file).
pub fn sweep(
    codes: &[String],
    max_n: usize,
    out: &Path,
    resume: bool,
    quiet: bool,
) -> Result<(u64, u64)> {
    use crate::solving::driver::ordered_map;
    check_max(max_n)?;
    let parsed: Vec<OctalCode> = codes
        .iter()
        .map(|c| OctalCode::parse(c))
        .collect::<Result<_>>()?;
    let done = if resume && out.exists() {
        let rows = super::runner::resume_rows(out, SWEEP_COLUMNS)?;
        if let Some((rows, last)) = rows {
            let expected = rows
                .checked_sub(1)
                .and_then(|i| parsed.get(i as usize))
                .map(|c| c.to_string());
            if rows > 0 && expected.as_deref() != Some(last.0.as_str()) {
                return Err(Error::usage(format!(
                    "cannot resume {}: its last row ({}) is not this sweep's row {rows}",
                    out.display(),
                    last.0
                )));
            }
            Some(rows)
        } else {
            None
        }
    } else {
        None
    };
    let mut file = if done.is_some() {
        std::fs::OpenOptions::new().append(true).open(out)
    } else {
        std::fs::File::create(out)
    }
    .map_err(|e| Error::io(format!("opening {}", out.display()), e))?;
    let werr = |e| Error::io(format!("writing {}", out.display()), e);
    if done.is_none() {
        writeln!(file, "{SWEEP_COLUMNS}").map_err(werr)?;
    }
    let skip = done.unwrap_or(0) as usize;
    let pb = progress::bar(quiet);
    pb.set_length(parsed.len() as u64);
    pb.set_position(skip as u64);
    let mut rows = skip as u64;
    ordered_map(
        parsed.iter().skip(skip),
        2 * rayon::current_num_threads(),
        |code| sweep_row(&analyse(code, max_n, Method::Fast, None, &|_| {})),
        |batch| {
            let mut text = String::new();
            for r in batch {
                text.push_str(&r);
                text.push('\n');
                rows += 1;
            }
            file.write_all(text.as_bytes()).map_err(werr)?;
            file.flush().map_err(werr)?;
            pb.set_position(rows);
            Ok(())
        },
        || super::runner::INTERRUPTED.load(Ordering::SeqCst),
    )?;
    pb.finish_and_clear();
    if super::runner::INTERRUPTED.load(Ordering::SeqCst) {
        return Err(Error::Interrupted(format!(
            "interrupted after {rows} rows; {} ends with whole rows: continue with --resume",
            out.display()
        )));
    }
    Ok((rows, skip as u64))
}

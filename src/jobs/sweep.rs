//! An octal sweep: every octal game with up to `max_digits` digits, each computed to
//! `max_n` by the rare-value method, in parallel, one CSV row per game in code order,
//! written to the same resumable output as a census.

use std::time::Instant;

use super::context::RunContext;
use super::octal::check_max;
use super::output::{Existing, Output, inspect};
use super::progress;
use super::provenance::Units;
use super::spec::SweepJob;
use super::summary::{Summary, Tally};
use crate::error::{Error, Result};
use crate::graphs::Shard;
use crate::octal::{Analysis, Method, OctalCode, Periodicity, analyse};
use crate::solving::driver::ordered_map;
use crate::solving::{Column, ColumnType};

/// The columns of a sweep's CSV. `preperiod` and `period` hold proved periods only;
/// `observed_*` hold a period the values show but do not prove; `status` says which.
pub const COLUMNS: [Column; 10] = [
    Column {
        name: "code",
        ty: ColumnType::Text,
        description: "the octal code, d0.d1d2... (text: 0.70 is not 0.7)",
    },
    Column {
        name: "max_n",
        ty: ColumnType::Integer,
        description: "G(0..=max_n) was computed",
    },
    Column {
        name: "status",
        ty: ColumnType::Text,
        description: "proved (Guy-Smith theorem), observed (the values repeat, not proved) or none",
    },
    Column {
        name: "preperiod",
        ty: ColumnType::Integer,
        description: "proved only: the first n of the periodic part (empty otherwise)",
    },
    Column {
        name: "period",
        ty: ColumnType::Integer,
        description: "proved only: the least period (empty otherwise)",
    },
    Column {
        name: "observed_preperiod",
        ty: ColumnType::Integer,
        description: "observed only: where the repetition starts",
    },
    Column {
        name: "observed_period",
        ty: ColumnType::Integer,
        description: "observed only: the period the values show",
    },
    Column {
        name: "observed_repeats",
        ty: ColumnType::Integer,
        description: "observed only: whole periods in the repetition",
    },
    Column {
        name: "largest_value",
        ty: ColumnType::Integer,
        description: "the largest nim-value among G(0..=max_n)",
    },
    Column {
        name: "rare_count",
        ty: ColumnType::Integer,
        description: "positions with a rare value under the final rare/common split",
    },
];

/// Every octal code with 1..=`max_digits` digits after the point (last digit non-zero)
/// for each leading digit in `leading` (0 and/or 4), in increasing order.
pub fn codes(max_digits: usize, leading: &[u8]) -> Result<Vec<String>> {
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

/// The CSV row of one game (without the newline).
pub fn row(a: &Analysis) -> String {
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

/// What determines a sweep's rows, in words (for the sidecar's identity).
pub fn identity(job: &SweepJob, shard: Shard) -> String {
    format!(
        "octal sweep of codes with 1..={} digits, leading digits {:?}, to n = {}, shard {}/{}, \
         columns {}",
        job.max_digits,
        job.leading,
        job.max_n,
        shard.index,
        shard.count,
        COLUMNS.iter().map(|c| c.name).collect::<Vec<_>>().join(",")
    )
}

/// Runs a sweep into its CSV output and returns the summary.
pub fn run(job: &SweepJob, ctx: &RunContext) -> Result<Summary> {
    let start = Instant::now();
    check_max(job.max_n)?;
    let codes: Vec<OctalCode> = codes(job.max_digits, &job.leading)?
        .iter()
        .enumerate()
        .filter(|(i, _)| ctx.shard.takes(*i))
        .map(|(_, c)| OctalCode::parse(c))
        .collect::<Result<_>>()?;
    let names: Vec<&str> = COLUMNS.iter().map(|c| c.name).collect();
    let mut sidecar = ctx.sidecar(identity(job, ctx.shard), &names);
    if ctx.shard.count > 1 {
        // One code, one row: what `merge` needs to interleave the shards.
        sidecar.units = Some(Units::Each(1));
    }
    let existing = inspect(&ctx.out, &sidecar, ctx.resume, ctx.force)?;
    let mut summary = super::runner::summary(&ctx.out, "games", Tally::default());
    let mut output = match existing {
        Existing::Complete { rows } => {
            summary.rows = rows;
            summary.already_complete = true;
            return Ok(summary);
        }
        Existing::Fresh => Output::create(&ctx.out, sidecar)?,
        Existing::Partial { rows, ref last, .. } => {
            let expected = (rows as usize)
                .checked_sub(1)
                .and_then(|i| codes.get(i))
                .map(|c| c.to_string());
            let seen = last.as_ref().and_then(|l| l.first()).cloned();
            if rows > 0 && expected != seen {
                return Err(Error::usage(format!(
                    "cannot resume {}: its last row ({}) is not this sweep's row {rows}",
                    ctx.out.display(),
                    seen.unwrap_or_default()
                )));
            }
            Output::resume(&ctx.out, sidecar, existing)?
        }
    };
    let skip = output.rows() as usize;
    summary.resumed = skip as u64;
    let pb = progress::bar(ctx.quiet, "games");
    pb.set_length(codes.len() as u64);
    pb.set_position(skip as u64);
    let result = ordered_map(
        codes.iter().skip(skip),
        2 * rayon::current_num_threads(),
        |code| row(&analyse(code, job.max_n, Method::Fast, None, &|_| {})),
        |batch| {
            let mut text = String::new();
            for r in &batch {
                text.push_str(r);
                text.push('\n');
            }
            output.write_rows(text.as_bytes(), batch.len() as u64)?;
            pb.set_position(output.rows());
            Ok(())
        },
        super::context::stop_requested,
    );
    pb.finish_and_clear();
    summary.rows = output.rows();
    summary.seconds = start.elapsed().as_secs_f64();
    let output = super::runner::settle(output, result, &ctx.out)?;
    output.finish(&summary.text())?;
    Ok(summary)
}

//! `octal CODE --misere`: each heap's misère facts as CSV (`n`, `grundy`, `misere`,
//! `misere_grundy`, `genus`, `tame`), written row by row as computed, and a summary.
//! Exact, from the definition (see [`crate::octal::misere`]); misère quotients are
//! `--quotient` ([`crate::octal::quotient`]).

use std::io::Write;
use std::time::Instant;

use crate::error::{Error, Result};
use crate::octal::OctalCode;
use crate::octal::misere::OctalMisere;
use crate::solving::columns::{GENUS, MISERE, TAME};
use crate::solving::{Column, ColumnType};

/// The misère nim-value column.
pub const MISERE_GRUNDY: Column = Column {
    name: "misere_grundy",
    ty: ColumnType::Integer,
    description: "octal --misere: the misère nim-value of the heap (1 for a heap without moves; the mex of its options' otherwise)",
};

/// The columns of `octal --misere`.
pub const COLUMNS: [Column; 6] = [
    super::COLUMNS[0],
    super::COLUMNS[1],
    MISERE,
    MISERE_GRUNDY,
    GENUS,
    TAME,
];

/// Writes the rows of heaps 0..=max of `code` to `out`; returns the summary.
pub fn octal_misere(code: &str, max: usize, out: &mut dyn Write) -> Result<String> {
    let code = OctalCode::parse(code)?;
    super::check_max(max)?;
    let max = u32::try_from(max).map_err(|_| Error::usage("--max is too large"))?;
    let write_err = |e: std::io::Error| Error::io("writing the CSV", e);
    let names: Vec<&str> = COLUMNS.iter().map(|c| c.name).collect();
    writeln!(out, "{}", names.join(",")).map_err(write_err)?;
    let start = Instant::now();
    let mut memo = OctalMisere::new(&code);
    let (mut p_heaps, mut wild) = (Vec::new(), Vec::new());
    for n in 0..=max {
        if crate::sys::stop::requested() {
            out.flush().map_err(write_err)?;
            let reason = crate::sys::stop::reason().expect("a stop has a reason");
            crate::sys::stop::stand_down();
            return Err(crate::sys::stop::error(
                &reason,
                &format!("the rows of heaps 0..{n} are written"),
            ));
        }
        let (genus, tame, symbol) = memo.cgsuite_genus(n)?;
        if genus.misere_p() {
            p_heaps.push(n);
        }
        if !tame {
            wild.push(n);
        }
        // A genus with a superscript of 10 or more has commas: quoted, as CSV wants.
        let genus_field = if symbol.contains(',') {
            format!("\"{symbol}\"")
        } else {
            symbol
        };
        writeln!(
            out,
            "{n},{},{},{},{genus_field},{tame}",
            genus.plus(),
            if genus.misere_p() { "P" } else { "N" },
            genus.minus()
        )
        .and_then(|_| out.flush())
        .map_err(write_err)?;
    }
    let secs = start.elapsed().as_secs_f64();
    let list = |v: &[u32]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
        }
    };
    Ok(format!(
        "{code} under misère play, heaps 0..={max}: misère P-positions at heaps {}; \
         wild heaps (not tame by CGSuite's IsTame): {}; {} sums of heaps and {} misère canonical \
         forms memoised in {secs:.2} s ({:.0} heaps/s); for the misère quotient use \
         --quotient.",
        list(&p_heaps),
        list(&wild),
        memo.sums(),
        memo.forms(),
        (max as f64 + 1.0) / secs.max(1e-9)
    ))
}

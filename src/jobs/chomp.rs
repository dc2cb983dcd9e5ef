//! `gamecensus chomp`: the nim-value of every Chomp position with at most `R` rows and
//! `B` columns (see [`crate::rules::chomp_table`]) as CSV, and a summary: by number of
//! rows, the positions, the second-player wins and the largest nim-value; and the
//! rectangles with their winning opening moves (Gale asked whether a rectangle's
//! winning opening move is always unique).

use std::io::Write;
use std::time::Instant;

use crate::error::{Error, Result};
use crate::rules::chomp_table::{ChompTable, write_rows};
use crate::solving::columns::{GRUNDY, POSITION, SIZE};
use crate::solving::{Column, ColumnType};

/// Non-empty rows of a Chomp position.
pub const ROWS: Column = Column {
    name: "rows",
    ty: ColumnType::Integer,
    description: "chomp: the number of non-empty rows of the diagram",
};

/// Columns of a Chomp position.
pub const COLUMNS_USED: Column = Column {
    name: "columns",
    ty: ColumnType::Integer,
    description: "chomp: the number of columns of the diagram (the first row's length, the poison included)",
};

/// The columns of `gamecensus chomp`.
pub const COLUMNS: [Column; 5] = [POSITION, ROWS, COLUMNS_USED, SIZE, GRUNDY];

/// Rectangles with more than one winning opening move listed in the summary.
const LISTED: usize = 10;

/// Computes the table of `rows` x `columns` within `budget` bytes, writes its positions
/// (only the second-player wins if `p_only`) to `out` and returns the summary.
pub fn chomp_table(
    rows: usize,
    columns: usize,
    p_only: bool,
    budget: u64,
    out: &mut dyn Write,
) -> Result<String> {
    let start = Instant::now();
    let stop = || match crate::sys::stop::reason() {
        Some(reason) => Err(crate::sys::stop::error(
            &reason,
            "the rows written so far are whole",
        )),
        None => Ok(()),
    };
    let write_err = |e: std::io::Error| Error::io("writing the CSV", e);
    let names: Vec<&str> = COLUMNS.iter().map(|c| c.name).collect();
    writeln!(out, "{}", names.join(",")).map_err(write_err)?;
    // By number of non-empty rows: positions, P-positions, largest value and where.
    let mut by_rows = vec![(0u64, 0u64, 0u16, String::new()); rows + 1];
    let mut positions = 0u64;
    // Each row is written as soon as its value is known: a run stopped early leaves the
    // rows before (whole: the stop is checked between rows).
    let table = ChompTable::compute_each(rows, columns, budget, &stop, &mut |r, v| {
        positions += 1;
        let k = r.iter().take_while(|&&x| x > 0).count();
        let squares: usize = r.iter().sum();
        let text = write_rows(r);
        let e = &mut by_rows[k];
        e.0 += 1;
        if v == 0 {
            e.1 += 1;
        }
        if v > e.2 || e.3.is_empty() {
            e.2 = v;
            e.3.clone_from(&text);
        }
        if !p_only || v == 0 {
            let quoted = if k > 1 { format!("\"{text}\"") } else { text };
            writeln!(out, "{quoted},{k},{},{squares},{v}", r[0]).map_err(write_err)?;
        }
        Ok(())
    })?;
    let computed = start.elapsed().as_secs_f64();
    out.flush().map_err(write_err)?;
    let mut s = format!(
        "chomp: every diagram of at most {rows} rows and {columns} columns, {positions} positions, valued in {computed:.2} s ({:.0} positions/s)\n",
        positions as f64 / computed.max(1e-9)
    );
    s += "rows  positions  P-positions  largest nim-value  first with it\n";
    for (k, (n, p, largest, first)) in by_rows.iter().enumerate().skip(1) {
        s += &format!("{k:>4}  {n:>9}  {p:>11}  {largest:>17}  {first}\n");
    }
    s += &rectangles(&table);
    Ok(s)
}

/// The summary's lines on the rectangles `a x b` of the table (the poison alone left
/// out): how many are first-player wins (all, by strategy stealing) and how many
/// winning opening moves they have.
fn rectangles(t: &ChompTable) -> String {
    let (mut total, mut first_wins, mut unique) = (0u64, 0u64, 0u64);
    let mut several = Vec::new();
    for a in 1..=t.rows() {
        for b in 1..=t.columns() {
            if a == 1 && b == 1 {
                continue;
            }
            let r = vec![b; a];
            total += 1;
            if t.value(&r) != Some(0) {
                first_wins += 1;
            }
            let moves = t.winning_moves(&r).unwrap_or_default();
            if moves.len() == 1 {
                unique += 1;
            } else if moves.len() > 1 {
                several.push((a, b, moves));
            }
        }
    }
    let mut s = format!(
        "rectangles a x b (a <= {} rows, b <= {} columns, the poison alone left out): {total}, first-player wins {first_wins}; exactly one winning opening move: {unique}; more than one: {}\n",
        t.rows(),
        t.columns(),
        several.len()
    );
    for (a, b, moves) in several.iter().take(LISTED) {
        let said: Vec<String> = moves
            .iter()
            .map(|(i, j)| format!("row {} column {}", i + 1, j + 1))
            .collect();
        s += &format!("  {a} x {b}: {}\n", said.join("; "));
    }
    if several.len() > LISTED {
        s += &format!("  ... and {} more\n", several.len() - LISTED);
    }
    s
}

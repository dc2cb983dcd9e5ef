//! Numbers among the rows of a census of a game on shapes whose positions are mostly
//! numbers (Hackenbush: every Blue-Red position is one): by size, how many rows are
//! numbers, the largest denominator with the first row reaching it, and how many rows
//! are not numbers, with the first of them listed.

use std::collections::BTreeMap;
use std::path::Path;

use super::table::{LISTED, aligned};
use crate::solving::{Cell, Evaluation};

/// What one size holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SizeNumbers {
    /// Rows.
    pub rows: u64,
    /// Rows whose value is a number.
    pub numbers: u64,
    /// The largest denominator, as its exponent of 2, and the first row with it
    /// (`"position value"`), if any row is a number.
    pub largest: Option<(u32, String)>,
}

/// Numbers by size, and the first rows whose value is not a number.
#[derive(Clone, Debug)]
pub struct NumberTally {
    value_cell: usize,
    unit: &'static str,
    /// By size.
    pub by_size: BTreeMap<usize, SizeNumbers>,
    /// The first [`LISTED`] rows whose value is not a number (`"position value"`).
    pub not_numbers: Vec<String>,
}

impl NumberTally {
    /// An empty tally of the game values in cell `value_cell` (an index among the value
    /// cells), by size counted in `unit` ("edges").
    pub fn new(value_cell: usize, unit: &'static str) -> NumberTally {
        NumberTally {
            value_cell,
            unit,
            by_size: BTreeMap::new(),
            not_numbers: Vec::new(),
        }
    }

    /// Counts one row: the position as written, its size and its evaluation.
    pub fn add(&mut self, position: &str, size: usize, eval: &Evaluation) {
        let s = self.by_size.entry(size).or_default();
        s.rows += 1;
        let Cell::Game(g) = &eval.cells[self.value_cell] else {
            return;
        };
        match g.as_number() {
            Some(d) => {
                s.numbers += 1;
                if s.largest.as_ref().is_none_or(|(e, _)| d.exp() > *e) {
                    s.largest = Some((d.exp(), format!("{position} {g}")));
                }
            }
            None => {
                if self.not_numbers.len() < LISTED {
                    self.not_numbers.push(format!("{position} {g}"));
                }
            }
        }
    }

    /// Adds a later unit's tally (its rows come after these).
    pub fn merge(&mut self, other: NumberTally) {
        for (size, b) in other.by_size {
            let a = self.by_size.entry(size).or_default();
            a.rows += b.rows;
            a.numbers += b.numbers;
            if let Some((e, row)) = b.largest
                && a.largest.as_ref().is_none_or(|(mine, _)| e > *mine)
            {
                a.largest = Some((e, row));
            }
        }
        for row in other.not_numbers {
            if self.not_numbers.len() < LISTED {
                self.not_numbers.push(row);
            }
        }
    }

    /// A table by size (rows, numbers, not numbers, the largest denominator and the first
    /// row with it) and the first rows that are not numbers.
    pub fn text(&self, csv: &Path) -> String {
        let header: Vec<String> = [
            self.unit,
            "positions",
            "numbers",
            "not numbers",
            "largest denominator",
        ]
        .iter()
        .map(|h| h.to_string())
        .collect();
        let rows: Vec<Vec<String>> = self
            .by_size
            .iter()
            .map(|(size, s)| {
                vec![
                    size.to_string(),
                    s.rows.to_string(),
                    s.numbers.to_string(),
                    (s.rows - s.numbers).to_string(),
                    s.largest
                        .as_ref()
                        .map(|(e, _)| denominator(*e))
                        .unwrap_or_else(|| "-".into()),
                ]
            })
            .collect();
        let firsts: Vec<Option<&str>> = self
            .by_size
            .values()
            .map(|n| n.largest.as_ref().map(|(_, row)| row.as_str()))
            .collect();
        let mut s = format!("numbers among the new rows, by number of {}:\n", self.unit);
        s.push_str(&aligned(
            &header,
            &rows,
            Some("first with it (position value)"),
            &firsts,
        ));
        if self.not_numbers.is_empty() {
            s.push_str("\nrows whose value is not a number: none");
        } else {
            s.push_str(&format!(
                "\nthe first {} rows whose value is not a number (all rows are in {}): position value",
                self.not_numbers.len(),
                csv.display()
            ));
            for row in &self.not_numbers {
                s.push_str(&format!("\n  {row}"));
            }
        }
        s
    }
}

/// `2^e` in decimal, exactly (e up to 127; a census's denominators are far smaller).
fn denominator(e: u32) -> String {
    1u128
        .checked_shl(e)
        .map(|d| d.to_string())
        .unwrap_or_else(|| format!("2^{e}"))
}

//! The memory budget of a run (`run --memory SIZE`, default half of the machine's
//! memory): what may grow during a census is the shared transposition table of the
//! partizan and scoring solvers, and the budget becomes its cap in entries (the table
//! evicts its largest components first when full; values stay exact, evicted ones are
//! computed again). The job's own `table_cap`, if smaller, wins.
//!
//! An `octal` run cannot evict its values: one over the budget ([`octal_bytes`]) is
//! refused before it starts.
//!
//! What the budget does not cover, and the README states as overhead: the program and
//! its buffers, the hash-consed store of distinct game values (a few hundred thousand
//! values in the largest shipped jobs), the impartial solver's small labelled memo, and
//! the positions in flight between the workers and the writer.

use crate::error::{Error, Result};

/// Bytes one partizan table entry costs, measured: the 9-vertex Cutthroat census with
/// a cap of 20 million entries peaked at 2.2 GB, about 100 bytes an entry with
/// everything else; `cutthroat-bw-8` unbounded: 178 MB for 2.2 million entries.
pub const PARTIZAN_BYTES_PER_ENTRY: u64 = 96;

/// Bytes one entry of the scoring solver's table costs (its keys carry the forbidden
/// numbers of every empty vertex and its values a pair of bounds), measured: shard 0 of
/// `grundy-connected-9` peaked at 2.0 GB with 7.4 million entries, the whole census at
/// 5.1 GB with a cap of 20 million.
pub const SCORING_BYTES_PER_ENTRY: u64 = 288;

/// What a run uses before its table: the program, buffers, the value store.
pub const BASE: u64 = 48 << 20;

/// The table cap a budget of `bytes` allows for entries of `per_entry` bytes (at least
/// 1,000 entries).
pub fn table_entries(bytes: u64, per_entry: u64) -> usize {
    (bytes.saturating_sub(BASE) / per_entry).max(1000) as usize
}

/// The bytes per table entry of `ruleset`'s solver (impartial solvers keep no capped
/// table: theirs holds small graphs only).
pub fn bytes_per_entry(ruleset: crate::rules::Ruleset) -> u64 {
    match ruleset {
        crate::rules::Ruleset::Scoring(_) => SCORING_BYTES_PER_ENTRY,
        _ => PARTIZAN_BYTES_PER_ENTRY,
    }
}

/// Bytes an `octal` run to `max` needs, measured: about 6.4 bytes a heap size (the
/// values as u32, the rare-value method's split lists and its bit sets; 64 MB for 10^7,
/// 1.58 GB for 2^28), plus the base. The values cannot be evicted (each is computed from
/// all smaller ones), so a run over the budget is refused before it starts.
pub fn octal_bytes(max: usize) -> u64 {
    BASE + (max as u64).saturating_mul(7)
}

/// Half the machine's memory (`MemTotal` in /proc/meminfo), or 4 GiB if it cannot be read.
pub fn default_budget() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .find_map(|l| l.strip_prefix("MemTotal:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        })
        .map_or(4 << 30, |kb| kb * 1024 / 2)
}

/// The budget `--memory` gives ([`parse`]), or [`default_budget`] without it.
pub fn budget(text: Option<&str>) -> Result<u64> {
    text.map_or_else(|| Ok(default_budget()), parse)
}

/// Reads a size: a whole number of bytes or with a suffix K, M, G, T (powers of 1024),
/// e.g. `512M`, `2G`, `1.5G`. At least 64M.
pub fn parse(text: &str) -> Result<u64> {
    let t = text.trim();
    let (num, unit) = match t.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => (&t[..i], t[i..].to_ascii_uppercase()),
        None => (t, String::new()),
    };
    let shift = match unit.trim_end_matches(['B', 'I']).trim_end_matches('I') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => {
            return Err(Error::usage(format!(
                "--memory {text}: give bytes or a size like 512M or 2G"
            )));
        }
    };
    let bytes = num
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x >= 0.0)
        .map(|x| x * (1u64 << shift) as f64)
        .filter(|b| *b < 1e18)
        .ok_or_else(|| {
            Error::usage(format!(
                "--memory {text}: give bytes or a size like 512M or 2G"
            ))
        })? as u64;
    if bytes < 64 << 20 {
        return Err(Error::usage(format!(
            "--memory {text}: at least 64M (the program itself needs about {} MB)",
            BASE >> 20
        )));
    }
    Ok(bytes)
}

/// The peak resident memory of this process so far (`VmHWM`), in bytes, if known.
pub fn peak_rss() -> Option<u64> {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
                .map(|kb| kb * 1024)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(parse("64M").unwrap(), 64 << 20);
        assert_eq!(parse("2G").unwrap(), 2 << 30);
        assert_eq!(parse("1.5g").unwrap(), 3 << 29);
        assert_eq!(parse("2GiB").unwrap(), 2 << 30);
        assert_eq!(parse("100000000").unwrap(), 100_000_000);
        for bad in ["", "x", "-1G", "10M", "5Q", "1e30"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}

//! The memory budget of a run (`run`/`eval --memory SIZE`, default half of the memory
//! the process may use: [`default_budget`]) and the [`Governor`] that keeps a census
//! within it while it runs.
//! What may grow during a census, and how each is held to the budget:
//! - the shared transposition table (every kind of game): capped in entries; when full it
//!   evicts its largest components first (values stay exact: evicted ones are computed
//!   again). The job's own `table_cap`, if smaller, wins;
//! - the memo tables of the game-value kernel (sums, comparisons, invariants,
//!   thermographs, ...): allowed [`MEMO_SHARE`] of the budget, emptied when they pass it
//!   (pure caches: computed again when asked);
//! - the value slots of coloured components by class (`solving::batch`, partizan
//!   censuses of vertex-removal rules): at most [`CLASS_SHARE`] of the budget, counted
//!   before the table's cap; past it new classes take the general path;
//! - the hash-consed store of distinct game values: these cannot be evicted (an id may be
//!   held by any table or thread, and equal values must keep equal ids), so the
//!   governor counts their bytes and lowers the table's cap as they grow; a run whose
//!   values alone leave no room stops with an error that says so ([`VALUES_FILLED`]),
//!   and [`super::run::run`] answers [`super::Ran::Restart`]: the command line starts it
//!   again as a fresh process, with an empty store, from the rows written: recomputation
//!   instead of growth.
//!
//! An `octal` run cannot evict its values either: one over the budget ([`octal_bytes`])
//! is refused before it starts.
//!
//! What the budget does not cover, and the README states as overhead: the program and
//! its buffers ([`BASE`]), the impartial solver's fixed 2 MB memo of small labelled
//! graphs, the positions in flight between the workers and the writer, and what is
//! allocated between two checks of the governor (one batch of positions).

use crate::error::{Error, Result};
use crate::sys::heap::kb_field;

/// Bytes one partizan table entry costs, measured: the 9-vertex Cutthroat census with
/// a cap of 20 million entries peaked at 2.2 GB, about 100 bytes an entry with
/// everything else; `cutthroat-bw-8` unbounded: 178 MB for 2.2 million entries.
pub const PARTIZAN_BYTES_PER_ENTRY: u64 = 96;

/// Bytes one entry of the scoring solver's table costs (its keys carry the forbidden
/// numbers of every empty vertex and its values a pair of bounds), measured: shard 0 of
/// `grundy-connected-9` peaked at 2.0 GB with 7.4 million entries, the whole census at
/// 5.1 GB with a cap of 20 million.
pub const SCORING_BYTES_PER_ENTRY: u64 = 288;

/// What a run uses besides its tables: the program, its threads and buffers.
pub const BASE: u64 = 48 << 20;

/// The part of the budget (after [`BASE`]) the kernel's memo tables may hold before
/// they are emptied: one eighth.
pub const MEMO_SHARE: u64 = 8;

/// The part of the budget (after [`BASE`]) the value slots of classes may hold
/// (`solving::batch`): a quarter.
pub const CLASS_SHARE: u64 = 4;

/// The fewest entries a table is left with: below this, a census would compute the same
/// small components over and over.
pub const MIN_TABLE: usize = 1000;

/// The table cap a budget of `bytes` allows for entries of `per_entry` bytes, with
/// `values` bytes of game values stored and room kept for the memo tables (at least
/// [`MIN_TABLE`] entries).
pub fn table_entries(bytes: u64, per_entry: u64, values: u64) -> usize {
    let avail = bytes.saturating_sub(BASE);
    (avail
        .saturating_sub(avail / MEMO_SHARE)
        .saturating_sub(values)
        / per_entry)
        .max(MIN_TABLE as u64) as usize
}

/// Set when [`Governor::check`] finds the game values alone over the budget: the
/// command line then starts the run again in a fresh process, whose value store is
/// empty, going on from the rows written (see `cli/run.rs`).
pub static VALUES_FILLED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether [`VALUES_FILLED`] is set.
pub fn values_filled() -> bool {
    VALUES_FILLED.load(std::sync::atomic::Ordering::SeqCst)
}

/// Holds a run's tables to its budget while it runs: [`Governor::check`] is called
/// between batches of positions (and once before the first).
pub struct Governor {
    budget: u64,
    per_entry: u64,
    /// The job's own cap on the table, if any.
    job_cap: Option<usize>,
}

impl Governor {
    /// A governor of a budget of `bytes` for `ruleset`'s solver, whose job caps its
    /// table at `job_cap` entries (if it does).
    pub fn new(bytes: u64, ruleset: crate::rules::Ruleset, job_cap: Option<usize>) -> Governor {
        Governor {
            budget: bytes,
            per_entry: bytes_per_entry(ruleset),
            job_cap,
        }
    }

    /// Empties the kernel's memo tables if they hold more than their share, and caps
    /// `evaluator`'s table at what the budget leaves after the stored game values.
    /// Returns the cap in force, or a [`Error::Limit`] if the game values alone (which
    /// cannot be evicted) leave less than [`MIN_TABLE`] entries.
    pub fn check(&self, evaluator: &crate::solving::Evaluator) -> Result<usize> {
        use crate::values::game;
        let avail = self.budget.saturating_sub(BASE);
        let mut store = game::usage();
        if store.memo_bytes > avail / MEMO_SHARE {
            game::clear_memos();
            store = game::usage();
        }
        if store.value_bytes + MIN_TABLE as u64 * self.per_entry > avail - avail / MEMO_SHARE {
            VALUES_FILLED.store(true, std::sync::atomic::Ordering::SeqCst);
            return Err(Error::Limit(format!(
                "the memory budget of {} MB is used up by the {} distinct game values \
                 stored (about {} MB), which cannot be evicted; run again with a larger \
                 --memory (--resume keeps the rows written)",
                self.budget >> 20,
                store.values,
                store.value_bytes >> 20
            )));
        }
        // The value slots of classes (partizan censuses of vertex-removal rules) may
        // take a quarter of the budget; past it new classes take the general path.
        evaluator.set_class_cap(avail / CLASS_SHARE);
        let held = store.value_bytes + evaluator.class_bytes();
        let cap = table_entries(self.budget, self.per_entry, held)
            .min(self.job_cap.unwrap_or(usize::MAX));
        evaluator.set_table_cap(cap);
        Ok(cap)
    }
}

/// The bytes per table entry of `ruleset`'s solver (an impartial solver's entries, a
/// key and a byte, are counted as partizan ones: an overestimate).
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

/// Half of the memory this process may use ([`usable_memory`]), or 4 GiB if none of
/// its limits can be read.
pub fn default_budget() -> u64 {
    usable_memory().map_or(4 << 30, |b| b / 2)
}

/// The memory this process may use: the smallest of the machine's memory (`MemTotal`),
/// its cgroup's memory limit (cgroup v2 `memory.max` or v1 `memory.limit_in_bytes`:
/// what Slurm's task/cgroup and containers set) and its address-space limit
/// (`ulimit -v`, from /proc/self/limits).
pub fn usable_memory() -> Option<u64> {
    let read = |p: &str| std::fs::read_to_string(p).ok();
    let total = read("/proc/meminfo").and_then(|m| kb_field(&m, "MemTotal:"));
    let cgroup = read("/proc/self/cgroup").and_then(|c| cgroup_limit(&c, read));
    let address = read("/proc/self/limits").and_then(|l| {
        l.lines()
            .find_map(|l| l.strip_prefix("Max address space"))
            .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
    });
    [total, cgroup, address].into_iter().flatten().min()
}

/// The memory limit of the cgroup named in `proc_cgroup` (/proc/self/cgroup), read with
/// `read`; `None` if there is none (limits of 2^60 bytes and more mean none).
fn cgroup_limit(proc_cgroup: &str, read: impl Fn(&str) -> Option<String>) -> Option<u64> {
    let mut files = Vec::new();
    for line in proc_cgroup.lines() {
        let mut f = line.splitn(3, ':');
        let (_, controllers, path) = (f.next()?, f.next()?, f.next()?);
        let path = path.trim_end_matches('/');
        if controllers.is_empty() {
            files.push(format!("/sys/fs/cgroup{path}/memory.max"));
        } else if controllers.split(',').any(|c| c == "memory") {
            files.push(format!("/sys/fs/cgroup/memory{path}/memory.limit_in_bytes"));
            // Inside a cgroup namespace the path may not exist: the mount is the group.
            files.push("/sys/fs/cgroup/memory/memory.limit_in_bytes".to_string());
        }
    }
    files
        .iter()
        .filter_map(|f| read(f)?.trim().parse::<u64>().ok())
        .filter(|&b| b < 1 << 60)
        .min()
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
                "--memory {}: give bytes or a size like 512M or 2G",
                crate::error::quoted(text)
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
                "--memory {}: give bytes or a size like 512M or 2G",
                crate::error::quoted(text)
            ))
        })? as u64;
    if bytes < 64 << 20 {
        return Err(Error::usage(format!(
            "--memory {}: at least 64M (the program itself needs about {} MB)",
            crate::error::quoted(text),
            BASE >> 20
        )));
    }
    Ok(bytes)
}

/// Says what holds the program's memory, without allocating (for the out-of-memory and
/// memory-budget lines, see [`crate::sys::heap::set_describer`]); returns whether the
/// tables or the store hold anything (what the budget caps).
pub fn describe(out: &mut dyn std::io::Write) -> bool {
    let (entries, values) = (
        crate::solving::table::entries_everywhere(),
        crate::values::game::stored_values(),
    );
    let _ = write!(
        out,
        "the transposition tables held {entries} entries and the game-value store {values} values",
    );
    entries > 0 || values > 0
}

/// The peak resident memory of this process so far (`VmHWM`), in bytes, if known.
pub fn peak_rss() -> Option<u64> {
    kb_field(
        &std::fs::read_to_string("/proc/self/status").ok()?,
        "VmHWM:",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_gets_what_the_values_and_memos_leave() {
        let mb = 1u64 << 20;
        // 1 GiB: 976 MB after the base, 7/8 of it for the table.
        let avail = 1024 * mb - BASE;
        let room = avail - avail / MEMO_SHARE;
        assert_eq!(table_entries(1024 * mb, 96, 0), (room / 96) as usize);
        assert_eq!(
            table_entries(1024 * mb, 96, 100 * mb),
            ((room - 100 * mb) / 96) as usize
        );
        assert_eq!(table_entries(1024 * mb, 96, 2048 * mb), MIN_TABLE);
    }

    #[test]
    fn cgroup_limits_are_found_in_v1_and_v2() {
        let files = |name: &'static str, value: &'static str| {
            move |p: &str| (p == name).then(|| value.to_string())
        };
        let v2 = "0::/slurm/uid_0/job_7/step_0/task_1\n";
        let f = files(
            "/sys/fs/cgroup/slurm/uid_0/job_7/step_0/task_1/memory.max",
            "1073741824\n",
        );
        assert_eq!(cgroup_limit(v2, f), Some(1 << 30));
        let f = files("/sys/fs/cgroup/memory.max", "max\n");
        assert_eq!(cgroup_limit("0::/\n", f), None);
        let v1 = "5:devices:/\n4:memory:/slurm/job_7\n1:cpu,cpuacct:/\n";
        let f = files(
            "/sys/fs/cgroup/memory/slurm/job_7/memory.limit_in_bytes",
            "536870912",
        );
        assert_eq!(cgroup_limit(v1, f), Some(1 << 29));
        let f = files(
            "/sys/fs/cgroup/memory/memory.limit_in_bytes",
            "9223372036854771712",
        );
        assert_eq!(cgroup_limit(v1, f), None);
    }

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

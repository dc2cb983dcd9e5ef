//! Running a job: the options of `gamecensus run`, the output path, the thread pool,
//! dispatch to the job's kind, and Ctrl-C (the runners stop between chunks, so an
//! interrupted output ends with whole rows and can be resumed).

use std::io::Write;
use std::path::PathBuf;

pub use super::context::RunContext;
use super::provenance;
use super::spec::{JobKind, JobSpec};
use super::summary::Summary;
use super::{census, sweep};
use crate::error::{Error, Result};
use crate::graphs::Shard;
use crate::solving::Schema;

/// Most worker threads `--threads` accepts.
pub const MAX_THREADS: usize = 1024;

/// Command-line options of `run`.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Write here instead of the job's `output`.
    pub out: Option<PathBuf>,
    /// Worker threads (default: all cores).
    pub threads: Option<usize>,
    /// Only this shard.
    pub shard: Option<Shard>,
    /// No progress bar.
    pub quiet: bool,
    /// Continue an interrupted run of the same job.
    pub resume: bool,
    /// Replace an existing output whatever it holds.
    pub force: bool,
    /// The memory budget in bytes (`None`: [`super::memory::default_budget`]).
    pub memory: Option<u64>,
    /// Compress the output with zstd ([`super::zst`]): the default output gets `.zst`.
    pub compress: bool,
    /// This process is a restart ([`Ran::Restart`]) of a run that had written this many
    /// rows: if the run fills its memory again without going further, it stops.
    pub restarted_at: Option<u64>,
}

/// How a run ended, when it did not fail.
#[derive(Debug)]
pub enum Ran {
    /// Every row is written.
    Complete(Box<Summary>),
    /// The memory budget was used up by what a running process cannot give back (the
    /// stored game values), or passed while one position was solved: the run is to be
    /// started again as a fresh process, with empty tables, going on from the `rows`
    /// whole rows written (as `--resume` does). The rows stay exact: the CSV is the same
    /// bytes.
    Restart {
        /// Whole rows in the output.
        rows: u64,
        /// Why, for the line that says so.
        why: &'static str,
    },
}

/// Whether a run that used up its memory budget can go on in a fresh process: only
/// from an output that can be resumed, and only if it got further since the last
/// restart (`restarted_at`). `Some(rows)`: start again from there.
pub fn restart_point(out: &std::path::Path, restarted_at: Option<u64>) -> Option<u64> {
    let sidecar = super::provenance::Sidecar::read(out).ok()??;
    (restarted_at != Some(sidecar.rows)).then_some(sidecar.rows)
}

/// Whether the run stopped because its memory budget was used up: by the stored game
/// values (which cannot be evicted), or by everything the watchdog sees.
fn memory_filled() -> bool {
    super::memory::values_filled()
        || matches!(
            crate::sys::stop::reason(),
            Some(crate::sys::stop::Reason::Memory { .. })
        )
}

/// The output path of a job under these options: `--out`, else the job's `output`,
/// with `.shard-I-of-M` before the extension when sharded.
pub fn output_path(spec: &JobSpec, opts: &RunOptions) -> PathBuf {
    if let Some(p) = &opts.out {
        return p.clone();
    }
    let mut p = spec.output_path();
    if opts.compress && !super::zst::is_zst_path(&p) {
        let mut name = p.file_name().unwrap_or_default().to_os_string();
        name.push(".zst");
        p.set_file_name(name);
    }
    match opts.shard {
        Some(s) if s.count > 1 => {
            let name = p
                .file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            // The extension: `.csv.zst` whole, else the last one.
            let (stem, ext) = match name.strip_suffix(".csv.zst") {
                Some(stem) => (stem.to_string(), ".csv.zst".to_string()),
                None => match name.rfind('.').filter(|&i| i > 0) {
                    Some(i) => (name[..i].to_string(), name[i..].to_string()),
                    None => (name.clone(), String::new()),
                },
            };
            p.with_file_name(format!("{stem}.shard-{}-of-{}{ext}", s.index, s.count))
        }
        _ => p,
    }
}

/// What determines the rows of shard `shard` of `spec`, in words: the identity the
/// shard's sidecar records (`merge` checks shards against it).
pub fn identity(spec: &JobSpec, shard: Shard) -> Result<String> {
    Ok(match &spec.kind {
        JobKind::Census(c) => {
            let mut schema = Schema::of(c.ruleset);
            if c.misere {
                schema = schema.with_misere();
            }
            census::identity(c, shard, &schema)
        }
        JobKind::OctalSweep(s) => sweep::identity(s, shard),
    })
}

/// Runs a job in a thread pool of `opts.threads` threads (default: all cores): all its
/// rows, or up to a point from which it is to be started again ([`Ran::Restart`]).
pub fn run(spec: &JobSpec, opts: &RunOptions) -> Result<Ran> {
    match run_once(spec, opts) {
        Ok(summary) => Ok(Ran::Complete(Box::new(summary))),
        Err(e) if memory_filled() => {
            let out = output_path(spec, opts);
            match restart_point(&out, opts.restarted_at) {
                Some(rows) => Ok(Ran::Restart {
                    rows,
                    why: if super::memory::values_filled() {
                        "the game values filled the memory budget"
                    } else {
                        "the memory budget is used up"
                    },
                }),
                None => Err(e),
            }
        }
        Err(e) => Err(e),
    }
}

/// The stack of each worker thread: the solvers recurse once per move of a line of play,
/// about 1.3 KiB a level on the general solver of shapes, and a line may be as long as
/// [`crate::rules::shape_rules::MAX_DEPTH`] (a rules file's) or a position's size: 16 MiB
/// holds 2,000 levels six times over. Only the pages a thread touches take memory, but
/// the whole stack counts against an address-space limit (`ulimit -v`).
pub const WORKER_STACK: usize = 16 << 20;

fn run_once(spec: &JobSpec, opts: &RunOptions) -> Result<Summary> {
    let mut builder = rayon::ThreadPoolBuilder::new().stack_size(WORKER_STACK);
    if let Some(t) = opts.threads {
        if !(1..=MAX_THREADS).contains(&t) {
            return Err(Error::usage(format!(
                "--threads {t}: use 1 to {MAX_THREADS}"
            )));
        }
        builder = builder.num_threads(t);
    }
    let pool = builder
        .build()
        .map_err(|e| Error::io("starting threads", std::io::Error::other(e)))?;
    let out = output_path(spec, opts);
    if opts.compress && !super::zst::is_zst_path(&out) {
        return Err(Error::usage(format!(
            "--compress zstd writes a .zst file: name the output {}.zst",
            out.display()
        )));
    }
    if super::zst::is_zst_path(&out) && spec.census().is_none() {
        return Err(Error::usage(format!(
            "{}: only a census output can be compressed",
            out.display()
        )));
    }
    // Held until the run returns: a second writer of this output is refused.
    let (out, _lock) = super::output::prepare(&out)?;
    let ctx = RunContext {
        out,
        shard: opts.shard.unwrap_or(Shard::WHOLE),
        quiet: opts.quiet,
        resume: opts.resume,
        force: opts.force,
        source: spec.source.clone(),
        threads: pool.current_num_threads(),
        started: provenance::now(),
        memory: opts.memory.unwrap_or_else(super::memory::default_budget),
    };
    pool.install(|| match &spec.kind {
        JobKind::Census(c) => census::run(c, &ctx),
        JobKind::OctalSweep(s) => sweep::run(s, &ctx),
    })
}

/// Writes the summary of a finished run to stderr.
pub fn report(summary: &Summary) {
    let _ = writeln!(std::io::stderr(), "{}", summary.text());
}

//! The `octal` command: one game's nim-sequence as CSV (`n,grundy`) with a summary, and,
//! for long runs, a checkpoint to stop and resume from (see [`crate::octal::checkpoint`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::context::INTERRUPTED;
use super::progress;
use crate::error::{Error, Result};
use crate::octal::checkpoint::{Checkpoint, Identity};
use crate::octal::nim::{self, Split, State};
use crate::octal::{Analysis, Method, OctalCode};
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

/// Values computed between looks at the clock, the checkpoint and Ctrl-C.
const STEP: usize = 1 << 20;
/// A checkpoint is saved at least this often (and at the end, and on Ctrl-C).
const SAVE_EVERY: Duration = Duration::from_secs(60);

/// Checks a requested largest heap size.
pub fn check_max(max: usize) -> Result<()> {
    if max == 0 || max > MAX_HEAP {
        return Err(Error::usage(format!("--max {max}: use 1 to {MAX_HEAP}")));
    }
    Ok(())
}

/// What `octal` is asked to do.
pub struct OctalOptions<'a> {
    /// The octal code.
    pub code: &'a str,
    /// Compute G(0..=max).
    pub max: usize,
    /// The method.
    pub method: Method,
    /// A fixed split for the fast method.
    pub split: Option<&'a str>,
    /// The CSV's path (stdout if none).
    pub out: Option<&'a Path>,
    /// No progress bar.
    pub quiet: bool,
    /// Save the computation here now and then.
    pub checkpoint: Option<&'a Path>,
    /// Go on from the checkpoint.
    pub resume: bool,
    /// The memory budget in bytes (see [`super::memory`]).
    pub memory: u64,
}

/// A finished `octal` run.
pub struct OctalRun {
    /// The analysis of the values.
    pub analysis: Analysis,
    /// Values computed by this run (not read from a checkpoint).
    pub computed: usize,
    /// Seconds spent computing them.
    pub seconds: f64,
}

impl OctalRun {
    /// The analysis's summary and this run's speed.
    pub fn summary(&self) -> String {
        format!(
            "{}\nthis run: {} values in {:.2} s, {:.0} values per second",
            self.analysis.summary(),
            self.computed,
            self.seconds,
            self.computed as f64 / self.seconds.max(1e-9)
        )
    }
}

/// Computes one game to `max` (from a checkpoint if asked), writes `n,grundy` rows to
/// the output file (whole, or not at all) or stdout, and returns the run (whose summary
/// the caller prints).
pub fn octal(o: &OctalOptions) -> Result<OctalRun> {
    let code = OctalCode::parse(o.code)?;
    check_max(o.max)?;
    if let Some(p) = o.out {
        check_writable(p)?;
    }
    let need = super::memory::octal_bytes(o.max);
    if need > o.memory {
        return Err(Error::Limit(format!(
            "G(0..={}) needs about {} MB (the values and the rare-value method's split \
             lists), over the memory budget of {} MB: give --memory {}M or more",
            o.max,
            need >> 20,
            o.memory >> 20,
            (need >> 20) + 1
        )));
    }
    let split = o.split.map(|s| Split::parse(s, &code)).transpose()?;
    if o.resume && o.checkpoint.is_none() {
        return Err(Error::usage("--resume needs --checkpoint FILE"));
    }
    let identity = Identity {
        code: code.to_string(),
        method: match o.method {
            Method::Fast => "fast",
            Method::Reference => "reference",
        }
        .to_string(),
        split_option: split.map_or("auto".to_string(), |s| format!("{s}")),
    };
    let (mut checkpoint, resumed) = match (o.checkpoint, o.resume) {
        (None, _) => (None, None),
        (Some(p), false) => (Some(Checkpoint::create(p, identity)?), None),
        (Some(p), true) => {
            let (cp, meta, values) = Checkpoint::open(p, identity)?;
            if meta.done > o.max {
                return Err(Error::usage(format!(
                    "checkpoint {} holds G(0..={}), beyond --max {}: give --max {} or more",
                    p.display(),
                    meta.done,
                    o.max,
                    meta.done
                )));
            }
            (Some(cp), Some((meta, values)))
        }
    };
    let mut run = match (o.method, resumed) {
        (Method::Fast, None) => Run::Fast(Box::new(State::new(&code, split))),
        (Method::Fast, Some((meta, values))) => Run::Fast(Box::new(State::resume(
            &code,
            values,
            meta.split(),
            split.is_some(),
            meta.stats,
        ))),
        (Method::Reference, resumed) => Run::Reference(resumed.map_or(vec![0], |(_, v)| v)),
    };
    if checkpoint.is_some() {
        super::context::install_interrupt_handler();
    }
    let from = run.done();
    let pb = progress::bar(o.quiet, "values", false);
    pb.set_length(o.max as u64);
    pb.set_position(from as u64);
    let start = Instant::now();
    let mut saved_at = Instant::now();
    while run.done() < o.max {
        let to = (run.done() + STEP).min(o.max);
        run.advance(&code, to, &|n| pb.set_position(n as u64));
        pb.set_position(to as u64);
        if let Some(cp) = checkpoint.as_mut() {
            let interrupted = INTERRUPTED.load(Ordering::SeqCst);
            if interrupted || saved_at.elapsed() >= SAVE_EVERY {
                run.save(cp)?;
                saved_at = Instant::now();
            }
            if interrupted && to < o.max {
                pb.finish_and_clear();
                return Err(Error::Interrupted(format!(
                    "interrupted at n = {to}; G(0..={to}) saved in {}: continue with --resume",
                    cp.path().display()
                )));
            }
        }
    }
    if let Some(cp) = checkpoint.as_mut() {
        run.save(cp)?;
    }
    let seconds = start.elapsed().as_secs_f64();
    pb.finish_and_clear();
    let analysis = match run {
        Run::Fast(state) => Analysis::of_sparse(&code, (*state).finish()),
        Run::Reference(values) => {
            let split = nim::best_split(&values, nim::domain_parity(&code));
            let rare = (1..values.len())
                .filter(|&q| split.rare(values[q], q))
                .collect();
            Analysis::of(&code, values, split, rare, None)
        }
    };
    write_csv(&analysis.values, o.out)?;
    Ok(OctalRun {
        computed: o.max - from,
        seconds,
        analysis,
    })
}

/// A computation by either method.
enum Run {
    Fast(Box<State>),
    Reference(Vec<u32>),
}

impl Run {
    fn done(&self) -> usize {
        match self {
            Run::Fast(s) => s.done(),
            Run::Reference(v) => v.len() - 1,
        }
    }

    fn advance(&mut self, code: &OctalCode, to: usize, progress: nim::Progress) {
        match self {
            Run::Fast(s) => s.advance(to, progress),
            Run::Reference(v) => *v = nim::reference_from(code, std::mem::take(v), to, progress),
        }
    }

    fn save(&self, cp: &mut Checkpoint) -> Result<()> {
        match self {
            Run::Fast(s) => cp.save(s.values(), s.split(), s.stats()),
            Run::Reference(v) => cp.save(v, Split::ALL_RARE, Default::default()),
        }
    }
}

/// Refuses an output that cannot be written before any work is done (a long run must
/// not end in "cannot create"): a directory, or a file in a directory where nothing can
/// be created (probed with an empty file, removed at once).
fn check_writable(p: &Path) -> Result<()> {
    if p.is_dir() {
        return Err(Error::usage(format!("--out {}: a directory", p.display())));
    }
    if std::fs::metadata(p).is_ok_and(|m| !m.is_file()) {
        return Ok(()); // /dev/null, a pipe
    }
    let dir = p
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let probe = dir.join(format!(".gamecensus-probe-{}", std::process::id()));
    std::fs::File::create(&probe)
        .map_err(|e| Error::usage(format!("--out {}: cannot write there ({e})", p.display())))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Writes `n,grundy` rows to `out` or stdout. A regular file is written beside it and
/// renamed over it at the end, so it is never left with torn rows nor lost half-written.
fn write_csv(values: &[u32], out: Option<&Path>) -> Result<()> {
    let write = |w: &mut dyn Write| -> std::io::Result<()> {
        let mut w = std::io::BufWriter::with_capacity(1 << 20, w);
        writeln!(w, "n,grundy")?;
        for (n, g) in values.iter().enumerate() {
            writeln!(w, "{n},{g}")?;
        }
        w.flush()
    };
    let Some(p) = out else {
        return write(&mut std::io::stdout().lock()).map_err(|e| Error::io("writing output", e));
    };
    let special = std::fs::metadata(p).is_ok_and(|m| !m.is_file());
    if special {
        // /dev/null, a pipe: written as it is.
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .open(p)
            .map_err(|e| Error::io(format!("opening {}", p.display()), e))?;
        return write(&mut f).map_err(|e| Error::io(format!("writing {}", p.display()), e));
    }
    let mut tmp = PathBuf::from(p);
    tmp.set_file_name(format!(
        ".{}.partial-{}",
        p.file_name().map_or("out".into(), |s| s.to_string_lossy()),
        std::process::id()
    ));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)
            .map_err(|e| Error::io(format!("creating {}", tmp.display()), e))?;
        write(&mut f).map_err(|e| Error::io(format!("writing {}", tmp.display()), e))?;
        std::fs::rename(&tmp, p).map_err(|e| Error::io(format!("renaming onto {}", p.display()), e))
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

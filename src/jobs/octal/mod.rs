//! The `octal` command: one game's nim-sequence as CSV (`n,grundy`), written as it is
//! computed, with a summary. A regular output file is resumable by itself: its sidecar
//! (see [`super::provenance`]) holds the method's state after the rows it vouches for. A
//! `--checkpoint` (see [`crate::octal::checkpoint`]) does the same for any output, and
//! lets a finished run be continued to a larger `--max`.

pub mod misere;
mod options;
pub mod quotient;
mod resume;
mod sink;

use std::path::Path;
use std::time::{Duration, Instant};

pub use self::options::OctalOptions;
use self::resume::Opened;
use self::sink::Sink;
use super::progress;
use crate::error::{Error, Result};
use crate::octal::checkpoint::{Checkpoint, Identity, Meta};
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

/// A finished `octal` run: its summary (the analysis of the values and this run's
/// speed), or, for an output that was complete already, a line saying so.
pub struct OctalRun {
    /// What to print at the end.
    pub summary: String,
}

/// Computes one game to `max` (going on from a checkpoint or an interrupted output file
/// if asked), writes the `n,grundy` rows to the output file or stdout a step at a time,
/// whole rows only, and returns the run (whose summary the caller prints). Everything
/// that can be refused is refused before anything is written.
pub fn octal(o: &OctalOptions) -> Result<OctalRun> {
    let code = OctalCode::parse(o.code)?;
    check_max(o.max)?;
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
    let method = Identity {
        code: code.to_string(),
        method: match o.method {
            Method::Fast => "fast",
            Method::Reference => "reference",
        }
        .to_string(),
        split_option: split.map_or("auto".to_string(), |s| format!("{s}")),
    };

    let go = match resume::open(o, &code, &method)? {
        Opened::Complete(summary) => return Ok(OctalRun { summary }),
        Opened::Go(go) => *go,
    };
    let (mut sink, mut checkpoint, resumed, _locks) =
        (go.sink, go.checkpoint, go.resumed, go.locks);
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
    let mut text = String::new();
    let mut written = sink.rows();
    let mut flush = |run: &Run, sink: &mut Sink| -> Result<()> {
        sink.write_values(run.values(), written, run.meta(&method), &mut text)?;
        written = run.values().len();
        Ok(())
    };
    flush(&run, &mut sink)?;

    let from = run.done();
    let pb = progress::Cleared(progress::bar(o.quiet, "values"));
    pb.0.set_length(o.max as u64);
    pb.0.set_position(from as u64);
    let start = Instant::now();
    let mut saved_at = Instant::now();
    while run.done() < o.max {
        let to = (run.done() + STEP).min(o.max);
        run.advance(&code, to, &|n| pb.0.set_position(n as u64));
        pb.0.set_position(to as u64);
        flush(&run, &mut sink)?;
        let interrupted = crate::sys::stop::requested();
        if interrupted {
            // Stopping by itself (saving first): the watchdog must not stop it meanwhile.
            crate::sys::stop::stand_down();
        }
        if let Some(cp) = checkpoint.as_mut()
            && (interrupted || saved_at.elapsed() >= SAVE_EVERY)
        {
            run.save(cp)?;
            saved_at = Instant::now();
        }
        if interrupted && to < o.max {
            let message = interrupted_at(to, checkpoint.as_ref(), o.out, &sink);
            sink.stop()?;
            let reason = crate::sys::stop::reason().expect("a stop has a reason");
            return Err(crate::sys::stop::error(&reason, &message));
        }
    }
    if let Some(cp) = checkpoint.as_mut() {
        run.save(cp)?;
    }
    let seconds = start.elapsed().as_secs_f64();
    drop(pb);
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
    let computed = o.max - from;
    let summary = format!(
        "{}\nthis run: {computed} values in {seconds:.2} s, {:.0} values per second",
        analysis.summary(),
        computed as f64 / seconds.max(1e-9)
    );
    sink.finish(&summary)?;
    Ok(OctalRun { summary })
}

/// What an interrupted run says: where its values are saved, if anywhere.
fn interrupted_at(to: usize, cp: Option<&Checkpoint>, out: Option<&Path>, sink: &Sink) -> String {
    let places: Vec<String> = [
        cp.map(|c| c.path().display().to_string()),
        out.filter(|_| sink.resumable())
            .map(|p| p.display().to_string()),
    ]
    .into_iter()
    .flatten()
    .collect();
    if places.is_empty() {
        format!(
            "stopped at n = {to}; the rows written end whole, but nothing was saved to \
             continue from (use --out FILE or --checkpoint FILE)"
        )
    } else {
        format!(
            "stopped at n = {to}; G(0..={to}) saved in {}: continue with --resume",
            places.join(" and ")
        )
    }
}

/// A computation by either method.
enum Run {
    Fast(Box<State>),
    Reference(Vec<u32>),
}

impl Run {
    fn done(&self) -> usize {
        self.values().len() - 1
    }

    fn values(&self) -> &[u32] {
        match self {
            Run::Fast(s) => s.values(),
            Run::Reference(v) => v,
        }
    }

    /// The state to record (`method`: the method and split option of this run).
    fn meta(&self, method: &Identity) -> Meta {
        let (split, stats) = match self {
            Run::Fast(s) => (s.split(), s.stats()),
            Run::Reference(_) => (Split::ALL_RARE, Default::default()),
        };
        Meta {
            identity: method.clone(),
            done: self.done(),
            split_mask: split.mask,
            split_domain: split.domain,
            stats,
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

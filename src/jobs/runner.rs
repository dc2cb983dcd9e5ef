//! The census runner: enumerates a job's positions unit by unit, evaluates them in
//! parallel against one shared transposition table, and streams rows to CSV in a fixed
//! order that does not depend on the thread count.
//!
//! Rows are written and flushed a chunk at a time; Ctrl-C stops the run between chunks,
//! so an interrupted run ends with whole rows only. `--resume` continues a run: it cuts
//! any torn last line (a killed process), checks the header, checks that the last row
//! is the position the job would have written there, and carries on after it.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use super::csv_out::{Row, csv_error, header_line, write_header, write_row};
use super::progress;
use super::spec::{CensusJob, JobKind, JobSpec};
use crate::error::{Error, Result};
use crate::graphs::{Position, PositionSource, Shard, Unit, to_graph6};
use crate::rules::Ruleset;
use crate::solving::Evaluator;
use crate::solving::driver::ordered_map;

/// Set by the Ctrl-C handler; the runner stops before its next chunk.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Command-line options of `run`.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    pub out: Option<PathBuf>,
    pub threads: Option<usize>,
    pub shard: Option<Shard>,
    pub quiet: bool,
    pub resume: bool,
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct Summary {
    pub out: PathBuf,
    /// Rows in the file at the end (resumed rows included).
    pub rows: u64,
    /// Rows that were already there when resuming.
    pub resumed: u64,
    pub seconds: f64,
    /// Transposition-table entries and labelled-memo entries (census jobs).
    pub table_len: Option<(usize, usize)>,
    /// What a row is: "positions" (census) or "games" (octal sweep).
    pub unit: &'static str,
    /// All-small censuses: how many new rows have each atomic weight ("none" where the
    /// value has none), and every new row whose atomic weight is not an integer.
    pub weights: Option<WeightReport>,
}

/// The atomic-weight part of a census summary (RULES.md's open question: is every
/// Cutthroat atomic weight an integer?).
#[derive(Clone, Debug, Default)]
pub struct WeightReport {
    pub counts: std::collections::BTreeMap<String, u64>,
    /// `graph6 colouring value atomic_weight` of each row with a non-integer weight.
    pub non_integer: Vec<String>,
}

impl WeightReport {
    fn add(&mut self, row: &Row) {
        let aw = row.eval.atomic_weight.as_deref().unwrap_or("none");
        *self.counts.entry(aw.to_string()).or_insert(0) += 1;
        if aw != "none" && aw.parse::<i64>().is_err() {
            self.non_integer.push(format!(
                "{} {} {} {}",
                row.graph6, row.colouring, row.eval.value, aw
            ));
        }
    }

    /// Lines for the end of a run.
    pub fn lines(&self) -> String {
        let mut keys: Vec<&String> = self.counts.keys().collect();
        keys.sort_by_key(|k| (k.parse::<i64>().map_or(i64::MAX, |v| v), (*k).clone()));
        let counts: Vec<String> = keys
            .iter()
            .map(|k| format!("{k}: {}", self.counts[*k]))
            .collect();
        let mut s = format!("atomic weights (new rows): {}", counts.join(", "));
        if self.non_integer.is_empty() {
            s.push_str("\nnon-integer atomic weights: none");
        } else {
            s.push_str(&format!(
                "\nnon-integer atomic weights ({}):",
                self.non_integer.len()
            ));
            for r in &self.non_integer {
                s.push_str(&format!("\n  {r}"));
            }
        }
        s
    }
}

impl Summary {
    /// The one-line summary printed at the end of a run.
    pub fn line(&self) -> String {
        let new = self.rows - self.resumed;
        format!(
            "{} rows{} -> {} in {:.2} s ({:.0} {}/s){}",
            self.rows,
            if self.resumed > 0 {
                format!(" ({new} new, {} resumed)", self.resumed)
            } else {
                String::new()
            },
            self.out.display(),
            self.seconds,
            new as f64 / self.seconds.max(1e-9),
            self.unit,
            self.table_len
                .map(|(t, m)| {
                    let memo = if m > 0 {
                        format!(" (+{m} small labelled graphs)")
                    } else {
                        String::new()
                    };
                    format!(", transposition table {t} entries{memo}")
                })
                .unwrap_or_default()
        )
    }
}

/// The output path of a job under these options: `--out`, else the job's `output`,
/// with `.shard-I-of-M` before the extension when sharded.
pub fn output_path(spec: &JobSpec, opts: &RunOptions) -> PathBuf {
    if let Some(p) = &opts.out {
        return p.clone();
    }
    let p = spec.output_path();
    match opts.shard {
        Some(s) if s.count > 1 => {
            let stem = p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let ext = p
                .extension()
                .map(|e| format!(".{}", e.to_string_lossy()))
                .unwrap_or_default();
            p.with_file_name(format!("{stem}.shard-{}-of-{}{ext}", s.index, s.count))
        }
        _ => p,
    }
}

/// Runs a job (in a thread pool of `opts.threads` threads, default: all cores).
pub fn run(spec: &JobSpec, opts: &RunOptions) -> Result<Summary> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(t) = opts.threads {
        if t == 0 {
            return Err(Error::usage("--threads must be at least 1"));
        }
        builder = builder.num_threads(t);
    }
    let pool = builder
        .build()
        .map_err(|e| Error::io("starting threads", std::io::Error::other(e)))?;
    pool.install(|| run_in_pool(spec, opts))
}

fn run_in_pool(spec: &JobSpec, opts: &RunOptions) -> Result<Summary> {
    let out = output_path(spec, opts);
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::io(format!("creating {}", dir.display()), e))?;
    }
    match &spec.kind {
        JobKind::Census(c) => run_census(c, out, opts),
        JobKind::OctalSweep(sw) => {
            let start = Instant::now();
            let mut codes = super::octal::sweep_codes(sw.max_digits, &sw.leading)?;
            if let Some(sh) = opts.shard {
                codes = codes
                    .into_iter()
                    .enumerate()
                    .filter(|(i, _)| sh.takes(*i))
                    .map(|(_, c)| c)
                    .collect();
            }
            let (rows, resumed) =
                super::octal::sweep(&codes, sw.max_n, &out, opts.resume, opts.quiet)?;
            Ok(Summary {
                out,
                rows,
                resumed,
                seconds: start.elapsed().as_secs_f64(),
                table_len: None,
                unit: "games",
                weights: None,
            })
        }
    }
}

fn run_census(spec: &CensusJob, out: PathBuf, opts: &RunOptions) -> Result<Summary> {
    let start = Instant::now();
    let ruleset = Ruleset::from_name(&spec.rules)?;
    match (ruleset.colours(), spec.colours) {
        (0, k) if k > 0 => {
            return Err(Error::usage(format!(
                "rules {} are played on uncoloured graphs: set colours = 0",
                ruleset.name()
            )));
        }
        (r, 0) if r > 0 => {
            return Err(Error::usage(format!(
                "rules {} need colours = 2 or 3",
                ruleset.name()
            )));
        }
        (r, k) if k > r => {
            return Err(Error::usage(format!(
                "rules {} use B and W only: set colours = 2",
                ruleset.name()
            )));
        }
        _ => {}
    }
    let source = PositionSource::new(spec.positions())?;
    let positions = Positions {
        source: &source,
        skip_reduced: spec.skip_reduced.then_some(ruleset),
    };
    let shard = opts.shard.unwrap_or(Shard::WHOLE);
    let units = source.units(shard);

    let resumed = if opts.resume && out.exists() {
        resume_rows(&out, &header_line(ruleset))?
    } else {
        None
    };
    let (done, first_unit, skip) = match &resumed {
        Some((rows, last)) => locate(&positions, &units, *rows, last, &out)?,
        None => (0, 0, 0),
    };
    let file = if resumed.is_some() {
        OpenOptions::new().append(true).open(&out)
    } else {
        File::create(&out)
    }
    .map_err(|e| Error::io(format!("opening {}", out.display()), e))?;
    let mut writer = csv::Writer::from_writer(BufWriter::new(file));
    if resumed.is_none() {
        write_header(&mut writer, ruleset)?;
    }

    let evaluator = Evaluator::new(ruleset)
        .store_below(spec.max_vertices)
        .table_capacity(spec.table_cap);
    let pb = progress::bar(opts.quiet);
    if !pb.is_hidden() {
        pb.set_length(progress::estimate_positions(&source, &units).max(done));
        pb.set_position(done);
    }
    let mut rows = done;
    let mut weights = ruleset.all_small().then(WeightReport::default);
    let work: Vec<(Unit, usize)> = units[first_unit..]
        .iter()
        .enumerate()
        .map(|(i, &u)| (u, if i == 0 { skip } else { 0 }))
        .collect();
    let chunk = 4 * rayon::current_num_threads();
    ordered_map(
        work,
        chunk,
        |(unit, skip)| -> Result<Vec<Row>> {
            let mut out = Vec::new();
            let mut i = 0;
            let mut failed = None;
            positions.expand(unit, &mut |pos: &Position| {
                if i >= skip && failed.is_none() {
                    match evaluator.evaluate(pos) {
                        Ok(e) => out.push(Row::new(pos, e)),
                        Err(e) => failed = Some(super::stream::at_position(pos, e)),
                    }
                }
                i += 1;
            });
            failed.map_or(Ok(out), Err)
        },
        |batch| {
            for unit_rows in batch {
                let unit_rows = unit_rows?;
                for row in &unit_rows {
                    write_row(&mut writer, ruleset, row)?;
                    if let Some(w) = weights.as_mut() {
                        w.add(row);
                    }
                }
                rows += unit_rows.len() as u64;
            }
            writer
                .flush()
                .map_err(|e| Error::io(format!("writing {}", out.display()), e))?;
            if pb.length().is_some_and(|len| rows > len) {
                pb.set_length(rows);
            }
            pb.set_position(rows);
            pb.set_message(progress::rate_message(
                rows - done,
                start.elapsed().as_secs_f64(),
            ));
            Ok(())
        },
        || INTERRUPTED.load(Ordering::SeqCst),
    )?;
    writer
        .flush()
        .map_err(|e| Error::io(format!("writing {}", out.display()), e))?;
    pb.finish_and_clear();
    if INTERRUPTED.load(Ordering::SeqCst) {
        return Err(Error::Interrupted(format!(
            "interrupted after {rows} rows; {} ends with whole rows: continue with --resume",
            out.display()
        )));
    }
    Ok(Summary {
        out,
        rows,
        resumed: done,
        seconds: start.elapsed().as_secs_f64(),
        table_len: Some((evaluator.table_len(), evaluator.memo_len())),
        unit: "positions",
        weights,
    })
}

/// Prepares a CSV file for resuming: cuts a torn last line, checks that the header is
/// `header`, and returns the number of complete rows and the first two fields of the last
/// one (`None` if the file does not even hold a whole header line).
pub fn resume_rows(path: &Path, header: &str) -> Result<Option<(u64, (String, String))>> {
    let data =
        std::fs::read(path).map_err(|e| Error::io(format!("reading {}", path.display()), e))?;
    let end = data.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    if end == 0 {
        return Ok(None);
    }
    if end < data.len() {
        let f = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| Error::io(format!("opening {}", path.display()), e))?;
        f.set_len(end as u64)
            .map_err(|e| Error::io(format!("truncating {}", path.display()), e))?;
    }
    let text = String::from_utf8_lossy(&data[..end]);
    let mut lines = text.lines();
    if lines.next().unwrap_or_default() != header {
        return Err(Error::usage(format!(
            "cannot resume {}: its header is not this job's ({header})",
            path.display(),
        )));
    }
    let mut rows = 0u64;
    let mut last = "";
    for l in lines {
        rows += 1;
        last = l;
    }
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(last.as_bytes());
    let mut rec = csv::StringRecord::new();
    let key = if rows > 0 && rdr.read_record(&mut rec).map_err(csv_error)? {
        (
            rec.get(0).unwrap_or("").to_string(),
            rec.get(1).unwrap_or("").to_string(),
        )
    } else {
        (String::new(), String::new())
    };
    Ok(Some((rows, key)))
}

/// The positions a census evaluates: those of its source, less (with `skip_reduced`) the
/// ones its rules reduce at the start.
struct Positions<'a> {
    source: &'a PositionSource,
    skip_reduced: Option<Ruleset>,
}

impl Positions<'_> {
    fn expand(&self, unit: Unit, f: &mut dyn FnMut(&Position)) {
        match self.skip_reduced {
            None => self.source.expand(unit, f),
            Some(r) => self.source.expand(unit, &mut |p: &Position| {
                if !r.reduced_at_start(p) {
                    f(p)
                }
            }),
        }
    }

    fn count(&self, unit: Unit) -> u64 {
        match self.skip_reduced {
            None => self.source.count(unit),
            Some(_) => {
                let mut c = 0;
                self.expand(unit, &mut |_| c += 1);
                c
            }
        }
    }
}

/// Finds where to continue after `rows` rows: returns `(rows, first unit, positions of
/// that unit to skip)`, after checking that row `rows` is the position the job puts there.
fn locate(
    source: &Positions,
    units: &[Unit],
    rows: u64,
    last: &(String, String),
    path: &Path,
) -> Result<(u64, usize, usize)> {
    if rows == 0 {
        return Ok((0, 0, 0));
    }
    let counts: Vec<u64> = units.par_iter().map(|&u| source.count(u)).collect();
    let mut before = 0u64;
    for (i, &c) in counts.iter().enumerate() {
        if before + c >= rows {
            // The last written row is position rows - 1 - before of unit i.
            let want = (rows - 1 - before) as usize;
            let mut found = None;
            let mut k = 0;
            source.expand(units[i], &mut |pos: &Position| {
                if k == want {
                    found = Some((
                        to_graph6(&pos.graph),
                        pos.colouring.map(|c| c.to_string()).unwrap_or_default(),
                    ));
                }
                k += 1;
            });
            if found.as_ref() != Some(last) {
                return Err(Error::usage(format!(
                    "cannot resume {}: its last row ({} {}) is not the position this job writes at row {rows}; \
                     was it written by another job or shard?",
                    path.display(),
                    last.0,
                    last.1
                )));
            }
            return Ok(if before + c == rows {
                (rows, i + 1, 0)
            } else {
                (rows, i, want + 1)
            });
        }
        before += c;
    }
    Err(Error::usage(format!(
        "cannot resume {}: it has {rows} rows but this job has only {before}",
        path.display()
    )))
}

/// Installs the Ctrl-C handler that asks the runner to stop (a second Ctrl-C exits).
pub fn install_interrupt_handler() {
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

/// Writes the summary line for a finished run to stderr.
pub fn report(summary: &Summary) {
    let _ = writeln!(std::io::stderr(), "{}", summary.line());
    if let Some(w) = &summary.weights {
        let _ = writeln!(std::io::stderr(), "{}", w.lines());
    }
}

//! Runs a parsed command: each subcommand calls the library (enumeration, evaluation,
//! jobs, octal games, the calculator, analysis) and writes its output.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

use gamecensus::graphs::families::Family;
use gamecensus::graphs::{PositionSpec, Shard};
use gamecensus::jobs::{self, JobSpec, RunOptions};
use gamecensus::octal::Method;
use gamecensus::rules::Ruleset;
use gamecensus::solving::Evaluator;
use gamecensus::{Error, Result};

use gamecensus::sys::stop;

use super::args::{Command, MethodArg};
use super::threads::{with_threads, write_err};

/// Whether file descriptor 1 was open when the process started, before Rust's runtime
/// reopened a closed one on /dev/null (read-write, which is how a caller's own
/// read-write /dev/null, `1<>/dev/null` or Python's `subprocess.DEVNULL`, looks too).
static STDOUT_WAS_OPEN: AtomicBool = AtomicBool::new(true);

/// Records [`STDOUT_WAS_OPEN`]: run by the C runtime from `.init_array`, before `main`
/// and so before the Rust runtime's fd sanitising (called from `main`).
extern "C" fn record_stdout() {
    // SAFETY: F_GETFD only reads the descriptor's flags; it fails with EBADF when
    // descriptor 1 is not open.
    let open = unsafe { libc::fcntl(1, libc::F_GETFD) } != -1;
    STDOUT_WAS_OPEN.store(open, Ordering::SeqCst);
}

#[used]
#[unsafe(link_section = ".init_array")]
static RECORD_STDOUT: extern "C" fn() = record_stdout;

/// Refuses a closed standard output (`>&-`): Rust's runtime reopens it on /dev/null
/// before `main`, so every write would vanish and the command "succeed" with its output
/// lost. A /dev/null the caller opened (`>/dev/null`, `1<>/dev/null`) is fine.
fn stdout_open() -> Result<()> {
    if !STDOUT_WAS_OPEN.load(Ordering::SeqCst) {
        return Err(Error::usage(
            "standard output is closed: redirect it (to a file, or to /dev/null to discard it)",
        ));
    }
    Ok(())
}

/// How long `run` and `octal` get to stop by themselves between two batches (and so
/// print their summary) before the watchdog records their whole rows and stops them.
const GRACE: std::time::Duration = std::time::Duration::from_millis(500);

/// How the watchdog watches `command`: its memory budget (`--memory`, else half the
/// machine), its `--timeout`, and the grace a runner gets to stop by itself.
fn watch(command: &Command) -> Result<stop::Watch> {
    // `takes`: whether the command takes --memory (the memory lines name it only then).
    let (takes, memory, timeout, grace) = match command {
        Command::Eval {
            memory, timeout, ..
        }
        | Command::Explain {
            memory, timeout, ..
        }
        | Command::Value {
            memory, timeout, ..
        }
        | Command::Rectangles {
            memory, timeout, ..
        }
        | Command::Chomp {
            memory, timeout, ..
        } => (true, memory.as_deref(), *timeout, Default::default()),
        Command::Run { memory, .. } | Command::Octal { memory, .. } => {
            (true, memory.as_deref(), None, GRACE)
        }
        _ => (false, None, None, Default::default()),
    };
    gamecensus::sys::heap::set_takes_memory(takes);
    super::deadline::check_timeout(timeout)?;
    Ok(stop::Watch {
        budget: Some(jobs::memory::budget(memory)?),
        timeout,
        grace,
    })
}

/// Runs `command`; returns the exit code of a command that did its work (0, or 1 for a
/// violated `--check`). Nothing here exits the process: `main` does, after the command.
pub fn dispatch(command: Command) -> Result<i32> {
    let mut code = 0;
    execute(command, &mut code)?;
    Ok(code)
}

fn execute(command: Command, code: &mut i32) -> Result<()> {
    // Every command but `run` and `merge` (whose reports go to stderr) writes to stdout.
    if !matches!(command, Command::Run { .. } | Command::Merge { .. }) {
        stdout_open()?;
    }
    // Signals, the memory budget and --timeout stop every command within about a second.
    gamecensus::sys::heap::set_describer(jobs::memory::describe);
    stop::install(watch(&command)?)?;
    let stdout = std::io::stdout();
    match command {
        Command::Enumerate {
            vertices,
            min_vertices,
            connected,
            colours,
            count,
            shard,
            family,
            boards,
            seed,
            threads,
        } => {
            let family = match family.parse()? {
                Family::Map { .. } => Family::Map { boards, seed },
                f => f,
            };
            let spec = PositionSpec {
                family,
                min_vertices: min_vertices.unwrap_or(vertices),
                max_vertices: vertices,
                connected,
                colours: colours.unwrap_or(0),
            };
            if colours == Some(0) {
                return Err(Error::usage("--colours takes 2 (B, W) or 3 (B, W, G)"));
            }
            let shard = shard
                .as_deref()
                .map(Shard::parse)
                .transpose()?
                .unwrap_or(Shard::WHOLE);
            with_threads(threads, || {
                if count {
                    writeln!(stdout.lock(), "{}", jobs::graph_stream::count(spec, shard)?)
                        .map_err(write_err)
                } else {
                    // Whole lines only, also when a signal stops it.
                    let mut out = super::deadline::start();
                    jobs::graph_stream::enumerate(spec, shard, &mut out)
                }
            })
        }
        Command::Eval {
            rules,
            graph,
            colouring,
            position,
            stdin,
            threads,
            max_extra,
            misere,
            outcome_only,
            columns,
            timeout: _,
            memory,
        } => {
            let budget = jobs::memory::budget(memory.as_deref())?;
            let ruleset = Ruleset::from_name(&rules)?;
            if outcome_only {
                return super::show::outcome_only(ruleset, position, graph, stdin, budget);
            }
            let governor = jobs::memory::Governor::new(budget, ruleset, None);
            let evaluator = Evaluator::new(ruleset)
                .max_extra(max_extra)
                .misere(misere)?;
            let evaluator = match columns {
                Some(c) => evaluator.select_columns(&c)?,
                None => evaluator,
            };
            governor.check(&evaluator)?;
            let mut out = super::deadline::start();
            if let Ruleset::Shaped(r) = ruleset {
                if colouring.is_some() {
                    return Err(Error::usage(format!(
                        "rules {} take no --colouring: a {} says all",
                        r.name(),
                        r.notation()
                    )));
                }
                return with_threads(threads, || {
                    let out = &mut out;
                    match (position, graph, stdin.as_deref()) {
                        (Some(p), None, None) => jobs::shape_rows::eval_one(&evaluator, &p, out),
                        (None, None, Some("-")) => {
                            let mut input = std::io::stdin().lock();
                            jobs::shape_rows::eval_lines(&evaluator, &governor, &mut input, out)
                        }
                        (_, Some(_), _) => Err(Error::usage(format!(
                            "rules {} are played on a {}, not a graph: give --{} TEXT ({}) or - to read them from stdin",
                            r.name(),
                            r.notation(),
                            r.notation(),
                            r.notation_help()
                        ))),
                        _ => Err(Error::usage(format!(
                            "give --{} TEXT or - to read positions from stdin",
                            r.notation()
                        ))),
                    }
                });
            }
            with_threads(threads, || {
                let out = &mut out;
                match (graph.or(position.clone()), stdin.as_deref()) {
                    (Some(g), None) => {
                        let pos = match position {
                            Some(_) => jobs::graph_lines::parse_edges(
                                &g,
                                colouring.as_deref(),
                                &evaluator,
                            )?,
                            None => jobs::graph_lines::parse_position(
                                &g,
                                colouring.as_deref(),
                                &evaluator,
                            )?,
                        };
                        jobs::graph_stream::eval_one(&evaluator, &pos, out)
                    }
                    (None, Some("-")) if colouring.is_some() => Err(Error::usage(
                        "--colouring goes with --graph; lines read from stdin carry their own \
                         colouring (GRAPH6 COLOURING)",
                    )),
                    (None, Some("-")) => {
                        let mut input = std::io::stdin().lock();
                        jobs::graph_stream::eval_lines(&evaluator, &governor, &mut input, out)
                    }
                    (None, Some(other)) => Err(Error::usage(format!(
                        "unexpected argument {other:?}: give --graph G6 or - to read stdin"
                    ))),
                    _ => Err(Error::usage(
                        "give --graph G6, --edges a-b,... or - to read positions from stdin",
                    )),
                }
            })
        }
        Command::Explain {
            rules,
            graph,
            colouring,
            position,
            format,
            max_extra,
            thermograph,
            force,
            ..
        } => super::show::explain(
            &rules,
            match (&graph, &position) {
                (Some(g), _) => super::show::Given::Graph(g),
                (None, Some(p)) => super::show::Given::Position(p),
                (None, None) => unreachable!("clap requires --graph or --position"),
            },
            colouring.as_deref(),
            format,
            max_extra,
            thermograph.as_deref(),
            force,
        ),
        Command::Draw {
            graph,
            colouring,
            rules,
            position,
            thermograph,
            caption,
            stdin,
            out,
            force,
        } => super::show::draw(super::show::DrawArgs {
            graph,
            colouring,
            board: rules.zip(position),
            thermograph,
            caption,
            stdin,
            out,
            force,
        }),
        Command::Value {
            expr, svg, force, ..
        } => {
            let mut out = super::deadline::start();
            super::show::value(expr.as_deref(), svg.as_deref(), force, &mut out)
                .and_then(|_| out.flush().map_err(write_err))
        }
        Command::Octal {
            code,
            max,
            out,
            method,
            split,
            quiet,
            checkpoint,
            resume,
            memory,
            force,
            misere,
            quotient,
        } => {
            if quotient {
                let mut out = super::deadline::start();
                jobs::octal::quotient::octal_quotient(&code, max, &mut out)?;
                return out.flush().map_err(write_err);
            }
            if misere {
                let mut out = super::deadline::start();
                let summary = jobs::octal::misere::octal_misere(&code, max, &mut out)?;
                out.flush().map_err(write_err)?;
                let _ = writeln!(std::io::stderr(), "{summary}");
                return Ok(());
            }
            let memory = jobs::memory::budget(memory.as_deref())?;
            let method = match method {
                MethodArg::Fast => Method::Fast,
                MethodArg::Reference => Method::Reference,
            };
            let run = jobs::octal::octal(&jobs::octal::OctalOptions {
                code: &code,
                max,
                method,
                split: split.as_deref(),
                out: out.as_deref(),
                force,
                quiet,
                checkpoint: checkpoint.as_deref(),
                resume,
                memory,
            })?;
            if out.is_some() {
                writeln!(stdout.lock(), "{}", run.summary).map_err(write_err)
            } else {
                let _ = writeln!(std::io::stderr(), "{}", run.summary);
                Ok(())
            }
        }
        Command::Analyze(a) => super::analyze::analyze(*a, &stdout, code),
        Command::Report {
            csv,
            out,
            check,
            by,
            drawings,
            examples,
            threads,
            force,
        } => {
            use gamecensus::analysis::report::{ReportOptions, report};
            let opts = ReportOptions {
                checks: check,
                by: by
                    .iter()
                    .map(|b| b.split(',').map(|c| c.trim().to_string()).collect())
                    .collect(),
                drawings,
                examples,
                force,
            };
            let summary = with_threads(threads, || report(&csv, &out, &opts))?;
            let _ = writeln!(std::io::stderr(), "{}", summary.line());
            if summary.failed_checks > 0 {
                *code = 1;
            }
            Ok(())
        }
        Command::Run {
            job,
            out,
            threads,
            shard,
            quiet,
            resume,
            force,
            memory,
            compress,
            print_output,
        } => {
            let spec = JobSpec::load(&job)?;
            let opts = RunOptions {
                out,
                threads,
                shard: shard.as_deref().map(Shard::parse).transpose()?,
                quiet,
                resume,
                force,
                memory: memory.as_deref().map(jobs::memory::parse).transpose()?,
                compress: compress.is_some(),
                restarted_at: std::env::var(RESTARTED_AT)
                    .ok()
                    .and_then(|r| r.parse().ok()),
            };
            if print_output {
                let path = jobs::run::output_path(&spec, &opts);
                return writeln!(stdout.lock(), "{}", path.display()).map_err(write_err);
            }
            let out = jobs::run::output_path(&spec, &opts);
            // Stopped by force for the memory budget (one position took it all): start
            // again from the rows the stop recorded, as after a stop between batches.
            let (restart_from, restarted_at) = (out.clone(), opts.restarted_at);
            stop::set_final(move |reason, notes| {
                if matches!(reason, stop::Reason::Memory { .. })
                    && let Some(rows) = jobs::run::restart_point(&restart_from, restarted_at)
                {
                    let _ = restart(rows, "the memory budget is used up", &restart_from);
                }
                stop::default_final(reason, notes)
            });
            match jobs::run(&spec, &opts)? {
                jobs::Ran::Complete(summary) => {
                    jobs::run::report(&summary);
                    Ok(())
                }
                jobs::Ran::Restart { rows, why } => restart(rows, why, &out),
            }
        }
        Command::Rectangles {
            rules,
            min,
            max,
            memory,
            ..
        } => {
            if rules.trim() != "domineering" {
                Ruleset::from_name(&rules)?;
                return Err(Error::usage(format!(
                    "rectangles: only --rules domineering has an outcome-only rectangle search, not {}",
                    gamecensus::error::quoted(rules.trim())
                )));
            }
            let budget = jobs::memory::budget(memory.as_deref())?;
            let mut out = super::deadline::start();
            gamecensus::solving::outcome_only::write_rectangles(min, max, budget, &mut out)
        }
        Command::Chomp {
            rows,
            columns,
            p_positions,
            memory,
            ..
        } => {
            let budget = jobs::memory::budget(memory.as_deref())?;
            let mut out = super::deadline::start();
            let summary = jobs::chomp::chomp_table(rows, columns, p_positions, budget, &mut out)?;
            let _ = write!(std::io::stderr(), "{summary}");
            Ok(())
        }
        Command::Merge { out, shards, force } => {
            let merged = jobs::merge::merge(&out, &shards, force)?;
            let _ = writeln!(std::io::stderr(), "{}", merged.text());
            Ok(())
        }
    }
}

/// The environment variable that tells a restarted run how many rows the output had
/// when it was restarted ([`RunOptions::restarted_at`]).
const RESTARTED_AT: &str = "GAMECENSUS_RESTARTED_AT_ROW";

/// Carries out [`jobs::Ran::Restart`]: the run starts again as this program in a fresh
/// process (an empty value store), with the same arguments plus `--resume` (a `--force`
/// is dropped: it would discard the rows), going on from row `rows` of `out`. Returns
/// only if the program cannot be started again.
fn restart(rows: u64, why: &str, out: &std::path::Path) -> Result<()> {
    use std::os::unix::process::CommandExt;
    let _ = writeln!(
        std::io::stderr(),
        "gamecensus: {why}; starting again with empty tables from row {rows} of {} (values \
         stay exact)",
        out.display()
    );
    stop::stand_down();
    let mut args: Vec<std::ffi::OsString> = std::env::args_os()
        .skip(1)
        .filter(|a| a != "--force")
        .collect();
    if !args.iter().any(|a| a == "--resume") {
        args.push("--resume".into());
    }
    let exe = std::env::current_exe().map_err(|e| Error::io("finding this program", e))?;
    let err = std::process::Command::new(exe)
        .args(args)
        .env(RESTARTED_AT, rows.to_string())
        .exec();
    Err(Error::io("starting the run again", err))
}

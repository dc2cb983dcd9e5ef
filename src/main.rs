//! The `gamecensus` command line: parses arguments and calls the library.

use std::io::Write;
use std::path::PathBuf;

use clap::{Parser, Subcommand};
use gamecensus::graphs::families::Family;
use gamecensus::graphs::{PositionSpec, Shard};
use gamecensus::jobs::{self, JobSpec, RunOptions};
use gamecensus::octal::Method;
use gamecensus::rules::Ruleset;
use gamecensus::solving::Evaluator;
use gamecensus::{Error, Result};

#[derive(Parser)]
#[command(
    name = "gamecensus",
    version,
    about = "Exact values of combinatorial games on every small graph, as CSV"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print every graph (or coloured graph) up to isomorphism as graph6 lines.
    Enumerate {
        /// Largest number of vertices.
        #[arg(long, short = 'n')]
        vertices: usize,
        /// Smallest number of vertices (default: --vertices).
        #[arg(long)]
        min_vertices: Option<usize>,
        /// Only connected graphs.
        #[arg(long)]
        connected: bool,
        /// Colour the vertices with K colours (2: B/W, 3: B/W/G), up to automorphism.
        #[arg(long, value_name = "K")]
        colours: Option<usize>,
        /// Print only the number of positions.
        #[arg(long)]
        count: bool,
        /// Only shard I of M (0 <= I < M): disjoint, deterministic parts.
        #[arg(long, value_name = "I/M")]
        shard: Option<String>,
        /// Graph family instead of all graphs.
        #[arg(long, value_enum, default_value = "all")]
        family: Family,
    },
    /// Evaluate one position, or `GRAPH6 [COLOURING]` lines from stdin (`-`), as CSV.
    Eval {
        /// Rules: node-kayles, impartial-cutthroat, clique-forming, cutthroat,
        /// partizan-node-kayles, clobber.
        #[arg(long)]
        rules: String,
        /// The graph, in graph6.
        #[arg(long, conflicts_with = "stdin")]
        graph: Option<String>,
        /// The colouring (one letter B, W or G per vertex), for coloured rules.
        #[arg(long, requires = "graph")]
        colouring: Option<String>,
        /// `-`: read lines from stdin.
        #[arg(value_name = "-")]
        stdin: Option<String>,
    },
    /// A CGT calculator: canonical forms, sums, comparisons, aw(G), outcome(G), birthday(G).
    Value {
        /// An expression, e.g. "^ + ^*", "{0||0|v*}", "aw({^^^|vv})", "^* || 0".
        expr: String,
    },
    /// Nim-sequence of an octal game (CSV n,grundy), then a summary with its period.
    Octal {
        /// The octal code, e.g. 0.77 (Kayles), .137, 4.7, 0.6 (Officers).
        code: String,
        /// Compute G(0..=MAX).
        #[arg(long)]
        max: usize,
        /// Write the CSV here (the summary then goes to stdout); default: CSV to stdout,
        /// summary to stderr.
        #[arg(long)]
        out: Option<PathBuf>,
        /// fast: the rare-value method; reference: the definition (O(MAX²)).
        #[arg(long, value_enum, default_value = "fast")]
        method: Method,
        /// Fix the fast method's rare/common split, e.g. range:0b1111 or domain:~0b10
        /// (default: chosen automatically). Any split gives the same values.
        #[arg(long)]
        split: Option<String>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Run a job (a TOML file, see jobs/): a census or an octal sweep.
    Run {
        job: PathBuf,
        /// Write the CSV here instead of the job's `output`.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Number of worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Only shard I of M (0 <= I < M); the output name gets `.shard-I-of-M`.
        #[arg(long, value_name = "I/M")]
        shard: Option<String>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// Continue an interrupted run of the same job into the same file.
        #[arg(long)]
        resume: bool,
    },
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = dispatch(cli.command) {
        let code = e.exit_code();
        if code != 0 {
            let _ = writeln!(std::io::stderr(), "gamecensus: {e}");
        }
        std::process::exit(code);
    }
}

fn dispatch(command: Command) -> Result<()> {
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
        } => {
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
            if count {
                writeln!(stdout.lock(), "{}", jobs::stream::count(spec, shard)?)
                    .map_err(|e| Error::io("writing output", e))
            } else {
                let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
                jobs::stream::enumerate(spec, shard, &mut out)
            }
        }
        Command::Eval {
            rules,
            graph,
            colouring,
            stdin,
        } => {
            let evaluator = Evaluator::new(Ruleset::from_name(&rules)?);
            let mut out = std::io::BufWriter::new(stdout.lock());
            match (graph, stdin.as_deref()) {
                (Some(g), None) => {
                    let pos = jobs::stream::parse_position(&g, colouring.as_deref(), &evaluator)?;
                    jobs::stream::eval_one(&evaluator, &pos, &mut out)
                }
                (None, Some("-")) => {
                    let mut input = std::io::stdin().lock();
                    jobs::stream::eval_lines(&evaluator, &mut input, &mut out)
                }
                (None, Some(other)) => Err(Error::usage(format!(
                    "unexpected argument {other:?}: give --graph G6 or - to read stdin"
                ))),
                _ => Err(Error::usage(
                    "give --graph G6 or - to read positions from stdin",
                )),
            }
        }
        Command::Value { expr } => {
            let answer = gamecensus::values::parse::evaluate(&expr)?;
            writeln!(stdout.lock(), "{answer}").map_err(|e| Error::io("writing output", e))
        }
        Command::Octal {
            code,
            max,
            out,
            method,
            split,
            quiet,
        } => {
            let analysis =
                jobs::octal::octal(&code, max, method, split.as_deref(), out.as_deref(), quiet)?;
            if out.is_some() {
                writeln!(stdout.lock(), "{}", analysis.summary())
                    .map_err(|e| Error::io("writing output", e))
            } else {
                let _ = writeln!(std::io::stderr(), "{}", analysis.summary());
                Ok(())
            }
        }
        Command::Run {
            job,
            out,
            threads,
            shard,
            quiet,
            resume,
        } => {
            let spec = JobSpec::load(&job)?;
            let opts = RunOptions {
                out,
                threads,
                shard: shard.as_deref().map(Shard::parse).transpose()?,
                quiet,
                resume,
            };
            jobs::runner::install_interrupt_handler();
            let summary = jobs::run(&spec, &opts)?;
            jobs::runner::report(&summary);
            Ok(())
        }
    }
}

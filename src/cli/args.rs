//! The command line's types: every subcommand and option (clap derive), and the long
//! help texts. Nothing here runs anything.

use std::path::PathBuf;

use super::help::{MERGE_HELP, RUN_HELP, VALUE_HELP, eval_help};
use clap::builder::PossibleValuesParser;
use clap::{Parser, Subcommand, ValueEnum};
use gamecensus::graphs::families::Family;

#[derive(Parser)]
#[command(
    name = "gamecensus",
    version,
    about = "Exact values of combinatorial games on every small graph, as CSV",
    long_about = "Exact values of combinatorial games on every small graph, as CSV.\n\n\
        Enumerates graphs and colourings up to isomorphism (graph6, like nauty's tools), \
        evaluates games on them (nim-values, canonical forms, atomic weights), runs census \
        jobs, computes octal games, and is a small CGT calculator. See README.md."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The --format values of `explain`.
#[derive(Clone, Copy, ValueEnum)]
pub enum ExplainFormat {
    /// Lines of text.
    Text,
    /// JSON.
    Json,
}

/// The --method values of `octal`.
#[derive(Clone, Copy, ValueEnum)]
pub enum MethodArg {
    /// The rare-value ("sparse space") method.
    Fast,
    /// The definition, O(MAX²).
    Reference,
}

#[derive(Subcommand)]
pub enum Command {
    /// Print every graph (or coloured graph) up to isomorphism as graph6 lines.
    #[command(
        after_help = "Limits: all graphs up to 11 vertices (1,018,997,864 with 11), trees \
        up to 24, other families up to 64; colourings up to K^n <= 2^24 per graph (B/W: n <= 24, \
        B/W/G: n <= 15). Output order is fixed and the same for any number of threads.\n\
        Examples:\n  gamecensus enumerate -n 6 --connected --colours 3 | wc -l   # 36897\n  \
        gamecensus enumerate -n 8 --family trees"
    )]
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
        #[arg(long, default_value = "all", value_parser = PossibleValuesParser::new(Family::names()))]
        family: String,
        /// Family map: boards per number of regions.
        #[arg(long, default_value_t = 40)]
        boards: u32,
        /// Family map: the seed of the random boards.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Evaluate one position, or `GRAPH6 [COLOURING]` lines from stdin (`-`), as CSV.
    #[command(after_help = eval_help())]
    Eval {
        /// The ruleset (listed below).
        #[arg(long)]
        rules: String,
        /// The graph, in graph6 (any number of vertices; beyond 64 the general solver).
        #[arg(long, conflicts_with = "stdin")]
        graph: Option<String>,
        /// The colouring (one letter B, W or G per vertex), for coloured rules.
        #[arg(long)]
        colouring: Option<String>,
        /// The position in the ruleset's notation, e.g. `--board '..|..'` (Domineering,
        /// Cram), `--edges 0-1,1-2` (rules on graphs: a graph as its edges).
        #[arg(long, visible_aliases = ["board", "edges", "poset"], value_name = "TEXT",
              conflicts_with_all = ["graph", "stdin"])]
        position: Option<String>,
        /// `-`: read lines from stdin.
        #[arg(value_name = "-")]
        stdin: Option<String>,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Scoring rules (grundy-colouring): numbers up to d + 1 + this at a vertex of
        /// degree d.
        #[arg(long, default_value_t = 0)]
        max_extra: u32,
        /// Impartial rules: also misère play (columns misere, genus, tame).
        #[arg(long)]
        misere: bool,
        /// Rules on boards and shapes: only the outcome class, by search without
        /// canonical forms (columns position,size,outcome,method,nodes,seconds);
        /// Domineering boards by the bitboard search.
        #[arg(long, conflicts_with = "misere")]
        outcome_only: bool,
        /// Write only these columns, in this order (comma-separated names from the list
        /// below, e.g. `graph6,colouring,value` or `position,value`); the atomic weight,
        /// temperature and mean are computed only if asked for.
        #[arg(long, value_name = "NAMES", conflicts_with = "outcome_only")]
        columns: Option<String>,
        /// Stop after this many seconds (exit 2; the rows written so far are whole).
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<f64>,
        /// Memory budget, e.g. 512M or 4G (default: half the machine's memory): a full
        /// table evicts (values stay exact); past the budget the command stops with one
        /// line saying so (exit 2; the rows written so far are whole).
        #[arg(long, value_name = "SIZE")]
        memory: Option<String>,
    },
    /// Why a position has its value: every option, marked winning / dominated / reversible,
    /// the canonical form, the atomic weight (partizan rules) and, for hot rules, the stops,
    /// temperature, mean and thermograph.
    #[command(
        after_help = "Examples:\n  gamecensus explain --rules cutthroat --graph Cs --colouring BBBW\n  \
        gamecensus explain --rules node-kayles --graph DQc --format json\n  \
        gamecensus explain --rules snort --graph Bw --thermograph snort.svg"
    )]
    Explain {
        /// The ruleset.
        #[arg(long)]
        rules: String,
        /// The graph, in graph6.
        #[arg(long, required_unless_present = "position")]
        graph: Option<String>,
        /// The position in the ruleset's notation, e.g. `--board '..|..'` (Domineering,
        /// Cram), `--edges 0-1,1-2` (rules on graphs: a graph as its edges).
        #[arg(long, visible_aliases = ["board", "edges", "poset"], value_name = "TEXT",
              conflicts_with_all = ["graph"])]
        position: Option<String>,
        /// Its colouring, for coloured rules.
        #[arg(long)]
        colouring: Option<String>,
        /// text (default) or json.
        #[arg(long, value_enum, default_value = "text")]
        format: ExplainFormat,
        /// Scoring games: allow numbers up to d + 1 + this at a vertex of degree d.
        #[arg(long, default_value_t = 0)]
        max_extra: u32,
        /// Also draw the value's thermograph as SVG in FILE (normal-play rules). An
        /// existing FILE is refused unless --force.
        #[arg(long, value_name = "FILE")]
        thermograph: Option<PathBuf>,
        /// Replace an existing --thermograph FILE.
        #[arg(long, requires = "thermograph")]
        force: bool,
        /// Stop after this many seconds (exit 2).
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<f64>,
        /// Memory budget, e.g. 512M or 4G (default: half the machine's memory): past it
        /// the command stops with one line saying so (exit 2).
        #[arg(long, value_name = "SIZE")]
        memory: Option<String>,
    },
    /// Draw a position as SVG (layout by stress majorization, vertices in their colours),
    /// or a game's thermograph (--thermograph).
    #[command(
        after_help = "Examples:\n  gamecensus draw --graph 'F]y~W' --colouring WBWBWBB --out pos.svg\n  \
        gamecensus draw --thermograph '{3|-1}' --out t.svg   # walls and mast, Left to the left\n  \
        gamecensus draw --rules domineering --board '.#|..' --out b.svg   # a board as a board\n  \
        gamecensus draw --rules hackenbush --edges '0-1:B,1-2:R,1-1:G' --out h.svg   # on its ground\n  \
        gamecensus analyze results/reference/clobber-5.csv --check 'is_integer(atomic_weight)' \\\n    \
        --format csv | tail -n +4 | gamecensus draw - --out drawings/   # the counterexamples: drawings/LINE.svg"
    )]
    Draw {
        /// The graph, in graph6.
        #[arg(long, conflicts_with = "stdin")]
        graph: Option<String>,
        /// Its colouring (one letter B, W or G per vertex).
        #[arg(long, requires = "graph")]
        colouring: Option<String>,
        /// Rules on boards (Domineering, Cram) and edge lists (Hackenbush): the ruleset
        /// whose --position is drawn.
        #[arg(long, requires = "position")]
        rules: Option<String>,
        /// A position in the ruleset's notation: a board, e.g. `--board '.#|..'`, drawn
        /// as a grid of squares (filled cells dark); a Hackenbush edge list, e.g.
        /// `--edges '0-1:B,1-2:R'`, drawn on its ground line with edges in their colours.
        #[arg(long, visible_aliases = ["board", "edges"], value_name = "TEXT", requires = "rules",
              conflicts_with_all = ["graph", "stdin", "thermograph"])]
        position: Option<String>,
        /// Draw the thermograph of this game (a value or a sum, e.g. '{3|-1}' or
        /// '{2|-1} + +-1') instead of a position.
        #[arg(long, value_name = "GAME", conflicts_with_all = ["graph", "stdin"])]
        thermograph: Option<String>,
        /// A caption under the drawing (default: the graph6 and colouring, or the game
        /// with its temperature and mean).
        #[arg(long, conflicts_with = "stdin")]
        caption: Option<String>,
        /// `-`: read positions from stdin (GRAPH6 [COLOURING] lines, or one of our CSVs).
        #[arg(value_name = "-")]
        stdin: Option<String>,
        /// The SVG file (for --graph), or the folder of SVGs (for stdin). An existing
        /// one is refused unless --force; the output is written under a temporary name
        /// beside it and renamed when complete.
        #[arg(long)]
        out: PathBuf,
        /// Replace an existing --out (only once the new one is complete).
        #[arg(long)]
        force: bool,
    },
    /// A CGT calculator: canonical forms, sums, comparisons, atomic weights, temperatures.
    #[command(after_help = VALUE_HELP)]
    Value {
        /// An expression, e.g. "^ + ^*" (or "-1": a leading minus is part of it); `-` (or
        /// nothing) reads one expression per line from stdin.
        #[arg(allow_hyphen_values = true)]
        expr: Option<String>,
        /// With a thermograph(G) expression: also draw the thermograph as SVG in FILE
        /// (any other answer is a usage error). An existing FILE is refused unless --force.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// Replace an existing --svg FILE.
        #[arg(long, requires = "svg")]
        force: bool,
        /// Stop after this many seconds (exit 2; the answers printed so far are whole).
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<f64>,
        /// Memory budget, e.g. 512M or 4G (default: half the machine's memory): past it
        /// the command stops with one line saying so (exit 2; the answers printed so far
        /// are whole).
        #[arg(long, value_name = "SIZE")]
        memory: Option<String>,
    },
    /// Who wins Domineering on every m x n rectangle (min <= m <= n <= max), by the
    /// outcome-only search: CSV rows,columns,cells,outcome,nodes,seconds (the n x m
    /// rectangle is the quarter turn: L and R exchanged).
    #[command(after_help = "Example:\n  gamecensus rectangles --rules domineering --max 6")]
    Rectangles {
        /// The ruleset (domineering).
        #[arg(long)]
        rules: String,
        /// Smallest side.
        #[arg(long, default_value_t = 1)]
        min: usize,
        /// Largest side (at most 11: the bitboard holds 128 cells).
        #[arg(long)]
        max: usize,
        /// Memory budget for the table, e.g. 512M or 4G (default: half the machine's
        /// memory; the table takes at most half of it, and at most 512 MB).
        #[arg(long, value_name = "SIZE")]
        memory: Option<String>,
        /// Stop after this many seconds (exit 2; the rows written so far are whole).
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<f64>,
    },
    /// Nim-values of every Chomp position of at most ROWS rows and COLUMNS columns, by
    /// dynamic programming over Young diagrams: CSV position,rows,columns,size,grundy
    /// (the poison counted in the first row, as in the chomp ruleset), then a summary on
    /// stderr (by number of rows; the rectangles' winning opening moves).
    #[command(after_help = "Example:\n  gamecensus chomp --rows 3 --columns 20 --p-positions")]
    Chomp {
        /// Most rows (1 to 32).
        #[arg(long)]
        rows: usize,
        /// Most columns (the first row's length, the poison included).
        #[arg(long)]
        columns: usize,
        /// Write only the second-player wins (nim-value 0); the summary counts all.
        #[arg(long)]
        p_positions: bool,
        /// Memory budget, e.g. 512M or 4G (default: half the machine's memory); the
        /// table takes 2 bytes a position, refused up front past it.
        #[arg(long, value_name = "SIZE")]
        memory: Option<String>,
        /// Stop after this many seconds (exit 2; the rows written so far are whole).
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<f64>,
    },
    /// Nim-sequence of an octal game (CSV n,grundy), then a summary with its period.
    #[command(
        after_help = "Examples:\n  gamecensus octal 0.77 --max 1000 > kayles.csv   # Kayles: period 12, proved\n  \
        gamecensus octal 0.75 --max 200 --quotient   # its misère quotient"
    )]
    Octal {
        /// The octal code, e.g. 0.77 (Kayles), .137, 4.7, 0.6 (Officers).
        code: String,
        /// Compute G(0..=MAX).
        #[arg(long)]
        max: usize,
        /// Write the CSV here, row by row as values are computed, with a sidecar
        /// FILE.meta.json (the summary then goes to stdout); default: CSV to stdout,
        /// summary to stderr. An existing FILE is only continued (--resume) or replaced
        /// (--force).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Replace an existing --out FILE, whatever it holds.
        #[arg(long)]
        force: bool,
        /// fast: the rare-value method; reference: the definition (O(MAX²)).
        #[arg(long, value_enum, default_value = "fast")]
        method: MethodArg,
        /// Misère play instead: each heap's misère outcome, misère nim-value, genus and
        /// tameness (CSV to stdout; exact, from the definition, for heaps up to a few dozen).
        #[arg(long, conflicts_with_all = ["out", "split", "checkpoint", "resume"])]
        misere: bool,
        /// The misère quotient of the game restricted to heaps up to --max (Plambeck &
        /// Siegel): its presentation, order, P-portion and each heap's element, and whether
        /// it has provably stabilised.
        #[arg(long, conflicts_with_all = ["out", "split", "checkpoint", "resume", "misere"])]
        quotient: bool,
        /// Fix the fast method's rare/common split, e.g. range:0b1111 or domain:~0b10
        /// (default: chosen automatically). Any split gives the same values.
        #[arg(long)]
        split: Option<String>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// Save the computation to FILE now and then (every minute, at the end, on
        /// Ctrl-C) so that it can be continued with --resume. A new FILE only.
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<PathBuf>,
        /// Continue an interrupted run (same code, method and --split): from the
        /// --checkpoint FILE (to any larger --max), or from the --out FILE it was writing
        /// (same --max), whichever is further on.
        #[arg(long)]
        resume: bool,
        /// Memory budget, e.g. 4G (default: half the machine's memory); a --max that
        /// needs more is refused before it starts.
        #[arg(long, value_name = "SIZE")]
        memory: Option<String>,
    },
    /// Analyse result CSVs: group and count, check conjectures, smallest examples, periods.
    #[command(after_help = super::analyze::ANALYZE_HELP)]
    Analyze(Box<super::analyze::AnalyzeArgs>),
    /// An offline HTML report of result CSVs: charts per n, checks, drawn positions.
    #[command(
        after_help = "The page (OUT/index.html) is self-contained: inline SVG, no script, no \
        network. Exit 1 if a --check is violated.\nExample:\n  gamecensus report \
        results/reference/cutthroat-bw-5.csv --out report/ \\\n    --check 'is_integer(atomic_weight)' \
        --by n,max_degree"
    )]
    Report {
        /// The CSV files (shards of one job are read as one table).
        #[arg(required = true)]
        csv: Vec<PathBuf>,
        /// The folder to write index.html into. An existing one is refused unless
        /// --force; the report is built in a temporary folder beside it and renamed to
        /// it when complete, so a failed report leaves no folder.
        #[arg(long)]
        out: PathBuf,
        /// Replace an existing --out folder (only once the new report is complete).
        #[arg(long)]
        force: bool,
        /// A conjecture to check (repeatable), as for analyze.
        #[arg(long, value_name = "EXPR")]
        check: Vec<String>,
        /// An extra grouping shown as a table (repeatable), comma-separated columns.
        #[arg(long, value_name = "COL,...")]
        by: Vec<String>,
        /// Positions drawn for "the smallest position with each value".
        #[arg(long, default_value_t = 40)]
        drawings: usize,
        /// Counterexamples drawn per check.
        #[arg(long, default_value_t = 10)]
        examples: usize,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Run a job file (TOML, see jobs/): a census or an octal sweep, to CSV.
    #[command(after_help = RUN_HELP)]
    Run {
        /// The job file.
        job: PathBuf,
        /// Write the CSV here instead of the job's `output`.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Number of worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Only shard I of M (0 <= I < M); the job's output name gets `.shard-I-of-M`
        /// (an --out path is used as it is given: name each shard's file yourself).
        #[arg(long, value_name = "I/M")]
        shard: Option<String>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// Continue an interrupted run of the same job into the same file.
        #[arg(long, conflicts_with = "force")]
        resume: bool,
        /// Replace the output whatever it holds.
        #[arg(long)]
        force: bool,
        /// Memory budget, e.g. 512M or 4G (default: half the machine's memory): a full
        /// table evicts and values stay exact; when the stored game values fill it the
        /// run starts again with empty tables from the rows written.
        #[arg(long, value_name = "SIZE")]
        memory: Option<String>,
        /// Compress the CSV with zstd (a census): the output becomes NAME.csv.zst (an
        /// --out path must end in .zst; one ending in .zst is compressed anyway). analyze,
        /// report, merge and --resume read it as it is.
        #[arg(long, value_name = "zstd", value_parser = ["zstd"])]
        compress: Option<String>,
        /// Print the output path this run would write (with --shard, the shard's) and
        /// exit without running (scripts/slurm-submit.sh uses it).
        #[arg(long)]
        print_output: bool,
    },
    /// Put the shards of a job back together: the CSV of the unsharded run, byte for byte.
    #[command(after_help = MERGE_HELP)]
    Merge {
        /// The merged CSV (its sidecar FILE.meta.json goes beside it).
        out: PathBuf,
        /// The shards' CSVs (all M of them, in any order), each with its sidecar.
        #[arg(required = true)]
        shards: Vec<PathBuf>,
        /// Replace OUT if it exists.
        #[arg(long)]
        force: bool,
    },
}

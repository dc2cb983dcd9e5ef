//! `gamecensus analyze`: its options and help text, and running it.

use std::io::Write;
use std::path::PathBuf;

use gamecensus::{Error, Result};

use super::threads::{with_threads, write_err};

/// The --format values of `analyze`.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum FormatArg {
    /// Aligned columns.
    Table,
    /// CSV.
    Csv,
    /// JSON.
    Json,
}

pub const ANALYZE_HELP: &str =
    "Expressions (--where, --check, --first-of): comparisons < <= > >= == != \
and || (confused with, for game values), and / or / not / implies (a implies b is not a or \
b), parentheses, + and -, * (integers, numbers, or an integer times a game value: that \
many copies), 'text', \
numbers (3, 3/4), true/false, column names, and functions is_integer(x), is_number(x), \
is_nimber(x), is_infinitesimal(x), is_empty(x). Game-value columns (value, atomic_weight) \
compare in the game order: value > 0 (Left wins), value || 0 (first player wins), \
value == '^*'.
Empty cells follow SQL's NULL: a comparison with one is unknown (not unknown is unknown, \
unknown and false is false, unknown or true is true); --where keeps rows where it is true, \
--check counts unknown rows apart (neither hold nor violate); is_empty(x) is true or false.
Derived columns (computed from graph6 and colouring): max_degree, min_degree, is_connected, \
components, is_tree, is_path, is_cycle, is_star, is_bipartite, triangles, girth, diameter, \
clique_number, automorphisms, independence_number, chromatic_number, domination_number, \
degree_sequence, leaves, radius, is_planar, is_regular, black (or blue: B count), white \
(or red: W count), green, edges_bb, edges_ww, edges_gg, edges_bw, edges_bg, edges_wg \
(edges by colour class), canonical (canonical graph6 and colouring: a key for joins).
Joins: --join B.csv --on canonical pairs each row with the row of B.csv of the same key \
(an inner join: rows without a partner are left out and counted; a key twice in B.csv is \
refused); B's columns are b.NAME (--prefix), e.g. --check 'value == b.value'.
Exit status: 0, or 1 if some row violates a --check; 2 for a bad expression, an unknown \
column, a file that is not one of our CSVs, shards with different headers, a file given \
twice, or an existing --export FILE without --force.
Examples:
  gamecensus analyze results/reference/cutthroat-bw-5.csv --by n,atomic_weight
  gamecensus analyze results/reference/cutthroat-bw-5.csv --check 'n == 5 implies m >= 4'
  gamecensus analyze results/reference/cutthroat-bw-5.csv --by n,max_degree,outcome --where is_tree
  gamecensus analyze results/reference/cutthroat-bw-5.csv --first-of value
  gamecensus analyze results/reference/cutthroat-bw-5.csv --with 'extra = m - n + 1' --by extra --agg 'max(atomic_weight)'
  gamecensus analyze results/reference/clobber-5.csv --where 'atomic_weight >= 2' --export big.csv --force
  gamecensus analyze results/reference/clobber-5.csv --join results/reference/cutthroat-bw-5.csv --on canonical --by outcome,b.outcome
  gamecensus octal 0.77 --max 1000 | gamecensus analyze /dev/stdin --sequence grundy --index n";

/// The options of `gamecensus analyze`.
#[derive(clap::Args)]
pub struct AnalyzeArgs {
    /// The CSV files (shards of one job are read as one table).
    #[arg(required = true)]
    pub csv: Vec<PathBuf>,
    /// Group by these columns (CSV or derived), comma-separated: counts and shares.
    #[arg(long, value_delimiter = ',', value_name = "COL,...")]
    pub by: Vec<String>,
    /// Aggregates of each --by group, comma-separated: count, count(COL) (non-empty
    /// cells), min(COL), max(COL), sum(COL), mean(COL), distinct(COL) (distinct
    /// non-empty values) and share (the group's rows over all matching rows). min,
    /// max, sum and mean take numbers (exact; a game value that is not a number is
    /// refused); mean is a decimal with 6 places; empty cells are skipped. count and
    /// share are headed count(*) and share(*).
    #[arg(long, value_delimiter = ',', value_name = "AGG,...", requires = "by")]
    pub agg: Vec<String>,
    /// A column computed from each row, `name = expression` (repeatable), usable by
    /// name in --by, --where, --check, --agg, --select, --sort and --first-of, e.g.
    /// --with 'extra = m - n + 1' or --with 'hot = temperature > 0'.
    #[arg(long, value_name = "NAME = EXPR")]
    pub with: Vec<String>,
    /// Only rows where this predicate is true (not false, not unknown).
    #[arg(long = "where", value_name = "EXPR")]
    pub filter: Option<String>,
    /// A conjecture to check on every row (repeatable): rows that hold, rows that
    /// violate, rows where it is unknown (an empty cell), and the smallest
    /// counterexamples. Exit 1 if any row violates.
    #[arg(long, value_name = "EXPR")]
    pub check: Vec<String>,
    /// For each value of this column (or expression), the smallest row that has it.
    #[arg(long, value_name = "COL")]
    pub first_of: Option<String>,
    /// The sequence of this column (or expression) along --index: its periodicity.
    #[arg(long, value_name = "COL", requires = "index")]
    pub sequence: Option<String>,
    /// The index of --sequence (an integer column, e.g. n).
    #[arg(long, value_name = "COL", requires = "sequence")]
    pub index: Option<String>,
    /// table (default on a terminal), csv (default otherwise) or json.
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// Counterexamples shown per check (the smallest).
    #[arg(long, default_value_t = 10)]
    pub examples: usize,
    /// The matching rows as CSV on standard output, with these columns (CSV or
    /// derived columns, or expressions), comma-separated, e.g. --select graph6,value.
    /// Alone: not with --by, --check, --first-of or --sequence (use --export).
    #[arg(long, value_delimiter = ',', value_name = "COL,...")]
    pub select: Vec<String>,
    /// Write the matching rows (whole, or the --select columns) as CSV to FILE: an
    /// existing FILE is refused without --force; written under a temporary name and
    /// renamed when complete. Other results still go to standard output.
    #[arg(long, value_name = "FILE")]
    pub export: Option<PathBuf>,
    /// Replace an existing --export FILE.
    #[arg(long, requires = "export")]
    pub force: bool,
    /// Sort the selected rows by this column or expression (numbers numerically,
    /// then text; empty cells first; ties in file order).
    #[arg(long, value_name = "COL")]
    pub sort: Option<String>,
    /// Sort descending (with --sort).
    #[arg(long, requires = "sort")]
    pub desc: bool,
    /// At most N selected rows (the first N in --sort order, else in file order).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Join this CSV (several: shards of one table) row by row on the --on key: an
    /// inner join (rows without a partner are left out, and counted); its columns are
    /// named PREFIX.NAME (b.value), usable everywhere. Its rows are held in memory; a
    /// key twice in it is refused.
    #[arg(long, value_name = "FILE", requires = "on")]
    pub join: Vec<PathBuf>,
    /// The key of --join: columns both files have, comma-separated (CSV columns or
    /// derived ones): canonical, graph6, graph6,colouring, ...
    #[arg(long, value_delimiter = ',', value_name = "COL,...", requires = "join")]
    pub on: Vec<String>,
    /// The prefix of the joined file's columns.
    #[arg(long, default_value = "b", requires = "join")]
    pub prefix: String,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Runs `gamecensus analyze`; sets `code` to 1 if a check is violated.
pub fn analyze(a: AnalyzeArgs, stdout: &std::io::Stdout, code: &mut i32) -> Result<()> {
    let AnalyzeArgs {
        csv,
        by,
        agg,
        with,
        filter,
        check,
        first_of,
        sequence,
        index,
        format,
        examples,
        select,
        export,
        force,
        sort,
        desc,
        limit,
        join,
        on,
        prefix,
        threads,
    } = a;
    use gamecensus::analysis::format::{Format, write};
    use gamecensus::analysis::query::{Query, Select, run};
    use std::io::IsTerminal;
    let rows_out = !select.is_empty() || export.is_some();
    if (sort.is_some() || limit.is_some()) && !rows_out {
        return Err(Error::usage(
            "--sort and --limit order and cut the rows of --select or --export",
        ));
    }
    if !select.is_empty()
        && export.is_none()
        && (!by.is_empty() || !check.is_empty() || first_of.is_some() || sequence.is_some())
    {
        return Err(Error::usage(
            "--select prints the rows on standard output, alone: with --by, --check, \
             --first-of or --sequence, write them to a file with --export FILE",
        ));
    }
    // An existing FILE is refused before anything is read.
    let staged = match &export {
        Some(f) => Some(gamecensus::jobs::staged::Staged::file(f, force)?),
        None => None,
    };
    let others = !by.is_empty() || !check.is_empty() || first_of.is_some() || sequence.is_some();
    let query = Query {
        select: rows_out.then_some(Select {
            columns: select,
            sort,
            desc,
            limit,
        }),
        groupings: if by.is_empty() { vec![] } else { vec![by] },
        aggregates: agg,
        with,
        filter,
        checks: check,
        first_of,
        sequence: sequence.zip(index),
        examples,
        join: (!join.is_empty()).then_some(gamecensus::analysis::query::Join {
            files: join,
            on,
            prefix,
        }),
        strict: false,
    };
    let results = with_threads(threads, || run(&csv, &query))?;
    let format = match format {
        Some(FormatArg::Table) => Format::Table,
        Some(FormatArg::Csv) => Format::Csv,
        Some(FormatArg::Json) => Format::Json,
        None if std::io::stdout().is_terminal() => Format::Table,
        None => Format::Csv,
    };
    if let Some(sel) = &results.selected {
        let mut text = gamecensus::analysis::format::selected_csv(sel);
        if let (Some(staged), Some(file)) = (staged, &export) {
            std::fs::write(staged.path(), &text)
                .map_err(|e| Error::io(format!("writing {}", file.display()), e))?;
            staged.commit()?;
            if !others {
                text = format!("{} rows -> {}\n", sel.rows.len(), file.display());
            } else {
                text.clear();
            }
        }
        if !others {
            stdout
                .lock()
                .write_all(text.as_bytes())
                .map_err(write_err)?;
            return Ok(());
        }
    }
    let mut out = std::io::BufWriter::new(stdout.lock());
    write(&results, format, &mut out)
        .and_then(|_| out.flush())
        .map_err(write_err)?;
    if format != Format::Table {
        for t in &results.torn {
            let _ = writeln!(
                std::io::stderr(),
                "gamecensus: note: {} ends with a torn line ({} bytes, an interrupted run): skipped",
                t.path.display(),
                t.bytes
            );
        }
    }
    if let Some(j) = &results.joined
        && format != Format::Table
        && (j.unpaired > 0 || j.unmet > 0)
    {
        let _ = writeln!(
            std::io::stderr(),
            "gamecensus: note: {}",
            gamecensus::analysis::format::join_line(&results, j)
        );
    }
    if results.checks.iter().any(|c| c.violates > 0) {
        *code = 1;
    }
    Ok(())
}

//! `gamecensus report`: a self-contained static HTML page (no script, no network; the
//! charts and drawings are inline SVG, and the page is also well-formed XML), findings
//! first:
//! - a table of contents;
//! - the findings: every `--check` with its verdict, then per n the rows, the values
//!   first seen there, the extremes of the numeric columns and the checks whose smallest
//!   counterexample is there;
//! - for each column of interest present (outcome, value or nim-value, atomic weight,
//!   and any other the CSV has of those the program writes), its distribution per n as
//!   a chart as wide as the page (numeric columns on a numeric axis, others as stacked
//!   shares) with a scrollable table of every value's counts;
//! - a table for every extra `--by` grouping;
//! - drawings of each check's smallest counterexamples, and of the smallest position
//!   with each new value, each card naming its row's cells;
//! - the job's provenance, from the CSV's sidecar, folded.
//!
//! Everything comes from one pass of [`super::query`], so a report of a census of any
//! size takes about as long as one `analyze` of it.

mod charts;
mod distributions;
mod html;

use std::path::{Path, PathBuf};

use super::fields::{split, utf8};
use super::query::{Query, run_on};
use crate::error::{Error, Result};
use crate::graphs::palette::STANDARD;
use crate::graphs::{Colouring, parse_graph6};
use crate::jobs::provenance::Sidecar;
use distributions::{flat, full_table, highlights, stack};

pub use charts::Series;

/// What to put in a report besides the distributions.
#[derive(Clone, Debug)]
pub struct ReportOptions {
    /// Conjectures to check.
    pub checks: Vec<String>,
    /// Extra groupings, shown as tables.
    pub by: Vec<Vec<String>>,
    /// Positions drawn for "first of each value".
    pub drawings: usize,
    /// Counterexamples drawn per check.
    pub examples: usize,
    /// Replace an existing output folder (once the new one is complete).
    pub force: bool,
}

impl Default for ReportOptions {
    fn default() -> Self {
        ReportOptions {
            checks: Vec::new(),
            by: Vec::new(),
            drawings: 40,
            examples: 10,
            force: false,
        }
    }
}

/// Columns whose distribution per n the report charts, in this order, if present (the
/// value column is left out when every row has a nim-value: then the two agree).
const CHARTED: [&str; 8] = [
    "outcome",
    "grundy",
    "value",
    "atomic_weight",
    "temperature",
    "mean",
    "margin",
    "winner",
];

/// What a report found (for the command's one-line summary).
#[derive(Clone, Debug)]
pub struct ReportSummary {
    /// The page.
    pub index: PathBuf,
    /// Rows read.
    pub rows: u64,
    /// Charts drawn.
    pub charts: usize,
    /// Positions drawn.
    pub drawings: usize,
    /// Checks with at least one violation.
    pub failed_checks: usize,
}

/// Writes the report of `files` into the folder `out`: `index.html`. The folder is
/// built under a temporary name beside `out` and renamed to `out` once complete; an
/// existing `out` is refused unless `opts.force`.
pub fn report(files: &[PathBuf], out: &Path, opts: &ReportOptions) -> Result<ReportSummary> {
    let staged = crate::jobs::staged::Staged::dir(out, opts.force)?;
    let mut summary = write_report(files, staged.path(), opts)?;
    // A stop asked for while the report was written leaves nothing (the staged folder
    // goes); once the report is in place, the command finishes (exit 0) rather than be
    // stopped with the report there: either the whole report and success, or nothing.
    if let Some(reason) = crate::sys::stop::reason() {
        return Err(crate::sys::stop::error(&reason, "no report was written"));
    }
    staged.commit()?;
    crate::sys::stop::stand_down();
    summary.index = out.join("index.html");
    Ok(summary)
}

fn write_report(files: &[PathBuf], out: &Path, opts: &ReportOptions) -> Result<ReportSummary> {
    let start = std::time::Instant::now();
    let table = super::table::Table::open(files)?;
    let header = table.header.clone();
    super::query::ours(&files[0], &header)?;
    let has = |c: &str| header.iter().any(|h| h == c);
    let charted: Vec<&str> = CHARTED.iter().copied().filter(|c| has(c)).collect();
    // Charts go by number of vertices, or by size for a census of a game on shapes.
    let by = ["n", "size"].into_iter().find(|c| has(c)).unwrap_or("n");
    let per_n = has(by);
    let mut groupings: Vec<Vec<String>> = charted
        .iter()
        .map(|c| {
            if per_n {
                vec![by.to_string(), c.to_string()]
            } else {
                vec![c.to_string()]
            }
        })
        .collect();
    groupings.extend(opts.by.iter().cloned());
    let first_col = ["value", "grundy", "margin"]
        .into_iter()
        .find(|c| has(c))
        .map(str::to_string);
    let query = Query {
        groupings,
        aggregates: Vec::new(),
        select: None,
        with: Vec::new(),
        filter: None,
        checks: opts.checks.clone(),
        first_of: first_col.clone(),
        sequence: None,
        examples: opts.examples,
        join: None,
        strict: true,
    };
    let results = run_on(&table, files, &query, start)?;
    let mut page = html::Page::new(&format!(
        "gamecensus report: {}",
        files
            .iter()
            .map(|f| f.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    page.paragraph(&format!(
        "{} rows in {} file{} ({:.1} MB), read in {:.2} s.",
        results.rows,
        files.len(),
        if files.len() == 1 { "" } else { "s" },
        results.bytes as f64 / 1e6,
        results.seconds
    ));
    for t in &results.torn {
        page.paragraph(&format!(
            "Note: {} ends with a torn line ({} bytes, an interrupted run); it was skipped.",
            t.path.display(),
            t.bytes
        ));
    }
    let index = |name: &str| results.header.iter().position(|h| h == name);
    let n_of = |line: &str| -> Option<String> {
        let f = split(line.as_bytes());
        Some(utf8(f.get(index(by)?)?).into_owned())
    };
    // Findings first: the checks' verdicts, then what each n brings.
    let highlights = if per_n {
        highlights(&results, &charted, &n_of)
    } else {
        Vec::new()
    };
    page.findings(&results.checks, &highlights);
    // Every value a nimber (impartial rules): the value chart would repeat the grundy one.
    let all_nimbers = charted
        .iter()
        .position(|c| *c == "grundy")
        .is_some_and(|i| {
            results.groupings[i]
                .groups
                .iter()
                .all(|g| g.key.last().is_some_and(|k| !k.is_empty()))
        });
    let mut charts = 0;
    for (g, col) in results.groupings.iter().zip(&charted) {
        if *col == "value" && all_nimbers {
            continue;
        }
        let (categories, series) = if per_n {
            stack(g)
        } else {
            (vec!["all".to_string()], flat(g))
        };
        if series.iter().all(|s| s.name == "(none)") {
            continue; // a column this ruleset leaves empty (grundy for partizan rules)
        }
        let table = full_table(g, per_n, &categories);
        let numeric = per_n
            && table
                .iter()
                .all(|(v, _)| v.is_empty() || charts::number(v).is_some())
            && table.iter().any(|(v, _)| !v.is_empty());
        let title = match by {
            "n" => format!("{col} by number of vertices"),
            _ => format!("{col} by size"),
        };
        let svg = if numeric {
            // Numbers on a numeric axis: each n a row of dots at its values.
            let totals: Vec<u64> = (0..categories.len())
                .map(|c| table.iter().map(|(_, k)| k[c]).sum())
                .collect();
            let points: Vec<(f64, f64, f64)> = table
                .iter()
                .filter_map(|(v, k)| Some((charts::number(v)?, k)))
                .flat_map(|(x, k)| {
                    let totals = &totals;
                    let categories = &categories;
                    k.iter()
                        .enumerate()
                        .filter(|(_, c)| **c > 0)
                        .filter_map(move |(c, count)| {
                            Some((
                                categories[c].parse::<f64>().ok()?,
                                x,
                                *count as f64 / totals[c].max(1) as f64,
                            ))
                        })
                })
                .collect();
            charts::dots_by_n(&title, col, &points)
        } else {
            charts::stacked_shares(&title, if per_n { by } else { "" }, &categories, &series)
        }
        .map_err(|e| Error::io("drawing a chart", std::io::Error::other(e)))?;
        let swatches: &[Series] = if numeric { &[] } else { &series };
        page.chart(col, &title, &svg, &categories, swatches, &table);
        charts += 1;
    }
    for g in results.groupings.iter().skip(charted.len()) {
        page.grouping(g);
    }
    // A census of a game on shapes (Hackenbush, boards) is drawn by its ruleset, named in
    // the first file's sidecar.
    let shaped = files
        .first()
        .and_then(|f| Sidecar::read(f).ok().flatten())
        .and_then(|s| {
            let rest = s.identity.strip_prefix("census of rules ")?;
            crate::rules::Ruleset::shaped(rest.split(' ').next()?)
        });
    let draw = |line: &str| -> Option<String> {
        let f = split(line.as_bytes());
        if let (Some(r), Some(i)) = (shaped, index("position")) {
            let text = utf8(f.get(i)?).into_owned();
            return r.draw(&r.parse(&text).ok()?, Some(&text));
        }
        let g6 = utf8(f.get(index("graph6")?)?).into_owned();
        let g = parse_graph6(&g6).ok()?;
        let col = index("colouring")
            .and_then(|i| f.get(i))
            .map(|c| utf8(c).into_owned())
            .filter(|c| !c.is_empty());
        let c = col
            .as_deref()
            .map(|c| Colouring::parse(c, g.n(), &STANDARD))
            .transpose()
            .ok()?;
        let caption = format!("{g6} {}", col.unwrap_or_default());
        Some(crate::graphs::draw::svg(
            &g,
            c.as_ref(),
            Some(caption.trim()),
        ))
    };
    let mut drawn = 0;
    let mut failed = 0;
    for (i, c) in results.checks.iter().enumerate() {
        failed += (c.violates > 0) as usize;
        let drawings: Vec<(String, String)> = c
            .counterexamples
            .iter()
            .filter_map(|line| Some((draw(line)?, line.clone())))
            .collect();
        drawn += drawings.len();
        if !drawings.is_empty() {
            page.counterexamples(i, c, &results.header, &drawings);
        }
    }
    if let Some(col) = &first_col {
        // The first position of each new value: in order of size (the size of a game on
        // shapes, or fewest vertices, then edges, then graph6), as they appear going up
        // the census.
        let key = |line: &str| {
            let f = split(line.as_bytes());
            let num = |name: &str| {
                index(name)
                    .and_then(|i| f.get(i))
                    .and_then(|v| utf8(v).parse::<i64>().ok())
                    .unwrap_or(0)
            };
            (num("size"), num("n"), num("m"), line.to_string())
        };
        let mut firsts: Vec<&(String, String)> = results.first_of.iter().collect();
        firsts.sort_by_cached_key(|(_, line)| key(line));
        let shown: Vec<(String, String, String)> = firsts
            .iter()
            .take(opts.drawings)
            .filter_map(|(v, line)| Some((v.clone(), draw(line)?, line.clone())))
            .collect();
        drawn += shown.len();
        page.firsts(col, results.first_of.len(), &results.header, &shown);
    }
    page.provenance(&provenance(files));
    let index_path = out.join("index.html");
    std::fs::write(&index_path, page.finish())
        .map_err(|e| Error::io(format!("writing {}", index_path.display()), e))?;
    Ok(ReportSummary {
        index: index_path,
        rows: results.rows,
        charts,
        drawings: drawn,
        failed_checks: failed,
    })
}

/// The provenance of the files: their sidecars' key facts.
fn provenance(files: &[PathBuf]) -> Vec<(String, Vec<(String, String)>)> {
    files
        .iter()
        .map(|f| {
            let facts = match Sidecar::read(f) {
                Ok(Some(s)) => vec![
                    (
                        "program".to_string(),
                        format!("{} (commit {})", s.program, s.commit),
                    ),
                    ("job".to_string(), s.identity.clone()),
                    (
                        "job file".to_string(),
                        s.job_file
                            .as_ref()
                            .map(|p| p.display().to_string())
                            .unwrap_or_default(),
                    ),
                    (
                        "job text".to_string(),
                        s.job_text.clone().unwrap_or_default(),
                    ),
                    ("shard".to_string(), s.shard.clone()),
                    ("threads".to_string(), s.threads.to_string()),
                    ("started".to_string(), s.started.clone()),
                    ("last written".to_string(), s.updated.clone()),
                    (
                        "rows".to_string(),
                        format!(
                            "{}{}",
                            s.rows,
                            if s.complete {
                                " (complete)"
                            } else {
                                " (incomplete)"
                            }
                        ),
                    ),
                    ("summary".to_string(), s.summary.clone().unwrap_or_default()),
                ],
                Ok(None) => vec![(
                    "provenance".to_string(),
                    "no sidecar (FILE.meta.json): not written by a gamecensus job".to_string(),
                )],
                Err(e) => vec![("provenance".to_string(), e.to_string())],
            };
            (f.display().to_string(), facts)
        })
        .collect()
}

impl ReportSummary {
    /// One line for the command line.
    pub fn line(&self) -> String {
        format!(
            "{} rows -> {} ({} charts, {} drawings{})",
            self.rows,
            self.index.display(),
            self.charts,
            self.drawings,
            if self.failed_checks > 0 {
                format!(", {} checks violated", self.failed_checks)
            } else {
                String::new()
            }
        )
    }
}

//! The job file: a TOML table naming what to compute and where to write it. Two kinds:
//! a census (a ruleset over a family of graphs) and an octal sweep (many octal games).
//! Unknown keys, and keys of the other kind, are an error: a typo must not silently
//! change a census.
//!
//! ```toml
//! name = "node-kayles-8"          # required; used for the default output path
//! kind = "census"                 # census (default) | octal-sweep
//! output = "results/nk8.csv"      # default results/<name>.csv
//! # census:
//! rules = "node-kayles"           # required
//! family = "all"                  # all | trees | path | cycle | star | complete |
//!                                 # complete-bipartite | grid | path-bw | cycle-bw |
//!                                 # star-bw | map   (default: all)
//! min_vertices = 1                # default 1
//! max_vertices = 8                # required (rules on graphs)
//! min_size = 1                    # rules on boards, edge lists, posets: the smallest
//! max_size = 8                    # and largest size (cells, edges, elements) listed
//! multiplicity = 2                # hackenbush: parallel edges, at most 2 (default 1)
//! edge_colours = "BR"             # hackenbush: the edge colours listed (default "BRG")
//!                                 # (and max_vertices: at most this many vertices)
//! connected = false               # only for family = "all" (default false)
//! colours = 0                     # 0 uncoloured, 2 = B/W, 3 = B/W/G (default 0)
//! skip_reduced = false            # leave out positions the rules reduce at the start
//! table_cap = 50000000            # at most this many table entries (partizan rules)
//! max_extra = 0                   # scoring rules: numbers up to degree + 1 + max_extra
//! misere = false                  # impartial rules: add misere, genus, tame columns
//! boards = 40                     # family "map": boards per number of regions
//! seed = 1                        # family "map": the seed of the random boards
//! tally = [["n", "outcome"]]      # counts of rows grouped by these columns, written
//!                                 # beside the output (OUT.tally-n-outcome.csv)
//! keep = "outcome == 'P'"         # write only the rows where this predicate is true
//! # octal-sweep:
//! max_digits = 3                  # codes with 1..=max_digits digits after the point
//! leading = [0, 4]                # digits before the point (default [0])
//! max_n = 10000                   # heap sizes computed for each game
//! ```

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::graphs::PositionSpec;
use crate::graphs::families::Family;

/// The file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawJob {
    name: String,
    kind: Option<String>,
    output: Option<PathBuf>,
    rules: Option<String>,
    family: Option<String>,
    min_vertices: Option<usize>,
    max_vertices: Option<usize>,
    min_size: Option<usize>,
    max_size: Option<usize>,
    connected: Option<bool>,
    colours: Option<usize>,
    skip_reduced: Option<bool>,
    table_cap: Option<usize>,
    max_extra: Option<u32>,
    misere: Option<bool>,
    boards: Option<u32>,
    seed: Option<u64>,
    max_digits: Option<usize>,
    leading: Option<Vec<u8>>,
    max_n: Option<usize>,
    tally: Option<Vec<Vec<String>>>,
    keep: Option<String>,
    multiplicity: Option<usize>,
    edge_colours: Option<String>,
}

/// A validated job.
#[derive(Clone, Debug)]
pub struct JobSpec {
    /// The job's name (names the default output).
    pub name: String,
    /// The output path, if the job sets one.
    pub output: Option<PathBuf>,
    /// What to compute.
    pub kind: JobKind,
    /// The file it was read from and its text (for the provenance sidecar).
    pub source: Option<(PathBuf, String)>,
}

/// The two kinds of job.
#[derive(Clone, Debug)]
pub enum JobKind {
    /// A ruleset over a family of graphs.
    Census(CensusJob),
    /// Many octal games.
    OctalSweep(SweepJob),
}

/// A ruleset over every position of a family of graphs.
#[derive(Clone, Debug)]
pub struct CensusJob {
    /// The ruleset, resolved from the job's `rules` when the job is read: from there on
    /// the ruleset travels, not its name.
    pub ruleset: crate::rules::Ruleset,
    /// The family of graphs.
    pub family: Family,
    /// Smallest number of vertices.
    pub min_vertices: usize,
    /// Largest number of vertices.
    pub max_vertices: usize,
    /// Connected graphs only (family `all`).
    pub connected: bool,
    /// 0 uncoloured, 2 = B/W, 3 = B/W/G.
    pub colours: usize,
    /// Leave out positions the rules reduce at the start (they equal smaller ones).
    pub skip_reduced: bool,
    /// At most this many transposition-table entries (partizan and scoring rulesets).
    pub table_cap: Option<usize>,
    /// Scoring rulesets: numbers up to degree + 1 + max_extra (the Grundy colouring game).
    pub max_extra: u32,
    /// Impartial rulesets: also misère play (the `misere`, `genus` and `tame` columns).
    pub misere: bool,
    /// Streamed tallies: counts of rows grouped by each list of columns (see
    /// [`super::rows`]).
    pub tally: Vec<Vec<String>>,
    /// Only the rows where this predicate (the analysis language) is true are written.
    pub keep: Option<String>,
    /// Rules on shapes: at most this many parallel edges between two vertices (1: simple
    /// graphs; Hackenbush goes to 2).
    pub multiplicity: usize,
    /// Rules on shapes (Hackenbush): positions of at most this many vertices (the job's
    /// `max_vertices`; for rules on graphs that key is [`CensusJob::max_vertices`]).
    pub shape_vertices: Option<usize>,
    /// Rules on shapes (Hackenbush): the letters the edges may take (`edge_colours`).
    pub edge_colours: Option<String>,
}

/// Every octal game with up to `max_digits` digits, each computed to `max_n`.
#[derive(Clone, Debug)]
pub struct SweepJob {
    /// Codes with 1..=max_digits digits after the point.
    pub max_digits: usize,
    /// Digits before the point (0 and/or 4).
    pub leading: Vec<u8>,
    /// G(0..=max_n) for each game.
    pub max_n: usize,
}

impl CensusJob {
    /// The graphs and colourings the job runs over.
    pub fn positions(&self) -> PositionSpec {
        PositionSpec {
            family: self.family,
            min_vertices: self.min_vertices,
            max_vertices: self.max_vertices,
            connected: self.connected,
            colours: self.colours,
        }
    }
}

fn validate(raw: RawJob, dir: Option<&Path>) -> Result<JobSpec> {
    if raw.name.trim().is_empty() {
        return Err(Error::usage("name must not be empty"));
    }
    // The name becomes a file name (results/<name>.csv, shards, sidecars): a plain one.
    if raw.name.len() > 100
        || raw.name.starts_with('.')
        || !raw
            .name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        return Err(Error::usage(format!(
            "name {:?}: use letters, digits, '-', '_' and '.' (not first), at most 100 \
             characters (it names the output file)",
            raw.name
        )));
    }
    let kind = raw.kind.as_deref().unwrap_or("census");
    let present = |keys: &[(&str, bool)]| -> Vec<String> {
        keys.iter()
            .filter(|(_, p)| *p)
            .map(|(k, _)| k.to_string())
            .collect()
    };
    let kind = match kind {
        "census" => {
            let foreign = present(&[
                ("max_digits", raw.max_digits.is_some()),
                ("leading", raw.leading.is_some()),
                ("max_n", raw.max_n.is_some()),
            ]);
            let tally = raw.tally.unwrap_or_default();
            check_tally_spec(&tally)?;
            if raw.keep.as_deref().is_some_and(|k| k.trim().is_empty()) {
                return Err(Error::usage(
                    "keep = \"\": give a predicate (e.g. keep = \"not is_integer(atomic_weight)\"), or leave keep out to write every row",
                ));
            }
            if !foreign.is_empty() {
                return Err(Error::usage(format!(
                    "{} belong to kind = \"octal-sweep\", not to a census",
                    foreign.join(", ")
                )));
            }
            let mut rules = raw
                .rules
                .ok_or_else(|| Error::usage("missing field `rules`"))?;
            // A rules file is named relative to the job file.
            if let (Some(path), Some(dir)) = (rules.trim().strip_prefix("file:"), dir)
                && Path::new(path.trim()).is_relative()
            {
                rules = format!("file:{}", dir.join(path.trim()).display());
            }
            let ruleset = crate::rules::Ruleset::from_name(&rules)?;
            let rules = ruleset.name();
            // Games on shapes list positions by size (cells, edges, elements), not by
            // graphs: their keys are min_size and max_size, kept in the vertex fields.
            let shaped = match ruleset {
                crate::rules::Ruleset::Shaped(r) => Some(r),
                _ => None,
            };
            let (min_vertices, max_vertices) = match shaped {
                Some(r) => {
                    let graph_keys = present(&[
                        ("family", raw.family.is_some()),
                        ("min_vertices", raw.min_vertices.is_some()),
                        ("connected", raw.connected.is_some()),
                        ("colours", raw.colours.is_some()),
                        ("skip_reduced", raw.skip_reduced.is_some()),
                        ("max_extra", raw.max_extra.is_some()),
                    ]);
                    if !graph_keys.is_empty() {
                        return Err(Error::usage(format!(
                            "{} belong to rules on graphs; rules {} list positions by {} with min_size and max_size",
                            graph_keys.join(", "),
                            r.name(),
                            r.size_unit()
                        )));
                    }
                    if raw.multiplicity == Some(0) {
                        return Err(Error::usage(
                            "multiplicity = 0: give 1 (simple graphs) or more",
                        ));
                    }
                    r.check_listing(&crate::rules::shape_rules::Listing {
                        multiplicity: raw.multiplicity.unwrap_or(1),
                        max_vertices: raw.max_vertices,
                        edge_colours: raw.edge_colours.as_deref(),
                    })?;
                    (
                        raw.min_size.unwrap_or(1),
                        raw.max_size
                            .ok_or_else(|| Error::usage("missing field `max_size`"))?,
                    )
                }
                None => {
                    if raw.edge_colours.is_some() {
                        return Err(Error::usage(format!(
                            "edge_colours belongs to rules on edge lists (hackenbush); rules {rules} are played on graphs (their key is colours)"
                        )));
                    }
                    if raw.multiplicity.is_some() {
                        return Err(Error::usage(format!(
                            "multiplicity belongs to rules on edge lists (hackenbush); rules {rules} are played on simple graphs"
                        )));
                    }
                    if raw.min_size.is_some() || raw.max_size.is_some() {
                        return Err(Error::usage(format!(
                            "min_size and max_size belong to rules on boards, edge lists and posets; rules {} are played on graphs: use min_vertices and max_vertices",
                            rules
                        )));
                    }
                    (
                        raw.min_vertices.unwrap_or(1),
                        raw.max_vertices
                            .ok_or_else(|| Error::usage("missing field `max_vertices`"))?,
                    )
                }
            };
            if shaped.is_some() && min_vertices > max_vertices {
                return Err(Error::usage(format!(
                    "min_size ({min_vertices}) is above max_size ({max_vertices})"
                )));
            }
            JobKind::Census(CensusJob {
                ruleset,
                family: match (
                    raw.family.as_deref().map(str::parse).transpose()?,
                    raw.boards,
                    raw.seed,
                ) {
                    (Some(Family::Map { boards, seed }), b, s) => Family::Map {
                        boards: b.unwrap_or(boards),
                        seed: s.unwrap_or(seed),
                    },
                    (_, Some(_), _) | (_, _, Some(_)) => {
                        return Err(Error::usage("boards and seed belong to family = \"map\""));
                    }
                    (f, None, None) => f.unwrap_or(Family::All),
                },
                min_vertices,
                max_vertices,
                connected: raw.connected.unwrap_or(false),
                colours: raw.colours.unwrap_or(0),
                skip_reduced: raw.skip_reduced.unwrap_or(false),
                table_cap: raw.table_cap,
                max_extra: raw.max_extra.unwrap_or(0),
                misere: raw.misere.unwrap_or(false),
                tally,
                keep: raw.keep,
                multiplicity: raw.multiplicity.unwrap_or(1),
                shape_vertices: shaped.and(raw.max_vertices),
                edge_colours: raw.edge_colours,
            })
        }
        "octal-sweep" => {
            let foreign = present(&[
                ("rules", raw.rules.is_some()),
                ("family", raw.family.is_some()),
                ("min_vertices", raw.min_vertices.is_some()),
                ("max_vertices", raw.max_vertices.is_some()),
                ("min_size", raw.min_size.is_some()),
                ("max_size", raw.max_size.is_some()),
                ("connected", raw.connected.is_some()),
                ("colours", raw.colours.is_some()),
                ("skip_reduced", raw.skip_reduced.is_some()),
                ("table_cap", raw.table_cap.is_some()),
                ("max_extra", raw.max_extra.is_some()),
                ("misere", raw.misere.is_some()),
                ("boards", raw.boards.is_some()),
                ("seed", raw.seed.is_some()),
                ("tally", raw.tally.is_some()),
                ("keep", raw.keep.is_some()),
                ("multiplicity", raw.multiplicity.is_some()),
                ("edge_colours", raw.edge_colours.is_some()),
            ]);
            if !foreign.is_empty() {
                return Err(Error::usage(format!(
                    "{} belong to a census, not to kind = \"octal-sweep\"",
                    foreign.join(", ")
                )));
            }
            let leading = raw.leading.unwrap_or_else(|| vec![0]);
            if leading.is_empty() {
                return Err(Error::usage(
                    "leading = []: list at least one digit (0 or 4)",
                ));
            }
            if let Some((i, d)) = leading
                .iter()
                .enumerate()
                .find(|(i, d)| leading[..*i].contains(d))
            {
                return Err(Error::usage(format!(
                    "leading = {leading:?}: {d} is listed twice (entries {} and {}); list \
                     each digit once (a repeated one would write its games' rows twice)",
                    leading.iter().position(|x| x == d).expect("found") + 1,
                    i + 1
                )));
            }
            JobKind::OctalSweep(SweepJob {
                max_digits: raw
                    .max_digits
                    .ok_or_else(|| Error::usage("missing field `max_digits`"))?,
                leading,
                max_n: raw
                    .max_n
                    .ok_or_else(|| Error::usage("missing field `max_n`"))?,
            })
        }
        other => {
            return Err(Error::usage(format!(
                "kind = {other:?}: the kinds are \"census\" and \"octal-sweep\""
            )));
        }
    };
    Ok(JobSpec {
        name: raw.name,
        output: raw.output,
        kind,
        source: None,
    })
}

/// The largest job file read: 1 MiB. A job is a few lines of TOML (the shipped ones
/// have at most 1.3 kB), and its text is copied into every sidecar; reading stops past
/// this size, so a device or a FIFO (`run /dev/zero`) is refused at once instead of
/// being read without end.
pub const MAX_JOB_FILE: u64 = 1 << 20;

impl JobSpec {
    /// Reads and parses a job file (at most [`MAX_JOB_FILE`] bytes); every problem is a
    /// usage error naming the file.
    pub fn load(path: &Path) -> Result<JobSpec> {
        use std::io::Read;
        let cannot = |e: std::io::Error| {
            Error::usage(format!("cannot read job file {}: {e}", path.display()))
        };
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_JOB_FILE + 1).read_to_end(&mut bytes))
            .map_err(cannot)?;
        if bytes.len() as u64 > MAX_JOB_FILE {
            return Err(Error::usage(format!(
                "job file {} is larger than {} MiB: a job file is a few lines of TOML",
                path.display(),
                MAX_JOB_FILE >> 20
            )));
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| Error::usage(format!("job file {} is not UTF-8 text", path.display())))?;
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        let mut spec = JobSpec::parse_in(&text, dir)
            .map_err(|e| Error::usage(format!("job file {}: {e}", path.display())))?;
        spec.source = Some((path.to_path_buf(), text));
        Ok(spec)
    }

    /// The census, if this is a census job.
    pub fn census(&self) -> Option<&CensusJob> {
        match &self.kind {
            JobKind::Census(c) => Some(c),
            JobKind::OctalSweep(_) => None,
        }
    }

    /// Parses a job from TOML text.
    pub fn parse(text: &str) -> Result<JobSpec> {
        Self::parse_in(text, None)
    }

    /// [`JobSpec::parse`] of a job file in the folder `dir` (a `file:` rules path is
    /// relative to it).
    pub fn parse_in(text: &str, dir: Option<&Path>) -> Result<JobSpec> {
        let raw: RawJob = toml::from_str(text).map_err(|e| {
            // One line: the position, then the parser's message.
            let at = e.span().map(|s| {
                let before = &text[..s.start.min(text.len())];
                let line = before.matches('\n').count() + 1;
                let col = before.len() - before.rfind('\n').map_or(0, |p| p + 1) + 1;
                format!("line {line}, column {col}: ")
            });
            Error::usage(format!("{}{}", at.unwrap_or_default(), e.message().trim()))
        })?;
        validate(raw, dir)
    }

    /// Output path: `output`, or `results/<name>.csv`.
    pub fn output_path(&self) -> PathBuf {
        self.output
            .clone()
            .unwrap_or_else(|| PathBuf::from(format!("results/{}.csv", self.name)))
    }
}

/// Checks the `tally` key of a job on its own (the columns are checked against the
/// ruleset's when the census starts).
pub fn check_tally_spec(tally: &[Vec<String>]) -> Result<()> {
    for (i, group) in tally.iter().enumerate() {
        if group.is_empty() {
            return Err(Error::usage(format!(
                "tally entry {}: list the columns to count by, e.g. tally = [[\"n\", \"outcome\"]]",
                i + 1
            )));
        }
        for c in group {
            if c.is_empty() || !c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_') {
                return Err(Error::usage(format!(
                    "tally entry {}: {c:?} is not a column name",
                    i + 1
                )));
            }
        }
        if let Some((c, first, second)) = crate::solving::columns::repeated(group) {
            return Err(Error::usage(format!(
                "tally entry {}: column {c:?} is listed twice (names {} and {}); list each \
                 column once",
                i + 1,
                first + 1,
                second + 1
            )));
        }
        if tally[..i].contains(group) {
            return Err(Error::usage(format!(
                "tally entry {} repeats an earlier one ({})",
                i + 1,
                group.join(", ")
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        let j = JobSpec::parse("name = 'x'\nrules = 'node-kayles'\nmax_vertices = 5\n").unwrap();
        let JobKind::Census(c) = &j.kind else {
            panic!("a census")
        };
        assert_eq!(c.family, Family::All);
        assert_eq!(c.min_vertices, 1);
        assert_eq!(j.output_path(), PathBuf::from("results/x.csv"));
        let e =
            JobSpec::parse("name = 'x'\nrules = 'node-kayles'\nmax_vertices = 5\nmax_vertex = 3\n")
                .unwrap_err();
        assert!(e.to_string().contains("max_vertex"), "{e}");
        let e = JobSpec::parse("name = 'x'\nrules = 'node-kayles'\n").unwrap_err();
        assert!(e.to_string().contains("max_vertices"), "{e}");
        let e = JobSpec::parse(
            "name = 'x'\nrules = 'node-kayles'\nmax_vertices = 5\nfamily = 'hypercube'\n",
        )
        .unwrap_err();
        assert!(e.to_string().contains("hypercube"), "{e}");
        assert!(JobSpec::parse("name = [").is_err());
        // The rules are resolved when the job is read.
        let e = JobSpec::parse("name = 'x'\nrules = 'r'\nmax_vertices = 5\n").unwrap_err();
        assert!(e.to_string().contains("unknown rules"), "{e}");
        let j = JobSpec::parse("name = 's'\nkind = 'octal-sweep'\nmax_digits = 2\nmax_n = 100\n")
            .unwrap();
        assert!(matches!(
            j.kind,
            JobKind::OctalSweep(SweepJob {
                max_digits: 2,
                max_n: 100,
                ..
            })
        ));
        let e = JobSpec::parse(
            "name = 's'\nkind = 'octal-sweep'\nmax_digits = 2\nmax_n = 9\nrules = 'x'\n",
        )
        .unwrap_err();
        assert!(e.to_string().contains("rules belong to a census"), "{e}");
        let e = JobSpec::parse("name = 's'\nkind = 'octal'\n").unwrap_err();
        assert!(e.to_string().contains("kinds are"), "{e}");
    }
}

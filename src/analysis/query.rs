//! One pass over the rows of a table answering everything a query asks: groups with
//! counts, conjecture checks with their smallest counterexamples, the smallest row of
//! each distinct value, and a sequence for periodicity. Chunks of lines are processed in
//! parallel, each into its own partial results, which are merged; memory does not grow
//! with the number of rows (except for `--sequence`, which keeps one value per row).

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

use rayon::prelude::*;

use super::expr::{Compiled, GameCache, Row, Scope, Val, truth};
use super::table::{Chunk, Table, Torn, for_each_line, split_into, utf8};
use crate::error::{Error, Result};
use crate::octal::period::{Pattern, find_pattern};
use crate::solving::{Column, ColumnType};

/// What to compute.
#[derive(Clone, Debug, Default)]
pub struct Query {
    /// Group by these columns (CSV or derived): one list per grouping, all counted in
    /// the same pass (`--by` gives one).
    pub groupings: Vec<Vec<String>>,
    /// Only rows where this holds.
    pub filter: Option<String>,
    /// Conjectures to check on every (filtered) row.
    pub checks: Vec<String>,
    /// For each distinct value of this column or expression, the smallest row.
    pub first_of: Option<String>,
    /// `(value, index)`: the sequence of `value` by `index`, for periodicity.
    pub sequence: Option<(String, String)>,
    /// Counterexamples kept per check (the smallest).
    pub examples: usize,
}

/// A group: its key (one cell per `by` column) and its count.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The cells, as text.
    pub key: Vec<String>,
    /// Rows in the group.
    pub count: u64,
}

/// The groups of one grouping.
#[derive(Clone, Debug, PartialEq)]
pub struct Grouping {
    /// The columns grouped by.
    pub by: Vec<String>,
    /// Groups in key order (typed: numbers numerically, then text).
    pub groups: Vec<Group>,
}

/// The result of one check.
#[derive(Clone, Debug)]
pub struct Check {
    /// The predicate.
    pub expr: String,
    /// Rows where it holds.
    pub holds: u64,
    /// Rows where it does not.
    pub violates: u64,
    /// The smallest rows where it does not (whole CSV lines), smallest first.
    pub counterexamples: Vec<String>,
}

/// The periodicity of a sequence.
#[derive(Clone, Debug)]
pub struct Sequence {
    /// The value column or expression.
    pub value: String,
    /// The index column.
    pub index: String,
    /// First and last index.
    pub range: (i64, i64),
    /// Whether the values are integers (so arithmetic periodicity was looked for).
    pub arithmetic: bool,
    /// The pattern found (periodic from `preperiod`, as an index), with its whole
    /// repeats; `None` if no period shows.
    pub pattern: Option<(Pattern, usize)>,
    /// Indices before the preperiod where G(n + p) differs from G(n) + s.
    pub exceptions: Vec<i64>,
}

/// Everything a query found.
#[derive(Clone, Debug)]
pub struct Results {
    /// The files read.
    pub files: Vec<PathBuf>,
    /// Their header.
    pub header: Vec<String>,
    /// Rows read.
    pub rows: u64,
    /// Rows where the filter holds (all rows without one).
    pub matched: u64,
    /// Torn last lines, skipped.
    pub torn: Vec<Torn>,
    /// One per grouping of the query.
    pub groupings: Vec<Grouping>,
    /// One per check.
    pub checks: Vec<Check>,
    /// `(value, smallest row)` for `--first-of`, in value order.
    pub first_of: Vec<(String, String)>,
    /// The sequence, for `--sequence`.
    pub sequence: Option<Sequence>,
    /// Wall time.
    pub seconds: f64,
    /// Bytes of rows read.
    pub bytes: u64,
}

/// The order of "smallest" rows: fewest vertices, then fewest edges, then graph6 and
/// colouring order; rows without these columns in file order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct PosKey {
    n: i64,
    m: i64,
    graph6: Vec<u8>,
    colouring: Vec<u8>,
    file: usize,
    offset: usize,
}

/// A cell of a key in the typed order: empty, then numbers by value, then text.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum SortCell {
    Empty,
    Number(i128, u32),
    Text(String),
}

pub(crate) fn sort_cell(s: &str) -> SortCell {
    if s.is_empty() {
        return SortCell::Empty;
    }
    if let Ok(i) = s.parse::<i64>() {
        return SortCell::Number((i as i128) << 64, 0);
    }
    if let Some((a, b)) = s.split_once('/')
        && let (Ok(a), Ok(b)) = (a.parse::<i64>(), b.parse::<u64>())
        && b.is_power_of_two()
    {
        let k = b.trailing_zeros();
        return SortCell::Number(((a as i128) << 64) >> k, k);
    }
    SortCell::Text(s.to_string())
}

/// Counts of one check: rows that hold, rows that violate, the smallest violations.
type CheckCounts = (u64, u64, Vec<(PosKey, String)>);

/// Partial results of some chunks.
#[derive(Default)]
struct Partial {
    rows: u64,
    matched: u64,
    groups: Vec<HashMap<Vec<u8>, u64>>,
    checks: Vec<CheckCounts>,
    first: HashMap<Vec<u8>, (PosKey, String)>,
    sequence: Vec<(i64, SeqValue)>,
    error: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum SeqValue {
    Int(i64),
    Text(String),
}

/// One grouping, compiled: its expressions, and the CSV columns when they are plain
/// columns (then keys are the raw fields: no evaluation per row).
struct GroupPlan {
    exprs: Vec<Compiled>,
    plain: Option<Vec<usize>>,
}

/// The compiled query.
struct Plan {
    groupings: Vec<GroupPlan>,
    filter: Option<Compiled>,
    checks: Vec<Compiled>,
    first_of: Option<Compiled>,
    /// `first_of` when it is a plain column.
    first_plain: Option<usize>,
    sequence: Option<(Compiled, Compiled)>,
    examples: usize,
    last: usize,
    n: Option<usize>,
    m: Option<usize>,
    graph6: Option<usize>,
    colouring: Option<usize>,
}

fn keep_smallest(v: &mut Vec<(PosKey, String)>, k: usize) {
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v.truncate(k);
}

impl Partial {
    fn merge(mut self, o: Partial, examples: usize) -> Partial {
        self.rows += o.rows;
        self.matched += o.matched;
        if self.groups.is_empty() {
            self.groups = o.groups;
        } else {
            for (mine, theirs) in self.groups.iter_mut().zip(o.groups) {
                for (k, c) in theirs {
                    *mine.entry(k).or_insert(0) += c;
                }
            }
        }
        if self.checks.is_empty() {
            self.checks = o.checks;
        } else {
            for (a, b) in self.checks.iter_mut().zip(o.checks) {
                a.0 += b.0;
                a.1 += b.1;
                a.2.extend(b.2);
                keep_smallest(&mut a.2, examples);
            }
        }
        for (k, v) in o.first {
            match self.first.get(&k) {
                Some(mine) if mine.0 <= v.0 => {}
                _ => {
                    self.first.insert(k, v);
                }
            }
        }
        self.sequence.extend(o.sequence);
        self.error = self.error.or(o.error);
        self
    }
}

/// Every column of every CSV the program writes (census, octal sequence, octal sweep).
pub fn known_columns() -> impl Iterator<Item = &'static Column> {
    crate::solving::columns::CENSUS
        .iter()
        .chain(crate::jobs::octal::COLUMNS.iter())
        .chain(crate::jobs::sweep::COLUMNS.iter())
}

/// The types of the columns of `header`, by name (unknown names are text).
pub fn header_types(header: &[String]) -> Vec<ColumnType> {
    header
        .iter()
        .map(|h| {
            known_columns()
                .find(|c| c.name == h)
                .map_or(ColumnType::Text, |c| c.ty)
        })
        .collect()
}

/// Runs `query` over the CSV files (read as one table).
pub fn run(files: &[PathBuf], query: &Query) -> Result<Results> {
    let start = Instant::now();
    let table = Table::open(files)?;
    let scope = Scope {
        header: &table.header,
        types: header_types(&table.header),
    };
    let plan = compile(&scope, &table, query)?;
    let chunks = table.chunks(8 << 20);
    let partial = chunks
        .par_iter()
        .map(|&c| process(&table, &plan, c))
        .reduce(Partial::default, |a, b| a.merge(b, plan.examples));
    if let Some(e) = partial.error {
        return Err(Error::usage(e));
    }
    let groupings = plan
        .groupings
        .iter()
        .zip(query.groupings.iter())
        .zip(
            partial
                .groups
                .into_iter()
                .chain(std::iter::repeat_with(HashMap::new)),
        )
        .map(|((gp, by), counts)| {
            let mut groups: Vec<Group> = counts
                .into_iter()
                .map(|(k, count)| Group {
                    key: if gp.exprs.is_empty() {
                        Vec::new()
                    } else {
                        k.split(|&b| b == 0x1f)
                            .map(|c| utf8(c).into_owned())
                            .collect()
                    },
                    count,
                })
                .collect();
            groups.sort_by_cached_key(|g| g.key.iter().map(|c| sort_cell(c)).collect::<Vec<_>>());
            Grouping {
                by: by.clone(),
                groups,
            }
        })
        .collect();
    let checks = plan
        .checks
        .iter()
        .zip(
            partial
                .checks
                .into_iter()
                .chain(std::iter::repeat_with(Default::default)),
        )
        .map(|(c, (holds, violates, ex))| Check {
            expr: c.text.clone(),
            holds,
            violates,
            counterexamples: ex.into_iter().map(|(_, line)| line).collect(),
        })
        .collect();
    let mut first_of: Vec<(String, String)> = partial
        .first
        .into_iter()
        .map(|(k, (_, line))| (utf8(&k).into_owned(), line))
        .collect();
    first_of.sort_by_cached_key(|(k, _)| sort_cell(k));
    let sequence = match &plan.sequence {
        Some((v, i)) => Some(sequence(partial.sequence, &v.text, &i.text)?),
        None => None,
    };
    Ok(Results {
        files: files.to_vec(),
        header: table.header.clone(),
        rows: partial.rows,
        matched: partial.matched,
        torn: table.torn(),
        groupings,
        checks,
        first_of,
        sequence,
        seconds: start.elapsed().as_secs_f64(),
        bytes: table.row_bytes(),
    })
}

fn compile(scope: &Scope, table: &Table, q: &Query) -> Result<Plan> {
    let groupings: Vec<GroupPlan> = q
        .groupings
        .iter()
        .map(|by| -> Result<GroupPlan> {
            let exprs: Vec<Compiled> = by
                .iter()
                .map(|b| scope.compile(b, false))
                .collect::<Result<_>>()?;
            let plain = exprs
                .iter()
                .map(|c| match c.expr {
                    super::expr::Expr::Column(i, _) => Some(i),
                    _ => None,
                })
                .collect();
            Ok(GroupPlan { exprs, plain })
        })
        .collect::<Result<_>>()?;
    let filter = q
        .filter
        .as_deref()
        .map(|f| scope.compile(f, true))
        .transpose()?;
    let checks: Vec<Compiled> = q
        .checks
        .iter()
        .map(|c| scope.compile(c, true))
        .collect::<Result<_>>()?;
    let first_of = q
        .first_of
        .as_deref()
        .map(|f| scope.compile(f, false))
        .transpose()?;
    let sequence = match &q.sequence {
        Some((v, i)) => {
            let index = scope.compile(i, false)?;
            if index.ty != super::expr::Ty::Int {
                return Err(Error::usage(format!(
                    "--index {i}: the index must be an integer column (such as n)"
                )));
            }
            Some((scope.compile(v, false)?, index))
        }
        None => None,
    };
    let all: Vec<&Compiled> = groupings
        .iter()
        .flat_map(|g| &g.exprs)
        .chain(&filter)
        .chain(&checks)
        .chain(&first_of)
        .chain(sequence.iter().flat_map(|(a, b)| [a, b]))
        .collect();
    let (n, m, graph6, colouring) = (
        table.column("n"),
        table.column("m"),
        table.column("graph6"),
        table.column("colouring"),
    );
    let mut last = all.iter().filter_map(|c| c.last_column).max().unwrap_or(0);
    if !checks.is_empty() || first_of.is_some() {
        // The order of "smallest" rows reads these.
        for i in [n, m, graph6, colouring].into_iter().flatten() {
            last = last.max(i);
        }
    }
    let first_plain = first_of.as_ref().and_then(|c| match c.expr {
        super::expr::Expr::Column(i, _) => Some(i),
        _ => None,
    });
    Ok(Plan {
        first_plain,
        groupings,
        filter,
        checks,
        first_of,
        sequence,
        examples: q.examples,
        last,
        n,
        m,
        graph6,
        colouring,
    })
}

fn process(table: &Table, plan: &Plan, chunk: Chunk) -> Partial {
    let data = table.bytes(chunk.file);
    let mut p = Partial {
        checks: vec![(0, 0, Vec::new()); plan.checks.len()],
        groups: vec![HashMap::new(); plan.groupings.len()],
        ..Partial::default()
    };
    let mut fields: Vec<Cow<[u8]>> = Vec::new();
    let mut cache = GameCache::default();
    let mut key = Vec::with_capacity(64);
    let width = table.header.len();
    for_each_line(data, chunk, |at, line| {
        if p.error.is_some() {
            return;
        }
        let fail = |msg: String| {
            format!(
                "{} line {}: {msg}",
                table.path(chunk.file).display(),
                table.line_number(chunk.file, at)
            )
        };
        p.rows += 1;
        if !split_into(line, plan.last, &mut fields)
            || (fields.len() < width && fields.len() <= plan.last)
        {
            p.error = Some(fail(format!(
                "not a row of {} fields (a quote is not closed, or fields are missing)",
                width
            )));
            return;
        }
        let mut row = Row {
            fields: &fields,
            graph: None,
            graph6: plan.graph6,
            colouring: plan.colouring,
            cache: &mut cache,
        };
        let result = (|| -> std::result::Result<(), String> {
            if let Some(f) = &plan.filter
                && !truth(&row.eval(&f.expr)?)
            {
                return Ok(());
            }
            p.matched += 1;
            for (gi, gp) in plan.groupings.iter().enumerate() {
                key.clear();
                match &gp.plain {
                    Some(cols) => {
                        for (k, &i) in cols.iter().enumerate() {
                            if k > 0 {
                                key.push(0x1f);
                            }
                            key.extend_from_slice(row.fields.get(i).map_or(&[][..], |f| &f[..]));
                        }
                    }
                    None => {
                        for (k, b) in gp.exprs.iter().enumerate() {
                            if k > 0 {
                                key.push(0x1f);
                            }
                            key.extend_from_slice(row.eval(&b.expr)?.to_string().as_bytes());
                        }
                    }
                }
                match p.groups[gi].get_mut(&key[..]) {
                    Some(c) => *c += 1,
                    None => {
                        p.groups[gi].insert(key.clone(), 1);
                    }
                }
            }
            let pos = |row: &Row| PosKey {
                n: plan
                    .n
                    .and_then(|i| utf8(&row.fields[i]).parse().ok())
                    .unwrap_or(0),
                m: plan
                    .m
                    .and_then(|i| utf8(&row.fields[i]).parse().ok())
                    .unwrap_or(0),
                graph6: plan
                    .graph6
                    .map(|i| row.fields[i].to_vec())
                    .unwrap_or_default(),
                colouring: plan
                    .colouring
                    .map(|i| row.fields[i].to_vec())
                    .unwrap_or_default(),
                file: chunk.file,
                offset: at,
            };
            for (i, c) in plan.checks.iter().enumerate() {
                if truth(&row.eval(&c.expr)?) {
                    p.checks[i].0 += 1;
                } else {
                    p.checks[i].1 += 1;
                    let ex = &mut p.checks[i].2;
                    ex.push((pos(&row), utf8(line).into_owned()));
                    if ex.len() > 4 * plan.examples.max(1) {
                        keep_smallest(ex, plan.examples);
                    }
                }
            }
            if let Some(f) = &plan.first_of {
                key.clear();
                match plan.first_plain {
                    Some(i) => key.extend_from_slice(row.fields.get(i).map_or(&[][..], |f| &f[..])),
                    None => key.extend_from_slice(row.eval(&f.expr)?.to_string().as_bytes()),
                }
                match p.first.get_mut(&key[..]) {
                    Some((old, old_line)) => {
                        // Rows come roughly by size: most are no smaller, and are
                        // dismissed on (n, m) alone.
                        let n = plan
                            .n
                            .and_then(|i| utf8(&row.fields[i]).parse().ok())
                            .unwrap_or(0);
                        let m = plan
                            .m
                            .and_then(|i| utf8(&row.fields[i]).parse().ok())
                            .unwrap_or(0);
                        if (n, m) <= (old.n, old.m) {
                            let k = pos(&row);
                            if k < *old {
                                *old = k;
                                *old_line = utf8(line).into_owned();
                            }
                        }
                    }
                    None => {
                        p.first
                            .insert(key.clone(), (pos(&row), utf8(line).into_owned()));
                    }
                }
            }
            if let Some((v, i)) = &plan.sequence {
                let index = match row.eval(&i.expr)? {
                    Val::Int(i) => i,
                    other => return Err(format!("the index is {other:?}, not an integer")),
                };
                let value = match row.eval(&v.expr)? {
                    Val::Int(x) => SeqValue::Int(x),
                    Val::Game(g) if g.as_number().is_some_and(|x| x.is_integer()) => {
                        SeqValue::Int(g.as_number().expect("a number").num())
                    }
                    other => SeqValue::Text(other.to_string()),
                };
                p.sequence.push((index, value));
            }
            Ok(())
        })();
        if let Err(e) = result {
            p.error = Some(fail(e));
        }
    });
    for c in &mut p.checks {
        keep_smallest(&mut c.2, plan.examples);
    }
    p
}

fn sequence(mut values: Vec<(i64, SeqValue)>, value: &str, index: &str) -> Result<Sequence> {
    values.sort_by_key(|(i, _)| *i);
    if values.is_empty() {
        return Err(Error::usage(format!(
            "--sequence {value} --index {index}: no rows"
        )));
    }
    for w in values.windows(2) {
        if w[1].0 == w[0].0 {
            return Err(Error::usage(format!(
                "--index {index}: {} occurs twice; filter the rows to one sequence (--where)",
                w[0].0
            )));
        }
        if w[1].0 != w[0].0 + 1 {
            return Err(Error::usage(format!(
                "--index {index}: the values jump from {} to {}; a sequence needs every index",
                w[0].0, w[1].0
            )));
        }
    }
    let first = values[0].0;
    let arithmetic = values.iter().all(|(_, v)| matches!(v, SeqValue::Int(_)));
    let ids: Vec<i64> = if arithmetic {
        values
            .iter()
            .map(|(_, v)| match v {
                SeqValue::Int(x) => *x,
                SeqValue::Text(_) => unreachable!("all integers"),
            })
            .collect()
    } else {
        let mut intern: HashMap<&SeqValue, i64> = HashMap::new();
        values
            .iter()
            .map(|(_, v)| {
                let k = intern.len() as i64;
                *intern.entry(v).or_insert(k)
            })
            .collect()
    };
    let pattern = find_pattern(&ids, arithmetic);
    let exceptions = match pattern {
        Some((pat, _)) => (0..pat.preperiod)
            .filter(|&n| {
                n + pat.period < ids.len()
                    && ids[n + pat.period] as i128 != ids[n] as i128 + pat.saltus as i128
            })
            .map(|n| n as i64 + first)
            .collect(),
        None => Vec::new(),
    };
    let pattern = pattern.map(|(mut pat, r)| {
        pat.preperiod = (pat.preperiod as i64 + first) as usize;
        (pat, r)
    });
    Ok(Sequence {
        value: value.to_string(),
        index: index.to_string(),
        range: (first, values.last().expect("non-empty").0),
        arithmetic,
        pattern,
        exceptions,
    })
}

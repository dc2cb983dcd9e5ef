//! What a run did, for the end-of-run report on stderr and the sidecar: rows, time,
//! rate, table sizes, and per-ruleset tallies of the rows (for all-small rulesets, the
//! atomic weights by number of vertices and the rows whose weight is not an integer:
//! RULES.md's open question). Tallies are kept per unit of work and merged in unit
//! order, so they do not depend on the thread count.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::graphs::Position;
use crate::solving::{Cell, Evaluation, Schema};

/// Rows with a non-integer atomic weight listed in the summary (all are in the CSV).
pub const LISTED: usize = 10;

/// What a run did.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The output path.
    pub out: PathBuf,
    /// Rows in the file at the end (resumed rows included).
    pub rows: u64,
    /// Rows that were already there when the run started.
    pub resumed: u64,
    /// Wall time of this run.
    pub seconds: f64,
    /// Census jobs: entries of the canonical transposition table, and of the labelled
    /// memo of small graphs.
    pub tables: Option<(usize, usize)>,
    /// What a row is: "positions" (census) or "games" (octal sweep).
    pub unit: &'static str,
    /// Tallies of the new rows.
    pub tally: Tally,
    /// The output was complete already; nothing was computed.
    pub already_complete: bool,
}

impl Summary {
    /// The report printed at the end of a run (and kept in the sidecar).
    pub fn text(&self) -> String {
        if self.already_complete {
            return format!(
                "{} is already complete ({} rows from this job): nothing to do \
                 (use --force to compute it again)",
                self.out.display(),
                self.rows
            );
        }
        let new = self.rows - self.resumed;
        let mut s = format!(
            "{} rows{} -> {} in {:.2} s ({:.0} {}/s)",
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
        );
        if let Some((table, memo)) = self.tables {
            s.push_str(&format!(
                "\ntables: {table} components by canonical key{}",
                if memo > 0 {
                    format!(", {memo} small graphs by labelled adjacency")
                } else {
                    String::new()
                }
            ));
        }
        if let Some(w) = &self.tally.weights {
            s.push('\n');
            s.push_str(&w.text(&self.out));
        }
        if let Some(w) = &self.tally.winners {
            s.push('\n');
            s.push_str(&w.text());
        }
        s
    }
}

/// Tallies of rows, by what the ruleset's columns hold.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Atomic weights (all-small rulesets).
    pub weights: Option<WeightTally>,
    /// Winners of scoring games.
    pub winners: Option<WinnerTally>,
}

impl Tally {
    /// An empty tally for rows of `schema`.
    pub fn for_schema(schema: &Schema) -> Tally {
        Tally {
            weights: schema.index("atomic_weight").map(|i| {
                let value = schema.index("value").expect("a value column");
                WeightTally::new(i - schema.position_columns, value - schema.position_columns)
            }),
            winners: schema
                .index("winner")
                .map(|i| WinnerTally::new(i - schema.position_columns)),
        }
    }

    /// Counts one row.
    pub fn add(&mut self, pos: &Position, eval: &Evaluation) {
        if let Some(w) = self.weights.as_mut() {
            w.add(pos, eval);
        }
        if let Some(w) = self.winners.as_mut() {
            w.add(pos, eval);
        }
    }

    /// Adds a later unit's tally.
    pub fn merge(&mut self, other: Tally) {
        if let (Some(a), Some(b)) = (self.weights.as_mut(), other.weights) {
            a.merge(b);
        }
        if let (Some(a), Some(b)) = (self.winners.as_mut(), other.winners) {
            a.merge(b);
        }
    }
}

/// Atomic weights of rows by number of vertices.
#[derive(Clone, Debug)]
pub struct WeightTally {
    cell: usize,
    value_cell: usize,
    /// `by_n[n][weight]`: integer weights by value; others under their notation.
    pub by_n: BTreeMap<usize, BTreeMap<WeightKey, u64>>,
    /// Rows whose weight is not an integer.
    pub non_integer: u64,
    /// The first [`LISTED`] of them: `graph6 colouring value atomic_weight`.
    pub examples: Vec<String>,
}

/// An atomic weight as tallied: integers first, in order, then other values by their
/// notation, then "none".
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum WeightKey {
    /// An integer weight.
    Integer(i64),
    /// Any other weight, in the value notation.
    Other(String),
    /// No atomic weight.
    None,
}

impl std::fmt::Display for WeightKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WeightKey::Integer(i) => write!(f, "{i}"),
            WeightKey::Other(s) => write!(f, "{s}"),
            WeightKey::None => write!(f, "none"),
        }
    }
}

impl WeightTally {
    fn new(cell: usize, value_cell: usize) -> WeightTally {
        WeightTally {
            cell,
            value_cell,
            by_n: BTreeMap::new(),
            non_integer: 0,
            examples: Vec::new(),
        }
    }

    fn add(&mut self, pos: &Position, eval: &Evaluation) {
        let key = match &eval.cells[self.cell] {
            Cell::Game(w) => match w.as_number().filter(|x| x.is_integer()) {
                Some(x) => WeightKey::Integer(x.num()),
                None => WeightKey::Other(w.to_string()),
            },
            _ => WeightKey::None,
        };
        if let WeightKey::Other(w) = &key {
            self.non_integer += 1;
            if self.examples.len() < LISTED {
                let value = eval.cells[self.value_cell].format();
                self.examples.push(format!(
                    "{} {} {value} {w}",
                    crate::graphs::to_graph6(&pos.graph),
                    pos.colouring.map(|c| c.to_string()).unwrap_or_default()
                ));
            }
        }
        *self
            .by_n
            .entry(pos.graph.n())
            .or_default()
            .entry(key)
            .or_insert(0) += 1;
    }

    fn merge(&mut self, other: WeightTally) {
        for (n, m) in other.by_n {
            let mine = self.by_n.entry(n).or_default();
            for (k, c) in m {
                *mine.entry(k).or_insert(0) += c;
            }
        }
        self.non_integer += other.non_integer;
        let room = LISTED.saturating_sub(self.examples.len());
        self.examples.extend(other.examples.into_iter().take(room));
    }

    /// Counts over all n.
    pub fn totals(&self) -> BTreeMap<WeightKey, u64> {
        let mut t = BTreeMap::new();
        for m in self.by_n.values() {
            for (k, c) in m {
                *t.entry(k.clone()).or_insert(0) += c;
            }
        }
        t
    }

    /// The table of counts by n (integer weights, then one column for all others),
    /// and the rows with non-integer weights.
    pub fn text(&self, csv: &std::path::Path) -> String {
        let totals = self.totals();
        let keys: Vec<WeightKey> = totals
            .keys()
            .filter(|k| !matches!(k, WeightKey::Other(_)))
            .cloned()
            .collect();
        let others = self.non_integer > 0;
        let cell = |m: &BTreeMap<WeightKey, u64>, k: &WeightKey| m.get(k).copied().unwrap_or(0);
        let other_count = |m: &BTreeMap<WeightKey, u64>| -> u64 {
            m.iter()
                .filter(|(k, _)| matches!(k, WeightKey::Other(_)))
                .map(|(_, c)| c)
                .sum()
        };
        let mut header: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
        if others {
            header.push("other".to_string());
        }
        let mut lines: Vec<(String, Vec<u64>)> = self
            .by_n
            .iter()
            .map(|(n, m)| {
                let mut row: Vec<u64> = keys.iter().map(|k| cell(m, k)).collect();
                if others {
                    row.push(other_count(m));
                }
                (format!("n = {n}"), row)
            })
            .collect();
        let mut all: Vec<u64> = keys.iter().map(|k| cell(&totals, k)).collect();
        if others {
            all.push(self.non_integer);
        }
        lines.push(("all".to_string(), all));
        let width = |i: usize| {
            lines
                .iter()
                .map(|(_, r)| r[i].to_string().len())
                .chain([header[i].len()])
                .max()
                .unwrap_or(1)
        };
        let widths: Vec<usize> = (0..header.len()).map(width).collect();
        let mut s = String::from("atomic weights of the new rows, by number of vertices:\n");
        s.push_str(&format!("{:8}", ""));
        for (h, w) in header.iter().zip(&widths) {
            s.push_str(&format!(" {h:>w$}"));
        }
        for (label, row) in &lines {
            s.push_str(&format!("\n{label:8}"));
            for (c, w) in row.iter().zip(&widths) {
                s.push_str(&format!(" {c:>w$}"));
            }
        }
        if self.non_integer == 0 {
            s.push_str("\nnon-integer atomic weights: none");
        } else {
            s.push_str(&format!(
                "\nnon-integer atomic weights: {} rows (all in {}); the first {}:",
                self.non_integer,
                csv.display(),
                self.examples.len()
            ));
            for e in &self.examples {
                s.push_str(&format!("\n  {e}"));
            }
        }
        s
    }
}

/// Winners of a scoring game's boards, by number of vertices and by largest degree: how
/// many boards the first player wins, the second wins, and how many are draws.
#[derive(Clone, Debug)]
pub struct WinnerTally {
    cell: usize,
    /// `[first, second, draw]` by n.
    pub by_n: BTreeMap<usize, [u64; 3]>,
    /// `[first, second, draw]` by the board's largest vertex degree.
    pub by_max_degree: BTreeMap<usize, [u64; 3]>,
}

impl WinnerTally {
    fn new(cell: usize) -> WinnerTally {
        WinnerTally {
            cell,
            by_n: BTreeMap::new(),
            by_max_degree: BTreeMap::new(),
        }
    }

    fn add(&mut self, pos: &Position, eval: &Evaluation) {
        let k = match &eval.cells[self.cell] {
            Cell::Text(w) if w == "first" => 0,
            Cell::Text(w) if w == "second" => 1,
            _ => 2,
        };
        let g = &pos.graph;
        let d = (0..g.n()).map(|v| g.degree(v)).max().unwrap_or(0);
        self.by_n.entry(g.n()).or_default()[k] += 1;
        self.by_max_degree.entry(d).or_default()[k] += 1;
    }

    fn merge(&mut self, other: WinnerTally) {
        for (mine, theirs) in [
            (&mut self.by_n, other.by_n),
            (&mut self.by_max_degree, other.by_max_degree),
        ] {
            for (k, c) in theirs {
                let e = mine.entry(k).or_default();
                for i in 0..3 {
                    e[i] += c[i];
                }
            }
        }
    }

    /// Two small tables.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for (title, map, label) in [
            (
                "winners of the new rows by number of vertices:",
                &self.by_n,
                "n",
            ),
            (
                "winners by largest degree:",
                &self.by_max_degree,
                "max degree",
            ),
        ] {
            s.push_str(&format!(
                "{title}\n{label:>10}  {:>8} {:>8} {:>8}\n",
                "first", "second", "draw"
            ));
            let mut total = [0u64; 3];
            for (k, c) in map {
                s.push_str(&format!("{k:>10}  {:>8} {:>8} {:>8}\n", c[0], c[1], c[2]));
                for i in 0..3 {
                    total[i] += c[i];
                }
            }
            s.push_str(&format!(
                "{:>10}  {:>8} {:>8} {:>8}\n",
                "all", total[0], total[1], total[2]
            ));
        }
        s.trim_end().to_string()
    }
}

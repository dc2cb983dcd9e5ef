//! The pass over one chunk of rows, into partial results that merge; and the order
//! of "smallest" rows.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::hash::FastHashMap;

use super::agg::State;
use super::plan::Plan;
use super::select::Picked;
use crate::analysis::expr::{GameCache, Row, Val, logic, truth};
use crate::analysis::fields::{split_count, split_into, utf8};
use crate::analysis::table::{Block, Table, for_each_line};
use crate::solving::ColumnType;

/// The message for a cell of column `name` that does not read as its type `ty`.
pub(super) fn not_of_type(name: &str, ty: ColumnType, cell: &str) -> String {
    format!(
        "column {name} holds {}, which is not {}: not one of our CSVs",
        crate::error::quoted(cell),
        match ty {
            ColumnType::Integer => "an integer",
            ColumnType::Outcome => "an outcome (L, R, N or P)",
            ColumnType::Value => "a game value in the value notation",
            ColumnType::Number => "a number",
            ColumnType::Graph6 => "a graph in graph6",
            ColumnType::Colouring => "a colouring (letters B, W, G)",
            ColumnType::Bool => "true or false",
            ColumnType::Text => "text",
        }
    )
}

/// Whether `cell` reads as a value of type `ty` (an empty cell is a column that does not
/// apply to the row, except for graph6). Game values are parsed through the thread's
/// cache: a census has few distinct ones.
pub(super) fn cell_reads_as(ty: ColumnType, cell: &[u8], cache: &mut GameCache) -> bool {
    if cell.is_empty() {
        return ty != ColumnType::Graph6;
    }
    let Ok(text) = std::str::from_utf8(cell) else {
        return false;
    };
    match ty {
        ColumnType::Integer => text.parse::<i64>().is_ok(),
        ColumnType::Outcome => matches!(text, "L" | "R" | "N" | "P"),
        ColumnType::Bool => matches!(text, "true" | "false"),
        ColumnType::Colouring => cell.iter().all(|b| matches!(b, b'B' | b'W' | b'G')),
        ColumnType::Graph6 => crate::graphs::parse_graph6(text).is_ok(),
        ColumnType::Value => cache.parse(text).is_ok(),
        ColumnType::Number => cache.parse(text).is_ok_and(|g| g.as_number().is_some()),
        ColumnType::Text => true,
    }
}

/// The order of "smallest" rows: fewest vertices, then fewest edges, then graph6 and
/// colouring order; rows without these columns in file order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct PosKey {
    pub(super) n: i64,
    pub(super) m: i64,
    pub(super) graph6: Vec<u8>,
    pub(super) colouring: Vec<u8>,
    pub(super) file: usize,
    pub(super) offset: usize,
}

/// Counts of one check: rows that hold, rows that violate, rows where it is unknown
/// (an empty cell), the smallest violations.
pub(super) type CheckCounts = (u64, u64, u64, Vec<(PosKey, String)>);

/// Partial results of some chunks.
#[derive(Default)]
pub(super) struct Partial {
    pub(super) rows: u64,
    pub(super) matched: u64,
    /// Rows that met a row of the joined table, and rows that met none.
    pub(super) paired: u64,
    pub(super) unpaired: u64,
    pub(super) groups: Vec<FastHashMap<Vec<u8>, u64>>,
    /// The aggregates of the first grouping's groups, by key.
    pub(super) aggs: FastHashMap<Vec<u8>, Vec<State>>,
    pub(super) checks: Vec<CheckCounts>,
    pub(super) first: HashMap<Vec<u8>, (PosKey, String)>,
    pub(super) sequence: Vec<(i64, SeqValue)>,
    /// Rows picked for `--select` / `--export`.
    pub(super) picked: Vec<Picked>,
    pub(super) error: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum SeqValue {
    Int(i64),
    Text(String),
}

pub(super) fn keep_smallest(v: &mut Vec<(PosKey, String)>, k: usize) {
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v.truncate(k);
}

impl Partial {
    pub(super) fn merge(mut self, o: Partial, plan: &Plan) -> Partial {
        let examples = plan.examples;
        if let Some(sel) = &plan.select {
            self.picked.extend(o.picked);
            sel.trim(&mut self.picked, false);
        }
        self.rows += o.rows;
        self.matched += o.matched;
        self.paired += o.paired;
        self.unpaired += o.unpaired;
        if self.groups.is_empty() {
            self.groups = o.groups;
        } else {
            for (mine, theirs) in self.groups.iter_mut().zip(o.groups) {
                for (k, c) in theirs {
                    *mine.entry(k).or_insert(0) += c;
                }
            }
        }
        for (k, states) in o.aggs {
            match self.aggs.get_mut(&k) {
                Some(mine) => {
                    for (a, b) in mine.iter_mut().zip(states) {
                        if let Err(e) = a.merge(b) {
                            self.error = self.error.take().or(Some(e));
                        }
                    }
                }
                None => {
                    self.aggs.insert(k, states);
                }
            }
        }
        if self.checks.is_empty() {
            self.checks = o.checks;
        } else {
            for (a, b) in self.checks.iter_mut().zip(o.checks) {
                a.0 += b.0;
                a.1 += b.1;
                a.2 += b.2;
                a.3.extend(b.3);
                keep_smallest(&mut a.3, examples);
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

pub(super) fn process(table: &Table, plan: &Plan, block: &Block) -> Partial {
    let mut p = Partial {
        checks: vec![(0, 0, 0, Vec::new()); plan.checks.len()],
        groups: vec![FastHashMap::default(); plan.groupings.len()],
        ..Partial::default()
    };
    let mut fields: Vec<Cow<[u8]>> = Vec::new();
    let mut cache = GameCache::default();
    let mut key = Vec::with_capacity(64);
    let mut join_key = Vec::new();
    let mut partner_fields = Vec::new();
    let width = table.header.len();
    for_each_line(block, |at, line| {
        if p.error.is_some() {
            return;
        }
        let fail = |msg: String| {
            format!(
                "{} line {}: {msg}",
                table.path(block.file).display(),
                block.line_number(at)
            )
        };
        p.rows += 1;
        // Every row must have the header's number of fields, even where the query reads
        // fewer: a cut or garbled row is an error, not a row counted under a wrong key.
        let complete = split_count(line, plan.last, &mut fields) == Some(width);
        if !complete {
            p.error = Some(fail(format!(
                "not a row of {} fields (a quote is not closed, or fields are missing or extra)",
                width
            )));
            return;
        }
        for &(i, ty) in &plan.typed {
            let cell = &fields[i];
            if !cell_reads_as(ty, cell, &mut cache) {
                p.error = Some(fail(not_of_type(&table.header[i], ty, &utf8(cell))));
                return;
            }
        }
        // A join: the partner's fields follow, and the line is both lines.
        let joined_line: Vec<u8>;
        let line: &[u8] = match &plan.join {
            None => line,
            Some(j) => {
                let partner = match j.left.of(&fields, &mut cache, &mut join_key) {
                    Err(e) => {
                        p.error = Some(fail(e));
                        return;
                    }
                    Ok(false) => None,
                    Ok(true) => j.partner(&join_key),
                };
                let Some(partner) = partner else {
                    p.unpaired += 1;
                    return;
                };
                p.paired += 1;
                split_into(partner, usize::MAX, &mut partner_fields);
                fields.append(&mut partner_fields);
                joined_line = [line, b",", partner].concat();
                &joined_line
            }
        };
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
                if gi == 0 && !plan.aggs.is_empty() {
                    let mut vals = Vec::with_capacity(plan.aggs.len());
                    for a in &plan.aggs {
                        vals.push(match &a.arg {
                            Some(c) => row.eval(&c.expr)?,
                            None => Val::Bool(true),
                        });
                    }
                    if !p.aggs.contains_key(&key[..]) {
                        p.aggs
                            .insert(key.clone(), vec![State::default(); plan.aggs.len()]);
                    }
                    let states = p.aggs.get_mut(&key[..]).expect("inserted");
                    for ((s, a), v) in states.iter_mut().zip(&plan.aggs).zip(&vals) {
                        s.add(a.fun, v).map_err(|e| {
                            let col = a.arg.as_ref().map_or("COL", |c| c.text.as_str());
                            format!("--agg {}: {}", a.text, e.replace("COL", col))
                        })?;
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
                file: block.file,
                offset: at,
            };
            for (i, c) in plan.checks.iter().enumerate() {
                match logic(&row.eval(&c.expr)?) {
                    Some(true) => p.checks[i].0 += 1,
                    None => p.checks[i].2 += 1,
                    Some(false) => {
                        p.checks[i].1 += 1;
                        let ex = &mut p.checks[i].3;
                        ex.push((pos(&row), utf8(line).into_owned()));
                        if ex.len() > 4 * plan.examples.max(1) {
                            keep_smallest(ex, plan.examples);
                        }
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
            if let Some(sel) = &plan.select {
                let picked = sel.pick(&mut row, &utf8(line), block.file, at)?;
                p.picked.push(picked);
                sel.trim(&mut p.picked, false);
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
        keep_smallest(&mut c.3, plan.examples);
    }
    p
}

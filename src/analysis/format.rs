//! Writing a query's results: an aligned table for people, CSV or JSON for scripts.
//!
//! Shares: the share of a group is its count over the rows that agree with it on every
//! `--by` column but the last (with one column: over all matching rows), so
//! `--by n,atomic_weight` gives the distribution of atomic weights within each n.

use std::collections::HashMap;
use std::io::Write;

use serde_json::json;

use super::query::{Grouping, Results};

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Aligned columns.
    Table,
    /// Comma-separated values, one section after another.
    Csv,
    /// One JSON object.
    Json,
}

/// `(count, share)` of every group of a grouping, in group order.
pub fn shares(r: &Grouping) -> Vec<(u64, f64)> {
    let k = r.by.len();
    let mut totals: HashMap<&[String], u64> = HashMap::new();
    for g in &r.groups {
        *totals.entry(&g.key[..k.saturating_sub(1)]).or_insert(0) += g.count;
    }
    r.groups
        .iter()
        .map(|g| {
            let t = totals[&g.key[..k.saturating_sub(1)]];
            (g.count, g.count as f64 / t.max(1) as f64)
        })
        .collect()
}

fn csv_line(fields: &[String]) -> String {
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    let _ = w.write_record(fields);
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

fn aligned(rows: &[Vec<String>], right: &[bool]) -> String {
    let cols = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    let width: Vec<usize> = (0..cols)
        .map(|i| {
            rows.iter()
                .map(|r| r.get(i).map_or(0, |c| c.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut s = String::new();
    for r in rows {
        let line: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if right.get(i).copied().unwrap_or(false) {
                    format!("{c:>w$}", w = width[i])
                } else {
                    format!("{c:<w$}", w = width[i])
                }
            })
            .collect();
        s.push_str(line.join("  ").trim_end());
        s.push('\n');
    }
    s
}

/// The rows of `--select` / `--export` as CSV: the header, then the rows.
pub fn selected_csv(s: &super::query::Selected) -> String {
    let mut text = csv_line(&s.header);
    for r in &s.rows {
        text.push_str(r);
        text.push('\n');
    }
    text
}

/// What a join did: rows paired, rows left out on each side.
pub fn join_line(r: &Results, j: &super::query::Joined) -> String {
    format!(
        "joined with {} ({} rows) on {}: {} rows paired; left out (an inner join): {} of the \
         first file{} without a partner, {} of the joined file met by none",
        j.files
            .iter()
            .map(|f| f.display().to_string())
            .collect::<Vec<_>>()
            .join(", "),
        j.rows,
        j.on.join(","),
        j.paired,
        j.unpaired,
        if r.files.len() == 1 { "" } else { "s" },
        j.unmet
    )
}

/// Writes `r` in `format`.
pub fn write(r: &Results, format: Format, out: &mut dyn Write) -> std::io::Result<()> {
    match format {
        Format::Table => out.write_all(table(r).as_bytes()),
        Format::Csv => out.write_all(csv(r).as_bytes()),
        Format::Json => {
            let mut text = serde_json::to_string_pretty(&to_json(r)).expect("JSON");
            text.push('\n');
            out.write_all(text.as_bytes())
        }
    }
}

fn any_section(r: &Results) -> bool {
    !r.groupings.is_empty()
        || !r.checks.is_empty()
        || !r.first_of.is_empty()
        || r.sequence.is_some()
}

fn table(r: &Results) -> String {
    let mut s = String::new();
    for t in &r.torn {
        s.push_str(&format!(
            "note: {} ends with a torn line ({} bytes, an interrupted run): skipped\n",
            t.path.display(),
            t.bytes
        ));
    }
    s.push_str(&format!(
        "{} rows in {} file{} ({:.1} MB) read in {:.2} s",
        r.rows,
        r.files.len(),
        if r.files.len() == 1 { "" } else { "s" },
        r.bytes as f64 / 1e6,
        r.seconds
    ));
    if let Some(j) = &r.joined {
        s.push('\n');
        s.push_str(&join_line(r, j));
        if r.matched != j.paired {
            s.push_str(&format!("; {} match the filter", r.matched));
        }
    } else if r.matched != r.rows {
        s.push_str(&format!("; {} match the filter", r.matched));
    }
    s.push('\n');
    for gr in &r.groupings {
        let mut rows = vec![
            gr.by
                .iter()
                .cloned()
                .chain(["count".to_string(), "share".to_string()])
                .chain(gr.aggs.iter().cloned())
                .collect::<Vec<_>>(),
        ];
        for (g, (c, sh)) in gr.groups.iter().zip(shares(gr)) {
            let mut row = g.key.clone();
            row.push(c.to_string());
            row.push(format!("{:.2}%", 100.0 * sh));
            row.extend(g.aggs.iter().cloned());
            rows.push(row);
        }
        let mut right = vec![false; gr.by.len()];
        right.extend(std::iter::repeat_n(true, 2 + gr.aggs.len()));
        s.push('\n');
        s.push_str(&aligned(&rows, &right));
    }
    for c in &r.checks {
        s.push_str(&format!(
            "\ncheck {}: {} rows hold, {} violate, {} unknown\n",
            c.expr, c.holds, c.violates, c.unknown
        ));
        if !c.counterexamples.is_empty() {
            s.push_str(&format!(
                "smallest counterexamples (fewest vertices, then edges, then graph6):\n{}\n",
                r.header.join(",")
            ));
            for e in &c.counterexamples {
                s.push_str(e);
                s.push('\n');
            }
        }
    }
    if !r.first_of.is_empty() {
        s.push_str(&format!(
            "\nsmallest row of each value (fewest vertices, then edges, then graph6):\nvalue  {}\n",
            r.header.join(",")
        ));
        let rows: Vec<Vec<String>> = r
            .first_of
            .iter()
            .map(|(v, line)| vec![v.clone(), line.clone()])
            .collect();
        s.push_str(&aligned(&rows, &[false, false]));
    }
    if let Some(q) = &r.sequence {
        s.push_str(&format!(
            "\nsequence {} by {} from {} to {}: ",
            q.value, q.index, q.range.0, q.range.1
        ));
        match &q.pattern {
            None => s.push_str(&format!(
                "no period shows (none repeating {} whole times over a quarter of the values)\n",
                crate::octal::period::OBSERVED_REPEATS
            )),
            Some((p, repeats)) => {
                s.push_str(&format!(
                    "{} with period {}{} from {} = {} on ({repeats} whole periods); ",
                    if p.saltus == 0 {
                        "periodic"
                    } else {
                        "arithmetic-periodic"
                    },
                    p.period,
                    if p.saltus == 0 {
                        String::new()
                    } else {
                        format!(" and saltus {}", p.saltus)
                    },
                    q.index,
                    p.preperiod
                ));
                if q.exceptions.is_empty() {
                    s.push_str("no exceptions");
                } else {
                    let shown: Vec<String> = q
                        .exceptions
                        .iter()
                        .take(30)
                        .map(|e| e.to_string())
                        .collect();
                    s.push_str(&format!(
                        "{} exception{} at {} = {}{}",
                        q.exceptions.len(),
                        if q.exceptions.len() == 1 { "" } else { "s" },
                        q.index,
                        shown.join(", "),
                        if q.exceptions.len() > 30 { ", ..." } else { "" }
                    ));
                }
                s.push_str(" (observed, not proved)\n");
            }
        }
    }
    if !any_section(r) {
        s.push_str(&format!("{}\n", r.matched));
    }
    s
}

fn csv(r: &Results) -> String {
    let mut sections = Vec::new();
    for gr in &r.groupings {
        let mut s = csv_line(
            &gr.by
                .iter()
                .cloned()
                .chain(["count".into(), "share".into()])
                .chain(gr.aggs.iter().cloned())
                .collect::<Vec<_>>(),
        );
        for (g, (c, sh)) in gr.groups.iter().zip(shares(gr)) {
            let mut row = g.key.clone();
            row.push(c.to_string());
            row.push(format!("{sh:.6}"));
            row.extend(g.aggs.iter().cloned());
            s.push_str(&csv_line(&row));
        }
        sections.push(s);
    }
    if !r.checks.is_empty() {
        let mut s = csv_line(&[
            "check".into(),
            "holds".into(),
            "violates".into(),
            "unknown".into(),
        ]);
        for c in &r.checks {
            s.push_str(&csv_line(&[
                c.expr.clone(),
                c.holds.to_string(),
                c.violates.to_string(),
                c.unknown.to_string(),
            ]));
        }
        sections.push(s);
        for c in r.checks.iter().filter(|c| !c.counterexamples.is_empty()) {
            let mut t = format!("{}\n", r.header.join(","));
            for e in &c.counterexamples {
                t.push_str(e);
                t.push('\n');
            }
            sections.push(t);
        }
    }
    if !r.first_of.is_empty() {
        // A column of the CSV is in the rows already: the rows alone, under the CSV's
        // header (one column of each name). An expression is a first column named by it.
        let extra = match &r.first_of_by {
            Some((_, true)) | None => None,
            Some((text, false)) => Some(text.clone()),
        };
        let mut s = match &extra {
            Some(name) => format!(
                "{},{}\n",
                csv_line(std::slice::from_ref(name)).trim_end(),
                r.header.join(",")
            ),
            None => format!("{}\n", r.header.join(",")),
        };
        for (v, line) in &r.first_of {
            if extra.is_some() {
                s.push_str(csv_line(std::slice::from_ref(v)).trim_end());
                s.push(',');
            }
            s.push_str(line);
            s.push('\n');
        }
        sections.push(s);
    }
    if let Some(q) = &r.sequence {
        let (pre, per, salt, rep) = match &q.pattern {
            Some((p, rep)) => (
                p.preperiod.to_string(),
                p.period.to_string(),
                p.saltus.to_string(),
                rep.to_string(),
            ),
            None => Default::default(),
        };
        let exc: Vec<String> = q.exceptions.iter().map(|e| e.to_string()).collect();
        let mut s = csv_line(&[
            "value".into(),
            "index".into(),
            "first".into(),
            "last".into(),
            "preperiod".into(),
            "period".into(),
            "saltus".into(),
            "repeats".into(),
            "exceptions".into(),
        ]);
        s.push_str(&csv_line(&[
            q.value.clone(),
            q.index.clone(),
            q.range.0.to_string(),
            q.range.1.to_string(),
            pre,
            per,
            salt,
            rep,
            exc.join(" "),
        ]));
        sections.push(s);
    }
    if sections.is_empty() {
        sections.push(format!("rows\n{}\n", r.matched));
    }
    sections.join("\n")
}

fn to_json(r: &Results) -> serde_json::Value {
    let groupings: Vec<serde_json::Value> = r
        .groupings
        .iter()
        .map(|gr| {
            let groups: Vec<serde_json::Value> = gr
                .groups
                .iter()
                .zip(shares(gr))
                .map(|(g, (c, sh))| {
                    let mut o = serde_json::Map::new();
                    for (k, v) in gr.by.iter().zip(&g.key) {
                        o.insert(k.clone(), json!(v));
                    }
                    o.insert("count".into(), json!(c));
                    o.insert("share".into(), json!(sh));
                    if !gr.aggs.is_empty() {
                        let aggs: serde_json::Map<String, serde_json::Value> = gr
                            .aggs
                            .iter()
                            .zip(&g.aggs)
                            .map(|(k, v)| (k.clone(), json!(v)))
                            .collect();
                        o.insert("aggregates".into(), serde_json::Value::Object(aggs));
                    }
                    serde_json::Value::Object(o)
                })
                .collect();
            json!({"by": gr.by, "aggregates": gr.aggs, "groups": groups})
        })
        .collect();
    json!({
        "files": r.files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>(),
        "rows": r.rows,
        "matched": r.matched,
        "torn": r.torn.iter().map(|t| json!({"file": t.path.display().to_string(), "bytes": t.bytes})).collect::<Vec<_>>(),
        "groupings": groupings,
        "checks": r.checks.iter().map(|c| json!({
            "check": c.expr, "holds": c.holds, "violates": c.violates, "unknown": c.unknown,
            "counterexamples": c.counterexamples,
        })).collect::<Vec<_>>(),
        "first_of": r.first_of.iter().map(|(v, line)| json!({"value": v, "row": line})).collect::<Vec<_>>(),
        "sequence": r.sequence.as_ref().map(|q| json!({
            "value": q.value, "index": q.index, "first": q.range.0, "last": q.range.1,
            "arithmetic": q.arithmetic,
            "preperiod": q.pattern.map(|(p, _)| p.preperiod),
            "period": q.pattern.map(|(p, _)| p.period),
            "saltus": q.pattern.map(|(p, _)| p.saltus),
            "repeats": q.pattern.map(|(_, r)| r),
            "exceptions": q.exceptions,
        })),
        "join": r.joined.as_ref().map(|j| json!({
            "files": j.files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>(),
            "on": j.on, "prefix": j.prefix, "rows": j.rows, "paired": j.paired,
            "unpaired": j.unpaired, "unmet": j.unmet,
        })),
        "header": r.header,
        "seconds": r.seconds,
    })
}

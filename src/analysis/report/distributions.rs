//! The distributions a report charts, as tables (every value, and the most frequent
//! as chart series), and the per-n highlights of its findings.

use super::charts::{self, Series};
use super::html;
use crate::analysis::query::Grouping;

/// Values shown as their own series in a chart; the rest are "other".
pub(super) const SERIES: usize = 10;

/// Every value of a grouping `[n, col]` (or `[col]`) with its count per category, in
/// value order.
pub(super) fn full_table(
    g: &Grouping,
    per_n: bool,
    categories: &[String],
) -> Vec<(String, Vec<u64>)> {
    let mut values: Vec<String> = Vec::new();
    for gr in &g.groups {
        let v = gr.key.last().cloned().unwrap_or_default();
        if !values.contains(&v) {
            values.push(v);
        }
    }
    values.sort_by_cached_key(|v| crate::analysis::query::sort_cell(v));
    let mut table: Vec<(String, Vec<u64>)> = values
        .into_iter()
        .map(|v| (v, vec![0; categories.len()]))
        .collect();
    for gr in &g.groups {
        let c = if per_n {
            categories.iter().position(|n| *n == gr.key[0])
        } else {
            Some(0)
        };
        let v = gr.key.last().map_or("", String::as_str);
        if let (Some(c), Some(row)) = (c, table.iter_mut().find(|(k, _)| k == v)) {
            row.1[c] += gr.count;
        }
    }
    table
}

/// Per n: rows, values first seen there (from the smallest row of each value), the
/// smallest and largest of each numeric charted column, and the checks whose smallest
/// counterexample has that n.
pub(super) fn highlights(
    results: &crate::analysis::query::Results,
    charted: &[&str],
    n_of: &dyn Fn(&str) -> Option<String>,
) -> Vec<html::Highlight> {
    let mut out: Vec<html::Highlight> = Vec::new();
    let Some(first) = results.groupings.first() else {
        return out;
    };
    for gr in &first.groups {
        match out.iter_mut().find(|h| h.n == gr.key[0]) {
            Some(h) => h.rows += gr.count,
            None => out.push(html::Highlight {
                n: gr.key[0].clone(),
                rows: gr.count,
                ..Default::default()
            }),
        }
    }
    let mut firsts: Vec<&(String, String)> = results.first_of.iter().collect();
    firsts.sort_by_cached_key(|(v, _)| crate::analysis::query::sort_cell(v));
    for (v, line) in firsts {
        if let Some(h) = n_of(line).and_then(|n| out.iter_mut().find(|h| h.n == n)) {
            h.new_values.0 += 1;
            if h.new_values.1.len() < 8 {
                h.new_values.1.push(v.clone());
            }
        }
    }
    for (g, col) in results.groupings.iter().zip(charted) {
        let numeric = g
            .groups
            .iter()
            .all(|gr| gr.key[1].is_empty() || charts::number(&gr.key[1]).is_some());
        if !numeric {
            continue;
        }
        for h in &mut out {
            let cells: Vec<&String> = g
                .groups
                .iter()
                .filter(|gr| gr.key[0] == h.n && !gr.key[1].is_empty())
                .map(|gr| &gr.key[1])
                .collect();
            let lo = cells.iter().min_by(|a, b| {
                charts::number(a)
                    .partial_cmp(&charts::number(b))
                    .expect("numbers")
            });
            let hi = cells.iter().max_by(|a, b| {
                charts::number(a)
                    .partial_cmp(&charts::number(b))
                    .expect("numbers")
            });
            if let (Some(lo), Some(hi)) = (lo, hi) {
                h.extremes.push(format!("{col} {lo} .. {hi}"));
            }
        }
    }
    for c in &results.checks {
        if let Some(h) = c
            .counterexamples
            .first()
            .and_then(|l| n_of(l))
            .and_then(|n| out.iter_mut().find(|h| h.n == n))
        {
            h.counterexamples.push(c.expr.clone());
        }
    }
    out
}

/// A grouping `[n, col]` as bars per n: the `SERIES` most frequent values, then "other".
pub(super) fn stack(g: &Grouping) -> (Vec<String>, Vec<Series>) {
    let mut ns: Vec<String> = Vec::new();
    for gr in &g.groups {
        if ns.last() != Some(&gr.key[0]) && !ns.contains(&gr.key[0]) {
            ns.push(gr.key[0].clone());
        }
    }
    series(
        g,
        &ns,
        |gr| ns.iter().position(|n| *n == gr.key[0]),
        |gr| &gr.key[1],
    )
}

/// A grouping `[col]` as one bar.
pub(super) fn flat(g: &Grouping) -> Vec<Series> {
    let all = vec!["all".to_string()];
    series(g, &all, |_| Some(0), |gr| &gr.key[0]).1
}

fn series<'a>(
    g: &'a Grouping,
    categories: &[String],
    category: impl Fn(&crate::analysis::query::Group) -> Option<usize>,
    value: impl Fn(&'a crate::analysis::query::Group) -> &'a String,
) -> (Vec<String>, Vec<Series>) {
    let mut totals: Vec<(String, u64)> = Vec::new();
    for gr in &g.groups {
        let v = value(gr);
        match totals.iter_mut().find(|(k, _)| k == v) {
            Some(t) => t.1 += gr.count,
            None => totals.push((v.clone(), gr.count)),
        }
    }
    let mut by_count = totals.clone();
    by_count.sort_by_key(|b| std::cmp::Reverse(b.1));
    let top: Vec<String> = by_count
        .iter()
        .take(SERIES)
        .map(|(k, _)| k.clone())
        .collect();
    // Series in the value order of the grouping (numbers numerically), "other" last.
    let mut out: Vec<Series> = totals
        .iter()
        .filter(|(k, _)| top.contains(k))
        .map(|(k, _)| Series {
            name: if k.is_empty() {
                "(none)".to_string()
            } else {
                k.clone()
            },
            counts: vec![0; categories.len()],
        })
        .collect();
    let mut other = Series {
        name: "other".to_string(),
        counts: vec![0; categories.len()],
    };
    for gr in &g.groups {
        let Some(c) = category(gr) else { continue };
        let v = value(gr);
        match top.iter().position(|t| t == v) {
            Some(_) => {
                let name = if v.is_empty() { "(none)" } else { v.as_str() };
                if let Some(s) = out.iter_mut().find(|s| s.name == name) {
                    s.counts[c] += gr.count;
                }
            }
            None => other.counts[c] += gr.count,
        }
    }
    out.sort_by_cached_key(|s| crate::analysis::query::sort_cell(&s.name));
    if other.counts.iter().any(|&c| c > 0) {
        out.push(other);
    }
    (categories.to_vec(), out)
}

//! The report page: plain XHTML (well-formed XML, readable without script or network),
//! with the charts and drawings inline.

use super::charts::Series;
use crate::analysis::query::{Check, Grouping};

/// Escapes text for XML.
pub use crate::svg::escape;

/// SVG from a library (plotters) inline: without its XML declaration, if any.
fn inline(svg: &str) -> &str {
    match svg.find("<svg") {
        Some(i) => &svg[i..],
        None => svg,
    }
}

const STYLE: &str = "body { font-family: sans-serif; margin: 2em auto; max-width: 80em; padding: 0 1em; }
.chart svg { width: 100%; height: auto; display: block; }
.scroll { max-height: 24em; overflow: auto; border: 1px solid #ddd; margin: 0.5em 0 1.5em; }
.scroll table { margin: 0; }
.pair { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; }
.pair .chart { flex: 3 1 36em; min-width: 0; }
.pair .side { flex: 1 1 16em; min-width: 0; }
.pair .side p { margin-top: 0; }
.pair .scroll { max-height: 32em; margin-top: 0; }
.counts th { white-space: nowrap; }
nav ol { columns: 2; }
tr.violated td.verdict { color: #b00; font-weight: bold; }
tr.holds td.verdict { color: #070; font-weight: bold; }
td.verdict { text-align: left; }
details { margin-top: 2em; }
summary h2 { display: inline; }
.field { white-space: nowrap; margin-right: 0.8em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
td, th { border: 1px solid #bbb; padding: 2px 8px; text-align: right; }
td.text, th.text { text-align: left; font-family: monospace; }
.drawings { display: flex; flex-wrap: wrap; gap: 1em; }
figure { margin: 0; border: 1px solid #ddd; padding: 0.5em; }
figcaption { font-family: monospace; font-size: 80%; max-width: 30em; word-break: break-all; }
pre { background: #f4f4f4; padding: 0.5em; white-space: pre-wrap; }
.swatch { display: inline-block; width: 0.9em; height: 0.9em; border: 1px solid #888; vertical-align: middle; }";

/// A page under construction: the title and opening paragraphs, then a table of
/// contents of the sections that follow.
pub struct Page {
    head: String,
    body: String,
    toc: Vec<(String, String)>,
    title: String,
}

/// What a report says about one n: its rows, the values first seen there, the extremes
/// of its numeric columns, and the checks whose smallest counterexample has it.
#[derive(Clone, Debug, Default)]
pub struct Highlight {
    /// The number of vertices.
    pub n: String,
    /// Rows with it.
    pub rows: u64,
    /// Values whose smallest position has n vertices: how many, and the first few.
    pub new_values: (usize, Vec<String>),
    /// `column min .. max` for each numeric column.
    pub extremes: Vec<String>,
    /// Checks whose smallest counterexample has n vertices.
    pub counterexamples: Vec<String>,
}

impl Page {
    /// A page with a title.
    pub fn new(title: &str) -> Page {
        Page {
            head: format!("<h1>{}</h1>\n", escape(title)),
            body: String::new(),
            toc: Vec::new(),
            title: title.to_string(),
        }
    }

    /// A paragraph before the table of contents.
    pub fn paragraph(&mut self, text: &str) {
        self.head.push_str(&format!("<p>{}</p>\n", escape(text)));
    }

    /// A section heading, listed in the table of contents.
    pub fn section(&mut self, id: &str, title: &str) {
        self.toc.push((id.to_string(), title.to_string()));
        self.body.push_str(&format!(
            "<h2 id=\"{}\">{}</h2>\n",
            escape(id),
            escape(title)
        ));
    }

    /// The findings: every check with its verdict, then the highlights per n.
    pub fn findings(&mut self, checks: &[Check], highlights: &[Highlight]) {
        self.section("findings", "Findings");
        if checks.is_empty() {
            self.body
                .push_str("<p>No checks were asked for (<code>--check EXPR</code>).</p>\n");
        } else {
            self.body.push_str(
                "<table class=\"checks\">\n<tr><th class=\"text\">check</th><th class=\"text\">verdict</th><th class=\"text\">rows</th></tr>\n",
            );
            for c in checks {
                let (class, verdict) = if c.violates > 0 {
                    ("violated", "violated")
                } else if c.holds > 0 {
                    ("holds", "holds on every row where it is known")
                } else {
                    ("unknown", "unknown on every row")
                };
                self.body.push_str(&format!(
                    "<tr class=\"check-result {class}\" data-holds=\"{}\" data-violates=\"{}\" data-unknown=\"{}\"><td class=\"text\"><code>{}</code></td><td class=\"verdict\">{verdict}</td><td class=\"text\">{} rows hold, {} violate, {} unknown</td></tr>\n",
                    c.holds, c.violates, c.unknown, escape(&c.expr), c.holds, c.violates, c.unknown
                ));
            }
            self.body.push_str("</table>\n");
        }
        if highlights.is_empty() {
            return;
        }
        self.body.push_str(
            "<h3 id=\"highlights\">By number of vertices</h3>\n<table class=\"highlights\">\n<tr><th>n</th><th>rows</th><th class=\"text\">new values (first seen at this n)</th><th class=\"text\">extremes</th><th class=\"text\">smallest counterexample of</th></tr>\n",
        );
        for h in highlights {
            let (k, first) = &h.new_values;
            let more = if *k > first.len() { ", ..." } else { "" };
            self.body.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td class=\"text\">{k}{}{}{more}</td><td class=\"text\">{}</td><td class=\"text\">{}</td></tr>\n",
                escape(&h.n),
                h.rows,
                if first.is_empty() { "" } else { ": " },
                escape(&first.join("; ")),
                escape(&h.extremes.join("; ")),
                escape(&h.counterexamples.join("; ")),
            ));
        }
        self.body.push_str("</table>\n");
    }

    /// The provenance of each file, folded.
    pub fn provenance(&mut self, files: &[(String, Vec<(String, String)>)]) {
        self.toc
            .push(("provenance".to_string(), "Provenance".to_string()));
        self.body.push_str(
            "<details id=\"provenance\"><summary><h2>Provenance</h2> (the job and program behind each file)</summary>\n",
        );
        for (file, facts) in files {
            self.body.push_str(&format!(
                "<h3 class=\"text\">{}</h3>\n<table class=\"provenance\">\n",
                escape(file)
            ));
            for (k, v) in facts {
                self.body.push_str(&format!(
                    "<tr><th class=\"text\">{}</th><td class=\"text\"><pre>{}</pre></td></tr>\n",
                    escape(k),
                    escape(v)
                ));
            }
            self.body.push_str("</table>\n");
        }
        self.body.push_str("</details>\n");
    }

    /// A chart with the table of counts beside it (below it on a narrow window): every value (`table`: the value and
    /// its count per category), scrollable; the swatches are the chart's colours
    /// (`series`; values in none of them are in "other").
    pub fn chart(
        &mut self,
        id: &str,
        title: &str,
        svg: &str,
        categories: &[String],
        series: &[Series],
        table: &[(String, Vec<u64>)],
    ) {
        self.toc.push((format!("chart-{id}"), title.to_string()));
        self.body.push_str(&format!(
            "<h2 id=\"chart-{}\">{}</h2>\n<div class=\"pair\">\n<div class=\"chart\" id=\"svg-{}\">\n{}\n</div>\n",
            escape(id),
            escape(title),
            escape(id),
            inline(svg)
        ));
        self.body.push_str(&format!(
            "<div class=\"side\">\n<p>{} distinct values; the counts of every one:</p>\n<div class=\"scroll\">\n<table class=\"counts\" id=\"counts-{}\">\n<tr><th class=\"text\">value</th>",
            table.len(),
            escape(id)
        ));
        for c in categories {
            self.body.push_str(&format!("<th>n = {}</th>", escape(c)));
        }
        self.body.push_str("<th>all</th></tr>\n");
        for (name, counts) in table {
            let shown = if name.is_empty() { "(none)" } else { name };
            let colour = match series.iter().position(|s| s.name == shown) {
                Some(i) => super::charts::hex(i, shown),
                None if series.is_empty() => "#4e79a7".to_string(),
                None => super::charts::hex(0, "other"),
            };
            self.body.push_str(&format!(
                "<tr><td class=\"text\"><span class=\"swatch\" style=\"background: {colour}\"></span> {}</td>",
                escape(shown)
            ));
            for c in counts {
                self.body.push_str(&format!("<td>{c}</td>"));
            }
            self.body
                .push_str(&format!("<td>{}</td></tr>\n", counts.iter().sum::<u64>()));
        }
        self.body.push_str("</table>\n</div>\n</div>\n</div>\n");
    }

    /// A table of an extra grouping.
    pub fn grouping(&mut self, g: &Grouping) {
        let id = format!("by-{}", g.by.join("-"));
        self.section(&id, &format!("Rows by {}", g.by.join(", ")));
        self.body.push_str("<table class=\"grouping\">\n<tr>");
        for b in &g.by {
            self.body
                .push_str(&format!("<th class=\"text\">{}</th>", escape(b)));
        }
        self.body.push_str("<th>count</th></tr>\n");
        for gr in &g.groups {
            self.body.push_str("<tr>");
            for k in &gr.key {
                self.body
                    .push_str(&format!("<td class=\"text\">{}</td>", escape(k)));
            }
            self.body.push_str(&format!("<td>{}</td></tr>\n", gr.count));
        }
        self.body.push_str("</table>\n");
    }

    /// A drawing card: the drawing (captioned with its graph6 and colouring), then the
    /// row's other non-empty cells as `name value` pairs.
    fn figure(&mut self, title: Option<&str>, svg: &str, row: &str, header: &[String]) {
        let cells = crate::analysis::fields::split(row.as_bytes());
        let fields: String = header
            .iter()
            .zip(&cells)
            .filter(|(h, c)| !c.is_empty() && h.as_str() != "graph6" && h.as_str() != "colouring")
            .map(|(h, c)| {
                format!(
                    "<span class=\"field\"><b>{}</b> {}</span> ",
                    escape(h),
                    escape(&crate::analysis::fields::utf8(c))
                )
            })
            .collect();
        self.body.push_str(&format!(
            "<figure>\n{}{}<figcaption>{}</figcaption>\n</figure>\n",
            title
                .map(|t| format!("<div class=\"text\"><b>{}</b></div>\n", escape(t)))
                .unwrap_or_default(),
            inline(svg),
            fields.trim_end()
        ));
    }

    /// The smallest counterexamples of a check, drawn.
    pub fn counterexamples(
        &mut self,
        i: usize,
        c: &Check,
        header: &[String],
        drawings: &[(String, String)],
    ) {
        self.section(
            &format!("counterexamples-{i}"),
            &format!("Counterexamples of {}", c.expr),
        );
        self.body.push_str(&format!(
            "<p>{} rows violate <code>{}</code>; the {} smallest (fewest vertices, then edges):</p>\n<div class=\"drawings counterexamples\">\n",
            c.violates,
            escape(&c.expr),
            drawings.len()
        ));
        for (svg, row) in drawings {
            self.figure(None, svg, row, header);
        }
        self.body.push_str("</div>\n");
    }

    /// Drawings of the first position of each value.
    pub fn firsts(
        &mut self,
        column: &str,
        distinct: usize,
        header: &[String],
        shown: &[(String, String, String)],
    ) {
        self.section(
            "firsts",
            &format!("The smallest position with each {column}"),
        );
        self.body.push_str(&format!(
            "<p>{} distinct values; the first {} in order of size:</p>\n<div class=\"drawings firsts\">\n",
            distinct,
            shown.len()
        ));
        for (value, svg, row) in shown {
            self.figure(Some(&format!("{column} = {value}")), svg, row, header);
        }
        self.body.push_str("</div>\n");
    }

    /// The finished document.
    pub fn finish(self) -> String {
        format!(
            "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>{}</title>\n<style>\n{STYLE}\n</style>\n</head>\n<body>\n{}<nav id=\"contents\"><h2>Contents</h2>\n<ol>\n{}</ol>\n</nav>\n{}</body>\n</html>\n",
            escape(&self.title),
            self.head,
            self.toc
                .iter()
                .map(|(id, t)| format!("<li><a href=\"#{}\">{}</a></li>\n", escape(id), escape(t)))
                .collect::<String>(),
            self.body
        )
    }
}

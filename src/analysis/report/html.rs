//! The report page: plain XHTML (well-formed XML, readable without script or network),
//! with the charts and drawings inline.

use super::charts::Series;
use crate::analysis::query::{Check, Grouping};

/// Escapes text for XML.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// SVG from a library (plotters) inline: without its XML declaration, if any.
fn inline(svg: &str) -> &str {
    match svg.find("<svg") {
        Some(i) => &svg[i..],
        None => svg,
    }
}

const STYLE: &str = "body { font-family: sans-serif; margin: 2em; max-width: 70em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
td, th { border: 1px solid #bbb; padding: 2px 8px; text-align: right; }
td.text, th.text { text-align: left; font-family: monospace; }
.drawings { display: flex; flex-wrap: wrap; gap: 1em; }
figure { margin: 0; border: 1px solid #ddd; padding: 0.5em; }
figcaption { font-family: monospace; font-size: 80%; max-width: 30em; word-break: break-all; }
pre { background: #f4f4f4; padding: 0.5em; white-space: pre-wrap; }
.swatch { display: inline-block; width: 0.9em; height: 0.9em; border: 1px solid #888; vertical-align: middle; }";

/// A page under construction.
pub struct Page {
    body: String,
    title: String,
}

impl Page {
    /// A page with a title.
    pub fn new(title: &str) -> Page {
        Page {
            body: format!("<h1>{}</h1>\n", escape(title)),
            title: title.to_string(),
        }
    }

    /// A paragraph.
    pub fn paragraph(&mut self, text: &str) {
        self.body.push_str(&format!("<p>{}</p>\n", escape(text)));
    }

    /// The provenance of each file.
    pub fn provenance(&mut self, files: &[(String, Vec<(String, String)>)]) {
        self.body
            .push_str("<h2 id=\"provenance\">Provenance</h2>\n");
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
    }

    /// A chart with the table of counts behind it.
    pub fn chart(
        &mut self,
        id: &str,
        title: &str,
        svg: &str,
        categories: &[String],
        series: &[Series],
    ) {
        self.body.push_str(&format!(
            "<h2 id=\"chart-{}\">{}</h2>\n<div class=\"chart\" id=\"svg-{}\">\n{}\n</div>\n",
            escape(id),
            escape(title),
            escape(id),
            inline(svg)
        ));
        self.body.push_str(&format!(
            "<table class=\"counts\" id=\"counts-{}\">\n<tr><th class=\"text\">value</th>",
            escape(id)
        ));
        for c in categories {
            self.body.push_str(&format!("<th>n = {}</th>", escape(c)));
        }
        self.body.push_str("<th>all</th></tr>\n");
        for (i, s) in series.iter().enumerate() {
            self.body.push_str(&format!(
                "<tr><td class=\"text\"><span class=\"swatch\" style=\"background: {}\"></span> {}</td>",
                super::charts::hex(i, &s.name),
                escape(&s.name)
            ));
            for c in &s.counts {
                self.body.push_str(&format!("<td>{c}</td>"));
            }
            self.body
                .push_str(&format!("<td>{}</td></tr>\n", s.counts.iter().sum::<u64>()));
        }
        self.body.push_str("</table>\n");
    }

    /// A table of an extra grouping.
    pub fn grouping(&mut self, g: &Grouping) {
        self.body.push_str(&format!(
            "<h2>Rows by {}</h2>\n<table class=\"grouping\">\n<tr>",
            escape(&g.by.join(", "))
        ));
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

    fn figure(&mut self, title: Option<&str>, svg: &str, row: &str, header: &[String]) {
        self.body.push_str(&format!(
            "<figure>\n{}{}<figcaption>{}<br/>{}</figcaption>\n</figure>\n",
            title
                .map(|t| format!("<div class=\"text\"><b>{}</b></div>\n", escape(t)))
                .unwrap_or_default(),
            inline(svg),
            escape(&header.join(",")),
            escape(row)
        ));
    }

    /// A check's result with drawings of its smallest counterexamples.
    pub fn check(&mut self, c: &Check, header: &[String], drawings: &[(String, String)]) {
        self.body.push_str(&format!(
            "<h2 class=\"check\">Check: <code>{}</code></h2>\n<p class=\"check-result\" data-holds=\"{}\" data-violates=\"{}\" data-unknown=\"{}\">{} rows hold, {} violate, {} unknown{}</p>\n",
            escape(&c.expr),
            c.holds,
            c.violates,
            c.unknown,
            c.holds,
            c.violates,
            c.unknown,
            if c.violates > 0 { "; the smallest counterexamples:" } else { "." }
        ));
        if !drawings.is_empty() {
            self.body
                .push_str("<div class=\"drawings counterexamples\">\n");
            for (svg, row) in drawings {
                self.figure(None, svg, row, header);
            }
            self.body.push_str("</div>\n");
        }
    }

    /// Drawings of the first position of each value.
    pub fn firsts(
        &mut self,
        column: &str,
        distinct: usize,
        header: &[String],
        shown: &[(String, String, String)],
    ) {
        self.body.push_str(&format!(
            "<h2 id=\"firsts\">The smallest position with each {}</h2>\n<p>{} distinct values; the first {} in order of size:</p>\n<div class=\"drawings firsts\">\n",
            escape(column),
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
            "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>{}</title>\n<style>\n{STYLE}\n</style>\n</head>\n<body>\n{}</body>\n</html>\n",
            escape(&self.title),
            self.body
        )
    }
}

//! Graph positions read from the user: `--graph G6 [--colouring C]`, `--edges a-b,...`,
//! and `eval`'s input lines (`GRAPH6 [COLOURING]`, or the rows of one of our CSVs by
//! their `graph6` and `colouring` columns). One parser per notation; every reader of
//! graph positions comes here. A graph of more than 64 vertices is read as a
//! [`WidePosition`], valued on the general path.

use crate::error::{Error, Result, quoted};
use crate::graphs::{
    AnyGraph, Colouring, GraphPosition, Position, WideColouring, WideGraph, WidePosition,
    parse_any_graph6,
};
use crate::rules::Ruleset;
use crate::shapes::edges::{EdgeSyntax, parse_list};
use crate::solving::Evaluator;
use crate::sys::input::at_line;

/// A graph position as read: of at most 64 vertices (the bitset path), or larger.
#[derive(Clone, Debug)]
pub enum AnyPosition {
    /// At most 64 vertices.
    Small(Box<Position>),
    /// More.
    Wide(Box<WidePosition>),
}

impl AnyPosition {
    /// What its row shows.
    pub fn cells(&self) -> &dyn GraphPosition {
        match self {
            AnyPosition::Small(p) => p.as_ref(),
            AnyPosition::Wide(p) => p.as_ref(),
        }
    }
}

/// A line as parsed: a coloured position whose graph is the last one parsed (and
/// whether the line before had it too), or any position.
pub(super) enum Parsed {
    Coloured(Colouring, bool),
    Position(AnyPosition),
}

/// How graph rules write a graph as edges (`--edges`).
pub const EDGES_HELP: &str = "edges a-b separated by commas, vertices numbered from 0 (0-1,1-2,2-0 is a triangle); a colouring gives one letter per vertex, and vertices past the last end are isolated";

/// Parses a position from a graph6 string and an optional colouring string (in the
/// ruleset's palette), as the ruleset takes it ([`Ruleset::prepare`]).
pub fn parse_position(
    graph6: &str,
    colouring: Option<&str>,
    evaluator: &Evaluator,
) -> Result<AnyPosition> {
    prepare(parse_any_graph6(graph6)?, colouring, evaluator.ruleset())
}

/// Parses a position given as edges ([`EDGES_HELP`]) and an optional colouring.
pub fn parse_edges(
    text: &str,
    colouring: Option<&str>,
    evaluator: &Evaluator,
) -> Result<AnyPosition> {
    let syntax = EdgeSyntax {
        letters: b"",
        word: "label",
        placeholder: 'L',
        unlabelled: Some(0),
        help: EDGES_HELP,
    };
    let (n, edges) = if text.trim() == "0" {
        (0, Vec::new())
    } else {
        parse_list(text, &syntax)?
    };
    let n = n.max(colouring.map_or(0, |c| c.trim().chars().count()));
    if n > crate::graphs::MAX_WIDE_VERTICES {
        return Err(Error::Limit(format!(
            "a graph of {n} vertices is past the limit of {}",
            crate::graphs::MAX_WIDE_VERTICES
        )));
    }
    let mut g = WideGraph::empty(n);
    for (a, b, _) in edges {
        if a == b {
            return Err(Error::usage(format!(
                "edge {a}-{b} is a loop; rules on graphs take simple graphs: {EDGES_HELP}"
            )));
        }
        if g.has_edge(a, b) {
            return Err(Error::usage(format!(
                "edge {a}-{b} is given twice; rules on graphs take simple graphs: {EDGES_HELP}"
            )));
        }
        g.add_edge(a, b);
    }
    let graph = match n <= crate::graphs::MAX_VERTICES {
        true => AnyGraph::Small(g.to_small()),
        false => AnyGraph::Wide(g),
    };
    prepare(graph, colouring, evaluator.ruleset())
}

/// The position of `graph` coloured `colouring`, as `ruleset` takes it.
fn prepare(graph: AnyGraph, colouring: Option<&str>, ruleset: Ruleset) -> Result<AnyPosition> {
    if let Some(c) = colouring
        && ruleset.palette().is_empty()
    {
        return Err(Error::usage(format!(
            "rules {} are played on uncoloured graphs; drop the colouring {}",
            ruleset.name(),
            quoted(c)
        )));
    }
    let palette = ruleset.palette();
    Ok(match graph {
        AnyGraph::Small(graph) => {
            let colouring = colouring
                .map(|c| Colouring::parse(c, graph.n(), &palette))
                .transpose()?;
            AnyPosition::Small(Box::new(ruleset.prepare(Position { graph, colouring })?))
        }
        AnyGraph::Wide(graph) => {
            let colouring = colouring
                .map(|c| WideColouring::parse(c, graph.n(), &palette))
                .transpose()?;
            AnyPosition::Wide(Box::new(
                ruleset.prepare_wide(WidePosition { graph, colouring })?,
            ))
        }
    })
}

/// Parses one input line `GRAPH6 [COLOURING]`; `None` for blank lines and the
/// `>>graph6<<` header.
fn parse_line(line: &str, evaluator: &Evaluator) -> Result<Option<AnyPosition>> {
    let line = line.trim();
    let line = line.strip_prefix(">>graph6<<").unwrap_or(line);
    if line.is_empty() {
        return Ok(None);
    }
    let mut parts = line.split_whitespace();
    let g6 = parts.next().unwrap_or_default();
    let col = parts.next();
    if let Some(extra) = parts.next() {
        return Err(Error::usage(format!(
            "unexpected {}: a line is GRAPH6 [COLOURING]",
            quoted(extra)
        )));
    }
    parse_position(g6, col, evaluator).map(Some)
}

/// [`parse_line`], with the graph of the last coloured line parsed kept in `last` (by
/// its graph6): the colourings of one graph come one after another.
pub(super) fn parse_line_cached(
    line: &str,
    evaluator: &Evaluator,
    last: &mut Option<(String, crate::graphs::Graph)>,
) -> Result<Option<Parsed>> {
    let ruleset = evaluator.ruleset();
    let trimmed = line.trim();
    let mut parts = trimmed
        .strip_prefix(">>graph6<<")
        .unwrap_or(trimmed)
        .split_whitespace();
    let (Some(g6), Some(col), None) = (parts.next(), parts.next(), parts.next()) else {
        return Ok(parse_line(line, evaluator)?.map(Parsed::Position));
    };
    if ruleset.palette().is_empty() {
        return Ok(parse_line(line, evaluator)?.map(Parsed::Position));
    }
    if let Some((s, g)) = last
        && s == g6
    {
        // The line before passed `prepare` with this graph and a colouring: its answer
        // for a coloured position depends on nothing else.
        let colouring = parse_colouring(col, g.n(), &ruleset.palette())?;
        return Ok(Some(Parsed::Coloured(colouring, true)));
    }
    let pos = match parse_position(g6, Some(col), evaluator)? {
        AnyPosition::Small(pos) => pos,
        wide => return Ok(Some(Parsed::Position(wide))),
    };
    let Some(colouring) = pos.colouring else {
        return Ok(Some(Parsed::Position(AnyPosition::Small(pos))));
    };
    match last {
        Some((s, h)) => {
            s.clear();
            s.push_str(g6);
            *h = pos.graph;
        }
        None => *last = Some((g6.to_string(), pos.graph)),
    }
    Ok(Some(Parsed::Coloured(colouring, false)))
}

/// [`Colouring::parse`] of a field without spaces: one palette letter per vertex read
/// byte by byte, anything else (and every error) by [`Colouring::parse`].
fn parse_colouring(
    s: &str,
    n: usize,
    palette: &crate::graphs::palette::Palette,
) -> Result<Colouring> {
    if s.len() == n && s.is_ascii() {
        let mut c = Colouring::uniform(n);
        let mut ok = true;
        for (v, b) in s.bytes().enumerate() {
            match palette.label(b) {
                Some(x) => c.set(v, x),
                None => ok = false,
            }
        }
        if ok {
            return Ok(c);
        }
    }
    Colouring::parse(s, n, palette)
}

/// If `line` is the header of one of our CSVs (it has a `graph6` column): the indices of
/// its `graph6` and `colouring` columns; a header that names a column twice is an error.
pub(super) fn csv_columns(line: &str) -> Result<Option<(usize, Option<usize>)>> {
    let Some(rec) = csv_record(line) else {
        return Ok(None);
    };
    let Some(g6) = rec.iter().position(|f| f == "graph6") else {
        return Ok(None);
    };
    let names: Vec<&str> = rec.iter().collect();
    if let Some(why) = crate::solving::columns::repeated_column(&names) {
        return Err(at_line(0, Error::usage(why)));
    }
    Ok(Some((g6, rec.iter().position(|f| f == "colouring"))))
}

pub(super) fn csv_record(line: &str) -> Option<csv::StringRecord> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(line.as_bytes())
        .records()
        .next()?
        .ok()
}

/// A row of one of our CSVs, by its graph6 and colouring columns.
pub(super) fn parse_csv_row(
    line: &str,
    (g6, col): (usize, Option<usize>),
    evaluator: &Evaluator,
) -> Result<Option<AnyPosition>> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let rec = csv_record(line).ok_or_else(|| Error::usage("not a CSV row"))?;
    let graph6 = rec
        .get(g6)
        .ok_or_else(|| Error::usage("the row has no graph6 field"))?;
    let colouring = col.and_then(|c| rec.get(c)).filter(|c| !c.is_empty());
    parse_position(graph6, colouring, evaluator).map(Some)
}

/// An evaluation error, with the position it happened at.
pub fn at_position(pos: &dyn GraphPosition, e: Error) -> Error {
    match e {
        Error::Limit(m) => {
            let mut text = Vec::new();
            pos.write_graph6(&mut text);
            let at = text.len();
            pos.write_colouring(&mut text);
            if text.len() > at {
                text.insert(at, b' ');
            }
            Error::Limit(format!("position {}: {m}", String::from_utf8_lossy(&text)))
        }
        other => other,
    }
}

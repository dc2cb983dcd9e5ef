//! Hackenbush positions as graph6 plus edge colours: `GRAPH6:COLOURS`, the graph in
//! nauty's graph6 with vertex 0 the ground, and one letter `B`, `R` or `G` per edge in
//! graph6's edge order: the upper triangle of the adjacency matrix column by column,
//! `0-1, 0-2, 1-2, 0-3, 1-3, 2-3, …` (edges `i-j`, `i < j`, by `j` then `i`). A simple
//! graph only (graph6 has no loops or parallel edges); the edge-list notation has both.
//! `C]:BRBG` is the square of edges `0-2, 1-2, 0-3, 1-3` (in that order) coloured B, R, B, G,
//! `0-2:B,1-2:R,0-3:B,1-3:G`.
//!
//! graph6 letters run from `?` to `~`, so neither `-` nor a digit nor `,` appears in
//! one: a text with `:` and without `-` is this notation, never an edge list.

use super::hackenbush_labels::{BLUE, GREEN, GROUND, RED};
use crate::error::{Error, Result, quoted};
use crate::graphs::{Graph, parse_graph6, to_graph6};
use crate::shapes::Shape;

/// Whether `text` is in the graph6 notation (a `:`, no `-`).
pub fn is_graph6_colours(text: &str) -> bool {
    text.contains(':') && !text.contains('-')
}

/// The edges of a graph in graph6's order (`i < j`, by `j` then `i`).
fn edges_in_order(g: &Graph) -> Vec<(usize, usize)> {
    let n = g.n();
    (1..n)
        .flat_map(|j| (0..j).map(move |i| (i, j)))
        .filter(|&(i, j)| g.has_edge(i, j))
        .collect()
}

/// Reads `GRAPH6:COLOURS` into a shape: vertex 0 the ground, edge `k` in graph6's edge
/// order coloured by letter `k`. Every edge must hang from the ground.
pub fn parse_graph6_colours(text: &str) -> Result<Shape> {
    let (g6, colours) = text
        .trim()
        .split_once(':')
        .ok_or_else(|| Error::usage("graph6 with edge colours: expected GRAPH6:COLOURS"))?;
    let g = parse_graph6(g6)?;
    let edges = edges_in_order(&g);
    let colours = colours.trim();
    if colours.chars().count() != edges.len() {
        return Err(Error::usage(format!(
            "{}: the graph has {} edges but {} colours are given (one letter B, R or G per edge, in graph6's edge order 0-1, 0-2, 1-2, 0-3, …)",
            quoted(text.trim()),
            edges.len(),
            colours.chars().count()
        )));
    }
    if g.n() == 0 {
        return Err(Error::usage(format!(
            "{}: a graph with no vertices has no ground (vertex 0)",
            quoted(text.trim())
        )));
    }
    let mut s = Shape::new(g.n(), false);
    s.set_label(0, GROUND);
    for (&(a, b), c) in edges.iter().zip(colours.chars()) {
        let label = match c.to_ascii_uppercase() {
            'B' => BLUE,
            'R' => RED,
            'G' => GREEN,
            _ => {
                return Err(Error::usage(format!(
                    "{}: colour {c:?} of edge {a}-{b} is not B, R or G",
                    quoted(text.trim())
                )));
            }
        };
        s.add_edge(a, b, label);
    }
    let mut ground = vec![false; g.n()];
    ground[0] = true;
    let joined = s.reachable(&ground);
    if let Some(&(a, b)) = edges.iter().find(|&&(a, _)| !joined[a]) {
        return Err(Error::usage(format!(
            "{}: edge {a}-{b} is not joined to the ground (vertex 0); every edge must hang from it",
            quoted(text.trim())
        )));
    }
    Ok(super::hackenbush_labels::prune(&s))
}

/// A position as `GRAPH6:COLOURS` (its ground vertex 0, the others in order), or `None`
/// if it has a loop or parallel edges, or more than 64 vertices (graph6 of ours holds
/// simple graphs of at most 64).
pub fn to_graph6_colours(s: &Shape) -> Option<String> {
    let g = s.labels().iter().position(|&l| l == GROUND)?;
    if s.n() > 64 {
        return None;
    }
    // The ground first, the others in order.
    let order: Vec<usize> = std::iter::once(g)
        .chain((0..s.n()).filter(|&v| v != g))
        .collect();
    let mut new = vec![0; s.n()];
    for (i, &v) in order.iter().enumerate() {
        new[v] = i;
    }
    let mut graph = Graph::empty(s.n());
    let mut colour = std::collections::HashMap::new();
    for e in s.edges() {
        let (a, b) = (new[e.a as usize], new[e.b as usize]);
        if a == b || graph.has_edge(a, b) {
            return None;
        }
        graph.add_edge(a, b);
        colour.insert((a.min(b), a.max(b)), e.label);
    }
    let letters: String = edges_in_order(&graph)
        .iter()
        .map(|e| match colour[e] {
            BLUE => 'B',
            RED => 'R',
            _ => 'G',
        })
        .collect();
    Some(format!("{}:{letters}", to_graph6(&graph)))
}

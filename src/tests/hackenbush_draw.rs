//! Hackenbush drawn as the books draw it (Winning Ways ch. 1; Lessons in Play ch. 2: the
//! ground a line at the bottom, edges in their colours), checked by the SVG's structure;
//! and the graph6-plus-colours notation, checked against a graph6 decoder written here
//! from nauty's formats.txt on the graphs nauty's geng writes, and round-tripped with the
//! edge-list notation.

use std::collections::HashMap;

use gamecensus::rules::hackenbush::{
    HACKENBUSH_EDGES, Hackenbush, parse_graph6_colours, to_graph6_colours,
};
use gamecensus::rules::shape_rules::ShapedRules;
use gamecensus::shapes::canonical_key;

use crate::common;

static H: Hackenbush = Hackenbush;

/// The values of attribute `name` of every element `<tag ... class="class...` in `svg`.
fn attrs(svg: &str, class: &str, name: &str) -> Vec<String> {
    svg.lines()
        .filter(|l| l.contains(&format!("class=\"{class}")))
        .map(|l| {
            let at = l.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
            l[at..at + l[at..].find('"').unwrap()].to_string()
        })
        .collect()
}

#[test]
fn a_drawing_has_the_ground_line_and_every_edge_in_its_colour() {
    let text = "0-1:B,1-2:R,1-3:G,1-3:B,2-2:G,0-0:R,0-4:G,0-4:G,4-5:B,3-5:R";
    let s = H.parse(text).unwrap();
    let svg = H.draw(&s, Some(text)).unwrap();
    assert_eq!(svg.matches("<line class=\"ground\"").count(), 1);
    // The ground line is the lowest thing drawn: every vertex stands above it.
    let ground_y: f64 = attrs(&svg, "ground", "y1")[0].parse().unwrap();
    for y in attrs(&svg, "vertex", "cy") {
        assert!(y.parse::<f64>().unwrap() < ground_y);
    }
    assert_eq!(attrs(&svg, "vertex", "cx").len(), 5, "the 5 points off the ground");
    // One stroke per edge, in the palette's colour of its letter.
    let letters = attrs(&svg, "edge", "data-colour");
    let strokes = attrs(&svg, "edge", "stroke");
    assert_eq!(letters.len(), 10);
    let mut count: HashMap<String, usize> = HashMap::new();
    for (l, st) in letters.iter().zip(&strokes) {
        let i = HACKENBUSH_EDGES
            .letters
            .iter()
            .position(|&c| c as char == l.chars().next().unwrap())
            .unwrap();
        assert_eq!(st, HACKENBUSH_EDGES.colours[i]);
        *count.entry(l.clone()).or_default() += 1;
    }
    assert_eq!(count["B"], 3);
    assert_eq!(count["R"], 3);
    assert_eq!(count["G"], 4);
    // Loops as loops, parallel edges as distinct curves.
    let kinds = attrs(&svg, "edge", "data-kind");
    assert_eq!(kinds.iter().filter(|k| *k == "loop").count(), 2);
    assert_eq!(kinds.iter().filter(|k| *k == "curve").count(), 4);
    let curves: Vec<String> = attrs(&svg, "edge curve", "d");
    let mut distinct = curves.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 4, "parallel edges drawn apart: {curves:?}");
    // Edges to the ground end on the ground line.
    let from = attrs(&svg, "edge", "data-from");
    let d = attrs(&svg, "edge", "d");
    for (f, path) in from.iter().zip(&d) {
        if f == "0" {
            let y: f64 = path.split_whitespace().nth(2).unwrap().parse().unwrap();
            assert_eq!(y, ground_y, "{path}");
        }
    }
}

#[test]
fn draw_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("h.svg");
    let o = common::cli::run(
        &[
            "draw",
            "--rules",
            "hackenbush",
            "--edges",
            "0-1:B,1-2:R,1-1:G",
            "--out",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", common::cli::stderr(&o));
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_eq!(attrs(&svg, "edge", "data-colour"), ["B", "G", "R"]); // 0-1, 1-1, 1-2
    assert_eq!(svg.matches("class=\"ground\"").count(), 1);
    assert!(svg.contains("hackenbush 0-1:B,1-1:G,1-2:R"), "the caption");
    // Bad input: one line, exit 2.
    let o = common::cli::run(
        &[
            "draw",
            "--rules",
            "hackenbush",
            "--edges",
            "0-1:Q",
            "--out",
            dir.path().join("bad.svg").to_str().unwrap(),
        ],
        None,
    );
    common::cli::assert_usage_error(&o, "not B, R or G");
}

/// The edges of a graph6 string, decoded here from nauty's formats.txt (`N(n)` one
/// byte `n + 63` for n <= 62; then the upper triangle column by column, six bits a byte,
/// each byte offset by 63), in that order: `i-j`, `i < j`, by `j` then `i`.
fn decode_graph6(g6: &str) -> (usize, Vec<(usize, usize)>) {
    let b = g6.as_bytes();
    let n = (b[0] - 63) as usize;
    let bits: Vec<bool> = b[1..]
        .iter()
        .flat_map(|&c| (0..6).rev().map(move |k| (c - 63) >> k & 1 == 1))
        .collect();
    let mut edges = Vec::new();
    let mut k = 0;
    for j in 1..n {
        for i in 0..j {
            if bits[k] {
                edges.push((i, j));
            }
            k += 1;
        }
    }
    (n, edges)
}

#[test]
fn graph6_with_colours_reads_as_nautys_graphs_and_round_trips() {
    // The stalk and the square of the README and the help (graph6 by hand, formats.txt).
    assert_eq!(H.write(&H.parse("Bg:BR").unwrap()), "0-1:B,1-2:R");
    assert_eq!(
        canonical_key(&H.parse("C]:BRBG").unwrap()),
        canonical_key(&H.parse("0-2:B,1-2:R,0-3:B,1-3:G").unwrap())
    );
    // Every connected graph nauty's geng writes on 2..5 vertices, coloured in a pattern
    // cycling B, R, G along graph6's edge order.
    for n in 2..=5 {
        let out = common::nauty("geng", &["-cq", &n.to_string()], None);
        for g6 in out.lines() {
            let (nv, edges) = decode_graph6(g6);
            assert_eq!(nv, n);
            let colours: String = (0..edges.len()).map(|k| ['B', 'R', 'G'][k % 3]).collect();
            let list: Vec<String> = edges
                .iter()
                .zip(colours.chars())
                .map(|(&(a, b), c)| format!("{a}-{b}:{c}"))
                .collect();
            let from_g6 = parse_graph6_colours(&format!("{g6}:{colours}")).unwrap();
            let from_list = H.parse(&list.join(",")).unwrap();
            assert_eq!(from_g6, from_list, "{g6}:{colours}");
            // Back to graph6 and to an edge list, the same position.
            let back = to_graph6_colours(&from_g6).unwrap();
            assert_eq!(canonical_key(&H.parse(&back).unwrap()), canonical_key(&from_list));
            let written = H.write(&from_g6);
            assert_eq!(canonical_key(&H.parse(&written).unwrap()), canonical_key(&from_list));
        }
    }
    // Every position of the census up to 4 edges: edge list -> graph6 -> the same key.
    for m in 0..=4 {
        H.enumerate(m, &mut |s| {
            let g = to_graph6_colours(&s).unwrap();
            assert_eq!(canonical_key(&H.parse(&g).unwrap()), canonical_key(&s), "{g}");
            true
        })
        .unwrap();
    }
    // Loops and parallel edges have no graph6.
    assert!(to_graph6_colours(&H.parse("0-1:B,1-1:G").unwrap()).is_none());
    assert!(to_graph6_colours(&H.parse("0-1:B,0-1:G").unwrap()).is_none());
    for (bad, says) in [
        ("Bg:B", "2 edges but 1 colours"),
        ("Bg:BX", "not B, R or G"),
        ("BG:B", "not joined to the ground"),
        ("B!:BR", "graph6"),
    ] {
        let e = H.parse(bad).unwrap_err().to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
}

#[test]
fn graph6_with_colours_on_eval_explain_and_stdin() {
    let o = common::cli::run(&["eval", "--rules", "hackenbush", "--edges", "Bg:BR"], None);
    assert!(o.status.success(), "{}", common::cli::stderr(&o));
    assert!(common::cli::stdout(&o).contains("\"0-1:B,1-2:R\",2,L,1/2,"));
    let o = common::cli::run(
        &["eval", "--rules", "hackenbush", "-"],
        Some("Bg:BR\n0-1:B,1-2:R\nC]:BRBG\n"),
    );
    assert!(o.status.success(), "{}", common::cli::stderr(&o));
    let lines: Vec<String> = common::cli::stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[1], lines[2]);
    let o = common::cli::run(
        &["explain", "--rules", "hackenbush", "--edges", "Bg:BR"],
        None,
    );
    assert!(o.status.success(), "{}", common::cli::stderr(&o));
    assert!(common::cli::stdout(&o).starts_with("hackenbush on 0-1:B,1-2:R: value 1/2"));
    let o = common::cli::run(&["eval", "--rules", "hackenbush", "--edges", "Bg:B"], None);
    common::cli::assert_usage_error(&o, "2 edges but 1 colours");
}

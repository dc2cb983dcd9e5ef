//! A shape standing on a ground drawn the way the books draw Hackenbush (Winning Ways
//! ch. 1; Lessons in Play ch. 2): the ground a horizontal line at the bottom, every other
//! vertex above it at the height of its distance from the ground, each edge a stroke in
//! its colour. An edge to the ground meets the ground line right under its other end
//! (all ground points are one vertex); parallel edges bow apart as curves; a loop is a
//! petal above its vertex (or standing on the ground line).
//!
//! The SVG says what it draws, for tests and tools: the ground is
//! `<line class="ground">`, each edge one `<path class="edge ...">` with `data-colour`
//! (the edge label's letter), `data-from` and `data-to` (vertex numbers, the ground 0)
//! and `data-kind` (`line`, `curve` for one of parallel edges, `loop`); each vertex off
//! the ground a `<circle class="vertex">`.

use std::collections::{BTreeMap, VecDeque};

use super::shape::Shape;

/// Horizontal space per column of the layout, in SVG units.
const COLUMN: f64 = 44.0;
/// Height of one level above the ground.
const LEVEL: f64 = 52.0;
const MARGIN: f64 = 24.0;
/// Colour of the ground line.
pub const GROUND_COLOUR: &str = "#5d4037";

/// The SVG of `s` standing on its ground (the vertex labelled `ground`; a shape without
/// one is drawn with nothing on the ground). Edge `label` is drawn in `colours[label]`
/// and named by `letters[label]` (a missing one in black, named by its number). Vertices
/// are numbered as the notation numbers them: the ground 0, the others 1, 2, … in order.
pub fn grounded_svg(
    s: &Shape,
    ground: u8,
    letters: &[u8],
    colours: &[&str],
    caption: Option<&str>,
) -> String {
    let n = s.n();
    let g = s.labels().iter().position(|&l| l == ground);
    // Notation numbers: the ground 0, the others 1, 2, … in order.
    let mut next = 0;
    let number: Vec<usize> = (0..n)
        .map(|v| {
            if Some(v) == g {
                0
            } else {
                next += 1;
                next
            }
        })
        .collect();
    // Breadth-first from the ground: levels and a spanning tree (children in order).
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for e in s.edges() {
        let (a, b) = (e.a as usize, e.b as usize);
        if a != b {
            adj[a].push(b);
            adj[b].push(a);
        }
    }
    for a in &mut adj {
        a.sort_unstable();
        a.dedup();
    }
    let mut level = vec![usize::MAX; n];
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut roots = Vec::new(); // the tree's tops under the ground, or of loose parts
    let mut queue = VecDeque::new();
    if let Some(g) = g {
        level[g] = 0;
        queue.push_back(g);
    }
    loop {
        while let Some(v) = queue.pop_front() {
            for &w in &adj[v] {
                if level[w] == usize::MAX {
                    level[w] = level[v] + 1;
                    if Some(v) == g {
                        roots.push(w);
                    } else {
                        children[v].push(w);
                    }
                    queue.push_back(w);
                }
            }
        }
        // A part not joined to the ground (not a position of the rules, but drawable):
        // it stands one level up.
        match (0..n).find(|&v| level[v] == usize::MAX && Some(v) != g) {
            Some(v) => {
                level[v] = 1;
                roots.push(v);
                queue.push_back(v);
            }
            None => break,
        }
    }
    // Columns: leaves of the tree left to right, a vertex above the middle of its own.
    let mut x = vec![0.0f64; n];
    let mut slots = 0usize;
    fn place(v: usize, children: &[Vec<usize>], x: &mut [f64], slots: &mut usize) {
        if children[v].is_empty() {
            x[v] = *slots as f64;
            *slots += 1;
        } else {
            for &c in &children[v] {
                place(c, children, x, slots);
            }
            let cs = &children[v];
            x[v] = (x[cs[0]] + x[cs[cs.len() - 1]]) / 2.0;
        }
    }
    for &r in &roots {
        place(r, &children, &mut x, &mut slots);
    }
    // Loops at the ground stand on the ground line in a column of their own.
    let ground_loops = s
        .edges()
        .iter()
        .any(|e| e.a == e.b && Some(e.a as usize) == g);
    let loop_column = slots as f64;
    let columns = slots + ground_loops as usize;
    let top = (0..n)
        .filter(|&v| Some(v) != g)
        .map(|v| level[v])
        .max()
        .unwrap_or(0);
    let caption_h = if caption.is_some() { 24.0 } else { 0.0 };
    let caption_w = caption.map_or(0.0, |c| c.chars().count() as f64 * 6.8 + 16.0);
    let width = (columns.max(1) as f64 * COLUMN + 2.0 * MARGIN)
        .max(140.0)
        .max(caption_w);
    let height = top as f64 * LEVEL + 40.0 + 2.0 * MARGIN + caption_h;
    let ground_y = height - MARGIN - caption_h;
    let x0 = (width - columns.max(1) as f64 * COLUMN) / 2.0 + COLUMN / 2.0;
    let at = |v: usize| -> (f64, f64) { (x0 + x[v] * COLUMN, ground_y - level[v] as f64 * LEVEL) };
    let mut out = crate::svg::open(width, height, "");
    out.push_str(&format!(
         "<g class=\"hackenbush\" data-vertices=\"{n}\" data-edges=\"{}\">\n\
         <line class=\"ground\" x1=\"{:.1}\" y1=\"{ground_y:.1}\" x2=\"{:.1}\" y2=\"{ground_y:.1}\" \
         stroke=\"{GROUND_COLOUR}\" stroke-width=\"4\" stroke-linecap=\"round\"/>\n",
        s.edges().len(),
        MARGIN / 2.0,
        width - MARGIN / 2.0,
    ));
    // Edges grouped by their ends (parallel edges together), in edge order.
    let mut groups: BTreeMap<(usize, usize), Vec<u8>> = BTreeMap::new();
    for e in s.edges() {
        groups
            .entry((e.a as usize, e.b as usize))
            .or_default()
            .push(e.label);
    }
    for (&(a, b), labels) in &groups {
        let k = labels.len();
        for (i, &label) in labels.iter().enumerate() {
            let colour = colours.get(label as usize).copied().unwrap_or("#000");
            let letter = letters
                .get(label as usize)
                .map(|&l| (l as char).to_string())
                .unwrap_or_else(|| label.to_string());
            let (kind, d) = if a == b {
                // A petal above the vertex, bigger for each further loop there.
                let (px, py) = if Some(a) == g {
                    (x0 + loop_column * COLUMN, ground_y)
                } else {
                    at(a)
                };
                let r = 10.0 + 6.0 * i as f64;
                let h = 30.0 + 10.0 * i as f64;
                (
                    "loop",
                    format!(
                        "M {px:.1} {py:.1} C {:.1} {:.1} {:.1} {:.1} {px:.1} {py:.1}",
                        px - r - h / 3.0,
                        py - h,
                        px + r + h / 3.0,
                        py - h
                    ),
                )
            } else {
                // An edge to the ground meets the ground line under its other end.
                let (p, q) = if Some(a) == g {
                    let (bx, by) = at(b);
                    ((bx, ground_y), (bx, by))
                } else if Some(b) == g {
                    let (ax, ay) = at(a);
                    ((ax, ground_y), (ax, ay))
                } else {
                    (at(a), at(b))
                };
                if k == 1 {
                    (
                        "line",
                        format!("M {:.1} {:.1} L {:.1} {:.1}", p.0, p.1, q.0, q.1),
                    )
                } else {
                    // Bow parallel edges apart, symmetrically about the straight line.
                    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
                    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
                    let (nx, ny) = (-dy / len, dx / len);
                    let off = (i as f64 - (k - 1) as f64 / 2.0) * 28.0;
                    let (cx, cy) = ((p.0 + q.0) / 2.0 + nx * off, (p.1 + q.1) / 2.0 + ny * off);
                    (
                        "curve",
                        format!(
                            "M {:.1} {:.1} Q {cx:.1} {cy:.1} {:.1} {:.1}",
                            p.0, p.1, q.0, q.1
                        ),
                    )
                }
            };
            out.push_str(&format!(
                "<path class=\"edge {kind}\" data-colour=\"{}\" data-from=\"{}\" data-to=\"{}\" \
                 data-kind=\"{kind}\" d=\"{d}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"4\" \
                 stroke-linecap=\"round\"/>\n",
                crate::svg::escape(&letter),
                number[a],
                number[b]
            ));
        }
    }
    for v in (0..n).filter(|&v| Some(v) != g) {
        let (vx, vy) = at(v);
        out.push_str(&format!(
            "<circle class=\"vertex\" data-vertex=\"{}\" cx=\"{vx:.1}\" cy=\"{vy:.1}\" r=\"3.5\" fill=\"#222\"/>\n",
            number[v]
        ));
    }
    out.push_str("</g>\n");
    crate::svg::close(&mut out, width, height, 8.0, caption);
    out
}

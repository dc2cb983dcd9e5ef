//! Drawing a position: a layout of the graph by stress majorization (SMACOF, Gansner,
//! Koren & North, "Graph drawing by stress majorization", 2004: place the vertices so
//! that Euclidean distances match graph distances, weighting pairs by 1/d²), each
//! connected component laid out on its own and the components placed side by side; then
//! an SVG with the vertices in their colours (B black, W white, G green, uncoloured
//! grey) and labelled by their graph6 index. The layout is deterministic (no random
//! start), so a drawing can go into a paper and be made again.
//!
//! The SVG marks its parts for programs: `<g class="position" data-n=".." data-m="..">`,
//! `<line class="edge">` per edge and `<circle class="vertex colour-B">` (or `colour-W`,
//! `colour-G`, `colour-none`) per vertex.

use super::colouring::Colouring;
use super::graph::{Bits, Graph};

/// Pixels per unit of graph distance.
const UNIT: f64 = 56.0;
/// Vertex radius in pixels.
const RADIUS: f64 = 13.0;
/// Margin around the drawing.
const MARGIN: f64 = 24.0;

/// Positions of the vertices, in units where adjacent vertices are about 1 apart.
pub fn layout(g: &Graph) -> Vec<(f64, f64)> {
    let n = g.n();
    let mut pos = vec![(0.0, 0.0); n];
    let mut x_offset = 0.0;
    for comp in g.components() {
        let verts: Vec<usize> = Bits(comp).collect();
        let local = layout_component(g, &verts);
        let (min_x, max_x) = local
            .iter()
            .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
        for (k, &v) in verts.iter().enumerate() {
            pos[v] = (local[k].0 - min_x + x_offset, local[k].1);
        }
        x_offset += max_x - min_x + 1.2;
    }
    pos
}

/// Graph distances within `verts` (a connected component).
fn distances(g: &Graph, verts: &[usize]) -> Vec<Vec<f64>> {
    let index = |v: usize| {
        verts
            .iter()
            .position(|&u| u == v)
            .expect("in the component")
    };
    verts
        .iter()
        .map(|&s| {
            let mut d = vec![f64::INFINITY; verts.len()];
            d[index(s)] = 0.0;
            let (mut frontier, mut seen, mut k) = (1u64 << s, 1u64 << s, 0.0);
            while frontier != 0 {
                k += 1.0;
                let mut next = 0;
                for v in Bits(frontier) {
                    next |= g.neighbours(v);
                }
                next &= !seen;
                for v in Bits(next) {
                    d[index(v)] = k;
                }
                seen |= next;
                frontier = next;
            }
            d
        })
        .collect()
}

fn layout_component(g: &Graph, verts: &[usize]) -> Vec<(f64, f64)> {
    let k = verts.len();
    if k == 1 {
        return vec![(0.0, 0.0)];
    }
    let d = distances(g, verts);
    // Start on a circle, in the order of a breadth-first search (neighbours close).
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by(|&a, &b| d[0][a].total_cmp(&d[0][b]).then(a.cmp(&b)));
    let radius = k as f64 / (2.0 * std::f64::consts::PI);
    let mut x = vec![(0.0, 0.0); k];
    for (rank, &i) in order.iter().enumerate() {
        let t = 2.0 * std::f64::consts::PI * rank as f64 / k as f64;
        x[i] = (radius * t.cos(), radius * t.sin());
    }
    // SMACOF: each vertex moves to the weighted mean of where every other vertex says it
    // should be (at its graph distance, in its current direction).
    for _ in 0..300 {
        let mut moved = 0.0f64;
        for i in 0..k {
            let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
            for j in 0..k {
                if i == j {
                    continue;
                }
                let dij = d[i][j];
                let w = 1.0 / (dij * dij);
                let (dx, dy) = (x[i].0 - x[j].0, x[i].1 - x[j].1);
                let dist = (dx * dx + dy * dy).sqrt().max(1e-9);
                sx += w * (x[j].0 + dij * dx / dist);
                sy += w * (x[j].1 + dij * dy / dist);
                sw += w;
            }
            let new = (sx / sw, sy / sw);
            moved = moved.max((new.0 - x[i].0).abs() + (new.1 - x[i].1).abs());
            x[i] = new;
        }
        if moved < 1e-6 {
            break;
        }
    }
    // Dense graphs cannot keep every distance (all 1 in a clique): spread the drawing
    // until no two vertices are closer than 0.8 units.
    let mut closest = f64::MAX;
    for i in 0..k {
        for j in 0..i {
            closest = closest.min(((x[i].0 - x[j].0).powi(2) + (x[i].1 - x[j].1).powi(2)).sqrt());
        }
    }
    if closest < 0.8 {
        let f = 0.8 / closest.max(1e-3);
        for p in &mut x {
            *p = (p.0 * f, p.1 * f);
        }
    }
    // Orientation: the principal axis horizontal, centred, the first vertex on the left.
    let (cx, cy) = x.iter().fold((0.0, 0.0), |a, p| {
        (a.0 + p.0 / k as f64, a.1 + p.1 / k as f64)
    });
    let (mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0);
    for p in &x {
        let (a, b) = (p.0 - cx, p.1 - cy);
        sxx += a * a;
        sxy += a * b;
        syy += b * b;
    }
    let angle = 0.5 * (2.0 * sxy).atan2(sxx - syy);
    let (c, s) = (angle.cos(), angle.sin());
    let mut out: Vec<(f64, f64)> = x
        .iter()
        .map(|p| {
            let (a, b) = (p.0 - cx, p.1 - cy);
            (a * c + b * s, -a * s + b * c)
        })
        .collect();
    if out[0].0 > 0.0 {
        for p in &mut out {
            p.0 = -p.0;
        }
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An SVG drawing of `g` coloured `c`, with an optional caption under it. A standalone
/// document (with the XML namespace), also valid inline in HTML.
pub fn svg(g: &Graph, c: Option<&Colouring>, caption: Option<&str>) -> String {
    let pos = layout(g);
    let (max_x, min_y, max_y) = pos.iter().fold((0.0f64, 0.0f64, 0.0f64), |(a, b, d), p| {
        (a.max(p.0), b.min(p.1), d.max(p.1))
    });
    let caption_h = if caption.is_some() { 22.0 } else { 0.0 };
    let width = (max_x * UNIT + 2.0 * (MARGIN + RADIUS)).max(120.0);
    let height = (max_y - min_y) * UNIT + 2.0 * (MARGIN + RADIUS) + caption_h;
    let px = |p: (f64, f64)| {
        (
            MARGIN + RADIUS + p.0 * UNIT,
            MARGIN + RADIUS + (p.1 - min_y) * UNIT,
        )
    };
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\">\n\
         <g class=\"position\" data-n=\"{}\" data-m=\"{}\">\n",
        g.n(),
        g.m()
    );
    for u in 0..g.n() {
        for v in Bits(g.neighbours(u) & !((2u64 << u) - 1)) {
            let (a, b) = (px(pos[u]), px(pos[v]));
            s.push_str(&format!(
                "<line class=\"edge\" x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" \
                 stroke=\"#555\" stroke-width=\"2\"/>\n",
                a.0, a.1, b.0, b.1
            ));
        }
    }
    for (v, &p) in pos.iter().enumerate() {
        let (x, y) = px(p);
        let (class, fill, text) = match c.map(|c| c.get(v)) {
            Some(0) => ("B", "#222", "#fff"),
            Some(1) => ("W", "#fff", "#000"),
            Some(2) => ("G", "#2e8b57", "#fff"),
            Some(_) => ("other", "#c96", "#000"),
            None => ("none", "#ddd", "#000"),
        };
        s.push_str(&format!(
            "<circle class=\"vertex colour-{class}\" data-vertex=\"{v}\" cx=\"{x:.1}\" cy=\"{y:.1}\" \
             r=\"{RADIUS}\" fill=\"{fill}\" stroke=\"#000\" stroke-width=\"1.5\"/>\n\
             <text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\" fill=\"{text}\">{v}</text>\n",
            y + 4.0
        ));
    }
    s.push_str("</g>\n");
    if let Some(cap) = caption {
        s.push_str(&format!(
            "<text class=\"caption\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">{}</text>\n",
            width / 2.0,
            height - 8.0,
            escape(cap)
        ));
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
        ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
    }

    #[test]
    fn layouts_respect_graph_distances() {
        // A path is drawn straight: the ends 5 apart.
        let path = crate::graphs::families::path(6);
        let p = layout(&path);
        assert!((dist(p[0], p[5]) - 5.0).abs() < 0.05, "{p:?}");
        // Adjacent vertices of a cycle are about 1 apart, no two vertices coincide.
        let c = layout(&crate::graphs::families::cycle(8));
        for i in 0..8 {
            let d = dist(c[i], c[(i + 1) % 8]);
            assert!((0.6..1.4).contains(&d), "{d}");
            for j in 0..i {
                assert!(dist(c[i], c[j]) > 0.3);
            }
        }
        // Components side by side, not on top of each other; deterministic.
        let g = Graph::from_edges(4, &[(0, 1), (2, 3)]);
        let a = layout(&g);
        assert!(dist(a[0], a[2]) > 0.9 && dist(a[1], a[3]) > 0.9);
        assert_eq!(a, layout(&g));
    }

    #[test]
    fn svg_marks_vertices_edges_and_colours() {
        let g = Graph::from_edges(3, &[(0, 1), (1, 2)]);
        let c = Colouring::parse("BWG", 3, &crate::graphs::palette::Palette::BWG).unwrap();
        let s = svg(&g, Some(&c), Some("P3 <BWG>"));
        assert_eq!(s.matches("class=\"edge\"").count(), 2);
        assert_eq!(s.matches("class=\"vertex colour-").count(), 3);
        assert!(s.contains("colour-B") && s.contains("colour-W") && s.contains("colour-G"));
        assert!(s.contains("P3 &lt;BWG&gt;"));
    }
}

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

/// A circle, in the order of a breadth-first search from the first vertex.
fn circle(d: &[Vec<f64>]) -> Vec<(f64, f64)> {
    let k = d.len();
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by(|&a, &b| d[0][a].total_cmp(&d[0][b]).then(a.cmp(&b)));
    let radius = k as f64 / (2.0 * std::f64::consts::PI);
    let mut x = vec![(0.0, 0.0); k];
    for (rank, &i) in order.iter().enumerate() {
        let t = 2.0 * std::f64::consts::PI * rank as f64 / k as f64;
        x[i] = (radius * t.cos(), radius * t.sin());
    }
    x
}

/// Classical scaling (Torgerson): the two leading eigenvectors of the double-centred
/// matrix of squared distances, by power iteration from fixed vectors, scaled by the
/// square roots of their eigenvalues.
fn classical_scaling(d: &[Vec<f64>]) -> Vec<(f64, f64)> {
    let k = d.len();
    let sq: Vec<Vec<f64>> = d
        .iter()
        .map(|r| r.iter().map(|v| v * v).collect())
        .collect();
    let row: Vec<f64> = sq
        .iter()
        .map(|r| r.iter().sum::<f64>() / k as f64)
        .collect();
    let all = row.iter().sum::<f64>() / k as f64;
    let b: Vec<Vec<f64>> = (0..k)
        .map(|i| {
            (0..k)
                .map(|j| -0.5 * (sq[i][j] - row[i] - row[j] + all))
                .collect()
        })
        .collect();
    let mut axes: Vec<(f64, Vec<f64>)> = Vec::new();
    for a in 0..2 {
        let mut v: Vec<f64> = (0..k)
            .map(|i| ((i * (a + 2) + 1) % 7) as f64 - 3.0)
            .collect();
        let mut lambda = 0.0;
        for _ in 0..200 {
            let mut w: Vec<f64> = (0..k)
                .map(|i| (0..k).map(|j| b[i][j] * v[j]).sum())
                .collect();
            for (_, u) in &axes {
                let p: f64 = w.iter().zip(u).map(|(x, y)| x * y).sum();
                for (x, y) in w.iter_mut().zip(u) {
                    *x -= p * y;
                }
            }
            let norm = w.iter().map(|x| x * x).sum::<f64>().sqrt();
            if norm < 1e-12 {
                break;
            }
            lambda = norm;
            v = w.into_iter().map(|x| x / norm).collect();
        }
        axes.push((lambda, v));
    }
    (0..k)
        .map(|i| {
            (
                axes[0].1[i] * axes[0].0.sqrt(),
                axes[1].1[i] * axes[1].0.sqrt() + 1e-3 * i as f64,
            )
        })
        .collect()
}

/// SMACOF from `x`: each vertex moves to the weighted mean of where every other vertex
/// says it should be (at its graph distance, in its current direction).
fn smacof(d: &[Vec<f64>], mut x: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    let k = d.len();
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
    x
}

/// The stress of a layout: Σ (|xi − xj| − dij)² / dij².
fn stress(d: &[Vec<f64>], x: &[(f64, f64)]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..i {
            let e = ((x[i].0 - x[j].0).hypot(x[i].1 - x[j].1) - d[i][j]) / d[i][j];
            s += e * e;
        }
    }
    s
}

/// Pairs of edges (without a common end) whose segments cross.
fn crossings(edges: &[(usize, usize)], x: &[(f64, f64)]) -> usize {
    let orient = |a: (f64, f64), b: (f64, f64), c: (f64, f64)| {
        let v = (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0);
        if v > 1e-9 {
            1
        } else if v < -1e-9 {
            -1
        } else {
            0
        }
    };
    let mut count = 0;
    for (i, &(a, b)) in edges.iter().enumerate() {
        for &(c, e) in &edges[..i] {
            if a == c || a == e || b == c || b == e {
                continue;
            }
            let (p, q, r, t) = (x[a], x[b], x[c], x[e]);
            if orient(p, q, r) * orient(p, q, t) < 0 && orient(r, t, p) * orient(r, t, q) < 0 {
                count += 1;
            }
        }
    }
    count
}

fn layout_component(g: &Graph, verts: &[usize]) -> Vec<(f64, f64)> {
    let k = verts.len();
    if k == 1 {
        return vec![(0.0, 0.0)];
    }
    let d = distances(g, verts);
    // Several deterministic starts, each improved by SMACOF; the layout kept is the one
    // with the fewest edge crossings, then the lowest stress. One start is classical
    // scaling (MDS), one a circle in breadth-first order, the rest pseudo-random from a
    // fixed seed: SMACOF keeps a start's crossings when it is stuck in a local optimum
    // (a 4-cycle started crossed stays a bow-tie), so one start is not enough.
    let mut starts = vec![classical_scaling(&d), circle(&d)];
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..4 {
        starts.push(
            (0..k)
                .map(|_| {
                    let mut next = || {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        (seed >> 11) as f64 / (1u64 << 53) as f64 * k as f64
                    };
                    (next(), next())
                })
                .collect(),
        );
    }
    let edges: Vec<(usize, usize)> = (0..k)
        .flat_map(|i| (0..i).map(move |j| (j, i)))
        .filter(|&(i, j)| g.has_edge(verts[i], verts[j]))
        .collect();
    let mut x = starts
        .into_iter()
        .map(|s| {
            let x = smacof(&d, s);
            ((crossings(&edges, &x), stress(&d, &x)), x)
        })
        .min_by(|a, b| a.0.0.cmp(&b.0.0).then(a.0.1.total_cmp(&b.0.1)))
        .expect("several starts")
        .1;
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
    let mut s = crate::svg::open(width, height, "");
    s.push_str(&format!(
        "<g class=\"position\" data-n=\"{}\" data-m=\"{}\">\n",
        g.n(),
        g.m()
    ));
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
        let palette = super::palette::STANDARD;
        let label = c.map(|c| c.get(v));
        let (class, (fill, text)) = match label.and_then(|l| palette.fill(l).map(|f| (l, f))) {
            Some((l, f)) => ((palette.letter(l) as char).to_string(), f),
            None if label.is_some() => ("other".to_string(), ("#c96", "#000")),
            None => ("none".to_string(), ("#ddd", "#000")),
        };
        s.push_str(&format!(
            "<circle class=\"vertex colour-{class}\" data-vertex=\"{v}\" cx=\"{x:.1}\" cy=\"{y:.1}\" \
             r=\"{RADIUS}\" fill=\"{fill}\" stroke=\"#000\" stroke-width=\"1.5\"/>\n\
             <text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\" fill=\"{text}\">{v}</text>\n",
            y + 4.0
        ));
    }
    s.push_str("</g>\n");
    crate::svg::close(&mut s, width, height, 8.0, caption);
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
    fn planar_graphs_are_drawn_without_crossings() {
        let edges_of = |g: &Graph| -> Vec<(usize, usize)> {
            (0..g.n())
                .flat_map(|i| (0..i).map(move |j| (j, i)))
                .filter(|&(i, j)| g.has_edge(i, j))
                .collect()
        };
        // The 4-cycle under every labelling (a circle start in the wrong order gave a
        // bow-tie), the 2 x 4 ladder and a 3 x 3 grid: no crossing. The cube, under two
        // labellings: at most the 2 crossings of its usual oblique drawing (a layout
        // that keeps distances is a projection, not the nested squares).
        let mut graphs = vec![
            Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]),
            Graph::from_edges(4, &[(0, 2), (2, 1), (1, 3), (3, 0)]),
            Graph::from_edges(4, &[(0, 1), (1, 3), (3, 2), (2, 0)]),
        ];
        let cube: Vec<(usize, usize)> = (0..8usize)
            .flat_map(|v| (0..3).map(move |b| (v, v ^ (1 << b))))
            .filter(|&(a, b)| a < b)
            .collect();
        let shuffle = [3, 6, 0, 5, 7, 1, 4, 2];
        let relabelled: Vec<(usize, usize)> = cube
            .iter()
            .map(|&(a, b)| (shuffle[a], shuffle[b]))
            .collect();
        for c in [
            Graph::from_edges(8, &cube),
            Graph::from_edges(8, &relabelled),
        ] {
            assert!(crossings(&edges_of(&c), &layout(&c)) <= 2);
        }
        graphs.push(Graph::from_edges(
            8,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (4, 5),
                (5, 6),
                (6, 7),
                (0, 4),
                (1, 5),
                (2, 6),
                (3, 7),
            ],
        ));
        graphs.push(Graph::from_edges(
            9,
            &[
                (0, 1),
                (1, 2),
                (3, 4),
                (4, 5),
                (6, 7),
                (7, 8),
                (0, 3),
                (3, 6),
                (1, 4),
                (4, 7),
                (2, 5),
                (5, 8),
            ],
        ));
        for g in &graphs {
            let x = layout(g);
            assert_eq!(crossings(&edges_of(g), &x), 0, "{g:?}: {x:?}");
        }
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

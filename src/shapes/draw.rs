//! A board drawn as a board: the smallest rectangle holding its cells, one square per
//! cell, empty cells light and filled ones dark (as CGSuite and the books draw Domineering
//! and Cram), rows from the top, as the grid notation writes them.

use std::collections::HashSet;

use super::shape::Shape;

/// Side of one cell, in SVG units.
pub const CELL: f64 = 32.0;
const MARGIN: f64 = 10.0;
/// Fill of an empty cell.
pub const EMPTY_FILL: &str = "#ffffff";
/// Fill of a filled cell.
pub const FILLED_FILL: &str = "#333333";

/// The SVG of a board shape (one with cells), with an optional caption under it; `None`
/// for a shape without cells (it is not a board). The empty board is drawn as one filled
/// cell.
pub fn board_svg(s: &Shape, caption: Option<&str>) -> Option<String> {
    board_svg_with(s, &[], caption)
}

/// [`board_svg`] of a board whose cells may carry stones: a cell labelled `k > 0` holds
/// a stone drawn as a disc filled `stones[k]` (see [`super::board::parse_with`]).
pub fn board_svg_with(s: &Shape, stones: &[&str], caption: Option<&str>) -> Option<String> {
    let cells = s.place()?;
    let set: HashSet<(i32, i32)> = cells.iter().copied().collect();
    let (r0, c0, rows, cols) = if cells.is_empty() {
        (0, 0, 1, 1)
    } else {
        let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let r1 = cells.iter().map(|c| c.0).max().unwrap_or(0);
        let c1 = cells.iter().map(|c| c.1).max().unwrap_or(0);
        (r0, c0, r1 - r0 + 1, c1 - c0 + 1)
    };
    let caption_h = if caption.is_some() { 22.0 } else { 0.0 };
    let width = (cols as f64 * CELL + 2.0 * MARGIN).max(120.0);
    let height = rows as f64 * CELL + 2.0 * MARGIN + caption_h;
    let x0 = (width - cols as f64 * CELL) / 2.0;
    let mut out = crate::svg::open(width, height, "");
    out.push_str(&format!(
        "<g class=\"board\" data-rows=\"{rows}\" data-columns=\"{cols}\" data-cells=\"{}\">\n",
        cells.len()
    ));
    for r in 0..rows {
        for c in 0..cols {
            let empty = set.contains(&(r0 + r, c0 + c));
            let (class, fill) = if empty {
                ("cell empty", EMPTY_FILL)
            } else {
                ("cell filled", FILLED_FILL)
            };
            out.push_str(&format!(
                "<rect class=\"{class}\" data-row=\"{}\" data-column=\"{}\" x=\"{:.1}\" y=\"{:.1}\" \
                 width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#000\" stroke-width=\"1.5\"/>\n",
                r + 1,
                c + 1,
                x0 + c as f64 * CELL,
                MARGIN + r as f64 * CELL
            ));
        }
    }
    for (v, &(r, c)) in cells.iter().enumerate() {
        let k = s.label(v) as usize;
        if let Some(fill) = stones.get(k).filter(|_| k > 0) {
            out.push_str(&format!(
                "<circle class=\"stone\" data-stone=\"{k}\" data-row=\"{}\" data-column=\"{}\" \
                 cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\" fill=\"{fill}\" stroke=\"#000\" stroke-width=\"1.5\"/>\n",
                r - r0 + 1,
                c - c0 + 1,
                x0 + (c - c0) as f64 * CELL + CELL / 2.0,
                MARGIN + (r - r0) as f64 * CELL + CELL / 2.0,
                CELL * 0.36
            ));
        }
    }
    out.push_str("</g>\n");
    crate::svg::close(&mut out, width, height, 8.0, caption);
    Some(out)
}

/// The SVG of an edge-labelled graph without cells (generalised Domineering and Cram),
/// laid out as [`crate::graphs::draw::layout`] lays out graphs: vertices numbered as in
/// the edge list, each edge drawn in `colours[label]` with its letter at its middle
/// (parallel edges of different labels side by side). `None` past 64 vertices.
pub fn graph_svg(
    s: &Shape,
    letters: &[u8],
    colours: &[&str],
    caption: Option<&str>,
) -> Option<String> {
    use crate::graphs::draw::layout;
    const UNIT: f64 = 64.0;
    const RADIUS: f64 = 12.0;
    const MARGIN: f64 = 24.0;
    if s.n() > 64 {
        return None;
    }
    let simple: Vec<(usize, usize)> = s
        .edges()
        .iter()
        .filter(|e| e.a != e.b)
        .map(|e| (e.a as usize, e.b as usize))
        .collect();
    let g = crate::graphs::Graph::from_edges(s.n(), &simple);
    let pos = layout(&g);
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
    let mut out = crate::svg::open(width, height, "");
    out.push_str(&format!(
        "<g class=\"edge-graph\" data-vertices=\"{}\" data-edges=\"{}\">\n",
        s.n(),
        s.edges().len()
    ));
    let edges = s.edges();
    for (i, e) in edges.iter().enumerate() {
        if e.a == e.b {
            continue;
        }
        // The k-th of the edges between the same two vertices is offset sideways.
        let k = edges[..i]
            .iter()
            .filter(|f| (f.a, f.b) == (e.a, e.b))
            .count() as f64;
        let (a, b) = (px(pos[e.a as usize]), px(pos[e.b as usize]));
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let off = 6.0 * k;
        let (ox, oy) = (-dy / len * off, dx / len * off);
        let colour = colours.get(e.label as usize).copied().unwrap_or("#000");
        let letter = letters
            .get(e.label as usize)
            .map_or_else(|| e.label.to_string(), |&c| (c as char).to_string());
        out.push_str(&format!(
            "<line class=\"edge label-{letter}\" x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" \
             stroke=\"{colour}\" stroke-width=\"3\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" fill=\"{colour}\">{letter}</text>\n",
            a.0 + ox,
            a.1 + oy,
            b.0 + ox,
            b.1 + oy,
            (a.0 + b.0) / 2.0 + ox + 4.0,
            (a.1 + b.1) / 2.0 + oy - 4.0,
        ));
    }
    for (v, &p) in pos.iter().enumerate() {
        let (x, y) = px(p);
        out.push_str(&format!(
            "<circle class=\"vertex\" data-vertex=\"{v}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{RADIUS}\" \
             fill=\"#fff\" stroke=\"#000\" stroke-width=\"1.5\"/>\n\
             <text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{v}</text>\n",
            y + 4.0
        ));
    }
    out.push_str("</g>\n");
    crate::svg::close(&mut out, width, height, 8.0, caption);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shapes::board;

    #[test]
    fn an_l_tromino_is_a_2x2_grid_with_one_dark_cell() {
        let s = board_svg(&board::parse(".#|..").unwrap(), Some("L")).unwrap();
        assert_eq!(s.matches("class=\"cell empty\"").count(), 3);
        assert_eq!(s.matches("class=\"cell filled\"").count(), 1);
        assert!(s.contains("class=\"cell filled\" data-row=\"1\" data-column=\"2\""));
    }

    #[test]
    fn a_shape_without_cells_is_not_drawn_as_a_board() {
        assert!(board_svg(&Shape::new(2, false), None).is_none());
    }
}

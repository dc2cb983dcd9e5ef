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
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\">\n\
         <g class=\"board\" data-rows=\"{rows}\" data-columns=\"{cols}\" data-cells=\"{}\">\n",
        cells.len()
    );
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
    out.push_str("</g>\n");
    if let Some(cap) = caption {
        out.push_str(&format!(
            "<text class=\"caption\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">{}</text>\n",
            width / 2.0,
            height - 8.0,
            escape(cap)
        ));
    }
    out.push_str("</svg>\n");
    Some(out)
}

/// `s` as XML text.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
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

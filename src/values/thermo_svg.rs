//! A thermograph drawn as the books draw it (Winning Ways ch. 6; Siegel, *Combinatorial
//! Game Theory* II.5): temperature on the vertical axis, going up; value on the
//! horizontal axis with **Left (positive) to the left**; the left and right walls as
//! piecewise-linear trajectories at their exact corners, meeting at the foot of the
//! vertical mast, which goes on above the temperature up to a margin. Both axes have the
//! same scale, so the slopes ±1 of the walls are at 45°. The size does not grow with the
//! values: the longer span is drawn 440 pixels long (a unit at most 96 pixels), so
//! {10^12|−10^12} (written in full: `^` is up in the calculator) is a picture of a few
//! hundred pixels like {3|−1}, not one of 3·10^13 (issue #44); the margins hold the
//! widest labels, which are exact however small a unit is.
//!
//! The walls start at t = −1, as the kernel computes them (Berlekamp's generalised
//! thermography, as CGSuite draws it); the band below t = 0 is shaded, and the value
//! axis is drawn at t = 0, where Winning Ways' pictures start. Every corner, and each
//! wall's stop at t = 0, is labelled `(value, temperature)` with its exact dyadic
//! coordinates; the temperature axis has a tick at each corner's temperature and the
//! value axis one at each corner's value. A label that would overlap one drawn is left
//! out (its corner or tick still carries the value in its `data-` attributes).
//!
//! The SVG marks its parts for programs: `<g class="thermograph" data-temperature=".."
//! data-mean="..">`, `<polyline class="wall left">` (and `right`) whose points are the
//! wall's corners, `<circle class="corner" data-wall="left|right" data-t=".."
//! data-x="..">` per point of a wall (exact values: the corners, the stop at t = 0, the
//! mast's foot), and `<line class="mast" data-x="..">`. The
//! drawing depends only on the thermograph and the caption: the same game gives the
//! same bytes.

use super::dyadic::Dyadic;
use super::limits::Limit;
use super::trajectory::{Thermograph, Trajectory};
use crate::svg::escape;

/// Room left of the plot (temperature labels), right, above and below it.
const LEFT: f64 = 64.0;
const RIGHT: f64 = 96.0;
const TOP: f64 = 24.0;
const BOTTOM: f64 = 76.0;
/// The longest caption drawn whole (in characters); a longer one is cut with "…".
const CAPTION: usize = 160;
/// The plot's longer side (pixels): one game unit is this over the larger of the two
/// spans, at most [`MOST_UNIT`] pixels, and as small as it takes, so the picture has the
/// same size for {10^12|−10^12} as for {3|−1} (the labels carry the exact values).
const PLOT: f64 = 440.0;
const MOST_UNIT: f64 = 96.0;
/// The width of a character of a label (12-pixel sans-serif), as the layout counts it.
const CHAR: f64 = 7.0;

/// The width `text` takes as a label.
fn text_width(text: &str) -> f64 {
    text.chars().count() as f64 * CHAR
}

fn f(d: Dyadic) -> f64 {
    d.num() as f64 / (1u64 << d.exp()) as f64
}

/// The points of a wall to draw, from t = −1 up to the foot of the mast: its corners,
/// its stop (where it crosses t = 0) when the mast stands above 0, and the mast's foot
/// `(temperature, mean)` if the wall reaches it straight from its last corner. Each is
/// `(t, x)`, exact, and on the wall.
pub fn wall_points(
    wall: &Trajectory,
    temperature: Dyadic,
    mean: Dyadic,
) -> Result<Vec<(Dyadic, Dyadic)>, Limit> {
    let mut p = wall.corners()?;
    if temperature > Dyadic::ZERO && !p.iter().any(|&(t, _)| t == Dyadic::ZERO) {
        p.push((Dyadic::ZERO, wall.value_at(Dyadic::ZERO)?));
        p.sort();
    }
    if p.last().is_some_and(|&(t, _)| t < temperature) {
        p.push((temperature, mean));
    }
    Ok(p)
}

/// Where a label is drawn from its point: left of it, right of it, centred under it.
enum Side {
    Left,
    Right,
    Centre,
}

/// Every label that may be drawn at a value: the corners' `(value, temperature)`, left
/// of the left wall's and right of the right wall's (a point of both walls once, on the
/// right), and the value ticks' values under the plot; each with its value.
fn corner_labels(
    left: &[(Dyadic, Dyadic)],
    right: &[(Dyadic, Dyadic)],
) -> Vec<(Side, Dyadic, String)> {
    let corners = left
        .iter()
        .filter(|p| !right.contains(p))
        .map(|&(t, x)| (Side::Left, x, format!("({x}, {t})")))
        .chain(
            right
                .iter()
                .map(|&(t, x)| (Side::Right, x, format!("({x}, {t})"))),
        );
    let ticks = left
        .iter()
        .chain(right)
        .map(|&(_, x)| (Side::Centre, x, x.to_string()));
    corners.chain(ticks).collect()
}

/// The thermograph `th` as a standalone SVG document, with `caption` under it.
pub fn svg(th: &Thermograph, caption: &str) -> Result<String, Limit> {
    let temperature = th.temperature();
    let mean = th.mean()?;
    let left = wall_points(&th.left, temperature, mean)?;
    let right = wall_points(&th.right, temperature, mean)?;

    // The frame, in game units: t from −1 to a margin above the mast's foot (and above
    // 0), x over every corner with half a unit (or an eighth of the span) either side.
    let hot = f(temperature).max(0.0);
    let t_top = hot + ((hot + 1.0) / 4.0).max(1.0);
    let xs = left.iter().chain(&right).map(|&(_, x)| f(x));
    let (lo, hi) = xs.fold((f(mean), f(mean)), |(a, b), x| (a.min(x), b.max(x)));
    let pad = ((hi - lo) / 8.0).max(0.5);
    let span = (hi - lo + 2.0 * pad).max(t_top + 1.0);
    let unit = (PLOT / span).min(MOST_UNIT);
    // At least 280 pixels wide, for the axis title and the legend.
    let pad = pad.max((280.0 / unit - (hi - lo)) / 2.0);
    // Room in the plot left of the left wall's corners for their labels: none reaches
    // the temperature labels, left of the axis.
    let labels = corner_labels(&left, &right);
    let room = labels
        .iter()
        .filter(|(side, _, _)| matches!(side, Side::Left))
        .map(|(_, x, text)| text_width(text) - (hi + pad - f(*x)) * unit)
        .fold(0.0, f64::max);
    let (x_lo, x_hi) = (lo - pad, hi + pad + room / unit);
    let (plot_w, plot_h) = ((x_hi - x_lo) * unit, (t_top + 1.0) * unit);
    // Room left of the plot for the widest temperature label (after the axis title)
    // and the value labels under the plot; room right for the labels drawn right of
    // their point.
    let mut temps: Vec<Dyadic> = [Dyadic::int(-1), Dyadic::ZERO]
        .into_iter()
        .chain(left.iter().chain(&right).map(|&(t, _)| t))
        .collect();
    temps.sort();
    temps.dedup();
    let widest = temps
        .iter()
        .map(|t| text_width(&t.to_string()))
        .fold(0.0, f64::max);
    let from_plot = |x: Dyadic| (x_hi - f(x)) * unit;
    let mut margin = LEFT.max(38.0 + widest);
    let mut reach = 0.0f64;
    for (side, x, text) in &labels {
        let w = text_width(text);
        let (before, after) = match side {
            Side::Left => (7.0 + w, -7.0),
            Side::Right => (-7.0, 7.0 + w),
            Side::Centre => (w / 2.0, w / 2.0),
        };
        margin = margin.max(4.0 + before - from_plot(*x));
        reach = reach.max(from_plot(*x) + after + 4.0);
    }
    // Left is positive: larger values are further left.
    let px = |x: f64| margin + (x_hi - x) * unit;
    let py = |t: f64| TOP + (t_top - t) * unit;
    let caption: String = if caption.chars().count() > CAPTION {
        caption.chars().take(CAPTION - 1).chain(['…']).collect()
    } else {
        caption.to_string()
    };
    let width = (margin + plot_w + RIGHT)
        .max(margin + reach)
        .max(text_width(&caption) + 24.0);
    let height = TOP + plot_h + BOTTOM;

    let mut s = crate::svg::open(width, height, " font-size=\"12\"");
    s.push_str(&format!(
        "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n\
         <g class=\"thermograph\" data-temperature=\"{temperature}\" data-mean=\"{mean}\">\n"
    ));
    let (x0, x1) = (px(x_hi), px(x_lo));
    // Below t = 0: the generalised part (Berlekamp), shaded.
    s.push_str(&format!(
        "<rect class=\"below-zero\" x=\"{x0:.1}\" y=\"{:.1}\" width=\"{plot_w:.1}\" height=\"{unit:.1}\" fill=\"#eef0f4\"/>\n",
        py(0.0)
    ));
    // The axes: temperature at the left edge, value at t = 0.
    s.push_str(&format!(
        "<line class=\"temperature-axis\" x1=\"{x0:.1}\" y1=\"{:.1}\" x2=\"{x0:.1}\" y2=\"{:.1}\" stroke=\"#000\"/>\n\
         <line class=\"value-axis\" x1=\"{x0:.1}\" y1=\"{:.1}\" x2=\"{x1:.1}\" y2=\"{:.1}\" stroke=\"#000\"/>\n",
        py(-1.0),
        py(t_top),
        py(0.0),
        py(0.0)
    ));
    // Temperature ticks: −1, 0 and every corner's temperature; labels that would
    // overlap one drawn are left out (the corners still carry them), 0, the
    // temperature and −1 first, then from the bottom up.
    let first = |t: &Dyadic| {
        [Dyadic::ZERO, temperature, Dyadic::int(-1)]
            .iter()
            .position(|u| u == t)
            .unwrap_or(3)
    };
    let mut by_rank = temps.clone();
    by_rank.sort_by_key(|t| (first(t), *t));
    let mut shown: Vec<(Dyadic, f64)> = Vec::new();
    for t in by_rank {
        let y = py(f(t));
        if shown.iter().all(|&(_, u)| (u - y).abs() >= 13.0) {
            shown.push((t, y));
        }
    }
    for t in temps {
        let y = py(f(t));
        s.push_str(&format!(
            "<line class=\"tick temperature\" data-t=\"{t}\" x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{x0:.1}\" y2=\"{y:.1}\" stroke=\"#000\"/>\n",
            x0 - 5.0
        ));
        if shown.iter().any(|&(u, _)| u == t) {
            s.push_str(&format!(
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{t}</text>\n",
                x0 - 8.0,
                y + 4.0
            ));
        }
    }
    // Value ticks under the plot: every corner's value and the mean, left to right.
    let mut values: Vec<Dyadic> = left
        .iter()
        .chain(&right)
        .map(|&(_, x)| x)
        .chain([mean])
        .collect();
    values.sort_by(|a, b| b.cmp(a));
    values.dedup();
    let (base, mut last) = (py(-1.0), f64::NEG_INFINITY);
    for x in values {
        let p = px(f(x));
        s.push_str(&format!(
            "<line class=\"tick value\" data-x=\"{x}\" x1=\"{p:.1}\" y1=\"{base:.1}\" x2=\"{p:.1}\" y2=\"{:.1}\" stroke=\"#000\"/>\n",
            base + 5.0
        ));
        let w = x.to_string().len() as f64 * 7.0 + 6.0;
        if p - last >= w {
            s.push_str(&format!(
                "<text x=\"{p:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{x}</text>\n",
                base + 18.0
            ));
            last = p;
        }
    }
    s.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#444\">value (Left, positive, to the left)</text>\n\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#444\" transform=\"rotate(-90 {:.1} {:.1})\">temperature</text>\n",
        x0 + plot_w / 2.0,
        base + 36.0,
        LEFT - 44.0,
        py(t_top / 2.0 - 0.5),
        LEFT - 44.0,
        py(t_top / 2.0 - 0.5)
    ));
    // The walls, then the mast above the temperature.
    for (name, points, colour) in [("left", &left, "#1f5fbf"), ("right", &right, "#bf3f1f")] {
        let pts: Vec<String> = points
            .iter()
            .map(|&(t, x)| format!("{:.1},{:.1}", px(f(x)), py(f(t))))
            .collect();
        s.push_str(&format!(
            "<polyline class=\"wall {name}\" points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\" stroke-linejoin=\"round\"/>\n",
            pts.join(" ")
        ));
    }
    let m = px(f(mean));
    s.push_str(&format!(
        "<line class=\"mast\" data-x=\"{mean}\" x1=\"{m:.1}\" y1=\"{:.1}\" x2=\"{m:.1}\" y2=\"{:.1}\" stroke=\"#000\" stroke-width=\"2.5\"/>\n",
        py(f(temperature)),
        py(t_top)
    ));
    // The corners, labelled on the outside of their wall (a point of both walls once),
    // the corners higher up first; a label that would overlap one placed goes up a line
    // or two (where a huge thermograph puts t = −1 and t = 0 on one pixel, the labels of
    // both stack there), and is left out if it still would (the corner still carries
    // its values).
    let mut placed: Vec<[f64; 4]> = Vec::new();
    let mut drawn: [Vec<(usize, f64)>; 2] = [Vec::new(), Vec::new()];
    let mut order: Vec<(usize, usize)> = [&left, &right]
        .iter()
        .enumerate()
        .flat_map(|(w, points)| (0..points.len()).map(move |i| (w, i)))
        .collect();
    order.sort_by_key(|&(w, i)| (std::cmp::Reverse([&left, &right][w][i].0), w));
    for (w, i) in order {
        let (t, x) = [&left, &right][w][i];
        if w == 0 && right.contains(&(t, x)) {
            continue;
        }
        let (cx, cy) = (px(f(x)), py(f(t)));
        let width = text_width(&format!("({x}, {t})"));
        let (a, b) = match w {
            0 => (cx - 7.0 - width, cx - 7.0),
            _ => (cx + 7.0, cx + 7.0 + width),
        };
        let free = |dy: f64| {
            let [y0, y1] = [cy - 16.0 + dy, cy - 2.0 + dy];
            y0 >= TOP
                && placed
                    .iter()
                    .all(|p| b <= p[0] || a >= p[1] || y1 <= p[2] || y0 >= p[3])
        };
        if let Some(dy) = [0.0, -14.0, -28.0].into_iter().find(|&dy| free(dy)) {
            placed.push([a, b, cy - 16.0 + dy, cy - 2.0 + dy]);
            drawn[w].push((i, dy));
        }
    }
    for (w, (name, points)) in [("left", &left), ("right", &right)].into_iter().enumerate() {
        for (i, &(t, x)) in points.iter().enumerate() {
            let (cx, cy) = (px(f(x)), py(f(t)));
            s.push_str(&format!(
                "<circle class=\"corner\" data-wall=\"{name}\" data-t=\"{t}\" data-x=\"{x}\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"3.5\"/>\n"
            ));
            let Some(&(_, dy)) = drawn[w].iter().find(|&&(j, _)| j == i) else {
                continue;
            };
            let (dx, anchor) = if w == 0 {
                (-7.0, "end")
            } else {
                (7.0, "start")
            };
            s.push_str(&format!(
                "<text class=\"corner-label\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">({x}, {t})</text>\n",
                cx + dx,
                cy - 5.0 + dy
            ));
        }
    }
    s.push_str("</g>\n");
    s.push_str(&format!(
        "<text class=\"legend\" x=\"{:.1}\" y=\"{:.1}\" fill=\"#444\">corners: (value, temperature); shaded: t &lt; 0</text>\n\
         <text class=\"caption\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n</svg>\n",
        x0,
        TOP - 8.0,
        width / 2.0,
        height - 10.0,
        escape(&caption)
    ));
    Ok(s)
}

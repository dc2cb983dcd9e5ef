//! A thermograph drawn as the books draw it (Winning Ways ch. 6; Siegel, *Combinatorial
//! Game Theory* II.5): temperature on the vertical axis, going up; value on the
//! horizontal axis with **Left (positive) to the left**; the left and right walls as
//! piecewise-linear trajectories at their exact corners, meeting at the foot of the
//! vertical mast, which goes on above the temperature up to a margin. Both axes have the
//! same scale, so the slopes ±1 of the walls are at 45°.
//!
//! The walls start at t = −1, as the kernel computes them (Berlekamp's generalised
//! thermography, as CGSuite draws it); the band below t = 0 is shaded, and the value
//! axis is drawn at t = 0, where Winning Ways' pictures start. Every corner, and each
//! wall's stop at t = 0, is labelled `(value, temperature)` with its exact dyadic
//! coordinates; the temperature axis has a tick at each corner's temperature and the
//! value axis one at each corner's value.
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
    let unit = (440.0 / span).clamp(12.0, 96.0);
    // At least 280 pixels wide, for the axis title and the legend.
    let pad = pad.max((280.0 / unit - (hi - lo)) / 2.0);
    let (x_lo, x_hi) = (lo - pad, hi + pad);
    let (plot_w, plot_h) = ((x_hi - x_lo) * unit, (t_top + 1.0) * unit);
    // Left is positive: larger values are further left.
    let px = |x: f64| LEFT + (x_hi - x) * unit;
    let py = |t: f64| TOP + (t_top - t) * unit;
    let caption: String = if caption.chars().count() > CAPTION {
        caption.chars().take(CAPTION - 1).chain(['…']).collect()
    } else {
        caption.to_string()
    };
    let width = (LEFT + plot_w + RIGHT).max(caption.chars().count() as f64 * 7.0 + 24.0);
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
    // overlap the one below are left out (the corners still carry them).
    let mut temps: Vec<Dyadic> = [Dyadic::int(-1), Dyadic::ZERO]
        .into_iter()
        .chain(left.iter().chain(&right).map(|&(t, _)| t))
        .collect();
    temps.sort();
    temps.dedup();
    let mut last = f64::INFINITY;
    for t in temps {
        let y = py(f(t));
        s.push_str(&format!(
            "<line class=\"tick temperature\" data-t=\"{t}\" x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{x0:.1}\" y2=\"{y:.1}\" stroke=\"#000\"/>\n",
            x0 - 5.0
        ));
        if last - y >= 13.0 {
            s.push_str(&format!(
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{t}</text>\n",
                x0 - 8.0,
                y + 4.0
            ));
            last = y;
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
    // The corners, labelled on the outside of their wall (a point of both walls once).
    for (name, points) in [("left", &left), ("right", &right)] {
        for &(t, x) in points.iter() {
            let (cx, cy) = (px(f(x)), py(f(t)));
            s.push_str(&format!(
                "<circle class=\"corner\" data-wall=\"{name}\" data-t=\"{t}\" data-x=\"{x}\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"3.5\"/>\n"
            ));
            let shared = name == "left" && right.contains(&(t, x));
            if shared {
                continue;
            }
            let (dx, anchor) = if name == "left" {
                (-7.0, "end")
            } else {
                (7.0, "start")
            };
            s.push_str(&format!(
                "<text class=\"corner-label\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">({x}, {t})</text>\n",
                cx + dx,
                cy - 5.0
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

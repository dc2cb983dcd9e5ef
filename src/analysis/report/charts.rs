//! Charts of distributions as SVG, drawn with plotters: stacked bars, one bar per
//! category (usually n), each split into the shares of the values of a column, one
//! colour per value (the legend is the table of counts beside the chart, whose rows carry
//! the same colours). Shares rather than counts, because counts grow by orders of magnitude with n;
//! the counts are in the table beside every chart.

use plotters::prelude::*;

/// One stacked part of the bars: a value and its count in every category.
#[derive(Clone, Debug)]
pub struct Series {
    /// The value (the legend's label).
    pub name: String,
    /// Its count per category.
    pub counts: Vec<u64>,
}

/// Colours of the series (tableau 10); "other" is grey.
const COLOURS: [(u8, u8, u8); 10] = [
    (78, 121, 167),
    (242, 142, 43),
    (225, 87, 89),
    (118, 183, 178),
    (89, 161, 79),
    (237, 201, 72),
    (176, 122, 161),
    (255, 157, 167),
    (156, 117, 95),
    (186, 176, 172),
];

/// The colour of series `i` as `#rrggbb` (for the legend in the table).
pub fn hex(i: usize, name: &str) -> String {
    let c = colour(i, name);
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

fn colour(i: usize, name: &str) -> RGBColor {
    if name == "other" {
        return RGBColor(200, 200, 200);
    }
    let (r, g, b) = COLOURS[i % COLOURS.len()];
    RGBColor(r, g, b)
}

/// A stacked bar chart of `series` over `categories`, as an SVG document.
pub fn stacked_shares(
    title: &str,
    x_label: &str,
    categories: &[String],
    series: &[Series],
) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let k = categories.len() as u32;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 16))
            .margin(10)
            .x_label_area_size(36)
            .y_label_area_size(50)
            .build_cartesian_2d((0..k.saturating_sub(1)).into_segmented(), 0f64..100f64)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(x_label)
            .y_desc("share of rows (%)")
            .x_labels(categories.len())
            .x_label_formatter(&|x| match x {
                SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
                    categories.get(*i as usize).cloned().unwrap_or_default()
                }
                SegmentValue::Last => String::new(),
            })
            .draw()
            .map_err(|e| e.to_string())?;
        let totals: Vec<u64> = (0..categories.len())
            .map(|c| series.iter().map(|s| s.counts[c]).sum())
            .collect();
        let mut base = vec![0f64; categories.len()];
        for (i, s) in series.iter().enumerate() {
            let fill = colour(i, &s.name);
            let bars: Vec<Rectangle<(SegmentValue<u32>, f64)>> = (0..categories.len())
                .filter(|&c| totals[c] > 0 && s.counts[c] > 0)
                .map(|c| {
                    let h = 100.0 * s.counts[c] as f64 / totals[c] as f64;
                    let r = Rectangle::new(
                        [
                            (SegmentValue::Exact(c as u32), base[c]),
                            (SegmentValue::Exact(c as u32 + 1), base[c] + h),
                        ],
                        fill.filled(),
                    );
                    base[c] += h;
                    r
                })
                .collect();
            chart.draw_series(bars).map_err(|e| e.to_string())?;
        }
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(fluid(svg))
}

/// The drawing size of charts; the page scales them to its full width.
const WIDTH: u32 = 1100;
const HEIGHT: u32 = 380;

/// The SVG scaled to the width of the page (its viewBox keeps the proportions).
fn fluid(svg: String) -> String {
    svg.replacen(
        &format!("width=\"{WIDTH}\" height=\"{HEIGHT}\""),
        "width=\"100%\"",
        1,
    )
}

/// A number cell (an integer or a dyadic fraction `a/b`) as a float, for an axis.
pub fn number(s: &str) -> Option<f64> {
    match s.split_once('/') {
        Some((a, b)) => Some(a.parse::<i64>().ok()? as f64 / b.parse::<u64>().ok()? as f64),
        None => s.parse::<i64>().ok().map(|x| x as f64),
    }
}

/// A numeric column by n on numeric axes: one row of dots per n (y), at each value the
/// column takes (x, to scale), the dot's area the value's share of that n's rows.
/// `points`: (n, value, share).
pub fn dots_by_n(title: &str, column: &str, points: &[(f64, f64, f64)]) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for &(n, x, _) in points {
            (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(n), y1.max(n));
        }
        let pad = ((x1 - x0) * 0.05).max(0.5);
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 16))
            .margin(10)
            .x_label_area_size(36)
            .y_label_area_size(50)
            .build_cartesian_2d((x0 - pad)..(x1 + pad), (y0 - 0.6)..(y1 + 0.6))
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc(column)
            .y_desc("n")
            .y_labels(((y1 - y0) as usize + 1).min(30))
            .y_label_formatter(&|y| {
                if (y - y.round()).abs() < 1e-9 {
                    format!("{}", y.round())
                } else {
                    String::new()
                }
            })
            .draw()
            .map_err(|e| e.to_string())?;
        let fill = RGBColor(78, 121, 167).mix(0.75).filled();
        chart
            .draw_series(
                points
                    .iter()
                    .map(|&(n, x, share)| Circle::new((x, n), 2.0 + 14.0 * share.sqrt(), fill)),
            )
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(fluid(svg))
}

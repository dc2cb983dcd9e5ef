//! The frame every drawing writes (graphs, boards, edge-labelled graphs, Hackenbush,
//! thermographs): the `<svg>` element with its size, the caption under the drawing,
//! and text made safe for XML. A drawing writes its own body between them.

/// The opening `<svg>` element of a drawing `width` by `height` (pixels), sans-serif,
/// with `more` attributes (` font-size="12"`) if any.
pub fn open(width: f64, height: f64, more: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\"{more}>\n"
    )
}

/// Ends a drawing `width` by `height` whose body is written: the caption (if any)
/// centred `below` pixels above the bottom edge, then `</svg>`.
pub fn close(out: &mut String, width: f64, height: f64, below: f64, caption: Option<&str>) {
    if let Some(cap) = caption {
        out.push_str(&format!(
            "<text class=\"caption\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">{}</text>\n",
            width / 2.0,
            height - below,
            escape(cap)
        ));
    }
    out.push_str("</svg>\n");
}

/// `s` as XML text or attribute content.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frame_holds_the_body_and_the_caption() {
        let mut s = open(120.0, 80.0, "");
        s.push_str("<g/>\n");
        close(&mut s, 120.0, 80.0, 8.0, Some("a <b> & \"c\""));
        assert_eq!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"80\" \
             viewBox=\"0 0 120 80\" font-family=\"sans-serif\">\n<g/>\n\
             <text class=\"caption\" x=\"60.0\" y=\"72.0\" font-size=\"12\" \
             text-anchor=\"middle\">a &lt;b&gt; &amp; &quot;c&quot;</text>\n</svg>\n"
        );
    }
}

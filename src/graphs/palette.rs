//! Vertex palettes: the colours a ruleset reads, as small integer labels `0..K` with a
//! letter and a name each. Colourings store the labels; letters are only for reading and
//! writing. Today's rulesets use (prefixes of) the RULES.md palette `B` (black, Left's),
//! `W` (white, Right's), `G` (green, both players'); a ruleset with other colours
//! declares its own palette and nothing else in the crate changes (canonical labelling
//! and enumeration work with any labels below [`MAX_COLOURS`]).

/// Most colours a palette may have (canonical keys store a count per colour).
pub const MAX_COLOURS: usize = 6;

/// The colours a ruleset reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// One letter per colour, upper case (input accepts lower case too).
    pub letters: &'static [u8],
    /// One name per colour, for help texts.
    pub names: &'static [&'static str],
    /// One drawing colour per colour (an SVG fill, e.g. `#222`); drawings write labels
    /// in white on dark fills and in black on light ones.
    pub colours: &'static [&'static str],
}

impl Palette {
    /// No colours: the ruleset plays on uncoloured graphs.
    pub const NONE: Palette = Palette {
        letters: b"",
        names: &[],
        colours: &[],
    };
    /// `B` (Left's) and `W` (Right's).
    pub const BW: Palette = Palette {
        letters: b"BW",
        names: &["black (Left's)", "white (Right's)"],
        colours: &["#222", "#fff"],
    };
    /// `B`, `W` and `G` (both players').
    pub const BWG: Palette = Palette {
        letters: b"BWG",
        names: &["black (Left's)", "white (Right's)", "green (both players')"],
        colours: &["#222", "#fff", "#2e8b57"],
    };

    /// Number of colours.
    pub fn len(&self) -> usize {
        self.letters.len()
    }

    /// Whether the palette has no colours.
    pub fn is_empty(&self) -> bool {
        self.letters.is_empty()
    }

    /// The label of a letter (either case), if it is in the palette.
    pub fn label(&self, letter: u8) -> Option<u8> {
        let up = letter.to_ascii_uppercase();
        self.letters.iter().position(|&l| l == up).map(|i| i as u8)
    }

    /// The letter of a label.
    pub fn letter(&self, label: u8) -> u8 {
        self.letters[label as usize]
    }

    /// The drawing colour of a label, and the colour to write on it: `None` for a label
    /// outside the palette.
    pub fn fill(&self, label: u8) -> Option<(&'static str, &'static str)> {
        let fill = *self.colours.get(label as usize)?;
        // Dark fills (by the sum of the hex digits of #rgb or #rrggbb) get white text.
        let digits: Vec<u32> = fill
            .trim_start_matches('#')
            .chars()
            .filter_map(|c| c.to_digit(16))
            .collect();
        let step = if digits.len() == 6 { 2 } else { 1 };
        let light: u32 = digits.iter().step_by(step).sum();
        let text = if light * 2 < 15 * (digits.len() / step) as u32 {
            "#fff"
        } else {
            "#000"
        };
        Some((fill, text))
    }

    /// "B and W", "B, W and G": the letters for messages.
    pub fn describe(&self) -> String {
        let l: Vec<String> = self
            .letters
            .iter()
            .map(|&c| (c as char).to_string())
            .collect();
        match l.len() {
            0 => "no colours".to_string(),
            1 => l[0].clone(),
            k => format!("{} and {}", l[..k - 1].join(", "), l[k - 1]),
        }
    }
}

/// The letters colourings are printed with when no ruleset says otherwise: the RULES.md
/// palette, in label order.
pub const STANDARD: Palette = Palette::BWG;

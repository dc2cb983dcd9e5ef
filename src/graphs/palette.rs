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
}

impl Palette {
    /// No colours: the ruleset plays on uncoloured graphs.
    pub const NONE: Palette = Palette {
        letters: b"",
        names: &[],
    };
    /// `B` (Left's) and `W` (Right's).
    pub const BW: Palette = Palette {
        letters: b"BW",
        names: &["black (Left's)", "white (Right's)"],
    };
    /// `B`, `W` and `G` (both players').
    pub const BWG: Palette = Palette {
        letters: b"BWG",
        names: &["black (Left's)", "white (Right's)", "green (both players')"],
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

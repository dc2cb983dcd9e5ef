//! Outcome classes: L (Left wins whoever starts), R (Right wins whoever starts),
//! N (the next player wins), P (the previous player wins).

use std::fmt;

/// An outcome class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// Left wins whoever starts (G > 0).
    L,
    /// Right wins whoever starts (G < 0).
    R,
    /// The next player wins (G confused with 0).
    N,
    /// The previous player wins (G = 0).
    P,
}

impl Outcome {
    /// Outcome of an impartial position with this nim-value: P iff it is 0.
    pub fn of_nimber(grundy: u32) -> Outcome {
        if grundy == 0 { Outcome::P } else { Outcome::N }
    }

    /// `L`, `R`, `N` or `P`.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::N => "N",
            Outcome::P => "P",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

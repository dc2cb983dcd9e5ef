//! Game values and their notation (RULES.md): outcome classes, nimbers, dyadic numbers,
//! canonical forms of short partizan games with atomic weights, thermographs and
//! temperatures (the game-value kernel), and the notation's parser and calculator.

pub mod dyadic;
pub mod game;
pub mod genus;
pub mod limits;
pub mod misere_canonical;
pub mod misere_phylum;
pub mod nimber;
pub mod outcome;
pub mod parse;
pub mod thermo_svg;
pub mod trajectory;

pub use nimber::nimber_notation;
pub use outcome::Outcome;

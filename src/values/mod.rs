//! Game values and their notation (RULES.md): outcome classes, nimbers, dyadic numbers
//! and canonical forms of short partizan games (the game-value kernel; atomic weights
//! and the value notation's parser are still to come).

pub mod dyadic;
pub mod game;
pub mod nimber;
pub mod outcome;

pub use nimber::nimber_notation;
pub use outcome::Outcome;

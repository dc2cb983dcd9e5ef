//! Game values and their notation (RULES.md): outcome classes and nimbers. Later
//! modules add canonical forms of partizan games and atomic weights.

pub mod nimber;
pub mod outcome;

pub use nimber::nimber_notation;
pub use outcome::Outcome;

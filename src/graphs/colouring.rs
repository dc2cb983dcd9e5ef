//! Vertex colourings: one small integer label per vertex (`0..K`, see
//! [`super::palette`]), read and written with a palette's letters. With the standard
//! palette `B = 0`, `W = 1`, `G = 2` (RULES.md). A colouring of `n` vertices with `K`
//! colours is also a number in base `K` (vertex `v` is digit `v`), which is how
//! colourings are enumerated.

use super::graph::MAX_VERTICES;
use super::palette::{Palette, STANDARD};
use crate::error::{Error, Result, quoted};

/// A colouring of up to 64 vertices (`Copy`, allocation-free).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Colouring {
    n: u8,
    c: [u8; MAX_VERTICES],
}

impl Colouring {
    /// Colouring of `n` vertices, all colour 0.
    pub fn uniform(n: usize) -> Colouring {
        Colouring {
            n: n as u8,
            c: [0; MAX_VERTICES],
        }
    }

    /// The colouring whose vertex `v` has digit `v` of `code` in base `k`.
    pub fn from_code(n: usize, k: usize, mut code: u64) -> Colouring {
        let mut col = Colouring::uniform(n);
        for v in 0..n {
            col.c[v] = (code % k as u64) as u8;
            code /= k as u64;
        }
        col
    }

    /// Parses a colour string such as `BWWB` (lower case accepted) with the letters of
    /// `palette`. The length must be `n`.
    pub fn parse(s: &str, n: usize, palette: &Palette) -> Result<Colouring> {
        let mut col = Colouring::uniform(n);
        for (v, c) in parse_letters(s, n, palette)?.into_iter().enumerate() {
            col.c[v] = c;
        }
        Ok(col)
    }

    /// Number of vertices.
    #[inline]
    pub fn n(&self) -> usize {
        self.n as usize
    }

    /// Colour numbers of the vertices.
    #[inline]
    pub fn colours(&self) -> &[u8] {
        &self.c[..self.n()]
    }

    /// The colour label of `v`.
    #[inline]
    pub fn get(&self, v: usize) -> u8 {
        self.c[v]
    }

    /// Sets the colour label of `v` (standard palette: 0 = B, 1 = W, 2 = G).
    #[inline]
    pub fn set(&mut self, v: usize, colour: u8) {
        debug_assert!(v < self.n() && (colour as usize) < super::palette::MAX_COLOURS);
        self.c[v] = colour;
    }

    /// The largest label used, plus one (0 for no vertices).
    pub fn labels_used(&self) -> usize {
        self.colours()
            .iter()
            .map(|&c| c as usize + 1)
            .max()
            .unwrap_or(0)
    }

    /// Mask of the vertices of colour `c`.
    pub fn mask_of(&self, c: u8) -> u64 {
        let mut m = 0;
        for (v, &x) in self.colours().iter().enumerate() {
            if x == c {
                m |= 1 << v;
            }
        }
        m
    }

    /// The colouring restricted to the vertices of `mask`, renumbered in order (matches
    /// [`crate::graphs::Graph::induced`]).
    pub fn induced(&self, mask: u64) -> Colouring {
        let mut col = Colouring::uniform(mask.count_ones() as usize);
        for (k, v) in super::graph::Bits(mask).enumerate() {
            col.c[k] = self.c[v];
        }
        col
    }

    /// Appends the letters of the standard palette to `out`.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend(self.colours().iter().map(|&c| STANDARD.letter(c)));
    }
}

/// The letters of the standard palette (`BWG`).
impl std::fmt::Display for Colouring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for &c in self.colours() {
            write!(f, "{}", STANDARD.letter(c) as char)?;
        }
        Ok(())
    }
}

impl std::fmt::Debug for Colouring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Colouring({self})")
    }
}

/// The labels of a colour string such as `BWWB` (lower case accepted) with the letters
/// of `palette`, one per vertex of `n` (any number: colourings of wide graphs read them
/// too).
pub fn parse_letters(s: &str, n: usize, palette: &Palette) -> Result<Vec<u8>> {
    let s = s.trim();
    if s.chars().count() != n {
        return Err(Error::usage(format!(
            "colouring {} has {} letters but the graph has {n} vertices",
            quoted(s),
            s.chars().count()
        )));
    }
    let mut col = Vec::with_capacity(n);
    for (i, ch) in s.chars().enumerate() {
        let label = u8::try_from(ch).ok().and_then(|b| palette.label(b));
        match label {
            Some(c) => col.push(c),
            None if STANDARD.label(ch as u8).is_some() && ch.is_ascii() => {
                return Err(Error::usage(format!(
                    "colouring {}: letter {} is {}, but these rules use only {}",
                    quoted(s),
                    i + 1,
                    ch.to_ascii_uppercase(),
                    palette.describe()
                )));
            }
            None => {
                return Err(Error::usage(format!(
                    "colouring {}: letter {} ({ch:?}) is not one of {}",
                    quoted(s),
                    i + 1,
                    palette.describe()
                )));
            }
        }
    }
    Ok(col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        let c = Colouring::parse("bWgB", 4, &Palette::BWG).unwrap();
        assert_eq!(c.to_string(), "BWGB");
        assert_eq!(c.mask_of(0), 0b1001);
        assert!(
            Colouring::parse("BW", 3, &Palette::BWG)
                .unwrap_err()
                .to_string()
                .contains("2 letters")
        );
        assert!(
            Colouring::parse("BXW", 3, &Palette::BWG)
                .unwrap_err()
                .to_string()
                .contains("letter 2")
        );
        assert!(
            Colouring::parse("BGW", 3, &Palette::BW)
                .unwrap_err()
                .to_string()
                .contains("B and W")
        );
        assert_eq!(Colouring::from_code(3, 2, 0b110).to_string(), "BWW");
    }
}

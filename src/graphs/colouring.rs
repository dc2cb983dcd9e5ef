//! Vertex colourings written with the letters of RULES.md: `B` (black, Left's),
//! `W` (white, Right's), `G` (green, either player's). Colour `c` of vertex `v` is stored
//! as a small integer (`B = 0`, `W = 1`, `G = 2`) so that a palette of `K` colours is
//! `0..K` and a colouring of `n` vertices is also a number in base `K`.

use super::graph::MAX_VERTICES;
use crate::error::{Error, Result};

/// The colour letters, indexed by colour number.
pub const LETTERS: [u8; 3] = [b'B', b'W', b'G'];

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

    /// Parses a colour string such as `BWWB` (lower case accepted). The length must be
    /// `n`; `max_colours` limits the palette (2: B/W, 3: B/W/G).
    pub fn parse(s: &str, n: usize, max_colours: usize) -> Result<Colouring> {
        let s = s.trim();
        if s.len() != n {
            return Err(Error::usage(format!(
                "colouring {s:?} has {} letters but the graph has {n} vertices",
                s.len()
            )));
        }
        let mut col = Colouring::uniform(n);
        for (i, ch) in s.bytes().enumerate() {
            let c = match ch.to_ascii_uppercase() {
                b'B' => 0,
                b'W' => 1,
                b'G' => 2,
                _ => {
                    return Err(Error::usage(format!(
                        "colouring {s:?}: letter {} ({:?}) is not B, W or G",
                        i + 1,
                        ch as char
                    )));
                }
            };
            if c >= max_colours {
                return Err(Error::usage(format!(
                    "colouring {s:?}: letter {} is {}, but these rules use only {}",
                    i + 1,
                    ch.to_ascii_uppercase() as char,
                    if max_colours == 2 {
                        "B and W"
                    } else {
                        "B, W and G"
                    }
                )));
            }
            col.c[i] = c as u8;
        }
        Ok(col)
    }

    #[inline]
    pub fn n(&self) -> usize {
        self.n as usize
    }

    /// Colour numbers of the vertices.
    #[inline]
    pub fn colours(&self) -> &[u8] {
        &self.c[..self.n()]
    }

    #[inline]
    pub fn get(&self, v: usize) -> u8 {
        self.c[v]
    }

    /// Sets the colour of `v` (0 = B, 1 = W, 2 = G).
    #[inline]
    pub fn set(&mut self, v: usize, colour: u8) {
        debug_assert!(v < self.n() && colour < 3);
        self.c[v] = colour;
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

    /// Appends the letters to `out`.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend(self.colours().iter().map(|&c| LETTERS[c as usize]));
    }
}

impl std::fmt::Display for Colouring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for &c in self.colours() {
            write!(f, "{}", LETTERS[c as usize] as char)?;
        }
        Ok(())
    }
}

impl std::fmt::Debug for Colouring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Colouring({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        let c = Colouring::parse("bWgB", 4, 3).unwrap();
        assert_eq!(c.to_string(), "BWGB");
        assert_eq!(c.mask_of(0), 0b1001);
        assert!(
            Colouring::parse("BW", 3, 3)
                .unwrap_err()
                .to_string()
                .contains("2 letters")
        );
        assert!(
            Colouring::parse("BXW", 3, 3)
                .unwrap_err()
                .to_string()
                .contains("letter 2")
        );
        assert!(
            Colouring::parse("BGW", 3, 2)
                .unwrap_err()
                .to_string()
                .contains("B and W")
        );
        assert_eq!(Colouring::from_code(3, 2, 0b110).to_string(), "BWW");
    }
}

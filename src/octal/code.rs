//! Octal codes `d0.d1d2d3…` (Winning Ways ch. 4; RULES.md): digit `dk` says what removing
//! `k` tokens from one heap may leave: bit 1 = nothing (the heap was exactly `k`),
//! bit 2 = one non-empty heap, bit 4 = two non-empty heaps. The digit before the point,
//! `d0`, may only be 0 or 4 (4: a heap may be split in two without removing tokens).

use crate::error::{Error, Result};

/// A parsed octal game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalCode {
    /// `digits[k]` is `dk`; `digits[0]` is the digit before the point. No trailing zeros.
    digits: Vec<u8>,
}

impl OctalCode {
    /// Parses `0.77`, `.137`, `4.7`, `0.0007`, … (at most 64 digits after the point).
    pub fn parse(s: &str) -> Result<OctalCode> {
        let t = s.trim();
        let bad =
            |msg: String| Error::usage(format!("octal code {}: {msg}", crate::error::quoted(t)));
        let (whole, frac) = t
            .split_once('.')
            .ok_or_else(|| bad("expected d0.d1d2…, e.g. 0.77 or .137".into()))?;
        let d0 = match whole {
            "" | "0" => 0,
            "4" => 4,
            w if w.len() == 1 && w.as_bytes()[0].is_ascii_digit() => {
                return Err(bad(format!(
                    "the digit before the point must be 0 or 4 (it may only allow splitting a heap), not {w}"
                )));
            }
            w => {
                return Err(bad(format!(
                    "{w:?} before the point is not one octal digit"
                )));
            }
        };
        if frac.is_empty() {
            return Err(bad("no digits after the point".into()));
        }
        if frac.len() > 64 {
            return Err(bad(format!(
                "{} digits after the point; at most 64 are supported",
                frac.len()
            )));
        }
        let mut digits = vec![d0];
        for (i, ch) in frac.chars().enumerate() {
            match ch {
                '0'..='7' => digits.push(ch as u8 - b'0'),
                '8' | '9' | 'a'..='f' | 'A'..='F' => {
                    return Err(bad(format!(
                        "digit {} is {ch:?}: hexadecimal games (splitting into three heaps) are not supported",
                        i + 1
                    )));
                }
                _ => {
                    return Err(bad(format!(
                        "digit {} is {ch:?}, not an octal digit 0-7",
                        i + 1
                    )));
                }
            }
        }
        while digits.len() > 1 && *digits.last().unwrap() == 0 {
            digits.pop();
        }
        if digits.len() == 1 && d0 == 0 {
            return Err(bad("the game 0.0 has no moves".into()));
        }
        Ok(OctalCode { digits })
    }

    /// `dk` (0 beyond the last digit).
    #[inline]
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// Index of the last non-zero digit (`t` of the Guy–Smith theorem).
    pub fn last(&self) -> usize {
        self.digits.len() - 1
    }

    /// Removals `k ≥ 1` whose digit allows leaving nothing.
    pub fn takes_all(&self) -> impl Iterator<Item = usize> + '_ {
        (1..self.digits.len()).filter(|&k| self.digits[k] & 1 != 0)
    }

    /// Removals `k ≥ 1` whose digit allows leaving one heap.
    pub fn takes_leaving_one(&self) -> impl Iterator<Item = usize> + '_ {
        (1..self.digits.len()).filter(|&k| self.digits[k] & 2 != 0)
    }

    /// Removals `k ≥ 0` whose digit allows leaving two heaps.
    pub fn takes_leaving_two(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.digits.len()).filter(|&k| self.digits[k] & 4 != 0)
    }
}

impl std::fmt::Display for OctalCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        if self.digits.len() == 1 {
            write!(f, "0")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_forms() {
        assert_eq!(OctalCode::parse("0.77").unwrap().to_string(), "0.77");
        assert_eq!(OctalCode::parse(".137").unwrap().to_string(), "0.137");
        assert_eq!(OctalCode::parse("4.7").unwrap().to_string(), "4.7");
        assert_eq!(OctalCode::parse("0.0007").unwrap().last(), 4);
        assert_eq!(OctalCode::parse("0.1230").unwrap().to_string(), "0.123");
        assert_eq!(OctalCode::parse("4.0").unwrap().to_string(), "4.0");
        let long = OctalCode::parse("0.12345671234").unwrap();
        assert_eq!(long.last(), 11);
        for bad in [
            "077", "0.", "1.7", "0.78", "0.7a", "0.0", "x.7", "0.7 7", "44.7",
        ] {
            assert!(OctalCode::parse(bad).is_err(), "{bad}");
        }
        assert!(
            OctalCode::parse("0.8")
                .unwrap_err()
                .to_string()
                .contains("hexadecimal")
        );
    }
}

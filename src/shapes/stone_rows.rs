//! A [`StoneBoard`] as grid text, rows of letters separated by `|` (`#` no cell): what a
//! rules file's moves read and write (`crate::rules::rules_file::board`), turned into
//! bitboards without building a [`super::Shape`] in between.

use smallvec::SmallVec;

use super::stone_board::StoneBoard;

impl StoneBoard {
    /// The board as rows of `letters[label]`, `#` where there is no cell.
    pub fn rows(&self, letters: &[u8]) -> Vec<Vec<u8>> {
        let s = self.stride();
        (0..self.h as u32)
            .map(|r| {
                (0..self.w as u32)
                    .map(|c| {
                        let bit = r * s + c;
                        match self.cells >> bit & 1 {
                            1 => letters[self.label(bit) as usize],
                            _ => b'#',
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The board written as `rows` (separated by `|`, all as long), a cell's label
    /// `label(letter)` (`None`: `#`, no cell), moved to its bounding box; an error naming
    /// what is wrong: rows of different lengths, a letter `label` refuses (`Err` gives
    /// the letter), a box past 128 bits with its padding, a label past 3.
    pub fn from_rows(
        text: &[u8],
        label: impl Fn(u8) -> Result<Option<u8>, u8>,
    ) -> Result<StoneBoard, String> {
        let mut cells: SmallVec<[(u32, u32, u8); 64]> = SmallVec::new();
        let (mut r, mut c, mut width) = (0u32, 0u32, None);
        for &b in text {
            if b == b'|' {
                if width.is_some_and(|w| w != c) {
                    return Err(format!("row {} is not as long as the first", r + 1));
                }
                width = Some(c);
                (r, c) = (r + 1, 0);
                continue;
            }
            match label(b) {
                Ok(Some(l)) if l <= 3 => cells.push((r, c, l)),
                Ok(Some(_)) => return Err("a label past 3".into()),
                Ok(None) => {}
                Err(x) => return Err(format!("{:?} is not a cell", x as char)),
            }
            c += 1;
        }
        if width.is_some_and(|w| w != c) {
            return Err(format!("row {} is not as long as the first", r + 1));
        }
        if cells.is_empty() {
            return StoneBoard::empty_box(0, 0).ok_or_else(|| "no box".into());
        }
        let r0 = cells.iter().map(|x| x.0).min().unwrap_or(0);
        let c0 = cells.iter().map(|x| x.1).min().unwrap_or(0);
        let h = cells.iter().map(|x| x.0).max().unwrap_or(0) - r0 + 1;
        let w = cells.iter().map(|x| x.1).max().unwrap_or(0) - c0 + 1;
        let mut b = StoneBoard::empty_box(w, h)
            .ok_or_else(|| format!("a board of {h} rows of {w} cells is past 128 bits"))?;
        for &(r, c, l) in &cells {
            b.put((r - r0) * (w + 1) + (c - c0), l);
        }
        Ok(b)
    }
}

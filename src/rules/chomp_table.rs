//! Nim-values of every Chomp position with at most `R` rows and `B` columns, by one pass
//! of dynamic programming over Young diagrams (Gale 1974; Winning Ways ch. 18): the
//! fast path of `gamecensus chomp`, which goes far past what the general poset solver
//! (canonical labelling of each position) reaches.
//!
//! A position is its row lengths `r[0] >= r[1] >= ... >= r[R-1] >= 0`, the poisoned
//! square counted in the first row, as in the `chomp` ruleset (`3,2` is
//! `r = [3, 2, 0, ...]`; `1` is the poison alone). A move takes a square `(i, j)` other
//! than the poison (`j < r[i]`, `(i, j) != (0, 0)`) with every square below and right of
//! it: `r[k]` becomes `min(r[k], j)` for every `k >= i`. Taking the poison loses, so it is
//! no move: this is normal play on the diagram without the poison, and the nim-value is
//! the mex of the options' (the poison alone has none: value 0).
//!
//! **The order.** Row `k`'s length becomes the digit `s = r[k] + (R - 1 - k)` of a
//! strictly increasing sequence read from the last row, and a diagram's index is
//! `sum_k C(r[k] + R - 1 - k, R - k)`: the combinatorial number system, a bijection of
//! the `C(B + R, R)` diagrams inside the `R x B` rectangle (the empty one included) onto
//! `0 .. C(B + R, R)`. `C(x, i)` grows strictly with `x` for `x >= i - 1`, and a move
//! lowers some rows and raises none, so every option has a smaller index than its
//! position: computing the indices in increasing order sees every option first. That
//! order is the lexicographic order of `(r[0], r[1], ...)`.

use crate::error::{Error, Result};

/// Most rows.
pub const MAX_ROWS: usize = 32;

/// Most positions in one table (4 GiB of values).
pub const MAX_POSITIONS: u64 = 1 << 31;

/// The nim-values of every diagram inside an `rows x columns` rectangle.
pub struct ChompTable {
    rows: usize,
    columns: usize,
    /// `binom[x * (rows + 1) + i]` = C(x, i) for x <= columns + rows, i <= rows.
    binom: Vec<u64>,
    values: Vec<u16>,
}

/// The number of diagrams inside an `rows x columns` rectangle, the empty one included:
/// C(columns + rows, rows); `None` past `u64`.
pub fn diagrams(rows: usize, columns: usize) -> Option<u64> {
    let mut c: u128 = 1;
    for i in 1..=rows as u128 {
        c = c * (columns as u128 + i) / i;
        if c > u64::MAX as u128 {
            return None;
        }
    }
    Some(c as u64)
}

impl ChompTable {
    /// Checks a request before any work: 1..=[`MAX_ROWS`] rows, at least one column,
    /// nim-values that fit the table's 16 bits (a position has at most rows x columns - 1
    /// options), at most [`MAX_POSITIONS`] positions, and two bytes each within
    /// `budget` bytes. Returns the number of positions.
    pub fn check(rows: usize, columns: usize, budget: u64) -> Result<u64> {
        if rows == 0 || rows > MAX_ROWS {
            return Err(Error::usage(format!("--rows {rows}: use 1 to {MAX_ROWS}")));
        }
        if columns == 0 {
            return Err(Error::usage("--columns 0: use at least 1"));
        }
        if rows.saturating_mul(columns) > u16::MAX as usize {
            return Err(Error::Limit(format!(
                "a Chomp table holds nim-values below {}; {rows} x {columns} squares could exceed them",
                u16::MAX
            )));
        }
        let n = diagrams(rows, columns).filter(|&n| n <= MAX_POSITIONS).ok_or_else(|| {
            Error::Limit(format!(
                "a Chomp table holds at most {MAX_POSITIONS} positions; {rows} rows and {columns} columns have more"
            ))
        })?;
        if n.saturating_mul(2) > budget {
            return Err(Error::Limit(format!(
                "{rows} rows and {columns} columns are {n} positions, {} MB of nim-values: more than the memory budget of {} MB (--memory)",
                (n * 2).div_ceil(1 << 20),
                budget >> 20
            )));
        }
        Ok(n)
    }

    /// Computes the table (see the module doc), calling `stop` every 65,536
    /// positions: an error from it ends the computation.
    pub fn compute(
        rows: usize,
        columns: usize,
        budget: u64,
        stop: &dyn Fn() -> Result<()>,
    ) -> Result<ChompTable> {
        Self::compute_each(rows, columns, budget, stop, &mut |_, _| Ok(()))
    }

    /// [`ChompTable::compute`], giving `each` every position (the empty diagram left
    /// out) with its nim-value as soon as it is known, in the order of
    /// [`ChompTable::positions`].
    pub fn compute_each(
        rows: usize,
        columns: usize,
        budget: u64,
        stop: &dyn Fn() -> Result<()>,
        each: &mut dyn FnMut(&[usize], u16) -> Result<()>,
    ) -> Result<ChompTable> {
        let n = Self::check(rows, columns, budget)? as usize;
        let width = rows + 1;
        let top = columns + rows;
        let mut binom = vec![0u64; (top + 1) * width];
        for x in 0..=top {
            binom[x * width] = 1;
            for i in 1..=rows.min(x) {
                let above = if i < x { binom[(x - 1) * width + i] } else { 0 };
                binom[x * width + i] = binom[(x - 1) * width + i - 1] + above;
            }
        }
        let mut t = ChompTable {
            rows,
            columns,
            binom,
            values: Vec::new(),
        };
        t.values
            .try_reserve_exact(n)
            .map_err(|_| Error::Limit(format!("cannot allocate {n} nim-values")))?;
        let mut r = vec![0usize; rows];
        let mut seen = vec![0u32; rows * columns + 2];
        let mut stamp = 0u32;
        for index in 0..n {
            if index & 0xffff == 0 {
                stop()?;
            }
            debug_assert_eq!(t.index(&r), index as u64);
            let value = if index == 0 {
                0 // the empty diagram: not a position (the poison is always there)
            } else {
                stamp = stamp.wrapping_add(1);
                if stamp == 0 {
                    seen.iter_mut().for_each(|s| *s = 0);
                    stamp = 1;
                }
                t.for_each_option(&r, |option| {
                    let v = t.values[option as usize] as usize;
                    seen[v] = stamp;
                });
                let v = (0..seen.len())
                    .find(|&v| seen[v] != stamp)
                    .expect("fewer options than slots") as u16;
                each(&r, v)?;
                v
            };
            t.values.push(value);
            next_diagram(&mut r, columns);
        }
        Ok(t)
    }

    fn term(&self, k: usize, len: usize) -> u64 {
        self.binom[(len + self.rows - 1 - k) * (self.rows + 1) + self.rows - k]
    }

    /// The index of a diagram (row lengths, `rows` of them, non-increasing, at most
    /// `columns`).
    pub fn index(&self, r: &[usize]) -> u64 {
        r.iter()
            .enumerate()
            .map(|(k, &len)| self.term(k, len))
            .sum()
    }

    /// Calls `each` with the index of every option of the diagram `r`.
    fn for_each_option(&self, r: &[usize], mut each: impl FnMut(u64)) {
        let mut above = 0u64; // the terms of the rows before i
        for i in 0..self.rows {
            for j in usize::from(i == 0)..r[i] {
                let mut idx = above;
                for (k, &len) in r.iter().enumerate().skip(i) {
                    idx += self.term(k, len.min(j));
                }
                each(idx);
            }
            above += self.term(i, r[i]);
        }
    }

    /// The nim-value of the diagram `r` (row lengths; fewer than `rows` given means
    /// the rest are empty). `None` outside the table or not a diagram.
    pub fn value(&self, r: &[usize]) -> Option<u16> {
        let full = self.full(r)?;
        Some(self.values[self.index(&full) as usize])
    }

    fn full(&self, r: &[usize]) -> Option<Vec<usize>> {
        if r.len() > self.rows
            || r.first().is_none_or(|&a| a == 0 || a > self.columns)
            || r.windows(2).any(|w| w[0] < w[1])
        {
            return None;
        }
        let mut full = r.to_vec();
        full.resize(self.rows, 0);
        Some(full)
    }

    /// The moves of `r` to a second-player win (as the squares `(row, column)`, from 0,
    /// the poison at `(0, 0)`), in order of row then column.
    pub fn winning_moves(&self, r: &[usize]) -> Option<Vec<(usize, usize)>> {
        let full = self.full(r)?;
        let mut out = Vec::new();
        for i in 0..self.rows {
            for j in usize::from(i == 0)..full[i] {
                let option: Vec<usize> = full
                    .iter()
                    .enumerate()
                    .map(|(k, &len)| if k >= i { len.min(j) } else { len })
                    .collect();
                if self.values[self.index(&option) as usize] == 0 {
                    out.push((i, j));
                }
            }
        }
        Some(out)
    }

    /// Rows of the table.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the table.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// Every position (the empty diagram left out) with its nim-value, in the table's
    /// order (lexicographic in the row lengths).
    pub fn positions(&self) -> impl Iterator<Item = (Vec<usize>, u16)> + '_ {
        let mut r = vec![0usize; self.rows];
        self.values.iter().enumerate().filter_map(move |(i, &v)| {
            let here = (i > 0).then(|| r.clone());
            next_diagram(&mut r, self.columns);
            here.map(|d| (d, v))
        })
    }
}

/// Steps `r` to the next diagram in the table's order: the last row that can grow
/// (the first row up to `columns`, any other up to the row above it) grows by one, and
/// the rows after it empty.
fn next_diagram(r: &mut [usize], columns: usize) {
    for k in (0..r.len()).rev() {
        let cap = if k == 0 { columns } else { r[k - 1] };
        if r[k] < cap {
            r[k] += 1;
            r[k + 1..].iter_mut().for_each(|x| *x = 0);
            return;
        }
    }
}

/// Writes a diagram as the `chomp` ruleset does: its non-empty rows, comma-separated.
pub fn write_rows(r: &[usize]) -> String {
    let parts: Vec<String> = r
        .iter()
        .take_while(|&&x| x > 0)
        .map(|x| x.to_string())
        .collect();
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never() -> Result<()> {
        Ok(())
    }

    #[test]
    fn indices_follow_the_order_and_count_the_diagrams() {
        for (rows, columns) in [(1, 5), (2, 4), (3, 3), (4, 2)] {
            let t = ChompTable::compute(rows, columns, 1 << 30, &never).unwrap();
            let n = diagrams(rows, columns).unwrap();
            assert_eq!(t.values.len() as u64, n);
            let mut r = vec![0; rows];
            let mut previous = None;
            for i in 0..n {
                assert_eq!(t.index(&r), i);
                if let Some(p) = previous {
                    assert!(p < r, "lexicographic order");
                }
                previous = Some(r.clone());
                next_diagram(&mut r, columns);
            }
        }
        assert_eq!(diagrams(3, 100), Some(176_851));
    }

    #[test]
    fn refuses_what_it_cannot_hold() {
        assert!(ChompTable::check(0, 5, 1 << 30).is_err());
        assert!(ChompTable::check(33, 5, 1 << 30).is_err());
        assert!(ChompTable::check(3, 0, 1 << 30).is_err());
        assert!(ChompTable::check(8, 10_000, 1 << 30).is_err());
        assert!(ChompTable::check(4, 100, 1 << 20).is_err()); // 9 MB > 1 MB
        assert_eq!(ChompTable::check(4, 100, 1 << 30).unwrap(), 4_598_126);
    }

    #[test]
    fn small_values_by_hand() {
        let t = ChompTable::compute(3, 6, 1 << 30, &never).unwrap();
        assert_eq!(t.value(&[1]), Some(0)); // the poison alone
        assert_eq!(t.value(&[5]), Some(4)); // a row: take all but the poison
        assert_eq!(t.value(&[3, 2]), Some(0));
        // 2,2: options 1,1 (*: its one option is the poison alone), 2 (*) and 2,1 (0).
        assert_eq!(t.value(&[2, 2]), Some(2));
        assert_eq!(t.value(&[2, 3]), None);
        assert_eq!(t.value(&[7]), None);
        assert_eq!(t.winning_moves(&[2, 2]), Some(vec![(1, 1)]));
        assert_eq!(write_rows(&[5, 5, 3, 0]), "5,5,3");
    }
}

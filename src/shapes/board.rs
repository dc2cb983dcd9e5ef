//! Boards of square cells in CGSuite's grid notation (rows separated by `|`, `.` an
//! empty cell, `#` a filled one: `..|..` is the 2x2 square, `.#|..` an L tromino), as
//! shapes: one vertex per empty cell (in reading order), an edge labelled [`V`] between
//! vertically adjacent empty cells and [`H`] between horizontally adjacent ones, and
//! each vertex's cell kept for writing and drawing. Also the polyominoes (connected
//! boards) of `n` cells up to translation, or up to the symmetries that keep a
//! Domineering value (both axis reflections and the half turn; CGSuite's
//! `Symmetry.Flip`).

use super::shape::Shape;
use crate::error::{Error, Result, quoted};

/// The label of an edge between vertically adjacent cells.
pub const V: u8 = 0;
/// The label of an edge between horizontally adjacent cells.
pub const H: u8 = 1;

/// A cell: row and column.
pub type Cell = (i32, i32);

/// Largest board side read (rows or columns).
pub const MAX_SIDE: usize = 256;

/// How an empty board (no empty cell) is written.
pub const EMPTY: &str = "0";

/// Reads a board in grid notation; every row must have the same length.
pub fn parse(text: &str) -> Result<Shape> {
    parse_with(text, NO_STONES)
}

/// The letters of a board without stones: `.` an empty cell (vertex label 0).
pub const NO_STONES: &[u8] = b".";

/// Reads a board whose cells may carry stones: `letters[0]` (`.`) an empty cell,
/// `letters[k]` a cell holding stone `k` (its vertex labelled `k`; upper or lower case
/// read alike, as a ruleset's palette reads colours), `#` a filled cell (no vertex).
/// With [`NO_STONES`] this is [`parse`].
pub fn parse_with(text: &str, letters: &[u8]) -> Result<Shape> {
    debug_assert_eq!(letters.first(), Some(&b'.'), "label 0 is the empty cell");
    let t = text.trim();
    if let Some(cells) = well_formed(t) {
        Shape::check_size(cells.len())?;
        return Ok(from_cells(&cells));
    }
    if t == EMPTY {
        return Ok(from_cells(&[]));
    }
    let rows: Vec<&str> = t.split('|').collect();
    let width = rows[0].chars().count();
    if rows.len() > MAX_SIDE || width > MAX_SIDE {
        return Err(Error::Limit(format!(
            "board {} is larger than {MAX_SIDE}x{MAX_SIDE}",
            quoted(t)
        )));
    }
    let mut cells = Vec::new();
    let mut labels = Vec::new();
    let stone = |ch: char| {
        letters
            .iter()
            .position(|&l| ch.is_ascii() && (l as char).eq_ignore_ascii_case(&ch))
    };
    for (r, row) in rows.iter().enumerate() {
        if row.chars().count() != width {
            return Err(Error::usage(format!(
                "board {}: row {} has {} cells but row 1 has {width} (rows are separated by |, every row as long as the first)",
                quoted(t),
                r + 1,
                row.chars().count()
            )));
        }
        for (c, ch) in row.chars().enumerate() {
            match (ch, stone(ch)) {
                ('#', _) => {}
                (_, Some(k)) => {
                    cells.push((r as i32, c as i32));
                    labels.push(k as u8);
                }
                (other, None) => {
                    let stones: String = letters[1..]
                        .iter()
                        .map(|&l| format!(", {} a stone", l as char))
                        .collect();
                    return Err(Error::usage(format!(
                        "board {}: {} in row {} is not a cell (. empty{stones}, # filled, | between rows)",
                        quoted(t),
                        quoted(&other.to_string()),
                        r + 1
                    )));
                }
            }
        }
    }
    if width == 0 {
        return Err(Error::usage(format!(
            "board {}: a row without cells (write the empty board as {EMPTY})",
            quoted(t)
        )));
    }
    Shape::check_size(cells.len())?;
    let mut s = from_cells(&cells);
    for (v, &k) in labels.iter().enumerate() {
        s.set_label(v, k);
    }
    Ok(s)
}

/// The empty cells of a well-formed board of `.`, `#` and `|` (rows of one length, at
/// most [`MAX_SIDE`] on a side), read byte by byte; `None` for anything else, which
/// [`parse`] reads (and names what is wrong) the slow way.
fn well_formed(t: &str) -> Option<Vec<Cell>> {
    let mut cells = Vec::with_capacity(t.len());
    let (mut r, mut c, mut width) = (0i32, 0i32, None);
    for &b in t.as_bytes() {
        match b {
            b'.' => {
                cells.push((r, c));
                c += 1;
            }
            b'#' => c += 1,
            b'|' => {
                if c == 0 || width.is_some_and(|w| w != c) {
                    return None;
                }
                width = Some(c);
                r += 1;
                c = 0;
            }
            _ => return None,
        }
    }
    let ok = c > 0 && width.is_none_or(|w| w == c) && (c as usize) <= MAX_SIDE;
    (ok && (r as usize) < MAX_SIDE).then_some(cells)
}

/// The board whose empty cells are `cells` (`(row, column)`), vertices in the given
/// order.
pub fn from_cells(cells: &[(i32, i32)]) -> Shape {
    let mut s = Shape::new(cells.len(), false);
    // Each cell's vertex in a grid over the bounding box (a board is at most
    // MAX_SIDE x MAX_SIDE when read, a polyomino at most MAX_POLYOMINO on a side).
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let rows = cells.iter().map(|c| c.0 - r0 + 1).max().unwrap_or(0) as usize;
    let cols = cells.iter().map(|c| c.1 - c0 + 1).max().unwrap_or(0) as usize;
    let mut grid = vec![usize::MAX; rows * cols];
    let at = |r: i32, c: i32| (r - r0) as usize * cols + (c - c0) as usize;
    for (i, &(r, c)) in cells.iter().enumerate() {
        grid[at(r, c)] = i;
    }
    let mut edges = Vec::with_capacity(2 * cells.len());
    for (i, &(r, c)) in cells.iter().enumerate() {
        if ((r - r0 + 1) as usize) < rows {
            let j = grid[at(r + 1, c)];
            if j != usize::MAX {
                edges.push((i, j, V));
            }
        }
        if ((c - c0 + 1) as usize) < cols {
            let j = grid[at(r, c + 1)];
            if j != usize::MAX {
                edges.push((i, j, H));
            }
        }
    }
    s.add_edges(edges);
    s.set_place(cells.to_vec());
    s
}

/// Writes a board in grid notation: the smallest rectangle holding its cells.
/// Panics if the shape has no cells recorded (only boards are written so).
pub fn write(s: &Shape) -> String {
    write_with(s, NO_STONES)
}

/// Writes a board whose cells may carry stones, each cell as `letters[label]` (see
/// [`parse_with`]).
pub fn write_with(s: &Shape, letters: &[u8]) -> String {
    let cells = s.place().expect("a board shape records its cells");
    if cells.is_empty() {
        return EMPTY.to_string();
    }
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let r1 = cells.iter().map(|c| c.0).max().unwrap_or(0);
    let c1 = cells.iter().map(|c| c.1).max().unwrap_or(0);
    // Rows of `#` with a `|` after each but the last, then a `.` per cell.
    let (rows, cols) = ((r1 - r0 + 1) as usize, (c1 - c0 + 1) as usize);
    let mut text = vec![b'#'; rows * (cols + 1) - 1];
    for r in 1..rows {
        text[r * (cols + 1) - 1] = b'|';
    }
    for (v, &(r, c)) in cells.iter().enumerate() {
        text[(r - r0) as usize * (cols + 1) + (c - c0) as usize] = letters[s.label(v) as usize];
    }
    String::from_utf8(text).expect("ASCII")
}

/// A cell's name in `explain`: row and column, counted from 1 at the top left of the
/// board as written.
pub fn cell_name(s: &Shape, v: usize) -> String {
    let cells = s.place().expect("a board shape records its cells");
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let (r, c) = cells[v];
    format!("({},{})", r - r0 + 1, c - c0 + 1)
}

/// A polyomino of at most [`MAX_POLYOMINO`] cells as its cells packed `row * 16 +
/// column`, sorted, translated to touch both axes; the unused places hold 255 (so two
/// polyominoes of the same size compare as their packed cells do).
type Packed = [u8; MAX_POLYOMINO];

fn normalise(cells: &[(i32, i32)]) -> Packed {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut p = [u8::MAX; MAX_POLYOMINO];
    for (slot, &(r, c)) in p.iter_mut().zip(cells) {
        *slot = ((r - r0) * 16 + (c - c0)) as u8;
    }
    p[..cells.len()].sort_unstable();
    p
}

fn unpack(p: &Packed) -> Vec<(i32, i32)> {
    p.iter()
        .take_while(|&&x| x != u8::MAX)
        .map(|&x| ((x / 16) as i32, (x % 16) as i32))
        .collect()
}

/// Largest polyomino [`fixed`] and [`for_each_flip_class`] list (cells packed in a
/// 16x16 box: a polyomino of 16 cells spans at most 16 rows or columns).
pub const MAX_POLYOMINO: usize = 16;

fn check_size(n: usize) -> Result<()> {
    if n > MAX_POLYOMINO {
        return Err(Error::Limit(format!(
            "polyominoes of {n} cells: the enumeration goes up to {MAX_POLYOMINO}"
        )));
    }
    Ok(())
}

/// Calls `each` with every polyomino of `n >= 1` cells up to translation, once, by
/// Redelmeier's method ("Counting polyominoes: yet another attack", Discrete Math. 36,
/// 1981): grow from the cell (0, 0), the first of the polyomino's cells in the order of
/// rows then columns: only cells with `row > 0`, or `row == 0` and `column >= 0`, are
/// used. A cell joins the *untried* set once, when it first borders the polyomino;
/// each branch takes one untried cell and leaves the ones taken before it out of the
/// subtree, so every polyomino is built once, by one order of its cells. Nothing is
/// stored: memory is O(n^2) whatever the count.
fn redelmeier(n: usize, each: &mut dyn FnMut(&[Cell])) {
    struct Grow<'a> {
        n: usize,
        width: usize,
        reached: Vec<bool>,
        cells: Vec<(i32, i32)>,
        /// The untried set of each depth (reused: no allocation per step).
        untried: Vec<Vec<(i32, i32)>>,
        each: &'a mut dyn FnMut(&[Cell]),
    }
    impl Grow<'_> {
        fn index(&self, (r, c): (i32, i32)) -> usize {
            r as usize * self.width + (c + self.n as i32) as usize
        }
        /// Tries the untried cells of `depth`, last first.
        fn grow(&mut self, depth: usize) {
            while let Some(cell) = self.untried[depth].pop() {
                self.cells.push(cell);
                if self.cells.len() == self.n {
                    (self.each)(&self.cells);
                } else {
                    let (lower, upper) = self.untried.split_at_mut(depth + 1);
                    let next = &mut upper[0];
                    next.clear();
                    next.extend_from_slice(&lower[depth]);
                    let (r, c) = cell;
                    let mut added = [(0, 0); 4];
                    let mut k = 0;
                    for nb in [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)] {
                        let usable = nb.0 > 0 || (nb.0 == 0 && nb.1 >= 0);
                        if usable && !self.reached[self.index(nb)] {
                            let i = self.index(nb);
                            self.reached[i] = true;
                            self.untried[depth + 1].push(nb);
                            added[k] = nb;
                            k += 1;
                        }
                    }
                    self.grow(depth + 1);
                    for &a in &added[..k] {
                        let i = self.index(a);
                        self.reached[i] = false;
                    }
                }
                self.cells.pop();
            }
        }
    }
    // Rows 0..=n, columns -n..=n: a cell of a polyomino of n cells grown from (0, 0) is
    // within n - 1 steps of it, and its untried neighbours within n.
    let width = 2 * n + 1;
    let mut g = Grow {
        n,
        width,
        reached: vec![false; (n + 1) * width],
        cells: Vec::with_capacity(n),
        untried: (0..=n).map(|_| Vec::with_capacity(4 * n)).collect(),
        each,
    };
    let origin = g.index((0, 0));
    g.reached[origin] = true;
    g.untried[0].push((0, 0));
    g.grow(0);
}

/// Every polyomino of `n` cells up to translation (A001168), sorted by packed cells.
pub fn fixed(n: usize) -> Result<Vec<Vec<(i32, i32)>>> {
    check_size(n)?;
    if n == 0 {
        return Ok(Vec::new());
    }
    let mut all = Vec::new();
    redelmeier(n, &mut |cells| all.push(normalise(cells)));
    all.sort_unstable();
    Ok(all.iter().map(unpack).collect())
}

/// The images of a board under the symmetries that keep a Domineering value: identity,
/// reflection in the horizontal and in the vertical axis, half turn.
fn flips(cells: &[(i32, i32)]) -> [Packed; 4] {
    let map = |f: &dyn Fn((i32, i32)) -> (i32, i32)| {
        let mut c = [(0, 0); MAX_POLYOMINO];
        for (slot, &x) in c.iter_mut().zip(cells) {
            *slot = f(x);
        }
        normalise(&c[..cells.len()])
    };
    [
        map(&|(r, c)| (r, c)),
        map(&|(r, c)| (-r, c)),
        map(&|(r, c)| (r, -c)),
        map(&|(r, c)| (-r, -c)),
    ]
}

/// Calls `each` with every polyomino of `n` cells up to the reflections in both axes and
/// the half turn (A056780), each as the least of its images, in increasing order of
/// packed cells, until `each` says false. Holds the classes packed, 16 bytes each (26
/// million of 16 cells take 420 MB).
pub fn for_each_flip_class(n: usize, each: &mut dyn FnMut(&[Cell]) -> bool) -> Result<()> {
    check_size(n)?;
    if n == 0 {
        return Ok(());
    }
    let mut classes = Vec::new();
    redelmeier(n, &mut |cells| {
        let f = flips(cells);
        if f.iter().all(|g| f[0] <= *g) {
            classes.push(f[0]);
        }
    });
    classes.sort_unstable();
    for p in &classes {
        if !each(&unpack(p)) {
            break;
        }
    }
    Ok(())
}

/// Every polyomino of `n` cells up to the reflections in both axes and the half turn
/// (A056780), each as the least of its images, sorted.
pub fn flip_classes(n: usize) -> Result<Vec<Vec<(i32, i32)>>> {
    let mut out = Vec::new();
    for_each_flip_class(n, &mut |cells| {
        out.push(cells.to_vec());
        true
    })?;
    Ok(out)
}

#[cfg(test)]
mod enumeration_tests {
    use super::*;

    #[test]
    fn polyomino_counts_are_oeis() {
        // OEIS A001168 (fixed polyominoes), n = 1..14, and A056780 (up to both axis
        // reflections and the half turn), n = 1..13.
        let a001168 = [
            1usize, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268, 505861, 1903890, 7204874,
        ];
        let a056780 = [
            1usize, 2, 3, 9, 21, 68, 208, 730, 2542, 9287, 34053, 127112, 476849,
        ];
        for (k, &want) in a001168.iter().enumerate() {
            let mut count = 0;
            redelmeier(k + 1, &mut |_| count += 1);
            assert_eq!(count, want, "A001168({})", k + 1);
        }
        for (k, &want) in a056780.iter().enumerate() {
            let mut count = 0;
            for_each_flip_class(k + 1, &mut |_| {
                count += 1;
                true
            })
            .unwrap();
            assert_eq!(count, want, "A056780({})", k + 1);
        }
    }

    #[test]
    #[ignore = "tens of seconds: the 16-cell boards of issue #30"]
    fn sixteen_cells() {
        // Issue #30 quotes A056780(16) = 26,157,362 (of A001168(16) = 104,592,937 fixed
        // polyominoes, all enumerated here).
        let mut classes = 0usize;
        for_each_flip_class(16, &mut |_| {
            classes += 1;
            true
        })
        .unwrap();
        assert_eq!(classes, 26_157_362);
    }
}

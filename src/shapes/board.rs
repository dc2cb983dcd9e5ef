//! Boards of square cells in CGSuite's grid notation (rows separated by `|`, `.` an
//! empty cell, `#` a filled one: `..|..` is the 2x2 square, `.#|..` an L tromino), as
//! shapes: one vertex per empty cell (in reading order), an edge labelled [`V`] between
//! vertically adjacent empty cells and [`H`] between horizontally adjacent ones, and
//! each vertex's cell kept for writing and drawing. Also the polyominoes (connected
//! boards) of `n` cells up to translation, or up to the symmetries that keep a
//! Domineering value (both axis reflections and the half turn; CGSuite's
//! `Symmetry.Flip`).

use std::collections::HashSet;

use super::shape::Shape;
use crate::error::{Error, Result, quoted};

/// The label of an edge between vertically adjacent cells.
pub const V: u8 = 0;
/// The label of an edge between horizontally adjacent cells.
pub const H: u8 = 1;

/// Largest board side read (rows or columns).
pub const MAX_SIDE: usize = 256;

/// How an empty board (no empty cell) is written.
pub const EMPTY: &str = "0";

/// Reads a board in grid notation; every row must have the same length.
pub fn parse(text: &str) -> Result<Shape> {
    let t = text.trim();
    if t == EMPTY {
        return Ok(from_cells(&[]));
    }
    let rows: Vec<&str> = t.split('|').collect();
    let width = rows[0].chars().count();
    if rows.len() > MAX_SIDE || width > MAX_SIDE {
        return Err(Error::Limit(format!(
            "board {} is larger than {MAX_SIDE}x{MAX_SIDE}",
            quoted(&crate::error::shortened(t))
        )));
    }
    let mut cells = Vec::new();
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
            match ch {
                '.' => cells.push((r as i32, c as i32)),
                '#' => {}
                other => {
                    return Err(Error::usage(format!(
                        "board {}: {} in row {} is not a cell (. empty, # filled, | between rows)",
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
    Ok(from_cells(&cells))
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
    for (i, &(r, c)) in cells.iter().enumerate() {
        if ((r - r0 + 1) as usize) < rows {
            let j = grid[at(r + 1, c)];
            if j != usize::MAX {
                s.add_edge(i, j, V);
            }
        }
        if ((c - c0 + 1) as usize) < cols {
            let j = grid[at(r, c + 1)];
            if j != usize::MAX {
                s.add_edge(i, j, H);
            }
        }
    }
    s.set_place(cells.to_vec());
    s
}

/// Writes a board in grid notation: the smallest rectangle holding its cells.
/// Panics if the shape has no cells recorded (only boards are written so).
pub fn write(s: &Shape) -> String {
    let cells = s.place().expect("a board shape records its cells");
    if cells.is_empty() {
        return EMPTY.to_string();
    }
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let r1 = cells.iter().map(|c| c.0).max().unwrap_or(0);
    let c1 = cells.iter().map(|c| c.1).max().unwrap_or(0);
    let set: HashSet<(i32, i32)> = cells.iter().copied().collect();
    (r0..=r1)
        .map(|r| {
            (c0..=c1)
                .map(|c| if set.contains(&(r, c)) { '.' } else { '#' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
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

/// A polyomino as its cells packed `row * 16 + column`, sorted, translated to touch
/// both axes.
type Packed = Vec<u8>;

fn normalise(cells: &mut [(i32, i32)]) -> Packed {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut p: Packed = cells
        .iter()
        .map(|&(r, c)| ((r - r0) * 16 + (c - c0)) as u8)
        .collect();
    p.sort_unstable();
    p
}

fn unpack(p: &[u8]) -> Vec<(i32, i32)> {
    p.iter()
        .map(|&x| ((x / 16) as i32, (x % 16) as i32))
        .collect()
}

/// Largest polyomino [`fixed`] and [`flip_classes`] list (cells packed in a 16x16 box).
pub const MAX_POLYOMINO: usize = 14;

/// Every polyomino of `n` cells up to translation (A001168), sorted by packed cells.
pub fn fixed(n: usize) -> Result<Vec<Vec<(i32, i32)>>> {
    if n > MAX_POLYOMINO {
        return Err(Error::Limit(format!(
            "polyominoes of {n} cells: the enumeration goes up to {MAX_POLYOMINO}"
        )));
    }
    if n == 0 {
        return Ok(Vec::new());
    }
    let mut level: HashSet<Packed> = HashSet::from([vec![0u8]]);
    for _ in 1..n {
        let mut next = HashSet::with_capacity(level.len() * 4);
        for p in &level {
            let cells = unpack(p);
            let set: HashSet<(i32, i32)> = cells.iter().copied().collect();
            for &(r, c) in &cells {
                for (dr, dc) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let cell = (r + dr, c + dc);
                    if !set.contains(&cell) {
                        let mut grown = cells.clone();
                        grown.push(cell);
                        next.insert(normalise(&mut grown));
                    }
                }
            }
        }
        level = next;
    }
    let mut all: Vec<Packed> = level.into_iter().collect();
    all.sort_unstable();
    Ok(all.iter().map(|p| unpack(p)).collect())
}

/// The images of a board under the symmetries that keep a Domineering value: identity,
/// reflection in the horizontal and in the vertical axis, half turn.
fn flips(cells: &[(i32, i32)]) -> [Packed; 4] {
    let map = |f: &dyn Fn((i32, i32)) -> (i32, i32)| {
        let mut c: Vec<(i32, i32)> = cells.iter().map(|&x| f(x)).collect();
        normalise(&mut c)
    };
    [
        map(&|(r, c)| (r, c)),
        map(&|(r, c)| (-r, c)),
        map(&|(r, c)| (r, -c)),
        map(&|(r, c)| (-r, -c)),
    ]
}

/// Every polyomino of `n` cells up to the reflections in both axes and the half turn
/// (A056780), each as the least of its images, sorted.
pub fn flip_classes(n: usize) -> Result<Vec<Vec<(i32, i32)>>> {
    Ok(fixed(n)?
        .into_iter()
        .filter(|cells| {
            let f = flips(cells);
            f.iter().all(|g| f[0] <= *g)
        })
        .collect())
}

//! Every placement of stones on the boards of a size, up to the symmetries a game's
//! values keep (or negate), for the census of games with stones (Clobber and Konane on
//! boards, Fission, the strips of Toppling Dominoes and Toads and Frogs).
//!
//! The boards are the polyominoes of the size up to the same symmetries
//! ([`super::board::for_each_flip_class`], and its classes up to the transpose for the
//! whole group of the square), or the one strip of the size. On each board, a cell holds
//! one of the labels the census asks for (`0` an empty cell, `k` stone `k`); two
//! placements are the same when a symmetry of the board that maps it onto itself, with
//! or without the exchange of the players' stones (a permutation of the labels), maps
//! one onto the other. Each class is listed once, as its least labelling (cells in
//! reading order, labels compared as numbers): a labelling is listed when no symmetry
//! of its board gives a smaller one. Nothing is stored but the board's symmetries.

use super::board::for_each_flip_class;
use crate::error::{Error, Result};

/// The symmetries a census lists placements up to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// The reflections in both axes and the half turn (Domineering's, Fission's: a
    /// quarter turn exchanges the players' moves there).
    Flips,
    /// The eight symmetries of the square (Clobber, Konane: moves go every way).
    Square,
}

/// What a census of stones lists.
#[derive(Clone, Copy, Debug)]
pub struct Placements<'a> {
    /// Strips only (a board of one row), instead of every polyomino.
    pub strips: bool,
    /// The symmetries of the boards (on a strip, [`Symmetry::Flips`] is its reversal).
    pub symmetry: Symmetry,
    /// The labels a cell may hold, in increasing order (`0`: empty; Clobber's cells all
    /// hold a stone, Konane's may be empty).
    pub holds: &'a [u8],
    /// The exchange of the players' stones (label `l` becomes `swap[l]`), listed up to it
    /// too (it negates the value); `None`: not used.
    pub swap: Option<&'a [u8]>,
    /// The symmetries that reverse the rows' reading direction are symmetries of the
    /// game only together with the exchange, the others only without it (Toads and
    /// Frogs: a strip reversed with its toads and frogs exchanged has the negative
    /// value; reversed alone, or exchanged alone, another value).
    pub symmetry_swaps: bool,
}

/// A symmetry, as where it sends a cell `(row, column)`.
pub type CellMap = fn((i32, i32)) -> (i32, i32);

/// What [`for_each_placement`] calls with each board (its cells) and placement (a label
/// per cell); it returns false to stop.
pub type EachPlacement<'a> = dyn FnMut(&[(i32, i32)], &[u8]) -> bool + 'a;

/// The images of a cell under the symmetries of the square: the first four are the
/// flips.
pub const MAPS: [CellMap; 8] = [
    |(r, c)| (r, c),
    |(r, c)| (-r, c),
    |(r, c)| (r, -c),
    |(r, c)| (-r, -c),
    |(r, c)| (c, r),
    |(r, c)| (-c, r),
    |(r, c)| (c, -r),
    |(r, c)| (-c, -r),
];

/// `cells` translated to touch both axes, sorted in reading order.
fn normalised(cells: impl Iterator<Item = (i32, i32)>) -> Vec<(i32, i32)> {
    let mut v: Vec<(i32, i32)> = cells.collect();
    let r0 = v.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = v.iter().map(|c| c.1).min().unwrap_or(0);
    for c in &mut v {
        *c = (c.0 - r0, c.1 - c0);
    }
    v.sort_unstable();
    v
}

/// The symmetries among the first `maps` that map the board `cells` (normalised) onto
/// itself, each as where it sends each cell (by index), and whether it reverses the
/// rows' reading direction (a step right becomes a step left).
fn stabiliser(cells: &[(i32, i32)], maps: usize) -> Vec<(Vec<usize>, bool)> {
    let mut out = Vec::new();
    for f in &MAPS[..maps] {
        let reverses = f((0, 1)).1 < f((0, 0)).1;
        let images: Vec<(i32, i32)> = cells.iter().map(|&c| f(c)).collect();
        let r0 = images.iter().map(|c| c.0).min().unwrap_or(0);
        let c0 = images.iter().map(|c| c.1).min().unwrap_or(0);
        let perm: Option<Vec<usize>> = images
            .iter()
            .map(|&(r, c)| cells.binary_search(&(r - r0, c - c0)).ok())
            .collect();
        if let Some(p) = perm {
            out.push((p, reverses));
        }
    }
    out
}

/// Calls `each` with every board of `n >= 1` cells (normalised, in reading order) and
/// every placement on it (a label per cell, in that order) that `p` lists, once per
/// class, until `each` says false.
pub fn for_each_placement(n: usize, p: &Placements, each: &mut EachPlacement) -> Result<()> {
    if p.holds.is_empty() {
        return Err(Error::usage(
            "a census of stones needs what a cell may hold",
        ));
    }
    let mut go = true;
    let mut on_board = |cells: &[(i32, i32)]| -> bool {
        let cells = normalised(cells.iter().copied());
        let maps = match p.symmetry {
            Symmetry::Flips => 4,
            Symmetry::Square => 8,
        };
        let group = stabiliser(&cells, maps);
        go = placements_on(&cells, &group, p, each);
        go
    };
    if p.strips {
        let row: Vec<(i32, i32)> = (0..n as i32).map(|c| (0, c)).collect();
        on_board(&row);
        return Ok(());
    }
    for_each_flip_class(n, &mut |cells| {
        if p.symmetry == Symmetry::Square {
            // One of each pair of flip classes a transpose exchanges: the least.
            let key = |cs: &[(i32, i32)]| {
                MAPS[..4]
                    .iter()
                    .map(|f| normalised(cs.iter().map(|&c| f(c))))
                    .min()
                    .expect("four images")
            };
            let t: Vec<(i32, i32)> = cells.iter().map(|&(r, c)| (c, r)).collect();
            if key(&t) < key(cells) {
                return true;
            }
        }
        on_board(cells)
    })
}

/// Lists the placements on one board with symmetries `group`; false if `each` said
/// stop.
fn placements_on(
    cells: &[(i32, i32)],
    group: &[(Vec<usize>, bool)],
    p: &Placements,
    each: &mut EachPlacement,
) -> bool {
    let n = cells.len();
    let k = p.holds.len();
    let mut digits = vec![0usize; n];
    let mut labels = vec![p.holds[0]; n];
    let mut image = vec![0u8; n];
    loop {
        let least = group.iter().all(|(perm, reverses)| {
            [false, true].iter().all(|&swapped| {
                if p.symmetry_swaps && swapped != *reverses {
                    return true;
                }
                let s = match (swapped, p.swap) {
                    (false, _) => None,
                    (true, Some(s)) => Some(s),
                    (true, None) => return true,
                };
                for (i, &l) in labels.iter().enumerate() {
                    image[perm[i]] = s.map_or(l, |s| s[l as usize]);
                }
                image >= labels
            })
        });
        if least && !each(cells, &labels) {
            return false;
        }
        // The next labelling, the last cell fastest.
        let mut i = n;
        loop {
            if i == 0 {
                return true;
            }
            i -= 1;
            digits[i] += 1;
            if digits[i] < k {
                labels[i] = p.holds[digits[i]];
                break;
            }
            digits[i] = 0;
            labels[i] = p.holds[0];
        }
    }
}

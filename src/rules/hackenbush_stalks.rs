//! Hackenbush stalks (strings) valued by the theorems of Winning Ways (ch. 1, 2 and 7)
//! instead of their options: a part of a position that is one path of edges up from
//! the ground. A green stalk of n edges is the nim heap \*n; a blue-red stalk is the
//! number of Berlekamp's sign expansion: the edges of the bottom edge's colour up to the
//! first change of colour count ±1 each, and each edge from there on half the one
//! below, + for blue and − for red (blue, blue, red = 3/2; blue, red, blue = 3/4).
//! Stalks with both green and blue or red edges have no such rule here: the solver
//! values them from their options.

use super::hackenbush_labels::{BLUE, GREEN, GROUND};
use crate::error::Result;
use crate::shapes::Shape;
use crate::values::dyadic::{Dyadic, MAX_EXP};
use crate::values::game::GameId;
use crate::values::limits::Limit;

/// The colours of `s`'s edges from the ground up if `s` is a stalk: one ground vertex,
/// and every edge on one path that starts there (no loop, no branch, no circuit, nothing
/// else); `None` otherwise. Linear in the edges.
pub fn stalk_colours(s: &Shape) -> Option<Vec<u8>> {
    let (n, edges) = (s.n(), s.edges());
    if edges.len() + 1 != n {
        return None; // a stalk's vertices are the ground and one atop each edge
    }
    let mut grounds = s.labels().iter().enumerate().filter(|(_, l)| **l == GROUND);
    let (g, _) = grounds.next()?;
    if grounds.next().is_some() {
        return None;
    }
    // The (at most two) edges at each vertex.
    let mut at = vec![[usize::MAX; 2]; n];
    let mut degree = vec![0usize; n];
    for (i, e) in edges.iter().enumerate() {
        if e.a == e.b {
            return None;
        }
        for v in [e.a as usize, e.b as usize] {
            if degree[v] == 2 {
                return None;
            }
            at[v][degree[v]] = i;
            degree[v] += 1;
        }
    }
    if degree[g] != 1 {
        return None;
    }
    // Walk up from the ground: each vertex has at most one edge besides the one it was
    // reached by. The walk cannot come back to a vertex (that vertex would have a third
    // edge, or be the ground with a second), so it is a path; the part is a stalk when
    // the path takes every edge.
    let mut colours = Vec::with_capacity(edges.len());
    let (mut v, mut came) = (g, usize::MAX);
    while let Some(&i) = at[v][..degree[v]].iter().find(|&&i| i != came) {
        if colours.len() == edges.len() {
            return None; // not reached (see above); a bound all the same
        }
        let e = edges[i];
        colours.push(e.label);
        v = if e.a as usize == v { e.b } else { e.a } as usize;
        came = i;
    }
    (colours.len() == edges.len()).then_some(colours)
}

/// The value of a stalk with edge colours `colours` from the ground up, when a theorem
/// gives it: all green, all blue or red (see the module documentation); `None` for a
/// stalk mixing green with blue or red. `Some(Err)` when the number is beyond the
/// kernel's range: its denominator is exactly 2^(edges above the first run), so that
/// range is crossed exactly when the number is not one the kernel can hold.
pub fn stalk_value(colours: &[u8]) -> Option<Result<GameId>> {
    if colours.iter().all(|&c| c == GREEN) {
        return Some(Ok(GameId::nimber(u32::try_from(colours.len()).ok()?)));
    }
    if colours.contains(&GREEN) {
        return None;
    }
    let sign = |c: u8| if c == BLUE { 1i128 } else { -1 };
    let run = colours.iter().take_while(|&&c| c == colours[0]).count();
    let halves = colours.len() - run;
    if halves > MAX_EXP as usize {
        return Some(Err(Limit::Number.into()));
    }
    // The value times 2^halves: the run's ±run, then ±2^(halves - j) for the j-th edge
    // above it (below 2^75 in size: run ≤ 4096 edges, halves ≤ 62).
    let mut num = (sign(colours[0]) * run as i128) << halves;
    for (j, &c) in colours[run..].iter().enumerate() {
        num += sign(c) << (halves - 1 - j);
    }
    Some(
        Dyadic::new(num, halves as u32)
            .map(GameId::number)
            .map_err(Into::into),
    )
}

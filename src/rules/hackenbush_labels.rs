//! Hackenbush's labels (the edge colours and the ground) and what every part of the
//! ruleset asks of them: who may cut an edge, the empty position, what still hangs from
//! the ground. The ruleset ([`super::hackenbush`]), its graph6 notation and its census
//! build on this file.

use super::shape_rules::Player;
use crate::graphs::palette::Palette;
use crate::shapes::Shape;

/// Edge label: blue, only Left cuts it.
pub const BLUE: u8 = 0;
/// Edge label: red, only Right cuts it.
pub const RED: u8 = 1;
/// Edge label: green, either player cuts it.
pub const GREEN: u8 = 2;
/// Vertex label of the ground.
pub const GROUND: u8 = 1;

/// Hackenbush's edge colours.
pub const HACKENBUSH_EDGES: Palette = Palette {
    letters: b"BRG",
    names: &[
        "blue (only Left cuts)",
        "red (only Right cuts)",
        "green (either player cuts)",
    ],
    colours: &["#1f5fbf", "#c62828", "#2e7d32"],
};

/// Hackenbush's vertex labels: a point off the ground, the ground.
pub const HACKENBUSH_VERTICES: Palette = Palette {
    letters: b"PG",
    names: &["point off the ground", "the ground"],
    colours: &["#222", "#8d6e63"],
};

/// The shape with everything no longer joined to a ground vertex removed (vertices
/// renumbered in order).
pub fn prune(s: &Shape) -> Shape {
    let from: Vec<bool> = s.labels().iter().map(|&l| l == GROUND).collect();
    let keep = s.reachable(&from);
    if keep.iter().all(|&k| k) {
        s.clone()
    } else {
        s.induced(&keep)
    }
}

/// Whether `player` may cut an edge of colour `label`.
pub fn may_cut(label: u8, player: Player) -> bool {
    matches!(
        (label, player),
        (GREEN, _) | (BLUE, Player::Left) | (RED, Player::Right)
    )
}

/// The ground alone (the empty position).
pub fn empty() -> Shape {
    let mut s = Shape::new(1, false);
    s.set_label(0, GROUND);
    s
}

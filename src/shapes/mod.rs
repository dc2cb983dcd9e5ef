//! Positions of any shape: the general position model that rulesets beyond vertex-deleting
//! games on simple coloured graphs are written on (Domineering and Cram, Hackenbush, poset
//! games).
//!
//! A [`Shape`] is a graph on any number of vertices whose vertices carry labels from the
//! ruleset's vertex palette and whose edges carry labels from its edge palette; parallel
//! edges and loops are allowed, edges are undirected or (for directed rulesets) arcs, and
//! a distinguished vertex set such as a Hackenbush ground is just a vertex label. Board
//! games also keep each vertex's cell (`place`), which only drawing and notation read.
//!
//! [`canon`] gives every shape an exact canonical key with nauty: vertex labels are the
//! cells of the partition, edge labels and multiplicities go in by the layered
//! construction of the nauty User's Guide (section "Graphs with edge colours"), and arcs
//! in nauty's digraph mode. The small
//! 64-vertex bitset [`crate::graphs::Graph`] stays the fast path of the rulesets that only
//! delete vertices of simple graphs.

mod bit_words;
pub mod bits;
pub mod board;
pub mod canon;
pub mod draw;
pub mod edges;
pub mod grounded;
pub mod placements;
pub mod shape;
pub mod split;
pub mod stone_board;
pub mod stone_rows;
pub mod stone_symmetry;

pub use canon::{ShapeKey, canonical_key, canonical_order};
pub use shape::{Edge, Shape};

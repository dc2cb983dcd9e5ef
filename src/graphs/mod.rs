//! Graphs: the small-graph type, graph6, colourings, canonical labelling with nauty,
//! isomorph-free enumeration and named families.

pub mod any_size;
pub mod canon;
pub mod colouring;
pub mod colourings;
pub mod draw;
pub mod enumerate;
pub mod families;
pub mod graph;
pub mod graph6;
pub mod maps;
pub mod palette;
pub mod positions;
pub mod wide;

pub use any_size::{PlayColours, PlayGraph, VertexSet};
pub use canon::{CanonKey, canonical_key};
pub use colouring::Colouring;
pub use graph::{Bits, Graph, MAX_VERTICES};
pub use graph6::{parse_graph6, to_graph6, write_graph6};
pub use positions::{GraphPosition, Position, PositionSource, PositionSpec, Shard, Unit};
pub use wide::{
    AnyGraph, MAX_WIDE_VERTICES, WideColouring, WideGraph, WidePosition, WideSet, parse_any_graph6,
};

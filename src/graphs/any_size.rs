//! What a ruleset on graphs reads of a position, whatever its size: the contract
//! ([`PlayGraph`], [`PlayColours`], [`VertexSet`]) that the 64-vertex bitset graph
//! ([`Graph`], [`Colouring`], `u64` masks) and the graph of any size
//! ([`WideGraph`](super::wide::WideGraph)) both keep. A ruleset writes its moves once,
//! generic over this contract: the census and every position of at most 64 vertices
//! take the bitset types (monomorphised, the same code as before), larger positions the
//! wide ones, with the same rules.

use super::colouring::Colouring;
use super::graph::{Bits, Graph};

/// A set of vertices (`u64` for the 64-vertex graph).
pub trait VertexSet: Clone + PartialEq + std::fmt::Debug {
    /// Its vertices, in increasing order.
    type Iter<'a>: Iterator<Item = usize>
    where
        Self: 'a;
    /// Whether `v` is in the set.
    fn has(&self, v: usize) -> bool;
    /// Adds `v`.
    fn insert(&mut self, v: usize);
    /// Removes `v`.
    fn remove(&mut self, v: usize);
    /// Whether the set is empty.
    fn is_empty(&self) -> bool;
    /// Whether the two sets meet.
    fn meets(&self, other: &Self) -> bool;
    /// Removes the vertices of `other`.
    fn subtract(&mut self, other: &Self);
    /// Adds the vertices of `other`.
    fn unite(&mut self, other: &Self);
    /// The vertices, in increasing order.
    fn iter(&self) -> Self::Iter<'_>;
}

/// A graph as the rulesets read it.
pub trait PlayGraph: Clone {
    /// Its vertex sets.
    type Set: VertexSet;
    /// Its colourings.
    type Colours: PlayColours<Set = Self::Set>;
    /// Number of vertices.
    fn n(&self) -> usize;
    /// Every vertex.
    fn vertices(&self) -> Self::Set;
    /// The neighbours of `v`.
    fn neighbours(&self, v: usize) -> Self::Set;
    /// The subgraph induced by `keep`, relabelled `0..k` in increasing order.
    fn induced(&self, keep: &Self::Set) -> Self;
    /// The connected components of the subgraph induced by `keep`, in order of their
    /// least vertex.
    fn components_in(&self, keep: &Self::Set) -> impl Iterator<Item = Self::Set>;
    /// Removes every edge between a vertex of `a` and one of `b` (`a = b`: the edges
    /// inside `a`).
    fn remove_edges_between(&mut self, a: &Self::Set, b: &Self::Set);
}

/// A colouring as the rulesets read it (labels of the ruleset's palette).
pub trait PlayColours: Clone {
    /// The vertex sets of the graphs it colours.
    type Set: VertexSet;
    /// The colour of `v`.
    fn get(&self, v: usize) -> u8;
    /// Sets the colour of `v`.
    fn set(&mut self, v: usize, colour: u8);
    /// The colouring of the vertices of `keep`, renumbered in order (as
    /// [`PlayGraph::induced`]).
    fn induced(&self, keep: &Self::Set) -> Self;
    /// The vertices of colour `colour`.
    fn mask_of(&self, colour: u8) -> Self::Set;
}

impl VertexSet for u64 {
    type Iter<'a> = Bits;
    #[inline]
    fn has(&self, v: usize) -> bool {
        (*self >> v) & 1 == 1
    }
    #[inline]
    fn insert(&mut self, v: usize) {
        *self |= 1 << v;
    }
    #[inline]
    fn remove(&mut self, v: usize) {
        *self &= !(1 << v);
    }
    #[inline]
    fn is_empty(&self) -> bool {
        *self == 0
    }
    #[inline]
    fn meets(&self, other: &u64) -> bool {
        *self & *other != 0
    }
    #[inline]
    fn subtract(&mut self, other: &u64) {
        *self &= !*other;
    }
    #[inline]
    fn unite(&mut self, other: &u64) {
        *self |= *other;
    }
    #[inline]
    fn iter(&self) -> Bits {
        Bits(*self)
    }
}

impl PlayGraph for Graph {
    type Set = u64;
    type Colours = Colouring;
    #[inline]
    fn n(&self) -> usize {
        Graph::n(self)
    }
    #[inline]
    fn vertices(&self) -> u64 {
        Graph::vertices(self)
    }
    #[inline]
    fn neighbours(&self, v: usize) -> u64 {
        Graph::neighbours(self, v)
    }
    #[inline]
    fn induced(&self, keep: &u64) -> Graph {
        Graph::induced(self, *keep)
    }
    #[inline]
    fn components_in(&self, keep: &u64) -> impl Iterator<Item = u64> {
        Graph::components_in(self, *keep)
    }
    #[inline]
    fn remove_edges_between(&mut self, a: &u64, b: &u64) {
        Graph::remove_edges_between(self, *a, *b)
    }
}

impl PlayColours for Colouring {
    type Set = u64;
    #[inline]
    fn get(&self, v: usize) -> u8 {
        Colouring::get(self, v)
    }
    #[inline]
    fn set(&mut self, v: usize, colour: u8) {
        Colouring::set(self, v, colour)
    }
    #[inline]
    fn induced(&self, keep: &u64) -> Colouring {
        Colouring::induced(self, *keep)
    }
    #[inline]
    fn mask_of(&self, colour: u8) -> u64 {
        Colouring::mask_of(self, colour)
    }
}

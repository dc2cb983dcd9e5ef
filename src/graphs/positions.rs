//! Positions (a graph, possibly coloured) and [`PositionSource`]: the ordered, shardable
//! stream of every isomorphism class of position of a family over a range of sizes.
//! Both `enumerate` and the census runner read positions from here.

use super::canon::Perm;
use super::colouring::Colouring;
use super::colourings::{ColouringScratch, check_colourable, count_colourings, for_each_colouring};
use super::families::{Family, GraphSource};
use super::graph::Graph;
use crate::error::{Error, Result};

/// A game position: a graph and, for coloured rulesets, a colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The graph.
    pub graph: Graph,
    /// The colouring, for coloured rules.
    pub colouring: Option<Colouring>,
}

/// What a row shows of a position on a graph, whatever its size (the 64-vertex
/// [`Position`] and the [`WidePosition`](super::wide::WidePosition)): its position
/// columns are written from these alone.
pub trait GraphPosition {
    /// Appends the graph in graph6.
    fn write_graph6(&self, out: &mut Vec<u8>);
    /// Appends the colouring's letters (nothing when uncoloured).
    fn write_colouring(&self, out: &mut Vec<u8>);
    /// Number of vertices.
    fn n(&self) -> usize;
    /// Number of edges.
    fn m(&self) -> usize;
}

impl GraphPosition for Position {
    fn write_graph6(&self, out: &mut Vec<u8>) {
        super::graph6::write_graph6(&self.graph, out)
    }
    fn write_colouring(&self, out: &mut Vec<u8>) {
        if let Some(c) = &self.colouring {
            c.write(out);
        }
    }
    fn n(&self) -> usize {
        self.graph.n()
    }
    fn m(&self) -> usize {
        self.graph.m()
    }
}

impl Position {
    /// A position without colouring.
    pub fn uncoloured(graph: Graph) -> Position {
        Position {
            graph,
            colouring: None,
        }
    }
}

/// Selects disjoint parts of a run: shard `index` of `count` takes the units whose
/// global number is `index` modulo `count` (`0 ≤ index < count`, as in nauty's
/// `geng res/mod`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard, `0 ≤ index < count`.
    pub index: usize,
    /// How many shards.
    pub count: usize,
}

impl Shard {
    /// The whole run (`0/1`).
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Parses `I/M`.
    pub fn parse(s: &str) -> Result<Shard> {
        let bad = || {
            Error::usage(format!(
                "shard {s:?}: expected I/M with 0 <= I < M, e.g. 0/4"
            ))
        };
        let (i, m) = s.split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let count: usize = m.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether unit number `unit` (counted over the whole run) belongs to this shard.
    pub fn takes(&self, unit: usize) -> bool {
        unit % self.count == self.index
    }
}

/// What to enumerate.
#[derive(Clone, Copy, Debug)]
pub struct PositionSpec {
    /// The family of graphs.
    pub family: Family,
    /// Smallest number of vertices.
    pub min_vertices: usize,
    /// Largest number of vertices.
    pub max_vertices: usize,
    /// Connected graphs only (family `all`).
    pub connected: bool,
    /// 0: uncoloured; 2: B/W; 3: B/W/G.
    pub colours: usize,
}

impl PositionSpec {
    /// The number of colours the positions carry: `colours`, or 2 for the families
    /// that come with a B/W colouring.
    pub fn colours_used(&self) -> usize {
        if self.family.colouring(1).is_some() {
            2
        } else {
            self.colours
        }
    }
}

/// A unit of work: unit `unit` of the source for `n` vertices.
#[derive(Clone, Copy, Debug)]
pub struct Unit {
    /// Index of the source (one per number of vertices).
    pub source: usize,
    /// Unit within that source.
    pub unit: usize,
}

/// Every position of a [`PositionSpec`], as an ordered list of units.
pub struct PositionSource {
    spec: PositionSpec,
    sources: Vec<(usize, GraphSource)>,
}

impl PositionSource {
    /// Checks the spec and prepares the sources of every size.
    pub fn new(spec: PositionSpec) -> Result<PositionSource> {
        if spec.min_vertices > spec.max_vertices {
            return Err(Error::usage(format!(
                "min vertices {} is above max vertices {}",
                spec.min_vertices, spec.max_vertices
            )));
        }
        if spec.colours == 1 || spec.colours > 3 {
            return Err(Error::usage(format!(
                "colours = {}: use 0 (uncoloured), 2 (B, W) or 3 (B, W, G)",
                spec.colours
            )));
        }
        if spec.min_vertices == 0 {
            return Err(Error::usage(
                "graphs have at least 1 vertex; set min vertices to 1 or more",
            ));
        }
        let (what, most) = spec.family.max_vertices();
        if spec.max_vertices > most {
            return Err(Error::usage(format!(
                "max vertices {}: {what} can be enumerated on at most {most} vertices",
                spec.max_vertices
            )));
        }
        // The first size beyond a limit fails; say which maximum asked for it.
        let asked = |e: Error| match e {
            Error::Usage(m) => Error::usage(format!("max vertices {}: {m}", spec.max_vertices)),
            other => other,
        };
        let mut sources = Vec::new();
        for n in spec.min_vertices..=spec.max_vertices {
            if spec.colours > 0 {
                check_colourable(n, spec.colours).map_err(asked)?;
            }
            sources.push((
                n,
                GraphSource::new(spec.family, n, spec.connected).map_err(asked)?,
            ));
        }
        Ok(PositionSource { spec, sources })
    }

    /// What it enumerates.
    pub fn spec(&self) -> &PositionSpec {
        &self.spec
    }

    /// The units of this source taken by `shard`, in order.
    pub fn units(&self, shard: Shard) -> Vec<Unit> {
        let mut out = Vec::new();
        let mut global = 0;
        for (s, (_, src)) in self.sources.iter().enumerate() {
            for unit in 0..src.units() {
                if shard.takes(global) {
                    out.push(Unit { source: s, unit });
                }
                global += 1;
            }
        }
        out
    }

    /// Calls `f` for every position of `unit`, in a fixed order.
    pub fn expand(&self, unit: Unit, f: &mut dyn FnMut(&Position)) {
        let (n, src) = &self.sources[unit.source];
        let k = self.spec.colours;
        let mut scratch = ColouringScratch::default();
        let fixed = self.spec.family.colouring(*n);
        src.expand(unit.unit, k > 0, &mut |g: &Graph, gens: &[Perm]| {
            if k == 0 {
                f(&Position {
                    graph: *g,
                    colouring: fixed,
                });
            } else {
                for_each_colouring(*n, k, gens, &mut scratch, |code| {
                    f(&Position {
                        graph: *g,
                        colouring: Some(Colouring::from_code(*n, k, code)),
                    })
                });
            }
        });
    }

    /// For coloured sources, calls `f(graph, codes)` for every graph of `unit` with the
    /// codes of its colourings ([`Colouring::from_code`] with [`PositionSpec::colours`]
    /// colours), in the order of [`PositionSource::expand`]; `false` (and no call) for
    /// uncoloured ones.
    pub fn expand_coloured(&self, unit: Unit, f: &mut dyn FnMut(&Graph, &[u64])) -> bool {
        let (n, src) = &self.sources[unit.source];
        let k = self.spec.colours;
        if k == 0 {
            return false;
        }
        let mut scratch = ColouringScratch::default();
        let mut codes = Vec::new();
        src.expand(unit.unit, true, &mut |g: &Graph, gens: &[Perm]| {
            codes.clear();
            for_each_colouring(*n, k, gens, &mut scratch, |code| codes.push(code));
            f(g, &codes);
        });
        true
    }

    /// Number of positions in `unit` (without building the colourings).
    pub fn count(&self, unit: Unit) -> u64 {
        let (n, src) = &self.sources[unit.source];
        let k = self.spec.colours;
        let mut scratch = ColouringScratch::default();
        let mut total = 0;
        src.expand(unit.unit, k > 0, &mut |_, gens| {
            total += if k == 0 {
                1
            } else {
                count_colourings(*n, k, gens, &mut scratch)
            };
        });
        total
    }
}

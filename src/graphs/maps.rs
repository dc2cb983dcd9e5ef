//! Random planar "map" boards, like the Grundy game blog's Voronoi boards: `n` random
//! points uniform in the unit disc, each the capital of its region (its Voronoi cell,
//! clipped to the disc), two regions adjacent iff their cells share a stretch of border
//! inside the disc. Regions that only touch at a point are not adjacent. The neighbours
//! come from the Delaunay triangulation (the spade crate): every shared Voronoi border is
//! dual to a Delaunay edge, whose border segment (between the circumcentres of the two
//! triangles on its sides, or a ray for a hull edge) is clipped to the disc and kept if
//! a positive length remains. Reproducible: the points come from a SplitMix64 stream of
//! the seed, the board's size and its index.

use spade::{DelaunayTriangulation, Point2, Triangulation};

use super::graph::Graph;

/// SplitMix64 (Steele, Lea & Flood 2014): a small, fixed, reproducible stream.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Map board number `index` with `n` regions (n ≥ 1) for `seed`.
pub fn map_board(n: usize, seed: u64, index: u64) -> Graph {
    let mut rng =
        SplitMix(seed ^ (n as u64).rotate_left(32) ^ index.wrapping_mul(0x2545_f491_4f6c_dd1d));
    loop {
        let points: Vec<Point2<f64>> = (0..n)
            .map(|_| {
                let r = rng.unit().sqrt();
                let t = 2.0 * std::f64::consts::PI * rng.unit();
                Point2::new(r * t.cos(), r * t.sin())
            })
            .collect();
        if let Some(g) = regions(&points) {
            return g;
        }
    }
}

/// The adjacency of the regions of `points` in the unit disc, or `None` if two points
/// coincide (then new points are drawn).
pub fn regions(points: &[Point2<f64>]) -> Option<Graph> {
    let n = points.len();
    let mut g = Graph::empty(n);
    if n <= 1 {
        return Some(g);
    }
    let mut t: DelaunayTriangulation<Point2<f64>> = DelaunayTriangulation::new();
    for p in points {
        t.insert(*p).ok()?;
    }
    if t.num_vertices() != n {
        return None;
    }
    for e in t.undirected_edges() {
        let [a, b] = e.vertices();
        let (pa, pb) = (a.position(), b.position());
        let d = e.as_directed();
        let ends = [d.face(), d.rev().face()].map(|f| f.as_inner().map(|f| f.circumcenter()));
        // The border lies on the perpendicular bisector of a and b.
        let dir = (-(pb.y - pa.y), pb.x - pa.x);
        let shared = match ends {
            [Some(p), Some(q)] => clipped_length((p.x, p.y), (q.x - p.x, q.y - p.y), 0.0, 1.0),
            [Some(p), None] | [None, Some(p)] => {
                // A hull edge: a ray from the circumcentre away from the triangle's third
                // vertex, i.e. toward the side of a-b where no point lies.
                let inner = if ends[0].is_some() {
                    d.face()
                } else {
                    d.rev().face()
                };
                let third = inner
                    .as_inner()
                    .map(|f| {
                        f.vertices()
                            .into_iter()
                            .map(|v| v.position())
                            .find(|v| *v != pa && *v != pb)
                            .expect("a triangle has a third vertex")
                    })
                    .expect("an inner face");
                let side = dir.0 * (third.x - pa.x) + dir.1 * (third.y - pa.y);
                let dir = if side > 0.0 { (-dir.0, -dir.1) } else { dir };
                clipped_length((p.x, p.y), dir, 0.0, f64::INFINITY)
            }
            [None, None] => {
                // All points on one line: the border is the whole bisector.
                let mid = ((pa.x + pb.x) / 2.0, (pa.y + pb.y) / 2.0);
                clipped_length(mid, dir, f64::NEG_INFINITY, f64::INFINITY)
            }
        };
        if shared > 1e-9 {
            g.add_edge(a.fix().index(), b.fix().index());
        }
    }
    Some(g)
}

/// Length of `{ p + t·d : t0 ≤ t ≤ t1 }` inside the unit disc.
fn clipped_length(p: (f64, f64), d: (f64, f64), t0: f64, t1: f64) -> f64 {
    let a = d.0 * d.0 + d.1 * d.1;
    if a == 0.0 {
        return 0.0;
    }
    let b = 2.0 * (p.0 * d.0 + p.1 * d.1);
    let c = p.0 * p.0 + p.1 * p.1 - 1.0;
    let disc = b * b - 4.0 * a * c;
    if disc <= 0.0 {
        return 0.0;
    }
    let s = disc.sqrt();
    let (lo, hi) = ((-b - s) / (2.0 * a), (-b + s) / (2.0 * a));
    let (lo, hi) = (lo.max(t0), hi.min(t1));
    if hi <= lo { 0.0 } else { (hi - lo) * a.sqrt() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_are_planar_connected_and_reproducible() {
        for n in [1, 2, 3, 10, 14, 16] {
            for i in 0..20 {
                let g = map_board(n, 1, i);
                assert_eq!(g, map_board(n, 1, i));
                assert!(g.is_connected(), "n = {n}");
                // Planar: at most 3n − 6 edges (n ≥ 3).
                if n >= 3 {
                    assert!(g.m() <= 3 * n - 6, "{}", g.m());
                }
            }
        }
        assert_ne!(map_board(12, 1, 0), map_board(12, 2, 0));
    }

    #[test]
    fn a_square_of_four_touches_only_across() {
        // Four regions around the centre: the cells of opposite points meet only at the
        // centre (a Voronoi vertex shared by four cells), so they are not adjacent.
        let pts =
            [(0.5, 0.0), (0.0, 0.5), (-0.5, 0.0), (0.0, -0.5)].map(|(x, y)| Point2::new(x, y));
        let g = regions(&pts).unwrap();
        assert_eq!(g.m(), 4);
        assert!(!g.has_edge(0, 2) && !g.has_edge(1, 3));
        // Three in a row: the middle one separates the outer two.
        let pts = [(-0.5, 0.0), (0.0, 0.0), (0.5, 0.0)].map(|(x, y)| Point2::new(x, y));
        let g = regions(&pts).unwrap();
        assert_eq!(g, Graph::from_edges(3, &[(0, 1), (1, 2)]));
    }
}

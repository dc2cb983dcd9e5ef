//! Exact canonical keys of shapes with nauty.
//!
//! Vertex labels (and the labels of the loops at a vertex) make the cells of the ordered
//! partition. Edge labels and multiplicities are handled by the layered construction of
//! the nauty User's Guide ("Graphs with edge colours", section 14 of the Guide for nauty
//! 2.8): every pair of adjacent vertices gets a code for the multiset of labels on its
//! edges, the codes are numbered `1..=K` in a fixed order, and the graph given to nauty
//! has `L = bits(K)` layers of the `n` vertices, joined vertically by paths (copy `l` of
//! `v` to copy `l + 1` of `v`), with `u — v` in layer `l` iff bit `l` of their code is
//! set. The partition puts layer 0 first, each layer split by vertex class, so nauty may
//! only map a layer onto itself and, through the vertical paths, with one permutation
//! of the original vertices for all layers. Arcs use nauty's digraph mode (`digraph =
//! TRUE`) with the same layers.
//!
//! Two shapes get equal keys iff some bijection of their vertices preserves vertex
//! labels, and maps the multiset of labelled edges (loops, parallel edges, arc
//! directions included) onto the other's. Tested by property tests in
//! `src/tests/shapes.rs`.

use std::hash::{Hash, Hasher};
use std::os::raw::c_int;

use nauty_Traces_sys as nauty;

use super::shape::Shape;

/// Exact canonical form of a shape: compared exactly, hashed with xxh3.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct ShapeKey(Vec<u64>);

impl Hash for ShapeKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let bytes: Vec<u8> = self.0.iter().flat_map(|w| w.to_le_bytes()).collect();
        state.write_u64(xxhash_rust::xxh3::xxh3_64(&bytes));
    }
}

impl ShapeKey {
    /// A key made of `bytes` (rules that key their positions by a text of their own:
    /// a rules file's boards, by their least image).
    pub fn of_bytes(bytes: &[u8]) -> ShapeKey {
        let mut words = Vec::with_capacity(bytes.len() / 8 + 2);
        push_list(&mut words, bytes);
        ShapeKey(words)
    }

    /// Bytes held on the heap (for memory accounting).
    pub fn heap_bytes(&self) -> usize {
        self.0.capacity() * 8
    }
}

/// The result of labelling a shape: its key, the canonical order of its vertices (vertex
/// `i` of the canonical form is vertex `order[i]` of the shape) and the orbits of its
/// automorphism group (`orbits[v]` is the least vertex of `v`'s orbit).
pub struct Labelled {
    /// The key.
    pub key: ShapeKey,
    /// The canonical order.
    pub order: Vec<usize>,
    /// The orbits.
    pub orbits: Vec<usize>,
}

/// The multiset of labels on the edges of one pair of vertices, sorted.
type Labels = smallvec::SmallVec<[u8; 4]>;

/// Packs a list of small numbers into words, its length first.
fn push_list(words: &mut Vec<u64>, items: &[u8]) {
    words.push(items.len() as u64);
    for chunk in items.chunks(8) {
        let mut w = 0u64;
        for (i, &b) in chunk.iter().enumerate() {
            w |= (b as u64) << (8 * i);
        }
        words.push(w);
    }
}

/// The key of `s` (see the module docs).
pub fn canonical_key(s: &Shape) -> ShapeKey {
    label(s).key
}

/// The canonical order of the vertices of `s` (relabel with [`Shape::relabelled`] to get
/// the canonical form).
pub fn canonical_order(s: &Shape) -> Vec<usize> {
    label(s).order
}

/// Labels `s` with nauty: key, canonical order and orbits.
pub fn label(s: &Shape) -> Labelled {
    let n = s.n();
    // Multisets of labels per adjacent pair (edges are sorted, so runs are per pair and
    // each run's labels are sorted) and per vertex for loops.
    let mut loops: Vec<Vec<u8>> = vec![Vec::new(); n];
    // The labels of a pair inline (no allocation per pair for up to four parallel edges).
    let mut pairs: Vec<((usize, usize), Labels)> = Vec::new();
    for e in s.edges() {
        let (a, b) = (e.a as usize, e.b as usize);
        if a == b {
            loops[a].push(e.label);
        } else {
            match pairs.last_mut() {
                Some((p, l)) if *p == (a, b) => l.push(e.label),
                _ => pairs.push(((a, b), smallvec::smallvec![e.label])),
            }
        }
    }
    // Single labels (no parallel edges, the common case) are sorted and looked up as
    // bytes rather than by comparing lists: the same codes in the same order, without a
    // memcmp per comparison.
    let all_single = pairs.iter().all(|(_, l)| l.len() == 1);
    let mut codes: Vec<&Labels> = pairs.iter().map(|(_, l)| l).collect();
    if all_single {
        codes.sort_unstable_by_key(|c| c[0]);
        codes.dedup_by_key(|c| c[0]);
    } else {
        codes.sort();
        codes.dedup();
    }
    let mut single = [0usize; 256];
    if all_single {
        for (i, c) in codes.iter().enumerate() {
            single[c[0] as usize] = i + 1;
        }
    }
    let code_of = |l: &Labels| {
        if all_single {
            single[l[0] as usize]
        } else {
            codes.binary_search(&l).expect("listed") + 1
        }
    };
    let layers = (usize::BITS - codes.len().leading_zeros()).max(1) as usize;

    // Vertex classes: (label, loop labels), in sorted order.
    // Without loops a class is its label: sorted and looked up as bytes (the same
    // classes in the same order).
    let no_loops = loops.iter().all(|l| l.is_empty());
    let mut classes: Vec<(u8, &Vec<u8>)> = (0..n).map(|v| (s.label(v), &loops[v])).collect();
    if no_loops {
        classes.sort_unstable_by_key(|c| c.0);
        classes.dedup_by_key(|c| c.0);
    } else {
        classes.sort();
        classes.dedup();
    }
    let mut by_label = [0usize; 256];
    if no_loops {
        for (i, (label, _)) in classes.iter().enumerate() {
            by_label[*label as usize] = i;
        }
    }
    let class_of: Vec<usize> = (0..n)
        .map(|v| {
            if no_loops {
                by_label[s.label(v) as usize]
            } else {
                classes
                    .binary_search(&(s.label(v), &loops[v]))
                    .expect("listed")
            }
        })
        .collect();
    let mut header = vec![
        n as u64,
        s.directed() as u64,
        layers as u64,
        classes.len() as u64,
    ];
    let mut class_count = vec![0usize; classes.len()];
    for &c in &class_of {
        class_count[c] += 1;
    }
    for (k, (label, l)) in classes.iter().enumerate() {
        header.push(*label as u64 | (class_count[k] as u64) << 8);
        push_list(&mut header, l);
    }
    header.push(codes.len() as u64);
    for c in &codes {
        push_list(&mut header, c);
    }

    if n == 0 {
        return Labelled {
            key: ShapeKey(header),
            order: Vec::new(),
            orbits: Vec::new(),
        };
    }

    let big = n * layers;
    let m = big.div_ceil(64);
    let mut g: Vec<nauty::graph> = vec![0; big * m];
    let set = |g: &mut [nauty::graph], i: usize, j: usize| {
        g[i * m + j / 64] |= 1u64 << (63 - j % 64);
    };
    for ((a, b), l) in &pairs {
        let code = code_of(l);
        for layer in 0..layers {
            if code >> layer & 1 == 1 {
                set(&mut g, layer * n + a, layer * n + b);
                if !s.directed() {
                    set(&mut g, layer * n + b, layer * n + a);
                }
            }
        }
    }
    for layer in 0..layers - 1 {
        for v in 0..n {
            set(&mut g, layer * n + v, (layer + 1) * n + v);
            set(&mut g, (layer + 1) * n + v, layer * n + v);
        }
    }
    let mut lab: Vec<c_int> = Vec::with_capacity(big);
    let mut ptn: Vec<c_int> = Vec::with_capacity(big);
    let mut by_class: Vec<Vec<usize>> = vec![Vec::new(); classes.len()];
    for v in 0..n {
        by_class[class_of[v]].push(v);
    }
    for layer in 0..layers {
        for cell in &by_class {
            for (i, &v) in cell.iter().enumerate() {
                lab.push((layer * n + v) as c_int);
                ptn.push(if i + 1 == cell.len() { 0 } else { 1 });
            }
        }
    }
    let mut orbits: Vec<c_int> = vec![0; big];
    let mut canong: Vec<nauty::graph> = vec![0; big * m];
    let mut options = nauty::optionblk {
        getcanon: nauty::TRUE,
        defaultptn: nauty::FALSE,
        digraph: if s.directed() {
            nauty::TRUE
        } else {
            nauty::FALSE
        },
        ..Default::default()
    };
    let mut stats = nauty::statsblk::default();
    // SAFETY: g and canong hold big * m words, lab/ptn/orbits big entries, m is the
    // number of setwords per row for big vertices; nauty is built with USE_TLS so
    // concurrent calls from different threads are safe.
    unsafe {
        nauty::densenauty(
            g.as_mut_ptr(),
            lab.as_mut_ptr(),
            ptn.as_mut_ptr(),
            orbits.as_mut_ptr(),
            &mut options,
            &mut stats,
            m as c_int,
            big as c_int,
            canong.as_mut_ptr(),
        );
    }
    assert_eq!(
        stats.errstatus, 0,
        "nauty reported error status {}",
        stats.errstatus
    );
    let order: Vec<usize> = lab[..n].iter().map(|&v| v as usize).collect();
    debug_assert!(order.iter().all(|&v| v < n));
    header.extend_from_slice(&canong);
    Labelled {
        key: ShapeKey(header),
        order,
        orbits: orbits[..n].iter().map(|&o| o as usize).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(labels: &[u8], directed: bool) -> Shape {
        let mut s = Shape::new(labels.len() + 1, directed);
        for (i, &l) in labels.iter().enumerate() {
            s.add_edge(i, i + 1, l);
        }
        s
    }

    #[test]
    fn reversed_paths_agree_and_labels_are_kept_apart() {
        assert_eq!(
            canonical_key(&path(&[0, 1, 1], false)),
            canonical_key(&path(&[1, 1, 0], false))
        );
        assert_ne!(
            canonical_key(&path(&[0, 1, 1], false)),
            canonical_key(&path(&[1, 0, 1], false))
        );
        // Directed: 0→1→2 is not 2→1→0 read the other way unless it is the same digraph.
        let mut fwd = Shape::new(3, true);
        fwd.add_edge(0, 1, 0);
        fwd.add_edge(1, 2, 0);
        let mut out = Shape::new(3, true);
        out.add_edge(1, 0, 0);
        out.add_edge(1, 2, 0);
        let mut back = Shape::new(3, true);
        back.add_edge(2, 1, 0);
        back.add_edge(1, 0, 0);
        assert_eq!(canonical_key(&fwd), canonical_key(&back));
        assert_ne!(canonical_key(&fwd), canonical_key(&out));
    }

    #[test]
    fn parallel_edges_and_loops_count() {
        let mut one = Shape::new(2, false);
        one.add_edge(0, 1, 0);
        let mut two = one.clone();
        two.add_edge(1, 0, 0);
        assert_ne!(canonical_key(&one), canonical_key(&two));
        let mut l0 = one.clone();
        l0.add_edge(0, 0, 1);
        let mut l1 = one.clone();
        l1.add_edge(1, 1, 1);
        assert_eq!(canonical_key(&l0), canonical_key(&l1));
        l1.set_label(0, 1);
        assert_ne!(canonical_key(&l0), canonical_key(&l1));
    }
}

//! Canonical labelling of (vertex-coloured) graphs with nauty, and the exact canonical
//! key used by transposition tables.
//!
//! nauty is called through `nauty-Traces-sys` (`densenauty`, built thread-safe with
//! `USE_TLS`) with buffers owned by a [`Canonizer`] and reused from call to call, so the
//! hot path allocates only when a key is too long for its inline storage (graphs of more
//! than ~20 vertices). Each thread uses its own `Canonizer` (see [`with_canonizer`]).
//!
//! Two coloured graphs get equal [`CanonKey`]s iff some colour-preserving bijection maps
//! one onto the other: the key holds the number of vertices, the number of vertices of
//! each colour and the lower triangle of the canonical adjacency matrix, with colour
//! classes given to nauty as the cells of an ordered partition in colour order. The key
//! is compared exactly; its hash is xxh3 over its words.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::os::raw::c_int;

use nauty_Traces_sys as nauty;
use smallvec::SmallVec;

use super::colouring::Colouring;
use super::graph::{Graph, MAX_VERTICES};
use super::palette::MAX_COLOURS;

/// A permutation of the vertices `0..n` (`p[v]` is the image of `v`).
pub type Perm = [u8; MAX_VERTICES];

/// The largest graphs whose keys fit one `u128` ([`CanonKey::compact`]):
/// 29 header bits and 14 * 13 / 2 = 91 adjacency bits.
pub const COMPACT_MAX_N: usize = 14;

const COMPACT_HEADER_BITS: usize = 5 + 4 * MAX_COLOURS;

const _: () = assert!(COMPACT_HEADER_BITS + COMPACT_MAX_N * (COMPACT_MAX_N - 1) / 2 <= 128);

/// Exact canonical form of a coloured graph, compact and hashable (and ordered, by its
/// words: an arbitrary but fixed order).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct CanonKey(SmallVec<[u64; 4]>);

impl CanonKey {
    /// Number of vertices of the graph this key describes.
    pub fn n(&self) -> usize {
        (self.0[0] & 0xff) as usize
    }

    /// The key as one `u128`, for graphs of at most [`COMPACT_MAX_N`] vertices: 4 bits of
    /// n, the coloured flag, 4 bits per colour count, then the adjacency bits. Distinct
    /// keys of such graphs have distinct compact forms. Keys of vertex-labelled graphs
    /// ([`Canonizer::canonize_labelled`], more header words) have none.
    #[inline]
    pub fn compact(&self) -> Option<u128> {
        let n = self.n();
        if n > COMPACT_MAX_N || self.0.len() != 1 + (n * n.saturating_sub(1) / 2).div_ceil(64) {
            return None;
        }
        let h = self.0[0];
        let mut k = n as u128 | ((h >> 63) as u128) << 4;
        for i in 0..MAX_COLOURS {
            // Counts are at most n < 16.
            k |= (((h >> (8 * (i + 1))) & 0xf) as u128) << (5 + 4 * i);
        }
        let adjacency = self.0.get(1).map_or(0, |&w| w as u128)
            | self.0.get(2).map_or(0, |&w| (w as u128) << 64);
        Some(k | adjacency << COMPACT_HEADER_BITS)
    }

    /// Heap bytes used beyond the inline storage (for memory accounting).
    pub fn heap_bytes(&self) -> usize {
        if self.0.spilled() {
            self.0.capacity() * 8
        } else {
            0
        }
    }

    /// The first word: the number of vertices (8 bits), then for a coloured graph the
    /// number of vertices of each colour label (8 bits each, at most [`MAX_COLOURS`])
    /// and a flag bit telling coloured from uncoloured.
    fn header(n: usize, counts: Option<&[usize]>) -> u64 {
        match counts {
            None => n as u64,
            Some(c) => {
                debug_assert!(c.len() <= MAX_COLOURS);
                c.iter().enumerate().fold(n as u64 | 1 << 63, |h, (i, &k)| {
                    h | (k as u64) << (8 * (i + 1))
                })
            }
        }
    }

    /// Key of a graph that is already in canonical order (rows in our bit order).
    fn from_rows(header: u64, rows: impl Iterator<Item = u64>) -> CanonKey {
        CanonKey::from_parts(&[header], rows)
    }

    /// Key from header words and the rows of a graph in canonical order.
    fn from_parts(header: &[u64], rows: impl Iterator<Item = u64>) -> CanonKey {
        let mut words: SmallVec<[u64; 4]> = SmallVec::new();
        words.extend_from_slice(header);
        let mut acc = 0u64;
        let mut used = 0u32;
        for (i, row) in rows.enumerate() {
            if i == 0 {
                continue;
            }
            // i bits: adjacency of vertex i to vertices 0..i.
            let bits = row & ((1u64 << i) - 1);
            let w = i as u32;
            acc |= bits << used;
            if used + w >= 64 {
                words.push(acc);
                let spill = used + w - 64;
                acc = if spill == 0 { 0 } else { bits >> (w - spill) };
                used = spill;
            } else {
                used += w;
            }
        }
        if used > 0 {
            words.push(acc);
        }
        CanonKey(words)
    }
}

impl Hash for CanonKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let words: &[u64] = &self.0;
        // SAFETY: u64 slice viewed as bytes; alignment of u8 is 1.
        let bytes =
            unsafe { std::slice::from_raw_parts(words.as_ptr() as *const u8, words.len() * 8) };
        state.write_u64(xxhash_rust::xxh3::xxh3_64(bytes));
    }
}

/// A hasher that passes through the single `u64` written by [`CanonKey`]'s `Hash`
/// (which is already an xxh3 digest). Used as the transposition tables' hasher.
#[derive(Default, Clone, Copy)]
pub struct PassThroughHasher(u64);

impl Hasher for PassThroughHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0 = xxhash_rust::xxh3::xxh3_64_with_seed(bytes, self.0);
    }
    fn write_u64(&mut self, x: u64) {
        self.0 ^= x;
    }
}

/// `BuildHasher` for [`PassThroughHasher`].
pub type KeyHasher = std::hash::BuildHasherDefault<PassThroughHasher>;

thread_local! {
    static GENERATORS: RefCell<Vec<Perm>> = const { RefCell::new(Vec::new()) };
    static CANONIZER: RefCell<Canonizer> = RefCell::new(Canonizer::new());
}

unsafe extern "C" fn collect_generator(
    _count: c_int,
    perm: *mut c_int,
    _orbits: *mut c_int,
    _numorbits: c_int,
    _stabvertex: c_int,
    n: c_int,
) {
    let mut p: Perm = [0; MAX_VERTICES];
    // SAFETY: nauty passes a permutation of length n.
    let src = unsafe { std::slice::from_raw_parts(perm, n as usize) };
    for (d, &s) in p.iter_mut().zip(src) {
        *d = s as u8;
    }
    GENERATORS.with(|g| g.borrow_mut().push(p));
}

/// Runs `f` with this thread's [`Canonizer`]. Not re-entrant: `f` must not call
/// `with_canonizer` again (copy what you need out of the canonizer first).
pub fn with_canonizer<T>(f: impl FnOnce(&mut Canonizer) -> T) -> T {
    CANONIZER.with(|c| f(&mut c.borrow_mut()))
}

/// Reusable nauty buffers and the results of the last call.
pub struct Canonizer {
    g: Vec<nauty::graph>,
    canong: Vec<nauty::graph>,
    lab: Vec<c_int>,
    ptn: Vec<c_int>,
    orbits: Vec<c_int>,
    gens: Vec<Perm>,
    n: usize,
    group_size: f64,
}

impl Default for Canonizer {
    fn default() -> Self {
        Self::new()
    }
}

impl Canonizer {
    /// A canonizer with empty buffers.
    pub fn new() -> Canonizer {
        Canonizer {
            g: vec![0; MAX_VERTICES],
            canong: vec![0; MAX_VERTICES],
            lab: vec![0; MAX_VERTICES],
            ptn: vec![0; MAX_VERTICES],
            orbits: vec![0; MAX_VERTICES],
            gens: Vec::new(),
            n: 0,
            group_size: 1.0,
        }
    }

    /// Runs nauty on `g` with the ordered partition whose cells are the non-empty masks
    /// of `cells` (which must partition the vertex set), computing the canonical
    /// labelling, the orbits and (if `generators`) a generating set of the automorphism
    /// group of `g` that preserves each cell.
    pub fn label(&mut self, g: &Graph, cells: &[u64], generators: bool) {
        let n = g.n();
        self.n = n;
        self.gens.clear();
        self.group_size = 1.0;
        if n <= 1 {
            for v in 0..n {
                self.lab[v] = v as c_int;
                self.orbits[v] = v as c_int;
                self.canong[v] = 0;
            }
            return;
        }
        debug_assert_eq!(cells.iter().fold(0, |a, c| a | c), g.vertices());
        let mut i = 0;
        for &cell in cells.iter().filter(|&&c| c != 0) {
            let mut c = cell;
            while c != 0 {
                let v = c.trailing_zeros() as usize;
                c &= c - 1;
                self.lab[i] = v as c_int;
                self.ptn[i] = if c == 0 { 0 } else { 1 };
                i += 1;
            }
        }
        for (dst, &row) in self.g.iter_mut().zip(g.rows()) {
            *dst = row.reverse_bits();
        }
        let mut options = nauty::optionblk {
            getcanon: nauty::TRUE,
            defaultptn: nauty::FALSE,
            userautomproc: if generators {
                Some(collect_generator)
            } else {
                None
            },
            ..Default::default()
        };
        let mut stats = nauty::statsblk::default();
        if generators {
            GENERATORS.with(|g| g.borrow_mut().clear());
        }
        // SAFETY: all buffers hold MAX_VERTICES >= n entries, m = 1 word per row since
        // n <= 64 = WORDSIZE, and nauty is built with USE_TLS so concurrent calls from
        // different threads are safe.
        unsafe {
            nauty::densenauty(
                self.g.as_mut_ptr(),
                self.lab.as_mut_ptr(),
                self.ptn.as_mut_ptr(),
                self.orbits.as_mut_ptr(),
                &mut options,
                &mut stats,
                1,
                n as c_int,
                self.canong.as_mut_ptr(),
            );
        }
        assert_eq!(
            stats.errstatus, 0,
            "nauty reported error status {}",
            stats.errstatus
        );
        if generators {
            GENERATORS.with(|g| std::mem::swap(&mut *g.borrow_mut(), &mut self.gens));
        }
        self.group_size = stats.grpsize1 * 10f64.powi(stats.grpsize2);
    }

    /// The order of the automorphism group found by the last call (of the graph with its
    /// cells), as nauty reports it (`grpsize1 · 10^grpsize2`; exact below 2^53).
    pub fn group_size(&self) -> f64 {
        self.group_size
    }

    /// Canonical key of `g` coloured by `colouring` (uncoloured if `None`). Also leaves
    /// the labelling, orbits and (if asked) generators of the call in the canonizer.
    pub fn canonize(
        &mut self,
        g: &Graph,
        colouring: Option<&Colouring>,
        generators: bool,
    ) -> CanonKey {
        let n = g.n();
        match colouring {
            None => {
                self.label(g, &[g.vertices()], generators);
                self.key(CanonKey::header(n, None))
            }
            Some(col) => {
                let k = col.labels_used();
                let mut cells = [0u64; MAX_COLOURS];
                for (v, &c) in col.colours().iter().enumerate() {
                    cells[c as usize] |= 1 << v;
                }
                self.label(g, &cells[..k], generators);
                let counts = cells.map(|c| c.count_ones() as usize);
                self.key(CanonKey::header(n, Some(&counts[..k])))
            }
        }
    }

    /// Canonical key of `g` whose vertices carry labels (`labels[v]`, values below 2^112):
    /// two labelled graphs get equal keys iff a label-preserving isomorphism maps one onto
    /// the other. The cells given to nauty are the label classes in increasing label
    /// order, and the key holds each class's label and size (two words a class).
    pub fn canonize_labelled(&mut self, g: &Graph, labels: &[u128]) -> CanonKey {
        let n = g.n();
        let mut order: SmallVec<[(u128, u8); 16]> = labels
            .iter()
            .take(n)
            .enumerate()
            .map(|(v, &l)| (l, v as u8))
            .collect();
        order.sort_unstable();
        let mut cells: SmallVec<[u64; 16]> = SmallVec::new();
        let mut header: SmallVec<[u64; 8]> = SmallVec::new();
        header.push(n as u64 | 2 << 62);
        for (i, &(l, v)) in order.iter().enumerate() {
            debug_assert!(l >> 112 == 0, "labels are below 2^112");
            if i == 0 || l != order[i - 1].0 {
                cells.push(0);
                header.extend([l as u64, (l >> 64) as u64]);
            }
            *cells.last_mut().expect("a cell") |= 1 << v;
            *header.last_mut().expect("a size") += 1 << 48;
        }
        self.label(g, &cells, false);
        CanonKey::from_parts(&header, self.canong[..n].iter().map(|r| r.reverse_bits()))
    }

    fn key(&self, header: u64) -> CanonKey {
        CanonKey::from_rows(
            header,
            self.canong[..self.n].iter().map(|r| r.reverse_bits()),
        )
    }

    /// `lab()[i]` is the vertex that gets canonical label `i`.
    pub fn lab(&self) -> &[c_int] {
        &self.lab[..self.n]
    }

    /// `orbits()[v]` is the smallest vertex in the automorphism orbit of `v`.
    pub fn orbits(&self) -> &[c_int] {
        &self.orbits[..self.n]
    }

    /// Mask with one vertex (the smallest) of each orbit.
    pub fn orbit_reps(&self) -> u64 {
        let mut m = 0;
        for (v, &o) in self.orbits().iter().enumerate() {
            if o as usize == v {
                m |= 1 << v;
            }
        }
        m
    }

    /// Generators of the automorphism group found by the last call (if requested).
    pub fn generators(&self) -> &[Perm] {
        &self.gens
    }

    /// Copies the generators of the last call into `into` (replacing its contents).
    pub fn take_generators(&mut self, into: &mut Vec<Perm>) {
        into.clear();
        into.extend_from_slice(&self.gens);
    }
}

/// The canonical form of a (coloured) graph: the graph relabelled so that vertex `i` is
/// the vertex nauty labels `i` (colour classes kept in label order), with its colouring
/// relabelled the same way. Two coloured graphs are isomorphic iff their canonical forms
/// are equal.
pub fn canonical_form(g: &Graph, colouring: Option<&Colouring>) -> (Graph, Option<Colouring>) {
    with_canonizer(|c| {
        c.canonize(g, colouring, false);
        let mut perm = [0usize; MAX_VERTICES];
        for (i, &v) in c.lab().iter().enumerate() {
            perm[v as usize] = i;
        }
        let h = g.relabel(&perm[..g.n()]);
        let col = colouring.map(|col| {
            let mut d = Colouring::uniform(g.n());
            for (v, &p) in perm.iter().enumerate().take(g.n()) {
                d.set(p, col.get(v));
            }
            d
        });
        (h, col)
    })
}

/// The order of the automorphism group of `g` (uncoloured), as nauty reports it.
pub fn automorphism_group_size(g: &Graph) -> f64 {
    with_canonizer(|c| {
        c.label(g, &[g.vertices()], false);
        c.group_size()
    })
}

/// Canonical key of a coloured graph using this thread's canonizer.
pub fn canonical_key(g: &Graph, colouring: Option<&Colouring>) -> CanonKey {
    with_canonizer(|c| c.canonize(g, colouring, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_keys_tell_apart_what_full_keys_do() {
        // Every labelled graph on 5 vertices, uncoloured and with every B/W/G colouring:
        // as many distinct compact forms as distinct keys, each compact form from one key.
        let mut seen = std::collections::HashMap::new();
        let edges: Vec<(usize, usize)> = (0..5)
            .flat_map(|a| (a + 1..5).map(move |b| (a, b)))
            .collect();
        for mask in 0..1u32 << edges.len() {
            let chosen: Vec<_> = (0..edges.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| edges[i])
                .collect();
            let g = Graph::from_edges(5, &chosen);
            let mut keys = vec![canonical_key(&g, None)];
            if mask % 7 == 0 {
                for c in 0..3u32.pow(5) {
                    let mut col = Colouring::uniform(5);
                    for v in 0..5 {
                        col.set(v, (c / 3u32.pow(v as u32) % 3) as u8);
                    }
                    keys.push(canonical_key(&g, Some(&col)));
                }
            }
            for k in keys {
                let compact = k.compact().expect("5 vertices fit");
                assert_eq!(*seen.entry(compact).or_insert_with(|| k.clone()), k);
            }
        }
        assert!(seen.len() > 34 + 1000, "{} classes", seen.len());
        // Vertex-labelled keys never compact.
        let p = Graph::from_edges(3, &[(0, 1), (1, 2)]);
        let k = with_canonizer(|c| c.canonize_labelled(&p, &[1, 2, 1]));
        assert_eq!(k.compact(), None);
    }

    #[test]
    fn isomorphic_graphs_share_keys() {
        let p1 = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3)]);
        let p2 = Graph::from_edges(4, &[(2, 0), (0, 3), (3, 1)]);
        let star = Graph::from_edges(4, &[(0, 1), (0, 2), (0, 3)]);
        assert_eq!(canonical_key(&p1, None), canonical_key(&p2, None));
        assert_ne!(canonical_key(&p1, None), canonical_key(&star, None));
    }

    #[test]
    fn colours_must_be_preserved() {
        use crate::graphs::palette::Palette;
        let p = Graph::from_edges(3, &[(0, 1), (1, 2)]);
        let bwb = Colouring::parse("BWB", 3, &Palette::BWG).unwrap();
        let wbb = Colouring::parse("WBB", 3, &Palette::BWG).unwrap();
        let bbw = Colouring::parse("BBW", 3, &Palette::BWG).unwrap();
        let bwg = Colouring::parse("BWG", 3, &Palette::BWG).unwrap();
        let gwb = Colouring::parse("GWB", 3, &Palette::BWG).unwrap();
        assert_ne!(canonical_key(&p, Some(&bwb)), canonical_key(&p, Some(&wbb)));
        assert_eq!(canonical_key(&p, Some(&wbb)), canonical_key(&p, Some(&bbw)));
        assert_eq!(canonical_key(&p, Some(&bwg)), canonical_key(&p, Some(&gwb)));
        // An uncoloured key differs from an all-B key.
        let bbb = Colouring::uniform(3);
        assert_ne!(canonical_key(&p, None), canonical_key(&p, Some(&bbb)));
    }

    #[test]
    fn orbits_and_generators() {
        // Star K_{1,3}: centre is its own orbit, leaves form one orbit; |Aut| = 6.
        let star = Graph::from_edges(4, &[(0, 1), (0, 2), (0, 3)]);
        with_canonizer(|c| {
            c.canonize(&star, None, true);
            assert_eq!(c.orbit_reps(), 0b0011);
            assert!(!c.generators().is_empty());
            for p in c.generators() {
                assert_eq!(p[0], 0);
            }
        });
    }

    #[test]
    fn long_keys_pack_all_bits() {
        // Two 30-vertex graphs differing in one edge far down the triangle.
        let mut a = Graph::empty(30);
        for v in 0..29 {
            a.add_edge(v, v + 1);
        }
        let mut b = a;
        b.add_edge(0, 29);
        assert_ne!(canonical_key(&a, None), canonical_key(&b, None));
        assert_eq!(canonical_key(&b, None).n(), 30);
    }
}

//! cgt-peer: canonical forms of Cutthroat, Snort, Domineering, Cram, Hackenbush, Konane,
//! Toppling Dominoes, Toads and Frogs, Fission and Amazons positions computed with the cgt
//! crate.
//! Konane, Toppling Dominoes (blue `x` and red `o` only), Toads and Frogs (one strip a
//! line), Fission and Amazons are cgt's own, read from the same grid notation as gamecensus's.
//!
//! Usage: `cgt-peer cutthroat|snort|domineering|cram|hackenbush|konane|toppling-dominoes|toads-and-frogs|fission|amazons [--threads N] [--raw] [--whole] < lines`
//! For Cutthroat and Snort each input line is `GRAPH6 COLOURING` (one letter per vertex in
//! graph6 order: B Left's, W Right's, G both players'; Snort also takes a bare GRAPH6,
//! meaning all G). For Domineering and Cram each line is a board in grid notation (`.`
//! empty, `#` filled, `|` between rows; at most 64 cells in its rectangle).
//! Hackenbush lines are gamecensus's edge lists (`0-1:B,1-2:R,1-1:G`, vertex 0 the ground;
//! cgt has no Hackenbush: its rules are written here on cgt's trait). Each output
//! line is the value, in gamecensus's notation (cgt's own display with `--raw`).
//!
//! Domineering is cgt's own `Domineering` (its grid, moves and decomposition). Cram is
//! written here on cgt's `PartizanGame` trait (both players have every domino placement),
//! so cgt's canonical-form search values it.
//!
//! Cutthroat is implemented here on cgt's `PartizanGame` trait (telling cgt its connected
//! components, unless `--whole`); Snort is cgt's own, which splits into components itself.
//! One cgt `ParallelTranspositionTable` (keyed by the labelled position) serves the run.

use cgt::graph::{Graph, VertexIndex, adjacency_matrix::undirected::UndirectedGraph};
use cgt::grid::small_bit_grid::SmallBitGrid;
use cgt::short::partizan::{
    canonical_form::CanonicalForm,
    games::amazons::Amazons,
    games::domineering::Domineering,
    games::fission::Fission,
    games::konane::Konane,
    games::toads_and_frogs::ToadsAndFrogs,
    games::toppling_dominoes::{Tile as Topple, TopplingDominoes},
    games::snort::{Snort, VertexColor, VertexKind},
    partizan_game::PartizanGame,
    transposition_table::ParallelTranspositionTable,
};
use std::io::{BufRead, BufWriter, Write};
use std::time::Instant;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Colour {
    B,
    W,
    G,
}

impl Colour {
    fn left_owns(self) -> bool {
        self != Colour::W
    }

    fn right_owns(self) -> bool {
        self != Colour::B
    }
}

type Coloured = UndirectedGraph<Colour>;

/// A Cutthroat position (McCurdy & Nowakowski 2005): a labelled B/W/G graph with no
/// monochromatic connected component. Left removes a B or G vertex, Right a W or G one.
/// `SPLIT`: whether cgt is told the position's connected components (`decompositions`);
/// without it (`--whole`) cgt searches the whole labelled position, as a plain program
/// over cgt that does not implement `decompositions` would.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Cutthroat<const SPLIT: bool> {
    graph: Coloured,
}

impl<const SPLIT: bool> Cutthroat<SPLIT> {
    /// The position `graph` once its monochromatic components are removed.
    fn new(mut graph: Coloured) -> Self {
        let mut gone: Vec<VertexIndex> = components(&graph)
            .into_iter()
            .filter(|c| {
                c.iter()
                    .all(|&v| graph.get_vertex(v) == graph.get_vertex(c[0]))
            })
            .flatten()
            .collect();
        graph.remove_vertices(&mut gone);
        Self { graph }
    }

    fn moves(&self, owns: fn(Colour) -> bool) -> Vec<Self> {
        self.graph
            .vertex_indices()
            .filter(|&v| owns(*self.graph.get_vertex(v)))
            .map(|v| {
                let mut rest = self.graph.clone();
                rest.remove_vertex(v);
                Self::new(rest)
            })
            .collect()
    }
}

impl<const SPLIT: bool> PartizanGame for Cutthroat<SPLIT> {
    fn left_moves(&self) -> Vec<Self> {
        self.moves(Colour::left_owns)
    }

    fn right_moves(&self) -> Vec<Self> {
        self.moves(Colour::right_owns)
    }

    /// The connected components (none of them is monochromatic).
    fn decompositions(&self) -> Vec<Self> {
        let comps = components(&self.graph);
        if !SPLIT || comps.len() <= 1 {
            return vec![self.clone()];
        }
        comps
            .iter()
            .map(|c| Self {
                graph: induced(&self.graph, c),
            })
            .collect()
    }
}

/// The vertex sets of the connected components of `g`.
fn components<V: Clone>(g: &UndirectedGraph<V>) -> Vec<Vec<VertexIndex>> {
    let mut seen = vec![false; g.size()];
    let mut comps = Vec::new();
    for start in g.vertex_indices() {
        if seen[start.index] {
            continue;
        }
        seen[start.index] = true;
        let mut comp = vec![start];
        let mut i = 0;
        while i < comp.len() {
            for u in g.adjacent_to(comp[i]) {
                if !seen[u.index] {
                    seen[u.index] = true;
                    comp.push(u);
                }
            }
            i += 1;
        }
        comps.push(comp);
    }
    comps
}

/// The subgraph of `g` induced by `vs`, relabelled `0..vs.len()`.
fn induced<V: Clone>(g: &UndirectedGraph<V>, vs: &[VertexIndex]) -> UndirectedGraph<V> {
    let labels: Vec<V> = vs.iter().map(|&v| g.get_vertex(v).clone()).collect();
    let mut h = UndirectedGraph::empty(&labels);
    for (i, &u) in vs.iter().enumerate() {
        for (j, &v) in vs.iter().enumerate().skip(i + 1) {
            if g.are_adjacent(u, v) {
                h.connect(VertexIndex { index: i }, VertexIndex { index: j }, true);
            }
        }
    }
    h
}

/// Parses `GRAPH6 [COLOURING]` (graph6 of at most 62 vertices); no colouring = all G,
/// if `uncoloured` allows it.
fn parse_line(line: &str, uncoloured: bool) -> Result<Coloured, String> {
    let mut fields = line.split_whitespace();
    let g6 = fields.next().ok_or("empty line")?.as_bytes();
    if g6.iter().any(|&b| !(63..=126).contains(&b)) || g6[0] > 125 {
        return Err("not graph6 (or more than 62 vertices)".into());
    }
    let n = (g6[0] - 63) as usize;
    let bits = n * n.saturating_sub(1) / 2;
    if g6.len() != 1 + bits.div_ceil(6) {
        return Err(format!(
            "graph6 of {n} vertices must have {} characters",
            1 + bits.div_ceil(6)
        ));
    }
    let colours: Vec<Colour> = match fields.next() {
        None if uncoloured => vec![Colour::G; n],
        None => return Err("a colouring is required".into()),
        Some(c) => c
            .chars()
            .map(|ch| match ch {
                'B' => Ok(Colour::B),
                'W' => Ok(Colour::W),
                'G' => Ok(Colour::G),
                _ => Err(format!("colour {ch:?} is not B, W or G")),
            })
            .collect::<Result<_, _>>()?,
    };
    if colours.len() != n || fields.next().is_some() {
        return Err(format!("expected GRAPH6 and {n} colour letters"));
    }
    let mut g = UndirectedGraph::empty(&colours);
    let mut k = 0;
    for j in 1..n {
        for i in 0..j {
            if (g6[1 + k / 6] - 63) >> (5 - k % 6) & 1 == 1 {
                g.connect(VertexIndex { index: i }, VertexIndex { index: j }, true);
            }
            k += 1;
        }
    }
    Ok(g)
}

/// `g` in gamecensus's value notation: cgt writes number-up-star sums the same way
/// (`3/4`, `*2`, `^2`, `v*`, `1/2^*`), but lists options in its own order, so here the
/// options of `{L|R}` are sorted by their notation.
fn notation(g: &CanonicalForm) -> String {
    if g.is_number_up_star() {
        return g.to_string();
    }
    let side = |opts: Vec<String>| {
        let mut opts = opts;
        opts.sort_unstable();
        opts.join(", ")
    };
    let left = side(g.left_moves().map(|o| notation(&o)).collect());
    let right = side(g.right_moves().map(|o| notation(&o)).collect());
    format!("{{{left}|{right}}}")
}

/// Reads every `GRAPH6 COLOURING` line, prints every value; returns (positions,
/// transposition table size).
fn run<G: PartizanGame>(
    position: impl Fn(Coloured) -> Result<G, String>,
    uncoloured: bool,
    raw: bool,
) -> Result<(usize, usize), String> {
    run_lines(|line| parse_line(line, uncoloured).and_then(&position), raw)
}

/// Reads every line, parses it with `position`, prints every value; returns (positions,
/// transposition table size).
fn run_lines<G: PartizanGame>(
    position: impl Fn(&str) -> Result<G, String>,
    raw: bool,
) -> Result<(usize, usize), String> {
    let table = ParallelTranspositionTable::new();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut count = 0;
    for (no, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        if line.trim().is_empty() {
            continue;
        }
        let g = position(line.trim()).map_err(|e| format!("line {}: {e}: {line:?}", no + 1))?;
        let value = g.canonical_form(&table);
        let text = if raw {
            value.to_string()
        } else {
            notation(&value)
        };
        writeln!(out, "{text}").map_err(|e| e.to_string())?;
        count += 1;
    }
    out.flush().map_err(|e| e.to_string())?;
    Ok((count, table.len()))
}

fn cutthroat(g: Coloured) -> Result<Cutthroat<true>, String> {
    Ok(Cutthroat::new(g))
}

fn cutthroat_whole(g: Coloured) -> Result<Cutthroat<false>, String> {
    Ok(Cutthroat::new(g))
}

/// cgt's Snort with our colours as its tints: cgt lets Left play on `Empty` and
/// `TintLeft` vertices, Right on `Empty` and `TintRight` ones.
fn snort(g: Coloured) -> Result<Snort<VertexKind, UndirectedGraph<VertexKind>>, String> {
    Ok(Snort::new(g.map(|c| {
        VertexKind::Single(match c {
            Colour::B => VertexColor::TintLeft,
            Colour::W => VertexColor::TintRight,
            Colour::G => VertexColor::Empty,
        })
    })))
}

/// cgt's Domineering on a board in grid notation.
/// cgt's own Konane, from its grid notation (`x`, `o`, `.`, `#`, rows separated by `|`).
fn konane(line: &str) -> Result<Konane, String> {
    line.parse::<Konane>().map_err(|e| format!("not a board: {e}"))
}

/// cgt's own Amazons, from its grid notation (`x`, `o`, `.`, `#` a burnt cell).
fn amazons(line: &str) -> Result<Amazons, String> {
    line.parse::<Amazons>().map_err(|e| format!("not a board: {e}"))
}

/// cgt's own Fission, from its grid notation (`x`, `.`, `#`).
fn fission(line: &str) -> Result<Fission, String> {
    line.parse::<Fission>().map_err(|e| format!("not a board: {e}"))
}

/// cgt's own Toads and Frogs: one strip of `T`, `F` and `.`.
fn toads_and_frogs(line: &str) -> Result<ToadsAndFrogs, String> {
    line.parse::<ToadsAndFrogs>()
        .map_err(|()| "not a strip of T, F and .".to_string())
}

/// cgt's own Toppling Dominoes (blue `x` and red `o`; no grey): rows separated by `|`,
/// each a row of its own.
fn toppling_dominoes(line: &str) -> Result<TopplingDominoes, String> {
    let rows = line
        .split('|')
        .map(|row| {
            let tiles: Vec<Topple> = row
                .chars()
                .map(|c| match c {
                    'x' => Ok(Topple::Blue),
                    'o' => Ok(Topple::Red),
                    _ => Err(format!("{c:?} is not a blue (x) or red (o) domino")),
                })
                .collect::<Result<_, _>>()?;
            SmallBitGrid::from_arr(tiles.len() as u8, 1, &tiles).map_err(|e| format!("{e:?}"))
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(TopplingDominoes::new(rows))
}

fn domineering(line: &str) -> Result<Domineering, String> {
    line.parse::<Domineering>()
        .map_err(|e| format!("not a board: {e}"))
}

/// A Cram position: a grid of at most 64 cells, bit `y * width + x` set for a filled cell.
/// Either player places a domino either way on two adjacent empty cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Cram {
    width: usize,
    height: usize,
    filled: u64,
}

impl Cram {
    fn parse(line: &str) -> Result<Self, String> {
        let rows: Vec<&str> = line.split('|').collect();
        let width = rows[0].len();
        let height = rows.len();
        if width == 0 || width * height > 64 || rows.iter().any(|r| r.len() != width) {
            return Err("not a board of equal rows with at most 64 cells".into());
        }
        let mut filled = 0u64;
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                match ch {
                    '.' => {}
                    '#' => filled |= 1 << (y * width + x),
                    _ => return Err(format!("{ch:?} is not . or #")),
                }
            }
        }
        Ok(Self {
            width,
            height,
            filled,
        })
    }

    fn empty(&self, x: usize, y: usize) -> bool {
        self.filled >> (y * self.width + x) & 1 == 0
    }

    fn place(&self, a: (usize, usize), b: (usize, usize)) -> Self {
        let bit = |(x, y): (usize, usize)| 1u64 << (y * self.width + x);
        Self {
            filled: self.filled | bit(a) | bit(b),
            ..*self
        }
    }

    fn moves(&self) -> Vec<Self> {
        let mut out = Vec::new();
        for y in 0..self.height {
            for x in 0..self.width {
                if !self.empty(x, y) {
                    continue;
                }
                if x + 1 < self.width && self.empty(x + 1, y) {
                    out.push(self.place((x, y), (x + 1, y)));
                }
                if y + 1 < self.height && self.empty(x, y + 1) {
                    out.push(self.place((x, y), (x, y + 1)));
                }
            }
        }
        out
    }
}

impl PartizanGame for Cram {
    fn left_moves(&self) -> Vec<Self> {
        self.moves()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.moves()
    }
}

/// A Hackenbush position: edges `(a, b, colour)` with `a <= b`, vertex 0 the ground,
/// colour 0 blue (Left cuts), 1 red (Right cuts), 2 green (either); sorted, so equal
/// edge lists are equal positions (no relabelling of vertices). A cut drops every edge no
/// longer joined to the ground. Written here on cgt's `PartizanGame` trait, telling cgt
/// the parts that hang from the ground separately (`decompositions`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Hackenbush {
    edges: Vec<(u16, u16, u8)>,
}

impl Hackenbush {
    fn parse(line: &str) -> Result<Self, String> {
        if line == "0" {
            return Ok(Self { edges: Vec::new() });
        }
        let mut edges = Vec::new();
        for item in line.split(',') {
            let (ends, colour) = item.split_once(':').ok_or("an edge without :C")?;
            let (a, b) = ends.split_once('-').ok_or("an edge without a-b")?;
            let a: u16 = a.trim().parse().map_err(|_| "not a vertex number")?;
            let b: u16 = b.trim().parse().map_err(|_| "not a vertex number")?;
            let c = match colour.trim() {
                "B" => 0,
                "R" => 1,
                "G" => 2,
                _ => return Err("a colour other than B, R, G".into()),
            };
            edges.push((a.min(b), a.max(b), c));
        }
        Ok(Self::grounded(edges))
    }

    /// The edges still joined to the ground, sorted.
    fn grounded(mut edges: Vec<(u16, u16, u8)>) -> Self {
        let n = edges.iter().map(|e| e.1 as usize + 1).max().unwrap_or(1);
        let mut seen = vec![false; n];
        seen[0] = true;
        loop {
            let mut grew = false;
            for &(a, b, _) in &edges {
                let (a, b) = (a as usize, b as usize);
                if seen[a] != seen[b] {
                    seen[a] = true;
                    seen[b] = true;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        edges.retain(|e| seen[e.0 as usize]);
        edges.sort_unstable();
        Self { edges }
    }

    fn moves(&self, cuts: impl Fn(u8) -> bool) -> Vec<Self> {
        (0..self.edges.len())
            .filter(|&i| cuts(self.edges[i].2))
            .map(|i| {
                let mut rest = self.edges.clone();
                rest.remove(i);
                Self::grounded(rest)
            })
            .collect()
    }
}

impl PartizanGame for Hackenbush {
    fn left_moves(&self) -> Vec<Self> {
        self.moves(|c| c != 1)
    }

    fn right_moves(&self) -> Vec<Self> {
        self.moves(|c| c != 0)
    }

    fn decompositions(&self) -> Vec<Self> {
        // Union the ends of every edge off the ground; a loop at the ground is a part.
        let n = self
            .edges
            .iter()
            .map(|e| e.1 as usize + 1)
            .max()
            .unwrap_or(1);
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        for &(a, b, _) in &self.edges {
            if a != 0 {
                let (ra, rb) = (find(&mut parent, a as usize), find(&mut parent, b as usize));
                parent[ra.max(rb)] = ra.min(rb);
            }
        }
        let mut parts: std::collections::BTreeMap<usize, Vec<(u16, u16, u8)>> = Default::default();
        for (i, &(a, b, c)) in self.edges.iter().enumerate() {
            let key = if b == 0 {
                n + i // a loop at the ground
            } else {
                find(&mut parent, b as usize)
            };
            parts.entry(key).or_default().push((a, b, c));
        }
        if parts.len() <= 1 {
            return vec![self.clone()];
        }
        parts.into_values().map(|edges| Self { edges }).collect()
    }
}

const USAGE: &str = "usage: cgt-peer cutthroat|snort|domineering|cram|hackenbush|konane|toppling-dominoes|toads-and-frogs|fission|amazons [--threads N] [--raw] [--whole] < 'GRAPH6 COLOURING' or board lines";

fn main() {
    let mut game = None;
    let mut threads = 1usize;
    let mut raw = false;
    let mut whole = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "cutthroat" | "snort" | "domineering" | "cram" | "hackenbush" | "konane"
            | "toppling-dominoes" | "toads-and-frogs" | "fission" | "amazons"
                if game.is_none() =>
            {
                game = Some(a)
            }
            "--raw" => raw = true,
            "--whole" => whole = true,
            "--threads" => match args.next().and_then(|t| t.parse().ok()) {
                Some(t) if t >= 1 => threads = t,
                _ => fail("--threads takes a positive integer"),
            },
            "-h" | "--help" => {
                println!("{USAGE}");
                return;
            }
            _ => fail(&format!("unexpected argument {a:?}\n{USAGE}")),
        }
    }
    let Some(game) = game else { fail(USAGE) };

    let start = Instant::now();
    let work = || match game.as_str() {
        "cutthroat" if whole => run(cutthroat_whole, false, raw),
        "cutthroat" => run(cutthroat, false, raw),
        "domineering" => run_lines(domineering, raw),
        "cram" => run_lines(Cram::parse, raw),
        "hackenbush" => run_lines(Hackenbush::parse, raw),
        "konane" => run_lines(konane, raw),
        "toppling-dominoes" => run_lines(toppling_dominoes, raw),
        "toads-and-frogs" => run_lines(toads_and_frogs, raw),
        "fission" => run_lines(fission, raw),
        "amazons" => run_lines(amazons, raw),
        _ => run(snort, true, raw),
    };
    #[cfg(feature = "rayon")]
    let result = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())
        .and_then(|pool| pool.install(work));
    #[cfg(not(feature = "rayon"))]
    let result = if threads == 1 {
        work()
    } else {
        Err("built without the rayon feature: only --threads 1".into())
    };
    match result {
        Ok((count, table)) => eprintln!(
            "cgt-peer {game}: {count} positions, {:.3} s wall, {threads} thread(s), {table} positions in the transposition table",
            start.elapsed().as_secs_f64()
        ),
        Err(e) => fail(&e),
    }
}

fn fail(msg: &str) -> ! {
    eprintln!("cgt-peer: {msg}");
    std::process::exit(2)
}

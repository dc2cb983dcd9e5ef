//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod cli;
pub mod csvs;
pub mod procs;

use std::collections::HashMap;
use std::process::{Command, Stdio};

use gamecensus::graphs::palette::Palette;
use gamecensus::graphs::{
    Bits, CanonKey, Colouring, Graph, Position, PositionSource, PositionSpec, Shard,
};
use gamecensus::rules::shape_rules::{Kind, Player, ShapedRules};
use gamecensus::shapes::Shape;
use gamecensus::values::Outcome;
use gamecensus::values::game::GameId;
use proptest::prelude::*;

/// Runs a nauty tool from Debian's `nauty` package (installed by scripts/setup.sh).
/// A missing tool fails the test: these tests compare against the real nauty.
pub fn nauty(tool: &str, args: &[&str], stdin: Option<&[u8]>) -> String {
    let name = format!("nauty-{tool}");
    let mut child = Command::new(&name)
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("{name} not found ({e}); run scripts/setup.sh to install Debian's nauty")
        });
    if let Some(input) = stdin {
        use std::io::Write;
        let mut pipe = child.stdin.take().unwrap();
        pipe.write_all(input).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{name} failed");
    String::from_utf8(out.stdout).unwrap()
}

/// Every position of a spec, in order.
pub fn positions(spec: PositionSpec) -> Vec<Position> {
    positions_in(spec, Shard::WHOLE)
}

pub fn positions_in(spec: PositionSpec, shard: Shard) -> Vec<Position> {
    let src = PositionSource::new(spec).unwrap();
    let mut out = Vec::new();
    for u in src.units(shard) {
        src.expand(u, &mut |p| out.push(*p));
    }
    out
}

pub fn key(p: &Position) -> CanonKey {
    gamecensus::graphs::canonical_key(&p.graph, p.colouring.as_ref())
}

pub fn all_graphs(n: usize, connected: bool) -> Vec<Graph> {
    positions(PositionSpec {
        family: gamecensus::graphs::families::Family::All,
        min_vertices: n,
        max_vertices: n,
        connected,
        colours: 0,
    })
    .into_iter()
    .map(|p| p.graph)
    .collect()
}

pub fn coloured(g: Graph, c: &str) -> Position {
    Position {
        graph: g,
        colouring: Some(Colouring::parse(c, g.n(), &Palette::BWG).unwrap()),
    }
}

/// The disjoint union of two coloured graphs (the second's vertices after the first's).
pub fn disjoint_union(a: (&Graph, &Colouring), b: (&Graph, &Colouring)) -> (Graph, Colouring) {
    let (na, nb) = (a.0.n(), b.0.n());
    let mut g = *a.0;
    let mut c = Colouring::uniform(na + nb);
    for v in 0..na {
        c.set(v, a.1.get(v));
    }
    for v in 0..nb {
        let nbrs = b.0.neighbours(v) & ((1u64 << v) - 1);
        let mut mask = 0;
        for u in Bits(nbrs) {
            mask |= 1 << (na + u);
        }
        g.add_vertex(mask);
        c.set(na + v, b.1.get(v));
    }
    (g, c)
}

/// Random graphs on 1..=max_n vertices (each edge present with probability 1/2).
pub fn graph(max_n: usize) -> impl Strategy<Value = Graph> {
    (1..=max_n).prop_flat_map(|n| {
        proptest::collection::vec(any::<bool>(), n * (n - 1) / 2).prop_map(move |bits| {
            let mut g = Graph::empty(n);
            let mut k = 0;
            for j in 1..n {
                for i in 0..j {
                    if bits[k] {
                        g.add_edge(i, j);
                    }
                    k += 1;
                }
            }
            g
        })
    })
}

/// Random B/W/G-coloured graphs on 1..=max_n vertices.
pub fn coloured_graph(max_n: usize) -> impl Strategy<Value = (Graph, Colouring)> {
    graph(max_n).prop_flat_map(|g| {
        let n = g.n();
        proptest::collection::vec(0u8..3, n).prop_map(move |c| {
            let s: String = c.iter().map(|&x| ['B', 'W', 'G'][x as usize]).collect();
            (g, Colouring::parse(&s, n, &Palette::BWG).unwrap())
        })
    })
}

/// McCurdy & Nowakowski's published facts about the Cutthroat star •(n, m) (black
/// centre, n black and m white leaves; RULES.md), checked on its value `v`:
/// Table 1 outcomes, Lemma 1 values and Table 3 / Lemma 4 atomic weights.
pub fn check_cutthroat_star(n: usize, m: usize, v: GameId) {
    // Table 1: m = 0 -> P, m = 1 -> N, m >= 2 -> L.
    let want = match m {
        0 => Outcome::P,
        1 => Outcome::N,
        _ => Outcome::L,
    };
    assert_eq!(v.outcome(), want, "outcome of star({n},{m}) = {v}");
    // Lemma 1: •(0, m) = (m−1)·↑ + m·*, •(1, m) = m·↑ + m·* (m ≥ 1).
    let mstar = GameId::nimber((m % 2) as u32);
    if n == 0 && m >= 1 {
        assert_eq!(v, GameId::ups(m as i32 - 1) + mstar, "star(0,{m})");
    }
    if n == 1 && m >= 1 {
        assert_eq!(v, GameId::ups(m as i32) + mstar, "star(1,{m})");
    }
    // Table 3 / Lemma 4: aw(•(0,0)) = 0, aw(•(0,m)) = m − 1, aw(•(n,m)) = m (n ≥ 1).
    let aw = if n == 0 { m.saturating_sub(1) } else { m } as i32;
    assert_eq!(
        v.atomic_weight().unwrap(),
        Some(GameId::integer(aw)),
        "aw of star({n},{m}) = {v}"
    );
}

/// The paper's worked examples, given the star values `star(n, m)`:
/// A = {0, ↑*|0} = •(2,1), •(2,2) = {0|A}, •(3,1) = {0, A|0}.
pub fn check_cutthroat_star_examples(star: impl Fn(usize, usize) -> GameId) {
    let z = GameId::zero();
    let a = GameId::from_options(&[z, GameId::ups(1) + GameId::nimber(1)], &[z]).unwrap();
    assert_eq!(star(2, 1), a);
    assert_eq!(star(2, 2), GameId::from_options(&[z], &[a]).unwrap());
    assert_eq!(star(3, 1), GameId::from_options(&[z, a], &[z]).unwrap());
}

/// Games built from `leaves` by up to `depth` levels of `{L | R}`, with `min` to 2
/// options a side.
pub fn games_from(leaves: Vec<GameId>, depth: u32, min: usize) -> impl Strategy<Value = GameId> {
    proptest::sample::select(leaves).prop_recursive(depth, 48, 3, move |inner| {
        (
            proptest::collection::vec(inner.clone(), min..3),
            proptest::collection::vec(inner, min..3),
        )
            .prop_map(|(l, r)| GameId::from_options(&l, &r).unwrap())
    })
}

/// Leaves the complete CSV `csv` (written by `gamecensus run`) as a run killed (SIGKILL)
/// after writing `cut` bytes would, right after a sidecar update that recorded the whole
/// rows before the cut: the file cut there, maybe in the middle of a row, and the sidecar
/// vouching for those rows (a shard's list of units holding the units they complete).
pub fn kill_after(csv: &std::path::Path, cut: usize) {
    let full = std::fs::read(csv).unwrap();
    std::fs::write(csv, &full[..cut]).unwrap();
    // The sidecar vouches for the whole rows before the cut, as the last update before
    // the kill did; what follows them (a torn row) is cut on resume.
    let keep = full[..cut].iter().rposition(|&b| b == b'\n').unwrap() + 1;
    let rows = full[..keep].iter().filter(|&&b| b == b'\n').count() as u64 - 1;
    let meta = format!("{}.meta.json", csv.display());
    let mut side: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&meta).unwrap()).unwrap();
    side["complete"] = false.into();
    side["rows"] = rows.into();
    side["bytes"] = keep.into();
    side["checksum"] = format!("{:016x}", xxhash_rust::xxh3::xxh3_64(&full[..keep])).into();
    side["summary"] = serde_json::Value::Null;
    if let Some(units) = side.get("units").and_then(|u| u["rows"].as_str()) {
        let units = units.to_string();
        // The units that end within those rows.
        let mut total = 0;
        let whole: Vec<&str> = units
            .split_ascii_whitespace()
            .take_while(|u| {
                total += u.parse::<u64>().unwrap();
                total <= rows
            })
            .collect();
        side["units"] = serde_json::json!({ "rows": whole.join(" ") });
    }
    std::fs::write(meta, side.to_string()).unwrap();
}

/// A board in CGSuite's grid notation from its cells row by row, `columns` to a row:
/// `.` where `empty` is true, `#` where it is false.
pub fn board_text(columns: usize, empty: &[bool]) -> String {
    empty
        .chunks(columns)
        .map(|r| {
            r.iter()
                .map(|&e| if e { '.' } else { '#' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// The value of `s` by the definition, from its options alone (no table, no parts, no
/// theorem): the mex of the options' nim-values for impartial rules, `{ left options |
/// right options }` in canonical form for partizan ones.
pub fn by_definition(r: &dyn ShapedRules, s: &Shape, memo: &mut HashMap<Shape, GameId>) -> GameId {
    if let Some(&v) = memo.get(s) {
        return v;
    }
    let side = |p: Player, memo: &mut HashMap<Shape, GameId>| {
        let mut moves = Vec::new();
        r.moves(s, p, &mut moves);
        moves
            .iter()
            .map(|m| by_definition(r, &m.after, memo))
            .collect::<Vec<_>>()
    };
    let v = match r.kind() {
        Kind::Impartial => {
            let nims: Vec<u32> = side(Player::Left, memo)
                .iter()
                .map(|v| v.as_nus().expect("a nimber").nim)
                .collect();
            GameId::nimber((0..).find(|k| !nims.contains(k)).expect("a mex"))
        }
        Kind::Partizan => {
            let (l, r) = (side(Player::Left, memo), side(Player::Right, memo));
            GameId::from_options(&l, &r).expect("small values")
        }
    };
    memo.insert(s.clone(), v);
    v
}

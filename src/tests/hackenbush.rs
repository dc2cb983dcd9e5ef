//! Hackenbush against the theorems and rules of thumb of the books, each implemented here
//! independently of the ruleset:
//! - n blue edges are worth n, and exchanging blue and red negates (the course notes;
//!   Winning Ways ch. 1; Lessons in Play ch. 2);
//! - a Blue-Red stalk is worth what Berlekamp's sign-expansion rule says (Winning Ways
//!   ch. 1 "Hackenbush Strings"; Lessons in Play ch. 3; /work/shared/reference/RULES.md);
//! - every Blue-Red position is a number (Winning Ways ch. 1; Lessons in Play ch. 3);
//! - a green stalk of n edges is *n, green trees follow the colon principle and green
//!   graphs the fusion principle (Winning Ways ch. 7 "Green Hackenbush"; Lessons in Play
//!   ch. 7);
//! - the solver (parts, table, mirror) agrees with a plain recursion over edge lists that
//!   cuts and drops what falls on its own;
//! - the census lists, by vertices, exactly as many positions as nauty's own pipeline
//!   `geng -c | vcolg -T -m2 -c1,<n-1> | multig -V -m3` (issue #31: 3, 33, 751, 47181 for
//!   2..5 vertices), and by edges as many as the same pipeline with the edge count fixed.

use std::collections::{HashMap, HashSet};
use std::process::Command;

use gamecensus::rules::hackenbush::{
    BLUE, GREEN, GROUND, Hackenbush, RED, coloured_graphs, grounded_graphs,
};
use gamecensus::rules::shape_rules::ShapedRules;
use gamecensus::rules::{RULESETS, Ruleset};
use gamecensus::shapes::{Shape, canonical_key};
use gamecensus::solving::shape_solver::ShapedSolver;
use gamecensus::values::dyadic::Dyadic;
use gamecensus::values::game::GameId;
use proptest::prelude::*;

static H: Hackenbush = Hackenbush;

fn value(text: &str) -> GameId {
    let s = H.parse(text).unwrap();
    ShapedSolver::new(&H).value(&s).unwrap()
}

fn shape_value(s: &Shape) -> GameId {
    ShapedSolver::new(&H).value(s).unwrap()
}

/// An edge list in our notation.
fn notation(edges: &[(usize, usize, u8)]) -> String {
    if edges.is_empty() {
        return "0".into();
    }
    edges
        .iter()
        .map(|&(a, b, c)| format!("{a}-{b}:{}", ['B', 'R', 'G'][c as usize]))
        .collect::<Vec<_>>()
        .join(",")
}

/// The stalk of the colours `word`, bottom first.
fn stalk(word: &[u8]) -> String {
    let edges: Vec<(usize, usize, u8)> = word
        .iter()
        .enumerate()
        .map(|(i, &c)| (i, i + 1, c))
        .collect();
    notation(&edges)
}

#[test]
fn registered() {
    assert!(
        RULESETS
            .iter()
            .any(|r| matches!(r, Ruleset::Shaped(s) if s.name() == "hackenbush"))
    );
}

#[test]
fn n_blue_edges_are_n_and_n_red_ones_minus_n() {
    // Course notes; Winning Ways ch. 1: each blue edge on the ground is a free move for Left.
    for n in 0..=8usize {
        let apart: Vec<(usize, usize, u8)> = (1..=n).map(|v| (0, v, BLUE)).collect();
        assert_eq!(
            value(&notation(&apart)),
            GameId::integer(n as i32),
            "{n} apart"
        );
        assert_eq!(value(&stalk(&vec![BLUE; n])), GameId::integer(n as i32));
        assert_eq!(value(&stalk(&vec![RED; n])), GameId::integer(-(n as i32)));
    }
}

/// Berlekamp's sign expansion, as Winning Ways ch. 1 states it: the edges of the colour of
/// the bottom edge up to the first change of colour count 1 each (for their player), every
/// edge from the first change on counts half the one below it. Exact, as n / 2^k.
fn sign_expansion(word: &[u8]) -> (i128, u32) {
    let sign = |c: u8| if c == BLUE { 1i128 } else { -1 };
    let k = word.len() as u32;
    let unit = 1i128 << k;
    let mut total = 0i128;
    let mut i = 0;
    while i < word.len() && word[i] == word[0] {
        total += sign(word[i]) * unit;
        i += 1;
    }
    let mut step = unit;
    for &c in &word[i..] {
        step /= 2;
        total += sign(c) * step;
    }
    (total, k)
}

#[test]
fn blue_red_stalks_follow_the_sign_expansion() {
    // Winning Ways ch. 1: blue, blue, red is 3/2; blue, red, blue is 3/4 (RULES.md).
    assert_eq!(
        value(&stalk(&[BLUE, BLUE, RED])),
        GameId::number(Dyadic::new(3, 1).unwrap())
    );
    assert_eq!(
        value(&stalk(&[BLUE, RED, BLUE])),
        GameId::number(Dyadic::new(3, 2).unwrap())
    );
    let solver = ShapedSolver::new(&H);
    for len in 1..=9u32 {
        for bits in 0..1u32 << len {
            let word: Vec<u8> = (0..len)
                .map(|i| if bits >> i & 1 == 1 { RED } else { BLUE })
                .collect();
            let (num, exp) = sign_expansion(&word);
            let want = GameId::number(Dyadic::new(num, exp).unwrap());
            let s = H.parse(&stalk(&word)).unwrap();
            assert_eq!(solver.value(&s).unwrap(), want, "stalk {word:?}");
        }
    }
}

#[test]
fn green_stalks_are_nimbers_and_the_grundy_column_says_so() {
    // Winning Ways ch. 7: a green stalk of n edges is the nim-heap *n.
    let solver = ShapedSolver::new(&H);
    for n in 0..=8u32 {
        let s = H.parse(&stalk(&vec![GREEN; n as usize])).unwrap();
        assert_eq!(solver.value(&s).unwrap(), GameId::nimber(n));
    }
    let ev = gamecensus::solving::Evaluator::new(Ruleset::Shaped(&H));
    let s = H.parse("0-1:G,1-2:G,1-3:G").unwrap();
    let e = ev.evaluate_shape(&s).unwrap();
    let schema = ev.schema();
    let fields = schema.shape_fields(H.write(&s), 3, &e);
    let at = |name: &str| fields[schema.index(name).unwrap()].clone();
    // Colon principle: the two top edges are *1 + *1 = 0 on a stalk, so *1.
    assert_eq!(at("value"), "*");
    assert_eq!(at("grundy"), "1");
}

/// Random edge lists on vertices 0..6 with colours from `colours`, loops and parallel
/// edges included; what does not hang from vertex 0 is dropped.
fn edge_lists(colours: Vec<u8>, max: usize) -> impl Strategy<Value = Vec<(usize, usize, u8)>> {
    prop::collection::vec(
        (0usize..6, 0usize..6, prop::sample::select(colours)),
        0..=max,
    )
    .prop_map(grounded)
}

/// The edges of `edges` joined to vertex 0.
fn grounded(edges: Vec<(usize, usize, u8)>) -> Vec<(usize, usize, u8)> {
    let mut reach = HashSet::from([0usize]);
    loop {
        let before = reach.len();
        for &(a, b, _) in &edges {
            if reach.contains(&a) || reach.contains(&b) {
                reach.insert(a);
                reach.insert(b);
            }
        }
        if reach.len() == before {
            break;
        }
    }
    edges
        .into_iter()
        .filter(|(a, _, _)| reach.contains(a))
        .collect()
}

/// The value by plain recursion over labelled edge lists: every cut, then every edge no
/// longer joined to vertex 0 dropped; no parts, no canonical keys, no mirror.
fn plain(
    edges: &[(usize, usize, u8)],
    memo: &mut HashMap<Vec<(usize, usize, u8)>, GameId>,
) -> GameId {
    let mut key = edges.to_vec();
    key.sort_unstable();
    if let Some(v) = memo.get(&key) {
        return *v;
    }
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for (i, &(_, _, c)) in key.iter().enumerate() {
        let mut rest = key.clone();
        rest.remove(i);
        let v = plain(&grounded(rest), memo);
        if c != RED {
            left.push(v);
        }
        if c != BLUE {
            right.push(v);
        }
    }
    let v = GameId::from_options(&left, &right).unwrap();
    memo.insert(key, v);
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_solver_agrees_with_a_plain_recursion(edges in edge_lists(vec![BLUE, RED, GREEN], 7)) {
        let mut memo = HashMap::new();
        prop_assert_eq!(value(&notation(&edges)), plain(&edges, &mut memo), "{}", notation(&edges));
    }

    #[test]
    fn exchanging_blue_and_red_negates(edges in edge_lists(vec![BLUE, RED, GREEN], 9)) {
        let swapped: Vec<_> = edges
            .iter()
            .map(|&(a, b, c)| (a, b, [RED, BLUE, GREEN][c as usize]))
            .collect();
        let v = value(&notation(&edges));
        prop_assert_eq!(value(&notation(&swapped)), -v);
        // And G + (-G) = 0 as a position: the two side by side on one ground.
        let shift = 7;
        let mut both = edges.clone();
        both.extend(swapped.iter().map(|&(a, b, c)| {
            let f = |x: usize| if x == 0 { 0 } else { x + shift };
            (f(a), f(b), c)
        }));
        prop_assert_eq!(value(&notation(&both)), GameId::zero());
    }

    #[test]
    fn every_blue_red_position_is_a_number(edges in edge_lists(vec![BLUE, RED], 10)) {
        let v = value(&notation(&edges));
        prop_assert!(v.as_number().is_some(), "{} has value {}", notation(&edges), v);
    }

    #[test]
    fn green_trees_follow_the_colon_principle(parents in prop::collection::vec(any::<prop::sample::Index>(), 0..12)) {
        // Vertex i + 1 hangs from one of the vertices 0..=i.
        let edges: Vec<(usize, usize, u8)> = parents
            .iter()
            .enumerate()
            .map(|(i, p)| (p.index(i + 1), i + 1, GREEN))
            .collect();
        prop_assert_eq!(value(&notation(&edges)), GameId::nimber(fused(&edges)));
    }

    #[test]
    fn green_graphs_follow_the_fusion_principle(edges in edge_lists(vec![GREEN], 9)) {
        prop_assert_eq!(value(&notation(&edges)), GameId::nimber(fused(&edges)), "{}", notation(&edges));
    }
}

/// The nim-value of a green graph by the fusion principle (Winning Ways ch. 7; Lessons in
/// Play ch. 7): the vertices of every circuit fused into one (each edge of it becoming a
/// loop, each loop worth a stalk of one edge), which leaves a tree with loops on the
/// ground, valued by the colon principle: a vertex is worth the nim-sum of its loops
/// (*1 each) and, for each branch up to a child, 1 more than the child's value.
fn fused(edges: &[(usize, usize, u8)]) -> u32 {
    let n = edges
        .iter()
        .map(|&(a, b, _)| a.max(b) + 1)
        .max()
        .unwrap_or(1);
    let joined_without = |skip: usize, a: usize, b: usize| {
        let mut seen = vec![false; n];
        seen[a] = true;
        let mut stack = vec![a];
        while let Some(v) = stack.pop() {
            for (j, &(x, y, _)) in edges.iter().enumerate() {
                if j == skip {
                    continue;
                }
                for (p, q) in [(x, y), (y, x)] {
                    if p == v && !seen[q] {
                        seen[q] = true;
                        stack.push(q);
                    }
                }
            }
        }
        seen[b]
    };
    // A bridge is an edge whose removal separates its ends; the rest lie on circuits
    // (loops included) and their ends are fused.
    let bridge: Vec<bool> = edges
        .iter()
        .enumerate()
        .map(|(i, &(a, b, _))| a != b && !joined_without(i, a, b))
        .collect();
    let mut blob: Vec<usize> = (0..n).collect();
    fn root(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            x = p[x];
        }
        x
    }
    for (i, &(a, b, _)) in edges.iter().enumerate() {
        if !bridge[i] {
            let (ra, rb) = (root(&mut blob, a), root(&mut blob, b));
            blob[ra.max(rb)] = ra.min(rb);
        }
    }
    let loops = |r: usize, blob: &mut Vec<usize>| {
        edges
            .iter()
            .enumerate()
            .filter(|&(i, &(a, _, _))| !bridge[i] && root(blob, a) == r)
            .count() as u32
            % 2
    };
    // Colon principle over the tree of blobs joined by bridges, from the ground's blob.
    fn worth(
        r: usize,
        from: Option<usize>,
        edges: &[(usize, usize, u8)],
        bridge: &[bool],
        blob: &mut Vec<usize>,
        loops: &dyn Fn(usize, &mut Vec<usize>) -> u32,
    ) -> u32 {
        let mut v = loops(r, blob);
        for (i, &(a, b, _)) in edges.iter().enumerate() {
            if !bridge[i] {
                continue;
            }
            let (ra, rb) = (root(blob, a), root(blob, b));
            let child = if ra == r && Some(i) != from {
                rb
            } else if rb == r && Some(i) != from {
                ra
            } else {
                continue;
            };
            v ^= worth(child, Some(i), edges, bridge, blob, loops) + 1;
        }
        v
    }
    let r0 = root(&mut blob, 0);
    worth(r0, None, edges, &bridge, &mut blob, &loops)
}

#[test]
fn fusion_examples_of_the_books() {
    // Winning Ways ch. 7 / Lessons in Play: a triangle on the ground fuses to two loops
    // on the ground (the edges at the ground's fused vertex ... ): *1 + *1 + *1 = *1.
    assert_eq!(value("0-1:G,1-2:G,0-2:G"), GameId::nimber(1));
    // A square standing on the ground: four loops = 0.
    assert_eq!(value("0-1:G,1-2:G,2-3:G,0-3:G"), GameId::nimber(0));
    // A triangle on top of one stalk edge: the stalk edge then a vertex with 3 loops: *2.
    assert_eq!(value("0-1:G,1-2:G,2-3:G,1-3:G"), GameId::nimber(2));
    // Two parallel edges from the ground = two loops = 0; a loop on a stalk edge = *2.
    assert_eq!(value("0-1:G,0-1:G"), GameId::nimber(0));
    assert_eq!(value("0-1:G,1-1:G"), GameId::nimber(2));
}

#[test]
fn notation_reads_and_writes_back_and_refuses_bad_input() {
    for text in ["0", "0-1:B", "0-1:B,1-1:G,1-2:R", "0-0:R,0-1:G,0-1:G"] {
        let s = H.parse(text).unwrap();
        assert_eq!(H.write(&s), text);
        assert_eq!(
            canonical_key(&H.parse(&H.write(&s)).unwrap()),
            canonical_key(&s)
        );
    }
    // Vertex numbers with gaps are renumbered; the ground stays 0.
    assert_eq!(H.write(&H.parse("5-0:b, 5-9:r").unwrap()), "0-1:B,1-2:R");
    for (bad, says) in [
        ("0-1", "no colour"),
        ("0-1:Q", "not B, R or G"),
        ("0-x:B", "not a vertex number"),
        ("0-1:B,2-3:R", "not joined to the ground"),
        ("", "empty"),
        ("0-99999999999:B", "limit"),
    ] {
        let e = H.parse(bad).unwrap_err().to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
}

#[test]
fn parts_hanging_from_the_ground_are_summed() {
    let s = H.parse("0-1:B,1-2:R,0-3:G,0-0:B,3-4:G,0-4:R").unwrap();
    let parts = H.components(&s);
    assert_eq!(parts.len(), 3);
    for p in &parts {
        assert_eq!(p.labels().iter().filter(|&&l| l == GROUND).count(), 1);
    }
    let sum = parts.iter().fold(GameId::zero(), |t, p| {
        t.checked_add(shape_value(p)).unwrap()
    });
    let mut memo = HashMap::new();
    let edges = vec![
        (0, 1, BLUE),
        (1, 2, RED),
        (0, 3, GREEN),
        (0, 0, BLUE),
        (3, 4, GREEN),
        (0, 4, RED),
    ];
    assert_eq!(sum, plain(&edges, &mut memo));
}

/// Lines of a shell pipeline of nauty's tools (pipefail: a missing tool fails the test).
fn pipeline_lines(cmd: &str) -> usize {
    let out = Command::new("bash")
        .args(["-o", "pipefail", "-c", cmd])
        .output()
        .expect("bash");
    assert!(
        out.status.success(),
        "{cmd} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().lines().count()
}

#[test]
fn census_by_vertices_matches_nautys_pipeline() {
    // Issue #31: 3, 33, 751, 47181 for 2..5 vertices; also run the real tools.
    for (n, published) in [(2usize, 3usize), (3, 33), (4, 751), (5, 47181)] {
        let mut ours = 0;
        let mut keys = HashSet::new();
        for m in n - 1..=n * (n - 1) / 2 {
            for g in grounded_graphs(m, n).into_iter().filter(|g| g.n() == n) {
                coloured_graphs(&g, &[BLUE, RED, GREEN], &mut |s| {
                    ours += 1;
                    keys.insert(canonical_key(&s));
                    true
                });
            }
        }
        let nauty = pipeline_lines(&format!(
            "nauty-geng -cq {n} | nauty-vcolg -q -T -m2 -c1,{} | nauty-multig -q -V -m3 -T",
            n - 1
        ));
        assert_eq!(ours, published, "{n} vertices");
        assert_eq!(nauty, published, "{n} vertices, nauty");
        assert_eq!(keys.len(), ours, "{n} vertices: a position listed twice");
    }
}

#[test]
fn census_by_edges_matches_nautys_pipeline() {
    for m in 0..=5usize {
        let mut ours = 0;
        let mut keys = HashSet::new();
        H.enumerate(m, &mut |s| {
            assert_eq!(s.edges().len(), m);
            ours += 1;
            keys.insert(canonical_key(&s));
            true
        })
        .unwrap();
        let nauty: usize = if m == 0 {
            1 // the ground alone
        } else {
            (2..=m + 1)
                .filter(|n| n * (n - 1) / 2 >= m)
                .map(|n| {
                    pipeline_lines(&format!(
                        "nauty-geng -cq {n} {m}:{m} | nauty-vcolg -q -T -m2 -c1,{} | nauty-multig -q -V -m3 -T",
                        n - 1
                    ))
                })
                .sum()
        };
        assert_eq!(ours, nauty, "{m} edges");
        assert_eq!(keys.len(), ours, "{m} edges: a position listed twice");
    }
}

//! Poset games and Chomp:
//! - the census lists the posets up to isomorphism: OEIS A000112 (1, 1, 2, 5, 16, 63, 318,
//!   2045, 16999 for n = 0..8) and exactly the posets nauty's `genposetg` writes;
//! - values against a plain recursion over the down-sets of a relation matrix (every
//!   position of a poset game is a down-set of the start), on nauty's posets up to 6
//!   elements and on random ones;
//! - Chomp (Gale 1974; Winning Ways ch. 18; /work/shared/reference/RULES.md): two-row
//!   positions (p, q) are second-player wins exactly when p = q + 1, a symmetric L is a
//!   second-player win (copy the opponent), every rectangle but 1 x 1 is a first-player win
//!   (strategy stealing), a square's winning move leaves the symmetric L, a single row of
//!   n squares is the heap *(n - 1);
//! - a poset with a least or a greatest element is a first-player win (taking the least
//!   element wins at once; for a greatest element, strategy stealing).

use std::collections::{HashMap, HashSet};
use std::process::Command;

use gamecensus::rules::poset::{PosetGame, chomp, posets};
use gamecensus::rules::shape_rules::ShapedRules;
use gamecensus::shapes::{Shape, canonical_key};
use gamecensus::solving::shape_solver::ShapedSolver;
use proptest::prelude::*;

static P: PosetGame = PosetGame;

fn nim(s: &Shape) -> u32 {
    ShapedSolver::new(&P).nim_value(s).unwrap()
}

fn nim_of(text: &str) -> u32 {
    nim(&P.parse(text).unwrap())
}

/// The nim-value of a poset given by `less[a]` (bit b set iff a < b, transitively closed),
/// by plain recursion over its down-sets as bitmasks: taking x from D leaves D minus x and
/// everything above x.
fn brute(less: &[u32]) -> u32 {
    fn go(d: u32, less: &[u32], memo: &mut HashMap<u32, u32>) -> u32 {
        if let Some(&v) = memo.get(&d) {
            return v;
        }
        let mut seen = 0u64;
        for x in 0..less.len() {
            if d >> x & 1 == 1 {
                let v = go(d & !(1 << x) & !less[x], less, memo);
                seen |= 1 << v;
            }
        }
        let v = (!seen).trailing_zeros();
        memo.insert(d, v);
        v
    }
    let all = if less.is_empty() {
        0
    } else {
        u32::MAX >> (32 - less.len())
    };
    go(all, less, &mut HashMap::new())
}

/// The closed relation of a shape as bitmasks.
fn relation(s: &Shape) -> Vec<u32> {
    let mut less = vec![0u32; s.n()];
    for e in s.edges() {
        less[e.a as usize] |= 1 << e.b;
    }
    less
}

/// The posets nauty's genposetg writes for `n` points (digraph6 Hasse diagrams), in our
/// notation.
fn genposetg(n: usize) -> Vec<String> {
    let out = Command::new("nauty-genposetg")
        .args([n.to_string().as_str(), "o", "q"])
        .output()
        .expect("nauty-genposetg (Debian's nauty) is installed");
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            // digraph6: '&', N(n) (one byte n + 63 here), then the n x n adjacency matrix
            // row by row, six bits per byte (byte - 63), most significant first.
            let b = line.as_bytes();
            assert_eq!(b[0], b'&');
            let k = (b[1] - 63) as usize;
            assert_eq!(k, n);
            let bit = |i: usize| ((b[2 + i / 6] - 63) >> (5 - i % 6)) & 1 == 1;
            let rel: Vec<String> = (0..n * n)
                .filter(|&i| bit(i))
                .map(|i| format!("{}<{}", i / n, i % n))
                .collect();
            if rel.is_empty() {
                n.to_string()
            } else {
                format!("{n}:{}", rel.join(","))
            }
        })
        .collect()
}

#[test]
fn census_counts_are_oeis_a000112_and_nautys() {
    let a000112 = [1usize, 1, 2, 5, 16, 63, 318, 2045, 16999];
    for (n, &count) in a000112.iter().enumerate() {
        let mut ours = 0;
        P.enumerate(n, &mut |s| {
            assert_eq!(s.n(), n);
            ours += 1;
            true
        })
        .unwrap();
        assert_eq!(ours, count, "posets of {n} elements");
        if n >= 1 {
            assert_eq!(genposetg(n).len(), count, "genposetg {n}");
        }
    }
}

#[test]
fn census_lists_exactly_nautys_posets() {
    for n in 1..=6 {
        let ours: HashSet<_> = posets(n).iter().map(canonical_key).collect();
        let theirs: HashSet<_> = genposetg(n)
            .iter()
            .map(|t| canonical_key(&P.parse(t).unwrap()))
            .collect();
        assert_eq!(ours, theirs, "{n} elements");
    }
}

#[test]
fn values_agree_with_a_plain_recursion_on_nautys_posets() {
    for n in 1..=6 {
        for text in genposetg(n) {
            let s = P.parse(&text).unwrap();
            assert_eq!(nim(&s), brute(&relation(&s)), "{text}");
            // And written back and read again: the same order.
            assert_eq!(
                canonical_key(&P.parse(&P.write(&s)).unwrap()),
                canonical_key(&s)
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn values_agree_with_a_plain_recursion_on_random_posets(
        n in 0usize..=11,
        pairs in prop::collection::vec((0usize..11, 0usize..11), 0..25),
    ) {
        // a < b only for a < b as numbers: never a cycle.
        let rel: Vec<String> = pairs
            .iter()
            .filter(|&&(a, b)| a < b && b < n)
            .map(|(a, b)| format!("{a}<{b}"))
            .collect();
        let text = if rel.is_empty() { n.to_string() } else { format!("{n}:{}", rel.join(",")) };
        let s = P.parse(&text).unwrap();
        prop_assert_eq!(nim(&s), brute(&relation(&s)), "{}", text);
    }
}

#[test]
fn two_row_chomp_p_positions_are_p_eq_q_plus_1() {
    // Rows p >= q >= 0 with the poison counted in the first row (RULES.md; Gale): a
    // second-player win exactly when p = q + 1.
    for p in 1..=12usize {
        for q in 0..=p {
            let rows: Vec<usize> = [p, q].into_iter().filter(|&r| r > 0).collect();
            let v = nim(&chomp(&rows).unwrap());
            assert_eq!(v == 0, p == q + 1, "chomp {p},{q}: *{v}");
        }
    }
    assert_eq!(
        nim_of("chomp:1"),
        0,
        "the poison alone: the player to move must take it"
    );
}

#[test]
fn chomp_rectangles_squares_ls_and_rows() {
    for a in 1..=4usize {
        for b in 1..=7usize {
            let v = nim(&chomp(&vec![b; a]).unwrap());
            assert_eq!(v == 0, a * b == 1, "{a} x {b} rectangle: *{v}");
        }
    }
    for n in 2..=6usize {
        // The square's winning move takes square (1, 1), leaving the symmetric L.
        let mut l = vec![n];
        l.extend(std::iter::repeat_n(1, n - 1));
        assert_eq!(nim(&chomp(&l).unwrap()), 0, "symmetric L of arm {n}");
        assert_ne!(nim(&chomp(&vec![n; n]).unwrap()), 0, "{n} x {n}");
        // An L with arms of different lengths: two chains, *(a-1) + *(b-1).
        for m in 1..=6usize {
            let mut l = vec![n];
            l.extend(std::iter::repeat_n(1, m - 1));
            assert_eq!(nim(&chomp(&l).unwrap()), ((n - 1) ^ (m - 1)) as u32);
        }
        assert_eq!(nim_of(&format!("chomp:{n}")), (n - 1) as u32, "one row");
    }
}

#[test]
fn posets_with_a_least_or_greatest_element_are_first_player_wins() {
    for n in 1..=7 {
        for s in posets(n) {
            let less = relation(&s);
            let all = (1u32 << n) - 1;
            let least = (0..n).any(|x| less[x] | 1 << x == all);
            let greatest = (0..n).any(|x| (0..n).all(|y| y == x || less[y] >> x & 1 == 1));
            if least || greatest {
                assert_ne!(nim(&s), 0, "{}", P.write(&s));
            }
        }
    }
}

#[test]
fn notation_reads_and_refuses() {
    assert_eq!(
        P.write(&P.parse("4:0<1,1<3,0<3,0<2").unwrap()),
        "4:0<1,0<2,1<3"
    );
    assert_eq!(P.write(&P.parse(" 3 ").unwrap()), "3");
    // Chomp positions keep their squares and are written as diagrams; as posets, chomp:1
    // is the empty poset and chomp:2,1 two incomparable squares.
    assert_eq!(P.write(&P.parse("chomp:2,1").unwrap()), "chomp:2,1");
    assert_eq!(P.write(&P.parse("chomp:3x4").unwrap()), "chomp:4,4,4");
    assert_eq!(P.write(&P.parse("chomp:1x1").unwrap()), "chomp:1");
    for (chomp, poset) in [
        ("chomp:1", "0"),
        ("chomp:2,1", "2"),
        ("chomp:3,2", "4:0<1,0<3,2<3"),
    ] {
        assert_eq!(
            canonical_key(&P.parse(chomp).unwrap()),
            canonical_key(&P.parse(poset).unwrap()),
            "{chomp}"
        );
    }
    for (bad, says) in [
        ("3:0<1,1<2,2<0", "cycle"),
        ("2:1<1", "not below itself"),
        ("2:0<2", "elements are 0..1"),
        ("2:0-1", "expected a<b"),
        ("x", "not a number"),
        ("chomp:2,3", "non-increasing"),
        ("chomp:2,0", "non-increasing"),
        ("chomp:0x3", "non-increasing"),
        ("chomp:3xy", "not a number"),
        ("999999999", "limit"),
    ] {
        let e = P.parse(bad).unwrap_err().to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
}

/// OEIS A395126 (Garg 2026), its first 87 terms: the fourth row d of the P-positions
/// (a, b, c, d) of 4-row Chomp with a <= 11 (see the test below).
pub(crate) const A395126: [usize; 87] = [
    0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 0, 2, 0, 2, 0, 0, 0, 2, 0, 2, 0, 2, 3, 4, 0, 3, 0, 3,
    2, 0, 2, 0, 2, 0, 2, 2, 3, 3, 0, 2, 2, 0, 4, 0, 4, 0, 4, 0, 5, 6, 7, 3, 4, 0, 0, 2, 3, 2, 3,
    4, 5, 6, 0, 2, 3, 4, 5, 7, 0, 5, 2, 4, 4, 3, 3, 0, 2, 0, 2, 3, 0, 2, 0, 2,
];

#[test]
fn four_row_chomp_p_positions_are_oeis_a395126() {
    // OEIS A395126 (Garg 2026; data checked there to n = 500): the fourth row d of the
    // P-positions (a, b, c, d), a >= b >= c >= d >= 0 the row lengths with the poison
    // counted in the first row (its first term (1,0,0,0) is the poison alone), in
    // lexicographic order of (a, b, c). Its first 87 terms are exactly the P-positions
    // with a <= 11; the entry's comment lists the first ten positions.
    let published = A395126;
    let first_ten = [
        (1, 0, 0, 0),
        (2, 1, 0, 0),
        (2, 2, 1, 0),
        (2, 2, 2, 1),
        (3, 1, 1, 0),
        (3, 2, 0, 0),
        (3, 3, 1, 1),
        (4, 1, 1, 1),
        (4, 2, 2, 0),
        (4, 3, 0, 0),
    ];
    let solver = ShapedSolver::new(&P);
    let mut p_positions = Vec::new();
    for a in 1..=11usize {
        for b in 0..=a {
            for c in 0..=b {
                for d in 0..=c {
                    let rows: Vec<usize> = [a, b, c, d].into_iter().filter(|&r| r > 0).collect();
                    if solver.nim_value(&chomp(&rows).unwrap()).unwrap() == 0 {
                        p_positions.push((a, b, c, d));
                    }
                }
            }
        }
    }
    p_positions.sort_unstable();
    assert_eq!(&p_positions[..10], &first_ten);
    let d: Vec<usize> = p_positions.iter().map(|p| p.3).collect();
    assert_eq!(d, published);
}

#[test]
fn the_chomp_ruleset_lists_every_diagram_of_at_most_four_rows() {
    use gamecensus::rules::chomp::Chomp;
    // Partitions of n into at most 4 parts: OEIS A001400, n = 1..14.
    let a001400 = [1usize, 2, 3, 5, 6, 9, 11, 15, 18, 23, 27, 34, 39, 47];
    let solver = ShapedSolver::new(&Chomp);
    let poset = ShapedSolver::new(&P);
    for (k, &count) in a001400.iter().enumerate() {
        let n = k + 1;
        let mut seen = Vec::new();
        Chomp
            .enumerate(n, &mut |s| {
                seen.push(s);
                true
            })
            .unwrap();
        assert_eq!(seen.len(), count, "diagrams of {n} squares");
        for s in &seen {
            let text = Chomp.write(s);
            assert_eq!(Chomp.size(s), n);
            let rows: Vec<usize> = text.split(',').map(|r| r.parse().unwrap()).collect();
            assert!(rows.len() <= 4 && rows.iter().sum::<usize>() == n, "{text}");
            // Read back in either ruleset: the same position, the same value.
            let again = P.parse(&format!("chomp:{text}")).unwrap();
            assert_eq!(P.write(&again), format!("chomp:{text}"));
            assert_eq!(
                solver.nim_value(s).unwrap(),
                poset.nim_value(&again).unwrap()
            );
        }
    }
}

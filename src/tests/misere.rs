//! Misère play of the impartial rulesets against an independent brute force over
//! labelled positions (plain recursion on vertex sets: no canonical labelling, no
//! components, no genus theory), on every graph up to 7 vertices (from nauty's geng) and
//! on sums of up to three of them; and against published results (Bouton's misère Nim,
//! Dawson's Chess, CGSuite's test suite).

use crate::common;

use std::collections::HashMap;

use common::*;
use gamecensus::graphs::{Graph, parse_graph6};
use gamecensus::rules::Ruleset;
use gamecensus::solving::MisereSolver;
use gamecensus::values::Outcome;

fn solver(name: &str) -> MisereSolver {
    match Ruleset::from_name(name).unwrap() {
        Ruleset::Impartial(r) => MisereSolver::new(r),
        _ => panic!("{name} is not impartial"),
    }
}

/// Every graph on `n` vertices, from nauty's geng (not our enumeration).
fn geng(n: usize) -> Vec<Graph> {
    if n == 0 {
        return vec![Graph::empty(0)];
    }
    nauty("geng", &["-q", &n.to_string()], None)
        .lines()
        .map(|l| parse_graph6(l).unwrap())
        .collect()
}

/// Adjacency lists of a labelled graph, as plain bit masks.
pub(crate) fn adjacency(g: &Graph) -> Vec<u64> {
    (0..g.n())
        .map(|v| {
            (0..g.n())
                .filter(|&u| g.has_edge(u, v))
                .fold(0, |m, u| m | 1 << u)
        })
        .collect()
}

/// The positions reachable in one move from the vertex set `s`, written from the rules'
/// statements in docs/RULES.md (not from src/rules/).
pub(crate) fn moves(rules: &str, adj: &[u64], s: u64) -> Vec<u64> {
    let mut out = Vec::new();
    for v in 0..adj.len() {
        if s >> v & 1 == 0 {
            continue;
        }
        match rules {
            // Choose a vertex; it and its neighbours are removed.
            "node-kayles" => out.push(s & !(adj[v] | 1 << v)),
            // Remove a vertex with a neighbour; then every vertex left isolated.
            "impartial-cutthroat" => {
                if adj[v] & s == 0 {
                    continue;
                }
                let t = s & !(1 << v);
                let keep = (0..adj.len())
                    .filter(|&u| t >> u & 1 == 1 && adj[u] & t != 0)
                    .fold(0, |m, u| m | 1 << u);
                out.push(keep);
            }
            // The set is the vertices still choosable; choosing v keeps its neighbours.
            "clique-forming" => out.push(s & adj[v]),
            other => panic!("{other}"),
        }
    }
    out
}

/// Misère nim-value (γ⁻: 1 with no move, else the mex) of every reachable vertex set.
fn misere_grundy(rules: &str, adj: &[u64], s: u64, memo: &mut HashMap<u64, u32>) -> u32 {
    if let Some(&v) = memo.get(&s) {
        return v;
    }
    let opts = moves(rules, adj, s);
    let v = if opts.is_empty() {
        1
    } else {
        let seen: Vec<u32> = opts
            .iter()
            .map(|&t| misere_grundy(rules, adj, t, memo))
            .collect();
        (0..).find(|x| !seen.contains(x)).unwrap()
    };
    memo.insert(s, v);
    v
}

fn brute(rules: &str, g: &Graph) -> u32 {
    let adj = adjacency(g);
    misere_grundy(rules, &adj, (1u64 << g.n()) - 1, &mut HashMap::new())
}

fn union(parts: &[&Graph]) -> Graph {
    let n: usize = parts.iter().map(|g| g.n()).sum();
    let mut u = Graph::empty(n);
    let mut base = 0;
    for g in parts {
        for a in 0..g.n() {
            for b in 0..a {
                if g.has_edge(a, b) {
                    u.add_edge(base + a, base + b);
                }
            }
        }
        base += g.n();
    }
    u
}

const IMPARTIAL: [&str; 3] = ["node-kayles", "impartial-cutthroat", "clique-forming"];

fn check(s: &MisereSolver, rules: &str, g: &Graph) {
    let m = s.misere(g).unwrap();
    let want = brute(rules, g);
    assert_eq!(m.genus.minus(), want, "{rules}: misère nim-value of {g:?}");
    let outcome = if want == 0 { Outcome::P } else { Outcome::N };
    assert_eq!(m.outcome(), outcome, "{rules}: misère outcome of {g:?}");
}

#[test]
fn every_graph_up_to_seven_vertices_against_brute_force() {
    for rules in IMPARTIAL {
        let s = solver(rules);
        for n in 0..=7 {
            for g in geng(n) {
                check(&s, rules, &g);
            }
        }
    }
}

#[test]
fn sums_of_two_and_three_graphs_against_brute_force() {
    // Every pair of graphs up to 5 vertices, every triple up to 4, and a fixed pseudo-
    // random sample of triples of graphs up to 6 vertices (each sum solved as one
    // labelled graph by the brute force).
    let small: Vec<Graph> = (1..=5).flat_map(geng).collect();
    let tiny: Vec<Graph> = (1..=4).flat_map(geng).collect();
    let upto6: Vec<Graph> = (1..=6).flat_map(geng).collect();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |k: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % k as u64) as usize
    };
    let sample: Vec<[usize; 3]> = (0..400)
        .map(|_| [next(upto6.len()), next(upto6.len()), next(upto6.len())])
        .collect();
    for rules in IMPARTIAL {
        let s = solver(rules);
        for (i, a) in small.iter().enumerate() {
            for b in &small[i..] {
                check(&s, rules, &union(&[a, b]));
            }
        }
        for (i, a) in tiny.iter().enumerate() {
            for (j, b) in tiny.iter().enumerate().skip(i) {
                for c in &tiny[j..] {
                    check(&s, rules, &union(&[a, b, c]));
                }
            }
        }
        for [i, j, k] in &sample {
            check(&s, rules, &union(&[&upto6[*i], &upto6[*j], &upto6[*k]]));
        }
    }
}

#[test]
fn genus_superscripts_against_brute_force() {
    // γk is the misère nim-value of G + k·*2. In Node Kayles the path P3 is *2 as a game
    // tree (its options are 0 and one vertex, *1), so γk(G) is the brute-force misère
    // nim-value of G with k disjoint copies of P3; and g is the normal nim-value.
    let s = solver("node-kayles");
    let p3 = parse_graph6("Bg").unwrap();
    for n in 0..=5 {
        for g in geng(n) {
            let m = s.misere(&g).unwrap();
            for k in 0..4 {
                let mut parts = vec![&g];
                parts.extend(std::iter::repeat_n(&p3, k));
                let want = brute("node-kayles", &union(&parts));
                assert_eq!(m.genus.digit(k), want, "γ{k} of {g:?} ({})", m.genus);
            }
            let normal = gamecensus::solving::ImpartialSolver::new(
                match Ruleset::from_name("node-kayles").unwrap() {
                    Ruleset::Impartial(r) => r,
                    _ => unreachable!(),
                },
            )
            .grundy(&g);
            assert_eq!(m.genus.plus(), normal);
        }
    }
}

#[test]
fn misere_nim_is_boutons_rule() {
    // Bouton (1901), misère Nim (Winning Ways ch. 13; ONAG ch. 12): a sum of heaps is a
    // misère P-position iff some heap is at least 2 and the nim-sum is 0, or every heap
    // is at most 1 and the nim-sum is 1. In Node Kayles a vertex is *1 and the path P3 is
    // *2 as game trees, so sums of isolated vertices and P3s are Nim with heaps 1 and 2;
    // K1 + P3s cover heap 3 = *1 + *2 only as a sum, so heaps of size 3 are left to the
    // octal game 0.333... tested with `octal --misere`.
    let s = solver("node-kayles");
    let k1 = Graph::empty(1);
    let p3 = parse_graph6("Bg").unwrap();
    for ones in 0..6 {
        for twos in 0..4 {
            let mut parts: Vec<&Graph> = std::iter::repeat_n(&k1, ones).collect();
            parts.extend(std::iter::repeat_n(&p3, twos));
            let g = union(&parts);
            let nim_sum = (ones as u32 & 1) ^ if twos % 2 == 1 { 2 } else { 0 };
            let p = if twos > 0 { nim_sum == 0 } else { nim_sum == 1 };
            let want = if p { Outcome::P } else { Outcome::N };
            assert_eq!(
                s.misere(&g).unwrap().outcome(),
                want,
                "{ones} ones, {twos} twos"
            );
        }
    }
}

#[test]
fn misere_nim_sums_follow_bouton() {
    // Nim with heaps up to 7 is the octal game 0.3333333. Bouton's rule, as above, for
    // every sum of up to four heaps of sizes 1..=7 (OctalMisere memoises sums of heaps).
    use gamecensus::octal::OctalCode;
    use gamecensus::octal::misere::OctalMisere;
    let mut m = OctalMisere::new(&OctalCode::parse("0.3333333").unwrap());
    let mut heaps: Vec<Vec<u32>> = vec![vec![]];
    for _ in 0..4 {
        let more: Vec<Vec<u32>> = heaps
            .iter()
            .filter(|h| h.len() < 4)
            .flat_map(|h| (*h.last().unwrap_or(&1)..=7).map(move |x| [h.clone(), vec![x]].concat()))
            .collect();
        heaps.extend(more);
    }
    heaps.sort();
    heaps.dedup();
    assert!(heaps.len() > 300);
    for h in &heaps {
        let nim_sum = h.iter().fold(0, |a, b| a ^ b);
        let p = if h.iter().any(|&x| x >= 2) {
            nim_sum == 0
        } else {
            nim_sum == 1
        };
        assert_eq!(m.of_heaps(h).unwrap().misere_p(), p, "{h:?}");
    }
}

#[test]
fn node_kayles_on_paths_is_dawsons_chess_under_misere_play() {
    // Node Kayles on the path P_n is Dawson's Chess, the octal game 0.137 with a heap of
    // n (OEIS A316632; the move trees are the same: an end vertex takes 2, the next one 3
    // leaving one heap, an inner one 3 leaving two): genus and misère outcome of every
    // path and of sums of two paths must agree with `octal 0.137 --misere`.
    use gamecensus::graphs::families::path;
    use gamecensus::octal::OctalCode;
    use gamecensus::octal::misere::OctalMisere;
    let s = solver("node-kayles");
    let mut d = OctalMisere::new(&OctalCode::parse("0.137").unwrap());
    for n in 0..=36u32 {
        let m = s.misere(&path(n as usize)).unwrap();
        let genus = d.of_heaps(&[n]).unwrap();
        assert_eq!(m.genus.to_string(), genus.to_string(), "P_{n}");
    }
    for a in 1..=14u32 {
        for b in a..=14 {
            let m = s
                .misere(&union(&[&path(a as usize), &path(b as usize)]))
                .unwrap();
            let genus = d.of_heaps(&[a, b]).unwrap();
            assert_eq!(m.genus, genus, "P_{a} + P_{b}");
        }
    }
    // And the command line prints the same outcomes, and for each path the genus as
    // CGSuite prints it and its `IsTame` (by the phylum of the simplest form, the same
    // game tree's as the heap's), the genus expanding to the same full genus.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gamecensus"))
        .args(["octal", "0.137", "--max", "30", "--misere"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for (n, line) in text.lines().skip(1).enumerate() {
        let (m, c) = s.misere_cgsuite(&path(n)).unwrap();
        let want = format!(
            "{n},{},{},{},{},{}",
            m.genus.plus(),
            m.outcome(),
            m.genus.minus(),
            c.genus,
            c.tame
        );
        assert_eq!(line, want);
        assert_eq!(cgsuite_genus_in_full(&c.genus), m.genus.to_string(), "P_{n}");
    }
}

#[test]
fn kayles_heap_five_is_the_first_wild_heap() {
    // Winning Ways ch. 13 (and the issue's own example): the Kayles heap of five has
    // genus 4^146, the first Kayles heap whose genus is not tame; heaps 0..4 are 0^120,
    // 1^031, 2^20, 3^31, 1^031 (nim heaps *0, *1, *2, *3 and a tame *1). The heap of six
    // reaches the wild heap 5, but its simplest form is the nim heap *3 (CGSuite's
    // GameHeapTest.scala prints its genus `3`, the symbol of phylum nim heap), so it is
    // tame: CGSuite's `IsTame` judges the simplest form, reversible moves bypassed.
    use gamecensus::octal::OctalCode;
    use gamecensus::octal::misere::OctalMisere;
    let mut k = OctalMisere::new(&OctalCode::parse("0.77").unwrap());
    let want = ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146", "3^31"];
    for (n, w) in want.iter().enumerate() {
        let (g, tame, symbol) = k.cgsuite_genus(n as u32).unwrap();
        assert_eq!(g.to_string(), *w, "K{n}");
        assert_eq!(tame, n != 5, "K{n} ({symbol})");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// The lemma the genus recursion rests on (src/values/genus.rs): adding *1 to any
    /// game swaps its misère nim-value with its xor 1. A Node Kayles vertex is *1 as a
    /// game tree, so the brute force of G plus an isolated vertex checks it; and every
    /// superscript γk, k <= 3, is the brute-force misère nim-value of G + k copies of P3
    /// (= *2), on random graphs up to 9 vertices.
    #[test]
    fn genus_laws_on_random_graphs(g in graph(9)) {
        let s = solver("node-kayles");
        let m = s.misere(&g).unwrap();
        let k1 = Graph::empty(1);
        let with_one = union(&[&g, &k1]);
        proptest::prop_assert_eq!(brute("node-kayles", &with_one), m.genus.minus() ^ 1);
        let p3 = parse_graph6("Bg").unwrap();
        for k in 0..=3 {
            let mut parts = vec![&g];
            parts.extend(std::iter::repeat_n(&p3, k));
            proptest::prop_assert_eq!(brute("node-kayles", &union(&parts)), m.genus.digit(k));
        }
        // The misère outcome of a position does not depend on how it is labelled or split.
        let reversed = union(&[&k1, &g]);
        proptest::prop_assert_eq!(s.misere(&reversed).unwrap(), s.misere(&with_one).unwrap());
    }
}

/// CGSuite prints a genus by the phylum of the misère canonical form (Genus.java): a nim
/// heap as `g` alone, a generally tame or restive game with one superscript; so do the
/// census and octal columns and the calculator. This expands CGSuite's abbreviations by its
/// own `supDigit` rules, then trims as both print (superscripts up to where they
/// alternate, at least two, parenthesised with commas when one is 10 or more).
pub(crate) fn cgsuite_genus_in_full(s: &str) -> String {
    let (g, sup) = match s.split_once('^') {
        None => {
            let g: u32 = s.parse().unwrap();
            return gamecensus::values::genus::Genus::nim_heap(g).to_string();
        }
        Some((g, sup)) => (g.parse::<u32>().unwrap(), sup),
    };
    let given: Vec<u32> = if let Some(inner) = sup.strip_prefix('(') {
        inner
            .trim_end_matches(')')
            .split(',')
            .map(|d| d.parse().unwrap())
            .collect()
    } else {
        sup.chars().map(|c| c.to_digit(10).unwrap()).collect()
    };
    if given.len() >= 2 {
        return s.to_string(); // a wild phylum: printed in full already
    }
    let d = given[0];
    let tame = d == g || (g < 2 && d == 1 - g);
    let digit = |i: usize| -> u32 {
        if i == 0 {
            d
        } else if tame {
            g ^ (((i & 1) as u32) << 1)
        } else {
            (if d < 4 { d } else { g }) ^ (((i & 1) as u32) << 1)
        }
    };
    let mut seq: Vec<u32> = (0..8).map(digit).collect();
    while seq.len() > 2 && seq[seq.len() - 1] == seq[seq.len() - 3] {
        seq.pop();
    }
    let body: Vec<String> = seq.iter().map(u32::to_string).collect();
    if seq.iter().any(|&d| d >= 10) {
        format!("{g}^({})", body.join(","))
    } else {
        format!("{g}^{}", body.concat())
    }
}

#[test]
fn kayles_and_dawsons_kayles_heaps_as_cgsuite_states_them() {
    // CGSuite, lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala ("define
    // TakeAndBreak properly"): MisereNimValue and Genus of heaps 0..20 of Nim (0.[3]),
    // Kayles (0.77) and Dawson's Kayles (0.07), CGSuite's symbols expanded here against
    // the genus the octal solver computes from the definition; the strings themselves are
    // printed by the phylum in misere_phylum::cgsuite_game_heap_test_genera and in the
    // `octal --misere` column (misere_genus_columns).
    use gamecensus::octal::OctalCode;
    use gamecensus::octal::misere::OctalMisere;
    let cases: [(&str, [u32; 21], &str); 3] = [
        (
            "0.33333333333333333333",
            [
                1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
            ],
            "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
        ),
        (
            "0.77",
            [
                1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0,
            ],
            "0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031",
        ),
        (
            "0.07",
            [
                1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1, 3, 0, 2, 1, 1, 0, 0, 2, 1, 3,
            ],
            "0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3",
        ),
    ];
    for (code, misere_nim, genera) in cases {
        let mut m = OctalMisere::new(&OctalCode::parse(code).unwrap());
        for (n, cg) in genera.split(',').enumerate() {
            let genus = m.of_heaps(&[n as u32]).unwrap();
            assert_eq!(
                genus.minus(),
                misere_nim[n],
                "{code} heap {n}: misère nim-value"
            );
            assert_eq!(
                genus.to_string(),
                cgsuite_genus_in_full(cg),
                "{code} heap {n}: {cg}"
            );
        }
    }
}

#[test]
fn census_summary_counts_the_csv_rows() {
    // The run's misère tally (by n: rows, misère P, outcome differs, wild) must count
    // the CSV it wrote: here the connected graphs up to 6 vertices under Impartial
    // Cutthroat (A001349: 1, 1, 2, 6, 21, 112).
    let dir = tempfile::tempdir().unwrap();
    let job = dir.path().join("j.toml");
    let csv = dir.path().join("j.csv");
    std::fs::write(
        &job,
        format!(
            "name = \"j\"\nrules = \"impartial-cutthroat\"\nconnected = true\nmax_vertices = 6\n\
             misere = true\noutput = \"{}\"\n",
            csv.display()
        ),
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gamecensus"))
        .args(["run", job.to_str().unwrap(), "--quiet"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let summary = String::from_utf8(out.stderr).unwrap();
    let mut want: std::collections::BTreeMap<usize, [u64; 4]> = Default::default();
    let mut r = csv::Reader::from_path(&csv).unwrap();
    let h = r.headers().unwrap().clone();
    let col = |name: &str| h.iter().position(|c| c == name).unwrap();
    let (n, o, m, t) = (col("n"), col("outcome"), col("misere"), col("tame"));
    for rec in r.records() {
        let rec = rec.unwrap();
        let e = want.entry(rec[n].parse().unwrap()).or_default();
        e[0] += 1;
        e[1] += (&rec[m] == "P") as u64;
        e[2] += (rec[m] != rec[o]) as u64;
        e[3] += (&rec[t] == "false") as u64;
    }
    assert_eq!(
        want.values().map(|c| c[0]).collect::<Vec<_>>(),
        [1, 1, 2, 6, 21, 112]
    );
    for (k, c) in &want {
        let line = format!(
            "{k:>5}  {:>10} {:>10} {:>16} {:>10}",
            c[0], c[1], c[2], c[3]
        );
        assert!(
            summary.lines().any(|l| l == line),
            "{line:?} not in\n{summary}"
        );
    }
}

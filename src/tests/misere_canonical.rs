//! Conway's misère simplest forms (`misere(G)`): CGSuite's own test cases, misère
//! equivalence checked by an independent brute force over game trees (the outcome of
//! `G + X` against that of its simplest form plus `X`), distinct simplest forms told
//! apart by some `X`, and the genus of a simplest form against that of the game.
//! (The counts of games born by days 0 to 5, 1 2 3 5 22 4171780, ONAG pp. 139-140, are
//! unit tests in `src/values/misere_canonical.rs`.)

use crate::common;

use std::collections::HashMap;

use common::cli::{assert_usage_error, run, stderr, stdout};
use gamecensus::values::genus::Genus;
use gamecensus::values::misere_canonical::{MisereForms, MisereId, ZERO};

/// Raw game trees, hash-consed but never simplified: a game is its sorted options.
#[derive(Default)]
struct Raw {
    ids: HashMap<Vec<usize>, usize>,
    opts: Vec<Vec<usize>>,
    /// Misère outcome of a sum (sorted multiset of raw games): true iff N.
    memo: HashMap<Vec<usize>, bool>,
}

impl Raw {
    fn game(&mut self, mut o: Vec<usize>) -> usize {
        o.sort_unstable();
        o.dedup();
        if let Some(&g) = self.ids.get(&o) {
            return g;
        }
        self.opts.push(o.clone());
        self.ids.insert(o, self.opts.len() - 1);
        self.opts.len() - 1
    }

    fn heap(&mut self, n: usize) -> usize {
        let mut hs = vec![];
        for _ in 0..=n {
            let h = self.game(hs.clone());
            hs.push(h);
        }
        hs[n]
    }

    /// Misère outcome of the sum of `parts`, by plain recursion: N iff the mover has no
    /// move or a move to a P-position.
    fn misere_n(&mut self, parts: &[usize]) -> bool {
        let mut key: Vec<usize> = parts
            .iter()
            .copied()
            .filter(|&p| !self.opts[p].is_empty())
            .collect();
        key.sort_unstable();
        if key.is_empty() {
            return true;
        }
        if let Some(&r) = self.memo.get(&key) {
            return r;
        }
        let mut r = false;
        'moves: for i in 0..key.len() {
            for o in self.opts[key[i]].clone() {
                let mut next = key.clone();
                next[i] = o;
                if !self.misere_n(&next) {
                    r = true;
                    break 'moves;
                }
            }
        }
        self.memo.insert(key, r);
        r
    }

    fn genus(&self, g: usize, memo: &mut HashMap<usize, Genus>) -> Genus {
        if let Some(x) = memo.get(&g) {
            return x.clone();
        }
        let opts: Vec<Genus> = self.opts[g].iter().map(|&o| self.genus(o, memo)).collect();
        let x = Genus::of_options(opts.iter()).unwrap();
        memo.insert(g, x.clone());
        x
    }
}

/// The simplest form of a raw game.
fn simplest(raw: &Raw, forms: &mut MisereForms, g: usize, memo: &mut HashMap<usize, MisereId>) -> MisereId {
    if let Some(&m) = memo.get(&g) {
        return m;
    }
    let opts: Vec<MisereId> = raw.opts[g]
        .clone()
        .into_iter()
        .map(|o| simplest(raw, forms, o, memo))
        .collect();
    let m = forms.game(opts).unwrap();
    memo.insert(g, m);
    m
}

/// A simplest form as a raw tree.
fn tree(raw: &mut Raw, forms: &MisereForms, m: MisereId) -> usize {
    let opts: Vec<usize> = forms.options(m).iter().map(|&o| tree(raw, forms, o)).collect();
    raw.game(opts)
}

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random raw game tree of height at most `depth`, built from `pool` (small games)
/// and nested braces.
fn random_game(raw: &mut Raw, rng: &mut Rng, pool: &[usize], depth: u32) -> usize {
    if depth == 0 || rng.below(4) == 0 {
        return pool[rng.below(pool.len() as u64) as usize];
    }
    let k = rng.below(4) as usize;
    let opts: Vec<usize> = (0..k).map(|_| random_game(raw, rng, pool, depth - 1)).collect();
    raw.game(opts)
}

/// Test sums `X`: every multiset of at most two games from `base`.
fn test_sums(base: &[usize]) -> Vec<Vec<usize>> {
    let mut xs = vec![vec![]];
    for i in 0..base.len() {
        xs.push(vec![base[i]]);
        for j in i..base.len() {
            xs.push(vec![base[i], base[j]]);
        }
    }
    xs
}

fn born_by_day(raw: &mut Raw, day: u32) -> Vec<usize> {
    // Raw trees of every option set over the previous day's raw trees (no simplification).
    let mut games = vec![raw.game(vec![])];
    for _ in 0..day {
        let mut next = vec![];
        for mask in 0u64..(1 << games.len()) {
            let o: Vec<usize> = (0..games.len()).filter(|i| mask >> i & 1 == 1).map(|i| games[i]).collect();
            next.push(raw.game(o));
        }
        next.sort_unstable();
        next.dedup();
        games = next;
    }
    games
}

#[test]
fn simplest_forms_are_misere_equal_to_their_games() {
    // For random trees G (and sums G + H), o-(G + X) = o-(simplest(G) + X) for every X
    // that is a sum of at most two games born by day 3 (the raw trees, not simplified),
    // computed by plain recursion on the trees; and the genus is the same.
    let mut raw = Raw::default();
    let mut forms = MisereForms::new();
    let mut memo = HashMap::new();
    let day3 = born_by_day(&mut raw, 3); // the 16 trees of height at most 3
    let xs = test_sums(&day3);
    let pool: Vec<usize> = (0..5).map(|n| raw.heap(n)).chain(day3.iter().copied()).collect();
    let mut rng = Rng(0x9e3779b97f4a7c15);
    let mut genus_memo = HashMap::new();
    let mut reduced = 0;
    for round in 0..150 {
        let g = random_game(&mut raw, &mut rng, &pool, 3);
        let h = random_game(&mut raw, &mut rng, &pool, 2);
        let (mg, mh) = (
            simplest(&raw, &mut forms, g, &mut memo),
            simplest(&raw, &mut forms, h, &mut memo),
        );
        let msum = forms.add(mg, mh).unwrap();
        let (tg, tsum) = (tree(&mut raw, &forms, mg), tree(&mut raw, &forms, msum));
        if tg != g {
            reduced += 1;
        }
        // Printing terminates for every form (each subscript names an earlier-born part).
        assert!(forms.notation(msum).unwrap().starts_with("*["));
        for x in &xs {
            let mut a = vec![g];
            a.extend(x);
            let mut b = vec![tg];
            b.extend(x);
            assert_eq!(raw.misere_n(&a), raw.misere_n(&b), "round {round}: G vs its form, X = {x:?}");
            let mut a = vec![g, h];
            a.extend(x);
            let mut b = vec![tsum];
            b.extend(x);
            assert_eq!(raw.misere_n(&a), raw.misere_n(&b), "round {round}: G + H vs its form");
        }
        assert_eq!(
            raw.genus(g, &mut genus_memo),
            raw.genus(tg, &mut genus_memo),
            "round {round}: genus of G and of its simplest form"
        );
        assert_eq!(forms.misere_nim_value(mg), raw.genus(g, &mut genus_memo).minus());
        assert_eq!(forms.nim_value(mg), raw.genus(g, &mut genus_memo).plus());
    }
    // The test means something only if many games simplified.
    assert!(reduced > 50, "only {reduced} of 150 random games simplified");
}

#[test]
fn distinct_simplest_forms_born_by_day_four_are_told_apart() {
    // The 22 simplest forms born by day 4 (ONAG pp. 139-140) are pairwise distinguishable:
    // for each pair some X (a sum of at most two of them) gives G + X and H + X
    // different misère outcomes, by plain recursion.
    let mut raw = Raw::default();
    let mut forms = MisereForms::new();
    let mut memo = HashMap::new();
    let day4 = born_by_day(&mut raw, 4);
    let mut forms_of: Vec<MisereId> = day4
        .iter()
        .map(|&g| simplest(&raw, &mut forms, g, &mut memo))
        .collect();
    forms_of.sort_unstable();
    forms_of.dedup();
    assert_eq!(forms_of.len(), 22);
    // Distinct forms print differently.
    let mut printed: Vec<String> = forms_of.iter().map(|&m| forms.notation(m).unwrap()).collect();
    printed.sort();
    printed.dedup();
    assert_eq!(printed.len(), 22, "{printed:?}");
    let trees: Vec<usize> = forms_of.iter().map(|&m| tree(&mut raw, &forms, m)).collect();
    let xs = test_sums(&trees);
    for i in 0..trees.len() {
        for j in i + 1..trees.len() {
            let apart = xs.iter().any(|x| {
                let mut a = vec![trees[i]];
                a.extend(x);
                let mut b = vec![trees[j]];
                b.extend(x);
                raw.misere_n(&a) != raw.misere_n(&b)
            });
            assert!(apart, "forms {i} and {j} not told apart");
        }
    }
}

#[test]
fn misere_nim_sums() {
    // Misère Nim (Bouton 1901): the simplest form of a sum of heaps has misère
    // nim-value 0 iff the sum is a P-position: some heap >= 2 and nim-sum 0, or every
    // heap <= 1 and nim-sum 1. And * + * = 0 (proved in src/values/misere_canonical.rs;
    // checked against the brute force in the tests above).
    let mut forms = MisereForms::new();
    for a in 0..6u32 {
        for b in a..6 {
            for c in b..6 {
                let (ha, hb, hc) = (forms.heap(a).unwrap(), forms.heap(b).unwrap(), forms.heap(c).unwrap());
                let s = forms.add(ha, hb).unwrap();
                let s = forms.add(s, hc).unwrap();
                let x = a ^ b ^ c;
                let p = if c >= 2 { x == 0 } else { x == 1 };
                assert_eq!(forms.misere_nim_value(s) == 0, p, "*{a}+*{b}+*{c}");
            }
        }
    }
    let one = forms.heap(1).unwrap();
    assert_eq!(forms.add(one, one).unwrap(), ZERO);
}

fn value(expr: &str) -> String {
    let o = run(&["value", expr], None);
    assert!(o.status.success(), "{expr}: {}", stderr(&o));
    stdout(&o).trim().to_string()
}

#[test]
fn cgsuite_test_cases() {
    // CGSuite, lib/core/src/test/scala/org/cgsuite/lang/MisereCanonicalGameTestCase.scala:
    // every input there (in CGSuite's syntax in the comments) and its printed form.
    let cases = [
        ("0", "*[0]"),                                        // *[0]
        ("*", "*[1]"),                                        // *[1]
        ("*2", "*[2]"),                                       // *[2]
        ("{*2}", "*[2#]"),                                    // *[[2]]
        ("{{*2}}", "*[2##]"),                                 // *[[[2]]]
        ("*2 + *2", "*[2[2]]"),                               // *[2]+*[2]
        ("{*2 + {*2}}", "*[2[#2#]]"),                         // *[[*[2]+*[[2]]]]
        ("{{*2}, 0}", "*[2#0]"),                              // *[[2],0]
        ("{{*2}, *}", "*[2#1]"),                              // *[[2],1]
        ("{*4 + *2}", "*[4[2#]]"),                            // *[[*[4]+*[2]]]
        ("{{{*2}}, {{*2}, *}}", "*[(2#1)2##]"),               // *[[[2]],[[2],1]]
        ("{{{*2}}, {{{*2}, 0}, 0, *}}", "*[((2#0)10)2##]"),   // *[[[2]],[[[2],0],0,1]]
        (
            // *[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]
            "{{{*2}, *} + *, {{*2}, {*2} + *, {{*2}, 0}}}",
            "*[((2#0)2[#1]2#)(2#1)[1]]",
        ),
        ("{{{*2}, *2, 0}, {{*2}, *3}, *}", "*[(2#20)2[#1]1]"), // *[[[2],2,0],[[2],3],1]
    ];
    for (input, want) in cases {
        assert_eq!(value(&format!("misere({input})")), want, "misere({input})");
    }
    // CGSuite's name for it.
    assert_eq!(value("MisereCanonicalForm({*2})"), "*[2#]");
    // The options of *2 + *2 are *3 and *2 (CGSuite's `Options` field: [*[2],*[3]]);
    // the same game written by its options.
    assert_eq!(value("misere({*3, *2})"), "*[2[2]]");
    // {*} and * + * are 0 in misère play; {*2} is not.
    assert_eq!(value("misere({*})"), "*[0]");
    assert_eq!(value("misere(* + *)"), "*[0]");
    assert_eq!(value("misere({*, *2})"), "*[0]");
}

#[test]
fn bad_arguments_are_usage_errors() {
    assert_usage_error(&run(&["value", "misere({0|*})"], None), "same options");
    assert_usage_error(&run(&["value", "misere(*2"], None), "expected )");
}

//! CGSuite's phyla of misère canonical forms and its genus printing
//! (`src/values/misere_phylum.rs`): every genus string and phylum flag of CGSuite's own
//! test suites, and, for every simplest form born by day 5 and for random deeper trees,
//! the printed abbreviation expanded by CGSuite's rules (`supDigit`, restated in
//! `misere::cgsuite_genus_in_full`) against the genus of the game tree computed
//! independently from its options.

use crate::common;

use std::collections::HashMap;

use common::cli::{run, stderr, stdout};
use gamecensus::octal::OctalCode;
use gamecensus::octal::misere::OctalMisere;
use gamecensus::values::genus::Genus;
use gamecensus::values::misere_canonical::{MisereForms, MisereId, ZERO};
use gamecensus::values::misere_phylum::{Phyla, Phylum};

use crate::misere::cgsuite_genus_in_full;

fn value(expr: &str) -> String {
    let o = run(&["value", expr], None);
    assert!(o.status.success(), "{expr}: {}", stderr(&o));
    stdout(&o).trim().to_string()
}

/// A tiny reader of the calculator's impartial-tree grammar (`0`, `*`, `*N`, `{...}`,
/// `+`, parentheses), straight to simplest forms, for the phylum flags.
struct Reader<'a> {
    s: &'a [u8],
    i: usize,
    forms: &'a mut MisereForms,
}

impl Reader<'_> {
    fn skip(&mut self) {
        while self.s.get(self.i) == Some(&b' ') {
            self.i += 1;
        }
    }
    fn sum(&mut self) -> MisereId {
        let mut acc = self.term();
        self.skip();
        while self.s.get(self.i) == Some(&b'+') {
            self.i += 1;
            let t = self.term();
            acc = self.forms.add(acc, t).unwrap();
            self.skip();
        }
        acc
    }
    fn term(&mut self) -> MisereId {
        self.skip();
        match self.s[self.i] {
            b'0' => {
                self.i += 1;
                ZERO
            }
            b'*' => {
                self.i += 1;
                let start = self.i;
                while self.s.get(self.i).is_some_and(u8::is_ascii_digit) {
                    self.i += 1;
                }
                let digits = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                self.forms.heap(digits.parse().unwrap_or(1)).unwrap()
            }
            b'{' => {
                self.i += 1;
                let mut opts = vec![];
                self.skip();
                while self.s[self.i] != b'}' {
                    opts.push(self.sum());
                    self.skip();
                    if self.s[self.i] == b',' {
                        self.i += 1;
                    }
                    self.skip();
                }
                self.i += 1;
                self.forms.game(opts).unwrap()
            }
            b'(' => {
                self.i += 1;
                let g = self.sum();
                self.skip();
                self.i += 1;
                g
            }
            c => panic!("unexpected {}", c as char),
        }
    }
}

#[test]
fn cgsuite_test_cases_genus_and_phylum() {
    // CGSuite, lib/core/src/test/scala/org/cgsuite/lang/MisereCanonicalGameTestCase.scala:
    // for each input (CGSuite's syntax in the comment) its Genus and the flags
    // IsGenerallyRestive, IsGenerallyTame, IsRestive, IsRestless, IsTame, IsTameable
    // (all decided by the phylum: `MisereCanonicalGameOps.isRestive` etc.).
    #[rustfmt::skip]
    let cases: [(&str, &str, [bool; 6]); 14] = [
        // input, Genus, [GenerallyRestive, GenerallyTame, Restive, Restless, Tame, Tameable]
        ("0", "0", [false, true, false, false, true, true]),                       // *[0]
        ("*", "1", [false, true, false, false, true, true]),                       // *[1]
        ("*2", "2", [false, true, false, false, true, true]),                      // *[2]
        ("{*2}", "0^0", [false, true, false, false, true, true]),                  // *[[2]]
        ("{{*2}}", "1^1", [false, true, false, false, true, true]),                // *[[[2]]]
        ("*2 + *2", "0^0", [false, true, false, false, true, true]),               // *[2]+*[2]
        ("{*2 + {*2}}", "0^0", [false, true, false, false, true, true]),           // *[[*[2]+*[[2]]]]
        ("{{*2}, 0}", "1^2", [true, false, true, false, false, false]),            // *[[2],0]
        ("{{*2}, *}", "2^1420", [false, false, false, true, false, false]),        // *[[2],1]
        ("{*4 + *2}", "0^0", [false, true, false, false, true, true]),             // *[[*[4]+*[2]]]
        ("{{{*2}}, {{*2}, *}}", "0^0", [false, true, false, false, false, true]),  // *[[[2]],[[2],1]]
        ("{{{*2}}, {{{*2}, 0}, 0, *}}", "0^0", [false, true, false, false, false, true]), // *[[[2]],[[[2],0],0,1]]
        // *[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]] ("tameable, but not generally tame")
        ("{{{*2}, *} + *, {{*2}, {*2} + *, {{*2}, 0}}}", "0^120", [false, false, false, false, false, true]),
        // *[[[2],2,0],[[2],3],1] ("restive, but not generally restive")
        ("{{{*2}, *2, 0}, {{*2}, *3}, *}", "0^2", [true, false, false, false, false, false]),
    ];
    let mut forms = MisereForms::new();
    let mut phyla = Phyla::new();
    for (input, genus, flags) in cases {
        assert_eq!(value(&format!("genus({input})")), genus, "genus({input})");
        let g = Reader {
            s: input.as_bytes(),
            i: 0,
            forms: &mut forms,
        }
        .sum();
        let p = phyla.phylum(&mut forms, g).unwrap();
        let got = [
            p.generally_restive(),
            p.generally_tame(),
            p == Phylum::HereditarilyRestive,
            p == Phylum::Restless,
            p.is_tame(),
            p.tameable(),
        ];
        assert_eq!(got, flags, "{input}: phylum {p:?}");
        // IsTame is also ONAG's definition on the simplest form (every position of it has
        // a tame genus), computed here without the phylum.
        assert_eq!(form_tame(&forms, g, &mut HashMap::new()), flags[4], "{input}");
        assert_eq!(phyla.genus_symbol(&mut forms, g).unwrap(), genus, "{input}");
    }
}

/// Simplest forms of the positions of a game whose positions are sums of "heaps" (any
/// hashable key), from the moves as the test writes them.
pub(crate) struct HeapForms<K> {
    pub(crate) forms: MisereForms,
    pub(crate) memo: HashMap<K, MisereId>,
}

impl<K: Clone + Eq + std::hash::Hash> HeapForms<K> {
    pub(crate) fn form(&mut self, k: &K, moves: &dyn Fn(&K) -> Vec<Vec<K>>) -> MisereId {
        if let Some(&m) = self.memo.get(k) {
            return m;
        }
        let mut opts = vec![];
        for parts in moves(k) {
            let mut acc = ZERO;
            for p in &parts {
                let f = self.form(p, moves);
                acc = self.forms.add(acc, f).unwrap();
            }
            opts.push(acc);
        }
        let m = self.forms.game(opts).unwrap();
        self.memo.insert(k.clone(), m);
        m
    }
}

/// Removing `take` from a heap of `n`, leaving it in at most `parts` heaps (0.77, 0.07).
pub(crate) fn take_and_split(n: u32, take: u32, parts: u32) -> Vec<Vec<u32>> {
    let mut out = vec![];
    if n < take {
        return out;
    }
    let r = n - take;
    if r == 0 || parts >= 1 {
        out.push(if r == 0 { vec![] } else { vec![r] });
    }
    if parts >= 2 {
        for a in 1..=r / 2 {
            if r - a >= 1 {
                out.push(vec![a, r - a]);
            }
        }
    }
    out
}

#[test]
fn cgsuite_game_heap_test_genera() {
    // CGSuite, lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala: Genus of heaps
    // 0..20 of Nim, Grundy's Game, Kayles (0.77) and Dawson's Kayles (0.07), and of the
    // Wythoff positions (10, n), n = 0..20, exactly as CGSuite prints them; each also
    // expands (CGSuite's rules) to the genus `octal --misere` computes for the heap (for
    // the octal games) or that of the game tree (the others).
    type Moves = Box<dyn Fn(&u32) -> Vec<Vec<u32>>>;
    let rows: [(&str, Option<&str>, Moves, &str); 4] = [
        (
            "Nim",
            None,
            Box::new(|&n| (0..n).map(|k| if k == 0 { vec![] } else { vec![k] }).collect()),
            "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
        ),
        (
            "GrundysGame",
            None,
            Box::new(|&n| (1..n.div_ceil(2)).map(|a| vec![a, n - a]).collect()),
            "0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20",
        ),
        (
            "Kayles",
            Some("0.77"),
            Box::new(|&n| {
                let mut v = take_and_split(n, 1, 2);
                v.extend(take_and_split(n, 2, 2));
                v
            }),
            "0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031",
        ),
        (
            "DawsonsKayles",
            Some("0.07"),
            Box::new(|&n| take_and_split(n, 2, 2)),
            "0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3",
        ),
    ];
    for (name, code, moves, want) in rows {
        let mut hf = HeapForms {
            forms: MisereForms::new(),
            memo: HashMap::new(),
        };
        let mut phyla = Phyla::new();
        let mut octal = code.map(|c| OctalMisere::new(&OctalCode::parse(c).unwrap()));
        let mut raw = HashMap::new();
        for (n, w) in want.split(',').enumerate() {
            let n = n as u32;
            let g = hf.form(&n, &*moves);
            assert_eq!(phyla.genus_symbol(&mut hf.forms, g).unwrap(), w, "{name}({n})");
            let full = match &mut octal {
                Some(o) => o.of_heaps(&[n]).unwrap(),
                None => tree_genus(&n, &*moves, &mut raw),
            };
            assert_eq!(cgsuite_genus_in_full(w), full.to_string(), "{name}({n})");
        }
    }
    // Wythoff: from (a, b) take any number from one pile, or the same from both.
    let wythoff = |&(a, b): &(u32, u32)| -> Vec<Vec<(u32, u32)>> {
        let mut v: Vec<Vec<(u32, u32)>> = vec![];
        v.extend((0..a).map(|x| vec![(x, b)]));
        v.extend((0..b).map(|y| vec![(a, y)]));
        v.extend((1..=a.min(b)).map(|k| vec![(a - k, b - k)]));
        v
    };
    let want = "10,11,9,8^8,13^(13),12^(12),0^0,15^(15),16^(16),17^(17),14^(14),18^(18),\
                7^7,6^6,2^2,3^3,1^1,4^4,5^5,23^(23),28^(28)";
    let mut hf = HeapForms {
        forms: MisereForms::new(),
        memo: HashMap::new(),
    };
    let mut phyla = Phyla::new();
    let mut raw = HashMap::new();
    for (n, w) in want.split(',').enumerate() {
        let p = (10, n as u32);
        let g = hf.form(&p, &wythoff);
        assert_eq!(phyla.genus_symbol(&mut hf.forms, g).unwrap(), w, "Wythoff{p:?}");
        // A position here is one "heap" (a pair), so its tree genus is plain recursion.
        let full = tree_genus(&p, &wythoff, &mut raw);
        assert_eq!(cgsuite_genus_in_full(w), full.to_string(), "Wythoff{p:?}");
    }
}

/// The genus of a game tree whose options are sums of heaps, from the options' genera
/// (sums memoised as sorted multisets).
fn tree_genus<K: Clone + Ord + std::hash::Hash>(
    k: &K,
    moves: &dyn Fn(&K) -> Vec<Vec<K>>,
    memo: &mut HashMap<Vec<K>, Genus>,
) -> Genus {
    sum_genus(std::slice::from_ref(k), moves, memo)
}

fn sum_genus<K: Clone + Ord + std::hash::Hash>(
    s: &[K],
    moves: &dyn Fn(&K) -> Vec<Vec<K>>,
    memo: &mut HashMap<Vec<K>, Genus>,
) -> Genus {
    let mut key = s.to_vec();
    key.sort();
    if let Some(g) = memo.get(&key) {
        return g.clone();
    }
    let mut opts = vec![];
    for i in 0..key.len() {
        for parts in moves(&key[i]) {
            let mut t: Vec<K> = key[..i].iter().chain(&key[i + 1..]).cloned().collect();
            t.extend(parts);
            opts.push(sum_genus(&t, moves, memo));
        }
    }
    let g = Genus::of_options(opts.iter()).unwrap();
    memo.insert(key, g.clone());
    g
}

#[test]
fn forms_born_by_day_five_print_an_abbreviation_of_their_genus() {
    // Option sets S of the 22 simplest forms born by day 4 (ONAG pp. 139-140), i.e.
    // games born by day 5: every S of at most 3 or at least 19 of them, and every 13th of
    // the 2^22 sets (all 2^22 take a minute; they pass too). CGSuite's symbol for the
    // simplest form of S, expanded by CGSuite's rules, is the genus of the tree S computed
    // from the options' genera; and every phylum but tameable occurs (none is born by
    // day 5; the tameable case of CGSuite's tests is above).
    let mut forms = MisereForms::new();
    let mut phyla = Phyla::new();
    let mut games = vec![ZERO];
    for _ in 0..4 {
        let mut next = vec![];
        for mask in 0u64..(1 << games.len()) {
            let o: Vec<MisereId> = (0..games.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| games[i])
                .collect();
            next.push(forms.game(o).unwrap());
        }
        next.sort_unstable();
        next.dedup();
        games = next;
    }
    assert_eq!(games.len(), 22);
    // The 22 forms' genera, each from its own tree.
    let mut memo = HashMap::new();
    let day4: Vec<Genus> = games.iter().map(|&g| form_genus(&forms, g, &mut memo)).collect();
    let mut seen: HashMap<Phylum, u64> = HashMap::new();
    let mut tame_memo = HashMap::new();
    let masks = (0u64..(1 << games.len()))
        .filter(|m| m.count_ones() <= 3 || m.count_ones() >= 19 || m % 13 == 0);
    for mask in masks {
        let idx: Vec<usize> = (0..games.len()).filter(|i| mask >> i & 1 == 1).collect();
        let tree = Genus::of_options(idx.iter().map(|&i| &day4[i])).unwrap();
        let g = forms.game(idx.iter().map(|&i| games[i]).collect()).unwrap();
        let p = phyla.phylum(&mut forms, g).unwrap();
        *seen.entry(p).or_default() += 1;
        let symbol = phyla.genus_symbol(&mut forms, g).unwrap();
        assert_eq!(cgsuite_genus_in_full(&symbol), tree.to_string(), "{:?}", forms.notation(g));
        let tame = form_tame(&forms, g, &mut tame_memo);
        assert_eq!(p.is_tame(), tame, "IsTame {:?}", forms.notation(g));
    }
    for p in [
        Phylum::NimHeap,
        Phylum::HereditarilyTame,
        Phylum::ReversiblyTame,
        Phylum::HereditarilyRestive,
        Phylum::ReversiblyRestive,
        Phylum::Restless,
        Phylum::Wild,
    ] {
        assert!(seen.get(&p).copied().unwrap_or(0) > 0, "no form of phylum {p:?}");
    }
}

/// The genus of a simplest form from its options' (plain recursion on the form's tree).
fn form_genus(forms: &MisereForms, g: MisereId, memo: &mut HashMap<MisereId, Genus>) -> Genus {
    if let Some(x) = memo.get(&g) {
        return x.clone();
    }
    let opts: Vec<Genus> = forms.options(g).iter().map(|&o| form_genus(forms, o, memo)).collect();
    let x = Genus::of_options(opts.iter()).unwrap();
    memo.insert(g, x.clone());
    x
}

/// ONAG ch. 12 / Winning Ways ch. 13's tame game, judged on the simplest form `g`:
/// `g` and every position of it (options, their options, ...) have tame genera (those of
/// nim heaps, 0^02 and 1^13), each genus computed from the form's own tree. No phylum
/// code: CGSuite's `IsTame` (phylum nim heap or hereditarily tame) must agree with it.
pub(crate) fn form_tame(
    forms: &MisereForms,
    g: MisereId,
    memo: &mut HashMap<MisereId, (Genus, bool)>,
) -> bool {
    fn go(
        forms: &MisereForms,
        g: MisereId,
        memo: &mut HashMap<MisereId, (Genus, bool)>,
    ) -> (Genus, bool) {
        if let Some(x) = memo.get(&g) {
            return x.clone();
        }
        let (mut genera, mut tame) = (vec![], true);
        for &o in forms.options(g) {
            let (x, t) = go(forms, o, memo);
            genera.push(x);
            tame &= t;
        }
        let x = Genus::of_options(genera.iter()).unwrap();
        tame &= x.is_tame_genus();
        memo.insert(g, (x.clone(), tame));
        (x, tame)
    }
    go(forms, g, memo).1
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Random game trees up to height 7 over nim heaps (sums of two of them too): the
    /// calculator's `genus(G)` is CGSuite's symbol of G's simplest form, which expands by
    /// CGSuite's rules to the genus of the tree, computed from its options' genera.
    #[test]
    fn abbreviations_expand_to_the_tree_genus(seed in 1u64..u64::MAX) {
        let mut rng = seed;
        let mut next = move |k: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % k
        };
        let mut forms = MisereForms::new();
        let mut phyla = Phyla::new();
        let mut memo = HashMap::new();
        // A random tree: its simplest form and its genus (from its options' genera).
        fn tree(
            depth: u32,
            next: &mut dyn FnMut(u64) -> u64,
            forms: &mut MisereForms,
        ) -> (MisereId, Genus) {
            if depth == 0 || next(4) == 0 {
                let n = next(5) as u32;
                return (forms.heap(n).unwrap(), Genus::nim_heap(n));
            }
            let (mut opts, mut genera) = (vec![], vec![]);
            for _ in 0..next(4) {
                let (f, g) = tree(depth - 1, next, forms);
                opts.push(f);
                genera.push(g);
            }
            (forms.game(opts).unwrap(), Genus::of_options(genera.iter()).unwrap())
        }
        let (a, ga) = tree(7, &mut next, &mut forms);
        let (b, _) = tree(4, &mut next, &mut forms);
        let symbol = phyla.genus_symbol(&mut forms, a).unwrap();
        proptest::prop_assert_eq!(cgsuite_genus_in_full(&symbol), ga.to_string());
        // The sum, against the genus of the sum of the two simplest forms' trees.
        let s = forms.add(a, b).unwrap();
        let symbol = phyla.genus_symbol(&mut forms, s).unwrap();
        let sum = sum_of_forms(&forms, a, b, &mut memo);
        proptest::prop_assert_eq!(cgsuite_genus_in_full(&symbol), sum.to_string());
    }
}

/// The genus of the sum of two simplest forms' trees, from its options (one component
/// replaced by one of its options).
fn sum_of_forms(
    forms: &MisereForms,
    a: MisereId,
    b: MisereId,
    memo: &mut HashMap<(MisereId, MisereId), Genus>,
) -> Genus {
    let key = (a.min(b), a.max(b));
    if let Some(x) = memo.get(&key) {
        return x.clone();
    }
    let mut opts = vec![];
    for &o in forms.options(a) {
        opts.push(sum_of_forms(forms, o, b, memo));
    }
    for &o in forms.options(b) {
        opts.push(sum_of_forms(forms, a, o, memo));
    }
    let x = Genus::of_options(opts.iter()).unwrap();
    memo.insert(key, x.clone());
    x
}

//! The `genus` columns of `octal --misere` and of census rows with misère play print the
//! genus as CGSuite prints it (abbreviated by the phylum of the position's misère
//! canonical form; `src/values/misere_phylum.rs`, `src/solving/misere_forms.rs`).
//!
//! - `octal --misere`: the column is compared directly with CGSuite's own strings
//!   (`GameHeapTest.scala`, heaps 0-20 of Nim, Kayles, Dawson's Kayles), and every symbol
//!   printed to heap 40 of several octal games, expanded by CGSuite's `supDigit` rules,
//!   is the genus the octal solver computes from the definition.
//! - Census rows (graphs and shapes): every symbol is the one of the simplest form built
//!   from the whole position's game tree by plain recursion over its moves (labelled
//!   vertex sets for graphs, no components, no canonical keys, no sums), and expands to
//!   the genus of that tree; and the columns do not depend on the number of threads.

use crate::common;

use std::collections::HashMap;

use common::cli::{run, run_job, stderr, stdout, write_job};
use gamecensus::graphs::parse_graph6;
use gamecensus::octal::OctalCode;
use gamecensus::octal::misere::OctalMisere;
use gamecensus::rules::Ruleset;
use gamecensus::rules::shape_rules::{Player, ShapedRules};
use gamecensus::shapes::Shape;
use gamecensus::values::genus::Genus;
use gamecensus::values::misere_canonical::{MisereForms, MisereId};
use gamecensus::values::misere_phylum::Phyla;

use crate::misere::{adjacency, cgsuite_genus_in_full, moves};

/// The CSV records of a command's stdout or a file (quoted fields unquoted).
pub(crate) fn records(text: &str) -> (csv::StringRecord, Vec<csv::StringRecord>) {
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let header = r.headers().unwrap().clone();
    let rows = r.records().map(Result::unwrap).collect();
    (header, rows)
}

pub(crate) fn column(header: &csv::StringRecord, name: &str) -> usize {
    header.iter().position(|c| c == name).unwrap()
}

/// The `genus` column of `octal CODE --max MAX --misere`.
fn octal_genus_column(code: &str, max: u32) -> Vec<String> {
    let o = run(
        &["octal", code, "--max", &max.to_string(), "--misere"],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let (h, rows) = records(&stdout(&o));
    let g = column(&h, "genus");
    rows.iter().map(|r| r[g].to_string()).collect()
}

#[test]
fn octal_columns_are_cgsuites_game_heap_test_strings() {
    // CGSuite, lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala ("define
    // TakeAndBreak properly"): Genus of heaps 0..20 of Nim (0.[3]), Kayles (0.77) and
    // Dawson's Kayles (0.07), exactly as CGSuite prints them.
    let cases = [
        (
            "0.33333333333333333333",
            "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
        ),
        (
            "0.77",
            "0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031",
        ),
        (
            "0.07",
            "0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3",
        ),
    ];
    for (code, want) in cases {
        let got = octal_genus_column(code, 20);
        let want: Vec<&str> = want.split(',').collect();
        assert_eq!(got, want, "octal {code} --misere: genus column");
    }
}

#[test]
fn octal_symbols_expand_to_the_genus_from_the_definition() {
    // Every symbol printed to heap 40, expanded by CGSuite's rules (`supDigit`), is the
    // genus `OctalMisere` computes from the options' genera (no canonical forms): Kayles,
    // Dawson's Kayles, Dawson's Chess (0.137), 0.6, 0.51, 0.123 and 0.34.
    let mut abbreviated = 0;
    for code in ["0.77", "0.07", "0.137", "0.6", "0.51", "0.123", "0.34"] {
        let column = octal_genus_column(code, 40);
        assert_eq!(column.len(), 41, "{code}");
        let mut m = OctalMisere::new(&OctalCode::parse(code).unwrap());
        for (n, symbol) in column.iter().enumerate() {
            let genus = m.of_heaps(&[n as u32]).unwrap();
            assert_eq!(
                cgsuite_genus_in_full(symbol),
                genus.to_string(),
                "octal {code} heap {n}: {symbol}"
            );
            abbreviated += (*symbol != genus.to_string()) as usize;
        }
    }
    assert!(abbreviated > 100, "{abbreviated} abbreviated symbols");
}

/// The simplest form of a labelled vertex set's game, by plain recursion over its moves.
pub(crate) fn graph_form(
    rules: &str,
    adj: &[u64],
    s: u64,
    forms: &mut MisereForms,
    memo: &mut HashMap<u64, (MisereId, Genus)>,
) -> (MisereId, Genus) {
    if let Some(x) = memo.get(&s) {
        return x.clone();
    }
    let (mut opts, mut genera) = (vec![], vec![]);
    for t in moves(rules, adj, s) {
        let (f, g) = graph_form(rules, adj, t, forms, memo);
        opts.push(f);
        genera.push(g);
    }
    let x = (
        forms.game(opts).unwrap(),
        Genus::of_options(genera.iter()).unwrap(),
    );
    memo.insert(s, x.clone());
    x
}

/// Runs a census job and returns its CSV's header and rows.
pub(crate) fn census(body: &str, threads: &str) -> (csv::StringRecord, Vec<csv::StringRecord>) {
    let dir = tempfile::tempdir().unwrap();
    let job = write_job(dir.path(), "j", body);
    let out = dir.path().join("j.csv");
    let o = run_job(&job, out.to_str().unwrap(), &["--quiet", "--threads", threads]);
    assert!(o.status.success(), "{}", stderr(&o));
    records(&std::fs::read_to_string(&out).unwrap())
}

#[test]
fn graph_census_columns_are_the_whole_trees_symbols() {
    // Every graph of 1 to 7 vertices (the largest ones are not interned by the census
    // solver; smaller ones are sums of interned components) under the three impartial
    // rules: the column is CGSuite's symbol of the simplest form of the whole game tree,
    // and expands to the tree's genus.
    for rules in ["node-kayles", "impartial-cutthroat", "clique-forming"] {
        let body = format!(
            "name = \"j\"\nrules = \"{rules}\"\nfamily = \"all\"\nmin_vertices = 1\n\
             max_vertices = 7\nmisere = true\n"
        );
        let (h, rows) = census(&body, "2");
        assert_eq!(rows.len(), 1 + 2 + 4 + 11 + 34 + 156 + 1044, "{rules} (A000088)");
        let (g6, genus) = (column(&h, "graph6"), column(&h, "genus"));
        let (mut forms, mut phyla) = (MisereForms::new(), Phyla::new());
        let mut abbreviated = 0;
        for row in &rows {
            let g = parse_graph6(&row[g6]).unwrap();
            let adj = adjacency(&g);
            let mut memo = HashMap::new();
            let (f, tree) = graph_form(rules, &adj, (1 << g.n()) - 1, &mut forms, &mut memo);
            let want = phyla.genus_symbol(&mut forms, f).unwrap();
            assert_eq!(&row[genus], want, "{rules} {}", &row[g6]);
            assert_eq!(cgsuite_genus_in_full(&want), tree.to_string(), "{rules} {}", &row[g6]);
            abbreviated += (want != tree.to_string()) as usize;
        }
        assert!(abbreviated > 100, "{rules}: {abbreviated} abbreviated");
    }
}

pub(crate) fn shaped(name: &str) -> &'static dyn ShapedRules {
    match Ruleset::from_name(name).unwrap() {
        Ruleset::Shaped(r) => r,
        _ => panic!("{name} is not a game on shapes"),
    }
}

/// The simplest form and genus of a whole shape, by plain recursion over its moves.
pub(crate) fn shape_form(
    r: &dyn ShapedRules,
    s: &Shape,
    forms: &mut MisereForms,
    memo: &mut HashMap<String, (MisereId, Genus)>,
) -> (MisereId, Genus) {
    let text = r.write(s);
    if let Some(x) = memo.get(&text) {
        return x.clone();
    }
    let mut mv = Vec::new();
    r.moves(s, Player::Left, &mut mv);
    let (mut opts, mut genera) = (vec![], vec![]);
    for m in &mv {
        let (f, g) = shape_form(r, &m.after, forms, memo);
        opts.push(f);
        genera.push(g);
    }
    let x = (
        forms.game(opts).unwrap(),
        Genus::of_options(genera.iter()).unwrap(),
    );
    memo.insert(text, x.clone());
    x
}

#[test]
fn shape_census_columns_are_the_whole_trees_symbols() {
    // Cram boards of at most 8 cells, posets of at most 6 elements, Chomp positions of at
    // most 15 squares: the column is CGSuite's symbol of the whole tree's simplest form.
    for (rules, max) in [("cram", 8), ("poset", 6), ("chomp", 15)] {
        let r = shaped(rules);
        let body =
            format!("name = \"j\"\nrules = \"{rules}\"\nmin_size = 1\nmax_size = {max}\nmisere = true\n");
        let (h, rows) = census(&body, "2");
        assert!(rows.len() > 250, "{rules}: {} rows", rows.len());
        let (pos, genus) = (column(&h, "position"), column(&h, "genus"));
        let (mut forms, mut phyla, mut memo) = (MisereForms::new(), Phyla::new(), HashMap::new());
        let mut abbreviated = 0;
        for row in &rows {
            let s = r.parse(&row[pos]).unwrap();
            let (f, tree) = shape_form(r, &s, &mut forms, &mut memo);
            let want = phyla.genus_symbol(&mut forms, f).unwrap();
            assert_eq!(&row[genus], want, "{rules} {}", &row[pos]);
            assert_eq!(cgsuite_genus_in_full(&want), tree.to_string(), "{rules} {}", &row[pos]);
            abbreviated += (want != tree.to_string()) as usize;
        }
        assert!(abbreviated > 100, "{rules}: {abbreviated} abbreviated");
    }
}

#[test]
fn census_columns_do_not_depend_on_the_thread_count() {
    // The canonical-form store is shared by the census's threads; the forms it holds and
    // so the symbols do not depend on the order they are asked for.
    for body in [
        "name = \"j\"\nrules = \"node-kayles\"\nfamily = \"all\"\nmin_vertices = 1\n\
         max_vertices = 8\nmisere = true\n",
        "name = \"j\"\nrules = \"poset\"\nmin_size = 1\nmax_size = 6\nmisere = true\n",
    ] {
        let one = census(body, "1");
        let two = census(body, "2");
        assert!(one.1.len() > 300, "{} rows", one.1.len());
        assert_eq!(one, two, "{body}");
    }
}

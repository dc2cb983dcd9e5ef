//! The `tame` column (census rows with misère play, `octal --misere`) is CGSuite's
//! `IsTame` of the position's misère canonical form: its phylum is nim heap or
//! hereditarily tame (`lib/core/src/main/scala/org/cgsuite/core/misere/
//! MisereCanonicalGameOps.java`, `isTame`; `Phylum.java`, `HEREDITARILY_TAME_PHYLA`).
//!
//! - CGSuite's own strings (`GameHeapTest.scala`, Kayles and Dawson's Kayles heaps 0-20):
//!   a heap printed as a lone number has phylum nim heap, so it is tame; one printed with
//!   two or more superscripts has phylum tameable, restless or wild, so it is not.
//! - Independently of the phylum code: every row's column says whether its simplest
//!   form, built here from the whole game tree by plain recursion, and every position of
//!   that form have tame genera (ONAG ch. 12, WW ch. 13; `misere_phylum::form_tame`); and
//!   every row whose simplest form is a nim heap is tame, some of them with a wild
//!   position in their game tree (a reversible move, bypassed).

use crate::common;

use std::collections::HashMap;

use common::cli::{run, stderr, stdout};
use gamecensus::graphs::parse_graph6;
use gamecensus::values::misere_canonical::MisereForms;

use crate::misere::adjacency;
use crate::misere_genus_columns::{census, column, graph_form, records, shape_form, shaped};
use crate::misere_phylum::{HeapForms, form_tame, take_and_split};

#[test]
fn octal_tame_column_for_kayles_and_dawsons_kayles_is_cgsuites() {
    // CGSuite, lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala: Genus of
    // heaps 0..20 as CGSuite prints it (by the phylum of the simplest form).
    type Moves = Box<dyn Fn(&u32) -> Vec<Vec<u32>>>;
    let cases: [(&str, Moves, &str); 2] = [
        (
            "0.77",
            Box::new(|&n| {
                let mut v = take_and_split(n, 1, 2);
                v.extend(take_and_split(n, 2, 2));
                v
            }),
            "0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031",
        ),
        (
            "0.07",
            Box::new(|&n| take_and_split(n, 2, 2)),
            "0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3",
        ),
    ];
    for (code, moves, want) in cases {
        let o = run(&["octal", code, "--max", "20", "--misere"], None);
        assert!(o.status.success(), "{}", stderr(&o));
        let (h, rows) = records(&stdout(&o));
        let t = column(&h, "tame");
        let mut hf = HeapForms {
            forms: MisereForms::new(),
            memo: HashMap::new(),
        };
        let mut memo = HashMap::new();
        let mut wild = vec![];
        for (n, w) in want.split(',').enumerate() {
            let got = &rows[n][t];
            let superscripts = w.split_once('^').map_or(0, |(_, s)| s.len());
            match superscripts {
                0 => assert_eq!(got, "true", "{code} heap {n}: {w} is a nim heap"),
                1 => {}
                _ => assert_eq!(got, "false", "{code} heap {n}: {w} is printed in full"),
            }
            let f = hf.form(&(n as u32), &*moves);
            let tame = form_tame(&hf.forms, f, &mut memo);
            assert_eq!(got, tame.to_string(), "{code} heap {n}: {w}");
            if !tame {
                wild.push(n.to_string());
            }
        }
        // The summary lists the same heaps.
        let summary = stderr(&o);
        let list = format!("IsTame): {};", wild.join(" "));
        assert!(summary.contains(&list), "{summary} lacks {list}");
    }
}

/// Counts of (rows, rows whose simplest form is a nim heap, such rows with a position
/// of wild genus in their game tree), for the test to say it checked something.
#[derive(Default, Debug)]
struct Seen(usize, usize, usize);

#[test]
fn census_tame_column_judges_the_simplest_form() {
    // Every graph of 1 to 7 vertices under the three impartial rules, and Cram boards of
    // at most 8 cells, posets of at most 6 elements, Chomp positions of at most 12
    // squares.
    let mut seen = Seen::default();
    for rules in ["node-kayles", "impartial-cutthroat", "clique-forming"] {
        let body = format!(
            "name = \"j\"\nrules = \"{rules}\"\nfamily = \"all\"\nmin_vertices = 1\n\
             max_vertices = 7\nmisere = true\n"
        );
        let (h, rows) = census(&body, "2");
        let (g6, t) = (column(&h, "graph6"), column(&h, "tame"));
        let mut forms = MisereForms::new();
        let mut tame_memo = HashMap::new();
        for row in &rows {
            let g = parse_graph6(&row[g6]).unwrap();
            let adj = adjacency(&g);
            let mut memo = HashMap::new();
            let (f, _) = graph_form(rules, &adj, (1 << g.n()) - 1, &mut forms, &mut memo);
            let tree_wild = memo.values().any(|(_, x)| !x.is_tame_genus());
            check(&mut forms, f, tree_wild, &row[t], &mut tame_memo, &mut seen);
        }
    }
    for (rules, max) in [("cram", 8), ("poset", 6), ("chomp", 12)] {
        let r = shaped(rules);
        let body = format!(
            "name = \"j\"\nrules = \"{rules}\"\nmin_size = 1\nmax_size = {max}\nmisere = true\n"
        );
        let (h, rows) = census(&body, "2");
        let (pos, t) = (column(&h, "position"), column(&h, "tame"));
        let mut forms = MisereForms::new();
        let mut tame_memo = HashMap::new();
        for row in &rows {
            let s = r.parse(&row[pos]).unwrap();
            let mut memo = HashMap::new();
            let (f, _) = shape_form(r, &s, &mut forms, &mut memo);
            let tree_wild = memo.values().any(|(_, x)| !x.is_tame_genus());
            check(&mut forms, f, tree_wild, &row[t], &mut tame_memo, &mut seen);
        }
    }
    assert!(seen.0 > 3000 && seen.1 > 500 && seen.2 > 0, "{seen:?}");
}

fn check(
    forms: &mut MisereForms,
    f: gamecensus::values::misere_canonical::MisereId,
    tree_wild: bool,
    column: &str,
    memo: &mut HashMap<gamecensus::values::misere_canonical::MisereId, (gamecensus::values::genus::Genus, bool)>,
    seen: &mut Seen,
) {
    let tame = form_tame(forms, f, memo);
    assert_eq!(column, tame.to_string(), "{:?}", forms.notation(f));
    seen.0 += 1;
    let heap = forms.heap(forms.nim_value(f)).unwrap();
    if f == heap {
        assert_eq!(column, "true", "{:?} is a nim heap", forms.notation(f));
        seen.1 += 1;
        seen.2 += tree_wild as usize;
    }
}

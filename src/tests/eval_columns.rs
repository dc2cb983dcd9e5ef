//! `eval --columns`: only the columns asked for, in the order asked for; the rows are
//! the full rows' fields in that order (the columns left out are not computed, which
//! never changes the others); bad lists are one-line usage errors.

use crate::common;

use common::cli::{assert_usage_error, run, stderr, stdout};

/// The rows of a CSV text, as fields.
fn rows(text: &str) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

#[test]
fn selected_columns_in_the_order_asked_for() {
    // The star K_{1,3} with a black centre, one black and two white leaves: •(1, 2) = ⇑
    // (McCurdy & Nowakowski, INTEGERS 5 (2005), Lemma 1), atomic weight 2.
    let o = run(
        &[
            "eval", "--rules", "cutthroat", "--graph", "Cs", "--colouring", "BBWW",
            "--columns", "value,outcome,atomic_weight,graph6",
        ],
        None,
    );
    assert_eq!(stdout(&o), "value,outcome,atomic_weight,graph6\n^2,L,2,Cs\n", "{}", stderr(&o));
    // Node Kayles on P5 (graph6 DQc): nim-value A002187(5) = 3.
    let o = run(
        &["eval", "--rules", "node-kayles", "--graph", "DQc", "--columns", "grundy"],
        None,
    );
    assert_eq!(stdout(&o), "grundy\n3\n", "{}", stderr(&o));
}

/// For every connected coloured graph of `n` vertices: the rows with `columns` are the
/// full rows' fields of those names, in that order.
fn check_projection(rules: &str, n: &str, colours: &str, columns: &[&str]) {
    let input = stdout(&run(
        &["enumerate", "-n", n, "--connected", "--colours", colours],
        None,
    ));
    let full = run(&["eval", "--rules", rules, "--threads", "2", "-"], Some(&input));
    let full = rows(&stdout(&full));
    let list = columns.join(",");
    let some = run(
        &["eval", "--rules", rules, "--threads", "2", "--columns", &list, "-"],
        Some(&input),
    );
    assert!(some.status.success(), "{}", stderr(&some));
    let some = rows(&stdout(&some));
    assert_eq!(some.len(), full.len());
    assert!(full.len() > 100, "{rules}: {} rows", full.len());
    let at: Vec<usize> = columns
        .iter()
        .map(|c| full[0].iter().position(|h| h == c).unwrap())
        .collect();
    for (a, b) in full.iter().zip(&some) {
        let want: Vec<&String> = at.iter().map(|&i| &a[i]).collect();
        assert_eq!(b.iter().collect::<Vec<_>>(), want, "{rules}");
    }
}

#[test]
fn selected_rows_are_the_full_rows_projected() {
    // Without the atomic weight (Cutthroat) and without temperature (Snort, Col): the
    // values, outcomes and the columns kept are as in the full rows.
    check_projection("cutthroat", "5", "2", &["colouring", "value", "graph6"]);
    check_projection("cutthroat", "5", "3", &["atomic_weight", "m", "outcome"]);
    check_projection("snort", "5", "3", &["mean", "graph6", "colouring", "value"]);
    check_projection("col", "4", "3", &["value", "temperature"]);
}

#[test]
fn bad_column_lists_are_usage_errors() {
    let cutthroat = ["eval", "--rules", "cutthroat", "--graph", "Cs", "--colouring", "BBWW"];
    let with = |list: &str| {
        let mut a = cutthroat.to_vec();
        a.extend(["--columns", list]);
        run(&a, None)
    };
    assert_usage_error(&with("value,bogus"), "no column \"bogus\"");
    assert_usage_error(&with("value,outcome,value"), "names \"value\" twice");
    assert_usage_error(&with(""), "no column");
    // Cutthroat has no temperature column (it is all-small).
    assert_usage_error(&with("temperature"), "graph6,colouring,n,m,outcome,value,grundy,atomic_weight");
    assert_usage_error(
        &run(&["eval", "--rules", "domineering", "--board", "..", "--columns", "cells"], None),
        "position,size,outcome,value,grundy,atomic_weight,temperature,mean",
    );
}

/// Rules on shapes: the rows of board lines (the bitboard path), of an edge list and of
/// a board too wide for the bitboards (the general path), of a CSV of ours read by its
/// position column, and of `--board`, with `--columns`, are the full rows projected.
#[test]
fn shaped_rows_are_the_full_rows_projected() {
    let wide = format!("{}|.{}", ".".repeat(70), "#".repeat(69));
    let lines = ["..|..", ".#|..", "0-1:V,1-2:H", wide.as_str(), "...|.#.", "....|.##."];
    for (rules, columns) in [
        ("domineering", ["value", "position", "temperature", "size", "atomic_weight"].as_slice()),
        ("cram", ["grundy", "position"].as_slice()),
    ] {
        let list = columns.join(",");
        let full = stdout(&run(&["eval", "--rules", rules, "-"], Some(&lines.join("\n"))));
        for input in [lines.join("\n"), full.clone()] {
            let some = run(&["eval", "--rules", rules, "--columns", &list, "-"], Some(&input));
            assert!(some.status.success(), "{}", stderr(&some));
            let (full, some) = (rows(&full), rows(&stdout(&some)));
            assert_eq!(some.len(), lines.len() + 1);
            for (a, b) in full.iter().zip(&some) {
                let want: Vec<&String> = columns
                    .iter()
                    .map(|c| &a[full[0].iter().position(|h| h == c).unwrap()])
                    .collect();
                assert_eq!(b.iter().collect::<Vec<_>>(), want, "{rules}");
            }
        }
        let one = run(
            &["eval", "--rules", rules, "--board", lines[4], "--columns", &list],
            None,
        );
        assert_eq!(rows(&stdout(&one))[1], rows(&stdout(&run(
            &["eval", "--rules", rules, "--columns", &list, "-"],
            Some(lines[4]),
        )))[1]);
    }
}

//! `gamecensus analyze` on the small reference CSVs of results/reference/: grouping
//! counts and smallest counterexamples against an independent computation (pandas),
//! checks with their exit codes, graph invariants against networkx on every graph up to
//! 7 vertices, bad input, and shards read as one table. Sequences and periodicity are in
//! sequences.rs, the CSV format and its loaders in csv_format.rs.

use crate::common;

use std::process::Output;

use common::csvs::{gamecensus, python, reference, text};

#[test]
fn group_counts_equal_pandas() {
    let csv = reference("cutthroat-bw-5.csv");
    let o = gamecensus(
        &[
            "analyze",
            &csv,
            "--by",
            "n,atomic_weight",
            "--format",
            "csv",
        ],
        None,
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let ours: Vec<String> = text(&o.stdout)
        .lines()
        .skip(1)
        .map(|l| l.split(',').take(3).collect::<Vec<_>>().join(","))
        .collect();
    let theirs = python(&format!(
        "import pandas as pd\n\
         df = pd.read_csv({csv:?}, dtype=str, keep_default_na=False)\n\
         g = df.groupby(['n', 'atomic_weight']).size()\n\
         for (n, w), c in sorted(g.items(), key=lambda x: (int(x[0][0]), int(x[0][1]))):\n    print(f'{{n}},{{w}},{{c}}')"
    ));
    assert_eq!(ours, theirs.lines().collect::<Vec<_>>());
    // Shares are within each n: they sum to 1 for every n.
    let o = gamecensus(
        &["analyze", &csv, "--by", "n,outcome", "--format", "json"],
        None,
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let mut sums = std::collections::BTreeMap::new();
    for g in v["groupings"][0]["groups"].as_array().unwrap() {
        *sums
            .entry(g["n"].as_str().unwrap().to_string())
            .or_insert(0.0) += g["share"].as_f64().unwrap();
    }
    assert!(sums.values().all(|s| (s - 1.0f64).abs() < 1e-9), "{sums:?}");
}

#[test]
fn checks_pass_fail_and_show_the_smallest_counterexamples() {
    // Every Cutthroat atomic weight up to 5 vertices is an integer: exit 0.
    let o = gamecensus(
        &[
            "analyze",
            &reference("cutthroat-bw-5.csv"),
            "--check",
            "is_integer(atomic_weight)",
            "--format",
            "table",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("357 rows hold, 0 violate"),
        "{}",
        text(&o.stdout)
    );
    // Clobber has non-integer ones at 5 vertices: exit 1, and the smallest (fewest
    // vertices, then edges, then graph6 and colouring) are those pandas finds.
    let csv = reference("clobber-5.csv");
    let o = gamecensus(
        &[
            "analyze",
            &csv,
            "--check",
            "is_integer(atomic_weight)",
            "--examples",
            "3",
            "--format",
            "csv",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let sections: Vec<&str> = out.split("\n\n").collect();
    let counterexamples: Vec<&str> = sections[1].lines().skip(1).collect();
    let theirs = python(&format!(
        "import csv\n\
         rows = [r for r in csv.reader(open({csv:?}))][1:]\n\
         bad = [r for r in rows if not r[7].lstrip('-').isdigit()]\n\
         print(len(rows) - len(bad), len(bad))\n\
         bad.sort(key=lambda r: (int(r[2]), int(r[3]), r[0], r[1]))\n\
         for r in bad[:3]: print(r[0], r[1])"
    ));
    let mut theirs = theirs.lines();
    let counts: Vec<&str> = theirs.next().unwrap().split(' ').collect();
    assert!(
        sections[0].contains(&format!(",{},{}", counts[0], counts[1])),
        "{out}"
    );
    let ours: Vec<String> = counterexamples
        .iter()
        .map(|l| l.split(',').take(2).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(ours, theirs.collect::<Vec<_>>());
    // A predicate over game values: every position Left wins has a positive value and
    // outcome L, computed in two ways.
    let o = gamecensus(
        &[
            "analyze",
            &csv,
            "--check",
            "(value > 0) == (outcome == 'L')",
            "--check",
            "(value || 0) == (outcome == 'N')",
        ],
        None,
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
}

/// Empty cells follow SQL's NULL: checks count holds / violates / unknown, and
/// `--where` keeps only true rows, as DuckDB (a SQL engine) counts them.
#[test]
fn empty_cells_are_unknown_as_in_sql() {
    let csv = reference("cutthroat-bw-5.csv");
    // Cutthroat is partizan: every grundy cell is empty, so `grundy < 4` is unknown on
    // every row (it used to count all 357 rows as violations).
    let o = gamecensus(
        &[
            "analyze",
            &csv,
            "--check",
            "grundy < 4",
            "--format",
            "table",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("check grundy < 4: 0 rows hold, 0 violate, 357 unknown"),
        "{}",
        text(&o.stdout)
    );
    // Ours and DuckDB's (a implies b written as not a or b) on mixed predicates.
    let cases = [
        ("grundy < 4", "grundy < 4"),
        ("not (grundy < 4)", "not (grundy < 4)"),
        ("grundy < 4 or n > 3", "grundy < 4 or n > 3"),
        ("grundy < 4 and n > 3", "grundy < 4 and n > 3"),
        ("not (grundy < 4 and n > 3)", "not (grundy < 4 and n > 3)"),
        ("n > 3 implies grundy < 4", "not (n > 3) or grundy < 4"),
        ("grundy < 4 implies n > 3", "not (grundy < 4) or n > 3"),
        ("n == 3 implies m == 2", "not (n = 3) or m = 2"),
        (
            "is_empty(grundy) or grundy >= 1",
            "grundy is null or grundy >= 1",
        ),
    ];
    let mut args = vec!["analyze", csv.as_str(), "--format", "csv"];
    for (ours, _) in &cases {
        args.extend(["--check", ours]);
    }
    let o = gamecensus(&args, None);
    let out = text(&o.stdout);
    let ours: Vec<String> = out
        .split("\n\n")
        .next()
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            l.rsplitn(4, ',').collect::<Vec<_>>()[..3]
                .iter()
                .rev()
                .cloned()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let sql: Vec<String> = cases
        .iter()
        .map(|(_, q)| {
            format!(
                "count(*) filter (where ({q})), count(*) filter (where not ({q})), \
                 count(*) filter (where ({q}) is null)"
            )
        })
        .collect();
    let theirs = python(&format!(
        "import duckdb\n\
         t = \"read_csv('\" + {csv:?} + \"', types={{'grundy': 'BIGINT', 'n': 'BIGINT', 'm': 'BIGINT'}})\"\n\
         for q in {sql:?}:\n    print(*duckdb.sql(f'select {{q}} from {{t}}').fetchall()[0])"
    ));
    assert_eq!(ours, theirs.lines().collect::<Vec<_>>(), "{out}");
    // --where keeps the true rows only: not the unknown ones.
    let o = gamecensus(
        &[
            "analyze",
            &csv,
            "--where",
            "grundy < 4 or n == 3",
            "--format",
            "csv",
        ],
        None,
    );
    let theirs = python(&format!(
        "import duckdb\n\
         t = \"read_csv('\" + {csv:?} + \"', types={{'grundy': 'BIGINT'}})\"\n\
         print(duckdb.sql(f'select count(*) from {{t}} where grundy < 4 or n = 3').fetchall()[0][0])"
    ));
    assert_eq!(text(&o.stdout), format!("rows\n{theirs}"));
}

#[test]
fn first_of_each_value() {
    let o = gamecensus(
        &[
            "analyze",
            &reference("clobber-5.csv"),
            "--first-of",
            "atomic_weight",
            "--format",
            "csv",
        ],
        None,
    );
    let out = text(&o.stdout);
    // A column of the CSV: the rows under the CSV's header, one column of each name.
    let header = std::fs::read_to_string(reference("clobber-5.csv")).unwrap();
    assert_eq!(out.lines().next(), header.lines().next(), "{out}");
    // The smallest position with weight 1/2 is on 5 vertices (none smaller has one).
    let half = out.lines().find(|l| l.ends_with(",1/2")).unwrap();
    assert!(half.contains(",5,"), "{half}");
    let zero = out.lines().find(|l| l.ends_with(",0")).unwrap();
    assert!(zero.starts_with("@,B,1,0,"), "{zero}");
    // An expression: a first column named by it.
    let o = gamecensus(
        &[
            "analyze",
            &reference("clobber-5.csv"),
            "--first-of",
            "max_degree",
            "--format",
            "csv",
        ],
        None,
    );
    let out = text(&o.stdout);
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("max_degree,graph6,"), "{out}");
    assert_eq!(first.matches("value").count(), 1, "{out}");
}

#[test]
fn graph_invariants_equal_networkx_on_every_graph_up_to_7_vertices() {
    let graphs = gamecensus(&["enumerate", "--min-vertices", "1", "-n", "7"], None);
    let csv = gamecensus(
        &["eval", "--rules", "node-kayles", "-"],
        Some(&graphs.stdout),
    );
    let cols = "graph6,max_degree,min_degree,is_connected,components,is_tree,is_path,is_cycle,\
                is_star,is_bipartite,triangles,girth,diameter,clique_number,automorphisms";
    let o = gamecensus(
        &["analyze", "/dev/stdin", "--by", cols, "--format", "csv"],
        Some(&csv.stdout),
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let dir = tempfile::tempdir().unwrap();
    let ours = dir.path().join("ours.csv");
    std::fs::write(&ours, &o.stdout).unwrap();
    let mismatches = python(&format!(
        r#"
import csv, networkx as nx
from networkx.algorithms.isomorphism import GraphMatcher
bad = 0
rows = list(csv.DictReader(open({ours:?})))
for r in rows:
    g = nx.from_graph6_bytes(r["graph6"].encode())
    n = g.number_of_nodes()
    deg = [d for _, d in g.degree()]
    con = nx.is_connected(g)
    want = {{
        "max_degree": max(deg), "min_degree": min(deg), "is_connected": con,
        "components": nx.number_connected_components(g), "is_tree": nx.is_tree(g),
        "is_path": nx.is_tree(g) and max(deg) <= 2,
        "is_cycle": n >= 3 and con and all(d == 2 for d in deg),
        "is_star": g.number_of_edges() == n - 1 and max(deg) == n - 1,
        "is_bipartite": nx.is_bipartite(g), "triangles": sum(nx.triangles(g).values()) // 3,
        "girth": nx.girth(g), "diameter": nx.diameter(g) if con else None,
        "clique_number": max(len(c) for c in nx.find_cliques(g)),
        "automorphisms": sum(1 for _ in GraphMatcher(g, g).isomorphisms_iter()),
        "count": 1,
    }}
    for k, v in want.items():
        got = r[k]
        if isinstance(v, bool): v = "true" if v else "false"
        elif v is None or v == float("inf"): v = ""
        if got != str(v):
            bad += 1
            print(r["graph6"], k, got, v)
print(len(rows), bad)
"#
    ));
    assert_eq!(mismatches.lines().last().unwrap(), "1252 0", "{mismatches}");
}

/// A usage error: exit 2, one line on stderr containing `needle`.
fn usage_error(o: &Output, needle: &str) {
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains(needle), "{needle:?} not in {err}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let csv = reference("cutthroat-bw-5.csv");
    usage_error(
        &gamecensus(&["analyze", &csv, "--by", "colour"], None),
        "unknown column \"colour\"",
    );
    usage_error(
        &gamecensus(&["analyze", &csv, "--check", "n >"], None),
        "cannot read it",
    );
    usage_error(
        &gamecensus(&["analyze", &csv, "--check", "n + 1"], None),
        "not true or false",
    );
    usage_error(
        &gamecensus(&["analyze", &csv, "--where", "frob(n) > 1"], None),
        "unknown function",
    );
    usage_error(
        &gamecensus(&["analyze", &csv, "--check", "n || 1"], None),
        "confused",
    );
    // A game value written bare: the message shows it in quotes.
    usage_error(
        &gamecensus(&["analyze", &csv, "--check", "value == ^*"], None),
        "game values are written in quotes: value == \"^*\"",
    );
    usage_error(
        &gamecensus(
            &["analyze", &csv, "--where", "n > 2 and value || {1|0}"],
            None,
        ),
        "n > 2 and value || \"{1|0}\"",
    );
    // The same file twice, under another name: refused, not counted twice.
    let other_name = std::path::Path::new(&csv)
        .parent()
        .unwrap()
        .join("../reference/cutthroat-bw-5.csv");
    usage_error(
        &gamecensus(&["analyze", &csv, other_name.to_str().unwrap()], None),
        "are the same file",
    );
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let write = |name: &str, body: &[u8]| {
        let p = d.join(name);
        std::fs::write(&p, body).unwrap();
        p.to_string_lossy().into_owned()
    };
    usage_error(
        &gamecensus(&["analyze", &write("bin", b"\x00\x01\x02\xff")], None),
        "header",
    );
    usage_error(
        &gamecensus(&["analyze", &write("empty.csv", b"")], None),
        "empty",
    );
    usage_error(
        &gamecensus(&["analyze", &write("cut.csv", b"graph6,colou")], None),
        "header",
    );
    usage_error(
        &gamecensus(&["analyze", &d.join("missing.csv").to_string_lossy()], None),
        "cannot read",
    );
    let other = write("other.csv", b"n,grundy\n0,0\n");
    usage_error(
        &gamecensus(&["analyze", &csv, &other], None),
        "another header",
    );
    let quote = write("quote.csv", b"graph6,colouring,n\nA_,BW,\"2\n");
    usage_error(
        &gamecensus(&["analyze", &quote, "--by", "n"], None),
        "line 2",
    );
    let g6 = write("g6.csv", b"graph6,colouring,n\nD!!,BW,2\n");
    usage_error(
        &gamecensus(&["analyze", &g6, "--by", "max_degree"], None),
        "graph6",
    );
    // A torn last line (an interrupted run) is reported and skipped.
    let full = std::fs::read(&csv).unwrap();
    let torn = write("torn.csv", &[&full[..], b"DQc,BWB"].concat());
    let o = gamecensus(&["analyze", &torn, "--format", "table"], None);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("torn line (7 bytes"),
        "{}",
        text(&o.stdout)
    );
    assert!(text(&o.stdout).contains("357 rows"), "{}", text(&o.stdout));
}

#[test]
fn shards_are_read_as_one_table() {
    let dir = tempfile::tempdir().unwrap();
    let job = dir.path().join("j.toml");
    std::fs::write(
        &job,
        "name = 'j'\nrules = 'node-kayles'\nmax_vertices = 7\n",
    )
    .unwrap();
    let mut files = Vec::new();
    for i in 0..3 {
        let out = dir.path().join(format!("s{i}.csv"));
        let o = gamecensus(
            &[
                "run",
                &job.to_string_lossy(),
                "--shard",
                &format!("{i}/3"),
                "--out",
                &out.to_string_lossy(),
                "--quiet",
            ],
            None,
        );
        assert!(o.status.success(), "{}", text(&o.stderr));
        files.push(out.to_string_lossy().into_owned());
    }
    let mut args = vec!["analyze"];
    args.extend(files.iter().map(|s| s.as_str()));
    args.extend(["--by", "n", "--format", "csv"]);
    let o = gamecensus(&args, None);
    let counts: Vec<String> = text(&o.stdout)
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().to_string())
        .collect();
    // A000088: graphs with 1..7 vertices.
    assert_eq!(counts, ["1", "2", "4", "11", "34", "156", "1044"]);
}

//! `gamecensus analyze` on the small reference CSVs of results/reference/: grouping
//! counts and smallest counterexamples against an independent computation (pandas),
//! checks with their exit codes, the periodicity of published sequences, graph
//! invariants against networkx on every graph up to 7 vertices, bad input, and the
//! loading one-liners of docs/CSV.md.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn reference(name: &str) -> String {
    root()
        .join("results/reference")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn gamecensus(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamecensus"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut pipe = child.stdin.take().unwrap();
        if let Some(s) = stdin {
            pipe.write_all(s).unwrap();
        }
    }
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs a Python script in the project's test environment (scripts/setup.sh makes it).
fn python(script: &str) -> String {
    let py = std::env::var("GAMECENSUS_PYENV")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root().join("target/pyenv"))
        .join("bin/python");
    let o = Command::new(&py)
        .args(["-c", script])
        .current_dir(root())
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "{} ({e}): run scripts/setup.sh to create the Python environment",
                py.display()
            )
        });
    assert!(o.status.success(), "{script}\n{}", text(&o.stderr));
    text(&o.stdout)
}

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
    // The smallest position with weight 1/2 is on 5 vertices (none smaller has one).
    let half = out.lines().find(|l| l.starts_with("1/2,")).unwrap();
    assert!(half.contains(",5,"), "{half}");
    let zero = out.lines().find(|l| l.starts_with("0,")).unwrap();
    assert!(zero.starts_with("0,@,B,1,0,"), "{zero}");
}

#[test]
fn sequences_are_found_periodic() {
    // Kayles 0.77: period 12 from n = 71 (RULES.md; OEIS A002186).
    let o = gamecensus(
        &[
            "analyze",
            &reference("kayles-1000.csv"),
            "--sequence",
            "grundy",
            "--index",
            "n",
            "--format",
            "json",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["sequence"]["period"], 12);
    assert_eq!(v["sequence"]["preperiod"], 71);
    assert_eq!(v["sequence"]["saltus"], 0);
    // Its 14 exceptional values (Winning Ways, ch. 4, "Kayles"; OEIS A002186).
    assert_eq!(
        v["sequence"]["exceptions"],
        serde_json::json!([0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70])
    );
    // Cutthroat stars with a black centre and m white leaves: aw(•(0, m)) = m − 1 for
    // m ≥ 1 and aw(•(0, 0)) = 0 (McCurdy & Nowakowski, Table 3): arithmetic-periodic
    // with period 1 and saltus 1 from n = 2 (m = 1), the one exception at n = 1.
    let o = gamecensus(
        &[
            "analyze",
            &reference("cutthroat-stars.csv"),
            "--sequence",
            "atomic_weight",
            "--index",
            "n",
            "--format",
            "json",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let s = &v["sequence"];
    assert_eq!(
        (
            s["period"].as_u64(),
            s["saltus"].as_i64(),
            s["preperiod"].as_u64()
        ),
        (Some(1), Some(1), Some(2))
    );
    assert_eq!(s["exceptions"], serde_json::json!([1]));
    // Families are one pipe away: Node Kayles on stars K_{1,n-1}.
    let stars = gamecensus(
        &[
            "enumerate",
            "--family",
            "star",
            "--min-vertices",
            "1",
            "-n",
            "40",
        ],
        None,
    );
    let csv = gamecensus(
        &["eval", "--rules", "node-kayles", "-"],
        Some(&stars.stdout),
    );
    let o = gamecensus(
        &[
            "analyze",
            "/dev/stdin",
            "--sequence",
            "value",
            "--index",
            "n",
            "--format",
            "json",
        ],
        Some(&csv.stdout),
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["sequence"]["period"], 2, "{v}");
    // A coloured family through the same pipe: star-bw is •(0, n − 1), a black centre
    // with white leaves, so aw = n − 2 from n = 2 and aw(•(0, 0)) = 0 (McCurdy &
    // Nowakowski, Lemma 4): saltus 1, period 1, the one exception at n = 1.
    let stars = gamecensus(
        &[
            "enumerate",
            "--family",
            "star-bw",
            "--min-vertices",
            "1",
            "-n",
            "40",
        ],
        None,
    );
    let csv = gamecensus(&["eval", "--rules", "cutthroat", "-"], Some(&stars.stdout));
    let o = gamecensus(
        &[
            "analyze",
            "-",
            "--sequence",
            "atomic_weight",
            "--index",
            "n",
            "--format",
            "json",
        ],
        Some(&csv.stdout),
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let s = &v["sequence"];
    assert_eq!(
        (
            s["period"].as_u64(),
            s["saltus"].as_i64(),
            s["preperiod"].as_u64()
        ),
        (Some(1), Some(1), Some(2)),
        "{v}"
    );
    assert_eq!(s["exceptions"], serde_json::json!([1]));
}

#[test]
fn equally_spaced_indices_give_periods_in_index_units() {
    // Values 5 at n = 0, then 1, 2, 1, 2, ... at n = 2, 4, 6, ...: period 4 in n (two
    // steps of 2), from n = 2; the value at n = 0 is the one exception. Read from stdin.
    let mut csv = String::from("n,g\n0,5\n");
    for k in 1..=30 {
        csv.push_str(&format!("{},{}\n", 2 * k, 1 + (k + 1) % 2));
    }
    let o = gamecensus(
        &[
            "analyze",
            "-",
            "--sequence",
            "g",
            "--index",
            "n",
            "--format",
            "json",
        ],
        Some(csv.as_bytes()),
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let s = &v["sequence"];
    assert_eq!(
        (s["period"].as_u64(), s["preperiod"].as_u64()),
        (Some(4), Some(2)),
        "{v}"
    );
    assert_eq!(s["exceptions"], serde_json::json!([0]));
    // Unequal spacing is refused.
    let o = gamecensus(
        &["analyze", "-", "--sequence", "g", "--index", "n"],
        Some(b"n,g\n1,0\n2,0\n4,0\n"),
    );
    assert_eq!(o.status.code(), Some(2));
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

#[test]
fn eval_reads_our_own_csv() {
    let csv = std::fs::read(reference("clobber-5.csv")).unwrap();
    let o = gamecensus(&["eval", "--rules", "clobber", "-"], Some(&csv));
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(o.stdout, csv);
}

/// The sum of the n column of the reference CSV (read with the csv crate).
fn n_total() -> u64 {
    let mut r = csv::Reader::from_path(reference("cutthroat-bw-5.csv")).unwrap();
    r.records()
        .map(|rec| rec.unwrap()[2].parse::<u64>().unwrap())
        .sum()
}

#[test]
fn the_loading_one_liners_of_csv_md_work() {
    let doc = std::fs::read_to_string(root().join("docs/CSV.md")).unwrap();
    let blocks: Vec<(&str, String)> = doc
        .split("```")
        .collect::<Vec<_>>()
        .chunks(2)
        .filter_map(|c| c.get(1))
        .filter_map(|b| {
            b.split_once('\n')
                .map(|(lang, code)| (lang.trim(), code.to_string()))
        })
        .collect();
    let mut checked = 0;
    for (lang, code) in &blocks {
        match *lang {
            "python" if code.contains("TYPES = ") => {
                universal_types(code);
                checked += 1;
            }
            "python" => {
                let check = if code.contains("import pandas") {
                    "print(len(df), df['atomic_weight'].dtype, df['grundy'].isna().all(), df['n'].dtype)"
                } else if code.contains("import polars") {
                    "print(len(df), df['atomic_weight'].dtype, df['grundy'].null_count() == len(df), df['n'].dtype)"
                } else if code.contains("import duckdb") {
                    "print(len(rel.fetchall()), str(dict(zip(rel.columns, rel.dtypes))['atomic_weight']))"
                } else {
                    "print(len(graphs), sum(g.number_of_nodes() for g in graphs))"
                };
                let out = python(&format!("{code}\n{check}"));
                let want = if code.contains("import pandas") {
                    "357 string True int64"
                } else if code.contains("import polars") {
                    "357 String True Int64"
                } else if code.contains("import duckdb") {
                    "357 VARCHAR"
                } else {
                    // One graph per row, with as many vertices as the n column says.
                    &format!("357 {}", n_total())
                };
                assert_eq!(out.trim(), want, "{code}");
                checked += 1;
            }
            "sh" => {
                let o = Command::new("bash")
                    .args(["-c", code])
                    .current_dir(root())
                    .output()
                    .unwrap();
                assert!(o.status.success(), "{code}: {}", text(&o.stderr));
                // The connected graphs with 2..5 vertices (the single vertex has no
                // bicoloured reduced colouring): 1 + 2 + 6 + 21 (A001349).
                assert!(
                    text(&o.stdout).contains("30 graphs altogether"),
                    "{}",
                    text(&o.stdout)
                );
                checked += 1;
            }
            _ => {}
        }
    }
    assert_eq!(checked, 7);
}

/// The "any of our CSVs" snippet `code` (pandas or polars, reading `CSV`): its type
/// dictionary names every column the program writes, integers as integers and the rest
/// as text; and it reads a CSV of each kind with those types.
fn universal_types(code: &str) {
    use gamecensus::solving::ColumnType;
    let mut want: Vec<String> = gamecensus::analysis::query::known_columns()
        .map(|c| {
            let int = c.ty == ColumnType::Integer;
            format!("{} {}", c.name, if int { "int" } else { "text" })
        })
        .collect();
    want.sort();
    want.dedup();
    let polars = code.contains("import polars");
    let show = "print(sorted(set(f\"{c} {'int' if 'nt64' in str(t) else 'text'}\" for c, t in TYPES.items())))";
    let listed = python(&format!(
        "CSV = None\n{}\n{show}",
        code.lines().take(2).collect::<Vec<_>>().join("\n")
    ));
    let listed: Vec<String> = listed
        .trim()
        .trim_matches(['[', ']'])
        .split(", ")
        .map(|s| s.trim_matches('\'').to_string())
        .collect();
    assert_eq!(listed, want, "{code}");
    // Every kind of CSV: impartial, partizan with atomic weights, hot, scoring, octal,
    // octal sweep.
    let sweep = std::env::temp_dir().join(format!("gamecensus-sweep-{}.csv", std::process::id()));
    let job = std::env::temp_dir().join(format!("gamecensus-sweep-{}.toml", std::process::id()));
    std::fs::write(
        &job,
        format!(
            "name = \"sweep\"\nkind = \"octal-sweep\"\nmax_digits = 1\nmax_n = 100\noutput = \"{}\"\n",
            sweep.display()
        ),
    )
    .unwrap();
    let o = gamecensus(&["run", job.to_str().unwrap(), "--quiet"], None);
    assert!(o.status.success(), "{}", text(&o.stderr));
    for (csv, text_col) in [
        ("results/reference/cutthroat-stars.csv", "atomic_weight"),
        ("results/reference/clobber-5.csv", "atomic_weight"),
        ("results/col-connected-8.csv", "temperature"),
        ("results/snort-connected-8.csv", "temperature"),
        ("results/grundy-maps.csv", "best_moves"),
        ("results/reference/kayles-1000.csv", ""),
        (sweep.to_str().unwrap(), "code"),
    ] {
        let path = if csv.starts_with('/') {
            csv.to_string()
        } else {
            root().join(csv).display().to_string()
        };
        let check = if polars {
            format!(
                "print(len(df), str(df.schema.get('n', df.schema.get('max_n'))), str(df.schema.get('{text_col}', '')))"
            )
        } else {
            format!(
                "print(len(df), str(df.dtypes.get('n', df.dtypes.get('max_n'))), str(df.dtypes.get('{text_col}', '')))"
            )
        };
        let out = python(&format!("CSV = {path:?}\n{code}\n{check}"));
        let f: Vec<&str> = out.split_whitespace().collect();
        let rows = std::fs::read_to_string(&path).unwrap().lines().count() - 1;
        assert_eq!(f[0], rows.to_string(), "{csv}: {out}");
        assert!(f[1].contains("nt64"), "{csv}: {out}");
        if !text_col.is_empty() {
            assert!(f[2] == "string" || f[2] == "String", "{csv}: {out}");
        }
    }
    std::fs::remove_file(&sweep).ok();
    std::fs::remove_file(sweep.with_extension("csv.meta.json")).ok();
    std::fs::remove_file(&job).ok();
}

#[test]
fn csv_md_describes_every_column_as_the_code_does() {
    use gamecensus::analysis::query::known_columns;
    let doc = std::fs::read_to_string(root().join("docs/CSV.md")).unwrap();
    for c in known_columns() {
        let row = format!("| `{}` | {} | {} |", c.name, c.ty.name(), c.description);
        assert!(doc.contains(&row), "docs/CSV.md lacks the row {row}");
    }
}

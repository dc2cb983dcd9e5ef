//! `gamecensus analyze A.csv --join B.csv --on KEY`: two censuses of the same
//! positions compared row by row. Checked against DuckDB's inner join of the same files
//! (counts per group, a check's verdicts, rows without a partner), and the `canonical`
//! key against positions relabelled by networkx (a random permutation of each graph's
//! vertices, written back as graph6 by networkx): every row must meet its own position.

use crate::common;

use common::csvs::{gamecensus, job_csv, python, reference, text};

fn ok(args: &[&str]) -> String {
    let o = gamecensus(args, None);
    assert!(o.status.success(), "{args:?}\n{}", text(&o.stderr));
    text(&o.stdout)
}

/// Snort's and Col's censuses of the connected graphs up to 6 vertices, run once for
/// all the tests here (they run in parallel; two runs writing one file would collide).
fn snort_and_col() -> (String, String) {
    static PAIR: std::sync::OnceLock<(String, String)> = std::sync::OnceLock::new();
    PAIR.get_or_init(|| {
        let body =
            |rules: &str| format!("rules = {rules:?}\nconnected = true\nmax_vertices = 6\n");
        (
            job_csv("join-snort-6", &body("snort"))
                .to_string_lossy()
                .into_owned(),
            job_csv("join-col-6", &body("col"))
                .to_string_lossy()
                .into_owned(),
        )
    })
    .clone()
}

/// Rows of CSV text, header first.
fn lines(s: &str) -> Vec<String> {
    s.lines().map(str::to_string).collect()
}

#[test]
fn groups_and_checks_equal_duckdbs_join() {
    let (snort, col) = snort_and_col();
    // Groups: Snort's outcome against Col's, by n.
    let out = ok(&[
        "analyze",
        &snort,
        "--join",
        &col,
        "--on",
        "graph6",
        "--by",
        "n,outcome,b.outcome",
    ]);
    let ours: Vec<String> = lines(&out)[1..]
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            format!("{},{},{},{}", f[0], f[1], f[2], f[3])
        })
        .collect();
    let theirs = python(&format!(
        "import duckdb\n\
         a = \"read_csv('\" + {snort:?} + \"', all_varchar=true)\"\n\
         b = \"read_csv('\" + {col:?} + \"', all_varchar=true)\"\n\
         q = f'''select a.n::int, a.outcome, b.outcome, count(*) from {{a}} a join {{b}} b\n\
           on a.graph6 = b.graph6 group by all order by all'''\n\
         for r in duckdb.sql(q).fetchall(): print(','.join(str(x) for x in r))"
    ));
    assert_eq!(ours, lines(&theirs));
    assert!(ours.len() >= 6, "{out}");
    // A check comparing the two files' temperatures (dyadic fractions): holds and
    // violates as DuckDB counts them, comparing the numbers.
    let o = gamecensus(
        &[
            "analyze",
            &snort,
            "--join",
            &col,
            "--on",
            "graph6",
            "--check",
            "temperature > b.temperature",
            "--check",
            "mean == b.mean",
        ],
        None,
    );
    assert!(o.status.code() == Some(0) || o.status.code() == Some(1));
    let out = text(&o.stdout);
    let ours: Vec<String> = lines(&out)[1..]
        .iter()
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.rsplitn(4, ',').collect();
            format!("{},{}", f[2], f[1])
        })
        .collect();
    let theirs = python(&format!(
        "import duckdb\n\
         duckdb.execute(\"create macro num(x) as case when x is null or x = '' then null \
         when contains(x, '/') then split_part(x, '/', 1)::double / split_part(x, '/', 2)::double \
         else x::double end\")\n\
         a = \"read_csv('\" + {snort:?} + \"', all_varchar=true)\"\n\
         b = \"read_csv('\" + {col:?} + \"', all_varchar=true)\"\n\
         for c in ['num(a.temperature) > num(b.temperature)', 'num(a.mean) = num(b.mean)']:\n\
         \x20   q = f'select count(*) filter (where {{c}}), count(*) filter (where not ({{c}})) from {{a}} a join {{b}} b on a.graph6 = b.graph6'\n\
         \x20   print(*duckdb.sql(q).fetchall()[0], sep=',')"
    ));
    assert_eq!(ours, lines(&theirs), "{out}");
    // Some rows hold and some violate: the check is not vacuous.
    assert!(ours[0].split(',').all(|x| x != "0"), "{ours:?}");
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn rows_without_a_partner_are_left_out_and_counted() {
    let (snort, col) = snort_and_col();
    // Every third row of Col, written by Python's csv module.
    let dir = tempfile::tempdir().unwrap();
    let part = dir.path().join("part.csv");
    let part = part.to_str().unwrap();
    python(&format!(
        "import csv\n\
         rows = list(csv.reader(open({col:?})))\n\
         w = csv.writer(open({part:?}, 'w', newline=''), lineterminator='\\n')\n\
         w.writerow(rows[0]); w.writerows(rows[1::3])"
    ));
    let out = ok(&[
        "analyze", &snort, "--join", part, "--on", "graph6", "--by", "n", "--format", "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let theirs = python(&format!(
        "import duckdb\n\
         a = \"read_csv('\" + {snort:?} + \"', all_varchar=true)\"\n\
         b = \"read_csv('\" + {part:?} + \"', all_varchar=true)\"\n\
         print(duckdb.sql(f'select count(*) from {{a}} a join {{b}} b on a.graph6 = b.graph6').fetchall()[0][0])\n\
         print(duckdb.sql(f'select count(*) from {{a}} a anti join {{b}} b on a.graph6 = b.graph6').fetchall()[0][0])\n\
         print(duckdb.sql(f'select count(*) from {{b}} b anti join {{a}} a on a.graph6 = b.graph6').fetchall()[0][0])"
    ));
    let theirs: Vec<u64> = theirs.lines().map(|l| l.parse().unwrap()).collect();
    let j = &v["join"];
    assert_eq!(
        [
            j["paired"].as_u64(),
            j["unpaired"].as_u64(),
            j["unmet"].as_u64()
        ],
        [Some(theirs[0]), Some(theirs[1]), Some(theirs[2])],
        "{out}"
    );
    assert!(theirs[1] > 0);
    assert_eq!(v["matched"].as_u64(), Some(theirs[0]));
    let total: u64 = v["groupings"][0]["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["count"].as_u64().unwrap())
        .sum();
    assert_eq!(total, theirs[0]);
    // The other way round: every row of the part meets a row; the rest of Snort's are
    // not met. On stderr, a note says so when the output is not a table.
    let o = gamecensus(
        &[
            "analyze", part, "--join", &snort, "--on", "graph6", "--by", "n",
        ],
        None,
    );
    assert!(o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains(&format!(
            "{} rows paired; left out (an inner join): 0 of the first file without a partner, {} of the joined file met by none",
            theirs[0], theirs[1]
        )),
        "{err}"
    );
}

/// Writes `src` with every position relabelled by a random permutation of its vertices
/// (networkx writes the graph6 of a graph built with its vertices in order 0..n, since
/// it numbers vertices in insertion order; the colouring follows its vertices) to
/// `dst`, rows shuffled.
fn relabel(src: &str, dst: &str) {
    python(&format!(
        "import csv, random, networkx as nx\n\
         rnd = random.Random(27)\n\
         rows = list(csv.DictReader(open({src:?})))\n\
         out = []\n\
         for r in rows:\n\
         \x20   g = nx.from_graph6_bytes(r['graph6'].encode())\n\
         \x20   n = g.number_of_nodes()\n\
         \x20   p = list(range(n)); rnd.shuffle(p)\n\
         \x20   h = nx.Graph(); h.add_nodes_from(range(n))\n\
         \x20   h.add_edges_from((p[u], p[v]) for u, v in g.edges())\n\
         \x20   r['graph6'] = nx.to_graph6_bytes(h, header=False).decode().strip()\n\
         \x20   if r['colouring']:\n\
         \x20       c = [''] * n\n\
         \x20       for i, x in enumerate(r['colouring']): c[p[i]] = x\n\
         \x20       r['colouring'] = ''.join(c)\n\
         \x20   out.append(r)\n\
         rnd.shuffle(out)\n\
         w = csv.DictWriter(open({dst:?}, 'w', newline=''), fieldnames=list(rows[0]), lineterminator='\\n')\n\
         w.writeheader(); w.writerows(out)"
    ));
}

#[test]
fn canonical_pairs_each_position_with_itself_relabelled() {
    let dir = tempfile::tempdir().unwrap();
    let a = reference("cutthroat-bw-5.csv");
    let b = dir.path().join("relabelled.csv");
    let b = b.to_str().unwrap();
    relabel(&a, b);
    // The relabelling moved most positions' graph6 or colouring: a key of those
    // columns pairs few rows, the canonical key every one.
    let plain = ok(&[
        "analyze",
        &a,
        "--join",
        b,
        "--on",
        "graph6,colouring",
        "--format",
        "json",
        "--by",
        "n",
    ]);
    let plain: serde_json::Value = serde_json::from_str(&plain).unwrap();
    let out = ok(&[
        "analyze",
        &a,
        "--join",
        b,
        "--on",
        "canonical",
        "--prefix",
        "r",
        "--check",
        "value == r.value",
        "--check",
        "atomic_weight == r.atomic_weight and outcome == r.outcome",
        "--check",
        "n == r.n and m == r.m",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["join"]["paired"].as_u64(), Some(357), "{out}");
    assert_eq!(v["join"]["unmet"].as_u64(), Some(0), "{out}");
    assert!(
        plain["join"]["paired"].as_u64().unwrap() < 357 / 2,
        "{plain}"
    );
    for c in v["checks"].as_array().unwrap() {
        assert_eq!(
            (c["holds"].as_u64(), c["violates"].as_u64()),
            (Some(357), Some(0)),
            "{c}"
        );
    }
    // Whole rows exported: the first file's columns, then the joined file's under the
    // prefix; each row is both lines.
    let e = dir.path().join("both.csv");
    ok(&[
        "analyze",
        &a,
        "--join",
        b,
        "--on",
        "canonical",
        "--where",
        "n == 5",
        "--export",
        e.to_str().unwrap(),
    ]);
    let both = std::fs::read_to_string(&e).unwrap();
    let header = std::fs::read_to_string(&a).unwrap();
    let header = header.lines().next().unwrap();
    let want: Vec<String> = header
        .split(',')
        .map(str::to_string)
        .chain(header.split(',').map(|h| format!("b.{h}")))
        .collect();
    assert_eq!(both.lines().next().unwrap(), want.join(","));
    assert_eq!(both.lines().count(), 1 + 312, "{both}");
    let mut r = csv::Reader::from_reader(both.as_bytes());
    for rec in r.records() {
        let rec = rec.unwrap();
        assert_eq!(rec.len(), want.len());
        // Both halves are the same position's row: the same value.
        assert_eq!(rec[5], rec[8 + 5], "{rec:?}");
    }
}

#[test]
fn bad_joins_get_one_line() {
    let a = reference("cutthroat-bw-5.csv");
    let fails = |args: &[&str], want: &str| {
        let o = gamecensus(args, None);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    };
    // A key that does not identify the joined file's rows: refused, naming two lines
    // (n = 2 is one row; n = 3 is on lines 3 to 8).
    fails(
        &["analyze", &a, "--join", &a, "--on", "n", "--by", "n"],
        "has the key \"3\" (--on n) on lines 3 and 4",
    );
    fails(
        &[
            "analyze",
            &a,
            "--join",
            &a,
            "--on",
            "temperature",
            "--by",
            "n",
        ],
        "--on temperature: the first files",
    );
    fails(
        &[
            "analyze",
            &a,
            "--join",
            &a,
            "--on",
            "canonical",
            "--prefix",
            "b.c",
            "--by",
            "n",
        ],
        "--prefix",
    );
    fails(&["analyze", &a, "--join", &a, "--by", "n"], "--on");
    fails(
        &[
            "analyze",
            &a,
            "--join",
            &a,
            "--on",
            "canonical",
            "--by",
            "b.nope",
        ],
        "unknown column \"b.nope\"",
    );
    fails(
        &[
            "analyze",
            &a,
            "--join",
            &a,
            "--on",
            "canonical",
            "--with",
            "b.x = n",
            "--by",
            "n",
        ],
        "the name must be a word",
    );
    // Joined with itself on a key that identifies rows: every row meets itself.
    let out = ok(&[
        "analyze",
        &a,
        "--join",
        &a,
        "--on",
        "canonical",
        "--check",
        "value == b.value",
    ]);
    assert_eq!(lines(&out)[1], "value == b.value,357,0,0");
}

#[test]
fn joined_columns_in_with_and_agg_equal_pythons_join() {
    // Cutthroat against Clobber on the same B/W graphs (both files list each position
    // under the same labelling, so Python joins them on graph6 and colouring): the
    // difference of their atomic weights, per difference, with Clobber's largest weight.
    let a = reference("cutthroat-bw-5.csv");
    let b = reference("clobber-5.csv");
    let out = ok(&[
        "analyze",
        &a,
        "--join",
        &b,
        "--on",
        "graph6,colouring",
        "--prefix",
        "clobber",
        "--with",
        "d = atomic_weight - clobber.atomic_weight",
        "--by",
        "d",
        "--agg",
        "max(clobber.atomic_weight)",
    ]);
    let ours: Vec<String> = lines(&out)[1..]
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            format!("{},{},{}", f[0], f[1], f[3])
        })
        .collect();
    let theirs = python(&format!(
        "import csv\n\
         from fractions import Fraction as F\n\
         b = {{(r['graph6'], r['colouring']): r for r in csv.DictReader(open({b:?}))}}\n\
         groups = {{}}\n\
         for r in csv.DictReader(open({a:?})):\n\
         \x20   s = b.get((r['graph6'], r['colouring']))\n\
         \x20   if s is None: continue\n\
         \x20   d = F(r['atomic_weight']) - F(s['atomic_weight'])\n\
         \x20   c, m = groups.get(d, (0, None))\n\
         \x20   w = F(s['atomic_weight'])\n\
         \x20   groups[d] = (c + 1, w if m is None else max(m, w))\n\
         for d in sorted(groups):\n\
         \x20   print(f'{{d}},{{groups[d][0]}},{{groups[d][1]}}')"
    ));
    assert_eq!(ours, lines(&theirs), "{out}");
    assert!(ours.len() >= 8);
}

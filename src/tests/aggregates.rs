//! `gamecensus analyze --by ... --agg ...` on a CSV made by a small real run (Col on
//! the 3-colourings of connected graphs up to 5 vertices: temperatures and means are
//! dyadic fractions), against DuckDB's aggregates on the same file.

use crate::common;

use common::csvs::{gamecensus, job_csv, python, text};

/// A cell as a number: an integer or a dyadic fraction `a/b` (ours), a float (DuckDB's);
/// `None` for an empty cell or Python's `None`.
fn number(s: &str) -> Option<f64> {
    match s {
        "" | "None" => None,
        _ => Some(match s.split_once('/') {
            Some((a, b)) => a.parse::<f64>().unwrap() / b.parse::<f64>().unwrap(),
            None => s.parse().unwrap(),
        }),
    }
}

/// Rows of `analyze --by A,B --agg count,...` CSV as `A,B,` then the aggregates after
/// `count` and `share` as numbers with 6 decimals (a row's own count is left out: the
/// aggregate `count` repeats it).
fn keys_then_numbers(csv: &str) -> Vec<String> {
    csv.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let nums = f[4..].iter().map(|s| format!("{:.6}", number(s).unwrap()));
            [f[0].to_string(), f[1].to_string()]
                .into_iter()
                .chain(nums)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect()
}

/// DuckDB's answer to `query` (`{t}` the CSV read as text, `num(x)` a dyadic cell as a
/// double), each row printed as its first two fields and the rest with 6 decimals.
fn duckdb_keys_then_numbers(csv: &str, query: &str) -> Vec<String> {
    let rows: Vec<String> = python(&format!(
        "import duckdb\n\
         con = duckdb.connect()\n\
         con.execute(\"create macro num(x) as case when contains(x, '/') then \
         split_part(x, '/', 1)::double / split_part(x, '/', 2)::double else x::double end\")\n\
         t = \"read_csv('\" + {csv:?} + \"', all_varchar=true)\"\n\
         q = {query:?}.replace('{{t}}', t)\n\
         for r in con.execute(q).fetchall():\n    \
             print(','.join([str(r[0]), str(r[1])] + [f'{{float(x):.6f}}' for x in r[2:]]))"
    ))
    .lines()
    .map(str::to_string)
    .collect();
    assert!(!rows.is_empty(), "DuckDB returned no rows for {query}");
    rows
}

#[test]
fn aggregates_equal_duckdb() {
    let csv = job_csv(
        "col-bwg-5",
        "rules = \"col\"\nconnected = true\nmax_vertices = 5\ncolours = 3\n",
    );
    let csv = csv.to_str().unwrap();
    let aggs = "count,count(temperature),min(temperature),max(temperature),sum(mean),\
                mean(mean),sum(m),mean(m),min(m),max(m),distinct(value),share";
    for filter in [None, Some("m >= 3")] {
        let mut args = vec!["analyze", csv, "--by", "n,outcome", "--agg", aggs];
        args.extend(["--format", "csv"]);
        if let Some(f) = filter {
            args.extend(["--where", f]);
        }
        let o = gamecensus(&args, None);
        assert!(o.status.success(), "{}", text(&o.stderr));
        let out = text(&o.stdout);
        // A header names each column once (count and share are count(*) and share(*)).
        let header: Vec<&str> = out.lines().next().unwrap().split(',').collect();
        let names: std::collections::HashSet<&&str> = header.iter().collect();
        assert_eq!(names.len(), header.len(), "{out}");
        // n, outcome, count, share (within n), then the aggregates.
        let ours: Vec<Vec<String>> = out
            .lines()
            .skip(1)
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                f[..2]
                    .iter()
                    .chain(&f[4..])
                    .map(|s| s.to_string())
                    .collect()
            })
            .collect();
        let theirs = python(&format!(
            "import duckdb\n\
             con = duckdb.connect()\n\
             con.execute(\"create macro num(x) as case when x is null or x = '' then null \
             when contains(x, '/') then split_part(x, '/', 1)::double / split_part(x, '/', 2)::double \
             else x::double end\")\n\
             t = \"read_csv('\" + {csv:?} + \"', all_varchar=true)\"\n\
             w = {where_:?}\n\
             q = f'''select n, outcome, count(*), count(temperature), min(num(temperature)),\n\
               max(num(temperature)), sum(num(mean)), avg(num(mean)), sum(m::int), avg(m::int),\n\
               min(m::int), max(m::int), count(distinct value), count(*) / sum(count(*)) over ()\n\
               from {{t}} where {{w}} group by n, outcome order by n::int, outcome'''\n\
             for r in con.execute(q).fetchall(): print(','.join(str(x) for x in r))",
            where_ = filter.map_or("true", |_| "m::int >= 3"),
        ));
        let theirs: Vec<Vec<String>> = theirs
            .lines()
            .map(|l| l.split(',').map(str::to_string).collect())
            .collect();
        assert_eq!(ours.len(), theirs.len(), "{out}");
        assert!(ours.len() >= 8, "{out}");
        for (a, b) in ours.iter().zip(&theirs) {
            assert_eq!(a[..2], b[..2], "{a:?} {b:?}");
            for (i, (x, y)) in a[2..].iter().zip(&b[2..]).enumerate() {
                let (x, y) = (number(x), number(y));
                // mean and share are decimals with 6 places; the rest are exact.
                let tolerance = if [5, 7, 11].contains(&i) { 5e-7 } else { 0.0 };
                match (x, y) {
                    (Some(x), Some(y)) => {
                        assert!((x - y).abs() <= tolerance, "column {i}: {a:?} {b:?}")
                    }
                    (x, y) => assert_eq!(x, y, "column {i}: {a:?} {b:?}"),
                }
            }
        }
    }
}

#[test]
fn aggregates_refuse_what_they_cannot_take() {
    let csv = job_csv(
        "col-3",
        "rules = \"col\"\nconnected = true\nmax_vertices = 3\n",
    );
    let csv = csv.to_str().unwrap();
    for (agg, needle) in [
        (
            "max(value)",
            "min, max, sum and mean of game values need them to be numbers",
        ),
        ("frob(n)", "unknown aggregate"),
        ("max", "max takes a column"),
        ("share(n)", "share takes no column"),
        ("sum(outcome)", "is not a number"),
    ] {
        let o = gamecensus(&["analyze", csv, "--by", "n", "--agg", agg], None);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{agg}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{agg}: {err}");
    }
    // The numbers among the values are taken: max(value) over is_number(value).
    let o = gamecensus(
        &[
            "analyze",
            csv,
            "--by",
            "n",
            "--agg",
            "max(value)",
            "--where",
            "is_number(value)",
        ],
        None,
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
}

/// `--with` columns in `--by`, `--where`, `--agg` and `--check`, against the same
/// columns computed in DuckDB's SQL.
#[test]
fn with_columns_equal_duckdb() {
    let csv = job_csv(
        "col-bwg-5-with",
        "rules = \"col\"\nconnected = true\nmax_vertices = 5\ncolours = 3\n",
    );
    let csv = csv.to_str().unwrap();
    let o = gamecensus(
        &[
            "analyze",
            csv,
            "--with",
            "extra = m - n + 1",
            "--with",
            "hot = temperature >= 0",
            "--with",
            "twice = extra + extra",
            "--by",
            "extra,hot",
            "--agg",
            "count,max(temperature),mean(twice),sum(twice)",
            "--where",
            "extra <= 3",
            "--format",
            "csv",
        ],
        None,
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let ours = keys_then_numbers(&text(&o.stdout));
    let theirs = duckdb_keys_then_numbers(
        csv,
        "with r as (select m::int - n::int + 1 as extra, num(temperature) >= 0 as hot, \
         num(temperature) as temp, 2 * (m::int - n::int + 1) as twice from {t}) \
         select extra, lower(hot::varchar), count(*), max(temp), avg(twice), sum(twice) \
         from r where extra <= 3 group by extra, hot order by extra, hot",
    );
    assert_eq!(ours, theirs);
    // A check over a --with column: holds / violates as DuckDB counts them.
    let o = gamecensus(
        &[
            "analyze",
            csv,
            "--with",
            "extra = m - n + 1",
            "--check",
            "extra >= 2 implies m >= 5",
            "--format",
            "csv",
        ],
        None,
    );
    let theirs = python(&format!(
        "import duckdb\n\
         t = \"read_csv('\" + {csv:?} + \"')\"\n\
         q = 'not (m - n + 1 >= 2) or m >= 5'\n\
         r = duckdb.sql(f'select count(*) filter (where {{q}}), count(*) filter (where not ({{q}})) from {{t}}').fetchall()[0]\n\
         print(f'extra >= 2 implies m >= 5,{{r[0]}},{{r[1]}},0')"
    ));
    assert_eq!(text(&o.stdout).lines().nth(1), theirs.lines().next());
}

/// `*` in `--with`: products of integers and of numbers against DuckDB's arithmetic on
/// the same cells, and an integer times a game value against the sum of that many copies
/// (the definition of n·G), on every row.
#[test]
fn products_equal_duckdb_and_repeated_sums() {
    let csv = job_csv(
        "col-bwg-5-with",
        "rules = \"col\"\nconnected = true\nmax_vertices = 5\ncolours = 3\n",
    );
    let csv = csv.to_str().unwrap();
    let o = gamecensus(
        &[
            "analyze",
            csv,
            "--with",
            "mn = m * n",
            "--with",
            "sq = temperature * temperature",
            "--with",
            "t3 = -3 * temperature",
            "--by",
            "mn",
            "--agg",
            "count,max(sq),sum(t3)",
            "--format",
            "csv",
        ],
        None,
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let ours = keys_then_numbers(&text(&o.stdout));
    let theirs = duckdb_keys_then_numbers(
        csv,
        "select m::int * n::int as mn, count(*), max(num(temperature) * num(temperature)), \
         sum(-3 * num(temperature)) from {t} group by mn order by mn",
    );
    assert_eq!(ours, theirs);
    // n·G is G + ... + G (n copies), and (−n)·G its negative, on every row's value.
    let o = gamecensus(
        &[
            "analyze",
            csv,
            "--check",
            "value * 3 == value + value + value",
            "--check",
            "value * -2 == -(value + value)",
            "--check",
            "value * 0 == 0",
            "--format",
            "csv",
        ],
        None,
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    for line in text(&o.stdout).lines().skip(1) {
        let f: Vec<&str> = line.rsplitn(4, ',').collect();
        // check,holds,violates,unknown: every row holds.
        assert_eq!((f[1], f[0]), ("0", "0"), "{line}");
        assert_ne!(f[2], "0", "{line}");
    }
    // A product of two games that are not numbers is refused with a reason.
    let o = gamecensus(
        &["analyze", csv, "--with", "p = value * value", "--by", "p"],
        None,
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("a product is defined for two numbers"));
}

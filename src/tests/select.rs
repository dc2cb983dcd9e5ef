//! `gamecensus analyze --select / --export` with `--sort`, `--desc` and `--limit` on a
//! CSV made by a small real run (Col on 3-colourings of connected graphs up to 5
//! vertices), against Python's csv module, exact fractions and its stable sort.

use crate::common;

use common::csvs::{gamecensus, job_csv, python, text};

/// Python: the rows of `csv` where `cond` holds, sorted (stable) by `key` (a Python
/// expression over the row `r`, a dict), reversed if `desc`, the first `limit`, with
/// the columns `cols` (all if empty), as CSV lines with the header.
fn expected(
    csv: &str,
    cond: &str,
    key: Option<&str>,
    desc: bool,
    limit: usize,
    cols: &[&str],
) -> String {
    python(&format!(
        "import csv, sys\n\
         from fractions import Fraction as F\n\
         rows = list(csv.DictReader(open({csv:?})))\n\
         header = list(rows[0].keys())\n\
         cols = {cols:?} or header\n\
         rows = [r for r in rows if {cond}]\n\
         key = {key}\n\
         if key: rows.sort(key=key, reverse={desc})\n\
         w = csv.writer(sys.stdout, lineterminator='\\n')\n\
         w.writerow(cols)\n\
         for r in rows[:{limit}]: w.writerow([r[c] for c in cols])",
        key = key.map_or("None".to_string(), |k| format!("lambda r: {k}")),
        desc = if desc { "True" } else { "False" },
    ))
}

#[test]
fn selected_rows_equal_python() {
    let csv = job_csv(
        "col-bwg-5-select",
        "rules = \"col\"\nconnected = true\nmax_vertices = 5\ncolours = 3\n",
    );
    let csv = csv.to_str().unwrap();
    // Chosen columns, sorted by a dyadic column descending (ties in file order).
    let o = gamecensus(
        &[
            "analyze",
            csv,
            "--select",
            "graph6,colouring,value,temperature",
            "--where",
            "n == 4",
            "--sort",
            "temperature",
            "--desc",
            "--limit",
            "40",
        ],
        None,
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    // Python's sort with reverse=True keeps ties in their order, as ours does.
    let theirs = expected(
        csv,
        "r['n'] == '4'",
        Some("F(r['temperature'])"),
        true,
        40,
        &["graph6", "colouring", "value", "temperature"],
    );
    assert_eq!(text(&o.stdout), theirs);
    // Whole rows in file order, the first 25 of n >= 3.
    let o = gamecensus(
        &[
            "analyze",
            csv,
            "--select",
            "graph6,colouring,n,m,outcome,value,grundy,temperature,mean",
            "--where",
            "n >= 3",
            "--limit",
            "25",
        ],
        None,
    );
    assert_eq!(
        text(&o.stdout),
        expected(csv, "int(r['n']) >= 3", None, false, 25, &[])
    );
    // --export: whole rows sorted by an integer column, to a file; an existing file is
    // refused (exit 2, one line, untouched), --force replaces it.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rows.csv");
    let out_s = out.to_str().unwrap();
    let args = [
        "analyze",
        csv,
        "--export",
        out_s,
        "--where",
        "mean != 0",
        "--sort",
        "m",
    ];
    let o = gamecensus(&args, None);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let theirs = expected(
        csv,
        "r['mean'] != '0'",
        Some("int(r['m'])"),
        false,
        10_000,
        &[],
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), theirs);
    let rows = theirs.lines().count() - 1;
    assert_eq!(text(&o.stdout), format!("{rows} rows -> {out_s}\n"));
    std::fs::write(&out, "old").unwrap();
    let o = gamecensus(&args, None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(text(&o.stderr).lines().count(), 1, "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("--force"), "{}", text(&o.stderr));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old");
    let o = gamecensus(&[&args[..], &["--force"]].concat(), None);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), theirs);
    // --select with other sections, and --limit without rows, are refused.
    for bad in [
        &["analyze", csv, "--select", "n", "--by", "n"][..],
        &["analyze", csv, "--limit", "3"][..],
    ] {
        let o = gamecensus(bad, None);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert_eq!(text(&o.stderr).lines().count(), 1, "{}", text(&o.stderr));
    }
}

//! Our CSVs as a format others read: every column described in docs/CSV.md as the code
//! has it, its loading one-liners run in pandas, polars, DuckDB, networkx and nauty, one
//! type dictionary for every kind of CSV, and `eval` reading our own CSVs back.

use crate::common;

use std::process::Command;

use common::csvs::{gamecensus, job_csv, python, reference, root, text};

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
    let col = job_csv(
        "col-5",
        "rules = \"col\"\nconnected = true\nmax_vertices = 5\n",
    );
    let snort = job_csv(
        "snort-bwg-4",
        "rules = \"snort\"\nmax_vertices = 4\ncolours = 3\n",
    );
    let maps = job_csv(
        "grundy-maps-7",
        "rules = \"grundy-colouring\"\nfamily = \"map\"\nboards = 3\nseed = 1\nmin_vertices = 6\nmax_vertices = 7\n",
    );
    for (csv, text_col) in [
        ("results/reference/cutthroat-stars.csv", "atomic_weight"),
        ("results/reference/clobber-5.csv", "atomic_weight"),
        (col.to_str().unwrap(), "temperature"),
        (snort.to_str().unwrap(), "temperature"),
        (maps.to_str().unwrap(), "best_moves"),
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
    for csv in [&col, &snort, &maps] {
        std::fs::remove_dir_all(csv.parent().unwrap()).ok();
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

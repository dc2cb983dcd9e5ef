//! A census's streamed tallies and `keep` (issue #26): the tally files equal what
//! `analyze --by` counts in the full CSV (an independent path: the analysis reader and
//! its grouping), the kept rows are those `analyze --where` selects from it, and both
//! survive a real SIGINT and `--resume`, and a sharded run put back together by `merge`,
//! unchanged. Real binary, real signals.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::cli::{run, run_job, stderr, stdout, write_job};
use common::procs::*;

/// Connected B/W Cutthroat positions up to 7 vertices (see [`CT7`]) with tallies.
const TALLIES: &str = "tally = [[\"n\", \"atomic_weight\"], [\"n\", \"outcome\"]]\n";
/// The rows kept below: a few percent of them, spread over the run.
const KEEP: &str = "keep = \"outcome == 'P' and n >= 5\"\n";

fn ok(o: std::process::Output) -> std::process::Output {
    assert!(o.status.success(), "{}", stderr(&o));
    o
}

/// The tally file of `out` by `cols`, as group -> count.
fn tally_file(out: &Path, cols: &str) -> BTreeMap<String, u64> {
    let name = out.file_name().unwrap().to_str().unwrap();
    let stem = name.strip_suffix(".csv").unwrap();
    let p = out.with_file_name(format!("{stem}.tally-{}.csv", cols.replace(',', "-")));
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let mut lines = text.lines();
    assert_eq!(lines.next().unwrap(), format!("{cols},count"));
    counts(lines, cols.split(',').count())
}

/// `KEY...,COUNT[,...]` lines as key -> count.
fn counts<'a>(lines: impl Iterator<Item = &'a str>, keys: usize) -> BTreeMap<String, u64> {
    lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[..keys].join(","), f[keys].parse().unwrap())
        })
        .collect()
}

/// `analyze CSV --by cols` as group -> count.
fn analyze_by(csv: &Path, cols: &str) -> BTreeMap<String, u64> {
    let o = ok(run(
        &["analyze", s(csv), "--by", cols, "--format", "csv"],
        None,
    ));
    let text = stdout(&o);
    let mut lines = text.lines();
    assert_eq!(lines.next().unwrap(), format!("{cols},count,share"));
    counts(lines, cols.split(',').count())
}

fn files(out: &Path) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let read = |cols: &str| {
        let stem = out.to_str().unwrap().strip_suffix(".csv").unwrap();
        std::fs::read(format!("{stem}.tally-{cols}.csv")).unwrap()
    };
    (
        std::fs::read(out).unwrap(),
        read("n-atomic_weight"),
        read("n-outcome"),
    )
}

#[test]
fn tallies_equal_analyze_by_and_kept_rows_equal_analyze_where() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Every row written, and tallied.
    let job = write_job(d, "ct7t", &format!("{CT7}{TALLIES}"));
    let full = d.join("full.csv");
    let o = ok(run_job(&job, s(&full), &["--quiet"]));
    assert!(
        stderr(&o).contains("full.tally-n-outcome.csv"),
        "{}",
        stderr(&o)
    );
    for cols in ["n,atomic_weight", "n,outcome"] {
        let t = tally_file(&full, cols);
        assert!(t.len() > 15, "{t:?}");
        assert_eq!(t, analyze_by(&full, cols), "{cols}");
    }
    // The rows are those of the job without tallies, byte for byte.
    let plain = write_job(d, "ct7", CT7);
    let p = d.join("plain.csv");
    ok(run_job(&plain, s(&p), &["--quiet"]));
    assert!(std::fs::read(&p).unwrap() == std::fs::read(&full).unwrap());
    assert!(!d.join("plain.tally-n-outcome.csv").exists());
    // keep: only the rows the predicate keeps, and the same tallies of every position.
    let job = write_job(d, "ct7k", &format!("{CT7}{TALLIES}{KEEP}"));
    let kept = d.join("kept.csv");
    let o = ok(run_job(&job, s(&kept), &["--quiet"]));
    let rows = lines(&full) - 1;
    assert!(
        stderr(&o).starts_with(&format!("{rows} positions -> ")),
        "{}",
        stderr(&o)
    );
    let want = d.join("where.csv");
    ok(run(
        &[
            "analyze",
            s(&full),
            "--where",
            "outcome == 'P' and n >= 5",
            "--export",
            s(&want),
        ],
        None,
    ));
    let kept_bytes = std::fs::read(&kept).unwrap();
    assert!(
        lines(&kept) > 100 && lines(&kept) < rows / 5,
        "{}",
        lines(&kept)
    );
    assert!(kept_bytes == std::fs::read(&want).unwrap());
    for cols in ["n,atomic_weight", "n,outcome"] {
        assert_eq!(tally_file(&kept, cols), analyze_by(&full, cols), "{cols}");
    }
    // A complete run is left alone; a tally file removed since is written again.
    let t = d.join("kept.tally-n-outcome.csv");
    let before = std::fs::read(&t).unwrap();
    std::fs::remove_file(&t).unwrap();
    let o = ok(run_job(&job, s(&kept), &["--quiet"]));
    assert!(stderr(&o).contains("already complete"));
    assert!(std::fs::read(&t).unwrap() == before);
}

#[test]
fn bad_tally_and_keep_are_one_line_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (extra, needle) in [
        ("tally = [[\"n\", \"weight\"]]\n", "tally by weight"),
        ("tally = [[]]\n", "tally entry 1"),
        ("tally = [[\"n\", \"n\"]]\n", "listed twice"),
        ("keep = \"weight > 0\"\n", "keep"),
        ("keep = \"n +\"\n", "keep"),
        ("keep = \"n + 1\"\n", "keep"),
    ] {
        let job = write_job(d, "bad", &format!("{CT7}{extra}"));
        let out = d.join("bad.csv");
        let o = run_job(&job, s(&out), &["--quiet"]);
        common::cli::assert_usage_error(&o, needle);
        assert!(!out.exists(), "{extra}");
    }
}

/// Runs `job` into `out` and stops it with SIGINT once `started` holds, then resumes it.
fn interrupt_and_resume(job: &str, out: &Path, started: impl Fn() -> bool) {
    interrupt_and_resume_tallied(job, out, "n-outcome", started)
}

/// [`interrupt_and_resume`] of a job with the tally `tally` (`COL1-COL2`).
fn interrupt_and_resume_tallied(job: &str, out: &Path, tally: &str, started: impl Fn() -> bool) {
    let child = start(&["run", job, "--out", s(out), "--quiet", "--threads", "1"]);
    wait_for("the first rows", started);
    signal(&child, "-INT");
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("continue with --resume"),
        "{}",
        stderr(&o)
    );
    assert_whole_and_recorded(out);
    let side = sidecar(out);
    assert_eq!(side["complete"], false);
    let done = side["census"]["positions"].as_u64().unwrap();
    assert!(done > 0, "{side}");
    // No tally files until the run is complete.
    let stem = s(out).strip_suffix(".csv").unwrap();
    assert!(!Path::new(&format!("{stem}.tally-{tally}.csv")).exists());
    let o = ok(run_job(job, s(out), &["--quiet", "--resume"]));
    assert!(stderr(&o).contains("resumed"), "{}", stderr(&o));
}

#[test]
fn interrupted_and_resumed_tallies_equal_an_uninterrupted_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // With keep (rows written are not positions done) and without (every row).
    for (name, extra) in [("k", KEEP), ("t", "")] {
        let job = write_job(d, name, &format!("{CT7}{TALLIES}{extra}"));
        let whole = d.join(format!("{name}-whole.csv"));
        ok(run_job(&job, s(&whole), &["--quiet"]));
        let out = d.join(format!("{name}.csv"));
        interrupt_and_resume(&job, &out, || lines(&out) > 20);
        assert!(
            files(&out) == files(&whole),
            "{name}: not the uninterrupted run"
        );
        let (a, b) = (sidecar(&out), sidecar(&whole));
        assert_eq!(a["census"], b["census"]);
        assert_eq!(a["rows"], b["rows"]);
    }
}

#[test]
fn sharded_tallies_merge_into_the_whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(d, "k", &format!("{CT7}{TALLIES}{KEEP}"));
    let whole = d.join("whole.csv");
    ok(run_job(&job, s(&whole), &["--quiet"]));
    let m = 3;
    let mut shards: Vec<PathBuf> = Vec::new();
    for i in 0..m {
        let out = d.join(format!("k.shard-{i}-of-{m}.csv"));
        let shard = format!("{i}/{m}");
        if i == 1 {
            // One shard interrupted and resumed.
            let child = start(&[
                "run",
                &job,
                "--out",
                s(&out),
                "--quiet",
                "--threads",
                "1",
                "--shard",
                &shard,
            ]);
            wait_for("the first rows", || lines(&out) > 10);
            signal(&child, "-INT");
            let o = child.wait_with_output().unwrap();
            assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
            ok(run_job(
                &job,
                s(&out),
                &["--quiet", "--resume", "--shard", &shard],
            ));
        } else {
            ok(run_job(&job, s(&out), &["--quiet", "--shard", &shard]));
        }
        assert!(
            d.join(format!("k.shard-{i}-of-{m}.tally-n-outcome.csv"))
                .exists()
        );
        shards.push(out);
    }
    let merged = d.join("merged.csv");
    let mut args = vec!["merge", s(&merged)];
    args.extend(shards.iter().map(|p| s(p)));
    ok(run(&args, None));
    assert!(
        files(&merged) == files(&whole),
        "the merge is not the whole run"
    );
    assert_eq!(sidecar(&merged)["census"], sidecar(&whole)["census"]);
    // The whole run takes the merged file for its own, complete.
    let o = ok(run_job(&job, s(&merged), &["--quiet"]));
    assert!(stderr(&o).contains("already complete"));
}

/// Domineering on every board of 1 to 12 cells (174,036 boards), and Hackenbush on
/// every blue-red-green position of up to 5 edges: censuses of games on shapes, whose
/// rows are counted by size.
const SHAPED: [(&str, &str); 2] = [
    ("dom", "rules = \"domineering\"\nmin_size = 1\nmax_size = 12\n"),
    ("hb", "rules = \"hackenbush\"\nmin_size = 0\nmax_size = 5\n"),
];
const SHAPE_TALLIES: &str = "tally = [[\"size\", \"outcome\"], [\"size\", \"temperature\"]]\n";
const SHAPE_KEEP: &str = "keep = \"outcome == 'P' and size >= 4\"\n";

#[test]
fn censuses_of_games_on_shapes_take_tallies_and_keep() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (name, body) in SHAPED {
        // Every row written and tallied: the rows of the plain job, the tallies what
        // analyze counts in them.
        let job = write_job(d, name, &format!("name = \"{name}\"\n{body}{SHAPE_TALLIES}"));
        let full = d.join(format!("{name}-full.csv"));
        ok(run_job(&job, s(&full), &["--quiet"]));
        let plain = write_job(d, &format!("{name}p"), &format!("name = \"{name}p\"\n{body}"));
        let p = d.join(format!("{name}-plain.csv"));
        ok(run_job(&plain, s(&p), &["--quiet"]));
        assert!(std::fs::read(&p).unwrap() == std::fs::read(&full).unwrap(), "{name}");
        for cols in ["size,outcome", "size,temperature"] {
            let t = tally_file(&full, cols);
            assert!(t.len() > 5, "{name} {t:?}");
            assert_eq!(t, analyze_by(&full, cols), "{name} {cols}");
        }
        // keep: the rows analyze selects, the tallies of every position.
        let job = write_job(
            d,
            &format!("{name}k"),
            &format!("name = \"{name}k\"\n{body}{SHAPE_TALLIES}{SHAPE_KEEP}"),
        );
        let kept = d.join(format!("{name}-kept.csv"));
        ok(run_job(&job, s(&kept), &["--quiet"]));
        let want = d.join(format!("{name}-where.csv"));
        ok(run(
            &["analyze", s(&full), "--where", "outcome == 'P' and size >= 4", "--export", s(&want)],
            None,
        ));
        assert!(lines(&kept) > 10 && lines(&kept) < lines(&full), "{name}: {}", lines(&kept));
        assert!(std::fs::read(&kept).unwrap() == std::fs::read(&want).unwrap(), "{name}");
        for cols in ["size,outcome", "size,temperature"] {
            assert_eq!(tally_file(&kept, cols), analyze_by(&full, cols), "{name} {cols}");
        }
    }
}

#[test]
fn an_interrupted_census_of_boards_resumes_to_the_same_tallies() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let body = "rules = \"domineering\"\nmin_size = 1\nmax_size = 13\n";
    for (name, extra) in [("bk", SHAPE_KEEP), ("bt", "")] {
        let job = write_job(d, name, &format!("name = \"{name}\"\n{body}{SHAPE_TALLIES}{extra}"));
        let whole = d.join(format!("{name}-whole.csv"));
        ok(run_job(&job, s(&whole), &["--quiet"]));
        let out = d.join(format!("{name}.csv"));
        interrupt_and_resume_tallied(&job, &out, "size-outcome", || lines(&out) > 20);
        assert!(std::fs::read(&out).unwrap() == std::fs::read(&whole).unwrap(), "{name}");
        for cols in ["size,outcome", "size,temperature"] {
            assert_eq!(tally_file(&out, cols), tally_file(&whole, cols), "{name} {cols}");
        }
        let (a, b) = (sidecar(&out), sidecar(&whole));
        assert_eq!(a["census"], b["census"]);
    }
}

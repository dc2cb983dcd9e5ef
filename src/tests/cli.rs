//! The command line as users script it: pipes with nauty, exit codes and messages for
//! bad input, and runs that are sharded, interrupted and resumed.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::nauty;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gamecensus"))
}

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        let mut pipe = child.stdin.take().unwrap();
        if let Some(s) = stdin {
            pipe.write_all(s.as_bytes()).unwrap();
        }
    }
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// A usage error: exit code 2 and one line on stderr containing `needle`.
fn assert_usage_error(o: &Output, needle: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert!(err.contains(needle), "expected {needle:?} in {err:?}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
}

#[test]
fn command_line_errors_are_one_line_and_a_leading_minus_is_a_value() {
    assert_usage_error(&run(&["enumerate"], None), "--vertices <VERTICES>");
    assert_usage_error(
        &run(&["eval", "--rulez", "x"], None),
        "similar argument exists: '--rules'",
    );
    assert_usage_error(
        &run(&["octal", "0.7", "--max", "x"], None),
        "invalid value 'x'",
    );
    assert_usage_error(&run(&["bogus"], None), "unrecognized subcommand");
    let o = run(&["value", "-1"], None);
    assert_eq!(stdout(&o), "-1\n", "{}", stderr(&o));
    let o = run(&["--help"], None);
    assert!(o.status.success() && stdout(&o).contains("Commands:"));
}

#[test]
fn eval_one_position() {
    // P5 (graph6 DQc is the path 2-0-4-3-1): Node Kayles value A002187(5) = 3.
    let o = run(&["eval", "--rules", "node-kayles", "--graph", "DQc"], None);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "graph6,colouring,n,m,outcome,value,grundy\nDQc,,5,4,N,*3,3\n"
    );
}

#[test]
fn eval_reads_nauty_geng_and_our_enumerate_in_order() {
    let graphs = nauty("geng", &["-q", "6"], None);
    let o = run(&["eval", "--rules", "node-kayles", "-"], Some(&graphs));
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let rows: Vec<&str> = out.lines().skip(1).collect();
    let inputs: Vec<&str> = graphs.lines().collect();
    assert_eq!(rows.len(), 156);
    for (row, g6) in rows.iter().zip(&inputs) {
        assert_eq!(row.split(',').next().unwrap(), *g6);
    }
    let ours = run(&["enumerate", "--vertices", "6"], None);
    let o2 = run(
        &["eval", "--rules", "node-kayles", "-"],
        Some(&stdout(&ours)),
    );
    assert_eq!(stdout(&o2).lines().count(), 157);
}

#[test]
fn enumerate_counts_and_coloured_lines() {
    let o = run(
        &[
            "enumerate",
            "--vertices",
            "7",
            "--connected",
            "--colours",
            "2",
            "--count",
        ],
        None,
    );
    assert_eq!(stdout(&o).trim(), "67994");
    let o = run(
        &[
            "enumerate",
            "--vertices",
            "3",
            "--min-vertices",
            "2",
            "--colours",
            "3",
        ],
        None,
    );
    for line in stdout(&o).lines() {
        let (g6, col) = line.split_once(' ').unwrap();
        let n = gamecensus::graphs::parse_graph6(g6).unwrap().n();
        assert_eq!(col.len(), n);
        assert!(col.chars().all(|c| "BWG".contains(c)));
    }
    let o = run(
        &[
            "enumerate",
            "--vertices",
            "9",
            "--family",
            "trees",
            "--count",
        ],
        None,
    );
    assert_eq!(stdout(&o).trim(), "47"); // A000055(9)
}

#[test]
fn bad_input_is_a_usage_error() {
    // A colouring given beside stdin lines was silently ignored (issue #18).
    assert_usage_error(
        &run(
            &["eval", "--rules", "cutthroat", "--colouring", "BW", "-"],
            Some("A_ BW\n"),
        ),
        "--colouring goes with --graph",
    );
    assert_usage_error(
        &run(&["eval", "--rules", "node-kayles", "--graph", "D!c"], None),
        "byte 2",
    );
    assert_usage_error(
        &run(&["eval", "--rules", "nodekayles", "--graph", "DQc"], None),
        "unknown rules",
    );
    assert_usage_error(
        &run(
            &[
                "eval",
                "--rules",
                "cutthroat",
                "--graph",
                "DQc",
                "--colouring",
                "BW",
            ],
            None,
        ),
        "has 2 letters but the graph has 5 vertices",
    );
    assert_usage_error(
        &run(
            &[
                "eval",
                "--rules",
                "node-kayles",
                "--graph",
                "A_",
                "--colouring",
                "BW",
            ],
            None,
        ),
        "uncoloured",
    );
    assert_usage_error(
        &run(
            &["eval", "--rules", "node-kayles", "-"],
            Some("A_\nDQc\nB\n"),
        ),
        "input line 3",
    );
    assert_usage_error(&run(&["enumerate", "--vertices", "12"], None), "1..=11");
    assert_usage_error(
        &run(
            &[
                "enumerate",
                "--vertices",
                "30",
                "--family",
                "path",
                "--colours",
                "3",
            ],
            None,
        ),
        "2^24",
    );
    assert_usage_error(
        &run(&["enumerate", "--vertices", "5", "--colours", "4"], None),
        "colours = 4",
    );
    assert_usage_error(
        &run(&["enumerate", "--vertices", "5", "--shard", "2/2"], None),
        "shard",
    );
    assert_usage_error(
        &run(&["enumerate", "--vertices", "x"], None),
        "invalid value",
    );
    assert_usage_error(&run(&["eval", "--rules", "node-kayles"], None), "--graph");
    // {0|{0|...{0|1}...}} nested 63 deep is 2^-63: beyond the kernel's number range, an
    // error (it once printed E + 1 as -9223372036854775807/9223372036854775808).
    let e = format!("{}1{} + 1", "{0|".repeat(63), "}".repeat(63));
    assert_usage_error(&run(&["value", &e], None), "kernel's range");
}

/// `gamecensus run JOB --out OUT EXTRA...`
fn run_job(job: &str, out: &str, extra: &[&str]) -> Output {
    let mut args = vec!["run", job, "--out", out];
    args.extend_from_slice(extra);
    run(&args, None)
}

/// Leaves `out`, whose complete contents are `full`, as a run killed after writing
/// `cut` bytes would: the file cut there (possibly in the middle of a row) and its sidecar
/// as the run last wrote it (here: right after the header, as it is written first).
fn simulate_kill(out: &Path, full: &[u8], cut: usize) {
    std::fs::write(out, &full[..cut]).unwrap();
    let meta = out.with_file_name(format!(
        "{}.meta.json",
        out.file_name().unwrap().to_string_lossy()
    ));
    let mut side: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&meta).unwrap()).unwrap();
    let header = &full[..=full.iter().position(|&b| b == b'\n').unwrap()];
    side["complete"] = false.into();
    side["rows"] = 0.into();
    side["bytes"] = header.len().into();
    side["checksum"] = format!("{:016x}", xxhash_rust::xxh3::xxh3_64(header)).into();
    side["summary"] = serde_json::Value::Null;
    std::fs::write(&meta, side.to_string()).unwrap();
}

/// Simulates a run killed after `cut` bytes, resumes `job` into it and checks that the
/// file is whole again.
fn cut_and_resume(job: &str, out: &Path, full: &[u8], cut: usize) -> Output {
    simulate_kill(out, full, cut);
    let o = run_job(job, out.to_str().unwrap(), &["--resume", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(out).unwrap(), full);
    o
}

fn write_job(dir: &Path, name: &str, body: &str) -> String {
    let p = dir.join(format!("{name}.toml"));
    std::fs::write(&p, body).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn broken_job_files_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (name, body, needle) in [
        ("broken", "name = 'x'\nrules = [\n", "broken.toml: line 2"),
        (
            "unknown",
            "name = 'x'\nrules = 'node-kayles'\nmax_vertices = 4\ncolors = 2\n",
            "colors",
        ),
        (
            "rules",
            "name = 'x'\nrules = 'kayles'\nmax_vertices = 4\n",
            "unknown rules",
        ),
        (
            "big",
            "name = 'x'\nrules = 'node-kayles'\nmax_vertices = 13\n",
            "1..=11",
        ),
        (
            "col",
            "name = 'x'\nrules = 'node-kayles'\nmax_vertices = 4\ncolours = 2\n",
            "uncoloured",
        ),
        (
            "nomax",
            "name = 'x'\nrules = 'node-kayles'\n",
            "max_vertices",
        ),
        // Issue #18: 64 was reported as a failure at 12 vertices without the 64.
        (
            "big64",
            "name = 'x'\nrules = 'node-kayles'\nmax_vertices = 64\n",
            "max vertices 64: cannot enumerate all graphs on 12 vertices",
        ),
        // The name becomes a file name: no paths, no control characters.
        (
            "climb",
            "name = '../../x'\nrules = 'node-kayles'\nmax_vertices = 3\n",
            "names the output file",
        ),
        (
            "newline",
            "name = \"a\\nb\"\nrules = 'node-kayles'\nmax_vertices = 3\n",
            "names the output file",
        ),
    ] {
        assert_usage_error(&run(&["run", &write_job(d, name, body)], None), needle);
    }
    assert!(!d.join("x.csv").exists() && !d.join("results").exists());
    let missing = d.join("missing.toml");
    assert_usage_error(
        &run(&["run", &missing.to_string_lossy()], None),
        "cannot read",
    );
}

#[test]
fn runs_are_identical_for_any_thread_count_and_resume_after_a_torn_row() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(
        d,
        "ic",
        "name = 'ic'\nrules = 'impartial-cutthroat'\nmax_vertices = 8\nconnected = true\n",
    );
    let a = d.join("a.csv");
    let b = d.join("b.csv");
    let o = run_job(&job, a.to_str().unwrap(), &["--threads", "1", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("12113 rows"), "{}", stderr(&o));
    let o = run_job(&job, b.to_str().unwrap(), &["--threads", "3", "--quiet"]);
    assert!(o.status.success());
    let full = std::fs::read(&a).unwrap();
    assert_eq!(full, std::fs::read(&b).unwrap());

    // Cut b in the middle of a row, as a killed process would leave it, and resume.
    let cut = full.len() / 2;
    assert_ne!(full[cut - 1], b'\n');
    let o = cut_and_resume(&job, &b, &full, cut);
    assert!(stderr(&o).contains("resumed"), "{}", stderr(&o));

    // Resuming a complete file writes nothing new.
    cut_and_resume(&job, &b, &full, full.len());

    // A file from another job is refused.
    let other = write_job(
        d,
        "nk",
        "name = 'nk'\nrules = 'node-kayles'\nmax_vertices = 8\n",
    );
    let o = run_job(&other, b.to_str().unwrap(), &["--resume", "--quiet"]);
    assert_usage_error(&o, "cannot resume");
}

#[test]
fn interrupted_run_leaves_whole_rows_and_resumes() {
    // Ctrl-C, and SIGTERM (what Slurm sends at a time limit, on scancel or preemption).
    interrupt_and_resume("-INT");
    interrupt_and_resume("-TERM");
}

fn interrupt_and_resume(signal: &str) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(
        d,
        "nk10",
        "name = 'nk10'\nrules = 'node-kayles'\nmax_vertices = 10\n",
    );
    let part = d.join("part.csv");
    let whole = d.join("whole.csv");
    let shard = "1/3";
    let child = bin()
        .args([
            "run",
            &job,
            "--out",
            part.to_str().unwrap(),
            "--shard",
            shard,
            "--quiet",
        ])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the first rows past the header, then send the signal.
    let started = std::time::Instant::now();
    while std::fs::read(&part)
        .map(|b| b.iter().filter(|&&c| c == b'\n').count())
        .unwrap_or(0)
        < 1000
    {
        assert!(started.elapsed().as_secs() < 60, "no rows written");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(130),
        "{signal}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("--resume"));
    let partial = std::fs::read(&part).unwrap();
    assert_eq!(partial.last(), Some(&b'\n'));

    let o = run_job(
        &job,
        part.to_str().unwrap(),
        &["--shard", shard, "--resume", "--quiet"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run_job(
        &job,
        whole.to_str().unwrap(),
        &["--shard", shard, "--quiet"],
    );
    assert!(o.status.success());
    let whole = std::fs::read(&whole).unwrap();
    assert!(whole.len() > partial.len());
    assert_eq!(std::fs::read(&part).unwrap(), whole);
}

#[test]
fn octal_command_and_sweep_job() {
    let o = run(&["octal", "0.77", "--max", "200", "--quiet"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let csv = stdout(&o);
    assert!(csv.starts_with("n,grundy\n0,0\n1,1\n2,2\n3,3\n"));
    assert_eq!(csv.lines().count(), 202);
    assert!(
        stderr(&o).contains("period 12 from n = 71"),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("PROVED"));
    assert_usage_error(&run(&["octal", "0.78", "--max", "10"], None), "hexadecimal");
    assert_usage_error(&run(&["octal", "2.7", "--max", "10"], None), "0 or 4");
    assert_usage_error(&run(&["octal", "0.7", "--max", "0"], None), "--max");
    assert_usage_error(
        &run(
            &["octal", "0.7", "--max", "10", "--split", "domain:x"],
            None,
        ),
        "split",
    );

    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(
        d,
        "sw",
        "name = 'sw'\nkind = 'octal-sweep'\nmax_digits = 2\nmax_n = 3000\n",
    );
    let out = d.join("sw.csv");
    let o = run_job(&job, out.to_str().unwrap(), &["--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let full = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = full.lines().collect();
    assert_eq!(
        lines[0],
        "code,max_n,status,preperiod,period,observed_preperiod,observed_period,\
         observed_repeats,largest_value,rare_count"
    );
    assert_eq!(lines.len(), 1 + 7 + 56);
    assert!(lines.contains(&"0.77,3000,proved,71,12,,,,8,9"), "{full}");
    // Resume after a torn row.
    cut_and_resume(&job, &out, full.as_bytes(), full.len() / 2 + 3);
    let bad = write_job(
        d,
        "bad",
        "name = 'b'\nkind = 'octal-sweep'\nmax_digits = 2\nmax_n = 30\nrules = 'x'\n",
    );
    assert_usage_error(&run(&["run", &bad], None), "belong to a census");
}

#[test]
fn partizan_rules_on_the_command_line() {
    // The single edge B–W is * in Cutthroat (RULES.md); its atomic weight is 0.
    let o = run(
        &[
            "eval",
            "--rules",
            "cutthroat",
            "--graph",
            "A_",
            "--colouring",
            "BW",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "graph6,colouring,n,m,outcome,value,grundy,atomic_weight\nA_,BW,2,1,N,*,,0\n"
    );
    // •(1, 2) = ⇑ (Lemma 1): centre 0 black, leaf 1 black, leaves 2, 3 white.
    let o = run(&["eval", "--rules", "cutthroat", "-"], Some("Cs BBWW\n"));
    assert!(
        stdout(&o).ends_with("Cs,BBWW,4,3,L,^2,,2\n"),
        "{}",
        stdout(&o)
    );
    assert_usage_error(
        &run(&["eval", "--rules", "cutthroat", "--graph", "A_"], None),
        "need a colouring",
    );
    assert_usage_error(
        &run(
            &[
                "eval",
                "--rules",
                "clobber",
                "--graph",
                "A_",
                "--colouring",
                "BG",
            ],
            None,
        ),
        "only B and W",
    );

    // A census with skip_reduced: no row has a monochromatic component, and it resumes.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(
        d,
        "ct",
        "name = 'ct'\nrules = 'cutthroat'\nconnected = true\nmax_vertices = 5\ncolours = 2\nskip_reduced = true\n",
    );
    let out = d.join("ct.csv");
    let o = run_job(&job, out.to_str().unwrap(), &["--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("non-integer atomic weights: none"),
        "{}",
        stderr(&o)
    );
    let full = std::fs::read_to_string(&out).unwrap();
    for line in full.lines().skip(1) {
        let col = line.split(',').nth(1).unwrap();
        assert!(col.contains('B') && col.contains('W'), "{line}");
    }
    cut_and_resume(&job, &out, full.as_bytes(), full.len() * 2 / 3);
    let bad = write_job(
        d,
        "cl3",
        "name = 'c'\nrules = 'clobber'\nmax_vertices = 3\ncolours = 3\n",
    );
    assert_usage_error(&run(&["run", &bad], None), "B and W only");
}

#[test]
fn an_output_is_only_continued_or_replaced_by_its_own_job() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Node Kayles and the clique-forming game have the same header and the same
    // positions; only the sidecar tells their outputs apart.
    let nk = write_job(
        d,
        "nk",
        "name = 'nk'\nrules = 'node-kayles'\nmax_vertices = 7\n",
    );
    let cf = write_job(
        d,
        "cf",
        "name = 'cf'\nrules = 'clique-forming'\nmax_vertices = 7\n",
    );
    let out = d.join("x.csv");
    let o = run_job(&nk, out.to_str().unwrap(), &["--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let full = std::fs::read(&out).unwrap();
    // Killed in the middle of a row: another job may not resume it, and the refusal
    // leaves the file as it was (torn line included).
    simulate_kill(&out, &full, full.len() / 2 + 1);
    let before = std::fs::read(&out).unwrap();
    let o = run_job(&cf, out.to_str().unwrap(), &["--resume", "--quiet"]);
    assert_usage_error(&o, "clique-forming");
    assert_eq!(std::fs::read(&out).unwrap(), before);
    // Nor may it overwrite it without --force; its own job says to resume.
    assert_usage_error(
        &run_job(&cf, out.to_str().unwrap(), &["--quiet"]),
        "--force",
    );
    assert_usage_error(
        &run_job(&nk, out.to_str().unwrap(), &["--quiet"]),
        "--resume",
    );
    assert_eq!(std::fs::read(&out).unwrap(), before);
    // Its own job resumes it to the same bytes; running it again changes nothing.
    let o = run_job(&nk, out.to_str().unwrap(), &["--resume", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&out).unwrap(), full);
    let o = run_job(&nk, out.to_str().unwrap(), &["--quiet"]);
    assert!(stderr(&o).contains("already complete"), "{}", stderr(&o));
    // --force replaces it.
    let o = run_job(&cf, out.to_str().unwrap(), &["--force", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_ne!(std::fs::read(&out).unwrap(), full);

    // A file no job wrote (no sidecar), even one whose last line has no newline, is
    // neither resumed nor overwritten.
    let foreign = d.join("notes.csv");
    std::fs::write(&foreign, b"graph6,colouring").unwrap();
    for extra in [&["--resume", "--quiet"][..], &["--quiet"][..]] {
        assert_usage_error(
            &run_job(&nk, foreign.to_str().unwrap(), extra),
            "no sidecar",
        );
        assert_eq!(std::fs::read(&foreign).unwrap(), b"graph6,colouring");
    }

    // An octal sweep resumed with another max_n is refused.
    let s1 = write_job(
        d,
        "s1",
        "name = 's'\nkind = 'octal-sweep'\nmax_digits = 1\nmax_n = 300\n",
    );
    let s2 = write_job(
        d,
        "s2",
        "name = 's'\nkind = 'octal-sweep'\nmax_digits = 1\nmax_n = 400\n",
    );
    let sw = d.join("sw.csv");
    assert!(
        run_job(&s1, sw.to_str().unwrap(), &["--quiet"])
            .status
            .success()
    );
    let full = std::fs::read(&sw).unwrap();
    simulate_kill(&sw, &full, full.len() - 3);
    let before = std::fs::read(&sw).unwrap();
    assert_usage_error(
        &run_job(&s2, sw.to_str().unwrap(), &["--resume", "--quiet"]),
        "to n = 300",
    );
    assert_eq!(std::fs::read(&sw).unwrap(), before);
}

#[test]
fn a_partizan_census_is_identical_under_a_tiny_table_cap_and_any_thread_count() {
    // Cutthroat on connected B/W graphs up to 6 vertices: uncapped on 1 thread, then with
    // a cap of 100 entries on 3 threads (the table's largest tiers are emptied over and
    // over, components are computed again): the same bytes, and the summary says so.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let spec = "rules = 'cutthroat'\nmax_vertices = 6\nconnected = true\ncolours = 2\n";
    let free = write_job(d, "free", &format!("name = 'free'\n{spec}"));
    let capped = write_job(
        d,
        "capped",
        &format!("name = 'capped'\n{spec}table_cap = 100\n"),
    );
    let a = d.join("a.csv");
    let b = d.join("b.csv");
    let o = run_job(&free, a.to_str().unwrap(), &["--threads", "1", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stderr(&o).contains("evicted"), "{}", stderr(&o));
    let o = run_job(&capped, b.to_str().unwrap(), &["--threads", "3", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let summary = stderr(&o);
    let evicted: u64 = summary
        .split(", cap 100, ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no eviction count in {summary}"));
    assert!(evicted > 1000, "{summary}");
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn a_closed_output_exits_141_silently_like_nauty_geng() {
    // The reader takes one line and goes away, as `| head -1` does: the producer stops
    // with 141 (what a shell reports for geng, killed by SIGPIPE) and says nothing, so
    // `set -o pipefail` sees the output was cut short. Checked against nauty-geng itself.
    use std::io::{BufRead, BufReader};
    let first_line_then_close = |mut cmd: Command| {
        let mut child = cmd
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert!(!line.is_empty());
        let out = child.wait_with_output().unwrap();
        (
            out.status,
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let mut ours = bin();
    ours.args(["enumerate", "-n", "10"]);
    let (status, err) = first_line_then_close(ours);
    assert_eq!(status.code(), Some(141), "{err}");
    assert_eq!(err, "");
    // nauty-geng dies of SIGPIPE; a shell reports that as 141 (128 + 13).
    let mut geng = Command::new("sh");
    geng.args(["-c", "nauty-geng -q 10; echo $? >&2"]);
    let (_, err) = first_line_then_close(geng);
    assert_eq!(err.trim(), "141");
}

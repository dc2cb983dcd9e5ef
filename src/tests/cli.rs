//! The command line as users script it: pipes with nauty, exit codes and messages for
//! bad input and broken job files, the octal and partizan commands (runs that are
//! interrupted and resumed: runs.rs).

use crate::common;

use std::process::{Command, Stdio};

use common::cli::{
    assert_usage_error, bin, cut_and_resume, run, run_job, stderr, stdout, write_job,
};
use common::nauty;

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
    assert_usage_error(
        &run(&["enumerate", "--vertices", "12"], None),
        "at most 11 vertices",
    );
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
            "at most 11 vertices",
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
            "max vertices 64: all graphs can be enumerated on at most 11 vertices",
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

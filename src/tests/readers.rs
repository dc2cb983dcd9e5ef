//! Readers that cannot be killed by their input, and writers that never overwrite by
//! surprise (issue #29, items 6 to 8), through the real binary: a CSV truncated by
//! another process while `analyze` reads it, CSVs that are not ours given to `report`
//! and `analyze`, outputs that exist, job lists with repeated entries, value notation
//! traps, and a standard output that is /dev/null opened read-write.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Instant;

use common::cli::{assert_usage_error, bin, run_in, stderr};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gamecensus-readers-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn reference(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("results/reference")
        .join(name)
}

fn run(args: &[&str], dir: &Path) -> Output {
    run_in(args, b"", dir)
}

/// A census CSV of about `mb` MB: the rows of cutthroat-bw-5 over and over.
fn big_csv(mb: usize) -> Vec<u8> {
    let small = std::fs::read(reference("cutthroat-bw-5.csv")).unwrap();
    let nl = small.iter().position(|&b| b == b'\n').unwrap() + 1;
    let (header, rows) = small.split_at(nl);
    let mut big = header.to_vec();
    while big.len() < mb << 20 {
        big.extend_from_slice(rows);
    }
    big
}

/// Another process (coreutils' `truncate`) cuts the CSV `analyze` is reading. The old
/// reader mapped the file and died of SIGBUS on the pages cut off; now it is one line
/// naming the file, exit 1, never a signal. The cut comes at times spread over a whole
/// read, so that some land in the middle of one.
#[test]
fn a_csv_truncated_while_analyze_reads_it_is_an_error_not_a_signal() {
    let d = scratch("truncate");
    let csv = d.join("big.csv");
    let bytes = big_csv(64);
    std::fs::write(&csv, &bytes).unwrap();
    let path = csv.to_str().unwrap();
    let args = ["analyze", path, "--by", "n,value", "--format", "csv"];
    let t = Instant::now();
    let whole = run(&args, &d);
    let full = t.elapsed();
    assert!(whole.status.success(), "{}", stderr(&whole));
    let mut shrank = 0;
    for attempt in 0..16u32 {
        std::fs::write(&csv, &bytes).unwrap();
        let child = bin()
            .args(args)
            .current_dir(&d)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(full * (attempt % 8 + 1) / 10);
        let cut = Command::new("truncate")
            .args(["-s", "4096", path])
            .status()
            .unwrap();
        assert!(cut.success());
        let o = child.wait_with_output().unwrap();
        let err = stderr(&o);
        assert!(
            o.status.code().is_some(),
            "killed by a signal: {:?}",
            o.status
        );
        match o.status.code() {
            Some(0) => {} // read whole before the cut, or cut before it was opened
            Some(1) => {
                assert!(err.contains(path) && err.contains("shrank"), "{err}");
                assert_eq!(err.trim_end().lines().count(), 1, "{err}");
                assert!(o.stdout.is_empty(), "no results from a cut file");
                shrank += 1;
            }
            other => panic!("exit {other:?}: {err}"),
        }
    }
    assert!(shrank > 0, "no cut landed in a read ({full:?} a read)");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_big_csv_reads_the_same_in_blocks() {
    // Rows across many 4 MB blocks, a torn last line, and a line number past the first
    // block in an error.
    let d = scratch("blocks");
    let mut bytes = big_csv(20);
    let rows = bytes.iter().filter(|&&b| b == b'\n').count() - 1;
    let csv = d.join("big.csv");
    std::fs::write(&csv, &bytes).unwrap();
    let o = run(
        &["analyze", "big.csv", "--by", "outcome", "--format", "json"],
        &d,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["rows"].as_u64().unwrap() as usize, rows);
    bytes.extend_from_slice(b"A_,BW,2");
    std::fs::write(&csv, &bytes).unwrap();
    let o = run(
        &["analyze", "big.csv", "--by", "outcome", "--format", "json"],
        &d,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("torn line (7 bytes"), "{}", stderr(&o));
    bytes.truncate(bytes.len() - 7);
    bytes.extend_from_slice(b"A_,BW,2\nA_,BW,2,1,N,*,,0\n");
    std::fs::write(&csv, &bytes).unwrap();
    let o = run(&["analyze", "big.csv", "--by", "outcome"], &d);
    assert_usage_error(&o, &format!("big.csv line {}: not a row", rows + 2));
    std::fs::remove_dir_all(&d).unwrap();
}

/// What is not one of our CSVs: `report` refuses it with one line (exit 2) and writes no
/// folder; `analyze` refuses what it cannot make sense of, with the same line.
#[test]
fn report_and_analyze_refuse_what_is_not_one_of_our_csvs() {
    let d = scratch("ours");
    let header = "graph6,colouring,n,m,outcome,value,grundy";
    let w = |name: &str, body: &[u8]| std::fs::write(d.join(name), body).unwrap();
    w(
        "five.csv",
        format!("{header}\nA_,,five,1,N,*,1\n").as_bytes(),
    );
    w("braces.csv", b"{{{\n");
    w("foreign.csv", b"a,b\n1,2\n");
    w(
        "bom.csv",
        format!("\u{feff}{header}\nA_,,2,1,N,*,1\n").as_bytes(),
    );
    w("dup.csv", b"graph6,n,n\nA_,2,3\n");
    w(
        "value.csv",
        format!("{header}\nA_,,2,1,N,{{|}}}}}},1\n").as_bytes(),
    );
    w(
        "outcome.csv",
        format!("{header}\nA_,,2,1,X,*,1\n").as_bytes(),
    );
    w(
        "graph.csv",
        format!("{header}\n\x01,,2,1,N,*,1\n").as_bytes(),
    );
    let cases: [(&str, &[&str], &str); 9] = [
        (
            "five.csv",
            &[],
            "line 2: column n holds \"five\", which is not an integer",
        ),
        (
            "braces.csv",
            &[],
            "column \"{{{\" is not one the program writes",
        ),
        (
            "foreign.csv",
            &[],
            "column \"a\" is not one the program writes",
        ),
        ("bom.csv", &[], "byte-order mark"),
        ("dup.csv", &[], "names column \"n\" twice (columns 2 and 3)"),
        (
            "value.csv",
            &[],
            "column value holds \"{|}}}\", which is not a game value",
        ),
        (
            "outcome.csv",
            &[],
            "column outcome holds \"X\", which is not an outcome",
        ),
        ("graph.csv", &[], "column graph6 holds"),
        ("five.csv", &["--check", "n > 0"], "column n holds \"five\""),
    ];
    for (file, extra, needle) in cases {
        let mut args = vec!["report", file, "--out", "rep"];
        args.extend_from_slice(extra);
        let o = run(&args, &d);
        assert_usage_error(&o, needle);
        assert!(stderr(&o).contains(file), "{file}: {}", stderr(&o));
        assert!(!d.join("rep").exists(), "{file}: a report was written");
    }
    // analyze: the same lines where it reads the column, and for the header.
    for (file, args, needle) in [
        (
            "five.csv",
            vec!["--by", "n"],
            "column n holds \"five\", which is not an integer",
        ),
        (
            "five.csv",
            vec!["--first-of", "n"],
            "column n holds \"five\"",
        ),
        (
            "five.csv",
            vec!["--where", "n > 1"],
            "\"five\" is not an integer",
        ),
        (
            "outcome.csv",
            vec!["--by", "outcome"],
            "which is not an outcome",
        ),
        ("bom.csv", vec![], "byte-order mark"),
        ("dup.csv", vec![], "names column \"n\" twice"),
        (
            "braces.csv",
            vec!["--by", "n"],
            "n is computed from the graph6 column",
        ),
    ] {
        let mut a = vec!["analyze", file];
        a.extend(args);
        let o = run(&a, &d);
        assert_usage_error(&o, needle);
        assert!(o.stdout.is_empty());
    }
    // analyze reads any CSV by its header (unknown columns are text): a foreign one too.
    let o = run(
        &["analyze", "foreign.csv", "--by", "a", "--format", "csv"],
        &d,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // draw and eval read our CSVs from stdin by header: a repeated name is refused.
    for args in [
        vec!["draw", "-", "--out", "drawings"],
        vec!["eval", "--rules", "node-kayles", "-"],
    ] {
        let o = run_in(&args, b"graph6,colouring,graph6\nA_,,A_\n", &d);
        assert_usage_error(&o, "input line 1: the header names column \"graph6\" twice");
        assert!(!d.join("drawings").exists());
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// Names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// `draw` and `report` refuse an existing output without --force (exit 2, untouched);
/// with it, the old output is replaced only by a complete new one; a failed command
/// leaves nothing, not even its temporary folder.
#[test]
fn draw_and_report_never_overwrite_by_surprise() {
    let d = scratch("force");
    let csv = reference("cutthroat-bw-5.csv");
    let csv = csv.to_str().unwrap();
    std::fs::write(d.join("pos.svg"), b"mine").unwrap();
    std::fs::create_dir(d.join("rep")).unwrap();
    std::fs::write(d.join("rep/notes.txt"), b"mine").unwrap();
    std::fs::create_dir(d.join("drawings")).unwrap();
    std::fs::write(d.join("drawings/keep.svg"), b"mine").unwrap();
    let draw_one = [
        "draw",
        "--graph",
        "Cs",
        "--colouring",
        "BBWW",
        "--out",
        "pos.svg",
    ];
    let cases: [(&[&str], &[u8]); 3] = [
        (&draw_one, b""),
        (&["draw", "-", "--out", "drawings"], b"Cs BBWW\nA_\n"),
        (&["report", csv, "--out", "rep"], b""),
    ];
    for (args, stdin) in cases {
        let before = (names(&d), names(&d.join("rep")), names(&d.join("drawings")));
        let o = run_in(args, stdin, &d);
        assert_usage_error(
            &o,
            "exists: use --force to replace it, or give another path",
        );
        assert_eq!(
            (names(&d), names(&d.join("rep")), names(&d.join("drawings"))),
            before
        );
    }
    assert_eq!(std::fs::read(d.join("pos.svg")).unwrap(), b"mine");
    // A failing command with --force: the old output stays, nothing else is left.
    let bad = d.join("bad.csv");
    let mut body = std::fs::read(csv).unwrap();
    body.extend_from_slice(b"A_,,two,1,N,*,,0\n");
    std::fs::write(&bad, &body).unwrap();
    for (args, stdin) in [
        (
            vec!["report", "bad.csv", "--out", "rep", "--force"],
            &b""[..],
        ),
        (
            vec!["draw", "-", "--out", "drawings", "--force"],
            b"Cs BBWW\nnot-graph6\n",
        ),
        (vec!["report", "bad.csv", "--out", "new-rep"], b""),
        (
            vec!["draw", "-", "--out", "new-drawings"],
            b"Cs BBWW\nnot-graph6\n",
        ),
    ] {
        let before = names(&d);
        let o = run_in(&args, stdin, &d);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert_eq!(names(&d), before, "{args:?}: left something");
    }
    assert_eq!(names(&d.join("rep")), ["notes.txt"]);
    assert_eq!(names(&d.join("drawings")), ["keep.svg"]);
    // With --force: replaced by the new, complete output.
    for (args, stdin) in cases {
        let mut args = args.to_vec();
        args.push("--force");
        let o = run_in(&args, stdin, &d);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
    assert!(
        std::fs::read_to_string(d.join("pos.svg"))
            .unwrap()
            .starts_with("<svg")
    );
    assert_eq!(names(&d.join("rep")), ["index.html"]);
    assert_eq!(names(&d.join("drawings")), ["1.svg", "2.svg"]);
    assert_eq!(names(&d), ["bad.csv", "drawings", "pos.svg", "rep"]);
    std::fs::remove_dir_all(&d).unwrap();
}

/// A repeated entry in a job's list is refused (it would write rows twice); an empty
/// list too. `--shard` with `--out` writes exactly the --out path (the help says so);
/// without it, the job's output gets `.shard-I-of-M`.
#[test]
fn job_lists_and_shard_outputs() {
    let d = scratch("jobs");
    for (leading, needle) in [
        ("[0, 0]", "0 is listed twice (entries 1 and 2)"),
        ("[4, 0, 4]", "4 is listed twice (entries 1 and 3)"),
        ("[]", "list at least one digit"),
    ] {
        let job = format!(
            "name = 'sw'\nkind = 'octal-sweep'\nmax_digits = 1\nmax_n = 50\nleading = {leading}\noutput = 'sw.csv'\n"
        );
        std::fs::write(d.join("sw.toml"), job).unwrap();
        let o = run(&["run", "sw.toml", "--quiet"], &d);
        assert_usage_error(&o, needle);
        assert!(!d.join("sw.csv").exists());
    }
    std::fs::write(
        d.join("nk.toml"),
        "name = 'nk'\nrules = 'node-kayles'\nmax_vertices = 4\noutput = 'nk.csv'\n",
    )
    .unwrap();
    let print = |extra: &[&str]| {
        let mut a = vec!["run", "nk.toml", "--shard", "1/3", "--print-output"];
        a.extend_from_slice(extra);
        String::from_utf8(run(&a, &d).stdout).unwrap()
    };
    assert_eq!(print(&[]).trim(), "nk.shard-1-of-3.csv");
    assert_eq!(print(&["--out", "mine.csv"]).trim(), "mine.csv");
    let o = run(
        &[
            "run", "nk.toml", "--shard", "1/3", "--out", "mine.csv", "--quiet",
        ],
        &d,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(d.join("mine.csv").is_file() && !d.join("mine.shard-1-of-3.csv").exists());
    let help = String::from_utf8(run(&["run", "--help"], &d).stdout).unwrap();
    assert!(
        help.contains("an --out path is used as it is given"),
        "{help}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// `^` is up and `v` down in the value notation: `2^-3` is not a power of two, and is
/// refused with a line saying how to write either reading; `2^3` (2 + ↑3) and the sum
/// with spaces are read as before.
#[test]
fn value_notation_refuses_what_looks_like_a_power() {
    let d = scratch("value");
    for (e, needle) in [
        ("2^-3", "2^-3: ^ is up (↑) and v is down, not a power"),
        ("2^-70", "(2^ - 70)"),
        ("2^+3", "(2^ + 3)"),
        ("^-3", "(^ - 3)"),
        ("v-3", "(v - 3)"),
        ("{0|2v-1}", "(2v - 1)"),
    ] {
        let o = run(&["value", e], &d);
        assert_usage_error(&o, needle);
        assert!(stderr(&o).contains("1/8"), "{e}: {}", stderr(&o));
    }
    for (e, want) in [
        ("2^ - 3", "-1^"),
        ("2^3", "2^3"),
        ("1/8", "1/8"),
        ("-3^", "-3^"),
        ("^-^", "0"),
    ] {
        let o = run(&["value", e], &d);
        assert!(o.status.success(), "{e}: {}", stderr(&o));
        assert_eq!(String::from_utf8(o.stdout).unwrap().trim(), want, "{e}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// A standard output on /dev/null opened read-write (`1<>/dev/null`, as Python's
/// `subprocess.DEVNULL` does) is an output the caller chose: the command runs (exit 0);
/// a closed one (`>&-`) is still refused.
#[test]
fn a_read_write_dev_null_stdout_is_not_a_closed_one() {
    let bin = env!("CARGO_BIN_EXE_gamecensus");
    for (redirect, code) in [("1<>/dev/null", 0), (">/dev/null", 0), (">&-", 2)] {
        let o = Command::new("bash")
            .arg("-c")
            .arg(format!("'{bin}' value '^ + ^*' {redirect}"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(code), "{redirect}: {err}");
        assert_eq!(
            err.contains("standard output is closed"),
            code == 2,
            "{err}"
        );
    }
    // From a program, as Python's subprocess.DEVNULL does: /dev/null opened read-write.
    let null = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
        .unwrap();
    let o = bin_with_stdout(null);
    assert!(o.status.success(), "{}", stderr(&o));
}

fn bin_with_stdout(out: std::fs::File) -> Output {
    bin()
        .args(["enumerate", "-n", "4"])
        .stdout(out)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

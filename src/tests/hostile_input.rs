//! Hostile input, round two (issue #44, "nothing lost, round two"), through the real
//! binary: a CSV line longer than a read block, or longer than any row we write, in
//! `analyze` (plain, `.csv.zst`, `--join`) and `report` (class 6: it spun forever); a
//! job file that is a device or too large (class 10: `run /dev/zero` read gigabytes);
//! and messages that misled (class 13: hints of flags the command does not take, the
//! byte count of a quoted long input, a repeated tally column).

use crate::common;

use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use common::cli::{assert_usage_error, bin, stderr, stdout};

/// Runs the binary with `args` in `dir`, stdin closed, failing the test (and killing
/// the process) if it has not ended within 60 s: the bugs here were endless loops.
fn run_bounded(args: &[&str], dir: &Path) -> Output {
    let mut child = bin()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Drained from threads while we wait: a full pipe would stall the process.
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut b = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut b).unwrap();
        b
    });
    let err = std::thread::spawn(move || {
        let mut b = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut b).unwrap();
        b
    });
    let t = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if t.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("gamecensus {args:?} still running after 60 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}

/// An `eval` CSV of Domineering positions whose third row's position has `long` bytes.
fn csv_with_long_row(long: usize) -> Vec<u8> {
    let mut csv = b"position,size,outcome,value,grundy,atomic_weight,temperature,mean\n\
                    ..,2,R,-1,,,-1,-1\n"
        .to_vec();
    csv.extend(std::iter::repeat_n(b'.', long));
    csv.extend_from_slice(b",2,R,-1,,,-1,-1\n.|.,2,L,1,,,-1,1\n");
    csv
}

/// Class 6: a row longer than a read block (4 MiB) was waited for forever; one of 5 MiB
/// is read and counted, in a plain and a compressed file and as a joined file.
#[test]
fn a_row_longer_than_a_read_block_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let csv = csv_with_long_row(5 << 20);
    std::fs::write(d.join("long.csv"), &csv).unwrap();
    std::fs::write(d.join("long.csv.zst"), zstd::encode_all(&csv[..], 3).unwrap()).unwrap();
    for file in ["long.csv", "long.csv.zst"] {
        let o = run_bounded(&["analyze", file, "--by", "outcome", "--format", "csv"], d);
        assert!(o.status.success(), "{file}: {}", stderr(&o));
        assert_eq!(stdout(&o), "outcome,count,share\nL,1,0.333333\nR,2,0.666667\n");
    }
    std::fs::write(
        d.join("small.csv"),
        "position,size,outcome,value,grundy,atomic_weight,temperature,mean\n\
         ..,2,R,-1,,,-1,-1\n.|.,2,L,1,,,-1,1\n",
    )
    .unwrap();
    let o = run_bounded(
        &[
            "analyze", "small.csv", "--join", "long.csv", "--on", "position", "--by",
            "b.outcome", "--format", "csv",
        ],
        d,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "b.outcome,count,share\nL,1,0.500000\nR,1,0.500000\n");
}

/// Class 6: a line longer than any row we write (16 MiB) is refused in one line naming
/// its file and line number, by every reader of result CSVs, without waiting for its
/// end (the one of 5 GB read as fast as the disk would have taken minutes).
#[test]
fn a_line_longer_than_any_row_is_refused_with_its_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let csv = csv_with_long_row(17 << 20);
    std::fs::write(d.join("huge.csv"), &csv).unwrap();
    std::fs::write(d.join("huge.csv.zst"), zstd::encode_all(&csv[..], 3).unwrap()).unwrap();
    // The same line left torn at the end of the file (no newline): refused, not skipped.
    std::fs::write(d.join("torn.csv"), &csv[..csv.len() - 32]).unwrap();
    std::fs::write(
        d.join("small.csv"),
        "position,size,outcome,value,grundy,atomic_weight,temperature,mean\n..,2,R,-1,,,-1,-1\n",
    )
    .unwrap();
    let refused = |args: &[&str], file: &str| {
        let o = run_bounded(args, d);
        assert_usage_error(&o, &format!("{file} line 3: longer than 16 MiB"));
    };
    refused(&["analyze", "huge.csv", "--by", "outcome"], "huge.csv");
    refused(&["analyze", "huge.csv.zst", "--by", "outcome"], "huge.csv.zst");
    refused(&["analyze", "torn.csv", "--by", "outcome"], "torn.csv");
    refused(
        &["analyze", "small.csv", "--join", "huge.csv", "--on", "position"],
        "huge.csv",
    );
    refused(&["report", "huge.csv", "--out", "report"], "huge.csv");
    assert!(!d.join("report").exists());
}

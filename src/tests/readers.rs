//! Readers that cannot be killed by their input, and writers that never overwrite by
//! surprise (issue #29, items 6 to 8), through the real binary: a CSV truncated by
//! another process while `analyze` reads it, CSVs that are not ours given to `report`
//! and `analyze`, outputs that exist, job lists with repeated entries, value notation
//! traps, and a standard output that is /dev/null opened read-write.

mod common;

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

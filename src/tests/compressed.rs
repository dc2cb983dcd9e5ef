//! Compressed census outputs (`run --compress zstd`, or an output named `.csv.zst`,
//! issue #26): the file is zstd frames that the reference `zstd` tool (Debian's zstd
//! package, an independent implementation of the format) decompresses to exactly the
//! plain run's CSV; `analyze` and `report` read it as it is; a real SIGINT and `--resume`
//! and a sharded run with `merge` give the same bytes.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::cli::{run, run_job, stderr, stdout, write_job};
use common::procs::*;

fn ok(o: std::process::Output) -> std::process::Output {
    assert!(o.status.success(), "{}", stderr(&o));
    o
}

/// The file decompressed by the `zstd` command-line tool.
fn zstdcat(p: &Path) -> Vec<u8> {
    let o = Command::new("zstd")
        .args(["-d", "-c", s(p)])
        .output()
        .expect("the zstd tool (apt-get install zstd)");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    o.stdout
}

#[test]
fn a_compressed_census_is_the_plain_one_read_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(d, "ct7", CT7);
    let plain = solo(d, &job);
    // --compress zstd names the job's output NAME.csv.zst; an --out must end in .zst.
    let o = run(&["run", &job, "--compress", "zstd", "--print-output"], None);
    assert_eq!(stdout(&o).trim(), "results/ct7.csv.zst");
    let o = run(
        &[
            "run",
            &job,
            "--compress",
            "zstd",
            "--out",
            s(&d.join("x.csv")),
        ],
        None,
    );
    common::cli::assert_usage_error(&o, "name the output");
    let out = d.join("ct7.csv.zst");
    ok(run_job(&job, s(&out), &["--quiet", "--compress", "zstd"]));
    let packed = std::fs::read(&out).unwrap();
    assert!(packed.len() * 3 < plain.len(), "{} bytes", packed.len());
    assert!(zstdcat(&out) == plain);
    assert_whole_zst(&out);
    // analyze reads it as it is: the same answers as on the plain CSV.
    let p = d.join("solo.csv");
    for args in [
        vec!["--by", "n,outcome", "--format", "csv"],
        vec!["--check", "is_integer(atomic_weight)", "--format", "json"],
    ] {
        let a = run(&[&["analyze", s(&out)], &args[..]].concat(), None);
        let b = run(&[&["analyze", s(&p)], &args[..]].concat(), None);
        assert!(a.status.success(), "{}", stderr(&a));
        let (a, b) = (stdout(&a), stdout(&b));
        if args.contains(&"json") {
            // Not the file names and timings: the answers.
            let (a, b): (serde_json::Value, serde_json::Value) = (
                serde_json::from_str(&a).unwrap(),
                serde_json::from_str(&b).unwrap(),
            );
            assert_eq!(a["checks"], b["checks"]);
            assert_eq!(a["rows"], b["rows"]);
        } else {
            assert_eq!(a, b, "{args:?}");
        }
    }
    // report too.
    let r = d.join("report");
    ok(run(&["report", s(&out), "--out", s(&r)], None));
    assert!(r.join("index.html").exists());
    // A complete compressed file is recognised as such.
    let o = ok(run_job(&job, s(&out), &["--quiet"]));
    assert!(stderr(&o).contains("already complete"), "{}", stderr(&o));
}

/// The sidecar vouches for the whole file, which is whole zstd frames.
fn assert_whole_zst(p: &Path) {
    let bytes = std::fs::read(p).unwrap();
    let side = sidecar(p);
    assert_eq!(side["bytes"].as_u64().unwrap(), bytes.len() as u64);
    assert_eq!(
        side["checksum"].as_str().unwrap(),
        format!("{:016x}", xxhash_rust::xxh3::xxh3_64(&bytes))
    );
    let text = zstdcat(p);
    let lines = text.iter().filter(|&&b| b == b'\n').count() as u64;
    assert_eq!(side["rows"].as_u64().unwrap(), lines - 1);
}

#[test]
fn a_compressed_run_resumes_after_sigint_and_merges() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(d, "ct7", CT7);
    let plain = solo(d, &job);
    let out = d.join("ct7.csv.zst");
    let child = start(&["run", &job, "--out", s(&out), "--quiet", "--threads", "1"]);
    // The header's frame is written at once; rows follow every 2 s. Signalled as soon
    // as the header is there (the whole run takes about half a second with one thread,
    // so a fixed delay can miss it on an idle machine).
    wait_for("the header", || {
        std::fs::metadata(&out).is_ok_and(|m| m.len() > 0)
    });
    signal(&child, "-INT");
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert_whole_zst(&out);
    assert_eq!(sidecar(&out)["complete"], false);
    ok(run_job(&job, s(&out), &["--quiet", "--resume"]));
    assert!(zstdcat(&out) == plain);
    assert_whole_zst(&out);
    // Shards, compressed, merged into a compressed and a plain file.
    let m = 3;
    let shards: Vec<PathBuf> = (0..m)
        .map(|i| {
            let p = d.join(format!("ct7.shard-{i}-of-{m}.csv.zst"));
            ok(run_job(
                &job,
                s(&p),
                &["--quiet", "--shard", &format!("{i}/{m}")],
            ));
            p
        })
        .collect();
    for name in ["merged.csv.zst", "merged.csv"] {
        let merged = d.join(name);
        let mut args = vec!["merge", s(&merged)];
        args.extend(shards.iter().map(|p| s(p)));
        ok(run(&args, None));
        let bytes = if name.ends_with(".zst") {
            assert_whole_zst(&merged);
            zstdcat(&merged)
        } else {
            std::fs::read(&merged).unwrap()
        };
        assert!(bytes == plain, "{name}");
        let o = ok(run_job(&job, s(&merged), &["--quiet"]));
        assert!(stderr(&o).contains("already complete"), "{}", stderr(&o));
    }
}

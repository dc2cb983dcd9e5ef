//! `gamecensus merge`: the shards of a job put back together are the unsharded run byte
//! for byte (a census, whose units hold different numbers of rows, some none; a shard
//! resumed in the middle of a unit; an octal sweep), and a missing, duplicated, foreign,
//! incomplete or changed shard, or an existing output, is refused with one line, exit 2
//! and nothing written.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn gamecensus(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamecensus"))
        .args(args)
        .output()
        .unwrap()
}

fn ok(o: Output) -> Output {
    assert!(
        o.status.success(),
        "exit {:?}: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Cutthroat on every connected B/W graph with 1 to 6 vertices (4,016 positions in
/// 198 units of 0 to 58 rows).
const CUTTHROAT: &str = "name = 'ct6'\nrules = 'cutthroat'\nconnected = true\nmax_vertices = 6\n\
                         colours = 2\nskip_reduced = true\n";

/// Writes `body` as DIR/NAME.toml.
fn job(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(format!("{name}.toml"));
    std::fs::write(&p, body).unwrap();
    p
}

/// Runs shard `i` of `m` of `job` into DIR/shard-I-of-M.csv.
fn shard(job: &Path, dir: &Path, i: usize, m: usize) -> PathBuf {
    let out = dir.join(format!("shard-{i}-of-{m}.csv"));
    let spec = format!("{i}/{m}");
    ok(gamecensus(&[
        "run",
        s(job),
        "--out",
        s(&out),
        "--shard",
        &spec,
        "--quiet",
    ]));
    out
}

/// The unsharded run of `job`, into DIR/whole.csv.
fn whole(job: &Path, dir: &Path) -> Vec<u8> {
    let out = dir.join("whole.csv");
    ok(gamecensus(&["run", s(job), "--out", s(&out), "--quiet"]));
    std::fs::read(out).unwrap()
}

fn merge(out: &Path, shards: &[PathBuf], extra: &[&str]) -> Output {
    let mut args = vec!["merge", s(out)];
    args.extend(shards.iter().map(|p| s(p)));
    args.extend_from_slice(extra);
    gamecensus(&args)
}

fn sidecar(csv: &Path) -> serde_json::Value {
    let p = format!("{}.meta.json", csv.display());
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

#[test]
fn shards_and_merge_are_the_single_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = job(d, "ct6", CUTTHROAT);
    let want = whole(&job, d);
    assert_eq!(want.iter().filter(|&&b| b == b'\n').count(), 4017);
    // M = 3; M = 7 (units of 0 rows in every shard); more shards than the 6-vertex units.
    for m in [3, 7, 500] {
        let mut shards: Vec<PathBuf> = (0..m).map(|i| shard(&job, d, i, m)).collect();
        shards.reverse(); // any order
        let out = d.join(format!("merged-{m}.csv"));
        let o = ok(merge(&out, &shards, &[]));
        assert!(String::from_utf8_lossy(&o.stderr).contains("4016 rows"));
        assert!(
            std::fs::read(&out).unwrap() == want,
            "M = {m}: not the single run"
        );
        let side = sidecar(&out);
        assert_eq!(side["complete"], true);
        assert_eq!(side["rows"], 4016);
        assert_eq!(side["shard"], "0/1");
        assert_eq!(side["identity"], sidecar(&d.join("whole.csv"))["identity"]);
        assert!(side["summary"].as_str().unwrap().contains("merge"));
        // The unsharded run takes the merged file for its own, complete.
        let o = ok(gamecensus(&["run", s(&job), "--out", s(&out), "--quiet"]));
        assert!(String::from_utf8_lossy(&o.stderr).contains("already complete"));
        for p in shards {
            std::fs::remove_file(&p).unwrap();
            std::fs::remove_file(format!("{}.meta.json", p.display())).unwrap();
        }
    }
}

#[test]
fn an_octal_sweep_merges_too() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = job(
        d,
        "sw",
        "name = 'sw'\nkind = 'octal-sweep'\nmax_digits = 2\nleading = [0, 4]\nmax_n = 300\n",
    );
    let want = whole(&job, d);
    let shards: Vec<PathBuf> = (0..4).map(|i| shard(&job, d, i, 4)).collect();
    let out = d.join("merged.csv");
    ok(merge(&out, &shards, &[]));
    assert!(std::fs::read(&out).unwrap() == want);
}

#[test]
fn a_shard_resumed_in_the_middle_of_a_unit_merges_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = job(d, "ct6", CUTTHROAT);
    let want = whole(&job, d);
    let shards: Vec<PathBuf> = (0..3).map(|i| shard(&job, d, i, 3)).collect();
    let full = std::fs::read(&shards[1]).unwrap();
    let units: Vec<usize> = sidecar(&shards[1])["units"]["rows"]
        .as_str()
        .unwrap()
        .split(' ')
        .map(|w| w.parse().unwrap())
        .collect();
    // Byte offsets of the line ends; the largest unit and where it starts.
    let ends: Vec<usize> = (0..full.len()).filter(|&i| full[i] == b'\n').collect();
    let big = (0..units.len()).max_by_key(|&u| units[u]).unwrap();
    let before: usize = units[..big].iter().sum();
    assert!(units[big] >= 10, "{units:?}");
    for cut in [
        // In the middle of a row in the middle of the largest unit.
        ends[before + units[big] / 2] + 7,
        // Right after the largest unit.
        ends[before + units[big]] + 1,
    ] {
        common::kill_after(&shards[1], cut);
        let spec = "1/3";
        let o = ok(gamecensus(&[
            "run",
            s(&job),
            "--out",
            s(&shards[1]),
            "--shard",
            spec,
            "--resume",
            "--quiet",
        ]));
        assert!(String::from_utf8_lossy(&o.stderr).contains("resumed"));
        assert!(std::fs::read(&shards[1]).unwrap() == full);
        let out = d.join(format!("merged-{cut}.csv"));
        ok(merge(&out, &shards, &[]));
        assert!(std::fs::read(&out).unwrap() == want, "cut at {cut}");
    }
}

/// A refused merge: exit 2, one line naming `needle`, and nothing in `dir` changed.
fn refused(dir: &Path, out: &Path, shards: &[PathBuf], extra: &[&str], needle: &str) {
    let listing = |d: &Path| {
        let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
            .collect();
        v.sort();
        v
    };
    let before = listing(dir);
    let o = merge(out, shards, extra);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(needle), "expected {needle:?} in {err}");
    assert!(listing(dir) == before, "{needle}: the directory changed");
}

#[test]
fn missing_duplicate_foreign_incomplete_or_changed_shards_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job6 = job(d, "ct6", CUTTHROAT);
    let job5 = job(d, "ct5", &CUTTHROAT.replace("= 6", "= 5"));
    let sub = |name: &str| {
        let p = d.join(name);
        std::fs::create_dir(&p).unwrap();
        p
    };
    let (a, b, c) = (sub("a"), sub("b"), sub("c"));
    let three: Vec<PathBuf> = (0..3).map(|i| shard(&job6, &a, i, 3)).collect();
    let other_job: Vec<PathBuf> = (0..3).map(|i| shard(&job5, &b, i, 3)).collect();
    let four: Vec<PathBuf> = (0..4).map(|i| shard(&job6, &c, i, 4)).collect();
    let out = a.join("merged.csv");

    refused(
        &a,
        &out,
        &three[..2],
        &[],
        "1 of the 3 shards is missing: 2/3",
    );
    let dup = [three[0].clone(), three[1].clone(), three[1].clone()];
    refused(&a, &out, &dup, &[], "shard 1/3 is given twice");
    let foreign = [three[0].clone(), other_job[1].clone(), three[2].clone()];
    refused(&a, &out, &foreign, &[], "their job files differ");
    let mixed = [three[0].clone(), three[1].clone(), four[2].clone()];
    refused(&a, &out, &mixed, &[], "their shard counts differ");
    let with_sidecar = [
        three[0].clone(),
        three[1].clone(),
        three[2].clone(),
        d.join("a/shard-2-of-3.csv.meta.json"),
    ];
    refused(&a, &out, &with_sidecar, &[], "is a sidecar");

    // A CSV without a sidecar is no shard.
    let bare = d.join("bare.csv");
    std::fs::copy(&three[2], &bare).unwrap();
    let no_sidecar = [three[0].clone(), three[1].clone(), bare];
    refused(&a, &out, &no_sidecar, &[], "has no sidecar");

    // The same bytes with one changed (the size stays) or cut: the checksum tells.
    let saved = std::fs::read(&three[1]).unwrap();
    let mut changed = saved.clone();
    let at = changed.len() - 3;
    changed[at] = if changed[at] == b'0' { b'1' } else { b'0' };
    std::fs::write(&three[1], &changed).unwrap();
    refused(&a, &out, &three, &[], "checksum differs");
    std::fs::write(&three[1], &saved[..saved.len() - 1]).unwrap();
    refused(&a, &out, &three, &[], "it was changed");
    std::fs::write(&three[1], &saved).unwrap();

    // An interrupted shard.
    let side = std::fs::read(format!("{}.meta.json", three[1].display())).unwrap();
    common::kill_after(&three[1], saved.len() / 2);
    refused(&a, &out, &three, &[], "is incomplete");
    std::fs::write(&three[1], &saved).unwrap();
    std::fs::write(format!("{}.meta.json", three[1].display()), &side).unwrap();

    // Forged sidecars: more rows than bytes allow; a huge shard count, identity and all.
    let meta = format!("{}.meta.json", three[0].display());
    let side = std::fs::read_to_string(&meta).unwrap();
    let mut forged: serde_json::Value = serde_json::from_str(&side).unwrap();
    forged["rows"] = u64::MAX.into();
    std::fs::write(&meta, forged.to_string()).unwrap();
    refused(&a, &out, &three, &[], "cannot fit");
    let huge = "999999999999";
    let forged = side
        .replace("0/3", &format!("0/{huge}"))
        .replace("shard 0/3", &format!("shard 0/{huge}"));
    std::fs::write(&meta, forged).unwrap();
    refused(
        &a,
        &out,
        &three[..1],
        &[],
        &format!("999999999998 of the {huge} shards are missing: 1/{huge}, 2/{huge}"),
    );
    std::fs::write(&meta, side).unwrap();

    // An existing output is replaced only with --force; the shards themselves never.
    std::fs::write(&out, "precious\n").unwrap();
    refused(&a, &out, &three, &[], "use --force");
    refused(
        &a,
        &three[0].clone(),
        &three,
        &["--force"],
        "is one of the shards",
    );
    ok(merge(&out, &three, &["--force"]));
    assert!(std::fs::read(&out).unwrap() == whole(&job6, d));
}

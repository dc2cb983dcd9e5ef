//! Nothing lost (issue #29): one writer per output, a full disk, resume that trusts only
//! what its sidecar vouches for, early-killed octal checkpoints, and a soak of random
//! kills, resumes and concurrent starts (through links, with tallies and compressed
//! outputs) whose every final file is the solo run's bytes (round two, issue #44:
//! nothing_lost_outputs.rs);
//! each with the real binary, real signals, a real second process and a real small
//! filesystem (tmpfs; skipped with a printed reason where the machine cannot mount one).
//! Stopping within a second and memory budgets: stopping.rs.

use crate::common;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::cli::{assert_usage_error, stderr, write_job};
use common::procs::*;

#[test]
fn a_second_writer_is_refused_at_once_naming_the_holder() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(d, "grids", GRIDS);
    let out = d.join("grids.csv");
    let first = start(&["run", &job, "--out", s(&out), "--quiet"]);
    let lock = d.join("grids.csv.lock");
    wait_for("the first run's rows", || lines(&out) > 10);
    // A plain second run, a --resume of the run still going (the step that used to
    // interleave rows), and --force: each refused at once, naming the holder.
    for extra in [&[][..], &["--resume"], &["--force"]] {
        let t = Instant::now();
        let o = common::cli::run_job(&job, s(&out), &[&["--quiet"], extra].concat());
        assert!(t.elapsed() < Duration::from_secs(5));
        assert_usage_error(&o, "is being written by another gamecensus");
        assert!(
            stderr(&o).contains(&format!("pid {}", first.id())),
            "{}",
            stderr(&o)
        );
    }
    // merge into it, likewise.
    let o = common::cli::run(&["merge", s(&out), s(&out)], None);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // An octal checkpoint in use.
    let cp = d.join("cp");
    let octal = start(&[
        "octal",
        "0.6",
        "--max",
        "100000000",
        "--checkpoint",
        s(&cp),
        "--quiet",
    ]);
    wait_for("the checkpoint's lock", || d.join("cp.lock").exists());
    let o = common::cli::run(
        &[
            "octal",
            "0.6",
            "--max",
            "100000000",
            "--checkpoint",
            s(&cp),
            "--resume",
        ],
        None,
    );
    assert_usage_error(&o, "is being written by another gamecensus");
    signal(&octal, "-KILL");
    let _ = octal.wait_with_output();

    // The holder killed outright leaves its lock file behind: a stale lock, taken over.
    signal(&first, "-KILL");
    let _ = first.wait_with_output();
    assert!(lock.exists());
    let rows = lines(&out);
    let again = start(&["run", &job, "--out", s(&out), "--resume", "--quiet"]);
    wait_for("the resumed run's new rows", || lines(&out) > rows);
    signal(&again, "-INT");
    let o = again.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(!lock.exists(), "the lock file goes with its holder");
}

/// A tmpfs of `size` mounted on a new directory, unmounted when dropped.
struct Tmpfs(PathBuf, #[allow(dead_code)] tempfile::TempDir);

impl Tmpfs {
    fn mount(size: &str) -> Option<Tmpfs> {
        let dir = tempfile::tempdir().unwrap();
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            println!("skipped: this machine cannot mount a tmpfs (not root?)");
            return None;
        }
        Some(Tmpfs(dir.path().to_path_buf(), dir))
    }

    fn resize(&self, size: &str) {
        let ok = Command::new("mount")
            .args(["-o", &format!("remount,size={size}")])
            .arg(&self.0)
            .status()
            .unwrap();
        assert!(ok.success());
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_full_disk_leaves_whole_rows_and_the_sidecar_then_resume_finishes() {
    let dir = tempfile::tempdir().unwrap();
    let job = write_job(dir.path(), "ct7", CT7);
    let want = solo(dir.path(), &job);
    for size in ["300k", "1m", "2m"] {
        let Some(fs) = Tmpfs::mount(size) else { return };
        let out = fs.0.join("ct7.csv");
        let o = common::cli::run_job(&job, s(&out), &["--quiet"]);
        assert_eq!(o.status.code(), Some(1), "{size}: {}", stderr(&o));
        let err = stderr(&o);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains("No space left on device"), "{err}");
        // Whole rows, a sidecar that vouches for a prefix of them, no temporary file.
        let bytes = std::fs::read(&out).unwrap();
        assert_eq!(bytes.last(), Some(&b'\n'), "{size}: torn last row");
        let side = sidecar(&out);
        let vouched = side["bytes"].as_u64().unwrap() as usize;
        assert!(vouched <= bytes.len());
        assert_eq!(
            side["checksum"].as_str().unwrap(),
            format!("{:016x}", xxhash_rust::xxh3::xxh3_64(&bytes[..vouched]))
        );
        let names: Vec<String> = std::fs::read_dir(&fs.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(
            names
                .iter()
                .all(|n| !n.ends_with(".tmp") && !n.ends_with(".lock")),
            "{names:?}"
        );
        // Room again: --resume finishes to the solo run's bytes.
        fs.resize("16m");
        let o = common::cli::run_job(&job, s(&out), &["--quiet", "--resume"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(std::fs::read(&out).unwrap() == want, "{size}");
    }
}

#[test]
fn resume_trusts_only_the_bytes_its_sidecar_vouches_for() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(d, "ct7", CT7);
    let want = solo(d, &job);
    let out = d.join("ct7.csv");
    // A value changed in a row the sidecar vouches for: refused, saying where.
    std::fs::write(&out, &want).unwrap();
    std::fs::copy(d.join("solo.csv.meta.json"), d.join("ct7.csv.meta.json")).unwrap();
    common::kill_after(&out, want.len() / 2);
    let mut bytes = std::fs::read(&out).unwrap();
    let at = bytes.len() / 3;
    let row_end = at + bytes[at..].iter().position(|&b| b == b'\n').unwrap();
    let digit = row_end
        - 1
        - bytes[..row_end]
            .iter()
            .rev()
            .position(|b| b.is_ascii_digit())
            .unwrap();
    bytes[digit] = if bytes[digit] == b'1' { b'2' } else { b'1' };
    std::fs::write(&out, &bytes).unwrap();
    let o = common::cli::run_job(&job, s(&out), &["--quiet", "--resume"]);
    assert_usage_error(&o, "checksum differs");
    assert!(stderr(&o).contains("between byte"), "{}", stderr(&o));
    // A complete file with an edited row: refused too, where a run of its job would
    // once have called it complete.
    let done = d.join("solo.csv");
    let mut bytes = std::fs::read(&done).unwrap();
    let at = bytes.len() - 10;
    bytes[at] = if bytes[at] == b',' { b';' } else { b',' };
    std::fs::write(&done, &bytes).unwrap();
    let o = common::cli::run_job(&job, s(&done), &["--quiet"]);
    assert_usage_error(&o, "cannot trust the complete run");
    std::fs::write(&done, &want).unwrap();
    // Rows written after the sidecar's last update (then a kill) are not trusted: an
    // edited one among them is cut and computed again.
    std::fs::write(&out, &want).unwrap();
    common::kill_after(&out, want.len() / 2);
    let mut side = sidecar(&out);
    let keep = want.len() / 4;
    let keep = want[..keep].iter().rposition(|&b| b == b'\n').unwrap() + 1;
    side["bytes"] = keep.into();
    side["rows"] = (want[..keep].iter().filter(|&&b| b == b'\n').count() - 1).into();
    side["checksum"] = format!("{:016x}", xxhash_rust::xxh3::xxh3_64(&want[..keep])).into();
    std::fs::write(format!("{}.meta.json", out.display()), side.to_string()).unwrap();
    let mut bytes = std::fs::read(&out).unwrap();
    let at = (keep + bytes.len()) / 2;
    let row_end = at + bytes[at..].iter().position(|&b| b == b'\n').unwrap();
    bytes[row_end - 1] = if bytes[row_end - 1] == b'1' {
        b'2'
    } else {
        b'1'
    };
    std::fs::write(&out, &bytes).unwrap();
    let o = common::cli::run_job(&job, s(&out), &["--quiet", "--resume"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read(&out).unwrap() == want);
}

#[test]
fn an_octal_checkpoint_killed_early_blocks_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let reference = common::cli::run(&["octal", "0.6", "--max", "300000", "--quiet"], None);
    assert!(reference.status.success());
    for (i, delay) in [0u64, 2, 5, 10, 30].into_iter().enumerate() {
        let cp = d.join(format!("cp{i}"));
        let child = start(&[
            "octal",
            "0.6",
            "--max",
            "300000",
            "--checkpoint",
            s(&cp),
            "--quiet",
        ]);
        wait_for("the checkpoint file", || cp.exists());
        std::thread::sleep(Duration::from_millis(delay));
        signal(&child, "-KILL");
        let _ = child.wait_with_output();
        let o = common::cli::run(
            &[
                "octal",
                "0.6",
                "--max",
                "300000",
                "--checkpoint",
                s(&cp),
                "--resume",
                "--quiet",
            ],
            None,
        );
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(o.stdout, reference.stdout);
    }
    // A checkpoint that never saved anything (empty) is replaced by a new run.
    let cp = d.join("empty");
    std::fs::write(&cp, b"").unwrap();
    let o = common::cli::run(
        &[
            "octal",
            "0.6",
            "--max",
            "1000",
            "--checkpoint",
            s(&cp),
            "--quiet",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
}

/// A tiny generator of reproducible random numbers (the soak must not depend on luck).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

#[test]
fn soak_random_kills_resumes_and_concurrent_starts() {
    // Half the files are plain CSV of a job without tallies, half `.csv.zst` of the same
    // census with two tallies (issue #44); each start writes through the real name, a
    // symbolic link to it or a hard link to it.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(d, "ct7", CT7);
    let tallied = write_job(
        d,
        "ct7t",
        &format!("{CT7}tally = [['n', 'outcome'], ['n', 'atomic_weight']]\n"),
    );
    let want = solo(d, &job);
    let solo_t = d.join("solo-t.csv");
    let o = common::cli::run_job(&tallied, s(&solo_t), &["--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let tallies = ["n-outcome", "n-atomic_weight"]
        .map(|t| std::fs::read(d.join(format!("solo-t.tally-{t}.csv"))).unwrap());
    let mut rng = Lcg(29);
    let mut events = 0;
    for file in 0..10 {
        let zst = file % 2 == 1;
        let (job, ext) = if zst { (&tallied, "csv.zst") } else { (&job, "csv") };
        let out = d.join(format!("soak{file}.{ext}"));
        let link = d.join(format!("link{file}.{ext}"));
        std::os::unix::fs::symlink(out.file_name().unwrap(), &link).unwrap();
        let hard = d.join(format!("hard{file}.{ext}"));
        for _ in 0..20 {
            if out.exists() && !hard.exists() {
                std::fs::hard_link(&out, &hard).unwrap();
            }
            // One to three starts at once, each a plain run or a --resume, through one of
            // the names.
            let starts = 1 + rng.below(3);
            let children: Vec<Child> = (0..starts)
                .map(|_| {
                    let name = [&out, &link, &hard][rng.below(3) as usize];
                    let mut args = vec!["run", job, "--out", s(name), "--quiet"];
                    if rng.below(3) > 0 {
                        args.push("--resume");
                    }
                    start(&args)
                })
                .collect();
            std::thread::sleep(Duration::from_millis(rng.below(400)));
            let victim = rng.below(starts + 1) as usize;
            let sig = ["-INT", "-TERM", "-KILL"][rng.below(3) as usize];
            if let Some(c) = children.get(victim) {
                let _ = Command::new("kill")
                    .args([sig, &c.id().to_string()])
                    .stderr(Stdio::null())
                    .status();
            }
            for c in children {
                let o = c.wait_with_output().unwrap();
                let err = stderr(&o);
                assert!(!err.contains("panicked"), "{err}");
                // Done, refused (locked, or an interrupted run without --resume), stopped
                // by a signal, or killed outright.
                match o.status.code() {
                    Some(0 | 2 | 130 | 143) => {}
                    None => {} // SIGKILL
                    other => panic!("exit {other:?}: {err}"),
                }
                events += 1;
            }
        }
        let o = common::cli::run_job(job, s(&out), &["--quiet", "--resume"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let bytes = std::fs::read(&out).unwrap();
        let rows = if zst {
            zstd::decode_all(&bytes[..]).unwrap()
        } else {
            bytes
        };
        assert!(rows == want, "soak file {file}");
        if zst {
            for (t, solo) in ["n-outcome", "n-atomic_weight"].iter().zip(&tallies) {
                let have = std::fs::read(d.join(format!("soak{file}.tally-{t}.csv"))).unwrap();
                assert!(have == *solo, "soak file {file}: tally {t}");
            }
        }
        assert!(!d.join(format!("soak{file}.{ext}.lock")).exists());
    }
    assert!(events >= 200, "{events}");
}

//! Census runs from the command line: identical bytes for any thread count and table
//! cap, interrupted (Ctrl-C, SIGTERM, a torn row) and resumed, and existing outputs
//! continued or replaced only by their own job.

use crate::common;

use std::process::{Command, Stdio};

use common::cli::{
    assert_usage_error, bin, cut_and_resume, run_job, simulate_kill, stderr, write_job,
};

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
    // Ctrl-C, and SIGTERM (what Slurm sends at a time limit, on scancel or preemption):
    // exit 128 + the signal, as a shell reports a process killed by it.
    interrupt_and_resume("-INT", 130);
    interrupt_and_resume("-TERM", 143);
}

fn interrupt_and_resume(signal: &str, code: i32) {
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
        Some(code),
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
    // The same job with a comment added writes the same rows, but its text is not the
    // one the sidecar records (the job hash differs): refused too, the file untouched.
    let nk2 = write_job(
        d,
        "nk2",
        "# a comment\nname = 'nk'\nrules = 'node-kayles'\nmax_vertices = 7\n",
    );
    assert_usage_error(
        &run_job(&nk2, out.to_str().unwrap(), &["--resume", "--quiet"]),
        "job file whose text differs",
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

    // Killed right after creating its CSV, before the first sidecar: an empty file with
    // no sidecar, which --resume starts afresh. Killed after the first sidecar (no bytes
    // yet) but before the header was whole: resumed, the header is written again.
    let fresh = d.join("fresh.csv");
    let meta = d.join("fresh.csv.meta.json");
    std::fs::write(&fresh, b"").unwrap();
    let o = run_job(&nk, fresh.to_str().unwrap(), &["--resume", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let whole = std::fs::read(&fresh).unwrap();
    let mut side: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&meta).unwrap()).unwrap();
    side["complete"] = false.into();
    side["rows"] = 0.into();
    side["bytes"] = 0.into();
    side["checksum"] = format!("{:016x}", xxhash_rust::xxh3::xxh3_64(b"")).into();
    side["summary"] = serde_json::Value::Null;
    std::fs::write(&meta, side.to_string()).unwrap();
    std::fs::write(&fresh, &whole[..5]).unwrap();
    let o = run_job(&nk, fresh.to_str().unwrap(), &["--resume", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&fresh).unwrap(), whole);

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
    // Snort on connected B/W graphs up to 6 vertices: uncapped on 1 thread, then with
    // a cap of 100 entries on 3 threads (the table's largest tiers are emptied over and
    // over, components are computed again): the same bytes, and the summary says so.
    // (Cutthroat keeps its components by class, not in this table: tests/batch.rs.)
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let spec = "rules = 'snort'\nmax_vertices = 6\nconnected = true\ncolours = 2\n";
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
    assert!(stderr(&o).contains(", 0 evicted"), "{}", stderr(&o));
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

/// The peak resident memory a run's summary reports, in MB.
fn peak_mb(summary: &str) -> f64 {
    summary
        .split("peak resident memory ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no peak memory in {summary}"))
}

#[test]
fn a_census_under_a_small_memory_budget_is_identical_and_stays_under_it() {
    // Snort on connected B/W graphs up to 8 vertices needs a table of 1.1 million
    // entries (about 95 MB at its peak) when nothing is evicted. Under --memory 64M the
    // table is capped at what the budget allows: the same bytes, evictions, and a peak
    // resident memory under the budget. (Cutthroat, used here before, now keeps its
    // components by class and peaks under 60 MB: see tests/batch.rs for its cap.)
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(
        d,
        "sn8",
        "name = 'sn8'\nrules = 'snort'\nmax_vertices = 8\nconnected = true\ncolours = 2\n",
    );
    let (a, b) = (d.join("a.csv"), d.join("b.csv"));
    let o = run_job(&job, a.to_str().unwrap(), &["--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run_job(&job, b.to_str().unwrap(), &["--quiet", "--memory", "64M"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let summary = stderr(&o);
    assert!(!summary.contains(", 0 evicted"), "{summary}");
    let peak_mb = peak_mb(&summary);
    assert!(peak_mb <= 64.0, "{summary}");
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert_usage_error(
        &run_job(&job, b.to_str().unwrap(), &["--memory", "10M"]),
        "at least 64M",
    );
}

#[test]
fn the_game_value_store_counts_toward_the_budget() {
    // Clobber on connected B/W graphs up to 8 vertices, shard 0 of 30, makes about
    // 57,000 distinct game values (about 20 MB that cannot be evicted) and, unbounded,
    // about 90 MB of memo tables beside its table. (Up to 7 vertices, unsharded, made
    // 70,000 before the atomic weight stopped forming G + ★; now 18,600, too few.)
    // Under 80M the memos are emptied and the table is capped at what the values leave:
    // the same bytes, a peak under the budget. Under 64M, below.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(
        d,
        "c8",
        "name = 'c8'\nrules = 'clobber'\nconnected = true\nmax_vertices = 8\ncolours = 2\n",
    );
    let (a, b, c) = (d.join("a.csv"), d.join("b.csv"), d.join("c.csv"));
    let run_job = |job: &str, out: &str, extra: &[&str]| {
        let mut args = vec!["--shard", "0/30"];
        args.extend(extra);
        run_job(job, out, &args)
    };
    let o = run_job(&job, a.to_str().unwrap(), &["--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let whole = std::fs::read(&a).unwrap();
    let o = run_job(&job, b.to_str().unwrap(), &["--quiet", "--memory", "80M"]);
    let summary = stderr(&o);
    assert!(o.status.success(), "{summary}");
    assert!(!summary.contains(", 0 evicted"), "{summary}");
    let peak_mb = peak_mb(&summary);
    assert!(peak_mb <= 80.0, "{summary}");
    assert_eq!(std::fs::read(&b).unwrap(), whole);
    // Under 64M the values alone fill the budget: the run starts itself again as a
    // fresh process (an empty value store) from the rows written, as often as needed,
    // and ends with the bytes of the unbounded run.
    let o = run_job(&job, c.to_str().unwrap(), &["--quiet", "--memory", "64M"]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("starting again with empty tables"), "{err}");
    assert_eq!(std::fs::read(&c).unwrap(), whole);
    // An output that cannot be resumed (not a regular file) cannot be restarted: the
    // run stops with one line naming the store.
    let o = run_job(&job, "/dev/null", &["--quiet", "--memory", "64M"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("distinct game values") && err.contains("--memory"),
        "{err}"
    );
}

/// Runs `gamecensus ARGS` under `ulimit -v KB` (an address-space limit: allocations
/// past it fail as they would on a machine out of memory).
fn run_limited(kb: u64, args: &[&str]) -> std::process::Output {
    let exe = env!("CARGO_BIN_EXE_gamecensus");
    Command::new("bash")
        .args(["-c", &format!("ulimit -v {kb} && exec \"$0\" \"$@\""), exe])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn running_out_of_memory_is_one_line_that_names_the_tables() {
    // The Grundy colouring game on connected graphs up to 8 vertices grows a table of
    // 3.4 million entries (700 MB); under a 250 MB address-space limit with a budget of
    // 1G the system refuses first. Without --memory the budget is half of that limit,
    // and the same run fits, resumed from the whole rows written (a scoring census: no
    // colouring column). (Cutthroat, the census used here before, now keeps most of
    // its components by class and stays under 60 MB.)
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(
        d,
        "g8",
        "name = 'g8'\nrules = 'grundy-colouring'\nmax_vertices = 8\nconnected = true\n",
    );
    let out = d.join("a.csv");
    let out = out.to_str().unwrap();
    let args = ["run", &job, "--out", out, "--quiet", "--threads", "1"];
    let o = run_limited(250_000, &[&args[..], &["--memory", "1G"]].concat());
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("gamecensus: out of memory:")
            && err.contains("transposition tables held")
            && err.contains("--resume"),
        "{err}"
    );
    let o = run_limited(250_000, &[&args[..], &["--resume"]].concat());
    let summary = stderr(&o);
    assert!(o.status.success(), "{summary}");
    assert!(summary.contains("memory budget 122 MB"), "{summary}");
}

#[test]
fn kill_9_at_several_moments_then_resume_gives_the_same_bytes() {
    // SIGKILL gives the program no chance to tidy up: the CSV may end in a torn row and
    // its sidecar may lag behind it. Killed right at the start, early and late, each
    // resume must give the bytes of an uninterrupted run (Cutthroat, connected B/W
    // graphs up to 7 vertices, a partizan census with per-unit rows).
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(
        d,
        "bw7",
        "name = 'bw7'\nrules = 'cutthroat'\nmax_vertices = 7\nconnected = true\ncolours = 2\n",
    );
    let whole = d.join("whole.csv");
    assert!(
        run_job(&job, whole.to_str().unwrap(), &["--quiet"])
            .status
            .success()
    );
    let whole = std::fs::read(&whole).unwrap();
    let mut killed_mid_run = 0;
    for rows_before_kill in [0usize, 2_000, 40_000, 120_000] {
        let part = d.join(format!("part-{rows_before_kill}.csv"));
        let mut child = bin()
            .args([
                "run",
                &job,
                "--out",
                part.to_str().unwrap(),
                "--quiet",
                "--threads",
                "1",
            ])
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        loop {
            let lines = std::fs::read(&part)
                .map(|b| b.iter().filter(|&&c| c == b'\n').count())
                .unwrap_or(0);
            let done = child.try_wait().unwrap().is_some();
            if lines > rows_before_kill || done || started.elapsed().as_secs() > 60 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        let _ = child.kill(); // SIGKILL
        let status = child.wait().unwrap();
        killed_mid_run += (status.code().is_none()) as usize;
        let o = run_job(&job, part.to_str().unwrap(), &["--resume", "--quiet"]);
        let err = stderr(&o);
        // Killed before its first sidecar, the CSV is absent or empty (the sidecar is
        // written before the header): --resume then starts afresh.
        assert!(
            o.status.success(),
            "killed after {rows_before_kill} rows: {err}"
        );
        assert_eq!(
            std::fs::read(&part).unwrap(),
            whole,
            "killed after {rows_before_kill} rows"
        );
    }
    assert!(
        killed_mid_run >= 2,
        "the runs ended before they could be killed"
    );
}

#[test]
fn a_full_disk_is_one_line_and_exit_1() {
    // /dev/full: every write fails with "No space left on device".
    let dir = tempfile::tempdir().unwrap();
    let job = write_job(
        dir.path(),
        "nk",
        "name = 'nk'\nrules = 'node-kayles'\nmax_vertices = 7\n",
    );
    for args in [
        vec!["run", job.as_str(), "--out", "/dev/full", "--quiet"],
        vec!["octal", "0.77", "--max", "1000", "--out", "/dev/full"],
    ] {
        let o = bin().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("No space left"), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    for args in [
        vec!["enumerate", "-n", "7"],
        vec!["eval", "--rules", "node-kayles", "--graph", "DQc"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let o = bin().args(&args).stdout(full).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("No space left"), "{args:?}: {err}");
    }
}

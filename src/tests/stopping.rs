//! Nothing unbounded (issue #29): every command stops within about a second of a signal,
//! even on one slow position, leaving whole rows or lines (exit 128 + the signal), and
//! stays within its memory budget (one line, exit 2); stopped reports and enumerations
//! leave nothing half-written. Real binary, real signals.

use crate::common;

use std::process::Output;
use std::time::{Duration, Instant};

use common::cli::{stderr, write_job};
use common::procs::*;

/// Stops a run on a position that takes hours with `sig` and checks the exit code, the
/// time it took and what is on disk.
fn stop_slow_run(sig: &str, code: i32) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(d, "grids", GRIDS);
    let out = d.join("grids.csv");
    let child = start(&["run", &job, "--out", s(&out), "--quiet"]);
    // The rows of the small grids come at once; then one position for hours.
    wait_for("the small grids' rows", || lines(&out) > 35);
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    signal(&child, sig);
    let o = child.wait_with_output().unwrap();
    let took = t.elapsed();
    assert_eq!(o.status.code(), Some(code), "{}", stderr(&o));
    assert!(took < Duration::from_millis(1500), "{sig} took {took:?}");
    let err = stderr(&o);
    assert!(err.contains("whole rows: continue with --resume"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert_whole_and_recorded(&out);
    assert!(!d.join("grids.csv.lock").exists());
}

#[test]
fn signals_stop_a_run_within_a_second_even_on_one_slow_position() {
    stop_slow_run("-INT", 130);
    stop_slow_run("-TERM", 143);
    stop_slow_run("-HUP", 129);
}

#[test]
fn signals_stop_eval_and_value_within_a_second_with_whole_lines() {
    let grid = common::cli::run(&["enumerate", "-n", "64", "--family", "grid"], None);
    let big = common::cli::stdout(&grid)
        .lines()
        .last()
        .unwrap()
        .to_string();
    // Small positions first (answered at once), then the 8x8 grid (hours).
    let input = format!("Bw\nCF\n{big}\n");
    let value_sum: String = (1..40)
        .map(|i| format!("{{{i}|-{i}}}"))
        .collect::<Vec<_>>()
        .join(" + ");
    let value_input = format!("^ + *\n{value_sum}\n");
    for (args, input) in [
        (vec!["eval", "--rules", "node-kayles", "-"], input.as_str()),
        (vec!["value", "-"], value_input.as_str()),
    ] {
        for (sig, code) in [("-INT", 130), ("-TERM", 143)] {
            let child = start_with(&args, Some(input));
            std::thread::sleep(Duration::from_millis(700));
            let t = Instant::now();
            signal(&child, sig);
            let o = child.wait_with_output().unwrap();
            assert!(t.elapsed() < Duration::from_millis(1500), "{args:?} {sig}");
            assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
            let out = common::cli::stdout(&o);
            // Whole lines: eval's header (its rows go out a batch at a time, and the
            // grid is in the first batch), value's first answer.
            assert!(out.ends_with('\n') && !out.is_empty(), "{out:?}");
            assert!(stderr(&o).contains("interrupted by SIG"), "{}", stderr(&o));
        }
    }
}

/// The peak resident memory of a child, read from /proc while it runs (VmHWM; a run
/// that starts itself again is the same process, so the larger of both is kept).
fn run_watched(args: &[&str], stdin: &str) -> (Output, u64) {
    let mut child = start_with(args, Some(stdin));
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        if let Some(kb) = std::fs::read_to_string(&status).ok().and_then(|t| {
            t.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        }) {
            peak = peak.max(kb << 10);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    (child.wait_with_output().unwrap(), peak)
}

#[test]
fn memory_budgets_hold_for_runs_eval_and_value() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Snort on grids of 20 to 30 cells went to 2 GB under --memory 64M.
    let job = write_job(
        d,
        "snort",
        "name = 'snort'\nrules = 'snort'\nfamily = 'grid'\nmin_vertices = 20\nmax_vertices = 30\n",
    );
    let out = d.join("snort.csv");
    let (o, peak) = run_watched(
        &["run", &job, "--out", s(&out), "--quiet", "--memory", "64M"],
        "",
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("memory budget of 64 MiB"), "{err}");
    assert!(peak < 3 * (64 << 20), "peak {} MB", peak >> 20);
    assert_whole_and_recorded(&out);

    // A sum of switches in the calculator (7.6 GB with no bound), and Snort positions
    // given to eval.
    let switches: String = (1..30)
        .map(|i| format!("{{{i}|-{i}}}"))
        .collect::<Vec<_>>()
        .join(" + ");
    let grids = common::cli::run(&["enumerate", "-n", "30", "--family", "grid"], None);
    let grids = common::cli::stdout(&grids);
    for (args, input) in [
        (vec!["value", "--memory", "128M", &switches], ""),
        (
            vec!["eval", "--rules", "snort", "--memory", "64M", "-"],
            grids.as_str(),
        ),
    ] {
        let (o, peak) = run_watched(&args, input);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains("limit reached: the memory budget of"), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(peak < 384 << 20, "{args:?}: peak {} MB", peak >> 20);
    }
}

#[test]
fn a_stopped_report_or_enumeration_leaves_nothing_half_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = write_job(
        d,
        "nk9",
        "name = 'nk9'\nrules = 'node-kayles'\nmax_vertices = 9\n",
    );
    solo(d, &job);
    // Stopped at various moments of its work: either the whole report or nothing.
    let mut stopped = 0;
    for delay in [0, 5, 10, 20, 30, 40, 60, 80] {
        let rep = d.join("rep");
        let child = start(&["report", s(&d.join("solo.csv")), "--out", s(&rep)]);
        std::thread::sleep(Duration::from_millis(delay));
        signal(&child, "-INT");
        let o = child.wait_with_output().unwrap();
        let left: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("rep"))
            .collect();
        match o.status.code() {
            Some(0) => {
                assert_eq!(left, ["rep"]);
                assert!(rep.join("index.html").exists());
                std::fs::remove_dir_all(&rep).unwrap();
            }
            // Stopped at work (130), or killed by the signal's default action before the
            // handlers were installed (no code): nothing was written.
            Some(130) | None => {
                assert!(left.is_empty(), "{left:?}");
                stopped += 1;
            }
            other => panic!("{other:?}: {}", stderr(&o)),
        }
    }
    assert!(stopped > 0, "no report was stopped while at work");

    // Stopped while writing: signalled once its first line is out (not after a fixed
    // delay, which a loaded machine may not reach), it ends its output with a whole line.
    let mut child = start(&["enumerate", "-n", "10"]);
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut out, &mut first).unwrap();
    signal(&child, "-TERM");
    let mut rest = Vec::new();
    std::io::Read::read_to_end(&mut out, &mut rest).unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(143), "{}", stderr(&o));
    assert!(first.ends_with('\n'), "{first:?}");
    assert!(rest.is_empty() || rest.ends_with(b"\n"));
}

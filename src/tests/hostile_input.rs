//! Hostile input, round two (issue #44, "nothing lost, round two"), through the real
//! binary: a CSV line longer than a read block, or longer than any row we write, in
//! `analyze` (plain, `.csv.zst`, `--join`) and `report` (class 6: it spun forever); a
//! job file that is a device, a FIFO or too large (class 10: `run /dev/zero` read
//! gigabytes); and messages that misled (class 13: memory lines naming a flag the
//! command does not take, or advising it where it cannot help, and an out-of-memory
//! report that hung; the byte count of a quoted long value; a repeated tally column).

use crate::common;

use std::path::Path;
use std::process::{Output, Stdio};

use common::cli::{assert_usage_error, bin, stderr, stdout};

/// Runs the binary with `args` in `dir`, stdin closed, failing the test (and killing
/// the process) if it has not ended within 60 s: the bugs here were endless loops.
fn run_bounded(args: &[&str], dir: &Path) -> Output {
    let mut cmd = bin();
    cmd.args(args);
    wait_bounded(cmd, dir)
}

/// [`run_bounded`] with the address space limited to `kb` kB (`ulimit -v`): the
/// default memory budget is half of it, and an allocation past it fails.
fn run_limited(kb: u64, args: &[&str], dir: &Path) -> Output {
    let mut cmd = std::process::Command::new("sh");
    cmd.args(["-c", "ulimit -v \"$1\" && shift && exec \"$@\"", "sh"])
        .arg(kb.to_string())
        .arg(env!("CARGO_BIN_EXE_gamecensus"))
        .args(args);
    wait_bounded(cmd, dir)
}

fn wait_bounded(mut cmd: std::process::Command, dir: &Path) -> Output {
    let what = format!("{:?}", cmd.get_args().collect::<Vec<_>>());
    let child = cmd
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    common::procs::finish_within(child, 60, &what)
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

/// Class 10: a job file is read up to 1 MiB and refused past it, so a device or a FIFO
/// that never ends is refused at once (`run /dev/zero` read 5.8 GB in 16 s, then ran
/// out of memory advising --memory). The address space is limited so that the old
/// reading fails fast instead of taking the machine's memory.
#[test]
fn a_job_file_is_read_up_to_1_mib() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let o = run_limited(1_000_000, &["run", "/dev/zero", "--out", "z.csv"], d);
    assert_usage_error(&o, "job file /dev/zero is larger than 1 MiB");
    // A FIFO whose writer never stops.
    let fifo = d.join("job.toml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut f = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
            let chunk = vec![b'#'; 1 << 16];
            // Until the reader closes its end (EPIPE; SIGPIPE is ignored in tests).
            while std::io::Write::write_all(&mut f, &chunk).is_ok() {}
        })
    };
    let o = run_limited(1_000_000, &["run", "job.toml", "--out", "f.csv"], d);
    // Should the run not have opened the FIFO, a reader opened and closed here lets the
    // writer's open return and its writes fail, so that the test cannot hang on it.
    {
        use std::os::unix::fs::OpenOptionsExt;
        let _ = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&fifo);
    }
    writer.join().unwrap();
    assert_usage_error(&o, "job file job.toml is larger than 1 MiB");
    assert!(!d.join("f.csv").exists() && !d.join("z.csv").exists());
    // A job of exactly 1 MiB (padded with a comment) runs; one byte more is refused.
    let job = "name = 'nk3'\nrules = 'node-kayles'\nmax_vertices = 3\n#";
    let mut text = job.as_bytes().to_vec();
    text.resize(1 << 20, b'x');
    std::fs::write(d.join("big.toml"), &text).unwrap();
    let o = run_bounded(&["run", "big.toml", "--out", "nk3.csv", "--quiet"], d);
    assert!(o.status.success(), "{}", stderr(&o));
    text.push(b'x');
    std::fs::write(d.join("big.toml"), &text).unwrap();
    let o = run_bounded(&["run", "big.toml", "--out", "nk3b.csv"], d);
    assert_usage_error(&o, "job file big.toml is larger than 1 MiB");
}

/// Class 13: a memory line names `--memory` only to a command that takes it. `analyze`
/// and `draw` do not; under an address-space limit they stop with one line that names
/// the budget without the flag (analyze used to hang: the out-of-memory report created
/// the game-value store to count its values, which allocated, and waited for itself).
/// `value` takes the flag, and its line names it.
#[test]
fn memory_lines_name_only_flags_the_command_takes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut csv = String::from("position,size,outcome,value,grundy,atomic_weight,temperature,mean\n");
    for i in 0..600_000 {
        csv.push_str(&format!("p{i},2,R,-1,,,-1,-1\n"));
    }
    std::fs::write(d.join("big.csv"), csv).unwrap();
    std::fs::write(
        d.join("small.csv"),
        "position,size,outcome,value,grundy,atomic_weight,temperature,mean\np1,2,R,-1,,,-1,-1\n",
    )
    .unwrap();
    let without_flag = |o: &Output| {
        let err = stderr(o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("memory"), "{err}");
        assert!(!err.contains("--memory"), "{err}");
    };
    // --join holds the joined file: past half of 200 MB.
    let join = ["analyze", "small.csv", "--join", "big.csv", "--on", "position"];
    without_flag(&run_limited(200_000, &join, d));
    // Heating a nimber: canonical forms that grow fast.
    let heat = ["draw", "--thermograph", "heat(*24, 1)", "--out", "t.svg"];
    without_flag(&run_limited(400_000, &heat, d));
    let o = run_bounded(&["value", "heat(*24, 1)", "--memory", "64M"], d);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("limit reached: the memory budget of 64 MiB (--memory) is used up"),
        "{}",
        stderr(&o)
    );
}

/// Class 13: a quoted start of a long value says how long the value is, all of it (a
/// board of 1,000 bytes was "(337 bytes)": the length of the shortened error line; a
/// value holding a quote was cut at it by the command-line parser's message).
#[test]
fn a_quoted_long_value_is_counted_whole() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let board = format!("{}Q", "..|".repeat(333));
    assert_eq!(board.len(), 1000);
    for cmd in ["eval", "draw"] {
        let mut args = vec![cmd, "--rules", "domineering", "--board", &board];
        if cmd == "draw" {
            args.extend(["--out", "b.svg"]);
        }
        let o = run_bounded(&args, d);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains("\"..|..|..|..|..|..|..|..|..|..|..|..|..|.\"... (1000 bytes)"), "{err}");
    }
    let value = format!("{}'{}", "a".repeat(100), "b".repeat(899));
    for args in [
        &["analyze", "x.csv", "--format", &value][..],
        &["eval", "--rules", "cram", "--threads", &value],
    ] {
        let o = run_bounded(args, d);
        assert_usage_error(&o, &format!("'{}...' (1000 bytes) for '--", "a".repeat(40)));
        assert!(!stderr(&o).contains("bytes in all"), "{}", stderr(&o));
    }
}

/// Class 13: a column repeated in one tally group is refused with one sentence saying
/// so (it was the header message with "is listed twice" glued on).
#[test]
fn a_repeated_tally_column_is_one_clear_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let job = common::cli::write_job(
        d,
        "t",
        "name = 't'\nrules = 'node-kayles'\nmax_vertices = 3\ntally = [[\"n\", \"grundy\", \"n\"]]\n",
    );
    let o = run_bounded(&["run", &job, "--out", "t.csv"], d);
    assert_usage_error(
        &o,
        "tally entry 1: column \"n\" is listed twice (names 1 and 3); list each column once",
    );
    assert!(!stderr(&o).contains("header"), "{}", stderr(&o));
    assert!(!d.join("t.csv").exists());
}

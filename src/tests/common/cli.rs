//! Running the `gamecensus` binary from a test: with stdin, as a job, and the checks
//! every command-line test shares (usage errors, simulated kills and resumes).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gamecensus"))
}

pub fn run(args: &[&str], stdin: Option<&str>) -> Output {
    run_in(args, stdin.unwrap_or("").as_bytes(), Path::new("."))
}

/// Runs the binary in `dir` with `stdin` (bytes, any) on its standard input.
pub fn run_in(args: &[&str], stdin: &[u8], dir: &Path) -> Output {
    let mut child = bin()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Written from a thread while the output is read: a command that writes rows as it
    // reads (eval of a stream) would otherwise fill its stdout pipe and wait for us
    // while we wait for it to take more input.
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // A command that refuses its input early closes the pipe: not a test failure.
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// A usage error: exit code 2 and one line on stderr containing `needle`.
pub fn assert_usage_error(o: &Output, needle: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert!(err.contains(needle), "expected {needle:?} in {err:?}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
}

/// `gamecensus run JOB --out OUT EXTRA...`
pub fn run_job(job: &str, out: &str, extra: &[&str]) -> Output {
    let mut args = vec!["run", job, "--out", out];
    args.extend_from_slice(extra);
    run(&args, None)
}

/// Leaves `out`, whose complete contents are `full` (its sidecar that of the complete
/// run), as a run killed after writing `cut` bytes would: see [`super::kill_after`].
pub fn simulate_kill(out: &Path, full: &[u8], cut: usize) {
    std::fs::write(out, full).unwrap();
    super::kill_after(out, cut);
}

/// Simulates a run killed after `cut` bytes, resumes `job` into it and checks that the
/// file is whole again.
pub fn cut_and_resume(job: &str, out: &Path, full: &[u8], cut: usize) -> Output {
    simulate_kill(out, full, cut);
    let o = run_job(job, out.to_str().unwrap(), &["--resume", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(out).unwrap(), full);
    o
}

pub fn write_job(dir: &Path, name: &str, body: &str) -> String {
    let p = dir.join(format!("{name}.toml"));
    std::fs::write(&p, body).unwrap();
    p.to_string_lossy().into_owned()
}

/// A folder laid out like a fresh checkout, for running documented examples as written
/// (the README's and the `--help` examples): `work` holds a copy of `jobs/`, `games/` and
/// the files of `results/reference/`; `path` puts the binary under test first, as
/// `gamecensus`. The folder goes when `dir` is dropped.
pub struct Checkout {
    pub dir: tempfile::TempDir,
    pub work: std::path::PathBuf,
    pub path: String,
}

pub fn checkout() -> Checkout {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let work = dir.path().join("work");
    copy_dir(&root.join("jobs"), &work.join("jobs"));
    copy_dir(&root.join("games"), &work.join("games"));
    copy_dir(
        &root.join("results/reference"),
        &work.join("results/reference"),
    );
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_gamecensus"), bin.join("gamecensus")).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Checkout { dir, work, path }
}

/// The files of `from` (not its folders), copied into `to`.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_file() {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

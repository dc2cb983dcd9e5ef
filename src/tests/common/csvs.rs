//! Helpers of the tests that read our CSVs: paths in the project, running the binary
//! there, and the project's Python environment (scripts/setup.sh makes it).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

pub fn reference(name: &str) -> String {
    root()
        .join("results/reference")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// Runs the binary in the project's root with `stdin`, if any.
pub fn gamecensus(args: &[&str], stdin: Option<&[u8]>) -> Output {
    super::cli::run_in(args, stdin.unwrap_or(b""), root())
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs a Python script in the project's test environment (scripts/setup.sh makes it).
pub fn python(script: &str) -> String {
    let py = std::env::var("GAMECENSUS_PYENV")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root().join("target/pyenv"))
        .join("bin/python");
    let o = Command::new(&py)
        .args(["-c", script])
        .current_dir(root())
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "{} ({e}): run scripts/setup.sh to create the Python environment",
                py.display()
            )
        });
    assert!(o.status.success(), "{script}\n{}", text(&o.stderr));
    text(&o.stdout)
}

/// Runs the job `body` (TOML without `name` and `output`) with the binary and returns
/// the CSV it wrote, in a directory of its own under the system's temporary directory.
/// Tests make the CSVs they read this way: a fresh checkout has only results/reference.
pub fn job_csv(name: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gamecensus-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join(format!("{name}.csv"));
    let job = dir.join(format!("{name}.toml"));
    std::fs::write(
        &job,
        format!("name = {name:?}\noutput = {:?}\n{body}", csv.display()),
    )
    .unwrap();
    let o = gamecensus(&["run", job.to_str().unwrap(), "--quiet", "--force"], None);
    assert!(o.status.success(), "{body}\n{}", text(&o.stderr));
    csv
}

//! Build script: records the git commit the program is built from (for the provenance
//! sidecars), as GAMECENSUS_COMMIT. Without git (a source tarball) it records nothing
//! and the sidecars say "unknown".
//!
//! It also lists the integration tests: every `src/tests/*.rs` but `main.rs` (the test
//! crate that includes the list) and the files that need a process of their own (see
//! [`OWN_PROCESS`]) becomes a module of one test binary, `integration`, so a new test
//! file is picked up without a `[[test]]` entry in Cargo.toml.

use std::process::Command;

/// Test files that run as their own test binary, each with a `[[test]]` entry:
/// `memory.rs` measures the resident memory of its own process, which other tests
/// running beside it would disturb.
const OWN_PROCESS: &[&str] = &["memory.rs"];

/// Writes `$OUT_DIR/integration_tests.rs`: one `mod` per integration test file.
fn list_tests() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tests");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|f| {
                    f.ends_with(".rs") && f != "main.rs" && !OWN_PROCESS.contains(&f.as_str())
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut out = String::new();
    for f in files {
        let name = f.trim_end_matches(".rs");
        out.push_str(&format!(
            "#[path = {:?}]\nmod {name};\n",
            dir.join(&f).display().to_string()
        ));
    }
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("integration_tests.rs");
    // Written only when it changes, so that an unchanged list does not rebuild the tests.
    if std::fs::read_to_string(&dest).ok().as_deref() != Some(out.as_str()) {
        std::fs::write(&dest, out).expect("writing the list of integration tests");
    }
}

fn main() {
    list_tests();
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        // HEAD is the worktree's own; branches and packed refs live in the common git
        // directory (the same one outside a linked worktree). Only files that exist: a
        // missing one would make Cargo rebuild every time.
        let common = git(&["rev-parse", "--git-common-dir"]).unwrap_or_else(|| dir.clone());
        let mut watch = vec![format!("{dir}/HEAD"), format!("{common}/packed-refs")];
        if let Some(head) = git(&["symbolic-ref", "-q", "HEAD"]) {
            watch.push(format!("{common}/{head}"));
        }
        for f in watch.iter().filter(|f| std::path::Path::new(f).exists()) {
            println!("cargo:rerun-if-changed={f}");
        }
    }
    if let Some(commit) = git(&["rev-parse", "HEAD"]) {
        println!("cargo:rustc-env=GAMECENSUS_COMMIT={commit}");
    }
}

//! Build script: records the git commit the program is built from (for the provenance
//! sidecars), as GAMECENSUS_COMMIT. Without git (a source tarball) it records nothing
//! and the sidecars say "unknown".

use std::process::Command;

fn main() {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        // Only files that exist: a missing one would make Cargo rebuild every time.
        let mut watch = vec![format!("{dir}/HEAD"), format!("{dir}/packed-refs")];
        if let Some(head) = git(&["symbolic-ref", "-q", "HEAD"]) {
            watch.push(format!("{dir}/{head}"));
        }
        for f in watch.iter().filter(|f| std::path::Path::new(f).exists()) {
            println!("cargo:rerun-if-changed={f}");
        }
    }
    if let Some(commit) = git(&["rev-parse", "HEAD"]) {
        println!("cargo:rustc-env=GAMECENSUS_COMMIT={commit}");
    }
}

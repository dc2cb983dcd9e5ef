//! The set-up script's detection (scripts/setup.sh --detect), run against directory trees
//! built in a temporary directory (SETUP_ROOT), so that it does not depend on what this
//! machine has installed. The names are those clang-sys (bindgen's loader) searches for;
//! `libclang-cpp` is a different library that Debian images often ship on its own, and a
//! libclang without clang's builtin headers fails on nauty.h ("'stddef.h' not found").
//! Slurm: the daemons live in /usr/sbin, off a user's PATH, and the daemons load the
//! plugins the test cluster's slurm.conf names from Slurm's own plugin directory.

use std::path::Path;
use std::process::Command;

/// A file that starts like a 64-bit ELF shared object (what clang-sys checks).
fn elf64(root: &Path, rel: &str) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, b"\x7fELF\x02\x01\x01\0rest of a library").unwrap();
}

fn file(root: &Path, rel: &str, body: &[u8]) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, body).unwrap();
}

fn executable(root: &Path, rel: &str) {
    use std::os::unix::fs::PermissionsExt;
    file(root, rel, b"#!/bin/sh\n");
    let p = root.join(rel);
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// `scripts/setup.sh --detect WHAT` with `root` standing for `/`; returns (present, output).
fn detect(root: &Path, what: &str) -> (bool, String) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/setup.sh");
    let o = Command::new("bash")
        .arg(script)
        .args(["--detect", what])
        .env("SETUP_ROOT", root)
        .env("PATH", "/usr/bin:/bin")
        .env("LLVM_CONFIG_PATH", root.join("no-llvm-config"))
        .env_remove("LIBCLANG_PATH")
        .env_remove("LD_LIBRARY_PATH")
        .env_remove("LIBRARY_PATH")
        .output()
        .unwrap();
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.success(), out)
}

const HEADERS: &str = "usr/lib/llvm-14/lib/clang/14.0.6/include/stddef.h";

#[test]
fn libclang_cpp_alone_is_missing() {
    // The image this issue was found on: Debian's libclang-cpp14 and libllvm14, nothing else.
    let t = tempfile::tempdir().unwrap();
    elf64(t.path(), "usr/lib/llvm-14/lib/libclang-cpp.so.14");
    elf64(t.path(), "usr/lib/x86_64-linux-gnu/libclang-cpp.so.14");
    elf64(t.path(), "usr/lib/llvm-14/lib/libLLVM-14.so.1");
    let (ok, out) = detect(t.path(), "libclang");
    assert!(!ok, "{out}");
    assert!(out.contains("missing libclang"), "{out}");
}

#[test]
fn versioned_libclang_with_headers_is_present() {
    for lib in [
        "usr/lib/llvm-14/lib/libclang-14.so.1",
        "usr/lib/llvm-14/lib/libclang.so.1",
        "usr/lib/x86_64-linux-gnu/libclang-14.so.1",
        "usr/local/lib/libclang.so",
    ] {
        let t = tempfile::tempdir().unwrap();
        elf64(t.path(), "usr/lib/llvm-14/lib/libclang-cpp.so.14");
        elf64(t.path(), lib);
        file(t.path(), HEADERS, b"");
        // Debian's /usr/lib/clang/14 points at the same headers.
        file(t.path(), "usr/lib/clang/14/include/stddef.h", b"");
        if lib.starts_with("usr/local") {
            file(t.path(), "usr/local/lib/clang/17/include/stddef.h", b"");
        }
        let (ok, out) = detect(t.path(), "libclang");
        assert!(ok, "{lib}: {out}");
    }
}

#[test]
fn libclang_without_builtin_headers_is_missing() {
    // Debian's libclang1-14 without libclang-common-14-dev: bindgen fails on stddef.h.
    let t = tempfile::tempdir().unwrap();
    elf64(t.path(), "usr/lib/llvm-14/lib/libclang-14.so.1");
    let (ok, out) = detect(t.path(), "libclang");
    assert!(!ok && out.contains("stddef.h"), "{out}");
}

#[test]
fn a_file_that_is_not_a_64_bit_library_does_not_count() {
    let t = tempfile::tempdir().unwrap();
    file(
        t.path(),
        "usr/lib/llvm-14/lib/libclang.so.1",
        b"not an ELF file",
    );
    file(t.path(), HEADERS, b"");
    assert!(!detect(t.path(), "libclang").0);
    let t = tempfile::tempdir().unwrap();
    file(
        t.path(),
        "usr/lib/llvm-14/lib/libclang.so.1",
        b"\x7fELF\x01 32-bit",
    );
    file(t.path(), HEADERS, b"");
    assert!(!detect(t.path(), "libclang").0);
}

#[test]
fn nauty_needs_every_tool_the_tests_run_on_the_path() {
    let t = tempfile::tempdir().unwrap();
    executable(t.path(), "usr/bin/nauty-geng");
    let (ok, out) = detect(t.path(), "nauty");
    assert!(
        !ok && out.contains("nauty-vcolg") && !out.contains("nauty-geng"),
        "{out}"
    );
    executable(t.path(), "bin/nauty-vcolg");
    executable(t.path(), "bin/nauty-multig");
    let (ok, out) = detect(t.path(), "nauty");
    assert!(!ok && out.contains("nauty-genposetg"), "{out}");
    executable(t.path(), "usr/bin/nauty-genposetg");
    assert!(detect(t.path(), "nauty").0);
    // Present but not executable does not count.
    let t = tempfile::tempdir().unwrap();
    file(t.path(), "usr/bin/nauty-geng", b"");
    for tool in ["nauty-vcolg", "nauty-multig", "nauty-genposetg"] {
        executable(t.path(), &format!("usr/bin/{tool}"));
    }
    assert!(!detect(t.path(), "nauty").0);
}

#[test]
fn zstd_is_the_command_on_the_path() {
    let t = tempfile::tempdir().unwrap();
    let (ok, out) = detect(t.path(), "zstd");
    assert!(!ok && out.contains("zstd"), "{out}");
    executable(t.path(), "usr/bin/zstd");
    assert!(detect(t.path(), "zstd").0);
}

#[test]
fn the_python_environment_must_import_its_packages() {
    use std::os::unix::fs::PermissionsExt;
    let t = tempfile::tempdir().unwrap();
    let python = |body: &str| {
        file(t.path(), "venv/bin/python", body.as_bytes());
        std::fs::set_permissions(
            t.path().join("venv/bin/python"),
            std::fs::Permissions::from_mode(0o755),
        )
        .unwrap();
    };
    let detect = || {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/setup.sh");
        Command::new("bash")
            .arg(script)
            .args(["--detect", "python"])
            .env("SETUP_ROOT", t.path())
            .env("GAMECENSUS_PYENV", "/venv")
            .output()
            .unwrap()
            .status
            .success()
    };
    assert!(!detect(), "no environment at all");
    // A python that cannot import the packages (exit 1), then one that can.
    python("#!/bin/sh\nexit 1\n");
    assert!(!detect());
    python("#!/bin/sh\nexit 0\n");
    assert!(detect());
}

/// Everything the Slurm test runs, as Debian installs it: clients in /usr/bin, daemons in
/// /usr/sbin, plugins in /usr/lib/ARCH/slurm-wlm.
fn slurm_tree(root: &Path, leave_out: &str) {
    for t in [
        "sbatch", "squeue", "scancel", "scontrol", "sinfo", "munge", "unmunge",
    ] {
        if t != leave_out {
            executable(root, &format!("usr/bin/{t}"));
        }
    }
    for t in ["slurmctld", "slurmd", "munged"] {
        if t != leave_out {
            executable(root, &format!("usr/sbin/{t}"));
        }
    }
    for p in [
        "auth_munge",
        "cred_munge",
        "proctrack_linuxproc",
        "task_none",
        "jobacct_gather_none",
        "accounting_storage_none",
        "jobcomp_filetxt",
        "sched_backfill",
        "select_cons_tres",
        "mpi_none",
    ] {
        if p != leave_out {
            elf64(root, &format!("usr/lib/x86_64-linux-gnu/slurm-wlm/{p}.so"));
        }
    }
}

#[test]
fn slurm_needs_its_daemons_clients_munge_and_the_plugins_of_the_test_cluster() {
    // Nothing at all: everything is named.
    let t = tempfile::tempdir().unwrap();
    let (ok, out) = detect(t.path(), "slurm");
    assert!(!ok, "{out}");
    for name in [
        "slurmctld",
        "slurmd",
        "sbatch",
        "munged",
        "select_cons_tres.so",
    ] {
        assert!(out.contains(name), "{name}: {out}");
    }
    // All of it, with the daemons off PATH (/usr/sbin): present.
    let t = tempfile::tempdir().unwrap();
    slurm_tree(t.path(), "");
    let (ok, out) = detect(t.path(), "slurm");
    assert!(ok, "{out}");
    // Any one piece missing is named alone: a daemon, munge's daemon, a client, a plugin.
    for gone in [
        "slurmd",
        "munged",
        "squeue",
        "jobcomp_filetxt",
        "auth_munge",
    ] {
        let t = tempfile::tempdir().unwrap();
        slurm_tree(t.path(), gone);
        let (ok, out) = detect(t.path(), "slurm");
        assert!(!ok, "{gone}: {out}");
        assert_eq!(
            out.trim_end(),
            format!(
                "slurm: missing {gone}{}",
                if gone.contains('_') { ".so" } else { "" }
            )
        );
    }
    // Plugins in another directory than Slurm's are not loaded.
    let t = tempfile::tempdir().unwrap();
    slurm_tree(t.path(), "mpi_none");
    elf64(t.path(), "usr/lib/x86_64-linux-gnu/mpi_none.so");
    assert!(!detect(t.path(), "slurm").0);
}

//! Every command's `--help` ends with examples that run as written: the lines after the
//! last `Example:` or `Examples:` line of each subcommand's help (every line of it from
//! there to the end, a line ending in `\` continued on the next) are run by `bash -c` in
//! a folder laid out like a fresh checkout ([`checkout`]), one command after the other,
//! and each must exit 0 without a panic.

use std::process::Command;

use crate::common::cli::{Checkout, bin, checkout, stdout};

/// The subcommands `gamecensus --help` lists (all but `help`).
fn subcommands() -> Vec<String> {
    let help = stdout(&bin().arg("--help").output().unwrap());
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

/// The examples that end the help of `command`: every line after its last `Example:`
/// or `Examples:` line, with continued lines joined. Panics if there is none.
fn examples(command: &str) -> Vec<String> {
    let help = stdout(&bin().args([command, "--help"]).output().unwrap());
    let lines: Vec<&str> = help.lines().collect();
    let start = lines
        .iter()
        .rposition(|l| *l == "Example:" || *l == "Examples:")
        .unwrap_or_else(|| panic!("`gamecensus {command} --help` ends with no examples"));
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for l in lines[start + 1..].iter().filter(|l| !l.trim().is_empty()) {
        assert!(
            l.starts_with("  "),
            "`gamecensus {command} --help`: `{l}` after its examples is not one"
        );
        let (text, continues) = match l.trim().strip_suffix('\\') {
            Some(t) => (t.trim_end(), true),
            None => (l.trim(), false),
        };
        match out.last_mut() {
            Some(last) if open => {
                last.push(' ');
                last.push_str(text);
            }
            _ => out.push(text.to_string()),
        }
        open = continues;
    }
    assert!(!out.is_empty(), "`gamecensus {command} --help`: no example");
    out
}

#[test]
fn every_help_ends_with_examples_that_run() {
    let Checkout { dir, work, path } = checkout();
    let commands = subcommands();
    assert!(commands.len() >= 12, "{commands:?}");
    let mut failures = Vec::new();
    for command in &commands {
        for ex in examples(command) {
            let o = Command::new("timeout")
                .args(["60", "bash", "-c", &ex])
                .current_dir(&work)
                .env("PATH", &path)
                .env("TMPDIR", dir.path())
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&o.stderr);
            if !o.status.success() || err.contains("panicked") {
                failures.push(format!(
                    "{command}: `{ex}` exited {:?}: {}",
                    o.status.code(),
                    err.lines().next().unwrap_or("")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

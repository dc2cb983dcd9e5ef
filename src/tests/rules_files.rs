//! Rules written in a file (issue #45, first part: impartial games on graphs whose move
//! chooses a vertex, in Lua): the shipped games/node-kayles.lua against the native
//! `node-kayles` (an independent implementation of the same rules: Winning Ways ch. 2)
//! byte for byte on a shipped census job and on single positions; a job naming its rules
//! file relative to itself; and bad rules files, each one line and exit 2, never a wrong
//! row: a syntax error (with its line), a runaway loop (the step budget), unbounded
//! memory, a move that does not end the game, a malformed result, the sandbox.

use crate::common;

use std::path::Path;

use common::cli::{assert_usage_error, run, run_in, run_job, stderr, stdout};

fn games() -> String {
    format!("{}/games", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn node_kayles_in_a_rules_file_writes_the_native_census_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let native_job = format!("{}/jobs/node-kayles-8.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&native_job).unwrap();
    // The job beside its rules file, which it names relative to itself.
    std::fs::create_dir(d.join("job")).unwrap();
    std::fs::copy(
        format!("{}/node-kayles.lua", games()),
        d.join("job/kayles.lua"),
    )
    .unwrap();
    let job = d.join("job/nk8.toml");
    std::fs::write(
        &job,
        text.replace("rules = \"node-kayles\"", "rules = \"file:kayles.lua\""),
    )
    .unwrap();
    let (native, file) = (d.join("native.csv"), d.join("file.csv"));
    let o = run_job(&native_job, native.to_str().unwrap(), &["--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Run from another folder: the rules file is found beside the job.
    let o = run_in(
        &["run", job.to_str().unwrap(), "--out", file.to_str().unwrap(), "--quiet"],
        b"",
        Path::new("/"),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let (a, b) = (std::fs::read(&native).unwrap(), std::fs::read(&file).unwrap());
    assert_eq!(a.iter().filter(|&&c| c == b'\n').count(), 13_599);
    assert!(a == b, "the rules file's census differs from the native one");
}

#[test]
fn eval_takes_a_rules_file_and_agrees_with_the_native_rules() {
    let rules = format!("file:{}/node-kayles.lua", games());
    let graphs = "A_\nBw\nC~\nDhc\nE?~o\nG?B@`S\nH?AAH@_\n";
    let a = run(&["eval", "--rules", &rules, "-"], Some(graphs));
    let b = run(&["eval", "--rules", "node-kayles", "-"], Some(graphs));
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(stdout(&a), stdout(&b));
}

/// Runs `eval` of the path P4 with the rules file `text`; returns the output.
fn eval_with(text: &str) -> std::process::Output {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("bad.lua");
    std::fs::write(&p, text).unwrap();
    let o = run(
        &["eval", "--rules", &format!("file:{}", p.display()), "--graph", "Ch"],
        None,
    );
    assert!(stdout(&o).lines().count() <= 1, "no row: {}", stdout(&o));
    o
}

const HEAD: &str = "game = { name = 'bad', description = 'a test', kind = 'impartial' }\n";

#[test]
fn bad_rules_files_are_one_line_and_no_row() {
    // A syntax error, with the file and its line.
    let o = eval_with(&format!("{HEAD}function play(n, adj, v)\n  if v then\n    return 0\nend\n"));
    assert_usage_error(&o, "bad.lua:6:");
    assert!(stderr(&o).contains("'end' expected"), "{}", stderr(&o));
    // Declarations the engine reads.
    assert_usage_error(&eval_with("function play() end\n"), "no table `game`");
    assert_usage_error(
        &eval_with(&format!("{}function play() end\n", HEAD.replace("impartial", "partizan"))),
        "game.kind",
    );
    assert_usage_error(&eval_with(HEAD), "no function play");
    // Failures inside a rule: one line naming the file, the rule and the position.
    for (body, says) in [
        ("while true do end", "Lua instructions"),
        ("local s = 'x' while true do s = s .. s end", "not enough memory"),
        ("return io.open('/etc/passwd')", "'io'"),
        ("return dofile('/etc/passwd')", "'dofile'"),
        ("return (1 << n) - 1", "every vertex"),
        ("return 1 << 40", "does not have"),
        ("return 'none'", "a string"),
        ("return adj[v + 1] + nil", "arithmetic"),
    ] {
        let o = eval_with(&format!("{HEAD}function play(n, adj, v)\n  {body}\nend\n"));
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{body}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{body}: {err}");
        assert!(err.contains(says), "{body}: {err}");
        assert!(err.contains("bad.lua") && err.contains("play on the graph Ch"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

//! The README runs (issue #27): every fenced ```sh example in README.md, then in the
//! manual pages of [DOCUMENTS], is run, as written, with the real binary, and must print
//! what the page shows.
//!
//! The convention (README.md says it too, at the top of "Commands"):
//!
//! - Each non-comment line of a ```sh block is a command (a line ending in `\` continues
//!   on the next), run by `bash -c` in one temporary directory that holds a fresh copy of
//!   the repository's `jobs/`, `games/` and `results/reference/`, with `gamecensus` on PATH being
//!   the binary under test. The commands of the whole README run in order in that
//!   directory (a later example may read what an earlier one wrote).
//! - A trailing `# text` on a command line is the first line of what it prints, unless the
//!   text is in parentheses, `# (like this)`: then it is a description, not checked.
//! - The `# ` lines right below a command are what it prints (stdout, then stderr), every
//!   line, in order: `...` inside a line stands for any text (times, rates), and a line
//!   `# ...` (alone, or followed by a remark) for any number of lines. A command with
//!   no output lines shown has its output unchecked.
//! - A command exits 0, unless one of its output lines is `# (exit N)`: then N.
//! - A block opened as ```` ```sh not-run ```` is not run; each such block is listed in
//!   NOT_RUN below with the reason, and the two lists must agree.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// The pages whose examples run, in order, in one folder (README.md first).
const DOCUMENTS: &[&str] = &[
    "README.md",
    "docs/GUIDE.md",
    "docs/GAMES.md",
    "docs/RESULTS.md",
    "docs/PERFORMANCE.md",
    "docs/CONTRIBUTING.md",
    "docs/CSV.md",
    "docs/RULES-FILES.md",
];

/// The README's blocks that are not run (the first command of each), and why.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "scripts/quickstart.sh",
        "installs packages as root and runs the whole test suite (minutes)",
    ),
    (
        "cargo build --release",
        "needs a Slurm cluster (scripts/slurm-submit.sh, squeue)",
    ),
    (
        "for i in $(seq 0 399)",
        "the 9-vertex census: minutes of CPU and a 5 GB CSV",
    ),
    (
        "scripts/slurm-submit.sh jobs/cutthroat-bw-10.toml",
        "needs a Slurm cluster, and 40 core-hours",
    ),
    (
        "gamecensus run jobs/domineering-14.toml",
        "the 14-cell Domineering census: 3.2 CPU-minutes and 2.1 GB",
    ),
    (
        "gamecensus octal 0.6 --max 268435456",
        "Officers to 2^28: 18 minutes and 1.6 GB, stopped by hand with Ctrl-C",
    ),
];

/// What is shown in the README under or beside one command.
#[derive(Debug, Default)]
struct Example {
    /// README line of the command, for messages.
    line: usize,
    command: String,
    /// The expected output lines; `None`: unchecked.
    expected: Option<Vec<String>>,
    exit: i32,
}

struct Block {
    not_run: bool,
    examples: Vec<Example>,
}

/// Splits `cmd  # comment` at the first `#` that starts a shell comment (after blank
/// space, outside quotes).
fn split_comment(line: &str) -> (&str, Option<&str>) {
    let (mut single, mut double) = (false, false);
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '#' if !single && !double && prev.is_whitespace() => {
                return (line[..i].trim_end(), Some(line[i + 1..].trim()));
            }
            _ => {}
        }
        prev = c;
    }
    (line.trim_end(), None)
}

fn parse(readme: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut lines = readme.lines().enumerate().peekable();
    while let Some((_, l)) = lines.next() {
        let Some(info) = l.strip_prefix("```") else {
            continue;
        };
        let mut words = info.split_whitespace();
        let lang = words.next();
        let body: Vec<(usize, &str)> = lines
            .by_ref()
            .take_while(|(_, l)| !l.starts_with("```"))
            .collect();
        if lang != Some("sh") {
            continue;
        }
        let not_run = match words.next() {
            None => false,
            Some("not-run") => true,
            Some(w) => panic!("```sh {w}: only `not-run` may follow `sh`"),
        };
        let mut examples: Vec<Example> = Vec::new();
        let mut i = 0;
        while i < body.len() {
            let (n, l) = body[i];
            i += 1;
            if l.trim().is_empty() {
                continue;
            }
            if let Some(out) = l.trim_start().strip_prefix('#') {
                let ex = examples
                    .last_mut()
                    .unwrap_or_else(|| panic!("README line {}: output before any command", n + 1));
                let out = out.strip_prefix(' ').unwrap_or(out);
                if let Some(code) = out.strip_prefix("(exit ").and_then(|s| s.strip_suffix(')')) {
                    ex.exit = code.parse().unwrap();
                } else {
                    ex.expected
                        .get_or_insert_with(Vec::new)
                        .push(out.to_string());
                }
                continue;
            }
            let mut command = String::new();
            let mut line = l;
            loop {
                let (cmd, comment) = split_comment(line);
                match cmd.strip_suffix('\\') {
                    Some(cont) if comment.is_none() && i < body.len() => {
                        command.push_str(cont);
                        command.push_str("\\\n");
                        line = body[i].1;
                        i += 1;
                    }
                    _ => {
                        command.push_str(cmd);
                        let expected = comment
                            .filter(|c| !c.starts_with('('))
                            .map(|c| vec![c.to_string()]);
                        examples.push(Example {
                            line: n + 1,
                            command,
                            expected,
                            exit: 0,
                        });
                        break;
                    }
                }
            }
        }
        blocks.push(Block { not_run, examples });
    }
    blocks
}

/// Does `text` match `pattern`, where `...` stands for any text?
fn line_matches(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split("...").collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !text.starts_with(first) || text.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &text[first.len()..];
    for p in &parts[1..parts.len() - 1] {
        match rest.find(p) {
            Some(k) => rest = &rest[k + p.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

fn is_any_lines(p: &str) -> bool {
    p == "..." || p.starts_with("... ")
}

/// Does the whole output match the pattern lines?
fn matches(pattern: &[String], output: &[&str]) -> bool {
    match pattern.split_first() {
        None => output.is_empty(),
        Some((p, rest)) if is_any_lines(p) => {
            (0..=output.len()).any(|k| matches(rest, &output[k..]))
        }
        Some((p, rest)) => {
            !output.is_empty() && line_matches(p, output[0]) && matches(rest, &output[1..])
        }
    }
}

#[test]
fn every_readme_example_runs_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let blocks: Vec<(&str, Block)> = DOCUMENTS
        .iter()
        .flat_map(|page| {
            let text = std::fs::read_to_string(root.join(page)).unwrap();
            parse(&text).into_iter().map(move |b| (*page, b))
        })
        .collect();

    let not_run: Vec<&str> = blocks
        .iter()
        .filter(|(_, b)| b.not_run)
        .map(|(_, b)| b.examples[0].command.as_str())
        .collect();
    let listed: Vec<&str> = NOT_RUN.iter().map(|(c, _)| *c).collect();
    assert_eq!(
        not_run.len(),
        listed.len(),
        "README's not-run blocks {not_run:?} vs NOT_RUN {listed:?}"
    );
    for (c, l) in not_run.iter().zip(&listed) {
        assert!(
            c.starts_with(l),
            "not-run block `{c}` is not NOT_RUN's `{l}`"
        );
    }

    let crate::common::cli::Checkout { dir, work, path } = crate::common::cli::checkout();

    let mut failures = Vec::new();
    let mut ran = 0;
    for (page, ex) in blocks
        .iter()
        .filter(|(_, b)| !b.not_run)
        .flat_map(|(page, b)| b.examples.iter().map(move |ex| (page, ex)))
    {
        let start = Instant::now();
        let o = Command::new("timeout")
            .args(["60", "bash", "-c", &ex.command])
            .current_dir(&work)
            .env("PATH", &path)
            .env("TMPDIR", dir.path())
            .output()
            .unwrap();
        ran += 1;
        let (out, err) = (
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr),
        );
        let lines: Vec<&str> = out.lines().chain(err.lines()).collect();
        let took = start.elapsed();
        let mut why = Vec::new();
        if o.status.code() != Some(ex.exit) {
            why.push(format!(
                "exit {:?}, the README implies {}",
                o.status.code(),
                ex.exit
            ));
        }
        if let Some(expected) = &ex.expected
            && !matches(expected, &lines)
        {
            why.push(format!(
                "printed\n{}\nthe README shows\n{}",
                lines.join("\n"),
                expected.join("\n")
            ));
        }
        if took > Duration::from_secs(20) {
            eprintln!("{page} line {}: {:.1} s", ex.line, took.as_secs_f64());
        }
        if !why.is_empty() {
            failures.push(format!(
                "{page} line {}: `{}`: {}",
                ex.line,
                ex.command,
                why.join("; ")
            ));
        }
    }
    assert!(ran > 0);
    eprintln!("{ran} README examples run");
    assert!(
        failures.is_empty(),
        "{} of {ran} README examples differ:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_convention_itself() {
    let b = parse(
        "```sh\na 'x # y' | b   # 34\nc \\\n  d   # (a description)\ne\n# one\n# ... (more)\n# (exit 2)\n```\n```sh not-run\nf\n```\n",
    );
    assert_eq!(b.len(), 2);
    assert!(b[1].not_run && !b[0].not_run);
    let e = &b[0].examples;
    assert_eq!(e[0].command, "a 'x # y' | b");
    assert_eq!(e[0].expected.as_deref(), Some(&["34".to_string()][..]));
    assert_eq!(e[1].command, "c \\\n  d");
    assert!(e[1].expected.is_none());
    assert_eq!(e[2].exit, 2);
    let p = e[2].expected.clone().unwrap();
    assert!(matches(&p, &["one"]) && matches(&p, &["one", "two", "three"]));
    assert!(!matches(&p, &["two"]));
    assert!(line_matches("in ... s (... /s)", "in 6.3 s (12 /s)"));
    assert!(!line_matches("in ... s", "in 6.3 m"));
}

/// The README's table of games gives, for each family, a command valuing one position
/// (its last cell, `|` written `\|` inside it): each runs as written and prints a row.
#[test]
fn the_games_table_commands_run() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let commands: Vec<String> = readme
        .lines()
        .filter(|l| l.starts_with('|'))
        .filter_map(|l| {
            let last = l.trim_end_matches('|').rsplit(" | ").next()?;
            let cmd = last.trim().strip_prefix("`gamecensus ")?.strip_suffix('`')?;
            Some(format!("gamecensus {}", cmd.replace("\\|", "|")))
        })
        .collect();
    assert!(commands.len() >= 12, "{commands:?}");
    let crate::common::cli::Checkout { dir, work, path } = crate::common::cli::checkout();
    for c in &commands {
        let o = Command::new("timeout")
            .args(["60", "bash", "-c", c])
            .current_dir(&work)
            .env("PATH", &path)
            .env("TMPDIR", dir.path())
            .output()
            .unwrap();
        assert!(
            o.status.success() && !o.stdout.is_empty(),
            "`{c}`: exit {:?}, {}",
            o.status.code(),
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

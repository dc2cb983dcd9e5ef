//! Hostile input (issue #18): one row per way a user's text can be wrong, through the
//! real binary (exit 2, one short line on stderr, no panic, nothing written or
//! truncated), then random bytes and random text into every parser the user reaches
//! (graph6, colourings, value notation and the calculator, job TOML, analysis
//! predicates, CSVs for `analyze` and `merge`): each returns an error or a value, never
//! panics, never overflows its stack. Bounded: a few hundred cases per parser.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;

use gamecensus::analysis::expr::Scope;
use gamecensus::analysis::query::header_types;
use gamecensus::graphs::palette::Palette;
use gamecensus::graphs::{Colouring, parse_graph6};
use gamecensus::jobs::spec::JobSpec;
use gamecensus::values::parse::{evaluate, parse_value};
use proptest::prelude::*;

fn run(args: &[&str], stdin: &[u8], dir: &Path) -> Output {
    common::cli::run_in(args, stdin, dir)
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gamecensus-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Every file under `dir` with its bytes.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut v: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            let b = std::fs::read(&p).unwrap();
            (p, b)
        })
        .collect();
    v.sort();
    v
}

#[test]
fn each_hostile_input_is_one_short_line_and_exit_2() {
    let d = scratch("table");
    let w = |name: &str, body: &[u8]| std::fs::write(d.join(name), body).unwrap();
    w(
        "nk.toml",
        b"name = 'nk'\nrules = 'node-kayles'\nmax_vertices = 4\noutput = 'nk.csv'\n",
    );
    w(
        "dots.toml",
        b"name = '../../x'\nrules = 'node-kayles'\nmax_vertices = 3\n",
    );
    w(
        "newline.toml",
        b"name = \"a\\nb\"\nrules = 'node-kayles'\nmax_vertices = 3\n",
    );
    w(
        "nul.toml",
        b"name = \"a\\u0000b\"\nrules = 'node-kayles'\nmax_vertices = 3\n",
    );
    w(
        "empty-out.toml",
        b"name = 'e'\nrules = 'node-kayles'\nmax_vertices = 3\noutput = ''\n",
    );
    w(
        "big.toml",
        b"name = 'b'\nrules = 'node-kayles'\nmax_vertices = 64\n",
    );
    let deep_toml = format!(
        "name = 'x'\nrules = 'node-kayles'\nmax_vertices = 3\nfoo = {}{}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    w("deep.toml", deep_toml.as_bytes());
    w(
        "cf.toml",
        b"name = 'nk'\nrules = 'clique-forming'\nmax_vertices = 4\noutput = 'nk.csv'\n",
    );
    w(
        "random.bin",
        &(0..4096u32)
            .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
            .collect::<Vec<_>>(),
    );
    w("other.csv", b"a,b\n1,2\n");
    w("bad-side.csv", b"graph6\n");
    w("bad-side.csv.meta.json", b"{\"format\": \xff\xfe}\n");
    // A megabyte of text where a short word is expected (100 kB in an argument, the
    // kernel's limit for one): the error line quotes its start. (A job file may have
    // 1 MiB in all: the rest of it fits in the 100 bytes left.)
    let mb = "x".repeat((1 << 20) - 100);
    let arg = "x".repeat(100_000);
    w(
        "long-rules.toml",
        format!("name = 'l'\nrules = '{mb}'\nmax_vertices = 3\n").as_bytes(),
    );
    w(
        "long-key.toml",
        format!("name = 'l'\nrules = 'node-kayles'\nmax_vertices = 3\n{mb} = 1\n").as_bytes(),
    );
    // A finished census to resume wrongly and to merge.
    let o = run(&["run", "nk.toml", "--quiet"], b"", &d);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));

    let deep_braces = format!("{}0{}", "{|".repeat(40_000), "}".repeat(40_000));
    let deep_parens = format!("{}0{}", "(".repeat(40_000), ")".repeat(40_000));
    let many_ups = format!("birthday({})", vec!["^256"; 40].join("+"));
    let long_check = vec!["n == 1"; 3000].join(" or ");
    let deep_check = format!("{}true", "not ".repeat(2400));
    let mut huge_line = b"A_\n".to_vec();
    huge_line.extend(std::iter::repeat_n(b'B', 10_000_000));
    huge_line.push(b'\n');
    let nk_csv = d.join("nk.csv").display().to_string();
    // Board lines are read 64 to a block: the bad line is in the second block.
    let boards_then = |bad: &[u8]| {
        let mut lines = "..|..\n".repeat(69).into_bytes();
        lines.extend_from_slice(bad);
        lines.extend_from_slice(b"\n..\n");
        lines
    };
    let mut huge_board = boards_then(b"");
    huge_board.splice(6 * 69..6 * 69, std::iter::repeat_n(b'.', 10_000_000));

    // A sum of 20 hot games: its canonical form takes about 10 s (README, `--timeout`).
    let hot_sum: String = (2..22)
        .map(|k| format!("{{{k}|{{{}|-{k}}}}}", k - 1))
        .collect::<Vec<_>>()
        .join("+");
    // Dominance among options is checked pairwise: a list is limited to 10,000.
    let many_options = format!(
        "{{{}|}}",
        (0..10_001)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    #[rustfmt::skip]
    let cases: Vec<(&str, Vec<&str>, Vec<u8>, &str)> = vec![
        ("deep braces", vec!["value", &deep_braces], vec![], "nested more than"),
        ("deep parentheses", vec!["value", &deep_parens], vec![], "nested more than"),
        ("a sum of many ups", vec!["value", &many_ups], vec![], "beyond the kernel's range"),
        ("two options without a comma", vec!["value", "{1 2|}"], vec![], "position"),
        ("a timeout", vec!["value", &hot_sum, "--timeout", "0.5"], vec![], "--timeout"),
        ("too many options", vec!["value", "-"], many_options.clone().into_bytes(), "more than 10000 options"),
        ("too many threads", vec!["eval", "--rules", "node-kayles", "--graph", "A_", "--threads", "100000"], vec![], "--threads"),
        ("a job name with ..", vec!["run", "dots.toml"], vec![], "name"),
        ("a job name with a newline", vec!["run", "newline.toml"], vec![], "name"),
        ("a job name with NUL", vec!["run", "nul.toml"], vec![], "name"),
        ("an empty output path", vec!["run", "empty-out.toml"], vec![], "output path is empty"),
        ("max_vertices 64", vec!["run", "big.toml"], vec![], "64"),
        ("deeply nested TOML", vec!["run", "deep.toml"], vec![], "recursion"),
        ("a resume by another job", vec!["run", "cf.toml", "--resume"], vec![], "clique-forming"),
        ("invalid UTF-8 on stdin", vec!["eval", "--rules", "node-kayles", "-"], b"A_\n\xff\xfe\n".to_vec(), "input line 2: not UTF-8"),
        ("a colouring with stdin", vec!["eval", "--rules", "cutthroat", "--colouring", "BW", "-"], b"A_ BW\n".to_vec(), "--colouring"),
        ("a 10 MB line", vec!["eval", "--rules", "node-kayles", "-"], huge_line, "input line 2"),
        ("invalid UTF-8 among board lines", vec!["eval", "--rules", "domineering", "-"], boards_then(b".\xff."), "input line 70: not UTF-8"),
        ("a 10 MB board line", vec!["eval", "--rules", "domineering", "-"], huge_board, "input line 70: longer than"),
        ("a ~ graph6 header", vec!["eval", "--rules", "node-kayles", "--graph", "~?@?"], vec![], "64 vertices"),
        ("random bytes as graph6", vec!["eval", "--rules", "node-kayles", "-"], b"\x01\x02garbage\n".to_vec(), "input line 1"),
        ("octal --out under a file", vec!["octal", "0.77", "--max", "1000000000", "--out", "random.bin/x.csv"], vec![], "cannot create"),
        ("an octal run over the memory budget", vec!["octal", "0.6", "--max", "100000000", "--memory", "200M"], vec![], "memory budget"),
        ("a long predicate", vec!["analyze", &nk_csv, "--check", &long_check], vec![], "bytes long"),
        ("a deep predicate", vec!["analyze", &nk_csv, "--check", &deep_check], vec![], "levels deep"),
        ("an unknown column", vec!["analyze", &nk_csv, "--by", "nope"], vec![], "unknown column"),
        ("random bytes to analyze", vec!["analyze", "random.bin", "--by", "n"], vec![], "random.bin"),
        ("a directory to analyze", vec!["analyze", ".", "--by", "n"], vec![], "directory"),
        ("random bytes to merge", vec!["merge", "out.csv", "random.bin"], vec![], "random.bin"),
        ("a foreign CSV to merge", vec!["merge", "out.csv", "other.csv"], vec![], "other.csv"),
        ("a sidecar that is not UTF-8 (resume)", vec!["run", "nk.toml", "--out", "bad-side.csv", "--resume"], vec![], "not a gamecensus sidecar"),
        ("a sidecar that is not UTF-8 (merge)", vec!["merge", "m.csv", "bad-side.csv"], vec![], "not a gamecensus sidecar"),
        ("a 2 MB expression", vec!["value", "-"], format!("{{{}|}}\n", vec!["0"; 1 << 20].join(",")).into_bytes(), "longer than 1048576 bytes"),
        ("a megabyte of rules in a job", vec!["run", "long-rules.toml"], vec![], "unknown rules"),
        ("a megabyte TOML key", vec!["run", "long-key.toml"], vec![], "bytes in all"),
        ("100 kB of rules", vec!["eval", "--rules", &arg, "--graph", "A_"], vec![], "unknown rules"),
        ("a 100 kB column", vec!["analyze", &nk_csv, "--by", &arg], vec![], "bytes"),
        ("a 100 kB family", vec!["enumerate", "-n", "3", "--family", &arg], vec![], "--family"),
        ("a 100 kB octal code", vec!["octal", &arg, "--max", "3"], vec![], "octal code"),
        ("a timeout of 1e300 s", vec!["value", "1", "--timeout", "1e300"], vec![], "1e300"),
        ("a negative number needs no --", vec!["value", "-1/2", "--timeout", "x"], vec![], "invalid value"),
    ];
    for (what, args, stdin, needle) in &cases {
        let before = snapshot(&d);
        let o = run(args, stdin, &d);
        let full = String::from_utf8_lossy(&o.stderr);
        let err: String = full.chars().take(600).collect(); // for messages
        assert_eq!(o.status.code(), Some(2), "{what}: {err}");
        assert!(
            !err.contains("panicked") && !err.contains("overflow"),
            "{what}: {err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{what}: one line: {err}");
        assert!(full.len() < 400, "{what}: {} bytes: {err}", full.len());
        assert!(err.contains(needle), "{what}: expected {needle:?} in {err}");
        assert_eq!(snapshot(&d), before, "{what}: files changed");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// Random text over an alphabet that reaches deep into each grammar, and raw bytes.
fn text(alphabet: &'static str) -> impl Strategy<Value = String> {
    proptest::collection::vec(
        proptest::sample::select(alphabet.chars().collect::<Vec<_>>()),
        0..300,
    )
    .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn graph6_and_colourings_never_panic(s in text("?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~!\x7f "), c in text("BWGRbwg? "), raw in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = parse_graph6(&s);
        let _ = parse_graph6(&String::from_utf8_lossy(&raw));
        for n in [0, 1, 5, 64] {
            let _ = Colouring::parse(&c, n, &Palette::BWG);
        }
    }

    #[test]
    fn values_and_the_calculator_never_panic(s in text("{}|,.-+*^v0123456789/±()<>=! aw birthday temp mean cool heat thermograph outcome")) {
        let _ = parse_value(&s);
        let _ = evaluate(&s);
    }

    #[test]
    fn job_files_never_panic(s in text("abcdefghijklmnopqrstuvwxyz_=\"'[]{}.,0123456789-\n #"), raw in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = JobSpec::parse(&s);
        let _ = JobSpec::parse(&String::from_utf8_lossy(&raw));
        let _ = JobSpec::parse(&format!("name = 'x'\nrules = 'node-kayles'\n{s}"));
    }

    #[test]
    fn predicates_never_panic(s in text("nmvaluegrundy_outcome atomicweight()<>=!|'\"andornot+-0123456789/^*{}is_integeris_number,")) {
        let header: Vec<String> = ["graph6", "colouring", "n", "m", "outcome", "value", "grundy", "atomic_weight"]
            .iter().map(|s| s.to_string()).collect();
        let scope = Scope { header: &header, types: header_types(&header), with: Vec::new() };
        let _ = scope.compile(&s, true);
        let _ = scope.compile(&s, false);
    }
}

#[test]
fn random_csvs_to_analyze_and_merge_are_refused_cleanly() {
    // Random bytes (seeded) with a header line of ours, so that the readers go past the
    // header into the rows.
    let d = scratch("csv");
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for k in 0..40 {
        let mut bytes = b"graph6,colouring,n,m,outcome,value,grundy\n".to_vec();
        let len = (next() % 400) as usize;
        bytes.extend((0..len).map(|_| b"AB,\"\n\r0123456789*^{|}x\xff"[(next() % 22) as usize]));
        let f = d.join(format!("r{k}.csv"));
        std::fs::write(&f, &bytes).unwrap();
        for args in [
            vec!["analyze", f.to_str().unwrap(), "--by", "n,value"],
            vec!["analyze", f.to_str().unwrap(), "--check", "value > 0"],
            vec![
                "merge",
                d.join("out.csv").to_str().unwrap(),
                f.to_str().unwrap(),
            ],
        ] {
            let o = run(&args, b"", &d);
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(matches!(o.status.code(), Some(0..=2)), "{args:?}: {err}");
            assert!(!err.contains("panicked"), "{args:?}: {err}");
            if o.status.code() == Some(2) {
                assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
            }
        }
        assert!(
            !d.join("out.csv").exists(),
            "merge wrote from a random shard"
        );
        assert_eq!(std::fs::read(&f).unwrap(), bytes);
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// A closed standard output (`>&-`) is refused with one line and exit 2: Rust's stdout
/// would swallow every write, and the command would exit 0 with its output lost.
#[test]
fn a_closed_stdout_is_an_error_not_a_silent_success() {
    for cmd in [
        "value 1",
        "enumerate -n 3",
        "octal 0.77 --max 10",
        "eval --rules node-kayles --graph A_",
    ] {
        let o = std::process::Command::new("bash")
            .arg("-c")
            .arg(format!("'{}' {cmd} >&-", env!("CARGO_BIN_EXE_gamecensus")))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{cmd}: {err}");
        assert!(
            err.contains("standard output is closed") && err.trim().lines().count() == 1,
            "{cmd}: {err}"
        );
    }
}

/// Board lines are read in blocks: a line that is not UTF-8 in the second block stops
/// `eval` after the rows of every line before it, each whole, and the header.
#[test]
fn board_lines_before_a_bad_one_are_written_whole() {
    let d = scratch("board-block");
    let mut input = "..|..\n.\n".repeat(40).into_bytes();
    input.extend_from_slice(b"...\n\xff\n..\n");
    let o = run(&["eval", "--rules", "domineering", "-"], &input, &d);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("input line 82: not UTF-8"));
    let out = String::from_utf8(o.stdout).unwrap();
    let rows: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(rows.len(), 81, "{out}");
    // The 2x2 square is {1 | -1} (Winning Ways ch. 5), a single cell 0, three in a row
    // -1 (Right's one horizontal domino).
    assert!(rows[0].starts_with("..|..,4,N,{1|-1},"), "{}", rows[0]);
    assert!(rows[1].starts_with(".,1,P,0,"), "{}", rows[1]);
    assert!(rows[80].starts_with("...,3,R,-1,"), "{}", rows[80]);
    assert!(out.ends_with('\n'));
    std::fs::remove_dir_all(&d).unwrap();
}

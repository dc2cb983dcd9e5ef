//! Rules written in a file (Lua): the shipped games/*.lua against the native rulesets
//! (independent implementations of the same rules, each citing its source) byte for
//! byte on shipped census jobs and on single positions; games we have no native
//! ruleset for against an independent computation of the same game (Arc Kayles against
//! Node Kayles on the line graph, a subtraction game against the octal engine) and
//! published values; a job naming its rules file relative to itself; and bad rules
//! files, each one line and exit 2, never a wrong row: a syntax error (with its line), a
//! runaway loop (the step budget), unbounded memory, a move that does not end the game,
//! a malformed result, the sandbox, a loopy board game.

use crate::common;

use std::path::Path;

use common::cli::{assert_usage_error, run, run_in, run_job, stderr, stdout};
use gamecensus::graphs::Graph;
use gamecensus::graphs::graph6::to_graph6;

fn games() -> String {
    format!("{}/games", env!("CARGO_MANIFEST_DIR"))
}

/// Runs the shipped job `jobs/JOB.toml` with its native rules `native`, and the same job
/// with `rules = "file:GAME.lua"` from a folder beside it (run from another folder: the
/// rules file is found beside the job); asserts the CSVs are the same bytes, of `rows`
/// lines with the header.
fn same_census(job: &str, native: &str, game: &str, rows: usize) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let native_job = format!("{}/jobs/{job}.toml", env!("CARGO_MANIFEST_DIR"));
    let text: String = std::fs::read_to_string(&native_job)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("output"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(d.join("native.toml"), &text).unwrap();
    std::fs::create_dir(d.join("job")).unwrap();
    std::fs::copy(format!("{}/{game}.lua", games()), d.join("job/rules.lua")).unwrap();
    let job_file = d.join("job/file.toml");
    let rules = format!("rules = \"{native}\"");
    assert!(text.contains(&rules), "{job} names {native}");
    std::fs::write(&job_file, text.replace(&rules, "rules = \"file:rules.lua\"")).unwrap();
    let (a, b) = (d.join("native.csv"), d.join("file.csv"));
    let o = run_job(d.join("native.toml").to_str().unwrap(), a.to_str().unwrap(), &["--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run_in(
        &["run", job_file.to_str().unwrap(), "--out", b.to_str().unwrap(), "--quiet"],
        b"",
        Path::new("/"),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let (a, b) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert_eq!(a.iter().filter(|&&c| c == b'\n').count(), rows, "{job}");
    assert!(a == b, "{game}.lua's census differs from {native}'s on {job}");
}

/// Node Kayles (Winning Ways ch. 2), `play` one vertex at a time.
#[test]
fn node_kayles_in_a_rules_file_writes_the_native_census_byte_for_byte() {
    same_census("node-kayles-8", "node-kayles", "node-kayles", 13_599);
}

/// Cutthroat (McCurdy & Nowakowski 2005): `moves` and `start` on coloured graphs.
#[test]
fn cutthroat_in_a_rules_file_writes_the_native_census_byte_for_byte() {
    same_census("cutthroat-bwg-6", "cutthroat", "cutthroat", 38_882);
}

/// Snort (Winning Ways ch. 6): colours change, an uncoloured graph is all G.
#[test]
fn snort_in_a_rules_file_writes_the_native_census_byte_for_byte() {
    same_census("snort-bwg-6", "snort", "snort", 39_311);
}

/// Clobber (Albert et al. 2005): a stone moves onto another.
#[test]
fn clobber_in_a_rules_file_writes_the_native_census_byte_for_byte() {
    same_census("clobber-5", "clobber", "clobber", 420);
}

/// Domineering (Winning Ways ch. 5) on boards: the board layer from a rules file.
#[test]
fn domineering_in_a_rules_file_writes_the_native_census_byte_for_byte() {
    same_census("domineering-10", "domineering", "domineering", 12_872);
}

/// Blue-Red-Green Hackenbush (Winning Ways ch. 1-2, 7) on grounded graphs: the cut
/// given as an edge number, what falls dropped by the engine.
#[test]
fn hackenbush_in_a_rules_file_writes_the_native_census_byte_for_byte() {
    same_census("hackenbush-brg-5", "hackenbush", "hackenbush", 6_828);
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
        "defines moves(n, adj, colours, player)",
    );
    assert_usage_error(
        &eval_with(&format!("{}function play() end\n", HEAD.replace("impartial", "loopy"))),
        "game.kind",
    );
    assert_usage_error(&eval_with(HEAD), "play(n, adj, v) or moves(n, adj)");
    // Failures inside a rule: one line naming the file, the rule and the position.
    for (body, says) in [
        ("while true do end", "Lua instructions"),
        ("local function f(k) return f(k + 1) + 1 end return f(0)", "stack overflow"),
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

/// A graph's edges, for its line graph.
fn edges_of(g: &Graph) -> Vec<(usize, usize)> {
    (0..g.n())
        .flat_map(|u| (u + 1..g.n()).map(move |w| (u, w)))
        .filter(|&(u, w)| g.has_edge(u, w))
        .collect()
}

/// Arc Kayles on a graph is Node Kayles on its line graph (a move takes an edge and the
/// edges that share an end with it): games/arc-kayles.lua on 300 random graphs against
/// the native node-kayles on their line graphs.
#[test]
fn arc_kayles_is_node_kayles_on_the_line_graph() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let (mut graphs, mut lines) = (String::new(), String::new());
    for i in 0..300 {
        let n = 2 + i % 8;
        let mut g = Graph::empty(n);
        for u in 0..n {
            for w in u + 1..n {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                if seed % 100 < 35 {
                    g.add_edge(u, w);
                }
            }
        }
        let e = edges_of(&g);
        let mut l = Graph::empty(e.len());
        for (i, a) in e.iter().enumerate() {
            for (j, b) in e.iter().enumerate().skip(i + 1) {
                if a.0 == b.0 || a.0 == b.1 || a.1 == b.0 || a.1 == b.1 {
                    l.add_edge(i, j);
                }
            }
        }
        graphs.push_str(&format!("{}\n", to_graph6(&g)));
        lines.push_str(&format!("{}\n", to_graph6(&l)));
    }
    let grundy = |o: &std::process::Output| -> Vec<String> {
        assert!(o.status.success(), "{}", stderr(o));
        stdout(o)
            .lines()
            .skip(1)
            .map(|l| l.rsplit(',').next().unwrap().to_string())
            .collect()
    };
    let rules = format!("file:{}/arc-kayles.lua", games());
    let a = run(&["eval", "--rules", &rules, "--columns", "grundy", "-"], Some(&graphs));
    let b = run(
        &["eval", "--rules", "node-kayles", "--columns", "grundy", "-"],
        Some(&lines),
    );
    let (a, b) = (grundy(&a), grundy(&b));
    assert_eq!(a.len(), 300);
    assert_eq!(a, b);
    assert!(a.iter().any(|v| v != "0") && a.iter().any(|v| v == "0"));
}

/// The subtraction game S(1, 3, 4) is the octal game 0.3033 (Winning Ways ch. 4: period
/// 7, 0 1 0 1 2 3 2): the heap rules file's census of heaps 1 to 300 against the octal
/// engine's nim-sequence, and a sum of heaps valued as the XOR.
#[test]
fn a_subtraction_game_in_a_rules_file_is_its_octal_game() {
    let dir = tempfile::tempdir().unwrap();
    let job = dir.path().join("s134.toml");
    std::fs::write(
        &job,
        format!(
            "name = \"s134\"\nrules = \"file:{}/subtraction-134.lua\"\nmin_size = 1\nmax_size = 300\n",
            games()
        ),
    )
    .unwrap();
    let out = dir.path().join("s134.csv");
    let o = run_job(job.to_str().unwrap(), out.to_str().unwrap(), &["--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let ours: Vec<String> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            format!("{},{}", f[0], f[f.len() - 1])
        })
        .collect();
    let o = run(&["octal", "0.3033", "--max", "300"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let octal: Vec<String> = stdout(&o).lines().skip(2).map(str::to_string).collect();
    assert_eq!(ours.len(), 300);
    assert_eq!(ours, octal);
    assert_eq!(&ours[..7], ["1,1", "2,0", "3,1", "4,2", "5,3", "6,2", "7,0"]);
    let rules = format!("file:{}/subtraction-134.lua", games());
    let o = run(&["eval", "--rules", &rules, "--position", "4,5,11", "--columns", "grundy"], None);
    assert_eq!(stdout(&o), "grundy\n3\n", "2 ^ 3 ^ 2 = 3: {}", stderr(&o));
}

/// Stands for a board of 45 rows of 50 empty cells in the cases below.
const WIDE: &str = "(45 rows of 50 cells)";

/// Bad board and heap rules: a loopy game, a malformed board, a heap that grows, a line
/// of play without end.
#[test]
fn bad_board_and_heap_rules_are_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "board",
            "..|..",
            "function moves(rows, player) return { rows } end",
            "lead back to a position",
        ),
        (
            "board",
            "..",
            "function moves(rows, player) return { 'x|..' } end",
            "a move gave the board",
        ),
        (
            "heap",
            "5",
            "function moves(h, player) return { h + 1 } end",
            "smaller than the heap",
        ),
        // A game that need not end, without ever coming back: stopped at 2,000 moves, not
        // by the end of the stack.
        (
            "board",
            WIDE,
            "local b = table.concat(rows, '|') local i = b:find('.', 1, true) if not i then return {} end return { b:sub(1, i - 1) .. '#' .. b:sub(i + 1) }",
            "longer than 2000 moves",
        ),
        (
            "heap",
            "5",
            "function moves(h, player) return { 'two' } end",
            "not a heap",
        ),
    ];
    let wide = vec![".".repeat(50); 45].join("|");
    for (i, (position, at, body, says)) in cases.into_iter().enumerate() {
        let at = if at == WIDE { wide.as_str() } else { at };
        let p = dir.path().join(format!("bad{i}.lua"));
        let body = match body.starts_with("function") {
            true => body.to_string(),
            false => format!("function moves(rows, player) {body} end"),
        };
        std::fs::write(
            &p,
            format!(
                "game = {{ name = 'bad', description = 'a test', kind = 'partizan', position = '{position}' }}\n{body}\n"
            ),
        )
        .unwrap();
        let o = run(
            &["eval", "--rules", &format!("file:{}", p.display()), "--position", at],
            None,
        );
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{body}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{body}: {err}");
        assert!(err.contains(says), "{body}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(stdout(&o).lines().count() <= 1, "no row: {}", stdout(&o));
    }
}

/// The value column of `eval --rules file:games/GAME.lua` at each position (with
/// `--misere` for the misère columns).
fn file_values(game: &str, positions: &[&str], column: &str) -> Vec<String> {
    let rules = format!("file:{}/{game}.lua", games());
    positions
        .iter()
        .map(|p| {
            let mut args = vec!["eval", "--rules", &rules, "--position", p, "--columns", column];
            if ["misere", "genus", "tame"].contains(&column) {
                args.push("--misere");
            }
            let o = run(&args, None);
            assert!(o.status.success(), "{game} {p}: {}", stderr(&o));
            stdout(&o).lines().nth(1).unwrap().trim_matches('"').to_string()
        })
        .collect()
}

/// A value in CGSuite's notation, as the calculator writes it (`gamecensus value`).
fn canonical(cgsuite: &str) -> String {
    let o = run(&["value", cgsuite], None);
    assert!(o.status.success(), "{cgsuite}: {}", stderr(&o));
    stdout(&o).trim().to_string()
}

/// Values printed by CGSuite's own tests (aaron-siegel/cgsuite at e909ab8,
/// lib/core/src/test/scala/org/cgsuite/lang/): Arc Kayles on the paths of 1 to 50
/// vertices (GameGraphTest, "Arc Kayles paths are Dawson's Kayles heaps"), Grundy's game
/// and S(2, 3, 7) on heaps of 1 to 20 (GameHeapTest; Grundy's game is OEIS A002188), the
/// partizan subtraction game of CGSuite's examples (Left {1, 3}, Right {2, 3}) on a heap
/// of 6 (GameHeapTest, "define partizan heap games properly"), Toppling Dominoes rows
/// (GameStripTest; the game of CGSuite's examples/TopplingDominoes.cgs).
#[test]
fn new_games_in_rules_files_have_cgsuites_printed_values() {
    let rules = format!("file:{}/arc-kayles.lua", games());
    let g6: String = (1..=50usize)
        .map(|n| {
            let mut g = Graph::empty(n);
            for v in 1..n {
                g.add_edge(v - 1, v);
            }
            format!("{}\n", to_graph6(&g))
        })
        .collect();
    let o = run(&["eval", "--rules", &rules, "--columns", "grundy", "-"], Some(&g6));
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let arc: Vec<&str> = text.lines().skip(1).collect();
    let printed = "0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3,0,1,1,3,0,2,1,1,0,4,\
                   5,2,7,4,0,1,1,2,0,3,1,1,0,3,3,2,2,4,4,5";
    assert_eq!(arc.join(","), printed, "Arc Kayles on P1..P50");
    let heaps: Vec<String> = (1..=20).map(|h| h.to_string()).collect();
    let heaps: Vec<&str> = heaps.iter().map(String::as_str).collect();
    assert_eq!(
        file_values("grundys-game", &heaps, "grundy").join(","),
        "0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3,0"
    );
    assert_eq!(
        file_values("subtraction-237", &heaps, "grundy").join(","),
        "0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0"
    );
    // Misère: CGSuite's misère nim-values of heaps 1 to 20 are 1,0,0,2,1,1,0,0,2,1,1,0,0,
    // 2,1,1,0,0,2,1 (GameHeapTest): P exactly where it prints 0.
    assert_eq!(
        file_values("subtraction-237", &heaps, "misere").join(","),
        "N,P,P,N,N,N,P,P,N,N,N,P,P,N,N,N,P,P,N,N"
    );
    assert_eq!(
        file_values("partizan-subtraction", &["6"], "value"),
        [canonical("{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}")]
    );
    assert_eq!(
        file_values("toppling-dominoes", &["lrrlrrl", "lere"], "value"),
        [canonical("Tiny(1/2)"), canonical("{1|0,{0|-1}}")]
    );
}

/// Toppling Dominoes from CGSuite's example against the native ruleset (tested against
/// the cgt crate): every row of 1 to 7 dominoes and rows with gaps, the native rules'
/// letters being x, o, g.
#[test]
fn toppling_dominoes_in_a_rules_file_agrees_with_the_native_rules() {
    let dir = tempfile::tempdir().unwrap();
    let job = dir.path().join("t.toml");
    std::fs::write(
        &job,
        format!(
            "name = \"t\"\nrules = \"file:{}/toppling-dominoes.lua\"\nmin_size = 1\nmax_size = 7\n",
            games()
        ),
    )
    .unwrap();
    let out = dir.path().join("t.csv");
    let o = run_job(job.to_str().unwrap(), out.to_str().unwrap(), &["--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows: Vec<(String, String)> = csv::Reader::from_path(&out)
        .unwrap()
        .records()
        .map(|r| {
            let r = r.unwrap();
            (r[0].to_string(), r[3].to_string())
        })
        .collect();
    // 3 + 6 + 18 + 45 + 135 + 378 + 1134 rows: each row once up to reading it backwards.
    assert_eq!(rows.len(), 1719);
    let native: String = rows
        .iter()
        .map(|(p, _)| format!("{}\n", p.replace('l', "x").replace('r', "o").replace('e', "g")))
        .collect();
    let o = run(
        &["eval", "--rules", "toppling-dominoes", "--columns", "value", "-"],
        Some(&native),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let theirs: Vec<String> = csv::Reader::from_reader(o.stdout.as_slice())
        .records()
        .map(|r| r.unwrap()[0].to_string())
        .collect();
    let ours: Vec<String> = rows.into_iter().map(|(_, v)| v).collect();
    assert_eq!(ours, theirs);
    // Gaps: a domino topples up to the next gap, runs are played apart.
    let gapped = ["lr.rl", "le.e.r", "eel.rrl", ".l.r.e", "lrre.el.r"];
    let ours = file_values("toppling-dominoes", &gapped, "value");
    let mapped: Vec<String> = gapped
        .iter()
        .map(|p| p.replace('l', "x").replace('r', "o").replace('e', "g"))
        .collect();
    let theirs: Vec<String> = mapped
        .iter()
        .map(|p| {
            let o = run(
                &["eval", "--rules", "toppling-dominoes", "--position", p, "--columns", "value"],
                None,
            );
            stdout(&o).lines().nth(1).unwrap().trim_matches('"').to_string()
        })
        .collect();
    assert_eq!(ours, theirs);
}

/// A board file's positions that fit in 128 bits are valued on bitboards (the census
/// above); those that do not on the general solver of shapes: a strip of 127 cells and
/// a column of 127 (boxes of 128 and 254 bits with their padding) and a 2 x 70 board
/// with most cells filled, against the native Domineering on the same boards.
#[test]
fn a_board_file_values_boards_past_128_bits_on_shapes() {
    let strip = ".".repeat(127);
    let column = vec!["."; 127].join("|");
    let ladder = format!("{}|{}", ".".repeat(6) + &"#".repeat(64), "#".repeat(60) + &".".repeat(10));
    let boards = [strip.as_str(), column.as_str(), ladder.as_str()];
    let ours = file_values("domineering", &boards, "value");
    let native: Vec<String> = boards
        .iter()
        .map(|b| {
            let o = run(
                &["eval", "--rules", "domineering", "--position", b, "--columns", "value"],
                None,
            );
            assert!(o.status.success(), "{}", stderr(&o));
            stdout(&o).lines().nth(1).unwrap().trim_matches('"').to_string()
        })
        .collect();
    assert_eq!(ours, native);
    assert_eq!(ours[..2], ["-63", "63"]);
}

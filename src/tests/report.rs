//! The HTML report in a real browser (headless Chromium, installed by scripts/setup.sh),
//! the report and the drawings as XML, and `explain` on positions from the sources.

use crate::common;

use std::process::{Command, Output, Stdio};

use quick_xml::Reader;
use quick_xml::events::Event;

use common::csvs::text;

/// Runs the binary in the project's root, with nothing on stdin.
fn gamecensus(args: &[&str]) -> Output {
    common::csvs::gamecensus(args, None)
}

/// Every element of a well-formed XML document, as (name, attributes); panics with the
/// position if the document is not well-formed.
fn elements(xml: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut r = Reader::from_str(xml);
    let mut out = Vec::new();
    loop {
        match r.read_event() {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => {
                let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
                let attrs = e
                    .attributes()
                    .map(|a| {
                        let a = a.unwrap();
                        (
                            String::from_utf8_lossy(a.key.as_ref()).into_owned(),
                            String::from_utf8_lossy(&a.value).into_owned(),
                        )
                    })
                    .collect();
                out.push((name, attrs));
            }
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => panic!("not well-formed XML at {}: {e}", r.buffer_position()),
        }
    }
    out
}

fn attr<'a>(e: &'a (String, Vec<(String, String)>), k: &str) -> Option<&'a str> {
    e.1.iter().find(|(a, _)| a == k).map(|(_, v)| v.as_str())
}

/// The first drawing of a position with `n` vertices and `m` edges: its edge lines and
/// vertex circles (and labels), in order.
fn drawing(
    els: &[(String, Vec<(String, String)>)],
    n: usize,
    m: usize,
) -> Vec<&(String, Vec<(String, String)>)> {
    let start = els
        .iter()
        .position(|e| {
            e.0 == "g"
                && attr(e, "class") == Some("position")
                && attr(e, "data-n") == Some(&n.to_string())
                && attr(e, "data-m") == Some(&m.to_string())
        })
        .expect("a drawing of the position");
    els[start + 1..start + 1 + n + m + n].iter().collect()
}

fn chromium(args: &[&str]) -> Output {
    let profile = tempfile::tempdir().unwrap();
    let mut all = vec![
        "--headless".to_string(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-quic".into(),
        "--no-first-run".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--enable-logging=stderr".into(),
        format!("--user-data-dir={}", profile.path().display()),
    ];
    all.extend(args.iter().map(|s| s.to_string()));
    Command::new("chromium")
        .args(&all)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("chromium not found ({e}): run scripts/setup.sh"))
}

#[test]
#[ignore = "system tier (headless Chromium): scripts/test.sh runs it, as CI does"]
fn the_report_renders_in_a_browser_with_its_charts_checks_and_drawings() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report");
    let o = gamecensus(&[
        "report",
        "results/reference/clobber-5.csv",
        "--out",
        &out.to_string_lossy(),
        "--check",
        "is_integer(atomic_weight)",
        "--check",
        "n <= 5",
        "--by",
        "n,max_degree",
    ]);
    // One check is violated: exit 1.
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let index = out.join("index.html");
    let html = std::fs::read_to_string(&index).unwrap();
    let els = elements(&html);
    let ids: Vec<&str> = els.iter().filter_map(|e| attr(e, "id")).collect();
    for id in [
        "provenance",
        "chart-outcome",
        "chart-value",
        "chart-atomic_weight",
        "counts-outcome",
        "counts-value",
        "counts-atomic_weight",
        "firsts",
    ] {
        assert!(ids.contains(&id), "no #{id} in {ids:?}");
    }
    // Partizan rules leave grundy empty: no chart of it.
    assert!(!ids.contains(&"chart-grundy"));
    let results: Vec<(&str, &str)> = els
        .iter()
        .filter(|e| attr(e, "class").is_some_and(|c| c.starts_with("check-result")))
        .map(|e| {
            (
                attr(e, "data-holds").unwrap(),
                attr(e, "data-violates").unwrap(),
            )
        })
        .collect();
    // 399 of the 419 rows have an integer weight (the analysis test checks this count
    // against pandas).
    assert_eq!(results, [("399", "20"), ("419", "0")]);
    // The smallest counterexample, DEk BBWWB (value {^2*|*, v}, weight 1/2), is drawn
    // with 5 vertices, 5 edges and its colours B, B, W, W, B.
    let d = drawing(&els, 5, 5);
    assert_eq!(
        d.iter()
            .filter(|e| attr(e, "class") == Some("edge"))
            .count(),
        5
    );
    let colours: Vec<&str> = d
        .iter()
        .filter_map(|e| attr(e, "class").and_then(|c| c.strip_prefix("vertex colour-")))
        .collect();
    assert_eq!(colours, ["B", "B", "W", "W", "B"]);
    // Its card names the row's cells (not the CSV header line and the raw row).
    assert!(html.contains(
        "<span class=\"field\"><b>value</b> {^2*|*, v}</span> <span class=\"field\"><b>atomic_weight</b> 1/2</span>"
    ));
    assert!(!html.contains("<figcaption>graph6,"));
    // Findings first: the checks' verdicts come before every chart and drawing, and the
    // provenance last, folded.
    let pos = |needle: &str| html.find(needle).unwrap_or_else(|| panic!("no {needle}"));
    assert!(pos("id=\"findings\"") < pos("id=\"chart-outcome\""));
    assert!(pos("class=\"check-result") < pos("id=\"chart-outcome\""));
    assert!(pos("id=\"chart-atomic_weight\"") < pos("id=\"firsts\""));
    assert!(pos("id=\"firsts\"") < pos("<details id=\"provenance\""));
    // A table of contents linking every section.
    for id in ["findings", "chart-value", "firsts", "provenance"] {
        assert!(
            html.contains(&format!("<li><a href=\"#{id}\">")),
            "{id} not in the contents"
        );
    }
    // Per-n highlights: the 46 values first seen at n = 5, and the weights' range there.
    assert!(
        html.contains("<td>5</td><td>354</td><td class=\"text\">46: "),
        "{html}"
    );
    assert!(html.contains("atomic_weight -3 .. 3"));
    // Atomic weights on a numeric axis (dots, -1/2 at its place), not as categories;
    // the value table lists every value (clobber-5 has 59: 1, 1, 2, 9 and 46 new at n = 1 to 5), not the ten most common.
    let chart = |id: &str| {
        let from = pos(&format!("id=\"svg-{id}\""));
        html[from..from + html[from..].find("</div>").unwrap()].to_string()
    };
    assert!(chart("atomic_weight").contains("<circle"));
    assert!(!chart("outcome").contains("<circle"));
    let value_rows = {
        let from = pos("id=\"counts-value\"");
        html[from..from + html[from..].find("</table>").unwrap()]
            .matches("<tr>")
            .count()
            - 1
    };
    assert_eq!(value_rows, 59);
    // Charts as wide as the page.
    assert!(chart("value").contains("<svg width=\"100%\""));

    // The browser: the page loads (no console errors: it has no script), renders to a
    // PNG, and its DOM has every chart and drawing.
    let png = dir.path().join("report.png");
    let url = format!("file://{}", index.display());
    let o = chromium(&[
        &format!("--screenshot={}", png.display()),
        "--window-size=1200,3000",
        &url,
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stderr = text(&o.stderr);
    assert!(!stderr.contains("CONSOLE"), "console messages: {stderr}");
    let image = std::fs::read(&png).unwrap();
    assert!(image.starts_with(b"\x89PNG\r\n\x1a\n") && image.len() > 20_000);
    // The first screen at 1280 x 800, kept in target/test-artefacts/ for people to look
    // at, and measured: the same page with a probe script (the report itself has none)
    // reports where the checks' verdict rows end, which must be within the viewport.
    let artefacts = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/test-artefacts");
    std::fs::create_dir_all(&artefacts).unwrap();
    let first = artefacts.join("report-first-screen-1280x800.png");
    let o = chromium(&[
        &format!("--screenshot={}", first.display()),
        "--window-size=1280,800",
        &url,
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(std::fs::read(&first).unwrap().starts_with(b"\x89PNG"));
    let probe = out.join("probe.html");
    std::fs::write(
        &probe,
        html.replace(
            "</body>",
            "<script>const r = [...document.querySelectorAll('.check-result')].map(e => \
             Math.round(e.getBoundingClientRect().bottom)); document.title = 'probe ' + \
             window.innerHeight + ' ' + r.join(' ');</script></body>",
        ),
    )
    .unwrap();
    let o = chromium(&[
        "--window-size=1280,800",
        "--dump-dom",
        &format!("file://{}", probe.display()),
    ]);
    let dom = text(&o.stdout);
    let title = &dom[dom.find("<title>probe ").expect("the probe ran") + 13..];
    let nums: Vec<i64> = title[..title.find('<').unwrap()]
        .split(' ')
        .map(|x| x.parse().unwrap())
        .collect();
    assert_eq!(nums.len(), 3, "{nums:?}");
    assert!(
        nums[1..].iter().all(|&b| b > 0 && b <= nums[0]),
        "the verdicts end at {:?}, below the first screen ({} px)",
        &nums[1..],
        nums[0]
    );
    let o = chromium(&["--dump-dom", &url]);
    let dom = text(&o.stdout);
    let svgs = html.matches("<svg").count();
    assert!(svgs >= 3 + 20, "{svgs}");
    assert_eq!(
        dom.matches("<svg").count(),
        svgs,
        "the browser's DOM has every SVG"
    );
    assert!(dom.contains("399 rows hold, 20 violate"));
}

#[test]
fn drawings_are_svg_documents_with_the_position() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.svg");
    // Clobber's xox|ox. board (CGSuite's test suite): 5 cells, 5 adjacencies.
    let o = gamecensus(&[
        "draw",
        "--graph",
        "DkS",
        "--colouring",
        "BWBWB",
        "--out",
        &file.to_string_lossy(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let svg = std::fs::read_to_string(&file).unwrap();
    let els = elements(&svg);
    assert_eq!(els[0].0, "svg");
    assert_eq!(attr(&els[0], "xmlns"), Some("http://www.w3.org/2000/svg"));
    let d = drawing(&els, 5, 5);
    let colours: Vec<&str> = d
        .iter()
        .filter_map(|e| attr(e, "class").and_then(|c| c.strip_prefix("vertex colour-")))
        .collect();
    assert_eq!(colours, ["B", "W", "B", "W", "B"]);
    // From stdin: one SVG per line.
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamecensus"))
        .args([
            "draw",
            "-",
            "--out",
            &dir.path().join("many").to_string_lossy(),
        ])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"DQc\nCs BBWW\n")
            .unwrap();
    }
    assert!(child.wait_with_output().unwrap().status.success());
    for (i, (n, m)) in [(1, (5, 4)), (2, (4, 3))] {
        let svg = std::fs::read_to_string(dir.path().join(format!("many/{i}.svg"))).unwrap();
        drawing(&elements(&svg), n, m);
    }
}

#[test]
fn explain_positions_from_the_sources() {
    // Cutthroat: the star •(2, 1) (black centre, two black leaves, one white) is
    // A = {0, ^*|0} (McCurdy & Nowakowski). Left's move at the centre ends the game (0);
    // each black leaf leaves •(1, 1) = ^* (Lemma 1); Right's only move leaves •(2, 0) = 0.
    // Its atomic weight is 1 (their Table 3: aw(•(n, m)) = m for n ≥ 1).
    let o = gamecensus(&[
        "explain",
        "--rules",
        "cutthroat",
        "--graph",
        "Cs",
        "--colouring",
        "BBBW",
    ]);
    assert_eq!(
        text(&o.stdout),
        "cutthroat on Cs BBBW: value {0, ^*|0}, outcome N
Left's options (3):
  1. removes vertex 0 -> ? (empty): 0  [winning for Left]
  2. removes vertex 1 -> Bo BBW: ^*
  3. removes vertex 2 -> Bo BBW: ^*  [same value as option 2]
Right's options (1):
  1. removes vertex 3 -> ? (empty): 0  [winning for Right]
canonical form: {0, ^*|0}
atomic weight: 1
"
    );
    // Moves name vertices as given, even when Cutthroat first drops a monochromatic
    // component. C` BBWB has edges 0-1 (both black: dropped) and 2-3 (white-black), so
    // the value is * (by hand): Left removes 3, Right removes 2.
    let o = gamecensus(&[
        "explain",
        "--rules",
        "cutthroat",
        "--graph",
        "C`",
        "--colouring",
        "BBWB",
    ]);
    let out = text(&o.stdout);
    assert!(
        out.starts_with("cutthroat on C` BBWB: value *, outcome N\n"),
        "{out}"
    );
    assert!(
        out.contains("  1. removes vertex 3 -> ? (empty): 0  [winning for Left]\n"),
        "{out}"
    );
    assert!(
        out.contains("  1. removes vertex 2 -> ? (empty): 0  [winning for Right]\n"),
        "{out}"
    );
    // A reversible option, by hand. CV WWBB has edges 0-2, 0-3, 1-3, 2-3 (0, 1 white;
    // 2, 3 black). Left's options: removing 2 leaves a black centre with two white
    // leaves, {0|*} = ^; removing 3 leaves one white-black edge, *. Right's: removing 0
    // leaves W-B-B with the black centre, {0, *|0} = ^*; removing 1 leaves the triangle
    // WBB, {*|0} = v. ^* is dominated by v, and ^ = {0|*} reverses through * (G ≥ *), so
    // it is replaced by *'s left option 0: {*, 0|v}. Atomic weight 0, by hand (RULES.md's
    // calculus): {aw(*) − 2, aw(0) − 2 | aw(v) + 2} = {−2|1} = 0, an integer, and G is
    // confused with a remote star (Left wins first by moving the star to *, Right by
    // moving G to v), so the weight is that 0.
    let o = gamecensus(&[
        "explain",
        "--rules",
        "cutthroat",
        "--graph",
        "CV",
        "--colouring",
        "WWBB",
    ]);
    assert_eq!(
        text(&o.stdout),
        "cutthroat on CV WWBB: value {*, 0|v}, outcome N
Left's options (2):
  1. removes vertex 2 -> BW WWB: ^  [winning for Left; reversible through * (replaced by its left options)]
  2. removes vertex 3 -> A_ WB: *
Right's options (2):
  1. removes vertex 0 -> BW WBB: ^*  [dominated by option 2]
  2. removes vertex 1 -> Bw WBB: v  [winning for Right]
canonical form: {*, 0|v}
atomic weight: 0
"
    );
    // Clobber on xox|ox. is {^^*|*, v} (CGSuite's test suite); a stone moved onto an
    // opponent's on the long side is dominated.
    let o = gamecensus(&[
        "explain",
        "--rules",
        "clobber",
        "--graph",
        "DkS",
        "--colouring",
        "BWBWB",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["value"], "{^2*|*, v}");
    assert_eq!(v["outcome"], "N");
    let left: Vec<&str> = v["left"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["value"].as_str().unwrap())
        .collect();
    assert_eq!(left, ["^2*", "v*", "^2*", "^2*", "v*"]);
    assert_eq!(v["left"][1]["dominated_by"], 1);
    // Node Kayles on the path P5 (graph6 DQc: 2-0-4-3-1) is *3 (Dawson's chess, OEIS
    // A002187): its options are P3 (*2), P1 + P1 (0) and P2 (*), so mex{0, 1, 2} = 3.
    let o = gamecensus(&["explain", "--rules", "node-kayles", "--graph", "DQc"]);
    let out = text(&o.stdout);
    assert!(
        out.starts_with("node-kayles on DQc: value *3, outcome N\n"),
        "{out}"
    );
    assert!(
        out.ends_with("mex{0, 1, 2} = 3: the value is *3\n"),
        "{out}"
    );
    assert!(out.contains("-> A?: 0  [winning]"), "{out}");
}

#[test]
fn hot_games_get_value_temperature_and_mean_charts() {
    // Col values are numbers or number + * (ONAG ch. 8), never charted as nim-values.
    let out = std::env::temp_dir().join(format!("gamecensus-col-report-{}", std::process::id()));
    let csv = common::csvs::job_csv(
        "col-bwg-5",
        "rules = \"col\"\nconnected = true\nmax_vertices = 5\ncolours = 3\n",
    );
    let o = gamecensus(&[
        "report",
        csv.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    for id in [
        "chart-outcome",
        "chart-value",
        "chart-temperature",
        "chart-mean",
    ] {
        assert!(html.contains(&format!("id=\"{id}\"")), "{id} missing");
    }
    assert!(!html.contains("id=\"chart-grundy\""));
    std::fs::remove_dir_all(&out).unwrap();
    std::fs::remove_dir_all(csv.parent().unwrap()).unwrap();
}

//! The Hackenbush census with parallel edges (a job's `multiplicity = 2`) against nauty's
//! own pipeline, the job key that asks for it, and the census summary's numbers (the
//! largest denominator per number of edges, the positions that are not numbers) against
//! the rows of the CSV and against Berlekamp's sign expansion of stalks.

use std::collections::{HashMap, HashSet};
use std::process::Command;

use gamecensus::rules::hackenbush::{BLUE, Hackenbush, grounded_graphs};
use gamecensus::rules::shape_rules::{Listing, ShapedRules};
use gamecensus::shapes::canonical_key;

static H: Hackenbush = Hackenbush;

/// The positions of nauty's pipeline of `n` vertices, read in `multig -T` text (`nv ne`,
/// the vertex colours, then `v1 v2 mult` per edge), whose edges weigh `m` in all, an edge
/// of multiplicity above `singles` weighing 2 and the others 1.
fn nauty_weighted(n: usize, simple_edges: usize, types: usize, singles: usize, m: usize) -> usize {
    let cmd = format!(
        "nauty-geng -cq {n} {simple_edges}:{simple_edges} | nauty-vcolg -q -T -m2 -c1,{} | nauty-multig -q -V -m{types} -T",
        n - 1
    );
    let out = Command::new("bash")
        .args(["-o", "pipefail", "-c", &cmd])
        .output()
        .expect("bash");
    assert!(
        out.status.success(),
        "{cmd} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|line| {
            let f: Vec<usize> = line
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            let (nv, ne) = (f[0], f[1]);
            let weight: usize = (0..ne)
                .map(|i| if f[2 + nv + 3 * i + 2] > singles { 2 } else { 1 })
                .sum();
            weight == m
        })
        .count()
}

/// The listing of multiplicity `k`, nothing else restricted.
fn multiplicity(k: usize) -> Listing<'static> {
    Listing {
        multiplicity: k,
        ..Listing::default()
    }
}

/// The census with parallel edges (a job's `multiplicity = 2`) by edges, against nauty's
/// pipeline: a position is a simple connected graph with the ground as one vertex colour
/// (`geng -c | vcolg -T -m2 -c1,n-1`) whose every edge has one of 9 types, one edge of
/// B, R or G or two parallel edges coloured by an unordered pair (BB, BR, BG, RR, RG,
/// GG), listed up to isomorphism by `multig -V -m9` (edge types as multiplicities
/// 1..9), weighing 1 or 2 edges. Uncoloured, the same census is nauty's own multigraphs:
/// `multig -V -m2` (multiplicity at most 2).
#[test]
fn census_with_parallel_edges_matches_nautys_pipeline() {
    assert_eq!(H.max_multiplicity(), 2);
    for m in 0..=5usize {
        let mut ours = 0;
        let mut keys = HashSet::new();
        H.enumerate_listed(m, &multiplicity(2), &mut |s| {
            assert_eq!(s.edges().len(), m);
            assert!(s.edges().iter().all(|e| e.a != e.b), "no loops");
            let mut pairs: HashMap<(u32, u32), usize> = HashMap::new();
            for e in s.edges() {
                *pairs.entry((e.a, e.b)).or_default() += 1;
            }
            assert!(pairs.values().all(|&k| k <= 2), "multiplicity at most 2");
            ours += 1;
            keys.insert(canonical_key(&s));
            true
        })
        .unwrap();
        let mut uncoloured = 0;
        for k in m.div_ceil(2)..=m {
            for g in grounded_graphs(k, k + 1) {
                gamecensus::rules::hackenbush::multi_coloured_graphs(&g, &[BLUE], m - k, &mut |_| {
                    uncoloured += 1;
                    true
                });
            }
        }
        let (mut nauty, mut nauty_uncoloured) = (0, 0);
        if m == 0 {
            (nauty, nauty_uncoloured) = (1, 1); // the ground alone
        }
        for n in 2..=m + 1 {
            for k in m.div_ceil(2)..=m {
                if k + 1 >= n && k <= n * (n - 1) / 2 {
                    nauty += nauty_weighted(n, k, 9, 3, m);
                    nauty_uncoloured += nauty_weighted(n, k, 2, 1, m);
                }
            }
        }
        assert_eq!(ours, nauty, "{m} edges");
        assert_eq!(uncoloured, nauty_uncoloured, "{m} edges, uncoloured");
        assert_eq!(keys.len(), ours, "{m} edges: a position listed twice");
    }
    // Multiplicity 1 is the simple census, in the same order.
    let (mut simple, mut multi) = (Vec::new(), Vec::new());
    H.enumerate(4, &mut |s| {
        simple.push(s);
        true
    })
    .unwrap();
    H.enumerate_listed(4, &multiplicity(1), &mut |s| {
        multi.push(s);
        true
    })
    .unwrap();
    assert_eq!(simple, multi);
    assert!(H.enumerate_listed(3, &multiplicity(3), &mut |_| true).is_err());
}

#[test]
fn the_multiplicity_key_is_checked() {
    use gamecensus::jobs::spec::{JobKind, JobSpec};
    let job = |extra: &str, rules: &str, sizes: &str| {
        JobSpec::parse(&format!("name = \"x\"\nrules = \"{rules}\"\n{sizes}\n{extra}\n"))
    };
    let ok = job("multiplicity = 2", "hackenbush", "max_size = 3").unwrap();
    let JobKind::Census(c) = ok.kind else {
        panic!("a census")
    };
    assert_eq!(c.multiplicity, 2);
    for (extra, rules, sizes, says) in [
        ("multiplicity = 3", "hackenbush", "max_size = 3", "up to multiplicity 2"),
        ("multiplicity = 0", "hackenbush", "max_size = 3", "multiplicity = 0"),
        ("multiplicity = 2", "domineering", "max_size = 3", "up to multiplicity 1"),
        ("multiplicity = 2", "node-kayles", "max_vertices = 3", "simple graphs"),
    ] {
        let e = job(extra, rules, sizes).unwrap_err().to_string();
        assert!(e.contains(says), "{extra} {rules}: {e}");
    }
}

/// Whether a value as the CSV writes it is a number (an integer or `a/b`), read
/// independently of the kernel.
fn as_number(value: &str) -> Option<u64> {
    let v = value.strip_prefix('-').unwrap_or(value);
    let (whole, den) = match v.split_once('/') {
        Some((a, b)) => (a, b),
        None => (v, "1"),
    };
    (whole.chars().all(|c| c.is_ascii_digit()) && !whole.is_empty())
        .then(|| den.parse().ok())
        .flatten()
}

/// The census summary's numbers table and its list of rows that are not numbers agree
/// with the CSV's rows, whatever the thread count; and the largest denominator of `m`
/// edges is at least that of the stalk of one blue edge under `m - 1` red ones,
/// 2^-(m-1) by Berlekamp's sign expansion (Winning Ways ch. 1).
#[test]
fn the_summary_lists_the_largest_denominators_and_the_positions_that_are_not_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let mut texts = Vec::new();
    for threads in ["1", "2"] {
        let out = dir.path().join(format!("h{threads}.csv"));
        let o = crate::common::cli::run_job(
            "jobs/hackenbush-brg-multi-5.toml",
            out.to_str().unwrap(),
            &["--quiet", "--threads", threads],
        );
        assert!(o.status.success(), "{}", crate::common::cli::stderr(&o));
        let err = crate::common::cli::stderr(&o);
        let from = err.find("numbers among the new rows").expect("the numbers table");
        texts.push(err[from..].replace(out.to_str().unwrap(), "OUT"));
        // What the CSV says, size by size, in row order.
        let mut r = csv::Reader::from_path(&out).unwrap();
        let mut sizes: Vec<(u64, u64, u64, String)> = Vec::new(); // rows, numbers, den, first
        let mut not_numbers = Vec::new();
        for rec in r.records() {
            let rec = rec.unwrap();
            let (pos, size, value) = (&rec[0], rec[1].parse::<usize>().unwrap(), &rec[3]);
            if sizes.len() <= size {
                sizes.resize(size + 1, (0, 0, 0, String::new()));
            }
            let s = &mut sizes[size];
            s.0 += 1;
            match as_number(value) {
                Some(den) => {
                    s.1 += 1;
                    if den > s.2 {
                        (s.2, s.3) = (den, format!("{pos} {value}"));
                    }
                }
                None => not_numbers.push(format!("{pos} {value}")),
            }
        }
        let lines: Vec<&str> = texts.last().unwrap().lines().collect();
        for (m, (rows, numbers, den, first)) in sizes.iter().enumerate() {
            let want = format!(
                "{m} {rows} {numbers} {} {den} {first}",
                rows - numbers
            );
            let got = lines[2 + m].split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(got, want, "{m} edges");
            if m >= 1 {
                assert!(*den >= 1 << (m - 1), "{m} edges: the stalk B R^{} is 2^-{}", m - 1, m - 1);
            }
        }
        let listed: Vec<String> = lines[2 + sizes.len() + 1..]
            .iter()
            .map(|l| l.trim().to_string())
            .collect();
        assert_eq!(listed, not_numbers[..10].to_vec());
    }
    assert_eq!(texts[0], texts[1], "the same summary on 1 and 2 threads");
}

/// The census's restrictions, `max_vertices` (a census by vertices) and `edge_colours`
/// (Blue-Red Hackenbush is `BR`), against nauty's pipeline: by vertices with three edge
/// colours, `geng -c n | vcolg -T -m2 -c1,n-1 | multig -V -m3` (issue #31: 3, 33, 751,
/// 47181 for 2..5 vertices), and with two, the same with `multig -m2`, by edges.
#[test]
fn censuses_by_vertices_and_of_blue_red_positions_match_nautys_pipeline() {
    let count = |size: usize, v: Option<usize>, colours: Option<&str>| {
        let mut n = 0usize;
        let mut keys = HashSet::new();
        let listing = Listing {
            multiplicity: 1,
            max_vertices: v,
            edge_colours: colours,
        };
        H.enumerate_listed(size, &listing, &mut |s| {
            assert!(v.is_none_or(|v| s.n() <= v), "{} vertices", s.n());
            n += 1;
            keys.insert(canonical_key(&s));
            true
        })
        .unwrap();
        assert_eq!(keys.len(), n, "a position listed twice");
        n
    };
    // At most v vertices, every number of edges: the positions with exactly v vertices
    // are those of v minus those of v - 1.
    let mut previous = 1; // the ground alone
    for (v, published) in [(2usize, 3usize), (3, 33), (4, 751), (5, 47181)] {
        let total: usize = (0..=v * (v - 1) / 2).map(|m| count(m, Some(v), None)).sum();
        assert_eq!(total - previous, published, "{v} vertices");
        previous = total;
    }
    for m in 1..=5usize {
        let ours = count(m, None, Some("BR"));
        let nauty: usize = (2..=m + 1)
            .filter(|n| n * (n - 1) / 2 >= m)
            .map(|n| nauty_weighted(n, m, 2, 2, m))
            .sum();
        assert_eq!(ours, nauty, "B/R, {m} edges");
        // Green only: the impartial positions, one colour.
        let green = count(m, None, Some("G"));
        let nauty: usize = (2..=m + 1)
            .filter(|n| n * (n - 1) / 2 >= m)
            .map(|n| nauty_weighted(n, m, 1, 1, m))
            .sum();
        assert_eq!(green, nauty, "G, {m} edges");
    }
}

#[test]
fn the_restriction_keys_are_checked_and_run() {
    use gamecensus::jobs::spec::{JobKind, JobSpec};
    let job = |extra: &str, rules: &str, sizes: &str| {
        JobSpec::parse(&format!("name = \"x\"\nrules = \"{rules}\"\n{sizes}\n{extra}\n"))
    };
    let ok = job("max_vertices = 4\nedge_colours = \"RB\"", "hackenbush", "max_size = 6").unwrap();
    let JobKind::Census(c) = ok.kind else {
        panic!("a census")
    };
    assert_eq!((c.shape_vertices, c.edge_colours.as_deref()), (Some(4), Some("RB")));
    for (extra, rules, sizes, says) in [
        ("edge_colours = \"BW\"", "hackenbush", "max_size = 3", "letters B, R and G"),
        ("edge_colours = \"BB\"", "hackenbush", "max_size = 3", "B twice"),
        ("edge_colours = \"\"", "hackenbush", "max_size = 3", "at least one"),
        ("max_vertices = 0", "hackenbush", "max_size = 3", "max_vertices = 0"),
        ("max_vertices = 4", "domineering", "max_size = 3", "max_vertices"),
        ("edge_colours = \"BR\"", "poset", "max_size = 3", "edge_colours"),
        ("edge_colours = \"BR\"", "node-kayles", "max_vertices = 3", "colours"),
    ] {
        let e = job(extra, rules, sizes).unwrap_err().to_string();
        assert!(e.contains(says), "{extra} {rules}: {e}");
    }
    // Run: every position with at most 4 vertices, 1 + 3 + 33 + 751 (the test above).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v4.toml");
    std::fs::write(
        &path,
        "name = \"v4\"\nrules = \"hackenbush\"\nmin_size = 0\nmax_size = 6\nmax_vertices = 4\n",
    )
    .unwrap();
    let out = dir.path().join("v4.csv");
    let run = crate::common::cli::run_job(path.to_str().unwrap(), out.to_str().unwrap(), &["--quiet"]);
    assert!(run.status.success(), "{}", crate::common::cli::stderr(&run));
    let rows = std::fs::read_to_string(&out).unwrap().lines().count() - 1;
    assert_eq!(rows, 788);
}

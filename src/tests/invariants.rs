//! The graph invariants `analyze` derives from graph6 (independence, chromatic and
//! domination numbers, degree sequence, leaves, radius, planarity, regularity, edges by
//! colour class) against independent computations, on every graph with 1 to 7 vertices
//! as nauty-geng lists them (1,252 graphs): networkx (independence number as the largest
//! clique of the complement, radius, `check_planarity`, `is_regular`, degrees) and, where
//! networkx has no exact function, plain Python by exhaustion (chromatic number by
//! partitions into independent sets, domination number by trying every vertex set of
//! each size with networkx's `is_dominating_set`). Planarity also on the 12,346 graphs
//! with 8 vertices, whose planar count 6,966 is OEIS A005470.

use crate::common;

use common::csvs::{gamecensus, python, text};

/// A CSV with a graph6 column: every graph with `sizes` vertices from nauty-geng.
fn geng_csv(dir: &std::path::Path, sizes: &[u32]) -> String {
    let mut csv = String::from("graph6\n");
    for n in sizes {
        let o = std::process::Command::new("nauty-geng")
            .args(["-q", &n.to_string()])
            .output()
            .expect("nauty-geng (Debian's nauty package; scripts/setup.sh installs it)");
        assert!(o.status.success());
        csv.push_str(&text(&o.stdout));
    }
    let path = dir.join(format!("geng-{}.csv", sizes.len()));
    std::fs::write(&path, csv).unwrap();
    path.to_string_lossy().into_owned()
}

fn select(csv: &str, cols: &str) -> String {
    let o = gamecensus(&["analyze", csv, "--select", cols], None);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let path = std::path::Path::new(csv).with_extension("ours.csv");
    std::fs::write(&path, &o.stdout).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn invariants_equal_networkx_on_every_graph_up_to_7_vertices() {
    let dir = tempfile::tempdir().unwrap();
    let csv = geng_csv(dir.path(), &[1, 2, 3, 4, 5, 6, 7]);
    let ours = select(
        &csv,
        "graph6,independence_number,chromatic_number,domination_number,degree_sequence,\
         leaves,radius,is_planar,is_regular",
    );
    let out = python(&format!(
        r#"
import csv, itertools, networkx as nx
def chromatic(g):
    n = g.number_of_nodes()
    adj = [sum(1 << w for w in g[v]) for v in range(n)]
    ind = [all(not (s >> v & 1 and adj[v] & s) for v in range(n)) for s in range(1 << n)]
    best = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        rest = mask ^ low
        b = n + 1
        sub = rest
        while True:
            s = sub | low
            if ind[s]:
                b = min(b, best[mask ^ s] + 1)
            if sub == 0:
                break
            sub = (sub - 1) & rest
        best[mask] = b
    return best[(1 << n) - 1]
def domination(g):
    for k in range(1, g.number_of_nodes() + 1):
        if any(nx.is_dominating_set(g, s) for s in itertools.combinations(g, k)):
            return k
bad = 0
rows = list(csv.DictReader(open({ours:?})))
for r in rows:
    g = nx.from_graph6_bytes(r["graph6"].encode())
    deg = sorted((d for _, d in g.degree()), reverse=True)
    want = {{
        "independence_number": max(len(c) for c in nx.find_cliques(nx.complement(g))),
        "chromatic_number": chromatic(g),
        "domination_number": domination(g),
        "degree_sequence": " ".join(map(str, deg)),
        "leaves": deg.count(1),
        "radius": nx.radius(g) if nx.is_connected(g) else None,
        "is_planar": nx.check_planarity(g)[0],
        "is_regular": nx.is_regular(g),
    }}
    for k, v in want.items():
        if isinstance(v, bool): v = "true" if v else "false"
        elif v is None: v = ""
        if r[k] != str(v):
            bad += 1
            print(r["graph6"], k, r[k], v)
print(len(rows), bad)
"#
    ));
    assert_eq!(out.lines().last().unwrap(), "1252 0", "{out}");
}

#[test]
fn planarity_equals_networkx_on_every_graph_with_8_vertices() {
    let dir = tempfile::tempdir().unwrap();
    let csv = geng_csv(dir.path(), &[8]);
    let ours = select(&csv, "graph6,is_planar");
    let out = python(&format!(
        r#"
import csv, networkx as nx
rows = list(csv.DictReader(open({ours:?})))
bad = [r["graph6"] for r in rows
       if (r["is_planar"] == "true") != nx.check_planarity(nx.from_graph6_bytes(r["graph6"].encode()))[0]]
print(len(rows), sum(r["is_planar"] == "true" for r in rows), len(bad), *bad[:5])
"#
    ));
    // OEIS A005470: 6966 planar graphs with 8 vertices.
    assert_eq!(out.trim(), "12346 6966 0", "{out}");
}

#[test]
fn edges_by_colour_class_equal_networkx() {
    // Every B/W/G colouring of every graph with 1 to 5 vertices, up to isomorphism.
    let o = gamecensus(
        &[
            "enumerate",
            "-n",
            "5",
            "--min-vertices",
            "1",
            "--colours",
            "3",
        ],
        None,
    );
    assert!(o.status.success());
    let mut csv = String::from("graph6,colouring\n");
    for l in text(&o.stdout).lines() {
        csv.push_str(&l.replace(' ', ","));
        csv.push('\n');
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("coloured.csv");
    std::fs::write(&path, csv).unwrap();
    let ours = select(
        path.to_str().unwrap(),
        "graph6,colouring,edges_bb,edges_ww,edges_gg,edges_bw,edges_bg,edges_wg",
    );
    let out = python(&format!(
        r#"
import csv, networkx as nx
bad = 0
rows = list(csv.DictReader(open({ours:?})))
for r in rows:
    g = nx.from_graph6_bytes(r["graph6"].encode())
    c = r["colouring"]
    for k in ["bb", "ww", "gg", "bw", "bg", "wg"]:
        want = sum(1 for u, v in g.edges() if sorted(c[u] + c[v]) == sorted(k.upper()))
        if r["edges_" + k] != str(want):
            bad += 1
            print(r["graph6"], c, k, r["edges_" + k], want)
print(len(rows), bad)
"#
    ));
    assert_eq!(out.lines().last().unwrap(), "3686 0", "{out}");
}

#[test]
fn domination_numbers_of_64_vertex_families_equal_published_formulas() {
    // The exact search stays far within its step limit on the largest family graphs:
    // P64: ceil(64/3) = 22; the 2 x 32 grid: floor((32 + 2) / 2) = 17 and the 4 x 16
    // grid: 16 (Jacobson & Kinch 1984, gamma(P2 x Pn) and gamma(P4 x Pn) = n for n other
    // than 5, 6, 9); the 8 x 8 grid: 16 (Alanko, Crevals, Isopoussu, Ostergard and
    // Pettersson, "Computing the domination number of grid graphs", EJC 18 (2011)).
    let path = gamecensus(&["enumerate", "--family", "path", "-n", "64"], None);
    let grid = gamecensus(&["enumerate", "--family", "grid", "-n", "64"], None);
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("big.csv");
    std::fs::write(
        &csv,
        format!("graph6\n{}{}", text(&path.stdout), text(&grid.stdout)),
    )
    .unwrap();
    let o = gamecensus(
        &[
            "analyze",
            csv.to_str().unwrap(),
            "--select",
            "n,m,domination_number",
            "--sort",
            "m",
        ],
        None,
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "n,m,domination_number\n64,63,22\n64,94,17\n64,108,16\n64,112,16\n"
    );
}

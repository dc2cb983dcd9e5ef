//! The census's fast path for vertex-removal rules (`solving::batch`: a graph's
//! colourings valued together, components looked up by class and least colouring code)
//! against the general path (every position on its own: nauty per component, the
//! canonical table), which the other test files check against published values.
//! Both must give the same value to every position: every connected graph up to 7
//! vertices in every B/W colouring and up to 6 in every B/W/G one, for each rule that
//! says its moves remove vertices, with and without the largest graphs kept by class.

use gamecensus::graphs::{Colouring, Graph, Position, PositionSource, PositionSpec, Shard};
use gamecensus::rules::Ruleset;
use gamecensus::solving::Evaluator;

fn spec(max: usize, colours: usize) -> PositionSpec {
    PositionSpec {
        family: gamecensus::graphs::families::Family::All,
        min_vertices: 1,
        max_vertices: max,
        connected: true,
        colours,
    }
}

/// Every graph of the spec with its colouring codes.
fn graphs(spec: PositionSpec) -> Vec<(Graph, Vec<u64>)> {
    let source = PositionSource::new(spec).unwrap();
    let mut out = Vec::new();
    for unit in source.units(Shard::WHOLE) {
        assert!(source.expand_coloured(unit, &mut |g, codes| out.push((*g, codes.to_vec()))));
    }
    out
}

fn compare(rules: &str, max: usize, colours: usize, store_below: Option<usize>) {
    compare_capped(rules, max, colours, store_below, None);
}

fn compare_capped(
    rules: &str,
    max: usize,
    colours: usize,
    store_below: Option<usize>,
    class_cap: Option<u64>,
) {
    let ruleset = Ruleset::from_name(rules).unwrap();
    let general = Evaluator::new(ruleset);
    let mut batch = Evaluator::new(ruleset);
    if let Some(n) = store_below {
        batch = batch.store_below(n);
    }
    if let Some(bytes) = class_cap {
        batch.set_class_cap(bytes);
    }
    let mut positions = 0;
    for (g, codes) in graphs(spec(max, colours)) {
        batch
            .evaluate_colourings(&g, colours, &codes, &mut |pos, e| {
                let want = general.evaluate(pos).unwrap();
                let got = e.unwrap();
                assert_eq!(
                    general.schema().fields(pos, &got),
                    general.schema().fields(pos, &want),
                    "{rules}: {} coloured {}",
                    gamecensus::graphs::to_graph6(&pos.graph),
                    pos.colouring.unwrap()
                );
                positions += 1;
                Ok(())
            })
            .unwrap();
    }
    assert!(positions > 1000, "{rules}: only {positions} positions");
    let stats = batch.table_stats();
    match class_cap {
        None => assert!(stats.by_class.1 > 0, "{rules}: the fast path was not taken: {stats}"),
        Some(bytes) => assert!(
            batch.class_bytes() <= bytes,
            "{rules}: {} bytes of classes past the cap of {bytes}",
            batch.class_bytes()
        ),
    }
}

/// Under a byte cap on the classes' value slots (the run's memory budget sets it), the
/// classes past it take the general path: the same values.
#[test]
fn the_fast_path_under_a_cap_on_its_slots_agrees_too() {
    compare_capped("cutthroat", 7, 2, Some(7), Some(0));
    compare_capped("cutthroat", 7, 2, None, Some(20_000));
}

#[test]
fn cutthroat_bw_fast_path_agrees_with_the_general_path() {
    compare("cutthroat", 7, 2, None);
    compare("cutthroat", 7, 2, Some(7));
}

#[test]
fn cutthroat_bwg_fast_path_agrees_with_the_general_path() {
    compare("cutthroat", 6, 3, Some(6));
}

#[test]
fn partizan_node_kayles_fast_path_agrees_with_the_general_path() {
    compare("partizan-node-kayles", 7, 2, Some(7));
    compare("partizan-node-kayles", 6, 3, None);
}

/// Three colours on 9 vertices: removing a leaf or an end leaves 8-vertex components,
/// whose 3^8 = 6,561 colourings are the most a class keeps slots for (`MAX_SLOTS`).
/// Colourings of a path, a spider and a cycle with a chord, a few hundred each (codes
/// spread over all 3^9), against the general path.
#[test]
fn three_colours_with_eight_vertex_components_agree_with_the_general_path() {
    let ruleset = Ruleset::from_name("cutthroat").unwrap();
    let general = Evaluator::new(ruleset);
    let batch = Evaluator::new(ruleset);
    let path: Vec<(usize, usize)> = (0..8).map(|i| (i, i + 1)).collect();
    let spider = [(0, 1), (1, 2), (2, 3), (0, 4), (4, 5), (5, 6), (0, 7), (7, 8)];
    let mut chorded: Vec<(usize, usize)> = (0..9).map(|i| (i, (i + 1) % 9)).collect();
    chorded.push((0, 4));
    let mut checked = 0;
    for edges in [&path[..], &spider[..], &chorded[..]] {
        let g = Graph::from_edges(9, edges);
        let codes: Vec<u64> = (0..19_683).step_by(61).collect();
        batch
            .evaluate_colourings(&g, 3, &codes, &mut |pos, e| {
                let want = general.evaluate(pos).unwrap();
                assert_eq!(
                    general.schema().fields(pos, &e.unwrap()),
                    general.schema().fields(pos, &want),
                    "{} coloured {}",
                    gamecensus::graphs::to_graph6(&pos.graph),
                    pos.colouring.unwrap()
                );
                checked += 1;
                Ok(())
            })
            .unwrap();
    }
    assert_eq!(checked, 3 * 323);
    let stats = batch.table_stats();
    assert!(stats.by_class.1 > 0, "the fast path was not taken: {stats}");
}

/// The position given to the callback is the colouring asked for, in order.
#[test]
fn the_fast_path_hands_back_each_colouring_in_order() {
    let e = Evaluator::new(Ruleset::from_name("cutthroat").unwrap());
    let g = gamecensus::graphs::parse_graph6("Cs").unwrap();
    let codes = [1u64, 5, 6, 9];
    let mut seen = Vec::new();
    e.evaluate_colourings(&g, 2, &codes, &mut |pos: &Position, _| {
        seen.push(pos.colouring.unwrap());
        Ok(())
    })
    .unwrap();
    let want: Vec<Colouring> = codes.iter().map(|&c| Colouring::from_code(4, 2, c)).collect();
    assert_eq!(seen, want);
}

/// `eval` on a stream of `GRAPH6 COLOURING` lines values each graph's run of colourings
/// together: its rows must be those of the general path, line by line, also where a
/// run is broken by another graph, a blank line or a repeated line.
#[test]
fn eval_of_a_stream_agrees_with_the_general_path() {
    let ruleset = Ruleset::from_name("cutthroat").unwrap();
    let general = Evaluator::new(ruleset);
    let mut lines = Vec::new();
    for (g, codes) in graphs(spec(6, 3)) {
        for &code in &codes {
            let c = Colouring::from_code(g.n(), 3, code);
            lines.push(format!("{} {c}", gamecensus::graphs::to_graph6(&g)));
        }
    }
    // A repeated line, a blank line and another graph inside a run.
    lines.insert(3000, lines[2999].clone());
    lines.insert(5000, String::new());
    lines.insert(7001, "A_ BW".to_string());
    let input = lines.join("\n");
    let out = crate::common::cli::run(&["eval", "--rules", "cutthroat", "-"], Some(&input));
    assert!(out.status.success(), "{}", crate::common::cli::stderr(&out));
    let rows: Vec<String> = crate::common::cli::stdout(&out).lines().skip(1).map(String::from).collect();
    let want: Vec<String> = lines
        .iter()
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (g6, c) = l.split_once(' ').unwrap();
            let gamecensus::jobs::graph_lines::AnyPosition::Small(pos) =
                gamecensus::jobs::graph_lines::parse_position(g6, Some(c), &general).unwrap()
            else {
                panic!("a small graph")
            };
            let mut w = csv::Writer::from_writer(Vec::new());
            w.write_record(general.schema().fields(&pos, &general.evaluate(&pos).unwrap()))
                .unwrap();
            String::from_utf8(w.into_inner().unwrap()).unwrap().trim_end().to_string()
        })
        .collect();
    assert_eq!(rows.len(), want.len());
    for (i, (a, b)) in rows.iter().zip(&want).enumerate() {
        assert_eq!(a, b, "row {i}");
    }
}

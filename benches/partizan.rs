//! The partizan solver: Cutthroat and Clobber on every connected B/W graph with 6
//! vertices, each iteration with a fresh transposition table (the game-value store is
//! shared and stays warm, as in a census).

use criterion::{Criterion, criterion_group, criterion_main};
use gamecensus::graphs::families::Family;
use gamecensus::graphs::{Position, PositionSource, PositionSpec, Shard};
use gamecensus::rules::{RULESETS, Ruleset};
use gamecensus::solving::PartizanSolver;
use std::hint::black_box;

fn positions(n: usize) -> Vec<Position> {
    let src = PositionSource::new(PositionSpec {
        family: Family::All,
        min_vertices: n,
        max_vertices: n,
        connected: true,
        colours: 2,
    })
    .unwrap();
    let mut out = Vec::new();
    for u in src.units(Shard::WHOLE) {
        src.expand(u, &mut |p| out.push(*p));
    }
    out
}

fn bench(c: &mut Criterion) {
    let ps = positions(6);
    for r in RULESETS.iter().filter_map(|r| match r {
        Ruleset::Partizan(p) => Some(*p),
        _ => None,
    }) {
        c.bench_function(
            &format!(
                "{}/connected B/W n=6 ({} positions), fresh table",
                r.name(),
                ps.len()
            ),
            |b| {
                b.iter(|| {
                    let s = PartizanSolver::new(r);
                    for p in &ps {
                        black_box(s.value(&p.graph, p.colouring.as_ref().unwrap()).unwrap());
                    }
                })
            },
        );
    }
}

/// The transposition table's hot path: lookups that hit, by canonical key (compacted to
/// one u128) and by labelled key, on the canonical keys of the positions above.
fn table(c: &mut Criterion) {
    use gamecensus::graphs::canon::canonical_key;
    use gamecensus::solving::table::Table;
    let ps = positions(6);
    let keys: Vec<_> = ps
        .iter()
        .map(|p| canonical_key(&p.graph, p.colouring.as_ref()))
        .collect();
    let t = Table::new();
    for (i, k) in keys.iter().enumerate() {
        t.insert(k.clone(), i as u32);
        t.insert_labelled(6, i as u128, i as u32);
    }
    c.bench_function(
        &format!("table/get by canonical key ({} hits)", keys.len()),
        |b| b.iter(|| keys.iter().filter_map(|k| t.get(black_box(k))).count()),
    );
    c.bench_function(
        &format!("table/get by labelled key ({} hits)", keys.len()),
        |b| {
            b.iter(|| {
                (0..keys.len() as u128)
                    .filter_map(|k| t.get_labelled(6, black_box(k)))
                    .count()
            })
        },
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench, table
}
criterion_main!(benches);

//! The impartial solver: Node Kayles and Impartial Cutthroat on every graph of a size,
//! each iteration with a fresh (empty) transposition table, single-threaded.

use criterion::{Criterion, criterion_group, criterion_main};
use gamecensus::graphs::Graph;
use gamecensus::graphs::enumerate::{Class, Enumerator};
use gamecensus::graphs::families::grid;
use gamecensus::rules::{ImpartialRules, Ruleset};
use gamecensus::solving::ImpartialSolver;
use std::hint::black_box;

fn graphs(n: usize) -> Vec<Graph> {
    let e = Enumerator::new(n, Class::All { connected: false }).unwrap();
    let mut out = Vec::new();
    for u in 0..e.units() {
        e.expand(u, false, &mut |g, _| out.push(*g));
    }
    out
}

fn rules(name: &str) -> &'static dyn ImpartialRules {
    match Ruleset::from_name(name).unwrap() {
        Ruleset::Impartial(r) => r,
        _ => unreachable!("{name} is impartial"),
    }
}

fn bench(c: &mut Criterion) {
    let g8 = graphs(8);
    for name in ["node-kayles", "impartial-cutthroat"] {
        let r = rules(name);
        c.bench_function(
            &format!("{name}/all graphs n=8 (12346), fresh table"),
            |b| {
                b.iter(|| {
                    let s = ImpartialSolver::new(r);
                    for g in &g8 {
                        black_box(s.grundy(g));
                    }
                })
            },
        );
    }
    let r = rules("node-kayles");
    c.bench_function("node-kayles/3x7 grid, fresh table", |b| {
        b.iter(|| black_box(ImpartialSolver::new(r).grundy(&grid(3, 7))))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);

//! Octal nim-sequences: the rare-value method against the reference method on Officers
//! (0.6, unsolved) and 0.16, and 0.16 computed far enough for its periodicity proof.

use criterion::{Criterion, criterion_group, criterion_main};
use gamecensus::octal::OctalCode;
use gamecensus::octal::nim::{reference, sparse};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    for code in ["0.6", "0.16"] {
        let oc = OctalCode::parse(code).unwrap();
        c.bench_function(&format!("{code} to 20000, fast"), |b| {
            b.iter(|| black_box(sparse(&oc, 20000, None, &|_| {})))
        });
        c.bench_function(&format!("{code} to 20000, reference"), |b| {
            b.iter(|| black_box(reference(&oc, 20000, &|_| {})))
        });
    }
    let oc = OctalCode::parse("0.16").unwrap();
    c.bench_function("0.16 to 509621 (enough for the proof), fast", |b| {
        b.iter(|| black_box(sparse(&oc, 509_621, None, &|_| {})))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);

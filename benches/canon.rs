//! Canonical labelling: nauty through our reused buffers, on small graphs of the sizes a
//! census meets, plain and coloured; and one level of canonical augmentation.

use criterion::{Criterion, criterion_group, criterion_main};
use gamecensus::graphs::enumerate::{Class, Enumerator};
use gamecensus::graphs::{Colouring, Graph, canonical_key};
use std::hint::black_box;

/// Deterministic pseudo-random graphs (xorshift), edge probability 1/2.
fn random_graphs(n: usize, count: usize) -> Vec<Graph> {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    (0..count)
        .map(|_| {
            let mut g = Graph::empty(n);
            for j in 1..n {
                for i in 0..j {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    if x & 1 == 1 {
                        g.add_edge(i, j);
                    }
                }
            }
            g
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    for n in [6, 8, 10, 16] {
        let graphs = random_graphs(n, 256);
        c.bench_function(&format!("canonical_key/n={n} (256 graphs)"), |b| {
            b.iter(|| {
                for g in &graphs {
                    black_box(canonical_key(g, None));
                }
            })
        });
    }
    let graphs = random_graphs(8, 256);
    let colourings: Vec<Colouring> = (0..256)
        .map(|i| Colouring::from_code(8, 3, i * 25))
        .collect();
    c.bench_function("canonical_key/n=8 B/W/G (256 graphs)", |b| {
        b.iter(|| {
            for (g, col) in graphs.iter().zip(&colourings) {
                black_box(canonical_key(g, Some(col)));
            }
        })
    });
    c.bench_function("enumerate/all graphs n=8", |b| {
        b.iter(|| {
            let e = Enumerator::new(8, Class::All { connected: false }).unwrap();
            let mut count = 0;
            for u in 0..e.units() {
                e.expand(u, false, &mut |_, _| count += 1);
            }
            assert_eq!(count, 12346);
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);

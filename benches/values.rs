//! The game-value kernel: canonicalisation, sums and comparisons of all-small games —
//! sums of Cutthroat stars •(n, m) and random deep all-small games, new ones each
//! iteration (the store is shared and memoised, as in a long census). Also prints the
//! memory per stored value, measured from the process's resident size.

use criterion::{Criterion, criterion_group, criterion_main};
use gamecensus::values::game::{GameId, stored_values};
use std::hint::black_box;

/// •(n, m) by the recursion of McCurdy & Nowakowski.
fn star(n: usize, m: usize) -> GameId {
    let z = GameId::zero();
    match (n, m) {
        (_, 0) => z,
        (0, 1) => GameId::nimber(1),
        (0, _) => GameId::from_options(&[z], &[star(0, m - 1)]).unwrap(),
        _ => GameId::from_options(&[z, star(n - 1, m)], &[star(n, m - 1)]).unwrap(),
    }
}

/// A random all-small game of the given depth from an xorshift state.
fn random_all_small(x: &mut u64, depth: u32) -> GameId {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    if depth == 0 {
        return [
            GameId::zero(),
            GameId::nimber(1),
            GameId::ups(1),
            GameId::ups(-1),
            GameId::nimber(2),
        ][(*x % 5) as usize];
    }
    let nl = 1 + (*x % 2) as usize;
    let nr = 1 + (*x / 2 % 2) as usize;
    let l: Vec<GameId> = (0..nl).map(|_| random_all_small(x, depth - 1)).collect();
    let r: Vec<GameId> = (0..nr).map(|_| random_all_small(x, depth - 1)).collect();
    GameId::from_options(&l, &r).unwrap()
}

fn rss_bytes() -> usize {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| {
            s.split_whitespace()
                .nth(1)
                .and_then(|p| p.parse::<usize>().ok())
        })
        .map_or(0, |pages| pages * 4096)
}

fn bench(c: &mut Criterion) {
    // Memory per value: build many new values and compare resident size.
    let (rss0, v0) = (rss_bytes(), stored_values());
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..3000 {
        black_box(random_all_small(&mut x, 4));
    }
    let (rss1, v1) = (rss_bytes(), stored_values());
    eprintln!(
        "memory: {} values stored, {} bytes of resident memory per value (all memo tables included)",
        v1 - v0,
        (rss1 - rss0) / (v1 - v0).max(1)
    );

    let stars: Vec<GameId> = (0..=6)
        .flat_map(|n| (0..=6).map(move |m| (n, m)))
        .map(|(n, m)| star(n, m))
        .collect();
    c.bench_function("sum of the 49 stars •(n,m), n,m <= 6 (memoised)", |b| {
        b.iter(|| black_box(stars.iter().fold(GameId::zero(), |acc, &s| acc + s)))
    });
    let mut seed = 1u64;
    c.bench_function(
        "canonical form of a new random all-small game of depth 4",
        |b| {
            b.iter(|| {
                seed += 0x9E37_79B9;
                let mut x = seed;
                black_box(random_all_small(&mut x, 4))
            })
        },
    );
    c.bench_function("sum of two new random all-small games of depth 3", |b| {
        b.iter(|| {
            seed += 0x9E37_79B9;
            let mut x = seed;
            let g = random_all_small(&mut x, 3);
            let h = random_all_small(&mut x, 3);
            black_box(g + h)
        })
    });
    c.bench_function(
        "comparison of two new random all-small games of depth 3",
        |b| {
            b.iter(|| {
                seed += 0x9E37_79B9;
                let mut x = seed;
                let g = random_all_small(&mut x, 3);
                let h = random_all_small(&mut x, 3);
                black_box(g.leq(h))
            })
        },
    );
    c.bench_function(
        "atomic weight of a new random all-small game of depth 4",
        |b| {
            b.iter(|| {
                seed += 0x9E37_79B9;
                let mut x = seed;
                black_box(random_all_small(&mut x, 4).atomic_weight())
            })
        },
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);

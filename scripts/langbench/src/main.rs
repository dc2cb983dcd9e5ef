//! langbench: compare embedded languages for gamecensus "rules files".
//! Build with exactly one of: (no feature = native only), `rhai`, `lua54`, `luau`.
//!   cargo build --release --features rhai
//!   ./target/release/langbench            # benchmarks + demos
use std::hint::black_box;
use std::time::{Duration, Instant};

#[cfg(any(feature = "lua54", feature = "luau"))]
mod lua_engine;
#[cfg(feature = "rhai")]
mod rhai_engine;

#[cfg(all(feature = "lua54", feature = "luau"))]
compile_error!("choose one of lua54 / luau");

/// One test position: a graph on n vertices as adjacency bitmasks, plus colours.
pub struct Graph {
    pub n: u32,
    pub adj: Vec<u64>,
    pub colours: Vec<u64>,
    pub player: u64,
}

/// The three rules used in the benchmark; each fills `out` with the option masks.
pub trait Rules {
    fn kayles(&mut self, g: &Graph, out: &mut Vec<u64>);
    fn cut(&mut self, g: &Graph, out: &mut Vec<u64>);
    fn cut_iso(&mut self, g: &Graph, out: &mut Vec<u64>);
}

pub struct Native;

impl Rules for Native {
    fn kayles(&mut self, g: &Graph, out: &mut Vec<u64>) {
        out.clear();
        let full = (1u64 << g.n) - 1;
        for v in 0..g.n as usize {
            out.push(full & !(1u64 << v) & !g.adj[v]);
        }
    }
    fn cut(&mut self, g: &Graph, out: &mut Vec<u64>) {
        out.clear();
        let full = (1u64 << g.n) - 1;
        for v in 0..g.n as usize {
            if g.colours[v] == g.player {
                out.push(full ^ (1u64 << v));
            }
        }
    }
    fn cut_iso(&mut self, g: &Graph, out: &mut Vec<u64>) {
        out.clear();
        let full = (1u64 << g.n) - 1;
        for v in 0..g.n as usize {
            if g.colours[v] == g.player {
                let mut rem = full ^ (1u64 << v);
                for u in 0..g.n as usize {
                    if (rem >> u) & 1 == 1 && g.adj[u] & rem == 0 {
                        rem ^= 1u64 << u;
                    }
                }
                out.push(rem);
            }
        }
    }
}

/// xorshift64*: deterministic test data without a rand dependency.
pub struct Rng(u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545F4914F6CDD1D)
    }
}

pub fn graphs(count: usize, seed: u64) -> Vec<Graph> {
    let mut r = Rng(seed);
    (0..count)
        .map(|i| {
            let n = 8 + (r.next() % 9) as u32; // 8..=16
            let mut adj = vec![0u64; n as usize];
            for a in 0..n as usize {
                for b in a + 1..n as usize {
                    if r.next() % 100 < 30 {
                        adj[a] |= 1 << b;
                        adj[b] |= 1 << a;
                    }
                }
            }
            let colours = (0..n).map(|_| r.next() & 1).collect();
            Graph { n, adj, colours, player: (i & 1) as u64 }
        })
        .collect()
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Variant {
    Kayles,
    Cut,
    CutIso,
}
pub const VARIANTS: [Variant; 3] = [Variant::Kayles, Variant::Cut, Variant::CutIso];

pub fn run_once(r: &mut dyn Rules, v: Variant, gs: &[Graph], out: &mut Vec<u64>) -> u64 {
    let mut sum = 0u64;
    for g in gs {
        match v {
            Variant::Kayles => r.kayles(black_box(g), out),
            Variant::Cut => r.cut(black_box(g), out),
            Variant::CutIso => r.cut_iso(black_box(g), out),
        }
        for &m in out.iter() {
            sum = sum.wrapping_mul(31).wrapping_add(m);
        }
        sum = sum.wrapping_add(out.len() as u64);
    }
    black_box(sum)
}

/// Calls per second (repeating the whole set for at least `min`) and a checksum.
pub fn bench(r: &mut dyn Rules, v: Variant, gs: &[Graph], min: Duration) -> (f64, u64) {
    let mut out = Vec::with_capacity(64);
    let check = run_once(r, v, gs, &mut out); // warm-up + checksum
    let t = Instant::now();
    let mut calls = 0usize;
    while t.elapsed() < min {
        run_once(r, v, gs, &mut out);
        calls += gs.len();
    }
    (calls as f64 / t.elapsed().as_secs_f64(), check)
}

/// Resident set size in KiB (Linux).
pub fn rss_kib() -> u64 {
    let s = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    s.split_whitespace().nth(1).and_then(|x| x.parse::<u64>().ok()).unwrap_or(0) * 4
}

fn main() {
    let count: usize = std::env::var("LB_GRAPHS").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let secs: f64 = std::env::var("LB_SECS").ok().and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let min = Duration::from_secs_f64(secs);
    let gs = graphs(count, 0x9E3779B97F4A7C15);
    println!("{} graphs, n = 8..=16, edge p = 0.3, >= {secs} s per measurement", gs.len());

    let mut native_rate = Vec::new();
    let mut native_check = Vec::new();
    for v in VARIANTS {
        let (rate, check) = bench(&mut Native, v, &gs, min);
        println!("native  {v:?}: {:>12.0} calls/s  check {check:016x}", rate);
        native_rate.push(rate);
        native_check.push(check);
    }

    #[cfg(feature = "rhai")]
    rhai_engine::run(&gs, min, &native_rate, &native_check);
    #[cfg(any(feature = "lua54", feature = "luau"))]
    lua_engine::run(&gs, min, &native_rate, &native_check);
}

/// Shared report line for an engine.
pub fn report(name: &str, r: &mut dyn Rules, gs: &[Graph], min: Duration, native_rate: &[f64], native_check: &[u64]) {
    for (i, v) in VARIANTS.iter().enumerate() {
        let (rate, check) = bench(r, *v, gs, min);
        let ok = if check == native_check[i] { "ok" } else { "MISMATCH" };
        println!(
            "{name} {v:?}: {:>12.0} calls/s  native/{name} = {:>6.1}x  check {ok}",
            rate,
            native_rate[i] / rate
        );
    }
}

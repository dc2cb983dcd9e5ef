//! Where does Rhai's time go? cargo run --release --features rhai --example rhai_probe
use rhai::{Array, CallFnOptions, Dynamic, Engine, OptimizationLevel, Scope};
use std::time::Instant;

fn time(label: &str, e: &Engine, src: &str) {
    let ast = e.compile(src).unwrap();
    let adj: Vec<i64> = (0..12).map(|i| (i * 37) & 0xfff).collect();
    let mut scope = Scope::new();
    let calls = 100_000;
    let t = Instant::now();
    for _ in 0..calls {
        let a: Array = adj.iter().map(|&x| Dynamic::from_int(x)).collect();
        let _r: Dynamic = e
            .call_fn_with_options(CallFnOptions::new().eval_ast(false), &mut scope, &ast, "moves", (12i64, a))
            .unwrap();
    }
    let us = t.elapsed().as_secs_f64() * 1e6 / calls as f64;
    println!("{label:<48} {us:7.2} us/call");
}

fn main() {
    let mut lim = Engine::new();
    lim.set_max_operations(1_000_000).set_max_array_size(100_000).set_optimization_level(OptimizationLevel::Full);
    let plain = Engine::new();
    let k = "fn moves(n, adj) { let full = (1 << n) - 1; let out = []; for v in 0..n { let gone = (1 << v) | adj[v]; out.push(full & (full ^ gone)); } out }";
    let k2 = "fn moves(n, adj) { let full = (1 << n) - 1; let out = []; for v in 0..n { out += full & (full ^ ((1 << v) | adj[v])); } out }";
    let k3 = "fn moves(n, adj) { let full = (1 << n) - 1; let s = 0; for v in 0..n { s += full & (full ^ ((1 << v) | adj[v])); } [s] }";
    let k4 = "fn moves(n, adj) { let s = 0; for v in 0..n { s += v; } [s] }";
    let k5 = "fn moves(n, adj) { let full = (1 << n) - 1; adj.map(|a, v| full & (full ^ ((1 << v) | a))) }";
    let k6 = "fn moves(n, adj) { [] }";
    for (name, e) in [("limits", &lim), ("Engine::new()", &plain)] {
        time(&format!("{name}: kayles as benchmarked"), e, k);
        time(&format!("{name}: out += x"), e, k2);
        time(&format!("{name}: sum only, no array out"), e, k3);
        time(&format!("{name}: empty 12-step loop"), e, k4);
        time(&format!("{name}: adj.map(closure)"), e, k5);
        time(&format!("{name}: empty fn"), e, k6);
    }
}

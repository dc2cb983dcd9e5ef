//! Rhai backend: one Engine + compiled ASTs (Send + Sync with feature `sync`), a Scope per thread.
use crate::{bench, report, rss_kib, Graph, Rules, VARIANTS};
use rhai::{Array, CallFnOptions, Dynamic, Engine, FuncArgs, OptimizationLevel, Scope, AST};
use std::sync::Arc;
use std::time::{Duration, Instant};

const SCRIPTS: [&str; 3] = [
    include_str!("../scripts/kayles.rhai"),
    include_str!("../scripts/cutthroat.rhai"),
    include_str!("../scripts/cutthroat_iso.rhai"),
];

/// The sandboxed engine a rules file would get.
pub fn make_engine() -> Engine {
    let mut e = Engine::new();
    e.set_max_operations(1_000_000) // per call: runaway loops stop here
        .set_max_call_levels(64)
        .set_max_expr_depths(64, 64)
        .set_max_array_size(100_000)
        .set_max_string_size(1 << 20)
        .set_max_map_size(100_000)
        .set_max_variables(1_000)
        .set_max_functions(1_000)
        .set_max_modules(0)
        // Engine::new() installs a FileModuleResolver (reads *.rhai from disk): replace it.
        .set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new())
        .set_optimization_level(OptimizationLevel::Full);
    if std::env::var_os("LB_RHAI_NOINTERN").is_some() {
        e.set_max_strings_interned(0);
    }
    e.disable_symbol("eval");
    e.on_print(|_| {});
    e.on_debug(|_, _, _| {});
    e
}

fn compile_all(e: &Engine) -> Vec<AST> {
    SCRIPTS.iter().map(|s| e.compile(s).expect("compile")).collect()
}

pub struct RhaiRules {
    engine: Arc<Engine>,
    asts: Arc<Vec<AST>>,
    scope: Scope<'static>,
}

fn arr(v: &[u64]) -> Array {
    v.iter().map(|&x| Dynamic::from_int(x as i64)).collect()
}

impl RhaiRules {
    fn call(&mut self, i: usize, args: impl FuncArgs, out: &mut Vec<u64>) {
        let opts = CallFnOptions::new().eval_ast(false);
        let r: Array = self
            .engine
            .call_fn_with_options(opts, &mut self.scope, &self.asts[i], "moves", args)
            .unwrap_or_else(|e| panic!("rhai: {e}"));
        out.clear();
        out.extend(r.into_iter().map(|d| d.as_int().expect("int") as u64));
    }
}

impl Rules for RhaiRules {
    fn kayles(&mut self, g: &Graph, out: &mut Vec<u64>) {
        self.call(0, (g.n as i64, arr(&g.adj)), out)
    }
    fn cut(&mut self, g: &Graph, out: &mut Vec<u64>) {
        self.call(1, (g.n as i64, arr(&g.adj), arr(&g.colours), g.player as i64), out)
    }
    fn cut_iso(&mut self, g: &Graph, out: &mut Vec<u64>) {
        self.call(2, (g.n as i64, arr(&g.adj), arr(&g.colours), g.player as i64), out)
    }
}

fn assert_send_sync<T: Send + Sync>() {}

fn try_src(e: &Engine, label: &str, src: &str, args: (i64, Array)) {
    let t = Instant::now();
    let res = e.compile(src).map_err(|e| format!("ParseError: {e}")).and_then(|ast| {
        e.call_fn::<Dynamic>(&mut Scope::new(), &ast, "moves", args)
            .map(|d| format!("returned {d}"))
            .map_err(|e| format!("EvalAltResult: {e}"))
    });
    let msg = match res {
        Ok(s) => s,
        Err(s) => s,
    };
    println!("  [{label}] ({:.1} ms) {msg}", t.elapsed().as_secs_f64() * 1e3);
}

pub fn run(gs: &[Graph], min: Duration, native_rate: &[f64], native_check: &[u64]) {
    assert_send_sync::<Engine>();
    assert_send_sync::<AST>();
    println!("== Rhai {} (feature sync)", "1.27");

    // Creation cost.
    let reps = 200;
    let t = Instant::now();
    for _ in 0..reps {
        std::hint::black_box(make_engine());
    }
    let eng_us = t.elapsed().as_secs_f64() * 1e6 / reps as f64;
    let e = make_engine();
    let t = Instant::now();
    for _ in 0..reps {
        std::hint::black_box(compile_all(&e));
    }
    let comp_us = t.elapsed().as_secs_f64() * 1e6 / reps as f64;
    let rss0 = rss_kib();
    let keep: Vec<(Engine, Vec<AST>)> = (0..reps).map(|_| {
        let e = make_engine();
        let a = compile_all(&e);
        (e, a)
    }).collect();
    let rss1 = rss_kib();
    drop(keep);
    println!(
        "rhai create: Engine {eng_us:.1} us, compile 3 scripts {comp_us:.1} us, ~{:.1} KiB RSS per engine+ASTs",
        (rss1.saturating_sub(rss0)) as f64 / reps as f64
    );

    // Single-thread benchmark.
    let engine = Arc::new(e);
    let asts = Arc::new(compile_all(&engine));
    let mut r = RhaiRules { engine: engine.clone(), asts: asts.clone(), scope: Scope::new() };
    report("rhai", &mut r, gs, min, native_rate, native_check);

    // Two threads sharing one Engine + ASTs (only a Scope per thread).
    let t = Instant::now();
    let rates: Vec<f64> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..2)
            .map(|_| {
                let (engine, asts) = (engine.clone(), asts.clone());
                s.spawn(move || {
                    let mut r = RhaiRules { engine, asts, scope: Scope::new() };
                    bench(&mut r, VARIANTS[0], gs, min).0
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    println!(
        "rhai 2 threads sharing Arc<Engine>+Arc<AST>, Kayles: {:.0} calls/s total ({:.0} + {:.0}) in {:.1} s",
        rates.iter().sum::<f64>(), rates[0], rates[1], t.elapsed().as_secs_f64()
    );

    // Two threads, each with its own Engine + ASTs.
    let t = Instant::now();
    let rates: Vec<f64> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(move || {
                    let e = make_engine();
                    let asts = Arc::new(compile_all(&e));
                    let mut r = RhaiRules { engine: Arc::new(e), asts, scope: Scope::new() };
                    bench(&mut r, VARIANTS[0], gs, min).0
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    println!(
        "rhai 2 threads, own Engine+AST each, Kayles: {:.0} calls/s total ({:.0} + {:.0}) in {:.1} s",
        rates.iter().sum::<f64>(), rates[0], rates[1], t.elapsed().as_secs_f64()
    );

    // Call + conversion overhead alone: an empty rules function with the Kayles arguments.
    let empty = engine.compile("fn moves(n, adj) { [] }").unwrap();
    let mut r = RhaiRules { engine: engine.clone(), asts: Arc::new(vec![empty]), scope: Scope::new() };
    let (rate, _) = bench(&mut r, VARIANTS[0], gs, min);
    println!("rhai empty moves(n, adj) incl. conversions: {rate:.0} calls/s");

    demos(&engine);
    let mut small = make_engine();
    small.set_max_array_size(10_000);
    let a = || (3i64, vec![Dynamic::from_int(2)]);
    try_src(&small, "array growth, max_array_size 10_000", "fn moves(n, adj) {\n    let a = [];\n    loop { a.push(1); }\n}\n", a());
}

fn demos(e: &Engine) {
    println!("rhai error demos (limits: 1e6 operations, array 1e5, string 1 MiB, 64 call levels):");
    let a = || (3i64, vec![Dynamic::from_int(2), Dynamic::from_int(5), Dynamic::from_int(2)]);
    try_src(e, "syntax: missing ';'", "fn moves(n, adj) {\n    let full = (1 << n) - 1\n    let out = [];\n    out\n}\n", a());
    try_src(e, "syntax: unclosed (", "fn moves(n, adj) {\n    let full = (1 << n - 1;\n    []\n}\n", a());
    try_src(e, "syntax: unknown op ~", "fn moves(n, adj) {\n    let full = ~adj[0];\n    []\n}\n", a());
    try_src(e, "runtime: index", "fn moves(n, adj) {\n    let out = [];\n    out.push(adj[99]);\n    out\n}\n", a());
    try_src(e, "runtime: undefined fn", "fn moves(n, adj) {\n    neighbours(adj, 0)\n}\n", a());
    try_src(e, "runaway loop", "fn moves(n, adj) {\n    let x = 0;\n    while true { x += 1; }\n}\n", a());
    try_src(e, "runaway recursion", "fn f(x) { f(x + 1) }\nfn moves(n, adj) {\n    f(0)\n}\n", a());
    try_src(e, "array growth", "fn moves(n, adj) {\n    let a = [];\n    loop { a.push(1); }\n}\n", a());
    try_src(e, "nested arrays", "fn moves(n, adj) {\n    let a = [];\n    loop { a.push([1, 2, 3, 4, 5, 6, 7, 8]); }\n}\n", a());
    try_src(e, "string doubling", "fn moves(n, adj) {\n    let s = \"x\";\n    loop { s += s; }\n}\n", a());
    try_src(e, "many arrays in vars", "fn moves(n, adj) {\n    let a = []; a.pad(99999, 0);\n    let b = a; let c = a; let d = a; b.push(1); c.push(1); d.push(1);\n    [a.len(), b.len(), c.len(), d.len()]\n}\n", a());
    try_src(e, "import file", "import \"/etc/passwd\" as p;\nfn moves(n, adj) { [] }\n", a());
    try_src(e, "eval", "fn moves(n, adj) {\n    eval(\"40 + 2\")\n}\n", a());
    try_src(e, "print", "fn moves(n, adj) {\n    print(\"hello\");\n    []\n}\n", a());
    try_src(e, "open file fn", "fn moves(n, adj) {\n    open_file(\"/etc/passwd\")\n}\n", a());
    // What an un-hardened Engine::new() would do with import:
    let plain = Engine::new();
    try_src(&plain, "import with Engine::new() defaults", "import \"/etc/passwd\" as p;\nfn moves(n, adj) { [] }\n", a());
}

//! mlua backend (Lua 5.4 or Luau, vendored): one Lua state per thread, scripts loaded per state.
use crate::{bench, report, rss_kib, Graph, Rules, VARIANTS};
use mlua::chunk::ChunkMode;
use mlua::{Function, Lua, LuaOptions, StdLib, Table, Value, VmState};
use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};

#[cfg(feature = "lua54")]
const NAME: &str = "lua54";
#[cfg(all(feature = "luau", not(feature = "luau-jit")))]
const NAME: &str = "luau";
#[cfg(feature = "luau-jit")]
const NAME: &str = "luau-jit";

#[cfg(feature = "lua54")]
const SCRIPTS: [(&str, &str); 3] = [
    ("=kayles.lua", include_str!("../scripts/kayles.lua")),
    ("=cutthroat.lua", include_str!("../scripts/cutthroat.lua")),
    ("=cutthroat_iso.lua", include_str!("../scripts/cutthroat_iso.lua")),
];
#[cfg(feature = "luau")]
const SCRIPTS: [(&str, &str); 3] = [
    ("=kayles.luau", include_str!("../scripts/kayles.luau")),
    ("=cutthroat.luau", include_str!("../scripts/cutthroat.luau")),
    ("=cutthroat_iso.luau", include_str!("../scripts/cutthroat_iso.luau")),
];

/// Per-call budget. Lua 5.4: VM instructions (hook every 1000). Luau: interrupts
/// (the VM calls the interrupt at loop back-edges and function calls).
pub const BUDGET: u64 = 1_000_000;
pub const MEMORY_LIMIT: usize = 64 << 20;

/// A hardened state: only math/table/string (+bit32 for Luau), no io/os/package/debug,
/// memory limit, instruction/interrupt budget. Returns the state and its budget counter.
pub fn make_lua() -> (Lua, Rc<Cell<u64>>) {
    #[cfg(feature = "lua54")]
    let libs = StdLib::MATH | StdLib::TABLE | StdLib::STRING;
    #[cfg(feature = "luau")]
    let libs = StdLib::MATH | StdLib::TABLE | StdLib::STRING | StdLib::BIT;
    let lua = Lua::new_with(libs, LuaOptions::default()).expect("lua state");
    lua.set_memory_limit(MEMORY_LIMIT).expect("memory limit");
    let used = Rc::new(Cell::new(0u64));
    let u = used.clone();
    // LB_NOBUDGET=1 measures the cost of the budget hook/interrupt (never for real use).
    let budget_on = std::env::var_os("LB_NOBUDGET").is_none();
    #[cfg(feature = "lua54")]
    {
        // The base library still has file access and a bytecode loader: remove them.
        let g = lua.globals();
        for name in ["dofile", "loadfile", "load", "print"] {
            g.raw_set(name, Value::Nil).unwrap();
        }
        let s: Table = g.get("string").unwrap();
        s.raw_set("dump", Value::Nil).unwrap();
        let step: u32 = std::env::var("LB_HOOKN").ok().and_then(|s| s.parse().ok()).unwrap_or(1000);
        if budget_on { lua.set_hook(mlua::HookTriggers::new().every_nth_instruction(step), move |_, d| {
            let n = u.get() + step as u64;
            u.set(n);
            if n > BUDGET {
                let src = d.source().short_src.map(|s| s.into_owned()).unwrap_or_default();
                let line = d.current_line().unwrap_or(0);
                Err(mlua::Error::runtime(format!("{src}:{line}: instruction budget of {BUDGET} exceeded")))
            } else {
                Ok(VmState::Continue)
            }
        })
        .unwrap(); }
    }
    #[cfg(feature = "luau")]
    {
        if budget_on { lua.set_interrupt(move |lua| {
            let n = u.get() + 1;
            u.set(n);
            if n > BUDGET {
                let at = lua
                    .inspect_stack(0, |d| {
                        let src = d.source().short_src.map(|s| s.into_owned()).unwrap_or_default();
                        format!("{src}:{}", d.current_line().unwrap_or(0))
                    })
                    .unwrap_or_default();
                Err(mlua::Error::runtime(format!("{at}: interrupt budget of {BUDGET} exceeded")))
            } else {
                Ok(VmState::Continue)
            }
        }); }
        lua.globals().raw_set("print", Value::Nil).unwrap();
        // Read-only libraries and globals; each script writes to its own environment.
        lua.sandbox(true).unwrap();
    }
    (lua, used)
}

/// Load one rules file and take its global `moves`.
fn load_moves(lua: &Lua, name: &str, src: &str) -> mlua::Result<Function> {
    lua.load(src).set_name(name).set_mode(ChunkMode::Text).exec()?;
    let g = lua.globals();
    let f: Function = g.get("moves")?;
    g.raw_set("moves", Value::Nil)?;
    Ok(f)
}

pub struct LuaRules {
    lua: Lua,
    fns: Vec<Function>,
    used: Rc<Cell<u64>>,
}

pub fn make_rules() -> LuaRules {
    let (lua, used) = make_lua();
    let fns = SCRIPTS.iter().map(|(n, s)| load_moves(&lua, n, s).expect("load")).collect();
    LuaRules { lua, fns, used }
}

impl LuaRules {
    fn seq(&self, v: &[u64]) -> Table {
        self.lua.create_sequence_from(v.iter().map(|&x| x as i64)).unwrap()
    }
    fn call(&mut self, i: usize, args: impl mlua::IntoLuaMulti, out: &mut Vec<u64>) {
        self.used.set(0);
        let r: Table = self.fns[i].call(args).unwrap_or_else(|e| panic!("{NAME}: {e}"));
        out.clear();
        for x in r.sequence_values::<i64>() {
            out.push(x.expect("int") as u64);
        }
    }
}

impl Rules for LuaRules {
    fn kayles(&mut self, g: &Graph, out: &mut Vec<u64>) {
        let adj = self.seq(&g.adj);
        self.call(0, (g.n as i64, adj), out)
    }
    fn cut(&mut self, g: &Graph, out: &mut Vec<u64>) {
        let (adj, col) = (self.seq(&g.adj), self.seq(&g.colours));
        self.call(1, (g.n as i64, adj, col, g.player as i64), out)
    }
    fn cut_iso(&mut self, g: &Graph, out: &mut Vec<u64>) {
        let (adj, col) = (self.seq(&g.adj), self.seq(&g.colours));
        self.call(2, (g.n as i64, adj, col, g.player as i64), out)
    }
}

pub fn run(gs: &[Graph], min: Duration, native_rate: &[f64], native_check: &[u64]) {
    println!("== {NAME} via mlua 0.12 (vendored)");
    let reps = 200;
    let t = Instant::now();
    for _ in 0..reps {
        std::hint::black_box(make_lua());
    }
    let state_us = t.elapsed().as_secs_f64() * 1e6 / reps as f64;
    let t = Instant::now();
    for _ in 0..reps {
        std::hint::black_box(make_rules());
    }
    let all_us = t.elapsed().as_secs_f64() * 1e6 / reps as f64;
    let rss0 = rss_kib();
    let keep: Vec<LuaRules> = (0..reps).map(|_| make_rules()).collect();
    let rss1 = rss_kib();
    let heap = keep[0].lua.used_memory();
    drop(keep);
    println!(
        "{NAME} create: hardened state {state_us:.1} us, state + load 3 scripts {all_us:.1} us, \
         Lua heap {:.1} KiB, ~{:.1} KiB RSS per state",
        heap as f64 / 1024.0,
        (rss1.saturating_sub(rss0)) as f64 / reps as f64
    );

    let mut r = make_rules();
    report(NAME, &mut r, gs, min, native_rate, native_check);

    // One state per thread (Lua is !Send without mlua's `send` feature).
    let t = Instant::now();
    let rates: Vec<(f64, f64)> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(move || {
                    let t = Instant::now();
                    let mut r = make_rules();
                    let c = t.elapsed().as_secs_f64() * 1e6;
                    (bench(&mut r, VARIANTS[0], gs, min).0, c)
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    println!(
        "{NAME} 2 threads, one state each, Kayles: {:.0} calls/s total ({:.0} + {:.0}), state setup in thread {:.0} us, {:.1} s",
        rates[0].0 + rates[1].0, rates[0].0, rates[1].0, rates[0].1, t.elapsed().as_secs_f64()
    );
    // Call + conversion overhead alone: an empty rules function with the Kayles arguments.
    let (lua, used) = make_lua();
    let f = load_moves(&lua, "=empty", "function moves(n, adj) return {} end").unwrap();
    let mut r = LuaRules { lua, fns: vec![f], used };
    let (rate, _) = bench(&mut r, VARIANTS[0], gs, min);
    println!("{NAME} empty moves(n, adj) incl. conversions: {rate:.0} calls/s");
    if std::env::var_os("LB_NOBUDGET").is_none() {
        demos(); // the runaway demos need the budget
    }
}

fn one_line(s: &str) -> String {
    let s = s.replace('\n', " | ");
    if s.len() > 260 { format!("{}...", &s[..260]) } else { s }
}

fn try_src(label: &str, src: &str) {
    let (lua, used) = make_lua();
    let t = Instant::now();
    let res = (|| -> mlua::Result<String> {
        let f = load_moves(&lua, "=rules.lua", src)?;
        used.set(0);
        let adj = lua.create_sequence_from([2i64, 5, 2])?;
        let v: Value = f.call((3i64, adj))?;
        Ok(format!("returned {v:?}"))
    })();
    let msg = match res {
        Ok(s) => s,
        Err(e) => format!("Err: {}", one_line(&e.to_string())),
    };
    println!("  [{label}] ({:.1} ms) {msg}", t.elapsed().as_secs_f64() * 1e3);
}

fn demos() {
    println!("{NAME} error demos (limits: budget {BUDGET}, memory {} MiB):", MEMORY_LIMIT >> 20);
    try_src("syntax: missing end", "function moves(n, adj)\n  local full = n - 1\n  for v = 0, n - 1 do\n    local x = v\n  return {}\nend\n");
    try_src("syntax: unclosed (", "function moves(n, adj)\n  local full = (n - 1\n  return {}\nend\n");
    try_src("syntax: missing then", "function moves(n, adj)\n  if n == 3\n    return {}\n  end\nend\n");
    try_src("runtime: index nil", "function moves(n, adj)\n  local out = {}\n  out[1] = adj[99] + 1\n  return out\nend\n");
    try_src("runtime: undefined fn", "function moves(n, adj)\n  return neighbours(adj, 0)\nend\n");
    try_src("runaway loop", "function moves(n, adj)\n  local x = 0\n  while true do x = x + 1 end\nend\n");
    try_src("runaway empty loop", "function moves(n, adj)\n  while true do end\nend\n");
    try_src("runaway recursion", "local function f(x) return 1 + f(x + 1) end\nfunction moves(n, adj)\n  return f(0)\nend\n");
    try_src("table growth", "function moves(n, adj)\n  local t, i = {}, 1\n  while true do t[i] = i; i = i + 1 end\nend\n");
    try_src("string doubling", "function moves(n, adj)\n  local s = 'x'\n  while true do s = s .. s end\nend\n");
    try_src("string.rep 1e9", "function moves(n, adj)\n  return string.rep('x', 1000000000)\nend\n");
    try_src("io.open", "function moves(n, adj)\n  return io.open('/etc/passwd'):read('a')\nend\n");
    try_src("os.execute", "function moves(n, adj)\n  return os.execute('id')\nend\n");
    try_src("require", "function moves(n, adj)\n  return require('os')\nend\n");
    try_src("dofile", "function moves(n, adj)\n  return dofile('/etc/passwd')\nend\n");
    try_src("load bytecode", "function moves(n, adj)\n  return load(string.dump(function() return 1 end))()\nend\n");
    try_src("loadstring", "function moves(n, adj)\n  return loadstring('return 1')()\nend\n");
    try_src("getmetatable string", "function moves(n, adj)\n  getmetatable('').__index = nil\n  return 1\nend\n");
    try_src("overwrite math", "function moves(n, adj)\n  math.floor = nil\n  return 1\nend\n");
    try_src("print", "function moves(n, adj)\n  print('hello')\n  return 1\nend\n");
}

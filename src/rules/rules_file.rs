//! Rules written in a file, loaded at run time (`--rules file:PATH`, and in a job
//! `rules = "file:PATH"`, relative to the job file): no Rust, no rebuild; behind them the
//! whole engine (canonical keys, tables, components, census, shards, misère columns).
//!
//! The language is Lua 5.4 (through the `mlua` crate, its sources built with the
//! program: no system library), chosen by measurement: a move rule called from Rust
//! ran about 4.7 times as many calls a second as the same rule in Rhai and 1.3 times
//! Luau's (scripts/langbench, README "Rules files"). Each file runs sandboxed: only
//! Lua's `math`, `table` and `string` libraries (no `io`, `os`, `require`, `load`,
//! `print`), at most [`MEMORY`] bytes of Lua memory per thread, and at most [`STEPS`]
//! instructions per call of a rule.
//!
//! This version takes impartial games on graphs whose move is choosing a vertex (Node
//! Kayles, Arc Kayles on line graphs, the clique-forming game...): the file sets a table
//! `game` (`name`, `description`, `kind = "impartial"`) and defines
//! `play(n, adj, v)`: the vertices left, as a bitmask, when vertex `v` (0-based) is
//! chosen in the graph of `n` vertices whose vertex `i` has the neighbours `adj[i + 1]`
//! (a bitmask); `nil` if choosing `v` is not a move. The position left is the subgraph
//! the mask induces, and must have fewer vertices (so every game ends). A rule that
//! fails, loops past its budget or returns anything else stops the command with one
//! line naming the file, the rule and the position; nothing it computed is written.

use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Mutex;

use mlua::{Function, HookTriggers, Lua, LuaOptions, StdLib, Table, Value, VmState};

use super::{ImpartialRules, Ruleset};
use crate::error::{Error, Result};
use crate::graphs::{Graph, WideGraph, WideSet};

/// Most Lua memory one thread's state of a rules file holds.
pub const MEMORY: usize = 256 << 20;
/// Most Lua instructions one call of a rule runs.
pub const STEPS: u64 = 100_000_000;
/// Largest rules file read.
const MAX_FILE: u64 = 1 << 20;
/// Instructions between two looks at the budget.
const EVERY: u32 = 10_000;

/// A loaded rules file.
pub struct RulesFile {
    name: &'static str,
    description: &'static str,
    /// The path as given, for messages.
    shown: String,
    source: String,
    /// Its place in the thread's states.
    id: usize,
}

/// The rules files loaded by this process: path as given and text, and the rules.
static LOADED: Mutex<Vec<(PathBuf, String, &'static RulesFile)>> = Mutex::new(Vec::new());

/// One thread's Lua state of a rules file: the state, its `play`, the steps used.
struct State {
    lua: Lua,
    play: Function,
    steps: Rc<Cell<u64>>,
}

thread_local! {
    static STATES: RefCell<Vec<Option<State>>> = const { RefCell::new(Vec::new()) };
}

/// Loads the rules file at `path` (once per process for one path and text).
pub fn load(path: &Path) -> Result<Ruleset> {
    let shown = path.display().to_string();
    let cannot = |e: std::io::Error| Error::usage(format!("cannot read rules file {shown}: {e}"));
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(
        &mut std::io::Read::take(std::fs::File::open(path).map_err(cannot)?, MAX_FILE + 1),
        &mut bytes,
    )
    .map_err(cannot)?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(Error::usage(format!(
            "rules file {shown} is larger than {} MiB",
            MAX_FILE >> 20
        )));
    }
    let source = String::from_utf8(bytes)
        .map_err(|_| Error::usage(format!("rules file {shown} is not UTF-8 text")))?;
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, r)) = loaded.iter().find(|(p, s, _)| p == path && *s == source) {
        return Ok(Ruleset::Impartial(*r));
    }
    let bad = |what: String| Error::usage(format!("rules file {shown}: {what}"));
    let (lua, _) = state(&shown, &source).map_err(|e| bad(one_line(&e)))?;
    let game: Table = lua
        .globals()
        .get::<Option<Table>>("game")
        .ok()
        .flatten()
        .ok_or_else(|| bad("it sets no table `game` (name, description, kind)".into()))?;
    let text = |key: &str| -> Result<String> {
        match game.get::<Value>(key) {
            Ok(Value::String(s)) => Ok(s.to_string_lossy()),
            _ => Err(bad(format!("game.{key} is not a string"))),
        }
    };
    let name = text("name")?;
    if name.is_empty() || name.len() > 64 || !name.chars().all(|c| c.is_ascii_graphic()) {
        return Err(bad(format!(
            "game.name {name:?}: give 1 to 64 letters, digits or signs, no spaces"
        )));
    }
    let description = text("description")?;
    let kind = text("kind")?;
    if kind != "impartial" {
        return Err(bad(format!(
            "game.kind {kind:?}: this version reads impartial games on graphs whose move \
             chooses a vertex (kind = \"impartial\", and a function play(n, adj, v))"
        )));
    }
    let hash = xxhash_rust::xxh3::xxh3_64(source.as_bytes());
    let rules: &'static RulesFile = Box::leak(Box::new(RulesFile {
        name: Box::leak(format!("{name} (rules file {hash:016x})").into_boxed_str()),
        description: Box::leak(description.into_boxed_str()),
        shown,
        source: source.clone(),
        id: loaded.len(),
    }));
    loaded.push((path.to_path_buf(), source, rules));
    Ok(Ruleset::Impartial(rules))
}

/// A Lua error in one line (a runtime error's traceback left out).
fn one_line(e: &mlua::Error) -> String {
    let text = e.to_string();
    let first = text.lines().next().unwrap_or("").trim();
    first.to_string()
}

/// A sandboxed state that has run `source` and holds its `play`.
fn state(shown: &str, source: &str) -> mlua::Result<(Lua, State)> {
    let lua = Lua::new_with(
        StdLib::MATH | StdLib::TABLE | StdLib::STRING,
        LuaOptions::default(),
    )?;
    lua.set_memory_limit(MEMORY)?;
    let globals = lua.globals();
    for name in ["dofile", "loadfile", "load", "print", "collectgarbage"] {
        globals.raw_set(name, Value::Nil)?;
    }
    let string: Table = globals.get("string")?;
    string.raw_set("dump", Value::Nil)?;
    let steps = Rc::new(Cell::new(0u64));
    let counted = steps.clone();
    lua.set_hook(
        HookTriggers::new().every_nth_instruction(EVERY),
        move |_, _| {
            let n = counted.get() + EVERY as u64;
            counted.set(n);
            if n > STEPS {
                Err(mlua::Error::runtime(format!(
                    "it ran more than {STEPS} Lua instructions (a loop without end?)"
                )))
            } else {
                Ok(VmState::Continue)
            }
        },
    )?;
    lua.load(source)
        .set_name(format!("@{shown}"))
        .set_mode(mlua::chunk::ChunkMode::Text)
        .exec()?;
    let play: Function = match globals.get::<Value>("play")? {
        Value::Function(f) => f,
        _ => {
            return Err(mlua::Error::runtime(
                "it defines no function play(n, adj, v)".to_string(),
            ));
        }
    };
    drop(globals);
    let st = State {
        lua: lua.clone(),
        play,
        steps,
    };
    Ok((lua, st))
}

impl RulesFile {
    /// `play(n, adj, v)` in this thread's state.
    fn call(&self, g: &Graph, v: usize) -> std::result::Result<Option<u64>, String> {
        STATES.with(|states| {
            let mut states = states.borrow_mut();
            if states.len() <= self.id {
                states.resize_with(self.id + 1, || None);
            }
            if states[self.id].is_none() {
                let (_, st) = state(&self.shown, &self.source).map_err(|e| one_line(&e))?;
                states[self.id] = Some(st);
            }
            let st = states[self.id].as_ref().expect("made above");
            st.steps.set(0);
            let n = g.n();
            let adj: Vec<i64> = (0..n).map(|u| g.neighbours(u) as i64).collect();
            let adj = st.lua.create_sequence_from(adj).map_err(|e| one_line(&e))?;
            let got: Value = st
                .play
                .call((n as i64, adj, v as i64))
                .map_err(|e| one_line(&e))?;
            let all = g.vertices();
            match got {
                Value::Nil => Ok(None),
                Value::Integer(m) => {
                    let m = m as u64;
                    if m & !all != 0 {
                        Err(format!("it returned {m:#x}, which names vertices the graph does not have"))
                    } else if m == all {
                        Err("it returned every vertex: a move must leave fewer (so that every game ends)".into())
                    } else {
                        Ok(Some(m))
                    }
                }
                other => Err(format!(
                    "it returned a {}, not a bitmask of vertices or nil",
                    other.type_name()
                )),
            }
        })
    }
}

impl ImpartialRules for RulesFile {
    fn name(&self) -> &'static str {
        self.name
    }

    fn description(&self) -> &'static str {
        self.description
    }

    fn play(&self, g: &Graph, v: usize) -> Option<u64> {
        match self.call(g, v) {
            Ok(m) => m,
            Err(why) => crate::sys::stop::fail(format!(
                "rules file {}: play on the graph {} (graph6), vertex {v}: {why}",
                self.shown,
                crate::graphs::graph6::to_graph6(g)
            )),
        }
    }

    fn play_wide(&self, g: &WideGraph, _v: usize) -> Option<WideSet> {
        crate::sys::stop::fail(format!(
            "rules file {}: this version plays graphs of at most 64 vertices, not {}",
            self.shown,
            g.n()
        ))
    }
}

//! The sandbox a rules file runs in: one Lua 5.4 state per thread and file, with only
//! Lua's `math`, `table` and `string` libraries (no `io`, `os`, `require`, `load`,
//! `print`), at most [`MEMORY`] bytes of Lua memory, at most [`STEPS`] instructions per
//! call of a rule, and the helpers every file may use ([`HELPERS`]).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use mlua::{Function, HookTriggers, Lua, LuaOptions, StdLib, Table, Value, VmState};

/// Most Lua memory one thread's state of a rules file holds.
pub const MEMORY: usize = 256 << 20;
/// Most Lua instructions one call of a rule runs.
pub const STEPS: u64 = 100_000_000;
/// Instructions between two looks at the budget.
const EVERY: u32 = 10_000;

/// The functions a rules file may define, by their place in [`State::rules`].
pub const RULES: [&str; 4] = ["play", "moves", "start", "removes"];
/// [`RULES`]: `play`.
pub const PLAY: usize = 0;
/// [`RULES`]: `moves`.
pub const MOVES: usize = 1;
/// [`RULES`]: `start`.
pub const START: usize = 2;
/// [`RULES`]: `removes`.
pub const REMOVES: usize = 3;

/// What the engine gives every rules file besides Lua's libraries, in the global table
/// `gc`: `gc.components(adj, mask)`, the connected components of the subgraph `mask`
/// induces in the graph whose vertex `i` has the neighbours `adj[i + 1]`, each a mask,
/// in order of their least vertex.
pub const HELPERS: &str = "gc.components(adj, mask)";

/// A rules file's text, and its place among the thread's states.
pub struct Script {
    /// The path as given, for messages.
    pub shown: String,
    source: String,
    id: usize,
}

/// One thread's state of a rules file.
pub struct State {
    /// The state.
    pub lua: Lua,
    /// The functions of [`RULES`] the file defines.
    pub rules: [Option<Function>; 4],
    steps: Rc<Cell<u64>>,
    /// Whatever the caller keeps between calls (the last graph's adjacency table).
    pub cache: RefCell<Option<(Vec<u64>, Table)>>,
}

thread_local! {
    static STATES: RefCell<Vec<Option<Rc<State>>>> = const { RefCell::new(Vec::new()) };
}

/// A Lua error in one line (a runtime error's traceback left out).
pub fn one_line(e: &mlua::Error) -> String {
    let text = e.to_string();
    let first = text.lines().next().unwrap_or("").trim();
    first.to_string()
}

impl Script {
    /// The script `source` read from `shown`, the `id`-th loaded.
    pub fn new(shown: String, source: String, id: usize) -> Script {
        Script { shown, source, id }
    }

    /// Runs `f` with this thread's state of the script (made on first use), its step
    /// budget renewed; a Lua error comes back in one line.
    pub fn with<T>(&self, f: impl FnOnce(&State) -> mlua::Result<T>) -> Result<T, String> {
        let st = STATES.with(|states| -> Result<Rc<State>, String> {
            let mut states = states.borrow_mut();
            if states.len() <= self.id {
                states.resize_with(self.id + 1, || None);
            }
            if states[self.id].is_none() {
                let st = state(&self.shown, &self.source).map_err(|e| one_line(&e))?;
                states[self.id] = Some(Rc::new(st));
            }
            Ok(states[self.id].clone().expect("made above"))
        })?;
        st.steps.set(0);
        f(&st).map_err(|e| one_line(&e))
    }
}

/// A sandboxed state that has run `source`.
pub fn state(shown: &str, source: &str) -> mlua::Result<State> {
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
    let gc = lua.create_table()?;
    gc.raw_set("components", lua.create_function(components)?)?;
    globals.raw_set("gc", gc)?;
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
    let mut rules: [Option<Function>; 4] = [None, None, None, None];
    for (slot, name) in rules.iter_mut().zip(RULES) {
        match globals.get::<Value>(name)? {
            Value::Function(f) => *slot = Some(f),
            Value::Nil => {}
            other => {
                return Err(mlua::Error::runtime(format!(
                    "`{name}` is a {}, not a function",
                    other.type_name()
                )));
            }
        }
    }
    drop(globals);
    Ok(State {
        lua,
        rules,
        steps,
        cache: RefCell::new(None),
    })
}

/// `gc.components(adj, mask)`.
fn components(lua: &Lua, (adj, mask): (Table, i64)) -> mlua::Result<Table> {
    let n = adj.raw_len();
    if n > 64 {
        return Err(mlua::Error::runtime(
            "gc.components: a graph of more than 64 vertices",
        ));
    }
    let mut nb = [0u64; 64];
    for (i, slot) in nb.iter_mut().enumerate().take(n) {
        *slot = adj.raw_get::<i64>(i + 1)? as u64;
    }
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut left = mask as u64 & all;
    let out = lua.create_table()?;
    let mut k = 0;
    while left != 0 {
        let mut comp = left & left.wrapping_neg();
        let mut frontier = comp;
        while frontier != 0 {
            let v = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = nb[v] & left & !comp;
            comp |= new;
            frontier |= new;
        }
        left &= !comp;
        k += 1;
        out.raw_set(k, comp as i64)?;
    }
    Ok(out)
}

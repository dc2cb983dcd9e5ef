//! What an un-hardened `Lua::new_with(MATH | TABLE | STRING)` still exposes (Lua 5.4).
//! cargo run --release --features lua54 --example lua_defaults
use mlua::{Lua, LuaOptions, StdLib};

fn main() {
    let lua = Lua::new_with(StdLib::MATH | StdLib::TABLE | StdLib::STRING, LuaOptions::default()).unwrap();
    for src in [
        "return type(dofile), type(loadfile), type(load), type(string.dump), type(print), type(io), type(os), type(require)",
        "return loadfile('/etc/hostname') ~= nil",
        "return dofile('/etc/passwd')",
        "return load(string.dump(function() return 'bytecode ran' end))()",
    ] {
        let r: mlua::Result<mlua::MultiValue> = lua.load(src).eval();
        match r {
            Ok(v) => println!("{src}\n  -> {:?}", v.iter().map(|x| x.to_string().unwrap_or_default()).collect::<Vec<_>>()),
            Err(e) => println!("{src}\n  -> Err: {}", e.to_string().lines().next().unwrap_or("")),
        }
    }
}

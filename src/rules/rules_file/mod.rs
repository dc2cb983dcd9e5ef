//! Rules written in a file, loaded at run time (`--rules file:PATH`, and in a job
//! `rules = "file:PATH"`, relative to the job file): no Rust, no rebuild; behind them the
//! whole engine (canonical keys, tables, components, census, shards, misère columns,
//! explain, draw, analyze).
//!
//! The language is Lua 5.4 (through the `mlua` crate, its sources built with the
//! program: no system library), chosen by measurement: a move rule called from Rust
//! ran about 4.7 times as many calls a second as the same rule in Rhai and 1.3 times
//! Luau's (scripts/langbench, docs/RULES-FILES.md). Each file runs in a sandbox
//! ([`sandbox`]): Lua's `math`, `table` and `string` only, a memory budget per thread,
//! a step budget per call.
//!
//! A file sets a table `game`: `name`, `description`, `kind` (`"impartial"` or
//! `"partizan"`), `position` (`"graph"`, the default, [`graph`]; `"board"`, [`board`];
//! `"heap"`, [`heap`]; `"grounded"`, Hackenbush's, [`grounded`]) and what that kind of position
//! reads, and defines its moves. A rule that
//! fails, loops past its budget or returns anything malformed stops the command with one
//! line naming the file, the rule and the position; nothing it computed is written.

pub mod board;
pub mod graph;
pub mod grounded;
pub mod heap;
pub mod sandbox;

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use mlua::{Table, Value};

use super::Ruleset;
use crate::error::{Error, Result};
use sandbox::Script;

/// Largest rules file read.
const MAX_FILE: u64 = 1 << 20;

/// The rules files loaded by this process: path as given and text, and the rules.
static LOADED: Mutex<Vec<(PathBuf, String, Ruleset)>> = Mutex::new(Vec::new());

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
        return Ok(*r);
    }
    let bad = |what: String| Error::usage(format!("rules file {shown}: {what}"));
    let st = sandbox::state(&shown, &source).map_err(|e| bad(sandbox::one_line(&e)))?;
    let game: Table = st
        .lua
        .globals()
        .get::<Option<Table>>("game")
        .ok()
        .flatten()
        .ok_or_else(|| bad("it sets no table `game` (name, description, kind)".into()))?;
    let header = Header {
        game: &game,
        bad: &bad,
    };
    let name = header.text("name")?;
    if name.is_empty() || name.len() > 64 || !name.chars().all(|c| c.is_ascii_graphic()) {
        return Err(bad(format!(
            "game.name {name:?}: give 1 to 64 letters, digits or signs, no spaces"
        )));
    }
    let hash = xxhash_rust::xxh3::xxh3_64(source.as_bytes());
    let name: &'static str = Box::leak(format!("{name} (rules file {hash:016x})").into_boxed_str());
    let description: &'static str = Box::leak(header.text("description")?.into_boxed_str());
    let kind = header.text("kind")?;
    let partizan = match kind.as_str() {
        "impartial" => false,
        "partizan" => true,
        _ => {
            return Err(bad(format!(
                "game.kind {kind:?}: give \"impartial\" or \"partizan\""
            )));
        }
    };
    let position = header.text_or("position", "graph")?;
    let file = File {
        name,
        description,
        script: Script::new(shown.clone(), source.clone(), loaded.len()),
        partizan,
        defines: std::array::from_fn(|rule| st.rules[rule].is_some()),
    };
    let ruleset = match position.as_str() {
        "graph" => graph::build(&header, file)?,
        "grounded" => grounded::build(&header, file)?,
        "board" => board::build(&header, file)?,
        "heap" => heap::build(&header, file)?,
        other => {
            return Err(bad(format!(
                "game.position {other:?}: give \"graph\", \"board\", \"heap\" or \"grounded\""
            )));
        }
    };
    loaded.push((path.to_path_buf(), source, ruleset));
    Ok(ruleset)
}

/// What every kind of rules file has: its name and description, its text, its kind
/// and the functions of [`sandbox::RULES`] it defines.
pub struct File {
    /// "NAME (rules file HASH)".
    pub name: &'static str,
    /// The file's description.
    pub description: &'static str,
    /// The file.
    pub script: Script,
    /// Partizan (else impartial).
    pub partizan: bool,
    /// Which of [`sandbox::RULES`] it defines.
    pub defines: [bool; sandbox::RULES.len()],
}

impl File {
    /// Whether it defines the rule `rule` (an index into [`sandbox::RULES`]).
    pub fn defines(&self, rule: usize) -> bool {
        self.defines[rule]
    }

    /// The kind of a game on shapes.
    pub fn kind(&self) -> super::shape_rules::Kind {
        match self.partizan {
            true => super::shape_rules::Kind::Partizan,
            false => super::shape_rules::Kind::Impartial,
        }
    }
}

/// A rules file's `name`, `description` and `kind` on shapes, from the rules' field
/// `file: File`.
macro_rules! named_by_file {
    () => {
        fn name(&self) -> &'static str {
            self.file.name
        }

        fn description(&self) -> &'static str {
            self.file.description
        }

        fn kind(&self) -> $crate::rules::shape_rules::Kind {
            self.file.kind()
        }
    };
}
use named_by_file;

/// The table `game` of a file, read with messages that name its keys.
pub struct Header<'a> {
    game: &'a Table,
    bad: &'a dyn Fn(String) -> Error,
}

impl Header<'_> {
    /// `game.key`, a string.
    pub fn text(&self, key: &str) -> Result<String> {
        match self.game.get::<Value>(key) {
            Ok(Value::String(s)) => Ok(s.to_string_lossy()),
            _ => Err((self.bad)(format!("game.{key} is not a string"))),
        }
    }

    /// `game.key`, a string, or `default` if it is not set.
    pub fn text_or(&self, key: &str, default: &str) -> Result<String> {
        match self.game.get::<Value>(key) {
            Ok(Value::Nil) => Ok(default.to_string()),
            _ => self.text(key),
        }
    }

    /// `game.key`, true or false, or `default` if it is not set.
    pub fn flag(&self, key: &str, default: bool) -> Result<bool> {
        match self.game.get::<Value>(key) {
            Ok(Value::Nil) => Ok(default),
            Ok(Value::Boolean(b)) => Ok(b),
            _ => Err((self.bad)(format!("game.{key} is not true or false"))),
        }
    }

    /// A usage error about the file.
    pub fn bad(&self, what: String) -> Error {
        (self.bad)(what)
    }
}

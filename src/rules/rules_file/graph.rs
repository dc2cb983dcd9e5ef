//! Rules files of games on graphs (`position = "graph"`, the default), impartial or
//! partizan. A graph of `n` vertices (at most 64) reaches Lua as `n` and `adj`, a
//! sequence whose entry `adj[i + 1]` is the bitmask of vertex `i`'s neighbours
//! (vertices numbered from 0); a partizan position's colours as a string of `n` palette
//! letters (`"BWG"`...), the player as `"L"` or `"R"`.
//!
//! Impartial rules define `play(n, adj, v)` (the vertices left, a bitmask, when vertex
//! `v` is chosen; `nil`: no move) or `moves(n, adj)` (every move as the vertices it
//! leaves: a sequence of masks). Partizan rules define `moves(n, adj, colours, player)`:
//! a sequence of options, each `{mask, colours}` (the vertices left, and the colours of
//! all `n` vertices after the move, of which those left are read; omitted: unchanged)
//! or `{mask, colours, v}` (the move played vertex `v`, for explain), and may define
//! `start(n, adj, colours)`: the vertices that take part when a position is given
//! (Cutthroat's vanishing monochromatic components). Rules whose every move chooses a
//! vertex of the player's colour (`B` Left's, `W` Right's, `G` both players') and
//! removes vertices whatever the colours define `removes(n, adj, v)` instead of
//! `moves`: the vertices the move at `v` removes; each connected component of what is
//! left is then a position of its own, `start` applied to it. A census then plans each
//! graph's moves once for all its colourings, as for the native Cutthroat.
//!
//! Every move must leave fewer vertices than it found (so every game ends); the
//! position left is the subgraph the mask induces, relabelled in order.

use mlua::{Table, Value};

use super::sandbox::{MOVES, PLAY, REMOVES, START, Script, State};
use super::{File, Header};
use crate::error::Result;
use crate::graphs::palette::Palette;
use crate::graphs::{Colouring, Graph, WideColouring, WideGraph, WideSet};
use crate::rules::moves::{Act, Player};
use crate::rules::partizan::GraphMove;
use crate::rules::{ImpartialRules, PartizanRules, Ruleset, Uncoloured};

/// Builds the rules of a graph file from its header.
pub fn build(header: &Header, file: File) -> Result<Ruleset> {
    let claims = Claims {
        decomposes: header.flag("decomposes", true)?,
        negates_under_swap: header.flag("negates_under_swap", true)?,
        all_small: header.flag("all_small", false)?,
    };
    let (name, description) = (file.name, file.description);
    if !file.partizan {
        if file.defines(PLAY) == file.defines(MOVES) {
            return Err(header.bad(
                "an impartial game on graphs defines play(n, adj, v) or moves(n, adj), one of them"
                    .into(),
            ));
        }
        let listed = file.defines(MOVES);
        return Ok(Ruleset::Impartial(Box::leak(Box::new(ImpartialFile {
            name,
            description,
            script: file.script,
            listed,
            claims,
        }))));
    }
    if file.defines(MOVES) == file.defines(REMOVES) {
        return Err(header.bad(
            "a partizan game on graphs defines moves(n, adj, colours, player) or removes(n, adj, v), one of them".into(),
        ));
    }
    let palette = match header.text("palette")?.as_str() {
        "BW" => Palette::BW,
        "BWG" => Palette::BWG,
        other => {
            return Err(header.bad(format!(
                "game.palette {other:?}: give \"BW\" (B Left's, W Right's) or \"BWG\" (and G both players')"
            )));
        }
    };
    let uncoloured = match header.text_or("uncoloured", "")?.as_str() {
        "" => Uncoloured::Refused,
        letter => Uncoloured::AllOf(
            letter
                .bytes()
                .next()
                .filter(|_| letter.len() == 1)
                .and_then(|l| palette.label(l))
                .ok_or_else(|| {
                    header.bad(format!(
                        "game.uncoloured {letter:?}: give one letter of the palette (every vertex of a graph given without colours gets it)"
                    ))
                })?,
        ),
    };
    let (starts, removal) = (file.defines(START), file.defines(REMOVES));
    Ok(Ruleset::Partizan(Box::leak(Box::new(PartizanFile {
        name,
        description,
        script: file.script,
        palette,
        uncoloured,
        starts,
        removal,
        claims,
    }))))
}

/// What the header of a graph rules file says besides its kind.
pub struct Claims {
    /// The position is the sum of its connected components.
    pub decomposes: bool,
    /// Exchanging `B` and `W` exchanges the players.
    pub negates_under_swap: bool,
    /// Every position is all-small.
    pub all_small: bool,
}

/// An impartial rules file on graphs.
pub struct ImpartialFile {
    /// "NAME (rules file HASH)".
    pub name: &'static str,
    /// The file's description.
    pub description: &'static str,
    /// The file.
    pub script: Script,
    /// It defines `moves` (all moves at once) rather than `play`.
    pub listed: bool,
    /// What it claims.
    pub claims: Claims,
}

/// A partizan rules file on graphs.
pub struct PartizanFile {
    /// "NAME (rules file HASH)".
    pub name: &'static str,
    /// The file's description.
    pub description: &'static str,
    /// The file.
    pub script: Script,
    /// The colours.
    pub palette: Palette,
    /// What a graph without colours means.
    pub uncoloured: Uncoloured,
    /// It defines `start`.
    pub starts: bool,
    /// It defines `removes` (not `moves`).
    pub removal: bool,
    /// What it claims.
    pub claims: Claims,
}

/// The adjacency table of `g` in `st`: the last one made if `g` is the graph it was
/// made for (a rule is called for each vertex of one graph in turn).
fn adjacency(st: &State, g: &Graph) -> mlua::Result<Table> {
    let mut cache = st.cache.borrow_mut();
    if let Some((a, t)) = cache.as_ref()
        && a.len() == g.n()
        && a.iter().enumerate().all(|(u, &m)| m == g.neighbours(u))
    {
        return Ok(t.clone());
    }
    let adj: Vec<u64> = (0..g.n()).map(|u| g.neighbours(u)).collect();
    let t = st.lua.create_sequence_from(adj.iter().map(|&m| m as i64))?;
    *cache = Some((adj, t.clone()));
    Ok(t)
}

/// Checks a mask a rule returned for a move in `g`.
fn leaves(g: &Graph, got: Value) -> std::result::Result<u64, String> {
    let all = g.vertices();
    match got {
        Value::Integer(m) => {
            let m = m as u64;
            if m & !all != 0 {
                Err(format!(
                    "it returned {m:#x}, which names vertices the graph does not have"
                ))
            } else if m == all {
                Err(
                    "it returned every vertex: a move must leave fewer (so that every game ends)"
                        .into(),
                )
            } else {
                Ok(m)
            }
        }
        other => Err(format!(
            "it returned a {}, not a bitmask of vertices",
            other.type_name()
        )),
    }
}

/// Stops the command: `rule` of the file failed on `g` (one line, nothing written).
fn failed(script: &Script, rule: &str, g: &Graph, extra: &str, why: &str) -> ! {
    crate::sys::stop::fail(format!(
        "rules file {}: {rule} on the graph {} (graph6){extra}: {why}",
        script.shown,
        crate::graphs::graph6::to_graph6(g)
    ))
}

/// The message of a rules file asked for a graph of more than 64 vertices.
fn too_wide(script: &Script, n: usize) -> ! {
    crate::sys::stop::fail(format!(
        "rules file {}: rules files play graphs of at most 64 vertices, not {n}",
        script.shown
    ))
}

impl ImpartialRules for ImpartialFile {
    fn name(&self) -> &'static str {
        self.name
    }

    fn description(&self) -> &'static str {
        self.description
    }

    fn decomposes(&self) -> bool {
        self.claims.decomposes
    }

    fn play(&self, g: &Graph, v: usize) -> Option<u64> {
        let got = self.script.with(|st| {
            let adj = adjacency(st, g)?;
            let play = st.rules[PLAY].as_ref().expect("checked on loading");
            play.call::<Value>((g.n() as i64, adj, v as i64))
        });
        let at = || format!(", vertex {v}");
        match got {
            Ok(Value::Nil) => None,
            Ok(m) => match leaves(g, m) {
                Ok(m) => Some(m),
                Err(why) => failed(&self.script, "play", g, &at(), &why),
            },
            Err(why) => failed(&self.script, "play", g, &at(), &why),
        }
    }

    fn play_wide(&self, g: &WideGraph, _v: usize) -> Option<WideSet> {
        too_wide(&self.script, g.n())
    }

    fn options(&self, g: &Graph) -> Option<Vec<u64>> {
        if !self.listed {
            return None;
        }
        let got = self.script.with(|st| {
            let adj = adjacency(st, g)?;
            let moves = st.rules[MOVES].as_ref().expect("checked on loading");
            moves.call::<Value>((g.n() as i64, adj))
        });
        let list = match got {
            Ok(Value::Table(t)) => t,
            Ok(other) => failed(
                &self.script,
                "moves",
                g,
                "",
                &format!("it returned a {}, not a list of masks", other.type_name()),
            ),
            Err(why) => failed(&self.script, "moves", g, "", &why),
        };
        let mut out = Vec::new();
        for (i, m) in list.sequence_values::<Value>().enumerate() {
            let m = m.map_err(|e| super::sandbox::one_line(&e));
            match m.and_then(|m| leaves(g, m)) {
                Ok(m) => out.push(m),
                Err(why) => failed(&self.script, "moves", g, &format!(", move {}", i + 1), &why),
            }
        }
        Some(out)
    }
}

impl PartizanFile {
    /// The colours of `c` as the file reads them: a string of palette letters.
    fn letters(&self, c: &Colouring) -> Vec<u8> {
        c.colours()
            .iter()
            .map(|&l| self.palette.letter(l))
            .collect()
    }

    /// The option `opt` (the `i`-th listed) of a move in `g` coloured `c`.
    fn option(
        &self,
        g: &Graph,
        c: &Colouring,
        i: usize,
        opt: Value,
    ) -> std::result::Result<GraphMove, String> {
        let Value::Table(t) = opt else {
            return Err(format!(
                "move {i}: a {}, not a table {{mask, colours}}",
                opt.type_name()
            ));
        };
        let e = |e: mlua::Error| format!("move {i}: {}", super::sandbox::one_line(&e));
        let mask =
            leaves(g, t.raw_get::<Value>(1).map_err(e)?).map_err(|w| format!("move {i}: {w}"))?;
        let mut after = *c;
        match t.raw_get::<Value>(2).map_err(e)? {
            Value::Nil => {}
            Value::String(s) => {
                let s = s.as_bytes();
                if s.len() != g.n() {
                    return Err(format!(
                        "move {i}: colours of {} letters for a graph of {} vertices",
                        s.len(),
                        g.n()
                    ));
                }
                for v in crate::graphs::Bits(mask) {
                    let l = self.palette.label(s[v]).ok_or_else(|| {
                        format!(
                            "move {i}: colour {:?} of vertex {v} is not one of {}",
                            s[v] as char,
                            self.palette.describe()
                        )
                    })?;
                    after.set(v, l);
                }
            }
            other => {
                return Err(format!(
                    "move {i}: colours are a {}, not a string",
                    other.type_name()
                ));
            }
        }
        let act = match t.raw_get::<Value>(3).map_err(e)? {
            Value::Integer(v) if (0..g.n() as i64).contains(&v) => Act::Vertex(v as usize),
            _ => Act::Listed(i),
        };
        Ok(GraphMove::new(act, (g.induced(mask), after.induced(mask))))
    }
}

impl PartizanRules for PartizanFile {
    fn name(&self) -> &'static str {
        self.name
    }

    fn description(&self) -> &'static str {
        self.description
    }

    fn palette(&self) -> Palette {
        self.palette
    }

    fn uncoloured(&self) -> Uncoloured {
        self.uncoloured
    }

    fn all_small(&self) -> bool {
        self.claims.all_small
    }

    fn decomposes(&self) -> bool {
        self.claims.decomposes
    }

    fn negates_under_swap(&self) -> bool {
        self.claims.negates_under_swap
    }

    fn start(&self, g: &Graph, c: &Colouring) -> u64 {
        if !self.starts {
            return g.vertices();
        }
        let got = self.script.with(|st| {
            let adj = adjacency(st, g)?;
            let colours = st.lua.create_string(self.letters(c))?;
            let start = st.rules[START].as_ref().expect("checked on loading");
            start.call::<Value>((g.n() as i64, adj, colours))
        });
        let at = || format!(" coloured {}", String::from_utf8_lossy(&self.letters(c)));
        match got {
            Ok(Value::Integer(m)) if (m as u64) & !g.vertices() == 0 => m as u64,
            Ok(other) => failed(
                &self.script,
                "start",
                g,
                &at(),
                &format!("it returned {other:?}, not a mask of the graph's vertices"),
            ),
            Err(why) => failed(&self.script, "start", g, &at(), &why),
        }
    }

    fn start_wide(&self, g: &WideGraph, _c: &WideColouring) -> WideSet {
        too_wide(&self.script, g.n())
    }

    fn removes(&self, g: &Graph, v: usize) -> Option<u64> {
        if !self.removal {
            return None;
        }
        let got = self.script.with(|st| {
            let adj = adjacency(st, g)?;
            let removes = st.rules[REMOVES].as_ref().expect("checked on loading");
            removes.call::<Value>((g.n() as i64, adj, v as i64))
        });
        let why = match got {
            Ok(Value::Integer(m))
                if (m as u64) & !g.vertices() == 0 && (m as u64) >> v & 1 == 1 =>
            {
                return Some(m as u64);
            }
            Ok(other) => {
                format!("it returned {other:?}, not a mask of the graph's vertices holding {v}")
            }
            Err(why) => why,
        };
        failed(&self.script, "removes", g, &format!(", vertex {v}"), &why)
    }

    fn moves(&self, g: &Graph, c: &Colouring, player: Player, out: &mut Vec<GraphMove>) {
        if self.removal {
            for v in (0..g.n()).filter(|&v| crate::rules::partizan::owns(c.get(v), player)) {
                let rest = g.vertices() & !self.removes(g, v).expect("removal rules");
                let mut keep = 0;
                for comp in g.components_in(rest) {
                    let (h, d) = (g.induced(comp), c.induced(comp));
                    let kept = self.start(&h, &d);
                    // The vertices of `comp` in order: bit i of `kept` is the i-th.
                    keep |= crate::graphs::Bits(comp)
                        .enumerate()
                        .filter(|&(i, _)| kept >> i & 1 == 1)
                        .fold(0, |m, (_, u)| m | 1 << u);
                }
                out.push(GraphMove::new(
                    Act::Vertex(v),
                    (g.induced(keep), c.induced(keep)),
                ));
            }
            return;
        }
        let got = self.script.with(|st| {
            let adj = adjacency(st, g)?;
            let colours = st.lua.create_string(self.letters(c))?;
            let who = if player == Player::Left { "L" } else { "R" };
            let moves = st.rules[MOVES].as_ref().expect("checked on loading");
            moves.call::<Value>((g.n() as i64, adj, colours, who))
        });
        let at = || {
            format!(
                " coloured {}, {}",
                String::from_utf8_lossy(&self.letters(c)),
                player.name()
            )
        };
        let list = match got {
            Ok(Value::Table(t)) => t,
            Ok(other) => failed(
                &self.script,
                "moves",
                g,
                &at(),
                &format!("it returned a {}, not a list of moves", other.type_name()),
            ),
            Err(why) => failed(&self.script, "moves", g, &at(), &why),
        };
        for (i, opt) in list.sequence_values::<Value>().enumerate() {
            let got = opt
                .map_err(|e| super::sandbox::one_line(&e))
                .and_then(|opt| self.option(g, c, i + 1, opt));
            match got {
                Ok(m) => out.push(m),
                Err(why) => failed(&self.script, "moves", g, &at(), &why),
            }
        }
    }

    fn moves_wide(
        &self,
        g: &WideGraph,
        _c: &WideColouring,
        _player: Player,
        _out: &mut Vec<GraphMove<WideGraph>>,
    ) {
        too_wide(&self.script, g.n())
    }

    fn say(&self, act: Act, player: Player, label: &[usize]) -> String {
        match act {
            Act::Vertex(v) => format!("plays vertex {}", label[v]),
            Act::Listed(i) => format!("makes move {i} of {}'s", player.name()),
            other => format!("{other:?}"),
        }
    }
}

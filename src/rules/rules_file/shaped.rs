//! Rules files of games on boards (`position = "board"`) and on heaps (`position =
//! "heap"`), played by the engine's solver of games on shapes.
//!
//! **Boards** are written in CGSuite's grid notation: rows separated by `|`, `.` an
//! empty cell, `#` no cell, a letter per kind of stone (`game.stones = "xo"`: `x` is
//! stone 1, `o` stone 2). `moves(rows, player)` gets the board as a sequence of row
//! strings of equal length (`#` outside the position's cells) and the player (`"L"` or
//! `"R"`; impartial rules are asked for `"L"`), and returns the boards after each move,
//! each a string in the same notation or a sequence of rows. A board is read
//! geometrically: two boards share a table entry only if one is the other moved, or
//! turned by a symmetry the file declares (`game.symmetry`: `"none"`, the default;
//! `"flip"`, the reflections in both axes and the half turn; `"square"`, all eight
//! symmetries of the square). `game.parts` says how a board splits into a sum: `"whole"`
//! (the default: it does not), `"cells"` (groups of cells joined side by side), or
//! `"stones"` (groups of stones joined side by side: empty cells never fill again). A
//! census lists every board of `n` cells up to `game.symmetry`, with every placement of
//! what `game.census` lets a cell hold (letters; the default `"."`: empty boards); with
//! `game.strips = true`, only the strip (one row) of `n` cells.
//!
//! **Heaps** are nonnegative integers; a position is a sum of heaps, written `3,5`.
//! `moves(h, player)` returns the positions a heap of `h` leaves, each a sequence of
//! heaps (or one heap, an integer), every heap left smaller than `h` (so every game
//! ends). Heaps are valued from 0 up, each from the values of smaller ones: no search.
//! A census lists the heap of each size.

use std::collections::HashMap;
use std::sync::Mutex;

use mlua::{Table, Value};

use super::sandbox::{MOVES, Script};
use super::{File, Header};
use crate::error::{Error, Result};
use crate::graphs::palette::Palette;
use crate::rules::Ruleset;
use crate::rules::board_game::Board;
use crate::rules::shape_rules::{Act, Kind, Move, Player, ShapedRules};
use crate::shapes::placements::{MAPS, Placements, Symmetry};
use crate::shapes::{Shape, ShapeKey, board};
use crate::values::game::GameId;

/// The largest heap a census or a position may hold.
pub const MAX_HEAP: usize = 1 << 20;

/// Builds the rules of a board or heap file from its header.
pub fn build(header: &Header, file: File, position: &str) -> Result<Ruleset> {
    if !file.defines(MOVES) {
        return Err(header.bad(format!(
            "a game on a {position} defines moves(position, player)"
        )));
    }
    let (name, description, kind, script) = (file.name, file.description, file.kind(), file.script);
    if position == "heap" {
        return Ok(Ruleset::Shaped(Box::leak(Box::new(HeapFile {
            name,
            description,
            script,
            kind,
            values: Mutex::new(vec![GameId::zero()]),
        }))));
    }
    let stones = header.text_or("stones", "")?;
    if stones.len() > 4
        || !stones.bytes().all(|b| b.is_ascii_alphabetic())
        || (1..stones.len()).any(|i| stones[i..].contains(&stones[i - 1..i]))
    {
        return Err(header.bad(format!(
            "game.stones {stones:?}: give up to 4 different letters, one per kind of stone"
        )));
    }
    let letters: &'static [u8] = Box::leak(
        format!(".{}", stones.to_ascii_lowercase())
            .into_bytes()
            .into_boxed_slice(),
    );
    let names: Vec<&'static str> = letters
        .iter()
        .map(|&l| -> &'static str {
            if l == b'.' {
                "empty cell"
            } else {
                Box::leak(format!("stone {}", l as char).into_boxed_str())
            }
        })
        .collect();
    const FILLS: [&str; 5] = ["#ffffff", "#111111", "#fafafa", "#c0392b", "#2e86c1"];
    let palette = Palette {
        letters,
        names: Box::leak(names.into_boxed_slice()),
        colours: &FILLS[..letters.len()],
    };
    let symmetry = match header.text_or("symmetry", "none")?.as_str() {
        "none" => None,
        "flip" => Some(Symmetry::Flips),
        "square" => Some(Symmetry::Square),
        other => {
            return Err(header.bad(format!(
                "game.symmetry {other:?}: give \"none\", \"flip\" (reflections and the half turn keep the value) or \"square\" (all eight symmetries of the square do)"
            )));
        }
    };
    let parts = match header.text_or("parts", "whole")?.as_str() {
        "whole" => Parts::Whole,
        "cells" => Parts::Cells,
        "stones" => Parts::Stones,
        other => {
            return Err(header.bad(format!(
                "game.parts {other:?}: give \"whole\", \"cells\" (a sum of groups of cells joined side by side) or \"stones\" (of groups of stones)"
            )));
        }
    };
    let census = header.text_or("census", ".")?.to_ascii_lowercase();
    let mut holds: Vec<u8> = Vec::new();
    for b in census.bytes() {
        match letters.iter().position(|&l| l == b) {
            Some(l) if !holds.contains(&(l as u8)) => holds.push(l as u8),
            _ => {
                return Err(header.bad(format!(
                    "game.census {census:?}: give different letters among {:?} (what a cell of a census board may hold)",
                    String::from_utf8_lossy(letters)
                )));
            }
        }
    }
    holds.sort_unstable();
    let strips = header.flag("strips", false)?;
    let help: &'static str = Box::leak(
        format!(
            "rows separated by |, . an empty cell, # no cell{}",
            stones
                .chars()
                .map(|c| format!(", {c} a stone {c}"))
                .collect::<String>()
        )
        .into_boxed_str(),
    );
    Ok(Ruleset::Shaped(Box::leak(Box::new(BoardFile {
        name,
        description,
        script,
        kind,
        board: Board {
            help,
            stones: palette,
            edges: None,
        },
        symmetry,
        parts,
        holds,
        strips,
    }))))
}

/// How a board splits into a sum.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Parts {
    Whole,
    Cells,
    Stones,
}

/// A board rules file.
pub struct BoardFile {
    name: &'static str,
    description: &'static str,
    script: Script,
    kind: Kind,
    board: Board,
    symmetry: Option<Symmetry>,
    parts: Parts,
    /// What a cell of a census board may hold (labels, increasing).
    holds: Vec<u8>,
    /// A census lists strips only.
    strips: bool,
}

/// The player as a rules file reads it.
pub fn who(player: Player) -> &'static str {
    if player == Player::Left { "L" } else { "R" }
}

/// Stops the command: `moves` of the file failed on `position` (one line).
pub fn failed(script: &Script, position: &str, player: Player, why: &str) -> ! {
    crate::sys::stop::fail(format!(
        "rules file {}: moves of {} in {position}: {why}",
        script.shown,
        player.name()
    ))
}

impl BoardFile {
    /// The board after a move, as the file returned it.
    fn read_option(&self, got: Value) -> std::result::Result<Shape, String> {
        let text = match got {
            Value::String(s) => {
                return match s.to_str() {
                    Ok(text) => board::parse_with(&text, self.board.stones.letters)
                        .map_err(|e| format!("a move gave the board {:?}: {e}", &*text)),
                    Err(_) => Err("a move gave a board that is not UTF-8 text".into()),
                };
            }
            Value::Table(t) => {
                let rows: mlua::Result<Vec<String>> = t.sequence_values::<String>().collect();
                rows.map_err(|e| super::sandbox::one_line(&e))?.join("|")
            }
            other => {
                return Err(format!(
                    "a move gave a {}, not a board (a string or a list of rows)",
                    other.type_name()
                ));
            }
        };
        board::parse_with(&text, self.board.stones.letters)
            .map_err(|e| format!("a move gave the board {text:?}: {e}"))
    }
}

impl ShapedRules for BoardFile {
    fn name(&self) -> &'static str {
        self.name
    }

    fn description(&self) -> &'static str {
        self.description
    }

    fn kind(&self) -> Kind {
        self.kind
    }

    fn vertex_palette(&self) -> Palette {
        self.board.stones
    }

    fn notation(&self) -> &'static str {
        "board"
    }

    fn notation_help(&self) -> &'static str {
        self.board.help
    }

    fn parse(&self, text: &str) -> Result<Shape> {
        self.board.parse(text)
    }

    fn write(&self, s: &Shape) -> String {
        self.board.write(s, false)
    }

    fn draw(&self, s: &Shape, caption: Option<&str>) -> Option<String> {
        self.board.draw(s, caption)
    }

    fn size(&self, s: &Shape) -> usize {
        s.n()
    }

    fn size_unit(&self) -> &'static str {
        "cells"
    }

    fn moves(&self, s: &Shape, player: Player, out: &mut Vec<Move>) {
        if s.n() == 0 {
            return;
        }
        let text = self.write(s);
        let got = self.script.with(|st| {
            let rows = st.lua.create_sequence_from(text.split('|'))?;
            let moves = st.rules[MOVES].as_ref().expect("checked on loading");
            moves.call::<Value>((rows, who(player)))
        });
        let list: Table = match got {
            Ok(Value::Table(t)) => t,
            Ok(other) => failed(
                &self.script,
                &text,
                player,
                &format!("it returned a {}, not a list of boards", other.type_name()),
            ),
            Err(why) => failed(&self.script, &text, player, &why),
        };
        for (i, opt) in list.sequence_values::<Value>().enumerate() {
            let after = opt
                .map_err(|e| super::sandbox::one_line(&e))
                .and_then(|o| self.read_option(o));
            match after {
                Ok(after) => out.push(Move {
                    act: Act::Listed(i + 1),
                    after,
                }),
                Err(why) => failed(&self.script, &text, player, &why),
            }
        }
    }

    fn components(&self, s: &Shape) -> Vec<Shape> {
        if s.n() == 0 {
            return Vec::new();
        }
        match self.parts {
            Parts::Whole => vec![s.clone()],
            Parts::Cells => s.component_shapes(),
            Parts::Stones => {
                let stones: Vec<bool> = s.labels().iter().map(|&l| l != 0).collect();
                if !stones.contains(&true) {
                    return Vec::new();
                }
                s.induced(&stones).component_shapes()
            }
        }
    }

    /// The least of the board's images under the declared symmetries, each as its
    /// cells (row, column, stone) moved to touch both axes, sorted: equal keys are
    /// boards one symmetry (and a move across the plane) apart.
    fn key(&self, s: &Shape) -> ShapeKey {
        let maps = match self.symmetry {
            None => 1,
            Some(Symmetry::Flips) => 4,
            Some(Symmetry::Square) => 8,
        };
        let cells = s.place().unwrap_or(&[]);
        let image = |f: &fn((i32, i32)) -> (i32, i32)| {
            let moved: Vec<(i32, i32)> = cells.iter().map(|&c| f(c)).collect();
            let r0 = moved.iter().map(|c| c.0).min().unwrap_or(0);
            let c0 = moved.iter().map(|c| c.1).min().unwrap_or(0);
            // Sides are at most board::MAX_SIDE (256): a byte each.
            let mut key: Vec<[u8; 3]> = moved
                .iter()
                .enumerate()
                .map(|(v, &(r, c))| [(r - r0) as u8, (c - c0) as u8, s.label(v)])
                .collect();
            key.sort_unstable();
            key
        };
        let least = MAPS[..maps].iter().map(image).min().unwrap_or_default();
        ShapeKey::of_bytes(least.as_flattened())
    }

    fn may_loop(&self) -> bool {
        true
    }

    fn reads_place(&self) -> bool {
        true
    }

    fn enumerate(&self, size: usize, emit: &mut dyn FnMut(Shape) -> bool) -> Result<()> {
        match self.symmetry {
            Some(Symmetry::Flips) if self.holds == [0] && !self.strips => {
                Board::enumerate(size, emit)
            }
            Some(symmetry) => Board::enumerate_stones(
                size,
                &Placements {
                    strips: self.strips,
                    symmetry,
                    holds: &self.holds,
                    swap: None,
                    symmetry_swaps: false,
                },
                emit,
            ),
            None => {
                let boards = match self.strips {
                    true => vec![(0..size as i32).map(|c| (0, c)).collect()],
                    false => board::fixed(size)?,
                };
                for cells in boards {
                    let k = self.holds.len();
                    let total = (k as u64)
                        .checked_pow(size as u32)
                        .ok_or_else(|| Error::Limit(format!("{k}^{size} placements of stones")))?;
                    for code in 0..total {
                        let mut s = board::from_cells(&cells);
                        let mut c = code;
                        for v in (0..size).rev() {
                            s.set_label(v, self.holds[(c % k as u64) as usize]);
                            c /= k as u64;
                        }
                        if !emit(s) {
                            return Ok(());
                        }
                    }
                }
                Ok(())
            }
        }
    }

    fn max_census_size(&self) -> usize {
        Board::MAX_CENSUS_SIZE
    }
}

/// A heap rules file: the values of heaps found so far, from 0 up.
pub struct HeapFile {
    name: &'static str,
    description: &'static str,
    script: Script,
    kind: Kind,
    values: Mutex<Vec<GameId>>,
}

impl HeapFile {
    /// The heaps a heap of `h` leaves after each move of `player`.
    fn options(&self, h: usize, player: Player) -> Vec<Vec<usize>> {
        let shown = h.to_string();
        let got = self.script.with(|st| {
            let moves = st.rules[MOVES].as_ref().expect("checked on loading");
            moves.call::<Value>((h as i64, who(player)))
        });
        let list: Table = match got {
            Ok(Value::Table(t)) => t,
            Ok(other) => failed(
                &self.script,
                &shown,
                player,
                &format!(
                    "it returned a {}, not a list of positions",
                    other.type_name()
                ),
            ),
            Err(why) => failed(&self.script, &shown, player, &why),
        };
        let heap = |v: Value| match v {
            Value::Integer(k) if (0..h as i64).contains(&k) => Ok(k as usize),
            Value::Integer(k) => Err(format!(
                "a move left a heap of {k}: every heap left must be 0 to {} (smaller than the heap moved in, so that every game ends)",
                h as i64 - 1
            )),
            other => Err(format!("a move left a {}, not a heap", other.type_name())),
        };
        let mut out = Vec::new();
        for opt in list.sequence_values::<Value>() {
            let got = match opt {
                Ok(Value::Table(t)) => t
                    .sequence_values::<Value>()
                    .map(|v| v.map_err(|e| super::sandbox::one_line(&e)).and_then(heap))
                    .collect(),
                Ok(v) => heap(v).map(|k| vec![k]),
                Err(e) => Err(super::sandbox::one_line(&e)),
            };
            match got {
                Ok(heaps) => out.push(heaps),
                Err(why) => failed(&self.script, &shown, player, &why),
            }
        }
        out
    }

    /// The value of the sum of `heaps` (all already valued).
    fn sum(values: &[GameId], heaps: &[usize]) -> Result<GameId> {
        heaps
            .iter()
            .try_fold(GameId::zero(), |t, &k| Ok(t.checked_add(values[k])?))
    }

    /// The value of a heap of `h`, valuing the smaller ones first.
    fn heap_value(&self, h: usize) -> Result<GameId> {
        if h > MAX_HEAP {
            return Err(Error::Limit(format!(
                "a heap of {h}, past the limit of {MAX_HEAP}"
            )));
        }
        let mut values = self.values.lock().unwrap_or_else(|e| e.into_inner());
        while values.len() <= h {
            let k = values.len();
            let v = match self.kind {
                Kind::Impartial => {
                    let mut seen: HashMap<u32, ()> = HashMap::new();
                    for opt in self.options(k, Player::Left) {
                        let nim = Self::sum(&values, &opt)?
                            .as_nus()
                            .map(|n| n.nim)
                            .expect("impartial values are nimbers");
                        seen.insert(nim, ());
                    }
                    GameId::nimber((0..).find(|m| !seen.contains_key(m)).expect("a mex"))
                }
                Kind::Partizan => {
                    let side = |p: Player| -> Result<Vec<GameId>> {
                        self.options(k, p)
                            .iter()
                            .map(|o| Self::sum(&values, o))
                            .collect()
                    };
                    GameId::from_options(&side(Player::Left)?, &side(Player::Right)?)?
                }
            };
            values.push(v);
        }
        Ok(values[h])
    }
}

impl ShapedRules for HeapFile {
    fn name(&self) -> &'static str {
        self.name
    }

    fn description(&self) -> &'static str {
        self.description
    }

    fn kind(&self) -> Kind {
        self.kind
    }

    fn notation(&self) -> &'static str {
        "heaps"
    }

    fn notation_help(&self) -> &'static str {
        "heap sizes separated by commas (7 is one heap of 7, 3,5 the sum of heaps of 3 and 5, 0 nothing)"
    }

    /// A heap of `k` is a path of `k` vertices, a sum of heaps the paths side by side.
    fn parse(&self, text: &str) -> Result<Shape> {
        let mut heaps = Vec::new();
        for part in text.trim().split(',') {
            let k: usize = part.trim().parse().map_err(|_| {
                Error::usage(format!(
                    "heap {:?}: expected {}",
                    part.trim(),
                    self.notation_help()
                ))
            })?;
            if k > MAX_HEAP {
                return Err(Error::Limit(format!(
                    "a heap of {k}, past the limit of {MAX_HEAP}"
                )));
            }
            heaps.push(k);
        }
        let total: usize = heaps.iter().sum();
        Shape::check_size(total)?;
        let mut s = Shape::new(total, false);
        let mut first = 0;
        for k in heaps {
            s.add_edges((first + 1..first + k).map(|v| (v - 1, v, 0)));
            first += k;
        }
        Ok(s)
    }

    fn write(&self, s: &Shape) -> String {
        let heaps: Vec<String> = s.components().iter().map(|c| c.len().to_string()).collect();
        if heaps.is_empty() {
            "0".to_string()
        } else {
            heaps.join(",")
        }
    }

    fn draw(&self, _s: &Shape, _caption: Option<&str>) -> Option<String> {
        None
    }

    fn size(&self, s: &Shape) -> usize {
        s.n()
    }

    fn size_unit(&self) -> &'static str {
        "tokens"
    }

    fn moves(&self, s: &Shape, player: Player, out: &mut Vec<Move>) {
        // One heap's moves, the other heaps standing.
        let heaps: Vec<usize> = s.components().iter().map(|c| c.len()).collect();
        for (i, &h) in heaps.iter().enumerate() {
            for (j, opt) in self.options(h, player).into_iter().enumerate() {
                let mut rest: Vec<String> = heaps
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| k != i)
                    .map(|(_, k)| k.to_string())
                    .collect();
                rest.extend(opt.iter().filter(|&&k| k > 0).map(|k| k.to_string()));
                let text = if rest.is_empty() {
                    "0".into()
                } else {
                    rest.join(",")
                };
                out.push(Move {
                    act: Act::Listed(j + 1),
                    after: self.parse(&text).expect("heaps written as read"),
                });
            }
        }
    }

    fn known_value(&self, s: &Shape) -> Option<Result<GameId>> {
        let heaps: Vec<usize> = s.components().iter().map(|c| c.len()).collect();
        let max = heaps.iter().copied().max().unwrap_or(0);
        Some(self.heap_value(max).and_then(|_| {
            let values = self.values.lock().unwrap_or_else(|e| e.into_inner());
            Self::sum(&values, &heaps)
        }))
    }

    fn enumerate(&self, size: usize, emit: &mut dyn FnMut(Shape) -> bool) -> Result<()> {
        emit(self.parse(&size.to_string())?);
        Ok(())
    }

    fn max_census_size(&self) -> usize {
        MAX_HEAP
    }
}

//! Rules files of games on boards (`position = "board"`), played by the engine's solver
//! of games on shapes (on bitboards when a board splits into parts and fits in 128 bits).
//!
//! Boards are written in CGSuite's grid notation: rows separated by `|`, `.` an
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

use std::sync::OnceLock;

use mlua::{Table, Value};

use super::sandbox::{MOVES, Script};
use super::{File, Header};
use crate::error::{Error, Result};
use crate::graphs::palette::Palette;
use crate::rules::Ruleset;
use crate::rules::board_game::Board;
use crate::rules::shape_rules::{Act, Kind, Move, Player, ShapedRules, StoneMoves, StoneRules};
use crate::shapes::placements::{MAPS, Placements, Symmetry};
use crate::shapes::stone_board::StoneBoard;
use crate::shapes::{Shape, ShapeKey, board};

/// Builds the rules of a board file from its header.
pub fn build(header: &Header, file: File) -> Result<Ruleset> {
    if !file.defines(MOVES) {
        return Err(header.bad("a game on boards defines moves(rows, player)".into()));
    }
    let kind = file.kind();
    let stones = header.text_or("stones", "")?;
    // Letters are read in either case, as board notation is; written as given.
    let lower = stones.to_ascii_lowercase();
    if stones.len() > 4
        || !stones.bytes().all(|b| b.is_ascii_alphabetic())
        || (1..lower.len()).any(|i| lower[i..].contains(&lower[i - 1..i]))
    {
        return Err(header.bad(format!(
            "game.stones {stones:?}: give up to 4 different letters, one per kind of stone"
        )));
    }
    let letters: &'static [u8] = Box::leak(format!(".{stones}").into_bytes().into_boxed_slice());
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
    let census = header.text_or("census", ".")?;
    let mut holds: Vec<u8> = Vec::new();
    for b in census.bytes() {
        match letters.iter().position(|l| l.eq_ignore_ascii_case(&b)) {
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
    let file: &'static BoardFile = Box::leak(Box::new(BoardFile {
        file,
        board: Board {
            help,
            stones: palette,
            edges: None,
        },
        symmetry,
        parts,
        holds,
        strips,
        stone_rules: OnceLock::new(),
    }));
    // A board that splits and fits in 128 bits is valued on bitboards, its parts keyed
    // as they lie (the rules read where the cells are).
    // (Bitboards hold labels up to 3: three kinds of stones.)
    if parts != Parts::Whole && kind == Kind::Partizan && letters.len() <= 4 {
        let moves: &'static StoneMoves = Box::leak(Box::new(
            move |b: &StoneBoard, player: Player, out: &mut Vec<StoneBoard>| {
                file.stone_moves(b, player, out)
            },
        ));
        let _ = file.stone_rules.set(StoneRules {
            stones_join: parts == Parts::Stones,
            rows_only: false,
            diagonals: false,
            moves,
            mirror: None,
            key: None,
            may_loop: true,
        });
    }
    Ok(Ruleset::Shaped(file))
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
    /// The file: its names, text and kind.
    file: File,
    board: Board,
    symmetry: Option<Symmetry>,
    parts: Parts,
    /// What a cell of a census board may hold (labels, increasing).
    holds: Vec<u8>,
    /// A census lists strips only.
    strips: bool,
    /// Its moves on bitboards, for boards that split.
    stone_rules: OnceLock<StoneRules>,
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
    /// Calls `moves` of the board written `text` (rows separated by `|`) for `player`,
    /// and `each` with each board it gives, written the same way; stops the command if
    /// the rule or `each` fails.
    fn each_option(
        &self,
        text: &str,
        player: Player,
        each: &mut dyn FnMut(&[u8]) -> std::result::Result<(), String>,
    ) {
        let got = self.file.script.with(|st| {
            let rows = st.lua.create_sequence_from(text.split('|'))?;
            let moves = st.rules[MOVES].as_ref().expect("checked on loading");
            moves.call::<Value>((rows, who(player)))
        });
        let list: Table = match got {
            Ok(Value::Table(t)) => t,
            Ok(other) => failed(
                &self.file.script,
                text,
                player,
                &format!("it returned a {}, not a list of boards", other.type_name()),
            ),
            Err(why) => failed(&self.file.script, text, player, &why),
        };
        for opt in list.sequence_values::<Value>() {
            let done = match opt {
                Ok(Value::String(s)) => each(&s.as_bytes()),
                Ok(Value::Table(t)) => t
                    .sequence_values::<String>()
                    .collect::<mlua::Result<Vec<String>>>()
                    .map_err(|e| super::sandbox::one_line(&e))
                    .and_then(|rows| each(rows.join("|").as_bytes())),
                Ok(other) => Err(format!(
                    "a move gave a {}, not a board (a string or a list of rows)",
                    other.type_name()
                )),
                Err(e) => Err(super::sandbox::one_line(&e)),
            };
            if let Err(why) = done {
                failed(&self.file.script, text, player, &why)
            }
        }
    }

    /// The moves of `player` on the bitboard part `b` ([`StoneRules::moves`]).
    fn stone_moves(&self, b: &StoneBoard, player: Player, out: &mut Vec<StoneBoard>) {
        if b.cells == 0 {
            return;
        }
        let text = b.rows(self.board.stones.letters).join(&b'|');
        let text = String::from_utf8(text).expect("the letters are ASCII");
        let letters = self.board.stones.letters;
        self.each_option(&text, player, &mut |bytes| {
            let label = |l: u8| match l {
                b'#' => Ok(None),
                _ => letters
                    .iter()
                    .position(|x| x.eq_ignore_ascii_case(&l))
                    .map(|k| Some(k as u8))
                    .ok_or(l),
            };
            let after = StoneBoard::from_rows(bytes, label).map_err(|e| {
                format!(
                    "a move gave the board {:?}: {e}",
                    String::from_utf8_lossy(bytes)
                )
            })?;
            out.push(after);
            Ok(())
        });
    }
}

impl ShapedRules for BoardFile {
    super::named_by_file!();

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
        let letters = self.board.stones.letters;
        let first = out.len();
        self.each_option(&text, player, &mut |bytes| {
            let shown = String::from_utf8_lossy(bytes);
            let after = board::parse_with(&shown, letters)
                .map_err(|e| format!("a move gave the board {shown:?}: {e}"))?;
            out.push(Move {
                act: Act::Listed(out.len() - first + 1),
                after,
            });
            Ok(())
        });
    }

    fn stones(&self) -> Option<StoneRules> {
        self.stone_rules.get().copied()
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

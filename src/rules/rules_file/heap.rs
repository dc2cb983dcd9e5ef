//! Rules files of games on heaps (`position = "heap"`). Heaps are nonnegative integers;
//! a position is a sum of heaps, written `3,5`. `moves(h, player)` returns the positions a heap of `h` leaves, each a sequence of
//! heaps (or one heap, an integer), every heap left smaller than `h` (so every game
//! ends). Heaps are valued from 0 up, each from the values of smaller ones: no search.
//! A census lists the heap of each size.

use std::collections::HashMap;
use std::sync::Mutex;

use mlua::{Table, Value};

use super::board::{failed, who};
use super::sandbox::MOVES;
use super::{File, Header};
use crate::error::{Error, Result};
use crate::rules::Ruleset;
use crate::rules::shape_rules::{Act, Kind, Move, Player, ShapedRules};
use crate::shapes::Shape;
use crate::values::game::GameId;

/// The largest heap a census or a position may hold.
pub const MAX_HEAP: usize = 1 << 20;

/// Builds the rules of a heap file from its header.
pub fn build(header: &Header, file: File) -> Result<Ruleset> {
    if !file.defines(MOVES) {
        return Err(header.bad("a game on heaps defines moves(h, player)".into()));
    }
    Ok(Ruleset::Shaped(Box::leak(Box::new(HeapFile {
        file,
        values: Mutex::new(vec![GameId::zero()]),
    }))))
}

/// A heap rules file: the values of heaps found so far, from 0 up.
pub struct HeapFile {
    /// The file: its names, text and kind.
    file: File,
    values: Mutex<Vec<GameId>>,
}

impl HeapFile {
    /// The heaps a heap of `h` leaves after each move of `player`.
    fn options(&self, h: usize, player: Player) -> Vec<Vec<usize>> {
        let shown = h.to_string();
        let got = self.file.script.with(|st| {
            let moves = st.rules[MOVES].as_ref().expect("checked on loading");
            moves.call::<Value>((h as i64, who(player)))
        });
        let list: Table = match got {
            Ok(Value::Table(t)) => t,
            Ok(other) => failed(
                &self.file.script,
                &shown,
                player,
                &format!(
                    "it returned a {}, not a list of positions",
                    other.type_name()
                ),
            ),
            Err(why) => failed(&self.file.script, &shown, player, &why),
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
                Err(why) => failed(&self.file.script, &shown, player, &why),
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
            let v = match self.file.kind() {
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
    super::named_by_file!();

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

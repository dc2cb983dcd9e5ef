//! Rules files of games on Hackenbush's positions (`position = "grounded"`): a graph of
//! edges coloured `B`, `R` or `G` standing on the ground (vertex 0), written, drawn and
//! listed by a census exactly as `--rules hackenbush` does (its notation `0-1:B,1-2:R`,
//! its census of grounded graphs and their colourings). After every move, an edge no
//! longer joined to the ground falls (the engine drops it).
//!
//! `moves(edges, player)` gets the edges as a sequence of `{a, b, colour}` (vertex 0
//! the ground, colour a letter) and the player (`"L"` or `"R"`), and returns the
//! position after each move: an integer `i`, the position without edge `i` (counted from
//! 1: a cut), or a sequence of edges `{a, b, colour}`. `game.parts = "grounded"` says a
//! position is the sum of the parts hanging from the ground apart (Hackenbush's); the
//! default `"whole"` does not split it.

use mlua::{Table, Value};

use super::sandbox::MOVES;
use super::{File, Header};
use crate::error::Result;
use crate::graphs::palette::Palette;
use crate::rules::Ruleset;
use crate::rules::hackenbush::{GROUND, HACKENBUSH_EDGES, Hackenbush, prune};
use crate::rules::shape_rules::{Act, Listing, Move, Player, ShapedRules};
use crate::shapes::Shape;

/// A rules file on grounded graphs.
pub struct GroundedFile {
    /// The file: its names, text and kind.
    file: File,
    /// The position is the sum of its parts hanging from the ground apart.
    splits: bool,
}

/// Builds the rules of a grounded file from its header.
pub fn build(header: &Header, file: File) -> Result<Ruleset> {
    if !file.defines(MOVES) {
        return Err(header.bad("a game on grounded graphs defines moves(edges, player)".into()));
    }
    let splits = match header.text_or("parts", "whole")?.as_str() {
        "whole" => false,
        "grounded" => true,
        other => {
            return Err(header.bad(format!(
                "game.parts {other:?}: give \"whole\" or \"grounded\" (a sum of the parts hanging from the ground apart)"
            )));
        }
    };
    Ok(Ruleset::Shaped(Box::leak(Box::new(GroundedFile {
        file,
        splits,
    }))))
}

impl GroundedFile {
    /// The position after a move, as the file gave it.
    fn option(&self, s: &Shape, got: Value) -> std::result::Result<Shape, String> {
        let e = |e: mlua::Error| super::sandbox::one_line(&e);
        match got {
            Value::Integer(i) if (1..=s.edges().len() as i64).contains(&i) => {
                Ok(prune(&s.without_edge(i as usize - 1)))
            }
            Value::Integer(i) => Err(format!(
                "a move gave edge {i}, but the position has edges 1 to {}",
                s.edges().len()
            )),
            Value::Table(t) => {
                let mut after = Shape::new(s.n().max(1), false);
                after.set_label(0, GROUND);
                for edge in t.sequence_values::<Table>() {
                    let edge = edge.map_err(e)?;
                    let a: i64 = edge.raw_get(1).map_err(e)?;
                    let b: i64 = edge.raw_get(2).map_err(e)?;
                    let c: mlua::LuaString = edge.raw_get(3).map_err(e)?;
                    let label = c
                        .as_bytes()
                        .first()
                        .and_then(|&l| HACKENBUSH_EDGES.label(l))
                        .filter(|_| c.as_bytes().len() == 1)
                        .ok_or("a move gave an edge whose colour is not B, R or G")?;
                    let n = s.n() as i64;
                    if !(0..n).contains(&a) || !(0..n).contains(&b) {
                        return Err(format!(
                            "a move gave edge {a}-{b}, but the position has vertices 0 to {}",
                            n - 1
                        ));
                    }
                    after.add_edge(a as usize, b as usize, label);
                }
                Ok(prune(&after))
            }
            other => Err(format!(
                "a move gave a {}, not an edge number or a list of edges",
                other.type_name()
            )),
        }
    }
}

impl ShapedRules for GroundedFile {
    super::named_by_file!();

    fn vertex_palette(&self) -> Palette {
        Hackenbush.vertex_palette()
    }

    fn edge_palette(&self) -> Palette {
        HACKENBUSH_EDGES
    }

    fn notation(&self) -> &'static str {
        Hackenbush.notation()
    }

    fn notation_help(&self) -> &'static str {
        Hackenbush.notation_help()
    }

    fn parse(&self, text: &str) -> Result<Shape> {
        Hackenbush.parse(text)
    }

    fn write(&self, s: &Shape) -> String {
        Hackenbush.write(s)
    }

    fn draw(&self, s: &Shape, caption: Option<&str>) -> Option<String> {
        Hackenbush.draw(s, caption)
    }

    fn size(&self, s: &Shape) -> usize {
        Hackenbush.size(s)
    }

    fn size_unit(&self) -> &'static str {
        Hackenbush.size_unit()
    }

    fn moves(&self, s: &Shape, player: Player, out: &mut Vec<Move>) {
        if s.edges().is_empty() {
            return;
        }
        let shown = || Hackenbush.write(s);
        let got = self.file.script.with(|st| {
            let edges = st.lua.create_table()?;
            for (i, e) in s.edges().iter().enumerate() {
                let letter = [HACKENBUSH_EDGES.letter(e.label)];
                let edge = st.lua.create_sequence_from([
                    Value::Integer(e.a as i64),
                    Value::Integer(e.b as i64),
                    Value::String(st.lua.create_string(letter)?),
                ])?;
                edges.raw_set(i + 1, edge)?;
            }
            let moves = st.rules[MOVES].as_ref().expect("checked on loading");
            moves.call::<Value>((edges, super::board::who(player)))
        });
        let list: Table = match got {
            Ok(Value::Table(t)) => t,
            Ok(other) => super::board::failed(
                &self.file.script,
                &shown(),
                player,
                &format!(
                    "it returned a {}, not a list of positions",
                    other.type_name()
                ),
            ),
            Err(why) => super::board::failed(&self.file.script, &shown(), player, &why),
        };
        for (i, opt) in list.sequence_values::<Value>().enumerate() {
            let after = opt
                .map_err(|e| super::sandbox::one_line(&e))
                .and_then(|o| self.option(s, o));
            match after {
                Ok(after) => out.push(Move {
                    act: Act::Listed(i + 1),
                    after,
                }),
                Err(why) => super::board::failed(&self.file.script, &shown(), player, &why),
            }
        }
    }

    fn components(&self, s: &Shape) -> Vec<Shape> {
        match (self.splits, s.edges().is_empty()) {
            (_, true) => Vec::new(),
            (true, false) => Hackenbush.components(s),
            (false, false) => vec![s.clone()],
        }
    }

    fn may_loop(&self) -> bool {
        true
    }

    fn enumerate(&self, size: usize, emit: &mut dyn FnMut(Shape) -> bool) -> Result<()> {
        Hackenbush.enumerate(size, emit)
    }

    fn max_census_size(&self) -> usize {
        Hackenbush.max_census_size()
    }

    fn max_multiplicity(&self) -> usize {
        Hackenbush.max_multiplicity()
    }

    fn check_listing(&self, listing: &Listing) -> Result<()> {
        Hackenbush.check_listing(listing)
    }

    fn enumerate_listed(
        &self,
        size: usize,
        listing: &Listing,
        emit: &mut dyn FnMut(Shape) -> bool,
    ) -> Result<()> {
        Hackenbush.enumerate_listed(size, listing, emit)
    }

    fn number_summary(&self) -> bool {
        Hackenbush.number_summary()
    }
}

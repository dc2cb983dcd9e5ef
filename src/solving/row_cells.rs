//! The cells of a row, filled by column name: what was computed for a position (its
//! game value, a scoring game's play, misère play) becomes one cell per value column of
//! its ruleset's [`Schema`](super::Schema), in the schema's order. The order and the
//! set of columns are decided once, in [`Schema::of`](super::Schema::of); every
//! kind of position (graphs of at most 64 vertices, graphs of any size, shapes) fills
//! its cells here, so a new value column is one arm below and one line in `Schema::of`.

use super::columns::{Cell, Column, Evaluation, MISERE_COLUMNS, Schema};
use super::misere::{Cgsuite, Misere};
use super::scoring::Play;
use crate::error::Result;
use crate::rules::Ruleset;
use crate::values::dyadic::Dyadic;
use crate::values::game::GameId;
use crate::values::limits::Limit;

/// What normal play gave for one position.
#[derive(Clone, Copy)]
pub(super) enum Normal<'a> {
    /// A game value (a nimber for impartial rules).
    Game(GameId),
    /// The optimal play of a scoring game.
    Scoring(&'a Play),
}

/// The normal-play cells of a position of `ruleset` whose normal play gave `normal`:
/// one per value column of `schema` before the misère ones. The dear columns (atomic
/// weight, temperature, mean) are computed only if `wanted` says they are written
/// (`--columns`).
pub(super) fn normal_cells(
    schema: &Schema,
    ruleset: Ruleset,
    wanted: &dyn Fn(&str) -> bool,
    normal: Normal,
) -> Result<Evaluation> {
    let mut e = Evaluation::default();
    for c in schema.normal_value_columns() {
        e.cells.push(match normal {
            Normal::Game(v) => game_cell(c, ruleset, wanted, v)?,
            Normal::Scoring(p) => scoring_cell(c, p),
        });
    }
    Ok(e)
}

/// Appends the misère cells (outcome, genus, tame) of a position with misère play `m`,
/// as CGSuite says it (`c`).
pub(super) fn push_misere_cells(e: &mut Evaluation, m: &Misere, c: Cgsuite) {
    let mut genus = Some(c.genus);
    for col in MISERE_COLUMNS {
        e.cells.push(match col.name {
            "misere" => Cell::Outcome(m.outcome()),
            "genus" => Cell::Text(genus.take().unwrap_or_default()),
            "tame" => Cell::Text(c.tame.to_string()),
            other => unreachable!("misère column {other}"),
        });
    }
}

/// Column `c` of a position of `ruleset` of value `v`.
fn game_cell(
    c: &Column,
    ruleset: Ruleset,
    wanted: &dyn Fn(&str) -> bool,
    v: GameId,
) -> Result<Cell> {
    let dear = |x: fn(GameId) -> std::result::Result<Dyadic, Limit>| -> Result<Cell> {
        Ok(match wanted(c.name) {
            true => Cell::Number(x(v)?),
            false => Cell::Empty,
        })
    };
    Ok(match c.name {
        "outcome" => Cell::Outcome(v.outcome()),
        "value" => Cell::Game(v),
        // The nim-value of a nimber; partizan rules on graphs leave it empty (their
        // CSVs always have: docs/CSV.md), games on shapes fill it when the value is a
        // nimber.
        "grundy" => match ruleset {
            Ruleset::Partizan(_) => Cell::Empty,
            _ => v
                .as_nus()
                .filter(|n| n.num.is_zero() && n.ups == 0)
                .map_or(Cell::Empty, |n| Cell::Int(n.nim as i64)),
        },
        // Every value of an all-small ruleset is all-small: no need to look.
        "atomic_weight" => match wanted(c.name) && (ruleset.all_small() || v.is_all_small()) {
            true => v.atomic_weight()?.map_or(Cell::Empty, Cell::Game),
            false => Cell::Empty,
        },
        "temperature" => dear(GameId::temperature)?,
        "mean" => dear(GameId::mean)?,
        other => unreachable!("column {other} of a game value"),
    })
}

/// Column `c` of a scoring game's optimal play `p`.
fn scoring_cell(c: &Column, p: &Play) -> Cell {
    match c.name {
        "margin" => Cell::Int(p.margin),
        "winner" => Cell::Text(p.winner.word().to_string()),
        "best_moves" => Cell::Text(p.best_moves_text()),
        "max_number" => Cell::Int(p.max_number() as i64),
        "first_total" => Cell::Int(p.totals.0),
        "second_total" => Cell::Int(p.totals.1),
        other => unreachable!("column {other} of a scoring game"),
    }
}

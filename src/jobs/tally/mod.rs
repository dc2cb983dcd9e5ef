//! Tallies of a run's rows, by what the ruleset's columns hold, for the summary: atomic
//! weights by number of vertices and the rows whose weight is not an integer (RULES.md's
//! open question; [`weights`]), winners of scoring games ([`winners`]), temperatures by
//! number of vertices and the hottest positions ([`temperatures`]), numbers by size in a
//! census of a game on shapes ([`numbers`]), what a census of a game on shapes finds by
//! size ([`shapes`]). Tallies are kept per
//! unit of work and merged in unit order, so they do not depend on the thread count.

pub mod misere;
pub mod numbers;
pub mod shapes;
mod table;
pub mod temperatures;
pub mod weights;
pub mod winners;

use std::path::Path;

pub use table::LISTED;

use crate::graphs::Position;
use crate::solving::{Evaluation, Schema};
use misere::MisereTally;
use numbers::NumberTally;
use shapes::ShapeTally;
use temperatures::TemperatureTally;
use weights::WeightTally;
use winners::WinnerTally;

/// Tallies of rows, by what the ruleset's columns hold.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Atomic weights (all-small rulesets).
    pub weights: Option<WeightTally>,
    /// Winners of scoring games.
    pub winners: Option<WinnerTally>,
    /// Temperatures (rules that are not all-small).
    pub temperatures: Option<TemperatureTally>,
    /// Misère play (rows with the misère columns).
    pub misere: Option<MisereTally>,
    /// Numbers by size (censuses of games on shapes that ask for it, such as Hackenbush).
    pub numbers: Option<NumberTally>,
    /// What a census of a game on shapes finds by size (outcomes, values, the hottest,
    /// nimbers, multiples of up).
    pub shapes: Option<ShapeTally>,
}

impl Tally {
    /// An empty tally for rows of `schema`.
    pub fn for_schema(schema: &Schema) -> Tally {
        Tally {
            weights: schema.index("atomic_weight").map(|i| {
                let value = schema.index("value").expect("a value column");
                WeightTally::new(i - schema.position_columns, value - schema.position_columns)
            }),
            winners: schema
                .index("winner")
                .map(|i| WinnerTally::new(i - schema.position_columns)),
            temperatures: schema.index("temperature").map(|i| {
                let value = schema.index("value").expect("a value column");
                TemperatureTally::new(i - schema.position_columns, value - schema.position_columns)
            }),
            misere: schema.index("misere").map(|i| {
                let at =
                    |name| schema.index(name).expect("a misère column") - schema.position_columns;
                MisereTally::new(
                    at("outcome"),
                    i - schema.position_columns,
                    at("genus"),
                    at("tame"),
                )
            }),
            numbers: None,
            shapes: None,
        }
    }

    /// Counts one row.
    pub fn add(&mut self, pos: &Position, eval: &Evaluation) {
        if let Some(w) = self.weights.as_mut() {
            w.add(pos, eval);
        }
        if let Some(w) = self.winners.as_mut() {
            w.add(pos, eval);
        }
        if let Some(t) = self.temperatures.as_mut() {
            t.add(pos, eval);
        }
        if let Some(m) = self.misere.as_mut() {
            m.add(pos, eval);
        }
    }

    /// Adds a later unit's tally.
    pub fn merge(&mut self, other: Tally) {
        if let (Some(a), Some(b)) = (self.weights.as_mut(), other.weights) {
            a.merge(b);
        }
        if let (Some(a), Some(b)) = (self.winners.as_mut(), other.winners) {
            a.merge(b);
        }
        if let (Some(a), Some(b)) = (self.temperatures.as_mut(), other.temperatures) {
            a.merge(b);
        }
        if let (Some(a), Some(b)) = (self.misere.as_mut(), other.misere) {
            a.merge(b);
        }
        if let (Some(a), Some(b)) = (self.numbers.as_mut(), other.numbers) {
            a.merge(b);
        }
        if let (Some(a), Some(b)) = (self.shapes.as_mut(), other.shapes) {
            a.merge(b);
        }
    }

    /// The tables of the summary (`csv`: where every row is).
    pub fn texts(&self, csv: &Path) -> Vec<String> {
        let mut t = Vec::new();
        if let Some(w) = &self.weights {
            t.push(w.text(csv));
        }
        if let Some(w) = &self.winners {
            t.push(w.text());
        }
        if let Some(w) = &self.temperatures {
            t.push(w.text(csv));
        }
        if let Some(m) = &self.misere {
            t.push(m.text());
        }
        if let Some(s) = &self.shapes {
            t.push(s.text());
        }
        if let Some(n) = &self.numbers {
            t.push(n.text(csv));
        }
        t
    }
}

//! What the census knows of a value beyond its options, as `explain` shows it: the
//! atomic weight (or why there is none) and the temperature theory (stops, temperature,
//! mean, thermograph and its walls' corners).

use crate::error::Result;
use crate::values::dyadic::Dyadic;
use crate::values::game::{GameId, NoWeight};

/// The atomic weight of a value ([`GameId::atomic_weight_or_reason`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// The atomic weight.
    Of(GameId),
    /// Undefined: the value is not infinitesimal.
    NotInfinitesimal,
    /// Infinitesimal, but not atomic: the calculus gives `candidate`, which the value
    /// (or twice it) contradicts.
    NotAtomic {
        /// What the calculus gives.
        candidate: GameId,
    },
}

impl Weight {
    /// The atomic weight of `g`, or why it has none.
    pub fn of(g: GameId) -> Result<Weight> {
        match g.atomic_weight_or_reason() {
            Ok(w) => Ok(Weight::Of(w)),
            Err(NoWeight::NotInfinitesimal) => Ok(Weight::NotInfinitesimal),
            Err(NoWeight::NotAtomic { candidate }) => Ok(Weight::NotAtomic { candidate }),
            Err(NoWeight::Limit(l)) => Err(l.into()),
        }
    }

    /// The line `explain` prints.
    pub fn text(&self) -> String {
        match self {
            Weight::Of(w) => format!("atomic weight: {w}"),
            Weight::NotInfinitesimal => {
                "atomic weight: undefined (the value is not infinitesimal)".to_string()
            }
            Weight::NotAtomic { candidate } => format!(
                "atomic weight: none, not atomic (the calculus gives {candidate}, which the \
                 value or twice it contradicts)"
            ),
        }
    }

    /// The JSON fields `atomic_weight`, `atomic_weight_status` and
    /// `atomic_weight_candidate`.
    pub fn json(w: Option<&Weight>) -> [(&'static str, serde_json::Value); 3] {
        use serde_json::Value;
        let (weight, status, candidate) = match w {
            None => (Value::Null, Value::Null, Value::Null),
            Some(Weight::Of(w)) => (w.to_string().into(), "defined".into(), Value::Null),
            Some(Weight::NotInfinitesimal) => (
                Value::Null,
                "undefined: not infinitesimal".into(),
                Value::Null,
            ),
            Some(Weight::NotAtomic { candidate }) => (
                Value::Null,
                "none: not atomic".into(),
                candidate.to_string().into(),
            ),
        };
        [
            ("atomic_weight", weight),
            ("atomic_weight_status", status),
            ("atomic_weight_candidate", candidate),
        ]
    }
}

/// The temperature theory of a value (docs/RULES.md), for hot rulesets.
#[derive(Clone, Debug)]
pub struct Thermal {
    /// Left and right stops.
    pub stops: (Dyadic, Dyadic),
    /// The temperature.
    pub temperature: Dyadic,
    /// The mean.
    pub mean: Dyadic,
    /// The thermograph, as CGSuite prints it.
    pub thermograph: String,
    /// The corners `(t, x)` of its left and right walls from t = −1 up (above the last,
    /// each wall is vertical).
    pub walls: [Vec<(Dyadic, Dyadic)>; 2],
}

impl Thermal {
    /// The temperature theory of `g`.
    pub fn of(g: GameId) -> Result<Thermal> {
        let th = g.thermograph()?;
        Ok(Thermal {
            stops: g.stops(),
            temperature: g.temperature()?,
            mean: g.mean()?,
            thermograph: th.to_string(),
            walls: [th.left.corners()?, th.right.corners()?],
        })
    }

    /// A wall's corners as JSON: `[{"t": "-1", "x": "4"}, ...]`.
    pub fn wall_json(corners: &[(Dyadic, Dyadic)]) -> serde_json::Value {
        corners
            .iter()
            .map(|(t, x)| serde_json::json!({"t": t.to_string(), "x": x.to_string()}))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::parse::parse_value;

    /// The three answers, on CGSuite's published atomic weights (lang2
    /// `CanonicalShortGameTestCase`, as docs/RULES.md lists them): `v*` weighs −1,
    /// `{3||2*|1*}` has none (not infinitesimal), `{1|^^^||^}` is not atomic (the
    /// calculus gives 5/2 for it).
    #[test]
    fn weights_and_why_there_is_none() {
        let w = |s: &str| Weight::of(parse_value(s).unwrap()).unwrap();
        assert_eq!(w("v*"), Weight::Of(GameId::integer(-1)));
        assert_eq!(w("v*").text(), "atomic weight: -1");
        assert_eq!(w("{3||2*|1*}"), Weight::NotInfinitesimal);
        let a = w("{1|^^^||^}");
        assert_eq!(
            a,
            Weight::NotAtomic {
                candidate: parse_value("5/2").unwrap()
            }
        );
        assert!(
            a.text()
                .starts_with("atomic weight: none, not atomic (the calculus gives 5/2")
        );
        let j = Weight::json(Some(&a));
        assert_eq!(j[1].1, "none: not atomic");
        assert_eq!(j[2].1, "5/2");
    }
}

//! The calculator: expressions over values (sums, differences, comparisons) and the
//! functions of `gamecensus value`.

use super::{MAX_NIMBER, Parser};
use crate::error::{Error, Result};
use crate::values::dyadic::Dyadic;
use crate::values::game::{CoolError, GameId, NoWeight};
use crate::values::limits::Limit;
use crate::values::trajectory::Thermograph;

/// What an expression evaluates to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A game value.
    Game(GameId),
    /// A comparison's answer.
    Truth(bool),
    /// An outcome class.
    Outcome(crate::values::Outcome),
    /// An integer (a birthday).
    Integer(i64),
    /// The thermograph of a game (printed as CGSuite prints its walls).
    Thermograph(GameId, Thermograph),
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Game(g) => write!(f, "{g}"),
            Answer::Truth(t) => write!(f, "{t}"),
            Answer::Outcome(o) => write!(f, "{o}"),
            Answer::Integer(n) => write!(f, "{n}"),
            Answer::Thermograph(_, t) => write!(f, "{t}"),
        }
    }
}

/// Evaluates a calculator expression.
pub fn evaluate(s: &str) -> Result<Answer> {
    super::check_length(s)?;
    let mut p = Parser::new(s);
    let a = p.comparison()?;
    p.end()?;
    if let Answer::Game(g) = a {
        reads_back(g)?;
    }
    Ok(a)
}

/// Refuses a value whose notation would not read back: one holding a nimber above
/// [`MAX_NIMBER`] (made by braces with thousands of options: `{0, *, ..., *2047 | ...}`
/// is *2048). The literals' limits keep everything else in range: ups are the kernel's
/// own limit, and nimbers up to *2047 add (exclusive or) to nimbers up to *2047.
fn reads_back(g: GameId) -> Result<()> {
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![g];
    while let Some(g) = todo.pop() {
        if !seen.insert(g) {
            continue;
        }
        match g.as_nus() {
            Some(n) if n.nim as u64 > MAX_NIMBER => {
                return Err(Error::Limit(format!(
                    "the value holds *{}, beyond the largest nimber the notation reads \
                     (*{MAX_NIMBER}), so it is not printed",
                    n.nim
                )));
            }
            Some(_) => {}
            None => {
                let (l, r) = g.sides();
                todo.extend(l.iter().chain(r));
            }
        }
    }
    Ok(())
}

impl Parser {
    fn comparison(&mut self) -> Result<Answer> {
        let left = self.sum()?;
        for (op, f) in [
            ("<=", GameId::leq as fn(GameId, GameId) -> bool),
            (">=", GameId::geq),
            ("==", |a: GameId, b: GameId| a == b),
            ("||", GameId::confused),
            ("<", GameId::less),
            (">", GameId::greater),
        ] {
            if self.eat(op) {
                let right = self.sum()?;
                return Ok(Answer::Truth(f(self.game(left)?, self.game(right)?)));
            }
        }
        Ok(left)
    }

    fn game(&self, a: Answer) -> Result<GameId> {
        match a {
            Answer::Game(g) => Ok(g),
            Answer::Integer(n) => Ok(GameId::number(
                Dyadic::try_int(n).map_err(|l| self.limit(l))?,
            )),
            other => Err(self.err(format!("{other} is not a game"))),
        }
    }

    fn sum(&mut self) -> Result<Answer> {
        let mut acc = self.unary()?;
        loop {
            if self.eat("+") {
                let b = self.unary()?;
                let sum = self.game(acc)?.checked_add(self.game(b)?);
                acc = Answer::Game(sum.map_err(|l| self.limit(l))?);
            } else if self.peek() == Some('-') {
                self.pos += 1;
                let b = self.unary()?;
                let diff = self.game(acc)?.checked_sub(self.game(b)?);
                acc = Answer::Game(diff.map_err(|l| self.limit(l))?);
            } else {
                return Ok(acc);
            }
        }
    }

    fn unary(&mut self) -> Result<Answer> {
        self.nested(Parser::unary_here)
    }

    fn unary_here(&mut self) -> Result<Answer> {
        // "-1v" is the literal −1 + ↓, not −(1v): a minus before a digit belongs to the
        // number.
        if self.peek() == Some('-')
            && !self
                .chars
                .get(self.pos + 1)
                .is_some_and(|c| c.is_ascii_digit())
        {
            self.pos += 1;
            let a = self.unary()?;
            return Ok(Answer::Game(-self.game(a)?));
        }
        if let Some(name) = FUNCTIONS.iter().copied().find(|name| {
            self.peek_str(name)
                && self
                    .chars
                    .get(self.pos + name.len())
                    .is_some_and(|c| *c == '(' || c.is_whitespace())
        }) {
            self.pos += name.len();
            return self.call(name);
        }
        if self.eat("(") {
            let a = self.comparison()?;
            if !self.eat(")") {
                return Err(self.err("expected )"));
            }
            return Ok(a);
        }
        Ok(Answer::Game(self.game_expr()?))
    }

    /// The arguments of a function (after its name), as games: `(G)` or `(G, t)`.
    fn arguments(&mut self, name: &str, count: usize) -> Result<Vec<GameId>> {
        self.skip_ws();
        if !self.eat("(") {
            return Err(self.err(format!("expected ( after {name}")));
        }
        let mut args = Vec::with_capacity(count);
        for k in 0..count {
            if k > 0 && !self.eat(",") {
                return Err(self.err(format!("{name} takes {count} arguments")));
            }
            let a = self.sum()?;
            args.push(self.game(a)?);
        }
        if !self.eat(")") {
            return Err(self.err(if count == 1 {
                "expected )".to_string()
            } else {
                format!("expected ) after the {count} arguments of {name}")
            }));
        }
        Ok(args)
    }

    fn call(&mut self, name: &str) -> Result<Answer> {
        let count = if matches!(name, "cool" | "heat") {
            2
        } else {
            1
        };
        let args = self.arguments(name, count)?;
        let g = args[0];
        match name {
            "aw" => g
                .atomic_weight_or_reason()
                .map(Answer::Game)
                .map_err(|why| match why {
                    NoWeight::NotInfinitesimal => self.err(format!(
                        "{g} is not infinitesimal, so it has no atomic weight"
                    )),
                    NoWeight::NotAtomic { candidate } if candidate.as_number().is_none() => self
                        .err(format!(
                            "{g} is not atomic: the atomic-weight calculus gives \
                             {candidate}, and beyond all-small games only a number is \
                             accepted as a weight"
                        )),
                    NoWeight::NotAtomic { candidate } => self.err(format!(
                        "{g} is not atomic: the atomic-weight calculus gives \
                         {candidate}, but G or G+G is not where a game of that \
                         weight must be against a remote star"
                    )),
                    NoWeight::Limit(l) => self.limit(l),
                }),
            "outcome" => Ok(Answer::Outcome(g.outcome())),
            "birthday" => Ok(Answer::Integer(
                i64::try_from(g.birthday()).map_err(|_| self.limit(Limit::Number))?,
            )),
            "mean" => Ok(Answer::Game(GameId::number(
                g.mean().map_err(|l| self.limit(l))?,
            ))),
            "temp" | "temperature" => Ok(Answer::Game(GameId::number(
                g.temperature().map_err(|l| self.limit(l))?,
            ))),
            "thermograph" => Ok(Answer::Thermograph(
                g,
                (*g.thermograph().map_err(|l| self.limit(l))?).clone(),
            )),
            "cool" => {
                let t = args[1]
                    .as_number()
                    .ok_or_else(|| self.err(format!("cool by {}: t must be a number", args[1])))?;
                g.cool(t).map(Answer::Game).map_err(|e| match e {
                    CoolError::BelowMinusOne => {
                        self.err(format!("cool by {t}: t must be greater than -1"))
                    }
                    CoolError::Limit(l) => self.limit(l),
                })
            }
            "heat" => Ok(Answer::Game(g.heat(args[1]).map_err(|l| self.limit(l))?)),
            other => unreachable!("function {other} is listed but not defined"),
        }
    }
}

/// The calculator's functions (longer names first where one is a prefix of another).
const FUNCTIONS: &[&str] = &[
    "aw",
    "outcome",
    "birthday",
    "mean",
    "temperature",
    "temp",
    "thermograph",
    "cool",
    "heat",
];

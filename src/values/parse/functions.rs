//! The calculator's functions: a name (CGSuite's name of the method, in any case and
//! with or without underscores, or a short name) and its arguments in parentheses.

use super::Parser;
use super::calc::Answer;
use crate::error::Result;
use crate::values::game::{CoolError, GameId, NoWeight};
use crate::values::limits::Limit;
use crate::values::nimber::nim_product;

/// A function: its name, the other names it answers to (compared in lower case without
/// underscores) and how many arguments it takes.
struct Function {
    name: &'static str,
    aliases: &'static [&'static str],
    arity: usize,
}

const fn f(name: &'static str, aliases: &'static [&'static str], arity: usize) -> Function {
    Function {
        name,
        aliases,
        arity,
    }
}

/// Every function of the calculator.
const FUNCTIONS: &[Function] = &[
    f("aw", &["atomicweight"], 1),
    f("outcome", &["outcomeclass"], 1),
    f("birthday", &[], 1),
    f("mean", &[], 1),
    f("temp", &["temperature"], 1),
    f("thermograph", &[], 1),
    f("cool", &[], 2),
    f("heat", &[], 2),
    f("lstop", &["leftstop"], 1),
    f("rstop", &["rightstop"], 1),
    f("rcf", &["reducedcanonicalform"], 1),
    f("tiny", &[], 1),
    f("miny", &[], 1),
    f("ordinalsum", &[], 2),
    f("norton", &["nortonproduct", "nortonmultiply"], 2),
    f("nimmul", &["nimproduct"], 2),
    f("overheat", &[], 3),
    f("incentives", &[], 1),
    f("lincentives", &["leftincentives"], 1),
    f("rincentives", &["rightincentives"], 1),
    f("is_infinitesimal", &["isinfinitesimal"], 1),
    f("is_numberish", &["isnumberish"], 1),
    f("is_all_small", &["isallsmall"], 1),
    f("misere_outcome", &["misereoutcomeclass"], 1),
    f("misere_grundy", &["miserenimvalue"], 1),
    f("genus", &[], 1),
    f("misere", &["miserecanonicalform"], 1),
];

/// The functions whose argument is an impartial game tree, not a value (`misere.rs`).
const MISERE: &[&str] = &["misere_outcome", "misere_grundy", "genus", "misere"];

/// The function called `ident`, if any.
fn lookup(ident: &str) -> Option<&'static Function> {
    let key: String = ident
        .chars()
        .filter(|c| *c != '_')
        .flat_map(char::to_lowercase)
        .collect();
    FUNCTIONS
        .iter()
        .find(|f| f.name.replace('_', "") == key || f.aliases.contains(&key.as_str()))
}

impl Parser {
    /// A function call at the current position, if a name stands here: `None` if what
    /// follows is not a name (a value such as `v2` or `Tiny(2)` is read as a value).
    pub(super) fn function(&mut self) -> Result<Option<Answer>> {
        self.skip_ws();
        let start = self.pos;
        let ident_char = |c: &char| c.is_ascii_alphanumeric() || *c == '_';
        if !self
            .chars
            .get(start)
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == '_')
        {
            return Ok(None);
        }
        let end = start
            + self.chars[start..]
                .iter()
                .take_while(|c| ident_char(c))
                .count();
        let ident: String = self.chars[start..end].iter().collect();
        let next = self.chars[end..].iter().find(|c| !c.is_whitespace());
        match lookup(&ident) {
            Some(func) if MISERE.contains(&func.name) => {
                self.pos = end;
                self.misere_function(func.name).map(Some)
            }
            Some(func) => {
                self.pos = end;
                let args = self.arguments(func.name, func.arity)?;
                self.call(func.name, &args).map(Some)
            }
            None if next == Some(&'(') && ident != "v" => Err(self.err(format!(
                "no function {ident}; the functions are {}",
                FUNCTIONS
                    .iter()
                    .map(|f| f.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
            _ => Ok(None),
        }
    }

    fn call(&mut self, name: &str, args: &[GameId]) -> Result<Answer> {
        let g = args[0];
        let game = |r: std::result::Result<GameId, Limit>| -> Result<Answer> {
            Ok(Answer::Game(r.map_err(|l| self.limit(l))?))
        };
        let number = |x| Ok(Answer::Game(GameId::number(x)));
        match name {
            "aw" => self.atomic_weight(g),
            "outcome" => Ok(Answer::Outcome(g.outcome())),
            "birthday" => Ok(Answer::Integer(
                i64::try_from(g.birthday()).map_err(|_| self.limit(Limit::Number))?,
            )),
            "mean" => number(g.mean().map_err(|l| self.limit(l))?),
            "temp" => number(g.temperature().map_err(|l| self.limit(l))?),
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
            "heat" => game(g.heat(args[1])),
            "lstop" => number(g.left_stop()),
            "rstop" => number(g.right_stop()),
            "rcf" => game(g.reduced_canonical_form()),
            "tiny" => game(GameId::tiny(g)),
            "miny" => game(GameId::miny(g)),
            "ordinalsum" => game(g.ordinal_sum(args[1])),
            "norton" => Ok(Answer::Game(self.norton(g, args[1])?)),
            "nimmul" => {
                let nim = |x: GameId| {
                    x.as_nus()
                        .filter(|n| n.num.is_zero() && n.ups == 0)
                        .map(|n| n.nim)
                        .ok_or_else(|| {
                            self.err(format!("nimmul multiplies nimbers, and {x} is not one"))
                        })
                };
                let p = nim_product(nim(g)?.into(), nim(args[1])?.into());
                let p = u32::try_from(p).expect("nimbers below 2^32 form a field");
                Ok(Answer::Game(GameId::nimber(p)))
            }
            "overheat" => game(g.overheat(args[1], args[2])),
            "incentives" | "lincentives" | "rincentives" => {
                let v = g.incentives(name != "rincentives", name != "lincentives");
                Ok(Answer::List(v.map_err(|l| self.limit(l))?))
            }
            "is_infinitesimal" => Ok(Answer::Truth(g.is_infinitesimal())),
            "is_numberish" => Ok(Answer::Truth(g.is_numberish())),
            "is_all_small" => Ok(Answer::Truth(g.is_all_small())),
            other => unreachable!("function {other} is listed but not defined"),
        }
    }

    fn atomic_weight(&self, g: GameId) -> Result<Answer> {
        g.atomic_weight_or_reason()
            .map(Answer::Game)
            .map_err(|why| match why {
                NoWeight::NotInfinitesimal => self.err(format!(
                    "{g} is not infinitesimal, so it has no atomic weight"
                )),
                NoWeight::NotAtomic { candidate } if candidate.as_number().is_none() => {
                    self.err(format!(
                        "{g} is not atomic: the atomic-weight calculus gives \
                         {candidate}, and beyond all-small games only a number is \
                         accepted as a weight"
                    ))
                }
                NoWeight::NotAtomic { candidate } => self.err(format!(
                    "{g} is not atomic: the atomic-weight calculus gives \
                     {candidate}, but G or G+G is not where a game of that \
                     weight must be against a remote star"
                )),
                NoWeight::Limit(l) => self.limit(l),
            })
    }
}

//! The calculator: expressions over values (sums, differences, ordinal sums, Norton
//! products, comparisons); the functions of `gamecensus value` are in `functions.rs`.

use super::{MAX_NIMBER, Parser};
use crate::error::{Error, Result};
use crate::values::dyadic::Dyadic;
use crate::values::game::GameId;
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
    /// A list of games (incentives), printed `[a, b]` in the order of their notation.
    List(Vec<GameId>),
    /// A genus symbol (misère play), printed as CGSuite prints it for this form.
    Genus(crate::values::genus::Genus, crate::values::genus::GenusForm),
    /// Text printed as it is (a misère simplest form in CGSuite's notation).
    Text(String),
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Game(g) => write!(f, "{g}"),
            Answer::Truth(t) => write!(f, "{t}"),
            Answer::Outcome(o) => write!(f, "{o}"),
            Answer::Integer(n) => write!(f, "{n}"),
            Answer::Thermograph(_, t) => write!(f, "{t}"),
            Answer::Genus(g, form) => write!(f, "{}", g.cgsuite_symbol(*form)),
            Answer::Text(t) => write!(f, "{t}"),
            Answer::List(v) => {
                let mut parts: Vec<String> = v.iter().map(|g| g.to_string()).collect();
                parts.sort_unstable();
                write!(f, "[{}]", parts.join(", "))
            }
        }
    }
}

/// Evaluates a calculator expression.
pub fn evaluate(s: &str) -> Result<Answer> {
    super::check_length(s)?;
    let mut p = Parser::new(s);
    let a = p.comparison()?;
    p.end()?;
    match &a {
        Answer::Game(g) => reads_back(*g)?,
        Answer::List(v) => v.iter().try_for_each(|g| reads_back(*g))?,
        _ => {}
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

    pub(super) fn game(&self, a: Answer) -> Result<GameId> {
        match a {
            Answer::Game(g) => Ok(g),
            Answer::Integer(n) => Ok(GameId::number(
                Dyadic::try_int(n).map_err(|l| self.limit(l))?,
            )),
            other => Err(self.err(format!("{other} is not a game"))),
        }
    }

    fn sum(&mut self) -> Result<Answer> {
        let mut acc = self.ordinal()?;
        loop {
            if self.eat("+") {
                let b = self.ordinal()?;
                let sum = self.game(acc)?.checked_add(self.game(b)?);
                acc = Answer::Game(sum.map_err(|l| self.limit(l))?);
            } else if self.peek() == Some('-') {
                self.pos += 1;
                let b = self.ordinal()?;
                let diff = self.game(acc)?.checked_sub(self.game(b)?);
                acc = Answer::Game(diff.map_err(|l| self.limit(l))?);
            } else {
                return Ok(acc);
            }
        }
    }

    /// Ordinal sums `G : H`, left to right, binding tighter than `+` and looser than
    /// the Norton product (CGSuite's precedence).
    fn ordinal(&mut self) -> Result<Answer> {
        let mut acc = self.product()?;
        while self.eat(":") {
            let b = self.product()?;
            let g = self.game(acc)?.ordinal_sum(self.game(b)?);
            acc = Answer::Game(g.map_err(|l| self.limit(l))?);
        }
        Ok(acc)
    }

    /// Norton products `G . U`, left to right.
    fn product(&mut self) -> Result<Answer> {
        let mut acc = self.unary()?;
        while self.peek() == Some('.') {
            let digit = |c: Option<&char>| c.is_some_and(|c| c.is_ascii_digit());
            if self.pos > 0
                && digit(self.chars.get(self.pos - 1))
                && digit(self.chars.get(self.pos + 1))
            {
                return Err(self.err(
                    "a decimal point? numbers are written as fractions (3/2, not 1.5); \
                     the Norton product G.U of two numbers needs spaces (1 . 5)",
                ));
            }
            self.pos += 1;
            let b = self.unary()?;
            acc = Answer::Game(self.norton(self.game(acc)?, self.game(b)?)?);
        }
        Ok(acc)
    }

    /// Norton's product, refused for a U that is not positive unless G is an integer
    /// (then it is G copies of U): Siegel's laws hold for U > 0 only.
    pub(super) fn norton(&self, g: GameId, u: GameId) -> Result<GameId> {
        if g.as_number().is_none_or(|x| !x.is_integer()) && !u.greater(GameId::zero()) {
            return Err(self.err(format!(
                "the Norton product G.U is defined for U > 0 (or G an integer), and U = {u} is not positive"
            )));
        }
        g.norton_product(u).map_err(|l| self.limit(l))
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
        if let Some(answer) = self.function()? {
            return Ok(answer);
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

    /// The arguments of a function (after its name), as games: `(G)`, `(G, t)`, ...
    pub(super) fn arguments(&mut self, name: &str, count: usize) -> Result<Vec<GameId>> {
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
}

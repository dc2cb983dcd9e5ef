//! Reading values and expressions in the RULES.md notation, plus CGSuite's input
//! shorthands, and the `gamecensus value` calculator.
//!
//! Values: integers and dyadic fractions (`-2`, `3/4`); nimbers `*`, `*3`; ups `^`, `v`,
//! `^2`, `v3`, also repeated (`^^`, `vvv`); number-up-star sums in that order (`1/2^*`,
//! `v2*3`, `^^*`); `±G` or `+-G` for `{G|−G}`; braces `{L1, L2|R1, R2}`, where a run of
//! bars splits at the longest run first: `{0||0|v*}` is `{0|{0|v*}}`.
//!
//! Expressions: `+`, `-`, unary minus, parentheses, the comparisons `<=`, `>=`, `==`,
//! `<`, `>`, `||` (confused with) and the functions `aw(G)`, `outcome(G)`, `birthday(G)`.
//! Errors name the position (1-based character) of the problem.

use super::dyadic::Dyadic;
use super::game::{GameId, NoWeight, Nus};
use super::limits::Limit;
use crate::error::{Error, Result};

/// Limits on the multiples of ↑ and the nimbers a literal may write, so that an
/// expression stays within reasonable time and depth (their canonical forms are walked
/// recursively). Numbers have no limit of their own: a literal is accepted exactly when
/// the kernel can hold its value ([`crate::values::dyadic`]).
pub const MAX_UPS: u64 = 256;
/// See [`MAX_UPS`].
pub const MAX_NIMBER: u64 = 1024;

/// What an expression evaluates to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Game(GameId),
    Truth(bool),
    Outcome(super::Outcome),
    Integer(i64),
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Game(g) => write!(f, "{g}"),
            Answer::Truth(t) => write!(f, "{t}"),
            Answer::Outcome(o) => write!(f, "{o}"),
            Answer::Integer(n) => write!(f, "{n}"),
        }
    }
}

/// Parses one value (no operators other than those inside braces and `±`).
pub fn parse_value(s: &str) -> Result<GameId> {
    let mut p = Parser::new(s);
    let g = p.game_expr()?;
    p.end()?;
    Ok(g)
}

/// Evaluates a calculator expression.
pub fn evaluate(s: &str) -> Result<Answer> {
    let mut p = Parser::new(s);
    let a = p.comparison()?;
    p.end()?;
    Ok(a)
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    src: String,
}

impl Parser {
    fn new(s: &str) -> Parser {
        Parser {
            chars: s.chars().collect(),
            pos: 0,
            src: s.to_string(),
        }
    }

    /// A kernel limit reached at the current position.
    fn limit(&self, l: Limit) -> Error {
        Error::Limit(format!("{:?} at position {}: {l}", self.src, self.pos + 1))
    }

    fn err(&self, msg: impl std::fmt::Display) -> Error {
        Error::usage(format!(
            "{:?} at position {}: {msg}",
            self.src,
            self.pos + 1
        ))
    }

    fn skip_ws(&mut self) {
        while self.pos < self.chars.len() && self.chars[self.pos].is_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.chars.get(self.pos).copied()
    }

    fn peek_str(&mut self, s: &str) -> bool {
        self.skip_ws();
        s.chars()
            .enumerate()
            .all(|(i, c)| self.chars.get(self.pos + i) == Some(&c))
    }

    fn eat(&mut self, s: &str) -> bool {
        if self.peek_str(s) {
            self.pos += s.chars().count();
            true
        } else {
            false
        }
    }

    fn end(&mut self) -> Result<()> {
        match self.peek() {
            None => Ok(()),
            Some(c) => Err(self.err(format!("unexpected {c:?}"))),
        }
    }

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
        for (name, f) in [("aw", 0), ("outcome", 1), ("birthday", 2)] {
            if self.peek_str(name)
                && self
                    .chars
                    .get(self.pos + name.len())
                    .is_some_and(|c| *c == '(' || c.is_whitespace())
            {
                self.pos += name.len();
                if !self.eat("(") {
                    return Err(self.err(format!("expected ( after {name}")));
                }
                let inner = self.sum()?;
                let g = self.game(inner)?;
                if !self.eat(")") {
                    return Err(self.err("expected )"));
                }
                return match f {
                    0 => g
                        .atomic_weight_or_reason()
                        .map(Answer::Game)
                        .map_err(|why| match why {
                            NoWeight::NotInfinitesimal => self.err(format!(
                                "{g} is not infinitesimal, so it has no atomic weight"
                            )),
                            NoWeight::NotAtomic { candidate } => self.err(format!(
                                "{g} is not atomic: the atomic-weight calculus gives \
                                 {candidate}, but G or G+G is not where a game of that \
                                 weight must be against a remote star"
                            )),
                            NoWeight::Limit(l) => self.limit(l),
                        }),
                    1 => Ok(Answer::Outcome(g.outcome())),
                    _ => Ok(Answer::Integer(
                        i64::try_from(g.birthday()).map_err(|_| self.limit(Limit::Number))?,
                    )),
                };
            }
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

    /// A value: `±G`, braces, or a number-up-star literal.
    fn game_expr(&mut self) -> Result<GameId> {
        if self.eat("±") || self.eat("+-") {
            let g = self.game_expr()?;
            return GameId::from_options(&[g], &[-g]).map_err(|l| self.limit(l));
        }
        match self.peek() {
            Some('{') => self.braces(),
            Some('-')
                if self
                    .chars
                    .get(self.pos + 1)
                    .is_some_and(|c| c.is_ascii_digit()) =>
            {
                self.literal()
            }
            Some('-') => {
                self.pos += 1;
                Ok(-self.game_expr()?)
            }
            Some(c) if c.is_ascii_digit() || c == '*' || c == '^' || c == 'v' => self.literal(),
            Some(c) => Err(self.err(format!("expected a value, found {c:?}"))),
            None => Err(self.err("expected a value, found the end")),
        }
    }

    /// A run of decimal digits (saturating at `u128::MAX`), or `None` if there is none.
    fn digits(&mut self) -> Option<u128> {
        let start = self.pos;
        while self.pos < self.chars.len() && self.chars[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if start == self.pos {
            return None;
        }
        self.chars[start..self.pos]
            .iter()
            .collect::<String>()
            .parse()
            .ok()
            .or(Some(u128::MAX))
    }

    fn literal(&mut self) -> Result<GameId> {
        self.skip_ws();
        let start = self.pos;
        let negative = self.chars.get(self.pos) == Some(&'-');
        if negative {
            self.pos += 1;
        }
        let mut num = Dyadic::ZERO;
        if let Some(n) = self.digits() {
            let mut exp = 0;
            if self.chars.get(self.pos) == Some(&'/') {
                self.pos += 1;
                let d = self
                    .digits()
                    .ok_or_else(|| self.err("expected a denominator"))?;
                if d == 0 || !d.is_power_of_two() {
                    return Err(self.err(format!(
                        "{n}/{d}: short games have dyadic numbers only (the denominator must be a power of two)"
                    )));
                }
                exp = d.trailing_zeros();
            }
            let signed = i128::try_from(n)
                .ok()
                .map(|n| if negative { -n } else { n });
            num = signed
                .ok_or(Limit::Number)
                .and_then(|n| Dyadic::new(n, exp))
                .map_err(|l| {
                    self.pos = start;
                    self.limit(l)
                })?;
        }
        let mut ups: i64 = 0;
        match self.chars.get(self.pos) {
            Some('^') | Some('v') => {
                let c = self.chars[self.pos];
                let sign = if c == '^' { 1 } else { -1 };
                let mut count = 0;
                while self.chars.get(self.pos) == Some(&c) {
                    count += 1;
                    self.pos += 1;
                }
                if let Some(k) = self.digits() {
                    if count > 1 {
                        return Err(self.err("write ^3 or ^^^, not both"));
                    }
                    if k > MAX_UPS as u128 {
                        return Err(self.err(format!("at most {MAX_UPS} ups")));
                    }
                    count = k as i64;
                }
                ups = sign * count;
            }
            _ => {}
        }
        let mut nim = 0u32;
        if self.chars.get(self.pos) == Some(&'*') {
            self.pos += 1;
            nim = match self.digits() {
                Some(k) if k <= MAX_NIMBER as u128 => k as u32,
                Some(_) => {
                    return Err(self.err(format!("nimber too large (at most *{MAX_NIMBER})")));
                }
                None => 1,
            };
        }
        if self.pos == start + negative as usize {
            return Err(self.err("expected a value"));
        }
        Ok(GameId::nus(Nus {
            num,
            ups: ups as i32,
            nim,
        }))
    }

    /// `{ ... }` with runs of bars: split at the longest run; ties are ambiguous.
    fn braces(&mut self) -> Result<GameId> {
        let open = self.pos;
        self.eat("{");
        // Items: option lists separated by bar runs.
        let mut lists: Vec<Vec<GameId>> = vec![Vec::new()];
        let mut bars: Vec<usize> = Vec::new();
        loop {
            match self.peek() {
                Some('}') => {
                    self.pos += 1;
                    break;
                }
                Some('|') => {
                    let mut k = 0;
                    while self.chars.get(self.pos) == Some(&'|') {
                        k += 1;
                        self.pos += 1;
                    }
                    bars.push(k);
                    lists.push(Vec::new());
                }
                Some(',') => {
                    self.pos += 1;
                }
                None => {
                    self.pos = open;
                    return Err(self.err("{ without }"));
                }
                _ => {
                    let g = self.option()?;
                    lists.last_mut().unwrap().push(g);
                }
            }
        }
        if bars.is_empty() {
            self.pos = open;
            return Err(self.err("braces need a | between left and right options"));
        }
        self.split_bars(&lists, &bars, open)
    }

    fn split_bars(&self, lists: &[Vec<GameId>], bars: &[usize], open: usize) -> Result<GameId> {
        if bars.is_empty() {
            return match lists {
                [single] if single.len() == 1 => Ok(single[0]),
                _ => Err(Error::usage(format!(
                    "{:?} at position {}: a side of a multiple bar must be one value",
                    self.src,
                    open + 1
                ))),
            };
        }
        let max = *bars.iter().max().unwrap();
        let at: Vec<usize> = (0..bars.len()).filter(|&i| bars[i] == max).collect();
        if at.len() > 1 {
            return Err(Error::usage(format!(
                "{:?} at position {}: two runs of {max} bars in one pair of braces are ambiguous",
                self.src,
                open + 1
            )));
        }
        let i = at[0];
        let side = |ls: &[Vec<GameId>], bs: &[usize]| -> Result<Vec<GameId>> {
            if bs.is_empty() {
                Ok(ls[0].clone())
            } else {
                Ok(vec![self.split_bars(ls, bs, open)?])
            }
        };
        let left = side(&lists[..=i], &bars[..i])?;
        let right = side(&lists[i + 1..], &bars[i + 1..])?;
        GameId::from_options(&left, &right).map_err(|l| self.limit(l))
    }

    /// An option inside braces: a value, possibly with sums and differences.
    fn option(&mut self) -> Result<GameId> {
        let mut g = self.game_expr()?;
        loop {
            if self.peek() == Some('+') && !self.peek_str("+-") {
                self.pos += 1;
                let h = self.game_expr()?;
                g = g.checked_add(h).map_err(|l| self.limit(l))?;
            } else if self.peek() == Some('-') {
                self.pos += 1;
                let h = self.game_expr()?;
                g = g.checked_sub(h).map_err(|l| self.limit(l))?;
            } else {
                return Ok(g);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(s: &str) -> String {
        evaluate(s).unwrap().to_string()
    }

    #[test]
    fn notation_round_trips_and_shorthands() {
        for s in [
            "0",
            "*",
            "*3",
            "^",
            "v",
            "^2",
            "v3",
            "^*",
            "v2*3",
            "1/2^*",
            "-2",
            "3/4",
            "{1|-1}",
            "{0, ^*|0}",
        ] {
            assert_eq!(show(s), s, "{s}");
        }
        assert_eq!(show("^^"), "^2");
        assert_eq!(show("vvv"), "v3");
        assert_eq!(show("^^*"), "^2*");
        assert_eq!(show("±1"), "{1|-1}");
        assert_eq!(show("+-1"), "{1|-1}");
        assert_eq!(show("{0||0|v*}"), show("{0|{0|v*}}"));
        assert_eq!(show("{0|1}"), "1/2");
        assert_eq!(show("^ + ^"), "^2");
        assert_eq!(show("^ + *"), "^*");
        assert_eq!(show("* + *"), "0");
        assert_eq!(show("-(^ + *2)"), "v*2");
        assert_eq!(show("-1v"), "-1v");
        assert_eq!(show("-1/2^*"), "-1/2^*");
        assert_eq!(show("-^"), "v");
        assert_eq!(show("2 -1v"), "1^");
        assert_eq!(show("{1|-1} <= 0"), "false");
        assert_eq!(show("{1|-1} || 0"), "true");
        assert_eq!(show("^* || 0"), "true");
        assert_eq!(show("^^* > 0"), "true");
        assert_eq!(show("aw(^^*)"), "2");
        assert_eq!(show("aw({^^^|vv})"), "{1|0}");
        assert_eq!(show("outcome(^*)"), "N");
        assert_eq!(show("outcome(v)"), "R");
        assert_eq!(show("birthday(3/4)"), "3");
        assert_eq!(show("birthday(^)"), "2");
    }

    #[test]
    fn errors_name_the_position() {
        let e = |s: &str| evaluate(s).unwrap_err().to_string();
        assert!(e("{0|").contains("position 1"), "{}", e("{0|"));
        assert!(e("1/3").contains("dyadic"));
        assert!(e("^ + ").contains("position 5"), "{}", e("^ + "));
        assert!(e("aw(1)").contains("no atomic weight"));
        assert!(e("aw({{1*|*}|{{*|v}|0}})").contains("not atomic"));
        assert!(e("{0|0|0}").contains("ambiguous"));
        assert!(e("2 ?").contains("position 3"));
        assert!(e("{0 1}").contains("|"));
        assert!(e("*5000").contains("nimber too large"));
        assert!(e("^999").contains("ups"));
        // Numbers: exactly the kernel's range, for literals and for computed values.
        assert_eq!(show("4611686018427387903"), "4611686018427387903");
        assert_eq!(show("-1/4611686018427387904"), "-1/4611686018427387904");
        assert_eq!(show("9223372036854775808/4"), "2305843009213693952");
        assert!(e("4611686018427387904").contains("kernel's range"));
        assert!(e("1/9223372036854775808").contains("kernel's range"));
        assert!(e("4611686018427387903 + 1").contains("kernel's range"));
        assert!(e("99999999999999999999999999999999999999999").contains("kernel's range"));
        // The example: E = {0|{0|...{0|1}...}} nested 63 deep is 2^-63, beyond
        // the range; E + 1 once printed -9223372036854775807/9223372036854775808.
        let nested = |k: usize| format!("{}1{}", "{0|".repeat(k), "}".repeat(k));
        assert_eq!(show(&nested(62)), "1/4611686018427387904");
        assert!(e(&nested(63)).contains("kernel's range"));
        assert!(e(&format!("{} + 1", nested(63))).contains("kernel's range"));
        assert!(e(&format!("{} + 1", nested(62))).contains("kernel's range"));
        assert_eq!(
            show(&format!("{} + 1/2", nested(62))),
            "2305843009213693953/4611686018427387904"
        );
        let big = vec!["16777216"; 40].join(" + ");
        let bigger = format!("({big}) + 1/16777216");
        assert_eq!(show(&bigger), "11258999068426241/16777216");
    }
}

//! Reading values and expressions in the RULES.md notation, plus CGSuite's input
//! shorthands, and the `gamecensus value` calculator.
//!
//! Values: integers and dyadic fractions (`-2`, `3/4`); nimbers `*`, `*3`; ups `^`, `v`,
//! `^2`, `v3`, also repeated (`^^`, `vvv`); number-up-star sums in that order (`1/2^*`,
//! `v2*3`, `^^*`); `±G` or `+-G` for `{G|−G}`; braces `{L1, L2|R1, R2}`, where a run of
//! bars splits at the longest run first: `{0||0|v*}` is `{0|{0|v*}}`; CGSuite's tinies
//! and minies `Tiny(2)` = {0||0|-2}, `Miny(1)` = {1|0||0}, `3Tiny({2|1})` = 3 + tiny-{2|1}.
//!
//! Expressions: `+`, `-`, unary minus, parentheses, the comparisons `<=`, `>=`, `==`,
//! `<`, `>`, `||` (confused with) and the functions `aw(G)`, `outcome(G)`, `birthday(G)`,
//! `mean(G)`, `temp(G)` (or `temperature(G)`), `cool(G, t)`, `heat(G, t)` and
//! `thermograph(G)` (docs/RULES.md, "Temperature theory"), and CGSuite's
//! `CanonicalShortGame` methods (`functions.rs`): `lstop`, `rstop`, `rcf`, `tiny`, `miny`,
//! the ordinal sum `G : H`, Norton's product `G . U`, `nimmul`, `overheat`, the incentives
//! and the predicates `is_infinitesimal`, `is_numberish`, `is_all_small`; for impartial
//! games under misère play, `misere_outcome(G)`, `misere_grundy(G)` and `genus(G)`, whose
//! argument is read as a game tree (`misere.rs`).
//! Errors name the position (1-based character) of the problem.
//!
//! ```
//! use gamecensus::values::parse::{evaluate, parse_value};
//!
//! // Winning Ways: ↑ + ↑* = ⇑*, and {0||0|v*} (tiny notation) has atomic weight 1
//! // (CGSuite's test table).
//! assert_eq!(evaluate("^ + ^*")?.to_string(), "^2*");
//! assert_eq!(evaluate("aw({0||0|v*})")?.to_string(), "1");
//! let v = parse_value("{1|-1}")?;
//! assert_eq!(v.outcome().letter(), "N");
//! # Ok::<(), gamecensus::Error>(())
//! ```

mod calc;
mod functions;
mod misere;
#[cfg(test)]
mod tests;

pub use calc::{Answer, evaluate};

use super::dyadic::Dyadic;
use super::game::{GameId, Nus};
use super::limits::Limit;
use crate::error::{Error, Result};

/// Limits on the multiples of ↑ and the nimbers a literal may write, so that an
/// expression stays within reasonable time and depth (their canonical forms are walked
/// recursively). Numbers have no limit of their own: a literal is accepted exactly when
/// the kernel can hold its value ([`crate::values::dyadic`]).
pub const MAX_UPS: u64 = super::limits::MAX_UPS as u64;
/// See [`MAX_UPS`].
pub const MAX_NIMBER: u64 = 2047;

/// The deepest nesting a value or expression may have (braces, parentheses, `±` and
/// minus signs, counted together): deeper text is refused with an error, not parsed
/// into a stack overflow.
pub const MAX_DEPTH: usize = 200;

/// The most options one side of one pair of braces may list: removing dominated options
/// compares them pairwise (time grows with the square: 4,000 options take 0.12 s,
/// 200,000 took 217 s), so longer lists are refused with an error.
pub const MAX_OPTIONS: usize = 10_000;

/// The longest text a value or expression may have: parsing holds every option list
/// (a 10 MB expression took 1 GB), and no value the kernel can work with in reasonable
/// time needs more.
pub const MAX_TEXT: usize = 1 << 20;

/// Refuses a text longer than [`MAX_TEXT`].
fn check_length(s: &str) -> Result<()> {
    if s.len() > MAX_TEXT {
        return Err(Error::usage(format!(
            "{}: longer than {MAX_TEXT} bytes, the most a value or expression may have",
            crate::error::quoted(s)
        )));
    }
    Ok(())
}

/// Parses one value (no operators other than those inside braces and `±`).
pub fn parse_value(s: &str) -> Result<GameId> {
    check_length(s)?;
    let mut p = Parser::new(s);
    let g = p.game_expr()?;
    p.end()?;
    Ok(g)
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    src: String,
    depth: usize,
}

impl Parser {
    fn new(s: &str) -> Parser {
        Parser {
            chars: s.chars().collect(),
            pos: 0,
            src: s.to_string(),
            depth: 0,
        }
    }

    /// The text for a message: all of it if short, else the part around the current
    /// position (an error line must not echo megabytes of input).
    fn shown(&self) -> String {
        if self.chars.len() <= 80 {
            return format!("{:?}", self.src);
        }
        let from = self.pos.saturating_sub(30);
        let to = (self.pos + 30).min(self.chars.len());
        let part: String = self.chars[from..to].iter().collect();
        format!(
            "{}{part:?}{} ({} characters)",
            if from > 0 { "..." } else { "" },
            if to < self.chars.len() { "..." } else { "" },
            self.chars.len()
        )
    }

    /// A kernel limit reached at the current position.
    fn limit(&self, l: Limit) -> Error {
        Error::Limit(format!(
            "{} at position {}: {l}",
            self.shown(),
            self.pos + 1
        ))
    }

    fn err(&self, msg: impl std::fmt::Display) -> Error {
        Error::usage(format!(
            "{} at position {}: {msg}",
            self.shown(),
            self.pos + 1
        ))
    }

    /// Runs `f` one level deeper, refusing to go beyond [`MAX_DEPTH`].
    fn nested<T>(&mut self, f: impl FnOnce(&mut Parser) -> Result<T>) -> Result<T> {
        if self.depth >= MAX_DEPTH {
            return Err(self.err(format!("nested more than {MAX_DEPTH} deep")));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
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

    /// A value: `±G`, braces, or a number-up-star literal.
    fn game_expr(&mut self) -> Result<GameId> {
        self.nested(Parser::game_expr_here)
    }

    fn game_expr_here(&mut self) -> Result<GameId> {
        if self.eat("±") || self.eat("+-") {
            let g = self.game_expr()?;
            return GameId::from_options(&[g], &[-g]).map_err(|l| self.limit(l));
        }
        if let Some(tiny) = self.tiny_name() {
            return self.tiny_of(tiny);
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
        if self.pos > start + negative as usize
            && let Some(tiny) = self.tiny_name()
        {
            // CGSuite's `2Tiny(3)`: the number plus tiny-3.
            let t = self.tiny_of(tiny)?;
            return GameId::number(num)
                .checked_add(t)
                .map_err(|l| self.limit(l));
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
                // `2^-3` looks like a power of two, but ^ is up: it would read as
                // 2↑ − 3 = -1^. Without a space, a sign and a number right after an up or
                // a down are refused.
                if let (Some(&op @ ('-' | '+')), Some(d)) =
                    (self.chars.get(self.pos), self.chars.get(self.pos + 1))
                    && d.is_ascii_digit()
                {
                    let lit: String = self.chars[start..self.pos].iter().collect();
                    let num: String = self.chars[self.pos + 1..]
                        .iter()
                        .take_while(|c| c.is_ascii_digit())
                        .take(20)
                        .collect();
                    return Err(self.err(format!(
                        "{lit}{op}{num}: ^ is up (↑) and v is down, not a power: this would \
                         read as {lit} {op} {num}; a power of two is written as a fraction \
                         (1/8, not 2^-3), and the sum with spaces ({lit} {op} {num})"
                    )));
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

    /// `Tiny(` or `Miny(` (either case) right at the current position (no space skipped:
    /// `2 Tiny(1)` is not `2Tiny(1)`): `Some(true)` for a
    /// tiny, `Some(false)` for a miny, the name consumed; the parenthesis is not.
    fn tiny_name(&mut self) -> Option<bool> {
        for (name, tiny) in [
            ("Tiny", true),
            ("tiny", true),
            ("Miny", false),
            ("miny", false),
        ] {
            let here = name
                .chars()
                .enumerate()
                .all(|(i, c)| self.chars.get(self.pos + i) == Some(&c));
            if here && self.chars.get(self.pos + 4) == Some(&'(') {
                self.pos += 4;
                return Some(tiny);
            }
        }
        None
    }

    /// `(S)` after `Tiny` or `Miny`: tiny-S = {0||0|-S} or miny-S = {S|0||0}.
    fn tiny_of(&mut self, tiny: bool) -> Result<GameId> {
        self.eat("(");
        let s = self.nested(Parser::option)?;
        if !self.eat(")") {
            return Err(self.err("expected ) after the subscript of Tiny or Miny"));
        }
        if tiny {
            GameId::tiny(s)
        } else {
            GameId::miny(s)
        }
        .map_err(|l| self.limit(l))
    }

    /// `{ ... }` with runs of bars: split at the longest run; ties are ambiguous.
    fn braces(&mut self) -> Result<GameId> {
        let open = self.pos;
        self.eat("{");
        // Items: option lists separated by bar runs.
        let mut lists: Vec<Vec<GameId>> = vec![Vec::new()];
        let mut bars: Vec<usize> = Vec::new();
        // Options are separated by commas: `{1 2|}` and `{1,|}` are errors, not 3 and 1.
        let mut after_option = false;
        let mut after_comma = false;
        loop {
            let c = self.peek();
            if after_comma && matches!(c, Some('}' | '|' | ',')) {
                return Err(self.err("expected an option after the comma"));
            }
            match c {
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
                    after_option = false;
                }
                Some(',') if !after_option => {
                    return Err(self.err("expected an option before the comma"));
                }
                Some(',') => {
                    self.pos += 1;
                    after_option = false;
                    after_comma = true;
                }
                None => {
                    self.pos = open;
                    return Err(self.err("{ without }"));
                }
                _ if after_option => {
                    return Err(self.err("options are separated by commas"));
                }
                _ => {
                    let g = self.option()?;
                    let list = lists.last_mut().expect("lists starts with one list");
                    if list.len() == MAX_OPTIONS {
                        return Err(
                            self.err(format!("more than {MAX_OPTIONS} options in one list"))
                        );
                    }
                    list.push(g);
                    after_option = true;
                    after_comma = false;
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

//! Compiling a predicate: parsing its text with the pest grammar, resolving names
//! against a CSV header, and checking types before any row is read.

use pest::Parser;
use pest::iterators::Pair;

use super::derived::{DERIVED, Derived};
use super::grammar::{Grammar, Rule};
use super::{Cmp, Compiled, Expr, FUNCS, Lit, Ty, column_ty};
use crate::error::{Error, Result};
use crate::solving::ColumnType;
use crate::values::parse::parse_value;

/// The header a compiled expression refers to: names and their types.
pub struct Scope<'h> {
    /// Column names.
    pub header: &'h [String],
    /// Their types.
    pub types: Vec<ColumnType>,
    /// Columns defined by `--with name = expr`, by name: their expressions (compiled
    /// against the header and the definitions before them).
    pub with: Vec<(String, Expr)>,
}

impl Scope<'_> {
    /// Resolves `name` to a column or a derived column.
    pub fn resolve(&self, name: &str) -> Result<Expr> {
        if let Some((_, e)) = self.with.iter().find(|(n, _)| n == name) {
            return Ok(e.clone());
        }
        if let Some(i) = self.header.iter().position(|h| h == name) {
            return Ok(Expr::Column(i, column_ty(self.types[i])));
        }
        if let Some(d) = Derived::by_name(name) {
            if self.header.iter().all(|h| h != "graph6") {
                return Err(Error::usage(format!(
                    "{name} is computed from the graph6 column, and these CSVs have none"
                )));
            }
            if d.needs_colouring() && self.header.iter().all(|h| h != "colouring") {
                return Err(Error::usage(format!(
                    "{name} is counted in the colouring column, and these CSVs have none"
                )));
            }
            return Ok(Expr::Derived(d));
        }
        let derived: Vec<&str> = DERIVED.iter().map(|(_, names, _)| names[0]).collect();
        Err(Error::usage(format!(
            "unknown column {}; the columns are {}, and derived from graph6: {}",
            crate::error::quoted(name),
            self.header.join(", "),
            derived.join(", ")
        )))
    }

    /// Adds the column `name = expr` (`--with`): usable by name in every expression
    /// compiled after it.
    pub fn define(&mut self, spec: &str) -> Result<()> {
        let bad = |msg: &str| Error::usage(format!("--with {spec:?}: {msg}"));
        let (name, expr) = spec
            .split_once('=')
            .ok_or_else(|| bad("write it as name = expression"))?;
        let name = name.trim();
        if expr.starts_with('=') {
            return Err(bad("write it as name = expression (one =)"));
        }
        let ident = !name.contains('.')
            && Grammar::parse(Rule::ident, name)
                .is_ok_and(|mut p| p.next().is_some_and(|p| p.as_str() == name));
        if !ident {
            return Err(bad(
                "the name must be a word of letters, digits and _ (not a keyword)",
            ));
        }
        if self.header.iter().any(|h| h == name)
            || Derived::by_name(name).is_some()
            || FUNCS.iter().any(|(f, _)| *f == name)
            || self.with.iter().any(|(n, _)| n == name)
        {
            return Err(bad(&format!(
                "{name} is already a column, a derived column or a function: choose another name"
            )));
        }
        let e = self.compile(expr.trim(), false)?;
        self.with.push((name.to_string(), e.expr));
        Ok(())
    }

    /// Compiles `text`; `want_bool`: it must be a predicate.
    pub fn compile(&self, text: &str, want_bool: bool) -> Result<Compiled> {
        let shown: String = text.chars().take(60).collect();
        let shown = match shown.len() < text.len() {
            true => format!("{shown}..."),
            false => shown,
        };
        let bad = |msg: String| Error::usage(format!("expression {shown:?}: {msg}"));
        check_size(text).map_err(&bad)?;
        let mut pairs = Grammar::parse(Rule::predicate, text).map_err(|e| {
            let at = match e.location {
                pest::error::InputLocation::Pos(p) => p,
                pest::error::InputLocation::Span((p, _)) => p,
            };
            let mut msg = format!("cannot read it at character {}", at + 1);
            if let Some(quoted) = unquoted_value(text) {
                msg.push_str(&format!("; game values are written in quotes: {quoted}"));
            }
            bad(msg)
        })?;
        let pred = pairs.next().expect("predicate");
        let or = pred.into_inner().next().expect("implies_expr");
        let expr = self.build(or).map_err(|e| match e {
            Error::Usage(m) => bad(m),
            other => other,
        })?;
        let ty = type_of(&expr).map_err(&bad)?;
        if want_bool && ty != Ty::Bool {
            return Err(bad(
                "it is not true or false (compare it with something)".into()
            ));
        }
        // A game value in quotes is read now, not blamed on the first row.
        let mut literal = Ok(());
        visit(&expr, &mut |e| {
            if let Expr::Cmp(_, a, b) = e {
                for (x, y) in [(a, b), (b, a)] {
                    if let (Expr::Lit(Lit::Text(t)), Ok(Ty::Game)) = (&**x, type_of(y))
                        && let Err(err) = parse_value(t)
                        && literal.is_ok()
                    {
                        literal = Err(bad(format!("{t:?} is not a game value: {err}")));
                    }
                }
            }
        });
        literal?;
        let mut columns = Vec::new();
        let mut needs_graph = false;
        visit(&expr, &mut |e| match e {
            Expr::Column(i, _) => columns.push(*i),
            Expr::Derived(_) => needs_graph = true,
            _ => {}
        });
        if needs_graph {
            for name in ["graph6", "colouring"] {
                if let Some(i) = self.header.iter().position(|h| h == name) {
                    columns.push(i);
                }
            }
        }
        columns.sort_unstable();
        columns.dedup();
        Ok(Compiled {
            expr,
            ty,
            text: text.to_string(),
            last_column: columns.last().copied(),
            columns,
            needs_graph,
        })
    }

    fn build(&self, p: Pair<Rule>) -> Result<Expr> {
        let rule = p.as_rule();
        let mut inner = p.clone().into_inner();
        match rule {
            Rule::or_expr | Rule::and_expr => {
                // Operands joined as a balanced tree: a long machine-made disjunction
                // nests only log2(terms) deep when it is evaluated.
                let operands = inner
                    .step_by(2)
                    .map(|p| self.build(p))
                    .collect::<Result<Vec<_>>>()?;
                Ok(balanced(operands, &|a, b| {
                    if rule == Rule::or_expr {
                        Expr::Or(Box::new(a), Box::new(b))
                    } else {
                        Expr::And(Box::new(a), Box::new(b))
                    }
                }))
            }
            Rule::implies_expr => {
                // a implies b is (not a) or b, in three-valued logic too.
                let a = self.build(inner.next().expect("operand"))?;
                match inner.nth(1) {
                    None => Ok(a),
                    Some(b) => Ok(Expr::Or(
                        Box::new(Expr::Not(Box::new(a))),
                        Box::new(self.build(b)?),
                    )),
                }
            }
            Rule::not_expr => {
                let first = inner.next().expect("operand");
                if first.as_rule() == Rule::not_op {
                    Ok(Expr::Not(Box::new(
                        self.build(inner.next().expect("operand"))?,
                    )))
                } else {
                    self.build(first)
                }
            }
            Rule::comparison => {
                let l = self.build(inner.next().expect("operand"))?;
                match inner.next() {
                    None => Ok(l),
                    Some(op) => {
                        let r = self.build(inner.next().expect("operand"))?;
                        let op = match op.as_str() {
                            "<" => Cmp::Lt,
                            "<=" => Cmp::Le,
                            ">" => Cmp::Gt,
                            ">=" => Cmp::Ge,
                            "==" | "=" => Cmp::Eq,
                            "!=" => Cmp::Ne,
                            _ => Cmp::Confused,
                        };
                        Ok(Expr::Cmp(op, Box::new(l), Box::new(r)))
                    }
                }
            }
            Rule::additive => {
                // a - b + c is a + (-b) + c, summed as a balanced tree (sums are exact).
                let mut terms = vec![self.build(inner.next().expect("operand"))?];
                while let Some(op) = inner.next() {
                    let r = self.build(inner.next().expect("operand"))?;
                    terms.push(match op.as_str() {
                        "-" => Expr::Neg(Box::new(r)),
                        _ => r,
                    });
                }
                Ok(balanced(terms, &|a, b| {
                    Expr::Add(false, Box::new(a), Box::new(b))
                }))
            }
            Rule::multiplicative => {
                let mut e = self.build(inner.next().expect("operand"))?;
                while inner.next().is_some() {
                    let r = self.build(inner.next().expect("operand"))?;
                    e = Expr::Mul(Box::new(e), Box::new(r));
                }
                Ok(e)
            }
            Rule::unary => {
                let parts: Vec<Pair<Rule>> = inner.collect();
                let (negs, prim) = parts.split_at(parts.len() - 1);
                let mut e = self.build(prim[0].clone())?;
                for _ in negs {
                    e = Expr::Neg(Box::new(e));
                }
                Ok(e)
            }
            Rule::primary => self.build(inner.next().expect("primary")),
            Rule::call => {
                let name = inner.next().expect("name").as_str();
                let args: Vec<Pair<Rule>> = inner.collect();
                let f = FUNCS
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, f)| *f)
                    .ok_or_else(|| {
                        let names: Vec<&str> = FUNCS.iter().map(|(n, _)| *n).collect();
                        Error::usage(format!(
                            "unknown function {name}(); the functions are {}",
                            names.join(", ")
                        ))
                    })?;
                if args.len() != 1 {
                    return Err(Error::usage(format!(
                        "{name}() takes one argument, not {}",
                        args.len()
                    )));
                }
                Ok(Expr::Func(f, Box::new(self.build(args[0].clone())?)))
            }
            Rule::literal => {
                let lit = inner.next().expect("literal");
                Ok(Expr::Lit(match lit.as_rule() {
                    Rule::boolean => Lit::Bool(lit.as_str().eq_ignore_ascii_case("true")),
                    Rule::string => Lit::Text(
                        lit.into_inner()
                            .next()
                            .map(|p| p.as_str().to_string())
                            .unwrap_or_default(),
                    ),
                    _ => number(lit.as_str())?,
                }))
            }
            Rule::ident => self.resolve(p.as_str()),
            other => unreachable!("rule {other:?} is inside another"),
        }
    }
}

/// A predicate that does not parse because a game value is written bare after a
/// comparison (`value == ^*`): the predicate with it in quotes (`value == "^*"`).
fn unquoted_value(text: &str) -> Option<String> {
    const OPS: [&str; 8] = ["<=", ">=", "==", "!=", "||", "<", ">", "="];
    for (at, _) in text.char_indices() {
        let Some(op) = OPS.iter().find(|op| text[at..].starts_with(**op)) else {
            continue;
        };
        let rest = &text[at + op.len()..];
        let lower = rest.to_ascii_lowercase();
        let end = [" and ", " or ", " implies ", ")"]
            .iter()
            .filter_map(|w| lower.find(w))
            .min()
            .unwrap_or(rest.len());
        let cand = rest[..end].trim();
        if cand.is_empty() || cand.starts_with(['"', '\'']) || cand.contains('"') {
            continue;
        }
        let bare_ok = Grammar::parse(Rule::predicate, &format!("x == {cand}")).is_ok();
        if !bare_ok && parse_value(cand).is_ok() {
            let start = text.len() - rest.len() + rest.find(cand).unwrap_or(0);
            return Some(format!(
                "{}\"{cand}\"{}",
                &text[..start],
                &text[start + cand.len()..]
            ));
        }
    }
    None
}

/// Joins `items` (at least one) pairwise as a balanced tree, in order.
fn balanced(mut items: Vec<Expr>, join: &dyn Fn(Expr, Expr) -> Expr) -> Expr {
    if items.len() == 1 {
        return items.pop().expect("one");
    }
    let right = items.split_off(items.len() / 2);
    join(balanced(items, join), balanced(right, join))
}

/// The longest predicate accepted, in bytes.
pub const MAX_LENGTH: usize = 10_000;

/// The deepest nesting accepted: parentheses, `not` and minus signs together.
pub const MAX_NESTING: usize = 100;

/// Refuses a predicate too long or too deeply nested to parse and evaluate on a
/// thread's stack. Nesting is over-counted on purpose (every `not` and every `-` outside
/// quotes counts as a level, as if all were nested), which no predicate a person
/// writes comes near.
fn check_size(text: &str) -> std::result::Result<(), String> {
    if text.len() > MAX_LENGTH {
        return Err(format!(
            "it is {} bytes long; at most {MAX_LENGTH} are accepted",
            text.len()
        ));
    }
    let (mut depth, mut deepest, mut prefixes) = (0usize, 0usize, 0usize);
    let mut quote: Option<char> = None;
    let mut word = String::new();
    for ch in text.chars().chain(std::iter::once(' ')) {
        if let Some(q) = quote {
            if ch == q {
                quote = None;
            }
            continue;
        }
        if ch.is_ascii_alphanumeric() || ch == '_' {
            word.push(ch);
            continue;
        }
        if word.eq_ignore_ascii_case("not") {
            prefixes += 1;
        }
        word.clear();
        match ch {
            '\'' | '"' => quote = Some(ch),
            '(' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            ')' => depth = depth.saturating_sub(1),
            '-' => prefixes += 1,
            _ => {}
        }
    }
    if deepest + prefixes > MAX_NESTING {
        return Err(format!(
            "it nests {} levels deep (parentheses, not and minus signs); at most \
             {MAX_NESTING} are accepted",
            deepest + prefixes
        ));
    }
    Ok(())
}

fn number(s: &str) -> Result<Lit> {
    if let Ok(i) = s.parse::<i64>() {
        return Ok(Lit::Int(i));
    }
    parse_value(s).map(Lit::Number)
}

fn visit(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    match e {
        Expr::Func(_, a) | Expr::Neg(a) | Expr::Not(a) => visit(a, f),
        Expr::Cmp(_, a, b)
        | Expr::Add(_, a, b)
        | Expr::Mul(a, b)
        | Expr::And(a, b)
        | Expr::Or(a, b) => {
            visit(a, f);
            visit(b, f);
        }
        _ => {}
    }
}

/// The static type of `e`, or why it has none.
fn type_of(e: &Expr) -> std::result::Result<Ty, String> {
    Ok(match e {
        Expr::Lit(Lit::Bool(_)) => Ty::Bool,
        Expr::Lit(Lit::Int(_)) => Ty::Int,
        Expr::Lit(Lit::Number(_)) => Ty::Game,
        Expr::Lit(Lit::Text(_)) => Ty::Text,
        Expr::Column(_, t) => *t,
        Expr::Derived(d) => {
            if d.is_bool() {
                Ty::Bool
            } else if d.is_text() {
                Ty::Text
            } else {
                Ty::Int
            }
        }
        Expr::Func(_, a) => {
            type_of(a)?;
            Ty::Bool
        }
        Expr::Cmp(op, a, b) => {
            let (ta, tb) = (type_of(a)?, type_of(b)?);
            if *op == Cmp::Confused && ta != Ty::Game && tb != Ty::Game {
                return Err("|| (confused with) compares game values".into());
            }
            if (ta == Ty::Bool) != (tb == Ty::Bool) {
                return Err("true/false compared with something else".into());
            }
            Ty::Bool
        }
        Expr::Add(_, a, b) => match (type_of(a)?, type_of(b)?) {
            (Ty::Int, Ty::Int) => Ty::Int,
            (Ty::Int | Ty::Game, Ty::Int | Ty::Game) => Ty::Game,
            _ => return Err("+ and - add numbers and game values".into()),
        },
        Expr::Mul(a, b) => match (type_of(a)?, type_of(b)?) {
            (Ty::Int, Ty::Int) => Ty::Int,
            (Ty::Int | Ty::Game, Ty::Int | Ty::Game) => Ty::Game,
            _ => return Err("* multiplies numbers and game values".into()),
        },
        Expr::Neg(a) => match type_of(a)? {
            t @ (Ty::Int | Ty::Game) => t,
            _ => return Err("- negates numbers and game values".into()),
        },
        Expr::And(a, b) | Expr::Or(a, b) => {
            for x in [a, b] {
                if type_of(x)? != Ty::Bool {
                    return Err("and / or / implies join true/false expressions".into());
                }
            }
            Ty::Bool
        }
        Expr::Not(a) => {
            if type_of(a)? != Ty::Bool {
                return Err("not takes a true/false expression".into());
            }
            Ty::Bool
        }
    })
}

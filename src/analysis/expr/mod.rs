//! The predicate language of `gamecensus analyze`: comparisons (`<`, `<=`, `>`, `>=`,
//! `==`, `!=`, and `||` for "confused with"), `and` / `or` / `not`, parentheses, `+` / `-`,
//! string literals ('...' or "..."), integers and dyadic numbers (`3/4`), `true` /
//! `false`, column names, derived columns ([`super::derived`]) and the CGT-aware
//! functions `is_integer`, `is_number`, `is_nimber`, `is_infinitesimal` and `is_empty`.
//!
//! Columns are typed by their name (docs/CSV.md): a game-value column (`value`,
//! `atomic_weight`, ...) compares as games in the kernel's order, so `value > 0` means
//! "Left wins", `value || 0` "first player wins", and the other side may be a number or a
//! value in quotes (`value == '^*'`). Integer columns compare as integers, text as text.
//! An empty cell is equal only to another empty cell or `''`; any order comparison with
//! it is false.
//!
//! The grammar is a PEG for the `pest` crate (grammar.pest beside this file): a
//! well-kept parser generator, so the grammar is a readable page rather than code, and
//! errors come with a position.

use std::borrow::Cow;
use std::collections::HashMap;

use pest::Parser;
use pest::iterators::Pair;

use super::derived::{DERIVED, Derived, DerivedValue, derive};
use crate::error::{Error, Result};
use crate::graphs::{Colouring, Graph};
use crate::solving::ColumnType;
use crate::values::dyadic::Dyadic;
use crate::values::game::GameId;
use crate::values::parse::parse_value;

/// The parser generated from grammar.pest (its `Rule` enum is generated too).
mod grammar {
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "analysis/expr/grammar.pest"]
    pub struct Grammar;
}
use grammar::{Grammar, Rule};

/// A comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `==` or `=`
    Eq,
    /// `!=`
    Ne,
    /// `||`: confused with (games only)
    Confused,
}

/// A function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Func {
    /// An integer (a number with denominator 1).
    IsInteger,
    /// A number.
    IsNumber,
    /// A nimber (0, *, *2, ...).
    IsNimber,
    /// Infinitesimal (both stops 0).
    IsInfinitesimal,
    /// An empty cell.
    IsEmpty,
}

const FUNCS: [(&str, Func); 5] = [
    ("is_integer", Func::IsInteger),
    ("is_number", Func::IsNumber),
    ("is_nimber", Func::IsNimber),
    ("is_infinitesimal", Func::IsInfinitesimal),
    ("is_empty", Func::IsEmpty),
];

/// The static type of an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// true or false
    Bool,
    /// an integer
    Int,
    /// text
    Text,
    /// a game value
    Game,
}

/// An expression, resolved against a table's header.
#[derive(Clone, Debug)]
pub enum Expr {
    /// A literal.
    Lit(Lit),
    /// A column of the CSV.
    Column(usize, Ty),
    /// A derived column.
    Derived(Derived),
    /// A function of one argument.
    Func(Func, Box<Expr>),
    /// A comparison.
    Cmp(Cmp, Box<Expr>, Box<Expr>),
    /// A sum (`false`) or difference (`true`).
    Add(bool, Box<Expr>, Box<Expr>),
    /// A negation.
    Neg(Box<Expr>),
    /// Both.
    And(Box<Expr>, Box<Expr>),
    /// Either.
    Or(Box<Expr>, Box<Expr>),
    /// Not.
    Not(Box<Expr>),
}

/// A literal.
#[derive(Clone, Debug)]
pub enum Lit {
    /// true / false
    Bool(bool),
    /// an integer
    Int(i64),
    /// a non-integer number
    Number(GameId),
    /// text
    Text(String),
}

/// A compiled expression with what evaluating it needs.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The expression.
    pub expr: Expr,
    /// Its static type.
    pub ty: Ty,
    /// The source text.
    pub text: String,
    /// The largest CSV column index it reads (for splitting lines only that far).
    pub last_column: Option<usize>,
    /// Whether it uses derived columns (so the graph must be parsed).
    pub needs_graph: bool,
}

/// A value during evaluation.
#[derive(Clone, Debug, PartialEq)]
pub enum Val<'a> {
    /// An empty cell or an undefined derived value.
    Null,
    /// true / false
    Bool(bool),
    /// an integer
    Int(i64),
    /// text
    Text(Cow<'a, str>),
    /// a game value
    Game(GameId),
}

impl std::fmt::Display for Val<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Val::Null => Ok(()),
            Val::Bool(b) => write!(f, "{b}"),
            Val::Int(i) => write!(f, "{i}"),
            Val::Text(t) => write!(f, "{t}"),
            Val::Game(g) => write!(f, "{g}"),
        }
    }
}

/// The type an expression gets from a column of type `t`.
pub fn column_ty(t: ColumnType) -> Ty {
    match t {
        ColumnType::Integer => Ty::Int,
        ColumnType::Value | ColumnType::Number => Ty::Game,
        ColumnType::Bool => Ty::Bool,
        ColumnType::Graph6 | ColumnType::Colouring | ColumnType::Outcome | ColumnType::Text => {
            Ty::Text
        }
    }
}

/// The header a compiled expression refers to: names and their types.
pub struct Scope<'h> {
    /// Column names.
    pub header: &'h [String],
    /// Their types.
    pub types: Vec<ColumnType>,
}

impl Scope<'_> {
    /// Resolves `name` to a column or a derived column.
    pub fn resolve(&self, name: &str) -> Result<Expr> {
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
            "unknown column {name:?}; the columns are {}, and derived from graph6: {}",
            self.header.join(", "),
            derived.join(", ")
        )))
    }

    /// Compiles `text`; `want_bool`: it must be a predicate.
    pub fn compile(&self, text: &str, want_bool: bool) -> Result<Compiled> {
        let bad = |msg: String| Error::usage(format!("expression {text:?}: {msg}"));
        let mut pairs = Grammar::parse(Rule::predicate, text).map_err(|e| {
            let at = match e.location {
                pest::error::InputLocation::Pos(p) => p,
                pest::error::InputLocation::Span((p, _)) => p,
            };
            bad(format!("cannot read it at character {}", at + 1))
        })?;
        let pred = pairs.next().expect("predicate");
        let or = pred.into_inner().next().expect("or_expr");
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
        let mut last = None;
        let mut needs_graph = false;
        visit(&expr, &mut |e| match e {
            Expr::Column(i, _) => last = Some(last.map_or(*i, |l: usize| l.max(*i))),
            Expr::Derived(_) => needs_graph = true,
            _ => {}
        });
        if needs_graph {
            for name in ["graph6", "colouring"] {
                if let Some(i) = self.header.iter().position(|h| h == name) {
                    last = Some(last.map_or(i, |l| l.max(i)));
                }
            }
        }
        Ok(Compiled {
            expr,
            ty,
            text: text.to_string(),
            last_column: last,
            needs_graph,
        })
    }

    fn build(&self, p: Pair<Rule>) -> Result<Expr> {
        let rule = p.as_rule();
        let mut inner = p.clone().into_inner();
        match rule {
            Rule::or_expr | Rule::and_expr => {
                let mut e = self.build(inner.next().expect("operand"))?;
                while let Some(_op) = inner.next() {
                    let r = self.build(inner.next().expect("operand"))?;
                    e = if rule == Rule::or_expr {
                        Expr::Or(Box::new(e), Box::new(r))
                    } else {
                        Expr::And(Box::new(e), Box::new(r))
                    };
                }
                Ok(e)
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
                let mut e = self.build(inner.next().expect("operand"))?;
                while let Some(op) = inner.next() {
                    let r = self.build(inner.next().expect("operand"))?;
                    e = Expr::Add(op.as_str() == "-", Box::new(e), Box::new(r));
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
        Expr::Cmp(_, a, b) | Expr::Add(_, a, b) | Expr::And(a, b) | Expr::Or(a, b) => {
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
            } else if *d == Derived::Canonical {
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
        Expr::Neg(a) => match type_of(a)? {
            t @ (Ty::Int | Ty::Game) => t,
            _ => return Err("- negates numbers and game values".into()),
        },
        Expr::And(a, b) | Expr::Or(a, b) => {
            for x in [a, b] {
                if type_of(x)? != Ty::Bool {
                    return Err("and / or join true/false expressions".into());
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

/// Values of game-value cells already parsed (a thread's own cache).
#[derive(Default)]
pub struct GameCache {
    map: HashMap<String, GameId>,
}

impl GameCache {
    /// The game value of `text` in the value notation.
    pub fn parse(&mut self, text: &str) -> std::result::Result<GameId, String> {
        if let Some(&g) = self.map.get(text) {
            return Ok(g);
        }
        let g = parse_value(text).map_err(|e| e.to_string())?;
        if self.map.len() < 1 << 20 {
            self.map.insert(text.to_string(), g);
        }
        Ok(g)
    }
}

/// One row during evaluation: its fields, the graph (parsed once, if needed), and the
/// thread's caches.
pub struct Row<'r, 'a> {
    /// The fields (as far as split).
    pub fields: &'r [Cow<'a, [u8]>],
    /// The graph and colouring, parsed on first use.
    pub graph: Option<(Graph, Option<Colouring>)>,
    /// Index of the graph6 column.
    pub graph6: Option<usize>,
    /// Index of the colouring column.
    pub colouring: Option<usize>,
    /// Parsed game values.
    pub cache: &'r mut GameCache,
}

impl<'a> Row<'_, 'a> {
    fn field(&self, i: usize) -> &[u8] {
        self.fields.get(i).map_or(&[][..], |f| &f[..])
    }

    fn graph(&mut self) -> std::result::Result<&(Graph, Option<Colouring>), String> {
        if self.graph.is_none() {
            let g6 = String::from_utf8_lossy(self.field(self.graph6.expect("checked")));
            let g = crate::graphs::parse_graph6(&g6).map_err(|e| e.to_string())?;
            let c = match self
                .colouring
                .map(|i| self.field(i))
                .filter(|c| !c.is_empty())
            {
                Some(c) => Some(
                    Colouring::parse(
                        &String::from_utf8_lossy(c),
                        g.n(),
                        &crate::graphs::palette::STANDARD,
                    )
                    .map_err(|e| e.to_string())?,
                ),
                None => None,
            };
            self.graph = Some((g, c));
        }
        Ok(self.graph.as_ref().expect("just parsed"))
    }

    /// Evaluates `e` on this row; `Err` says why a cell cannot be read.
    pub fn eval(&mut self, e: &Expr) -> std::result::Result<Val<'static>, String> {
        Ok(match e {
            Expr::Lit(l) => match l {
                Lit::Bool(b) => Val::Bool(*b),
                Lit::Int(i) => Val::Int(*i),
                Lit::Number(g) => Val::Game(*g),
                Lit::Text(t) => Val::Text(Cow::Owned(t.clone())),
            },
            Expr::Column(i, ty) => {
                let fields = self.fields;
                let raw: &[u8] = fields.get(*i).map_or(&[][..], |f| &f[..]);
                if raw.is_empty() {
                    return Ok(Val::Null);
                }
                let text = String::from_utf8_lossy(raw);
                match ty {
                    Ty::Int => Val::Int(
                        text.parse()
                            .map_err(|_| format!("{text:?} is not an integer"))?,
                    ),
                    Ty::Game => Val::Game(self.cache.parse(&text)?),
                    Ty::Bool => Val::Bool(text == "true"),
                    Ty::Text => Val::Text(Cow::Owned(text.into_owned())),
                }
            }
            Expr::Derived(d) => {
                let (g, c) = self.graph()?;
                match derive(*d, g, c.as_ref()) {
                    DerivedValue::Int(i) => Val::Int(i),
                    DerivedValue::Bool(b) => Val::Bool(b),
                    DerivedValue::Text(t) => Val::Text(Cow::Owned(t)),
                    DerivedValue::Empty => Val::Null,
                }
            }
            Expr::Func(f, a) => {
                let v = self.eval(a)?;
                let game = |v: &Val, cache: &mut GameCache| -> Option<GameId> {
                    match v {
                        Val::Game(g) => Some(*g),
                        Val::Int(i) => Some(GameId::number(Dyadic::try_int(*i).ok()?)),
                        Val::Text(t) => cache.parse(t).ok(),
                        _ => None,
                    }
                };
                Val::Bool(match f {
                    Func::IsEmpty => {
                        matches!(v, Val::Null) || matches!(&v, Val::Text(t) if t.is_empty())
                    }
                    Func::IsInteger => game(&v, self.cache)
                        .and_then(|g| g.as_number())
                        .is_some_and(|x| x.is_integer()),
                    Func::IsNumber => game(&v, self.cache).is_some_and(|g| g.as_number().is_some()),
                    Func::IsNimber => game(&v, self.cache)
                        .and_then(|g| g.as_nus())
                        .is_some_and(|n| n.num.is_zero() && n.ups == 0),
                    Func::IsInfinitesimal => {
                        game(&v, self.cache).is_some_and(|g| g.is_infinitesimal())
                    }
                })
            }
            Expr::Cmp(op, a, b) => {
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                Val::Bool(compare(*op, x, y, self.cache)?)
            }
            Expr::Add(minus, a, b) => {
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                match (x, y) {
                    (Val::Null, _) | (_, Val::Null) => Val::Null,
                    (Val::Int(i), Val::Int(j)) => Val::Int(
                        if *minus {
                            i.checked_sub(j)
                        } else {
                            i.checked_add(j)
                        }
                        .ok_or("an integer overflow")?,
                    ),
                    (x, y) => {
                        let (g, h) = (as_game(&x, self.cache)?, as_game(&y, self.cache)?);
                        let r = if *minus {
                            g.checked_sub(h)
                        } else {
                            g.checked_add(h)
                        };
                        Val::Game(r.map_err(|l| l.to_string())?)
                    }
                }
            }
            Expr::Neg(a) => match self.eval(a)? {
                Val::Null => Val::Null,
                Val::Int(i) => Val::Int(i.checked_neg().ok_or("an integer overflow")?),
                v => Val::Game(-as_game(&v, self.cache)?),
            },
            Expr::And(a, b) => Val::Bool(truth(&self.eval(a)?) && truth(&self.eval(b)?)),
            Expr::Or(a, b) => Val::Bool(truth(&self.eval(a)?) || truth(&self.eval(b)?)),
            Expr::Not(a) => Val::Bool(!truth(&self.eval(a)?)),
        })
    }
}

/// true for `true`; false for `false` and for empty cells.
pub fn truth(v: &Val) -> bool {
    matches!(v, Val::Bool(true))
}

fn as_game(v: &Val, cache: &mut GameCache) -> std::result::Result<GameId, String> {
    match v {
        Val::Game(g) => Ok(*g),
        Val::Int(i) => Dyadic::try_int(*i)
            .map(GameId::number)
            .map_err(|l| l.to_string()),
        Val::Text(t) => cache.parse(t),
        other => Err(format!("{other} is not a game value")),
    }
}

fn compare(op: Cmp, x: Val, y: Val, cache: &mut GameCache) -> std::result::Result<bool, String> {
    use std::cmp::Ordering;
    let order = |o: Ordering| match op {
        Cmp::Lt => o == Ordering::Less,
        Cmp::Le => o != Ordering::Greater,
        Cmp::Gt => o == Ordering::Greater,
        Cmp::Ge => o != Ordering::Less,
        Cmp::Eq => o == Ordering::Equal,
        Cmp::Ne => o != Ordering::Equal,
        Cmp::Confused => false,
    };
    Ok(match (x, y) {
        (Val::Null, Val::Null) => matches!(op, Cmp::Eq | Cmp::Le | Cmp::Ge),
        (Val::Null, Val::Text(t)) | (Val::Text(t), Val::Null) => match op {
            Cmp::Eq => t.is_empty(),
            Cmp::Ne => !t.is_empty(),
            _ => false,
        },
        (Val::Null, _) | (_, Val::Null) => op == Cmp::Ne,
        (x, y) if matches!(x, Val::Game(_)) || matches!(y, Val::Game(_)) => {
            // Games compare in the game order: < and > are strict, == is equality of
            // values, || is "confused with".
            let (g, h) = (as_game(&x, cache)?, as_game(&y, cache)?);
            match op {
                Cmp::Lt => g.less(h),
                Cmp::Le => g.leq(h),
                Cmp::Gt => g.greater(h),
                Cmp::Ge => g.geq(h),
                Cmp::Eq => g == h,
                Cmp::Ne => g != h,
                Cmp::Confused => g.confused(h),
            }
        }
        (Val::Int(i), Val::Int(j)) => order(i.cmp(&j)),
        (Val::Bool(a), Val::Bool(b)) => match op {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            _ => return Err("true/false values have no order".into()),
        },
        (Val::Text(a), Val::Text(b)) => order(a.cmp(&b)),
        (Val::Int(i), Val::Text(t)) => match t.parse::<i64>() {
            Ok(j) => order(i.cmp(&j)),
            Err(_) => op == Cmp::Ne,
        },
        (Val::Text(t), Val::Int(j)) => match t.parse::<i64>() {
            Ok(i) => order(i.cmp(&j)),
            Err(_) => op == Cmp::Ne,
        },
        (x, y) => return Err(format!("cannot compare {x} with {y}")),
    })
}

//! The predicate language of `gamecensus analyze` (`--where`, `--check`, ...) and of a
//! job's `keep` (below `jobs/` and `analysis/`, which both use it): comparisons (`<`, `<=`, `>`, `>=`,
//! `==`, `!=`, and `||` for "confused with"), `and` / `or` / `not` / `implies`
//! (`a implies b` is `not a or b`; it binds loosest), parentheses, `+` / `-`,
//! string literals ('...' or "..."), integers and dyadic numbers (`3/4`), `true` /
//! `false`, column names, derived columns ([`derived`]) and the CGT-aware
//! functions `is_integer`, `is_number`, `is_nimber`, `is_infinitesimal` and `is_empty`.
//!
//! Columns are typed by their name (docs/CSV.md): a game-value column (`value`,
//! `atomic_weight`, ...) compares as games in the kernel's order, so `value > 0` means
//! "Left wins", `value || 0` "first player wins", and the other side may be a number or a
//! value in quotes (`value == '^*'`). Integer columns compare as integers, text as text.
//! An empty cell (a column that does not apply to the row, such as `grundy` for a
//! partizan game) follows SQL's NULL: any comparison with it, and any `is_*` function
//! of it but `is_empty`, is unknown, neither true nor false. `not unknown` is unknown,
//! `unknown and false` is false, `unknown or true` is true, otherwise unknown. `--where`
//! keeps the rows where the predicate is true; a `--check` counts unknown rows apart
//! (they neither hold nor violate). `is_empty(x)` is always true or false.
//!
//! The grammar is a PEG for the `pest` crate (grammar.pest beside this file): a
//! well-kept parser generator, so the grammar is a readable page rather than code, and
//! errors come with a position.

use std::borrow::Cow;

use crate::solving::ColumnType;
use crate::values::game::GameId;
use derived::Derived;

/// The parser generated from grammar.pest (its `Rule` enum is generated too).
mod grammar {
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "expr/grammar.pest"]
    pub struct Grammar;
}

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
    /// A product: of integers, of an integer and a game value (that many copies), or of
    /// two numbers.
    Mul(Box<Expr>, Box<Expr>),
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
    /// Every CSV column index it reads, in increasing order (with the graph's columns
    /// when it uses derived ones).
    pub columns: Vec<usize>,
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

pub mod basics;
mod compile;
pub mod derived;
mod eval;
pub mod invariants;
pub use compile::Scope;
pub use eval::{GameCache, Row, logic, truth};

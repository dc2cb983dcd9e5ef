//! Evaluating a compiled predicate on one row: fields, the graph parsed on first use,
//! and comparisons of game values in the kernel's order.

use std::borrow::Cow;
use std::collections::HashMap;

use super::derived::{DerivedValue, derive};
use super::{Cmp, Expr, Func, Lit, Ty, Val};
use crate::graphs::{Colouring, Graph};
use crate::values::dyadic::Dyadic;
use crate::values::game::GameId;
use crate::values::parse::parse_value;

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
                    DerivedValue::Error(e) => return Err(e),
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
                if matches!(v, Val::Null) && *f != Func::IsEmpty {
                    // Of an empty cell: unknown, as a comparison with it is.
                    return Ok(Val::Null);
                }
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
                match compare(*op, x, y, self.cache)? {
                    Some(b) => Val::Bool(b),
                    None => Val::Null,
                }
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
            Expr::Mul(a, b) => {
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                match (x, y) {
                    (Val::Null, _) | (_, Val::Null) => Val::Null,
                    (Val::Int(i), Val::Int(j)) => {
                        Val::Int(i.checked_mul(j).ok_or("an integer overflow")?)
                    }
                    (Val::Int(n), v) | (v, Val::Int(n)) => {
                        Val::Game(copies(n, as_game(&v, self.cache)?)?)
                    }
                    (x, y) => {
                        let (g, h) = (as_game(&x, self.cache)?, as_game(&y, self.cache)?);
                        let integer =
                            |x: GameId| x.as_number().filter(|d| d.is_integer()).map(|d| d.num());
                        if let Some(n) = integer(h) {
                            return Ok(Val::Game(copies(n, g)?));
                        }
                        if let Some(n) = integer(g) {
                            return Ok(Val::Game(copies(n, h)?));
                        }
                        match (g.as_number(), h.as_number()) {
                            (Some(p), Some(q)) => Val::Game(GameId::number(
                                p.checked_mul(q).map_err(|l| l.to_string())?,
                            )),
                            // A product of games is not a function of their values
                            // (Conway's product depends on the form), so none is made up.
                            _ => {
                                return Err(format!(
                                    "{g} * {h}: a product is defined for two numbers, or an integer and a game value (that many copies)"
                                ));
                            }
                        }
                    }
                }
            }
            Expr::Neg(a) => match self.eval(a)? {
                Val::Null => Val::Null,
                Val::Int(i) => Val::Int(i.checked_neg().ok_or("an integer overflow")?),
                v => Val::Game(-as_game(&v, self.cache)?),
            },
            // SQL's three-valued logic: unknown (Null) and false is false, unknown or
            // true is true, not unknown is unknown.
            Expr::And(a, b) => match (logic(&self.eval(a)?), logic(&self.eval(b)?)) {
                (Some(false), _) | (_, Some(false)) => Val::Bool(false),
                (Some(true), Some(true)) => Val::Bool(true),
                _ => Val::Null,
            },
            Expr::Or(a, b) => match (logic(&self.eval(a)?), logic(&self.eval(b)?)) {
                (Some(true), _) | (_, Some(true)) => Val::Bool(true),
                (Some(false), Some(false)) => Val::Bool(false),
                _ => Val::Null,
            },
            Expr::Not(a) => match logic(&self.eval(a)?) {
                Some(b) => Val::Bool(!b),
                None => Val::Null,
            },
        })
    }
}

/// The truth of a predicate's value: `Some(true)`, `Some(false)`, or `None` for
/// unknown (an empty cell, or a comparison with one).
pub fn logic(v: &Val) -> Option<bool> {
    match v {
        Val::Bool(b) => Some(*b),
        _ => None,
    }
}

/// true only for `true` (what `--where` keeps); false for `false` and for unknown.
pub fn truth(v: &Val) -> bool {
    matches!(v, Val::Bool(true))
}

/// `n · g`: `|n|` copies of `g` summed (of `−g` for negative `n`), by doubling.
fn copies(n: i64, g: GameId) -> std::result::Result<GameId, String> {
    let (mut k, mut base) = (n.unsigned_abs(), if n < 0 { -g } else { g });
    let mut sum = GameId::zero();
    while k > 0 {
        if k & 1 == 1 {
            sum = sum.checked_add(base).map_err(|l| l.to_string())?;
        }
        k >>= 1;
        if k > 0 {
            base = base.checked_add(base).map_err(|l| l.to_string())?;
        }
    }
    Ok(sum)
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

/// `x op y`; `None` (unknown) when either side is an empty cell (SQL's rule).
fn compare(
    op: Cmp,
    x: Val,
    y: Val,
    cache: &mut GameCache,
) -> std::result::Result<Option<bool>, String> {
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
    Ok(Some(match (x, y) {
        (Val::Null, _) | (_, Val::Null) => return Ok(None),
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
    }))
}

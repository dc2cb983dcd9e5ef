//! Compiling a query against a table's header: its groupings, filter, checks and
//! sequence, and the columns that order "smallest" rows.

use super::agg::{self, Agg};
use super::request::Query;
use super::select::{self, SelectPlan};
use crate::analysis::expr::{Compiled, Scope};
use crate::analysis::table::Table;
use crate::error::{Error, Result};
use crate::solving::ColumnType;

/// One grouping, compiled: its expressions, and the CSV columns when they are plain
/// columns (then keys are the raw fields: no evaluation per row).
pub(super) struct GroupPlan {
    pub(super) exprs: Vec<Compiled>,
    pub(super) plain: Option<Vec<usize>>,
}

/// The compiled query.
pub(super) struct Plan {
    pub(super) groupings: Vec<GroupPlan>,
    /// Aggregates of the first grouping's groups.
    pub(super) aggs: Vec<Agg>,
    /// The rows to give (`--select`, `--export`).
    pub(super) select: Option<SelectPlan>,
    pub(super) filter: Option<Compiled>,
    pub(super) checks: Vec<Compiled>,
    pub(super) first_of: Option<Compiled>,
    /// `first_of` when it is a plain column.
    pub(super) first_plain: Option<usize>,
    pub(super) sequence: Option<(Compiled, Compiled)>,
    pub(super) examples: usize,
    pub(super) last: usize,
    /// Columns whose every cell must read as their declared type: every known column
    /// (`Query::strict`), else none (the distinct keys of plain groupings are checked
    /// after the pass, and expressions check what they read).
    pub(super) typed: Vec<(usize, ColumnType)>,
    pub(super) n: Option<usize>,
    pub(super) m: Option<usize>,
    pub(super) graph6: Option<usize>,
    pub(super) colouring: Option<usize>,
    /// The joined table (`--join`), set after compiling.
    pub(super) join: Option<super::join::JoinTable>,
}

pub(super) fn compile(scope: &Scope, table: &Table, q: &Query) -> Result<Plan> {
    let groupings: Vec<GroupPlan> = q
        .groupings
        .iter()
        .map(|by| -> Result<GroupPlan> {
            let exprs: Vec<Compiled> = by
                .iter()
                .map(|b| scope.compile(b, false))
                .collect::<Result<_>>()?;
            let plain = exprs
                .iter()
                .map(|c| match c.expr {
                    crate::analysis::expr::Expr::Column(i, _) => Some(i),
                    _ => None,
                })
                .collect();
            Ok(GroupPlan { exprs, plain })
        })
        .collect::<Result<_>>()?;
    let aggs: Vec<Agg> = q
        .aggregates
        .iter()
        .map(|a| agg::compile(scope, a))
        .collect::<Result<_>>()?;
    if !aggs.is_empty() && groupings.is_empty() {
        return Err(Error::usage("--agg needs a grouping (--by)"));
    }
    let select = q
        .select
        .as_ref()
        .map(|s| select::compile(scope, s))
        .transpose()?;
    let filter = q
        .filter
        .as_deref()
        .map(|f| scope.compile(f, true))
        .transpose()?;
    let checks: Vec<Compiled> = q
        .checks
        .iter()
        .map(|c| scope.compile(c, true))
        .collect::<Result<_>>()?;
    let first_of = q
        .first_of
        .as_deref()
        .map(|f| scope.compile(f, false))
        .transpose()?;
    let sequence = match &q.sequence {
        Some((v, i)) => {
            let index = scope.compile(i, false)?;
            if index.ty != crate::analysis::expr::Ty::Int {
                return Err(Error::usage(format!(
                    "--index {i}: the index must be an integer column (such as n)"
                )));
            }
            Some((scope.compile(v, false)?, index))
        }
        None => None,
    };
    let all: Vec<&Compiled> = groupings
        .iter()
        .flat_map(|g| &g.exprs)
        .chain(aggs.iter().filter_map(|a| a.arg.as_ref()))
        .chain(select.iter().flat_map(|s| {
            s.columns
                .iter()
                .flat_map(|c| c.iter().map(|(e, _)| e))
                .chain(&s.sort)
        }))
        .chain(&filter)
        .chain(&checks)
        .chain(&first_of)
        .chain(sequence.iter().flat_map(|(a, b)| [a, b]))
        .collect();
    let (n, m, graph6, colouring) = (
        table.column("n"),
        table.column("m"),
        table.column("graph6"),
        table.column("colouring"),
    );
    let mut last = all.iter().filter_map(|c| c.last_column).max().unwrap_or(0);
    if !checks.is_empty() || first_of.is_some() {
        // The order of "smallest" rows reads these.
        for i in [n, m, graph6, colouring].into_iter().flatten() {
            last = last.max(i);
        }
    }
    if select.as_ref().is_some_and(|s| s.columns.is_none()) {
        last = last.max(table.header.len().saturating_sub(1));
    }
    let first_plain = first_of.as_ref().and_then(|c| match c.expr {
        crate::analysis::expr::Expr::Column(i, _) => Some(i),
        _ => None,
    });
    let typed: Vec<(usize, ColumnType)> = scope
        .types
        .iter()
        .enumerate()
        .filter(|&(_, &ty)| q.strict && ty != ColumnType::Text)
        .map(|(i, &ty)| (i, ty))
        .collect();
    if let Some(&(i, _)) = typed.last() {
        last = last.max(i);
    }
    Ok(Plan {
        first_plain,
        groupings,
        aggs,
        select,
        filter,
        checks,
        first_of,
        sequence,
        examples: q.examples,
        last,
        typed,
        n,
        m,
        graph6,
        colouring,
        join: None,
    })
}

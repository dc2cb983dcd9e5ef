//! What a query asks ([`Query`]): the groupings, aggregates, derived columns, selected
//! rows, filter, checks, first rows and sequence that one pass answers.

use super::join::Join;
use super::select::Select;

/// What to compute.
#[derive(Clone, Debug, Default)]
pub struct Query {
    /// Group by these columns (CSV or derived): one list per grouping, all counted in
    /// the same pass (`--by` gives one).
    pub groupings: Vec<Vec<String>>,
    /// Aggregates of the groups of the first grouping (`--agg`, see `agg.rs`):
    /// `count`, `share`, `min(x)`, `max(x)`, `sum(x)`, `mean(x)`, `distinct(x)`.
    pub aggregates: Vec<String>,
    /// Columns computed from each row (`--with 'name = expr'`), usable by name in every
    /// other part of the query; later ones may use earlier ones.
    pub with: Vec<String>,
    /// The matching rows themselves (`--select`, `--export`).
    pub select: Option<Select>,
    /// Only rows where this is true (not false, not unknown).
    pub filter: Option<String>,
    /// Conjectures to check on every (filtered) row.
    pub checks: Vec<String>,
    /// For each distinct value of this column or expression, the smallest row.
    pub first_of: Option<String>,
    /// `(value, index)`: the sequence of `value` by `index`, for periodicity.
    pub sequence: Option<(String, String)>,
    /// Counterexamples kept per check (the smallest).
    pub examples: usize,
    /// Join another table (`--join FILE --on KEY`): its columns come under a prefix.
    pub join: Option<Join>,
    /// Check that every cell of every known column reads as its declared type (`report`:
    /// it takes only our CSVs), not only the columns the query takes as they are.
    pub strict: bool,
}

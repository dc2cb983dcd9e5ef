//! The columns a query knows: every column of every CSV the program writes, with its
//! type, and the check that a header is one of ours.

use crate::error::{Error, Result};
use crate::solving::{Column, ColumnType};

/// Every column of every CSV the program writes (census, octal sequence, octal sweep,
/// Chomp table).
pub fn known_columns() -> impl Iterator<Item = &'static Column> {
    crate::solving::columns::CENSUS
        .iter()
        .chain(crate::jobs::octal::COLUMNS.iter())
        .chain(crate::jobs::octal::misere::COLUMNS.iter())
        .chain(crate::jobs::sweep::COLUMNS.iter())
        .chain(crate::jobs::chomp::COLUMNS.iter())
}

/// Refuses a header that is not one of our CSVs': every name must be a column the
/// program writes (the types of the cells are checked as the rows are read).
pub fn ours(path: &std::path::Path, header: &[String]) -> Result<()> {
    match header
        .iter()
        .find(|h| !known_columns().any(|c| c.name == h.as_str()))
    {
        Some(h) => Err(Error::usage(format!(
            "{}: column {} is not one the program writes (docs/CSV.md lists them): not one \
             of our CSVs",
            path.display(),
            crate::error::quoted(h)
        ))),
        None => Ok(()),
    }
}

/// The types of the columns of `header`, by name (unknown names are text).
pub fn header_types(header: &[String]) -> Vec<ColumnType> {
    header
        .iter()
        .map(|h| {
            known_columns()
                .find(|c| c.name == h)
                .map_or(ColumnType::Text, |c| c.ty)
        })
        .collect()
}

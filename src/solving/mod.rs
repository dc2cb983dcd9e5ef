//! Solving positions: decomposition into components, the shared transposition table,
//! the impartial solver and the order-preserving parallel driver.

pub mod batch;
mod cells_csv;
pub mod classes;
pub mod columns;
pub mod driver;
pub mod evaluate;
mod evaluate_shape;
mod evaluate_wide;
pub mod explain;
mod grid;
pub mod impartial;
pub mod known;
pub mod labelled;
pub mod misere;
mod misere_forms;
pub mod misere_shaped;
pub mod outcome_counting;
pub mod outcome_only;
pub mod outcome_search;
pub mod partizan;
mod row_cells;
pub mod scoring;
pub mod shape_solver;
mod stone_solver;
pub mod table;
mod word_table;

pub use cells_csv::{Starts, ValueRow, csv_cells, csv_field, push_csv_field, push_row};
pub use columns::{Cell, Column, ColumnType, Evaluation, Schema};
pub use evaluate::Evaluator;
pub use evaluate_wide::explain_wide;
pub use impartial::ImpartialSolver;
pub use misere::MisereSolver;
pub use partizan::PartizanSolver;
pub use table::Table;

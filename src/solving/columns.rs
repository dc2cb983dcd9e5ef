//! Typed result columns: every CSV the program writes is described by a [`Schema`], a
//! list of named, typed, documented [`Column`]s; an evaluation holds typed [`Cell`]s
//! that are formatted only at the output edge. The schema of a ruleset is derived from
//! the registry ([`crate::rules::RULESETS`]): its kind and what it declares (all-small,
//! ...), so a new kind of result is a new column here, not a change to every writer.

use smallvec::SmallVec;

use crate::graphs::{GraphPosition, Position};
use crate::rules::Ruleset;
use crate::values::Outcome;
use crate::values::dyadic::Dyadic;
use crate::values::game::GameId;

/// What a column holds, and so how to read it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnType {
    /// A graph in graph6.
    Graph6,
    /// A colouring: one palette letter per vertex (empty when uncoloured).
    Colouring,
    /// An integer (decimal; may be empty where the column does not apply).
    Integer,
    /// An outcome class: `L`, `R`, `N` or `P`.
    Outcome,
    /// A game value in the value notation (RULES.md).
    Value,
    /// A dyadic number (`-3/4`).
    Number,
    /// Free text (an octal code, a status word, ...).
    Text,
    /// `true` or `false`.
    Bool,
}

impl ColumnType {
    /// The name used in docs/CSV.md and `--help`.
    pub fn name(self) -> &'static str {
        match self {
            ColumnType::Graph6 => "graph6",
            ColumnType::Colouring => "colouring",
            ColumnType::Integer => "integer",
            ColumnType::Outcome => "outcome",
            ColumnType::Value => "game value",
            ColumnType::Number => "number",
            ColumnType::Text => "text",
            ColumnType::Bool => "bool",
        }
    }
}

/// A named, typed, documented column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    /// The header name (read columns by it: more may be added).
    pub name: &'static str,
    /// What it holds.
    pub ty: ColumnType,
    /// One line for docs and `--help`.
    pub description: &'static str,
}

/// The graph, graph6.
pub const GRAPH6: Column = Column {
    name: "graph6",
    ty: ColumnType::Graph6,
    description: "the graph, in graph6",
};
/// The colouring.
pub const COLOURING: Column = Column {
    name: "colouring",
    ty: ColumnType::Colouring,
    description: "one letter per vertex in graph6 vertex order (`B` Left's, `W` Right's, `G` both players'); empty for uncoloured positions",
};
/// A position of a game on shapes, in its ruleset's notation.
pub const POSITION: Column = Column {
    name: "position",
    ty: ColumnType::Text,
    description: "games on boards, edge-labelled graphs and posets: the position in the ruleset's notation (a Domineering board, a Hackenbush edge list, a poset)",
};
/// Size of such a position.
pub const SIZE: Column = Column {
    name: "size",
    ty: ColumnType::Integer,
    description: "games on boards, edge-labelled graphs and posets: the size the census counts by (cells, edges, elements; the ruleset's `--help` says which)",
};
/// Vertices.
pub const N: Column = Column {
    name: "n",
    ty: ColumnType::Integer,
    description: "number of vertices",
};
/// Edges.
pub const M: Column = Column {
    name: "m",
    ty: ColumnType::Integer,
    description: "number of edges",
};
/// Outcome class.
pub const OUTCOME: Column = Column {
    name: "outcome",
    ty: ColumnType::Outcome,
    description: "L, R, N or P (impartial positions are N or P: P iff the nim-value is 0)",
};
/// The value.
pub const VALUE: Column = Column {
    name: "value",
    ty: ColumnType::Value,
    description: "the value in the value notation (canonical form; a nimber for impartial rules)",
};
/// Nim-value.
pub const GRUNDY: Column = Column {
    name: "grundy",
    ty: ColumnType::Integer,
    description: "the nim-value (impartial rules; empty for partizan ones)",
};
/// Atomic weight.
pub const ATOMIC_WEIGHT: Column = Column {
    name: "atomic_weight",
    ty: ColumnType::Value,
    description: "all-small rules (Cutthroat, Clobber), and partizan games on shapes where the value is all-small: the atomic weight, empty where the value has none",
};
/// Temperature.
pub const TEMPERATURE: Column = Column {
    name: "temperature",
    ty: ColumnType::Number,
    description: "partizan rules that are not all-small (Snort, Col, partizan Node Kayles) and partizan games on shapes (Domineering, Hackenbush): the temperature as CGSuite defines it (a number m/2^k has -1/2^k, an integer -1, a number plus an infinitesimal 0)",
};
/// Mean value.
pub const MEAN: Column = Column {
    name: "mean",
    ty: ColumnType::Number,
    description: "partizan rules that are not all-small, and partizan games on shapes: the mean value (the thermograph's mast)",
};

/// Scoring games: the optimal margin.
pub const MARGIN: Column = Column {
    name: "margin",
    ty: ColumnType::Integer,
    description: "scoring games: the second player's total minus the first's under optimal play (positive: the first player wins)",
};
/// Scoring games: the winner.
pub const WINNER: Column = Column {
    name: "winner",
    ty: ColumnType::Text,
    description: "scoring games: first, second or draw",
};
/// Scoring games: the optimal first moves.
pub const BEST_MOVES: Column = Column {
    name: "best_moves",
    ty: ColumnType::Text,
    description: "scoring games: every optimal first move as vertex:number, separated by spaces",
};
/// Scoring games: the largest number in the principal variation.
pub const MAX_NUMBER: Column = Column {
    name: "max_number",
    ty: ColumnType::Integer,
    description: "scoring games: the largest number written in one principal variation",
};
/// Scoring games: the first player's total.
pub const FIRST_TOTAL: Column = Column {
    name: "first_total",
    ty: ColumnType::Integer,
    description: "scoring games: the first player's total in that principal variation",
};
/// Scoring games: the second player's total.
pub const SECOND_TOTAL: Column = Column {
    name: "second_total",
    ty: ColumnType::Integer,
    description: "scoring games: the second player's total in that principal variation",
};
/// Misère play: the outcome.
pub const MISERE: Column = Column {
    name: "misere",
    ty: ColumnType::Outcome,
    description: "with misère play (`eval --misere`, `octal --misere`, job key `misere = true`; impartial rules): N or P when the player who cannot move wins",
};
/// Misère play: the genus symbol.
pub const GENUS: Column = Column {
    name: "genus",
    ty: ColumnType::Text,
    description: "with misère play: the genus symbol (ONAG ch. 12) as CGSuite prints it, by the phylum of the position's misère canonical form: a nim heap as g alone (`2` for *2), a tame or restive game as g^γ0 (`0^0` for 0^02, `1^2` for 1^20; g^(γ0) when γ0 is 10 or more), any other in full, g^γ0γ1... with the superscripts up to where they alternate, at least two, parenthesised with commas when one is 10 or more (docs/GAMES.md, Misère play, gives the rules that expand an abbreviation)",
};
/// Misère play: tameness.
pub const TAME: Column = Column {
    name: "tame",
    ty: ColumnType::Bool,
    description: "with misère play: CGSuite's IsTame of the position's misère canonical form: true iff its phylum is nim heap or hereditarily tame (the form and all its positions have tame genera, those of nim heaps, 0^02 and 1^13; reversible moves are bypassed, so a position whose simplest form is a nim heap is tame); false (wild) for every other phylum, CGSuite's reversibly tame and tameable included",
};

/// The misère columns, written after the others when misère play is asked for.
pub const MISERE_COLUMNS: [Column; 3] = [MISERE, GENUS, TAME];

/// Every column a census or `eval` CSV can have, in the order they are written.
pub const CENSUS: &[Column] = &[
    GRAPH6,
    COLOURING,
    POSITION,
    SIZE,
    N,
    M,
    OUTCOME,
    VALUE,
    GRUNDY,
    ATOMIC_WEIGHT,
    TEMPERATURE,
    MEAN,
    MARGIN,
    WINNER,
    BEST_MOVES,
    MAX_NUMBER,
    FIRST_TOTAL,
    SECOND_TOTAL,
    MISERE,
    GENUS,
    TAME,
];

/// A header that names a column twice: the message (the column and its two places), for
/// every reader of our CSVs by header (a column must be read by one name).
pub fn repeated_column<S: AsRef<str>>(names: &[S]) -> Option<String> {
    let (n, first, second) = repeated(names)?;
    Some(format!(
        "the header names column {} twice (columns {} and {}): a column is read by its name, \
         so each name must be there once",
        crate::error::quoted(n),
        first + 1,
        second + 1
    ))
}

/// The first name of `names` that is there twice, and the indices of its first two
/// places.
pub fn repeated<S: AsRef<str>>(names: &[S]) -> Option<(&str, usize, usize)> {
    let (i, n) = names
        .iter()
        .enumerate()
        .find(|(i, n)| names[..*i].iter().any(|m| m.as_ref() == n.as_ref()))?;
    let first = names.iter().position(|m| m.as_ref() == n.as_ref())?;
    Some((n.as_ref(), first, i))
}

/// One typed value of a row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Nothing (the column does not apply to this row).
    Empty,
    /// An integer.
    Int(i64),
    /// An outcome class.
    Outcome(Outcome),
    /// A game value.
    Game(GameId),
    /// A number.
    Number(Dyadic),
    /// Text.
    Text(String),
}

impl Cell {
    /// The cell as its CSV field (before quoting).
    pub fn format(&self) -> String {
        let mut s = String::new();
        self.format_into(&mut s);
        s
    }

    /// [`Cell::format`], appended to `s`.
    pub fn format_into(&self, s: &mut String) {
        use std::fmt::Write;
        let _ = match self {
            Cell::Empty => Ok(()),
            Cell::Int(i) => write!(s, "{i}"),
            Cell::Outcome(o) => s.write_str(o.letter()),
            Cell::Game(g) => write!(s, "{g}"),
            Cell::Number(d) => write!(s, "{d}"),
            Cell::Text(t) => s.write_str(t),
        };
    }
}

/// The values computed for one position: one cell per value column of its ruleset's
/// schema, in schema order (no allocation for up to eight columns).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Evaluation {
    /// The cells.
    pub cells: SmallVec<[Cell; 8]>,
}

/// The columns of one kind of CSV.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schema {
    /// The columns, in the order they are written.
    pub columns: Vec<Column>,
    /// How many leading columns describe the position (the rest are values).
    pub position_columns: usize,
}

impl Schema {
    /// The columns of a ruleset's results: the position, then its kind's values.
    pub fn of(ruleset: Ruleset) -> Schema {
        let mut columns = match ruleset {
            Ruleset::Scoring(_) => vec![GRAPH6, N, M],
            Ruleset::Shaped(_) => vec![POSITION, SIZE],
            _ => vec![GRAPH6, COLOURING, N, M],
        };
        let position_columns = columns.len();
        match ruleset {
            Ruleset::Scoring(_) => columns.extend([
                MARGIN,
                WINNER,
                BEST_MOVES,
                MAX_NUMBER,
                FIRST_TOTAL,
                SECOND_TOTAL,
            ]),
            Ruleset::Impartial(_) => columns.extend([OUTCOME, VALUE, GRUNDY]),
            Ruleset::Shaped(r) => {
                columns.extend([OUTCOME, VALUE, GRUNDY]);
                if r.kind() == crate::rules::shape_rules::Kind::Partizan {
                    columns.extend([ATOMIC_WEIGHT, TEMPERATURE, MEAN]);
                }
            }
            Ruleset::Partizan(r) => {
                columns.extend([OUTCOME, VALUE, GRUNDY]);
                if r.all_small() {
                    columns.push(ATOMIC_WEIGHT);
                } else {
                    columns.extend([TEMPERATURE, MEAN]);
                }
            }
        }
        Schema {
            columns,
            position_columns,
        }
    }

    /// The schema with the misère columns after the others (impartial rules only).
    pub fn with_misere(mut self) -> Schema {
        self.columns.extend(MISERE_COLUMNS);
        self
    }

    /// The header line's fields.
    pub fn names(&self) -> Vec<&'static str> {
        self.columns.iter().map(|c| c.name).collect()
    }

    /// The header line, as written (without the newline).
    pub fn header(&self) -> String {
        self.names().join(",")
    }

    /// The index of the column `name`.
    pub fn index(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c.name == name)
    }

    /// The columns `names` (comma-separated) by index, in that order, for `eval
    /// --columns`; a name that is not one of these columns, or is given twice, is a
    /// usage error.
    pub fn select(&self, names: &str) -> crate::error::Result<Vec<usize>> {
        use crate::error::{Error, quoted};
        let mut out = Vec::new();
        for name in names.split(',').map(str::trim) {
            let i = self.index(name).ok_or_else(|| {
                Error::usage(format!(
                    "--columns: no column {}; these rules write {}",
                    quoted(name),
                    self.names().join(",")
                ))
            })?;
            if out.contains(&i) {
                return Err(Error::usage(format!(
                    "--columns names {} twice",
                    quoted(name)
                )));
            }
            out.push(i);
        }
        Ok(out)
    }

    /// The value columns (after the position).
    pub fn value_columns(&self) -> &[Column] {
        &self.columns[self.position_columns..]
    }

    /// The value columns of normal play: those before the misère ones.
    pub fn normal_value_columns(&self) -> &[Column] {
        let v = self.value_columns();
        match v.ends_with(&MISERE_COLUMNS) {
            true => &v[..v.len() - MISERE_COLUMNS.len()],
            false => v,
        }
    }

    /// The fields of the row of a position of a game on shapes, written `text` in its
    /// ruleset's notation, of `size`, with `eval`.
    pub fn shape_fields(&self, text: String, size: usize, eval: &Evaluation) -> Vec<String> {
        let mut f = Vec::with_capacity(self.columns.len());
        for c in &self.columns[..self.position_columns] {
            let mut bytes = Vec::new();
            write_shape_cell(
                c.name,
                &|b| b.extend_from_slice(text.as_bytes()),
                size,
                &mut bytes,
            );
            f.push(String::from_utf8(bytes).expect("the text and a number"));
        }
        f.extend(eval.cells.iter().map(Cell::format));
        f
    }

    /// The fields of the row of `pos` with `eval` (one per column).
    pub fn fields(&self, pos: &Position, eval: &Evaluation) -> Vec<String> {
        self.fields_of(pos, eval, None)
    }

    /// [`Schema::fields`], with only the columns `only` says (by index) formatted: the
    /// others are left empty (a census that writes few of its rows formats what its
    /// tallies and `keep` read, and the rest of the rows it keeps).
    pub fn fields_of(
        &self,
        pos: &Position,
        eval: &Evaluation,
        only: Option<&[bool]>,
    ) -> Vec<String> {
        let mut f = Vec::new();
        self.fields_into(pos, eval, only, &mut f);
        f
    }

    /// [`Schema::fields_of`] into `out`, reusing its strings (a census formats millions
    /// of rows: no allocation per field once the strings have grown).
    pub fn fields_into(
        &self,
        pos: &Position,
        eval: &Evaluation,
        only: Option<&[bool]>,
        out: &mut Vec<String>,
    ) {
        debug_assert_eq!(eval.cells.len(), self.value_columns().len());
        let wanted = |i: usize| only.is_none_or(|o| o[i]);
        out.resize(self.columns.len(), String::new());
        for (i, c) in self.columns[..self.position_columns].iter().enumerate() {
            let s = &mut out[i];
            s.clear();
            if !wanted(i) {
                continue;
            }
            let mut bytes = std::mem::take(s).into_bytes();
            write_position_cell(c.name, pos, &mut bytes);
            *s = String::from_utf8(bytes).expect("position cells are ASCII");
        }
        let p = self.position_columns;
        for (i, c) in eval.cells.iter().enumerate() {
            let s = &mut out[p + i];
            s.clear();
            if wanted(p + i) {
                c.format_into(s);
            }
        }
    }
}

/// Appends position column `name` of a position on a graph (graph6, colouring, n, m:
/// none of them ever needs quoting). Every row writer of graph positions writes its
/// position cells here.
pub fn write_position_cell(name: &str, pos: &dyn GraphPosition, buf: &mut Vec<u8>) {
    match name {
        "graph6" => pos.write_graph6(buf),
        "colouring" => pos.write_colouring(buf),
        "n" => write_decimal(buf, pos.n()),
        "m" => write_decimal(buf, pos.m()),
        other => unreachable!("position column {other}"),
    }
}

/// Appends position column `name` of a position of a game on shapes: its text in the
/// ruleset's notation (written by `text`, quoted or not as the caller needs) or its
/// size. Every row writer of such positions writes its position cells here.
pub fn write_shape_cell(name: &str, text: &dyn Fn(&mut Vec<u8>), size: usize, buf: &mut Vec<u8>) {
    match name {
        "position" => text(buf),
        "size" => write_decimal(buf, size),
        other => unreachable!("position column {other}"),
    }
}

/// Appends the decimal digits of `x`.
pub fn write_decimal(buf: &mut Vec<u8>, x: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut x = x;
    loop {
        i -= 1;
        digits[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

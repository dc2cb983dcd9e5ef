//! The trait of rulesets on positions of any shape ([`Shape`]: labelled vertices and
//! edges, parallel edges, loops, arcs, cells): Domineering and Cram, Hackenbush, poset
//! games. A ruleset is written once: its moves are values ([`Move`]: what was played and
//! the position left), and the solver, `explain`, the census and the drawings all read
//! the same list. The player is a [`Player`], not a flag.
//!
//! What the solver may assume is stated by the ruleset: whether a position is the sum of
//! the parts [`ShapedRules::components`] returns, and how exchanging the players changes
//! a position ([`ShapedRules::mirror`]). A property test per ruleset
//! (`src/tests/shapes.rs`) checks the claims against the moves.

pub use super::moves::{Act, Player};
use crate::error::Result;
use crate::graphs::palette::Palette;
use crate::shapes::stone_board::StoneBoard;
use crate::shapes::{Shape, ShapeKey, canonical_key};
use crate::values::game::GameId;

/// The longest line of play the solver follows for rules that [`ShapedRules::may_loop`].
pub const MAX_DEPTH: usize = 2_000;

/// A move: what is played, and the position it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// What is played.
    pub act: Act,
    /// The position after the move.
    pub after: Shape,
}

/// Impartial (values are nimbers) or partizan (values are canonical forms).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Both players have the same moves.
    Impartial,
    /// Left and Right have their own moves.
    Partizan,
}

/// How exchanging the players maps a position to one of the same rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mirror {
    /// No such map is declared.
    None,
    /// Exchanging edge labels `a` and `b` exchanges the players (Domineering's V and H,
    /// Hackenbush's B and R): the exchanged position's value is the negative.
    EdgeLabels(u8, u8),
    /// Exchanging vertex labels `a` and `b` exchanges the players (the black and white
    /// stones of Clobber and Konane): the exchanged position's value is the negative.
    VertexLabels(u8, u8),
}

impl Mirror {
    /// The position with the players exchanged (its value is the negative of `s`'s), or
    /// `None` if no mirror is declared.
    pub fn of(self, s: &Shape) -> Option<Shape> {
        let swap = |a: u8, b: u8| {
            move |l: u8| {
                if l == a {
                    b
                } else if l == b {
                    a
                } else {
                    l
                }
            }
        };
        match self {
            Mirror::None => None,
            Mirror::EdgeLabels(a, b) => Some(s.map_edge_labels(swap(a, b))),
            Mirror::VertexLabels(a, b) => Some(s.map_vertex_labels(swap(a, b))),
        }
    }
}

/// What a census lists of each size besides the size itself: the job keys
/// `multiplicity`, `max_vertices` and `edge_colours`. The default lists every position
/// of the size, simple graphs only.
#[derive(Clone, Copy, Debug, Default)]
pub struct Listing<'a> {
    /// Up to this many parallel edges between two vertices (0 or 1: simple graphs).
    pub multiplicity: usize,
    /// At most this many vertices (a census by vertices).
    pub max_vertices: Option<usize>,
    /// The letters the edges may be coloured with.
    pub edge_colours: Option<&'a str>,
}

impl Listing<'_> {
    /// Checks the multiplicity against what `rules` list.
    pub fn check_multiplicity<R: ShapedRules + ?Sized>(&self, rules: &R) -> Result<()> {
        let most = rules.max_multiplicity();
        if self.multiplicity <= most.max(1) {
            return Ok(());
        }
        Err(crate::error::Error::usage(if most <= 1 {
            format!(
                "multiplicity = {}: the census of rules {} lists simple graphs only (goes up to multiplicity 1)",
                self.multiplicity,
                rules.name()
            )
        } else {
            format!(
                "multiplicity = {}: the census of rules {} goes up to multiplicity {most}",
                self.multiplicity,
                rules.name()
            )
        }))
    }
}

/// Which dominoes a player of a domino game places on a board: a move covers two empty
/// cells side by side (Domineering, Cram), for the bitboard solver
/// ([`ShapedRules::dominoes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Domino {
    /// One cell above the other (the board's `V` edges).
    Vertical,
    /// Two cells in a row (the board's `H` edges).
    Horizontal,
    /// Either.
    Any,
}

/// The part a part of a game with stones is stored under, and whether its value is the
/// negative of the part's ([`StoneRules::key`]).
pub type PartKey = fn(&StoneBoard) -> (StoneBoard, bool);

/// A game with stones on boards, valued on bitboards ([`ShapedRules::stones`]): its
/// moves on a [`StoneBoard`] part, and how a board falls into parts.
#[derive(Clone, Copy)]
pub struct StoneRules {
    /// Parts are grown from the cells holding a stone (`true`: an empty cell separates
    /// parts, Clobber), or from every cell (Konane, where a stone lands on an empty one).
    pub stones_join: bool,
    /// Parts are runs of cells in a row, never joined across rows (strips).
    pub rows_only: bool,
    /// Parts are joined corner to corner too (Amazons: pieces move diagonally).
    pub diagonals: bool,
    /// Appends the part after each move of the player in a part (a board
    /// [`StoneBoard::parts`] gave): exactly the moves of [`ShapedRules::moves`].
    pub moves: &'static StoneMoves,
    /// A part with the players exchanged (its value the negative), if the rules have
    /// such a map on bitboards: the colours swapped (Clobber, Konane, Toppling
    /// Dominoes), a strip reversed with them (Toads and Frogs), the board transposed
    /// (Fission). A solved part is stored under both.
    pub mirror: Option<fn(&StoneBoard) -> Option<StoneBoard>>,
    /// The part a part is stored under, and whether its value is the negative: the
    /// least of its images under the symmetries that keep or negate its value
    /// ([`StoneBoard::least_image`]); `None`: the part as it lies.
    pub key: Option<PartKey>,
    /// Lines of play may not end (a rules file's): the solver stops one longer than
    /// [`MAX_DEPTH`] with a limit error.
    pub may_loop: bool,
}

/// The moves of a game with stones on a part ([`StoneRules::moves`]).
pub type StoneMoves = dyn Fn(&StoneBoard, Player, &mut Vec<StoneBoard>) + Send + Sync;

/// A ruleset on shapes.
pub trait ShapedRules: Send + Sync {
    /// The name used on the command line and in job files.
    fn name(&self) -> &'static str;

    /// One line saying what the game is (for `--help` and the README).
    fn description(&self) -> &'static str;

    /// Impartial or partizan.
    fn kind(&self) -> Kind;

    /// The vertex labels the rules read (e.g. Hackenbush's ground); [`Palette::NONE`]
    /// if none.
    fn vertex_palette(&self) -> Palette {
        Palette::NONE
    }

    /// The edge labels (Domineering's `V`/`H`, Hackenbush's `B`/`R`/`G`).
    fn edge_palette(&self) -> Palette {
        Palette::NONE
    }

    /// Whether edges are arcs.
    fn directed(&self) -> bool {
        false
    }

    /// What a position is called in input and output ("board", "edges", "poset"): the
    /// name of `eval`'s flag and of the CSV column's notation.
    fn notation(&self) -> &'static str;

    /// One line describing the notation, with an example, for help and errors.
    fn notation_help(&self) -> &'static str;

    /// Reads a position in the ruleset's notation; bad input is a usage error naming
    /// what is wrong.
    fn parse(&self, text: &str) -> Result<Shape>;

    /// Writes a position in the ruleset's notation (`parse(write(s))` is `s` up to the
    /// rules' equivalence).
    fn write(&self, s: &Shape) -> String;

    /// The size a census counts positions by (cells, edges, elements) of `s`.
    fn size(&self, s: &Shape) -> usize;

    /// What [`ShapedRules::size`] counts, plural ("cells").
    fn size_unit(&self) -> &'static str;

    /// Appends every move of `player` in `s`, each with the position it leaves.
    /// Moves depend only on the labels and edges, never on the cells
    /// ([`Shape::place`], which only notation and drawings read): the solver's memo
    /// keys a position by its labels and edges. Positions left are
    /// already reduced as the rules say (Hackenbush: what no longer touches the ground
    /// falls away).
    fn moves(&self, s: &Shape, player: Player, out: &mut Vec<Move>);

    /// A move in words, for `explain` ("places a vertical domino on b1-b2").
    fn say(&self, s: &Shape, act: Act) -> String {
        match act {
            Act::Vertex(v) => format!("takes vertex {v}"),
            Act::Edge(i) => {
                let e = s.edges()[i];
                format!("plays edge {}-{}", e.a, e.b)
            }
            Act::Pair(a, b) => format!("plays from vertex {a} onto vertex {b}"),
            Act::Shot { from, to, arrow } => {
                format!("moves from vertex {from} to {to} and shoots at {arrow}")
            }
            Act::Listed(i) => format!("makes move {i}"),
        }
    }

    /// The parts whose sum `s` is (default: its connected components; a ruleset whose
    /// positions do not decompose returns `vec![s.clone()]`).
    fn components(&self, s: &Shape) -> Vec<Shape> {
        s.component_shapes()
    }

    /// The value of a position (a whole one, or one of its [`ShapedRules::components`])
    /// that a theorem gives from its structure alone, without its moves: a chain of a
    /// poset game is a nim heap of its size, a Hackenbush stalk is valued by its colours
    /// (Winning Ways). `None` if no such theorem applies (the default): the solver values
    /// it from its options. `Some(Err)` if the value is beyond the kernel's range. The
    /// option-by-option path copies the position once per option, so a long chain or
    /// stalk costs it cubic time. Each one must be a proof: a test holds it equal to the
    /// value by the definition (`src/tests/hostile_values.rs`).
    fn known_value(&self, _s: &Shape) -> Option<Result<GameId>> {
        None
    }

    /// Whether the rules may, wrongly, lead back to a position being valued (a loopy
    /// rules file): the solver then keeps the positions it is valuing on each thread
    /// and stops with a limit error when one comes back, or when a line of play grows
    /// longer than [`MAX_DEPTH`], instead of recursing without end. Default: no (the
    /// native rulesets' games end).
    fn may_loop(&self) -> bool {
        false
    }

    /// Whether the moves read where the cells are ([`Shape::place`]), not only the
    /// labels and edges (a rules file's boards): the solver's exact memo then keys a
    /// position by its cells too. Default: no.
    fn reads_place(&self) -> bool {
        false
    }

    /// How exchanging the players maps a position (default: not declared).
    fn mirror(&self) -> Mirror {
        Mirror::None
    }

    /// For a domino game on boards: the dominoes Left and Right place (a move leaves the
    /// board without the two cells; the rules' [`ShapedRules::moves`] on a board are
    /// exactly these, on its `V` and `H` edges). The solver then values a board as a
    /// bitboard (`crate::shapes::bits`) instead of a shape; a property test checks both
    /// ways agree. Such rules read a board in grid notation as [`crate::shapes::board`]
    /// does, write it as `board::write` does and count its cells as its size: `eval`
    /// reads a board line straight into bits (a test checks the rows are the same).
    /// Default: `None` (not a domino game).
    fn dominoes(&self) -> Option<(Domino, Domino)> {
        None
    }

    /// For a partizan game with stones on boards: its moves on bitboards. The solver then
    /// values a board that fits in 128 bits as a [`StoneBoard`] instead of a shape (the
    /// contract test holds both ways equal). Default: `None`.
    fn stones(&self) -> Option<StoneRules> {
        None
    }

    /// The key a part is stored under: equal keys must mean equal values (default: the
    /// exact canonical key of the labelled shape).
    fn key(&self, s: &Shape) -> ShapeKey {
        canonical_key(s)
    }

    /// Every position of `size` the census lists, each once up to the rules'
    /// equivalence, in a fixed order, passed to `emit` (which returns `false` to stop).
    fn enumerate(&self, size: usize, emit: &mut dyn FnMut(Shape) -> bool) -> Result<()>;

    /// The largest size [`ShapedRules::enumerate`] accepts.
    fn max_census_size(&self) -> usize;

    /// The largest edge multiplicity a census may ask for (a job's `multiplicity` key):
    /// 1 for rulesets whose census lists simple graphs only (the default).
    fn max_multiplicity(&self) -> usize {
        1
    }

    /// Checks what a census asks of its listing besides the size (see [`Listing`]): a
    /// multiplicity up to [`ShapedRules::max_multiplicity`]; by default no other
    /// restriction (`max_vertices`, `edge_colours` are Hackenbush's).
    fn check_listing(&self, listing: &Listing) -> Result<()> {
        listing.check_multiplicity(self)?;
        let keys: Vec<&str> = [
            listing.max_vertices.map(|_| "max_vertices"),
            listing.edge_colours.map(|_| "edge_colours"),
        ]
        .into_iter()
        .flatten()
        .collect();
        if keys.is_empty() {
            return Ok(());
        }
        Err(crate::error::Error::usage(format!(
            "{}: the census of rules {} lists positions by {} only (hackenbush has these keys)",
            keys.join(" and "),
            self.name(),
            self.size_unit()
        )))
    }

    /// Like [`ShapedRules::enumerate`], listing what `listing` asks for (checked by
    /// [`ShapedRules::check_listing`]; [`Listing::default`] is `enumerate` itself).
    fn enumerate_listed(
        &self,
        size: usize,
        listing: &Listing,
        emit: &mut dyn FnMut(Shape) -> bool,
    ) -> Result<()> {
        self.check_listing(listing)?;
        self.enumerate(size, emit)
    }

    /// The position drawn as SVG with `caption` under it, or `None` if this ruleset's
    /// positions are not drawn (default: a board as a board, [`crate::shapes::draw`]).
    fn draw(&self, s: &Shape, caption: Option<&str>) -> Option<String> {
        crate::shapes::draw::board_svg(s, caption)
    }

    /// Whether the census summary tallies numbers per size: the largest denominator with
    /// the first position reaching it, and the positions whose value is not a number
    /// (rules whose positions are mostly numbers, such as Hackenbush). Default: no.
    fn number_summary(&self) -> bool {
        false
    }
}

//! What every ruleset's moves are made of: the [`Player`] who moves and the [`Act`]
//! played, a value a ruleset puts in words for `explain` (one list of moves serves the
//! solver, `explain` and the drawings).

/// A player. Left moves first in `{L | R}` notation; for impartial rules both have the
/// same moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Left (Blue, Black, Vertical).
    Left,
    /// Right (Red, White, Horizontal).
    Right,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }

    /// `Left` or `Right`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Left => "Left",
            Player::Right => "Right",
        }
    }
}

/// What a move plays, in the terms of the position it is played in (vertex and edge
/// numbers of that position). A ruleset puts it in words for `explain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Act {
    /// Takes (chooses, removes) a vertex.
    Vertex(usize),
    /// Cuts or plays an edge: index into the position's [`Shape::edges`](crate::shapes::Shape::edges).
    Edge(usize),
    /// Plays from the first vertex onto the second (Clobber: the stone on the first
    /// moves onto the opponent's stone on the second).
    Pair(usize, usize),
    /// Moves a piece from one vertex to another, then shoots an arrow onto a third
    /// (Amazons: the arrow's cell is burnt).
    Shot {
        /// Where the piece was.
        from: usize,
        /// Where it went.
        to: usize,
        /// Where the arrow landed.
        arrow: usize,
    },
    /// The rules' `i`-th move in the order they list them (a rules file's moves, which
    /// say only the position they leave).
    Listed(usize),
}

impl Player {
    /// Left for `true`, Right for `false` (the solvers' side flags).
    pub fn left_if(left: bool) -> Player {
        if left { Player::Left } else { Player::Right }
    }
}

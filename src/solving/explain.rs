//! Why a position has its value: every option of each player (the move in words, the
//! position it leaves, its value) marked as winning, dominated (by which option),
//! reversible (through which of its own options) or a duplicate, and the canonical form
//! that remains (Winning Ways ch. 3: dominated options are removed, a Left option A is
//! reversible when some A^R ≤ G and is then replaced by the left options of that A^R).
//! For impartial rules: each option's nim-value and the mex; for partizan rules the
//! atomic weight (or why there is none: not infinitesimal, or not atomic), and for hot
//! rules (partizan, not all-small) the stops, temperature, mean and thermograph.

use super::impartial::ImpartialSolver;
pub use super::known::{Thermal, Weight};
use super::partizan::PartizanSolver;
use super::shape_solver::ShapedSolver;
use crate::error::Result;
use crate::graphs::{Colouring, Graph, Position, to_graph6};
use crate::rules::Ruleset;
use crate::rules::shape_rules::{Kind, Player, ShapedRules};
use crate::shapes::Shape;
use crate::values::game::GameId;
use crate::values::nimber::mex;
use crate::values::nimber_notation;

/// What is said about one option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The player who moves there wins (moving first from here).
    Winning,
    /// Another option (1-based, of the same player) is strictly better for the mover.
    DominatedBy(usize),
    /// Another, earlier option has the same value.
    SameAs(usize),
    /// Reversible through its option `through` (a right option of a Left option that is
    /// ≤ the value, or a left option of a Right option that is ≥ it): the mover's
    /// opponent would answer there at once.
    Reversible {
        /// The reversing option.
        through: GameId,
    },
}

/// One option of one player.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The move, in words.
    pub description: String,
    /// The position it leaves (graph6, then the colouring if any).
    pub position: String,
    /// Its value.
    pub value: GameId,
    /// What is said about it.
    pub marks: Vec<Mark>,
}

/// Why a position has its value.
#[derive(Clone, Debug)]
pub enum Explanation {
    /// A normal-play game: options and marks.
    Game(GameExplanation),
    /// A scoring game: first moves with their margins, and a principal variation.
    Scoring(ScoringExplanation),
}

/// The optimal play of a scoring game's board.
#[derive(Clone, Debug)]
pub struct ScoringExplanation {
    /// The ruleset.
    pub rules: &'static str,
    /// The board (graph6).
    pub board: String,
    /// Its optimal play.
    pub play: super::scoring::Play,
}

/// The explanation of a normal-play position's value.
#[derive(Clone, Debug)]
pub struct GameExplanation {
    /// The ruleset.
    pub rules: &'static str,
    /// The position (graph6, then the colouring if any).
    pub position: String,
    /// Its value.
    pub value: GameId,
    /// Left's options (for impartial rules: the options of either player).
    pub left: Vec<Choice>,
    /// Right's options (empty for impartial rules).
    pub right: Vec<Choice>,
    /// Impartial rules: the options' nim-values and their mex.
    pub mex: Option<(Vec<u32>, u32)>,
    /// Rules that are not all-small: how hot the value is.
    pub thermal: Option<Thermal>,
    /// Partizan rules: the atomic weight, or why there is none.
    pub atomic_weight: Option<Weight>,
}

/// A position as graph6 and colouring (the empty graph is `?`).
fn show(g: &Graph, c: Option<&Colouring>) -> String {
    match c {
        Some(c) if c.n() > 0 => format!("{} {c}", to_graph6(g)),
        _ => to_graph6(g),
    }
}

/// Explains the value of `pos` (as [`Ruleset::prepare`] returns it); `extra` is the
/// scoring rules' option (see [`super::scoring::ScoringSolver::new`]).
pub fn explain(ruleset: Ruleset, pos: &Position, extra: u32) -> Result<Explanation> {
    match ruleset {
        Ruleset::Shaped(r) => Err(crate::error::Error::usage(format!(
            "rules {} are played on a {}, not a graph",
            r.name(),
            r.notation()
        ))),
        Ruleset::Scoring(r) => {
            let s = super::scoring::ScoringSolver::new(r, extra);
            s.check_bounds(&pos.graph)?;
            Ok(Explanation::Scoring(ScoringExplanation {
                rules: r.name(),
                board: show(&pos.graph, None),
                play: s.play_with(&pos.graph, true),
            }))
        }
        Ruleset::Impartial(r) => {
            let s = ImpartialSolver::new(r);
            let g = &pos.graph;
            let value = s.grundy(g);
            let mut nims = Vec::new();
            let mut left = Vec::new();
            // Each move in words and the vertices it leaves: a move of rules listed
            // apart from vertices (a rules file's `moves`) by the vertices it takes.
            let moves: Vec<(String, u64)> = match r.options(g) {
                Some(rests) => rests
                    .into_iter()
                    .map(|rest| (taken(g.vertices() & !rest), rest))
                    .collect(),
                None => (0..g.n())
                    .filter_map(|v| Some((r.describe(v), r.play(g, v)?)))
                    .collect(),
            };
            for (description, rest) in moves {
                let h = g.induced(rest);
                let nv = s.grundy(&h);
                nims.push(nv);
                left.push(Choice {
                    description,
                    position: show(&h, None),
                    value: GameId::nimber(nv),
                    marks: if nv == 0 { vec![Mark::Winning] } else { vec![] },
                });
            }
            let seen = nims
                .iter()
                .fold(0u128, |s, &v| s | 1u128.checked_shl(v).unwrap_or(0));
            let m = mex(seen);
            debug_assert_eq!(m, value);
            Ok(Explanation::Game(GameExplanation {
                rules: r.name(),
                position: show(g, None),
                value: GameId::nimber(value),
                left,
                right: Vec::new(),
                mex: Some((nims, m)),
                thermal: None,
                atomic_weight: None,
            }))
        }
        Ruleset::Partizan(r) => {
            let s = PartizanSolver::new(r);
            let c = pos
                .colouring
                .expect("prepared: partizan positions are coloured");
            let start = r.start(&pos.graph, &c);
            let (g, c) = (pos.graph.induced(start), c.induced(start));
            // Moves name vertices as the user numbered them, not as `start` kept them.
            let label: Vec<usize> = (0..pos.graph.n())
                .filter(|&v| start >> v & 1 == 1)
                .collect();
            let value = s.value(&g, &c)?;
            let mut sides = [Vec::new(), Vec::new()];
            for (k, player) in [Player::Left, Player::Right].into_iter().enumerate() {
                let mut moves = Vec::new();
                r.moves(&g, &c, player, &mut moves);
                for m in moves {
                    let v = s.value(&m.graph, &m.colouring)?;
                    sides[k].push(Choice {
                        description: r.say(m.act, player, &label),
                        position: show(&m.graph, Some(&m.colouring)),
                        value: v,
                        marks: Vec::new(),
                    });
                }
                mark(&mut sides[k], value, player == Player::Left);
            }
            let [left, right] = sides;
            Ok(Explanation::Game(GameExplanation {
                rules: r.name(),
                position: show(&pos.graph, pos.colouring.as_ref()),
                value,
                left,
                right,
                mex: None,
                thermal: if r.all_small() {
                    None
                } else {
                    Some(Thermal::of(value)?)
                },
                atomic_weight: Some(Weight::of(value)?),
            }))
        }
    }
}

/// Explains the value of a position of a game on shapes: every move in the ruleset's
/// words, the position it leaves in the ruleset's notation, its value and marks.
pub fn explain_shape(rules: &'static dyn ShapedRules, shape: &Shape) -> Result<Explanation> {
    let s = ShapedSolver::new(rules);
    let value = s.value(shape)?;
    let impartial = rules.kind() == Kind::Impartial;
    let players: &[Player] = if impartial {
        &[Player::Left]
    } else {
        &[Player::Left, Player::Right]
    };
    let mut sides = [Vec::new(), Vec::new()];
    for (k, &p) in players.iter().enumerate() {
        for (m, v) in s.valued_moves(shape, p)? {
            sides[k].push(Choice {
                description: rules.say(shape, m.act),
                position: rules.write(&m.after),
                value: v,
                marks: Vec::new(),
            });
        }
        if impartial {
            for c in &mut sides[k] {
                if c.value == GameId::zero() {
                    c.marks.push(Mark::Winning);
                }
            }
        } else {
            mark(&mut sides[k], value, p == Player::Left);
        }
    }
    let [left, right] = sides;
    let mex_part = if impartial {
        let nims: Vec<u32> = left
            .iter()
            .map(|c| c.value.as_nus().map_or(0, |n| n.nim))
            .collect();
        let m = s.nim_value(shape)?;
        Some((nims, m))
    } else {
        None
    };
    Ok(Explanation::Game(GameExplanation {
        rules: rules.name(),
        position: rules.write(shape),
        value,
        left,
        right,
        mex: mex_part,
        thermal: if impartial {
            None
        } else {
            Some(Thermal::of(value)?)
        },
        atomic_weight: if impartial || !value.is_all_small() {
            None
        } else {
            Some(Weight::of(value)?)
        },
    }))
}

/// Marks the options of one player (`left`) of a position of value `g`.
fn mark(opts: &mut [Choice], g: GameId, left: bool) {
    let zero = GameId::zero();
    let values: Vec<GameId> = opts.iter().map(|o| o.value).collect();
    // `better(a, b)`: b is strictly better than a for the mover.
    let better = |a: GameId, b: GameId| if left { a.less(b) } else { b.less(a) };
    for (i, o) in opts.iter_mut().enumerate() {
        let v = o.value;
        if (left && v.geq(zero)) || (!left && v.leq(zero)) {
            o.marks.push(Mark::Winning);
        }
        // An option equal to an earlier one is marked so, and also dominated or
        // reversible like that one.
        if let Some(j) = (0..i).find(|&j| values[j] == v) {
            o.marks.push(Mark::SameAs(j + 1));
        }
        if let Some(j) = (0..values.len()).find(|&j| better(v, values[j])) {
            o.marks.push(Mark::DominatedBy(j + 1));
        } else {
            let (vl, vr) = v.sides();
            let through = if left {
                vr.iter().find(|x| x.leq(g))
            } else {
                vl.iter().find(|x| x.geq(g))
            };
            if let Some(&t) = through {
                o.marks.push(Mark::Reversible { through: t });
            }
        }
    }
}

impl Explanation {
    /// The explanation in words.
    pub fn text(&self) -> String {
        match self {
            Explanation::Game(e) => e.text(),
            Explanation::Scoring(e) => e.text(),
        }
    }

    /// The explanation as JSON.
    pub fn json(&self) -> serde_json::Value {
        match self {
            Explanation::Game(e) => e.json(),
            Explanation::Scoring(e) => e.json(),
        }
    }
}

impl ScoringExplanation {
    /// Every first move with its margin, then the principal variation move by move.
    pub fn text(&self) -> String {
        let p = &self.play;
        let mut s = format!(
            "{} on {}: margin {} (second player's total minus the first's), winner: {}\n\
             first moves (vertex:number -> margin under optimal play from there on):\n",
            self.rules,
            self.board,
            p.margin,
            p.winner.word()
        );
        for (m, v) in &p.first_moves {
            s.push_str(&format!(
                "  {}:{} -> {v}{}\n",
                m.vertex,
                m.points,
                if *v == p.margin { "  [optimal]" } else { "" }
            ));
        }
        s.push_str("a principal variation:\n");
        let (mut a, mut b) = (0i64, 0i64);
        for (i, m) in p.variation.iter().enumerate() {
            let first = i % 2 == 0;
            if first {
                a += m.points as i64;
            } else {
                b += m.points as i64;
            }
            s.push_str(&format!(
                "  {}. {} writes {} on vertex {}  (totals {a} : {b})\n",
                i + 1,
                if first { "first" } else { "second" },
                m.points,
                m.vertex
            ));
        }
        s
    }

    /// As JSON.
    pub fn json(&self) -> serde_json::Value {
        use serde_json::json;
        let p = &self.play;
        json!({
            "rules": self.rules,
            "board": self.board,
            "margin": p.margin,
            "winner": p.winner.word(),
            "first_moves": p.first_moves.iter().map(|(m, v)| json!({"vertex": m.vertex, "number": m.points, "margin": v, "optimal": *v == p.margin})).collect::<Vec<_>>(),
            "variation": p.variation.iter().map(|m| json!({"vertex": m.vertex, "number": m.points})).collect::<Vec<_>>(),
            "first_total": p.totals.0,
            "second_total": p.totals.1,
        })
    }
}

impl GameExplanation {
    /// The canonical form with its options written out (`{0|0} = *`), for partizan
    /// rules; the value itself for impartial ones.
    pub fn canonical_form(&self) -> String {
        if self.mex.is_some() {
            return self.value.to_string();
        }
        let (l, r) = self.value.sides();
        let join = |v: &[GameId]| {
            let mut p: Vec<String> = v.iter().map(|g| g.to_string()).collect();
            p.sort_unstable();
            p.join(", ")
        };
        let mut s = format!("{{{}|{}}}", join(l), join(r));
        if self.value.as_nus().is_some() {
            s.push_str(&format!(" = {}", self.value));
        }
        s
    }

    /// The explanation in words, one line per option.
    pub fn text(&self) -> String {
        let mut s = format!(
            "{} on {}: value {}, outcome {}\n",
            self.rules,
            self.position,
            self.value,
            self.value.outcome()
        );
        let impartial = self.mex.is_some();
        let mark_text = |m: &Mark, left: bool| match m {
            Mark::Winning if impartial => "winning".to_string(),
            Mark::Winning => format!("winning for {}", if left { "Left" } else { "Right" }),
            Mark::DominatedBy(j) => format!("dominated by option {j}"),
            Mark::SameAs(j) => format!("same value as option {j}"),
            Mark::Reversible { through } => format!(
                "reversible through {through} (replaced by its {} options)",
                if left { "left" } else { "right" }
            ),
        };
        for (left, opts, who) in [(true, &self.left, "Left"), (false, &self.right, "Right")] {
            if !left && impartial {
                break;
            }
            let who = if impartial { "Either player" } else { who };
            s.push_str(&format!("{who}'s options ({}):\n", opts.len()));
            for (i, o) in opts.iter().enumerate() {
                let marks: Vec<String> = o.marks.iter().map(|m| mark_text(m, left)).collect();
                s.push_str(&format!(
                    "  {}. {} -> {}: {}{}\n",
                    i + 1,
                    o.description,
                    if o.position == "?" {
                        "? (empty)"
                    } else {
                        &o.position
                    },
                    o.value,
                    if marks.is_empty() {
                        String::new()
                    } else {
                        format!("  [{}]", marks.join("; "))
                    }
                ));
            }
        }
        match &self.mex {
            Some((nims, m)) => {
                let mut sorted = nims.clone();
                sorted.sort_unstable();
                sorted.dedup();
                let shown: Vec<String> = sorted.iter().map(|v| v.to_string()).collect();
                s.push_str(&format!(
                    "mex{{{}}} = {m}: the value is {}\n",
                    shown.join(", "),
                    nimber_notation(*m)
                ));
            }
            None => s.push_str(&format!("canonical form: {}\n", self.canonical_form())),
        }
        if let Some(w) = &self.atomic_weight {
            s.push_str(&w.text());
            s.push('\n');
        }
        if let Some(t) = &self.thermal {
            s.push_str(&format!(
                "stops {} (Left first) and {} (Right first); temperature {}, mean {}\n{}\n",
                t.stops.0, t.stops.1, t.temperature, t.mean, t.thermograph
            ));
        }
        s
    }

    /// The explanation as JSON.
    pub fn json(&self) -> serde_json::Value {
        use serde_json::json;
        let opts = |v: &[Choice]| {
            v.iter()
                .map(|o| {
                    json!({
                        "move": o.description,
                        "position": o.position,
                        "value": o.value.to_string(),
                        "winning": o.marks.contains(&Mark::Winning),
                        "dominated_by": o.marks.iter().find_map(|m| match m { Mark::DominatedBy(j) => Some(*j), _ => None }),
                        "same_as": o.marks.iter().find_map(|m| match m { Mark::SameAs(j) => Some(*j), _ => None }),
                        "reversible_through": o.marks.iter().find_map(|m| match m { Mark::Reversible { through } => Some(through.to_string()), _ => None }),
                    })
                })
                .collect::<Vec<_>>()
        };
        let mut v = json!({
            "rules": self.rules,
            "position": self.position,
            "value": self.value.to_string(),
            "outcome": self.value.outcome().letter(),
            "canonical_form": self.canonical_form(),
            "left": opts(&self.left),
            "right": opts(&self.right),
            "mex": self.mex.as_ref().map(|(_, m)| *m),
            "nim_values": self.mex.as_ref().map(|(n, _)| n.clone()),
            "left_stop": self.thermal.as_ref().map(|t| t.stops.0.to_string()),
            "right_stop": self.thermal.as_ref().map(|t| t.stops.1.to_string()),
            "temperature": self.thermal.as_ref().map(|t| t.temperature.to_string()),
            "mean": self.thermal.as_ref().map(|t| t.mean.to_string()),
            "thermograph": self.thermal.as_ref().map(|t| t.thermograph.clone()),
            "thermograph_walls": self.thermal.as_ref().map(|t| json!({
                "left": Thermal::wall_json(&t.walls[0]),
                "right": Thermal::wall_json(&t.walls[1]),
            })),
        });
        for (k, w) in Weight::json(self.atomic_weight.as_ref()) {
            v[k] = w;
        }
        v
    }
}

/// A move that takes the vertices `gone`, in words ("takes vertices 1 and 2").
fn taken(gone: u64) -> String {
    let vs: Vec<String> = crate::graphs::Bits(gone).map(|v| v.to_string()).collect();
    match vs.as_slice() {
        [] => "takes no vertex".to_string(),
        [v] => format!("takes vertex {v}"),
        [rest @ .., last] => format!("takes vertices {} and {last}", rest.join(", ")),
    }
}

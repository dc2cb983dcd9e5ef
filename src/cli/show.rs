//! The commands that show one thing: the calculator (`value`, with `--svg`),
//! `explain` and `draw` (a position, or a game's thermograph with `--thermograph`).
//! Every SVG is written whole through [`Staged`] (an existing file is refused without
//! `--force`).

use std::io::Write;
use std::path::{Path, PathBuf};

use gamecensus::jobs::graph_lines::AnyPosition;
use gamecensus::jobs::{self, staged::Staged};
use gamecensus::rules::Ruleset;
use gamecensus::solving::Evaluator;
use gamecensus::solving::explain::Explanation;
use gamecensus::values::game::GameId;
use gamecensus::values::parse::{Answer, evaluate};
use gamecensus::values::thermo_svg;
use gamecensus::{Error, Result};

use super::args::ExplainFormat;
use super::threads::write_err;

/// The caption of `g`'s thermograph: the game, its temperature and mean.
pub fn caption(g: GameId) -> Result<String> {
    Ok(format!(
        "thermograph of {g}: temperature {}, mean {}",
        g.temperature()?,
        g.mean()?
    ))
}

/// Writes `g`'s thermograph as SVG to `dest` (under a temporary name, then renamed).
pub fn write_svg(g: GameId, caption: &str, dest: &Path, force: bool) -> Result<()> {
    let text = thermo_svg::svg(&*g.thermograph()?, caption)?;
    let staged = Staged::file(dest, force)?;
    std::fs::write(staged.path(), text)
        .map_err(|e| Error::io(format!("writing {}", dest.display()), e))?;
    staged.commit()
}

/// `gamecensus explain`, and its `--thermograph FILE` (written before anything is
/// printed: a refused FILE leaves stdout empty).
/// What `explain` was given: a graph (graph6) or a position in a ruleset's notation.
pub enum Given<'a> {
    /// `--graph`.
    Graph(&'a str),
    /// `--board`, `--edges`, `--poset` (`--position`).
    Position(&'a str),
}

pub fn explain(
    rules: &str,
    given: Given<'_>,
    colouring: Option<&str>,
    format: ExplainFormat,
    max_extra: u32,
    thermograph: Option<&Path>,
    force: bool,
) -> Result<()> {
    let mut out = super::deadline::start();
    let evaluator = Evaluator::new(Ruleset::from_name(rules)?);
    if thermograph.is_some() && matches!(evaluator.ruleset(), Ruleset::Scoring(_)) {
        return Err(Error::usage(format!(
            "--thermograph: {rules} is a scoring game, which has no thermograph"
        )));
    }
    if let (Ruleset::Shaped(r), Some(_)) = (evaluator.ruleset(), colouring) {
        return Err(Error::usage(format!(
            "rules {} take no --colouring: a {} says all",
            r.name(),
            r.notation()
        )));
    }
    let e = match (evaluator.ruleset(), given) {
        (Ruleset::Shaped(r), Given::Position(p)) => {
            gamecensus::solving::explain::explain_shape(r, &r.parse(p)?)?
        }
        (Ruleset::Shaped(r), Given::Graph(_)) => {
            return Err(Error::usage(format!(
                "rules {} are played on a {}, not a graph: give --{} TEXT ({})",
                r.name(),
                r.notation(),
                r.notation(),
                r.notation_help()
            )));
        }
        (r, given) => {
            let pos = match given {
                Given::Graph(g) => jobs::graph_lines::parse_position(g, colouring, &evaluator)?,
                Given::Position(e) => jobs::graph_lines::parse_edges(e, colouring, &evaluator)?,
            };
            match pos {
                AnyPosition::Small(pos) => {
                    gamecensus::solving::explain::explain(r, &pos, max_extra)?
                }
                AnyPosition::Wide(pos) => gamecensus::solving::explain_wide(r, &pos)?,
            }
        }
    };
    if let (Some(dest), Explanation::Game(g)) = (thermograph, &e) {
        let caption = format!("{} on {}: {}", g.rules, g.position, caption(g.value)?);
        write_svg(g.value, &caption, dest, force)?;
    }
    let text = match format {
        ExplainFormat::Text => e.text(),
        ExplainFormat::Json => format!("{:#}\n", e.json()),
    };
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(write_err)
}

/// The arguments of `gamecensus draw`.
pub struct DrawArgs {
    pub graph: Option<String>,
    pub colouring: Option<String>,
    /// Rules on boards and the board to draw (`--rules`, `--board`).
    pub board: Option<(String, String)>,
    pub thermograph: Option<String>,
    pub caption: Option<String>,
    pub stdin: Option<String>,
    pub out: PathBuf,
    pub force: bool,
}

/// `gamecensus draw`: one position (`--graph`, or `--rules` with `--board`), one
/// thermograph (`--thermograph`), or a folder of positions read from stdin.
pub fn draw(a: DrawArgs) -> Result<()> {
    let DrawArgs {
        graph,
        colouring,
        board,
        thermograph,
        caption,
        stdin,
        out,
        force,
    } = a;
    if let Some(game) = thermograph {
        if colouring.is_some() {
            return Err(Error::usage(
                "--colouring goes with --graph, not --thermograph",
            ));
        }
        return draw_thermograph(&game, caption, &out, force);
    }
    if let Some((rules, text)) = board {
        return draw_board(&rules, &text, caption, &out, force);
    }
    match (graph, stdin.as_deref()) {
        (Some(g6), None) => {
            let g = gamecensus::graphs::parse_graph6(&g6)?;
            let c = colouring
                .as_deref()
                .map(|c| {
                    gamecensus::graphs::Colouring::parse(
                        c,
                        g.n(),
                        &gamecensus::graphs::palette::STANDARD,
                    )
                })
                .transpose()?;
            let cap = caption.unwrap_or_else(|| {
                format!("{g6} {}", colouring.unwrap_or_default())
                    .trim()
                    .to_string()
            });
            let staged = Staged::file(&out, force)?;
            std::fs::write(
                staged.path(),
                gamecensus::graphs::draw::svg(&g, c.as_ref(), Some(&cap)),
            )
            .map_err(|e| Error::io(format!("writing {}", out.display()), e))?;
            staged.commit()
        }
        (None, Some("-")) if caption.is_some() => Err(Error::usage(
            "--caption goes with --graph or --thermograph, not with stdin",
        )),
        (None, Some("-")) => {
            let staged = Staged::dir(&out, force)?;
            let n = jobs::graph_stream::draw_lines(&mut std::io::stdin().lock(), staged.path())?;
            staged.commit()?;
            let _ = writeln!(std::io::stderr(), "{n} drawings in {}", out.display());
            Ok(())
        }
        _ => Err(Error::usage(
            "give --graph G6, --rules R --board TEXT, --thermograph GAME, or - to read positions from stdin",
        )),
    }
}

/// `gamecensus draw --rules R --position TEXT`: a board as a grid of squares, a
/// Hackenbush position on its ground line.
fn draw_board(
    rules: &str,
    text: &str,
    caption: Option<String>,
    dest: &Path,
    force: bool,
) -> Result<()> {
    let r = match Ruleset::from_name(rules)? {
        Ruleset::Shaped(r) => r,
        other => {
            return Err(Error::usage(format!(
                "rules {} are played on graphs: give --graph G6",
                other.name()
            )));
        }
    };
    let shape = r.parse(text)?;
    let cap = caption.unwrap_or_else(|| format!("{} {}", r.name(), r.write(&shape)));
    let Some(svg) = r.draw(&shape, Some(&cap)) else {
        return Err(Error::usage(format!(
            "rules {}: a {} is not drawn yet (boards and Hackenbush are)",
            r.name(),
            r.notation()
        )));
    };
    let staged = Staged::file(dest, force)?;
    std::fs::write(staged.path(), svg)
        .map_err(|e| Error::io(format!("writing {}", dest.display()), e))?;
    staged.commit()
}

/// `gamecensus draw --thermograph GAME`: `game` is a calculator expression whose answer
/// is a game.
fn draw_thermograph(game: &str, caption: Option<String>, dest: &Path, force: bool) -> Result<()> {
    let g = match evaluate(game)? {
        Answer::Game(g) => g,
        other => {
            return Err(Error::usage(format!(
                "--thermograph {}: the answer {other} is not a game (give a value such as \
                 '{{3|-1}}' or a sum of values)",
                gamecensus::error::quoted(game)
            )));
        }
    };
    let cap = match caption {
        Some(c) => c,
        None => self::caption(g)?,
    };
    write_svg(g, &cap, dest, force)
}

/// `gamecensus value`: one expression, or (`-` or none) one per line of stdin. With
/// `svg`, the one expression must be a thermograph, which is also drawn there.
pub fn value(
    expr: Option<&str>,
    svg: Option<&Path>,
    force: bool,
    out: &mut dyn Write,
) -> Result<()> {
    if let Some(e) = expr.filter(|e| *e != "-") {
        let answer = evaluate(e)?;
        if let Some(dest) = svg {
            let Answer::Thermograph(g, _) = answer else {
                return Err(Error::usage(format!(
                    "--svg draws thermographs, and {} is {answer}: write thermograph(G)",
                    gamecensus::error::quoted(e)
                )));
            };
            write_svg(g, &caption(g)?, dest, force)?;
        }
        return writeln!(out, "{answer}").map_err(write_err);
    }
    if svg.is_some() {
        return Err(Error::usage(
            "--svg draws one thermograph: give the expression on the command line, not on stdin",
        ));
    }
    for (i, line) in gamecensus::sys::input::bounded_lines(&mut std::io::stdin().lock()).enumerate()
    {
        let line = line.map_err(|e| gamecensus::sys::input::read_error(i, e))?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = evaluate(&line).map_err(|e| gamecensus::sys::input::at_line(i, e))?;
        writeln!(out, "{answer}").map_err(write_err)?;
    }
    Ok(())
}

/// `eval --outcome-only`: one position (`--board`, `--edges`, ...) or lines from stdin.
pub fn outcome_only(
    ruleset: Ruleset,
    position: Option<String>,
    graph: Option<String>,
    stdin: Option<String>,
    budget: u64,
) -> Result<()> {
    use gamecensus::solving::outcome_only::eval_outcomes;
    let Ruleset::Shaped(rules) = ruleset else {
        return Err(Error::usage(format!(
            "--outcome-only is for rules on boards and shapes (domineering, cram, ...), not {}",
            ruleset.name()
        )));
    };
    let mut out = super::deadline::start();
    match (position, graph, stdin.as_deref()) {
        (Some(p), None, None) => eval_outcomes(rules, [Ok(p)], budget, &mut out),
        (None, None, Some("-")) => {
            let mut input = std::io::stdin().lock();
            let lines = gamecensus::sys::input::bounded_lines(&mut input)
                .enumerate()
                .map(|(i, l)| l.map_err(|e| gamecensus::sys::input::read_error(i, e)));
            eval_outcomes(rules, lines, budget, &mut out)
        }
        _ => Err(Error::usage(format!(
            "--outcome-only: give --{} TEXT or - to read positions from stdin",
            rules.notation()
        ))),
    }
}

//! The long help texts of the command line (after a subcommand's options: the rulesets
//! and their columns, job files, merging shards, the calculator's notation), each ending
//! with examples that `src/tests/help_examples.rs` runs.

use gamecensus::rules::{RULESETS, Ruleset};
use gamecensus::solving::Schema;

pub fn rules_help() -> String {
    format!("Rules (--rules):\n{}", Ruleset::help_list())
}

pub fn eval_help() -> String {
    // One line per distinct set of columns, naming the rules that write it.
    let mut schemas: Vec<(String, Vec<&str>)> = Vec::new();
    for r in RULESETS {
        let header = Schema::of(*r).header();
        match schemas.iter_mut().find(|(h, _)| *h == header) {
            Some((_, names)) => names.push(r.name()),
            None => schemas.push((header, vec![r.name()])),
        }
    }
    let columns: Vec<String> = schemas
        .iter()
        .map(|(h, names)| format!("  {}:\n    {h}", names.join(", ")))
        .collect();
    let notations: Vec<String> = RULESETS
        .iter()
        .filter_map(|r| match r {
            gamecensus::rules::Ruleset::Shaped(s) => Some(format!(
                "  {} (--{}, size = {}): {}",
                s.name(),
                s.notation(),
                s.size_unit(),
                s.notation_help()
            )),
            _ => None,
        })
        .collect();
    format!(
        "{}\n\nRules on boards, edge lists and posets take their positions in their own \
         notation (--position, also spelled --board, --edges, --poset), one per line on \
         stdin:\n{}\n\nInput lines: GRAPH6 [COLOURING], e.g. from `gamecensus enumerate` or \
         `nauty-geng`; blank lines and a >>graph6<< header are skipped. A colouring has one \
         letter per vertex in graph6 vertex order: B (Left's), W (Right's), G (both).\n\n\
         CSV columns (docs/CSV.md):\n{}\n\n\
         Examples:\n  gamecensus eval --rules node-kayles --graph DQc\n  \
         gamecensus eval --rules cutthroat --graph Cs --colouring BBWW\n  \
         gamecensus eval --rules snort --graph DQc\n  \
         gamecensus eval --rules cutthroat --graph Cs --colouring BBWW --columns value,outcome\n  \
         gamecensus eval --rules domineering --board '..|..'\n  \
         nauty-geng 7 | gamecensus eval --rules node-kayles - > nk7.csv",
        rules_help(),
        notations.join("\n"),
        columns.join("\n"),
    )
}

pub const RUN_HELP: &str = "A job file is TOML (every file in jobs/ runs as it is):
  name = \"node-kayles-8\"        required; names the default output results/<name>.csv
  kind = \"census\"               census (default) or octal-sweep
  output = \"results/nk8.csv\"    where the CSV goes
census keys:
  rules = \"node-kayles\"         required (see `gamecensus eval --help`)
  family = \"all\"                all, trees, path, cycle, star, complete, complete-bipartite, grid,
                                path-bw, cycle-bw, star-bw (coloured), map (random map boards)
  min_vertices = 1              default 1
  max_vertices = 8              required
  connected = false             connected graphs only (family all)
  colours = 0                   0 uncoloured, 2 = B/W, 3 = B/W/G
  skip_reduced = false          leave out positions the rules reduce at the start
  table_cap = 50000000          partizan and scoring rules: at most this many table entries
  max_extra = 0                 grundy-colouring: numbers up to degree + 1 + max_extra
  misere = false                impartial rules: also misère play (misere, genus, tame columns)
  boards = 40                   family map: boards per number of regions
  seed = 1                      family map: the seed of the random boards
octal-sweep keys:
  max_digits = 3                codes with 1 to max_digits digits (1 to 6)
  leading = [0, 4]              digits before the point (default [0]; each at most once)
  max_n = 20000                 G(0..=max_n) for each game
Beside the CSV, FILE.meta.json records the program, the job, the shard and the rows.
An existing output is never overwritten by surprise: a complete one of the same job is
left as it is, an interrupted one needs --resume, anything else --force.
Examples:
  gamecensus run jobs/default.toml --out default.csv --force
  gamecensus run jobs/cutthroat-bw-5.toml --out cw5.csv --shard 0/2 --force";

pub const MERGE_HELP: &str = "Shard I/M of a job takes its units of work I, I+M, I+2M, ...; merge \
interleaves the shards' rows back into the order of the whole run, using the unit sizes each \
shard's sidecar records. It refuses (exit 2, nothing written) shards of different jobs, \
programs or shard counts, a shard missing or given twice, an incomplete shard, a shard whose \
bytes differ from its sidecar's checksum, and an existing OUT without --force.
Example:
  for i in 0 1 2 3; do gamecensus run jobs/cutthroat-bwg-6.toml --shard $i/4 --resume; done
  gamecensus merge results/cutthroat-bwg-6.csv results/cutthroat-bwg-6.shard-*-of-4.csv --force";

pub const VALUE_HELP: &str =
    "Values: integers and dyadic fractions (-2, 3/4), nimbers (*, *3), ups \
(^, v, ^2, ^^, v3), number-up-star sums (1/2^*, v2*3), {L1, L2|R1, R2} (a run of bars splits \
at the longest run: {0||0|v*} = {0|{0|v*}}), ±G or +-G for {G|-G}.
Tinies and minies as CGSuite writes them: Tiny(2) = {0||0|-2}, Miny(1) = {1|0||0}, \
3Tiny(2) = 3 + Tiny(2).
Operators: + - (and unary -), parentheses; comparisons <= >= == < > and || (confused with); \
G : H ordinal sum and G . U Norton product (. binds tighter than :, : tighter than +).
Functions: aw(G) atomic weight, outcome(G) L/R/N/P, birthday(G); temperature theory \
(CGSuite's conventions, docs/RULES.md): mean(G), temp(G) (numbers are negative: m/2^k has \
-1/2^k), cool(G, t) for t > -1, heat(G, t), thermograph(G) (left wall then right wall, each \
as mast value, critical points and slopes from the top down); lstop(G), rstop(G) stops; \
rcf(G) reduced canonical form; tiny(G), miny(G); ordinalsum(G, H) = G : H (for G's \
canonical form); norton(G, U) = G . U (U > 0 unless G is an integer); nimmul(*a, *b) nim \
product; overheat(G, s, t); incentives(G), lincentives(G), rincentives(G) as a list [a, b]; \
is_infinitesimal(G), is_numberish(G), is_all_small(G). CGSuite's names work too, in any \
case, with or without underscores: AtomicWeight, LeftStop, ReducedCanonicalForm, \
NortonProduct, Temperature, IsAllSmall, ...
Numbers are exact: m/2^k with |m| < 2^62 and k <= 62; beyond that is an error.
^ is up and v down, never a power: 2^3 is 2 + ^3, not 8; 2^-3 (an up or down followed \
right away by a sign and a number) is refused: write a power of two as a fraction (1/8), \
the sum with spaces (2^ - 3 is -1^).
Examples:
  gamecensus value '^ + ^*'            # ^2*
  gamecensus value 'aw({^^^|vv})'      # {1|0}
  gamecensus value 'cool({3||2*|1*}, 1/4)'   # {11/4|{2|3/2}}
  gamecensus value 'thermograph({2|-1})'     # Thermograph(1/2,[3/2],[0,-1],1/2,[3/2],[0,1])
  gamecensus value 'rcf({3||2*|1*})'         # {3|{2|1}}
  gamecensus value '1 : -1 : 1'              # 3/4
  gamecensus value 'norton(1/2, ^)'          # {^2*|v*}
  gamecensus value 'incentives(v*)'          # [^*]
  gamecensus value 'thermograph({3|-1})' --svg thermograph.svg   # also drawn, as SVG
  echo '{1|-1} || 0' | gamecensus value -";

//! ogs-peer: dev-only benchmark peer for `gamecensus octal`.
//!
//! Computes G(0..=N) of an octal game with the `ogs` crate's RC2 solver (Beling's
//! rare/common method, split by parity of the number of tokens taken) through its public
//! API only. `ogs` is LGPL-3.0-or-later, so this lives in its own Cargo project and is never
//! a dependency of gamecensus.
//!
//! Usage: ogs-peer CODE N [--out FILE]

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use ogs::{Game, RC2Solver, Solver};

fn usage(msg: &str) -> ExitCode {
    eprintln!("ogs-peer: {msg}\nusage: ogs-peer CODE N [--out FILE]   (e.g. ogs-peer 0.6 1000000)");
    ExitCode::from(2)
}

/// Accepts the forms gamecensus accepts (`0.77`, `.137`, `4.7`): one point, 0/4/nothing
/// before it, octal digits 0-7 after it. ogs's own parser is more lenient, so check first.
fn parse_code(s: &str) -> Result<Game, String> {
    let t = s.trim();
    let (whole, frac) = t.split_once('.').ok_or(format!("octal code {t:?}: expected d0.d1d2…"))?;
    if !matches!(whole, "" | "0" | "4") {
        return Err(format!("octal code {t:?}: the digit before the point must be 0 or 4"));
    }
    if frac.is_empty() || !frac.bytes().all(|c| (b'0'..=b'7').contains(&c)) {
        return Err(format!("octal code {t:?}: need octal digits 0-7 after the point"));
    }
    t.parse::<Game>().map_err(|e| format!("octal code {t:?}: {e}"))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut pos = Vec::new();
    let mut out = None;
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--out" | "-o" => match it.next() {
                Some(f) => out = Some(f),
                None => return usage("--out needs a FILE"),
            },
            "-h" | "--help" => return usage("help"),
            _ => pos.push(a),
        }
    }
    let [code, n] = pos.as_slice() else { return usage("expected CODE and N") };
    let game = match parse_code(code) {
        Ok(g) => g,
        Err(e) => return usage(&e),
    };
    let n: usize = match n.parse() {
        Ok(n) => n,
        Err(_) => return usage(&format!("N {n:?} is not a non-negative integer")),
    };

    // RC2Solver<DYNAMIC_REBUILD = true, S = ()>: the default, no statistics counting.
    // ogs spawns no threads; the solver is a plain iterator yielding G(0), G(1), ...
    let start = Instant::now();
    let mut solver = RC2Solver::<true, ()>::with_capacity(game, n + 1);
    for _ in 0..=n {
        solver.next();
    }
    let secs = start.elapsed().as_secs_f64();
    let values = solver.nimbers();
    assert_eq!(values.len(), n + 1);
    let largest = values.iter().copied().max().unwrap_or(0);

    if let Some(path) = out {
        let write = || -> std::io::Result<()> {
            let mut w = std::io::BufWriter::with_capacity(1 << 16, std::fs::File::create(&path)?);
            writeln!(w, "n,grundy")?;
            for (i, g) in values.iter().enumerate() {
                writeln!(w, "{i},{g}")?;
            }
            w.flush()
        };
        if let Err(e) = write() {
            eprintln!("ogs-peer: writing {path}: {e}");
            return ExitCode::FAILURE;
        }
    }
    eprintln!(
        "ogs-peer {}: N = {n}, {secs:.3} s, {:.0} values/s, largest value {largest} (ogs RC2, 1 thread)",
        code.trim(),
        (n + 1) as f64 / secs.max(1e-9),
    );
    ExitCode::SUCCESS
}

//! The value notation (RULES.md): numbers (`-2`, `3/4`), then ups (`^`, `v`, `^2`, `v3`),
//! then a nimber (`*`, `*2`): `^*`, `v2*3`, `1/2^*`; `0` for zero; any other value
//! `{L1, L2|R1, R2}` with its canonical options, listed in the order of their notation;
//! as CGSuite prints them, x + tiny-S = {x || x | x − S} as `xTiny(S)` and x + miny-S
//! as `xMiny(S)` (x omitted when 0; S positive in mean).

use std::sync::Arc;

use super::GameId;
use super::store::store;

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.as_nus() {
            Some(n) => {
                let mut s = String::new();
                if !n.num.is_zero() || (n.ups == 0 && n.nim == 0) {
                    s.push_str(&n.num.to_string());
                }
                match n.ups {
                    0 => {}
                    1 => s.push('^'),
                    -1 => s.push('v'),
                    u if u > 0 => s.push_str(&format!("^{u}")),
                    u => s.push_str(&format!("v{}", -u)),
                }
                match n.nim {
                    0 => {}
                    1 => s.push('*'),
                    m => s.push_str(&format!("*{m}")),
                }
                f.write_str(&s)
            }
            None => f.write_str(&braces(*self)),
        }
    }
}

/// The notation of a value that is not a number-up-star, memoised (a census prints the
/// same few values millions of times, and options are shared between values).
fn braces(g: GameId) -> Arc<str> {
    if let Some(s) = store().notations.get(&g) {
        return s.clone();
    }
    // Options in the order of their notation, not of their ids: ids depend on which
    // thread met a value first, the printed value must not.
    if let Some((x, tiny, sub)) = g.as_number_tiny() {
        // CGSuite's notation: x + tiny-S is `xTiny(S)`, x + miny-S `xMiny(S)` (x
        // omitted when 0), e.g. {0||0|-2} is Tiny(2) and {1|0||0} Miny(1).
        let x = if x.is_zero() {
            String::new()
        } else {
            x.to_string()
        };
        let name = if tiny { "Tiny" } else { "Miny" };
        let s: Arc<str> = format!("{x}{name}({sub})").into();
        store().notations.insert(g, s.clone());
        return s;
    }
    let (l, r) = g.sides();
    let join = |v: &[GameId]| {
        let mut parts: Vec<String> = v.iter().map(|o| o.to_string()).collect();
        parts.sort_unstable();
        parts.join(", ")
    };
    let s: Arc<str> = format!("{{{}|{}}}", join(l), join(r)).into();
    store().notations.insert(g, s.clone());
    s
}

//! graph6 reading and writing (nauty's format; also SageMath's and networkx's).
//!
//! Format (nauty's `formats.txt`): `N(n)` then the upper triangle of the adjacency
//! matrix column by column (`x(0,1) x(0,2) x(1,2) x(0,3) …`), six bits per byte, each
//! byte offset by 63. `N(n)` is one byte `n + 63` for `n ≤ 62`, else `126` followed by
//! three bytes. A leading `>>graph6<<` header is accepted. [`parse_graph6`] reads
//! graphs of at most 64 vertices (the size of [`Graph`]); `wide::parse_any_graph6`
//! reads larger ones with the same decoder.

use super::graph::{Graph, MAX_VERTICES};
use crate::error::{Error, Result, quoted};

/// Parses one graph6 string (surrounding whitespace and an optional `>>graph6<<`
/// header are ignored). Errors name the problem and the byte position (1-based).
pub fn parse_graph6(s: &str) -> Result<Graph> {
    read_graph6(s, MAX_VERTICES, Graph::empty, Graph::add_edge)
}

/// The number of vertices a graph6 string's header gives, if it reads as one (the
/// string's errors are [`parse_graph6`]'s to name).
pub(super) fn order(s: &str) -> Option<usize> {
    let s = s.trim();
    let b = s.strip_prefix(">>graph6<<").unwrap_or(s).as_bytes();
    match b {
        [126, 126, ..] => Some(usize::MAX),
        [126, x, y, z, ..] if [x, y, z].iter().all(|c| (63..=126).contains(*c)) => {
            Some(((x - 63) as usize) << 12 | ((y - 63) as usize) << 6 | (z - 63) as usize)
        }
        [c, ..] if (63..126).contains(c) => Some((c - 63) as usize),
        _ => None,
    }
}

/// The decoder behind both parsers: `make(n)` builds the empty graph, `add` its edges.
pub(super) fn read_graph6<G>(
    s: &str,
    max: usize,
    make: impl FnOnce(usize) -> G,
    add: impl Fn(&mut G, usize, usize),
) -> Result<G> {
    let s = s.trim();
    let s = s.strip_prefix(">>graph6<<").unwrap_or(s);
    let b = s.as_bytes();
    let bad = |pos: usize, msg: String| {
        Error::usage(format!(
            "malformed graph6 {} at byte {pos}: {msg}",
            quoted(s)
        ))
    };
    if b.is_empty() {
        return Err(Error::usage("malformed graph6: empty string"));
    }
    match b[0] {
        b':' => {
            return Err(bad(
                1,
                "sparse6 is not supported, convert it with nauty's copyg -g".into(),
            ));
        }
        b'&' => {
            return Err(bad(
                1,
                "digraph6 is not supported (graphs are undirected)".into(),
            ));
        }
        _ => {}
    }
    for (i, &c) in b.iter().enumerate() {
        if !(63..=126).contains(&c) {
            return Err(bad(
                i + 1,
                format!(
                    "character {:?} is outside the graph6 range '?'..'~'",
                    c as char
                ),
            ));
        }
    }
    let (n, header) = if b[0] < 126 {
        ((b[0] - 63) as usize, 1)
    } else {
        if b.get(1) == Some(&126) {
            return Err(bad(
                2,
                format!("vertex counts above 258047 are not supported (at most {max})"),
            ));
        }
        if b.len() < 4 {
            return Err(bad(
                b.len() + 1,
                format!(
                    "the vertex count after '~' takes 3 bytes, found {}",
                    b.len() - 1
                ),
            ));
        }
        let n = ((b[1] - 63) as usize) << 12 | ((b[2] - 63) as usize) << 6 | (b[3] - 63) as usize;
        (n, 4)
    };
    if n > max {
        let e = bad(1, format!("{n} vertices; at most {max} are supported"));
        return Err(match max == MAX_VERTICES {
            true => e,
            false => Error::Limit(e.to_string()),
        });
    }
    let bits = n * n.saturating_sub(1) / 2;
    let need = bits.div_ceil(6);
    let body = &b[header..];
    if body.len() != need {
        return Err(bad(
            header + body.len().min(need) + 1,
            format!("{n} vertices need {need} edge bytes, found {}", body.len()),
        ));
    }
    let mut g = make(n);
    let mut k = 0;
    for j in 1..n {
        for i in 0..j {
            let byte = body[k / 6] - 63;
            if (byte >> (5 - k % 6)) & 1 == 1 {
                add(&mut g, i, j);
            }
            k += 1;
        }
    }
    if bits % 6 != 0 {
        let last = body[need - 1] - 63;
        let pad = 6 - bits % 6;
        if last & ((1 << pad) - 1) != 0 {
            return Err(bad(
                header + need,
                "padding bits after the last edge are not zero".into(),
            ));
        }
    }
    Ok(g)
}

/// Appends the graph6 encoding of `g` to `out` (no newline).
pub fn write_graph6(g: &Graph, out: &mut Vec<u8>) {
    write_graph6_with(g.n(), |i, j| g.has_edge(j, i), out)
}

/// Appends the graph6 encoding of the graph on `n` vertices (at most 258047) whose
/// edges `edge(i, j)` says (asked for `i < j`).
pub fn write_graph6_with(n: usize, edge: impl Fn(usize, usize) -> bool, out: &mut Vec<u8>) {
    debug_assert!(n <= 258047);
    if n <= 62 {
        out.push(n as u8 + 63);
    } else {
        out.extend_from_slice(&[
            126,
            63 + (n >> 12) as u8,
            63 + ((n >> 6) & 63) as u8,
            63 + (n & 63) as u8,
        ]);
    }
    let mut acc = 0u8;
    let mut k = 0;
    for j in 1..n {
        for i in 0..j {
            acc = (acc << 1) | edge(i, j) as u8;
            k += 1;
            if k == 6 {
                out.push(acc + 63);
                acc = 0;
                k = 0;
            }
        }
    }
    if k > 0 {
        out.push((acc << (6 - k)) + 63);
    }
}

/// A graph shows as its graph6 encoding.
impl std::fmt::Debug for Graph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Graph({})", to_graph6(self))
    }
}

/// The graph6 encoding of `g` as a string.
pub fn to_graph6(g: &Graph) -> String {
    let mut v = Vec::with_capacity(12);
    write_graph6(g, &mut v);
    String::from_utf8(v).expect("graph6 is ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_encodings() {
        // Examples from nauty's formats.txt: the 5-cycle-like example "DQc" has
        // edges 0-2, 0-4, 1-3, 3-4.
        let g = parse_graph6("DQc").unwrap();
        assert_eq!(g, Graph::from_edges(5, &[(0, 2), (0, 4), (1, 3), (3, 4)]));
        assert_eq!(to_graph6(&g), "DQc");
        assert_eq!(to_graph6(&Graph::empty(0)), "?");
        assert_eq!(to_graph6(&Graph::empty(1)), "@");
        assert_eq!(to_graph6(&Graph::from_edges(2, &[(0, 1)])), "A_");
        assert_eq!(parse_graph6(">>graph6<<A_\n").unwrap().m(), 1);
    }

    #[test]
    fn rejects_with_position() {
        let e = parse_graph6("D Qc").unwrap_err().to_string();
        assert!(e.contains("byte 2"), "{e}");
        let e = parse_graph6("DQ").unwrap_err().to_string();
        assert!(e.contains("need 2 edge bytes, found 1"), "{e}");
        let e = parse_graph6("DQcc").unwrap_err().to_string();
        assert!(e.contains("found 3"), "{e}");
        let e = parse_graph6("A`").unwrap_err().to_string(); // padding bit set
        assert!(e.contains("padding"), "{e}");
        assert!(
            parse_graph6(":Fa@x^")
                .unwrap_err()
                .to_string()
                .contains("sparse6")
        );
        assert!(parse_graph6("").is_err());
        // 65 vertices: N(65) = 126, then 65 in three 6-bit groups (0, 1, 1) + 63.
        let e = parse_graph6("~?@@").unwrap_err().to_string();
        assert!(e.contains("65 vertices"), "{e}");
    }

    #[test]
    fn large_n_round_trip() {
        let mut g = Graph::empty(64);
        for v in 0..63 {
            g.add_edge(v, v + 1);
        }
        let s = to_graph6(&g);
        assert!(s.starts_with('~'));
        assert_eq!(parse_graph6(&s).unwrap(), g);
    }
}

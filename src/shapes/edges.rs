//! Edge lists: `a-b:L,c-d:L,...`, vertices numbered from 0, each edge's label one letter
//! of the ruleset's edge palette (Hackenbush's `B`/`R`/`G`, Domineering's `V`/`H`), read
//! and written the same way by every ruleset whose positions are edge-labelled graphs.

use super::shape::Shape;
use crate::error::{Error, Result, quoted};

/// How a ruleset writes its edges.
#[derive(Clone, Copy, Debug)]
pub struct EdgeSyntax<'a> {
    /// The label letters, label `i` being `letters[i]` (read in either case).
    pub letters: &'a [u8],
    /// What a label is called in messages ("colour", "label").
    pub word: &'a str,
    /// The letter standing for a label in the `a-b:X` pattern of messages.
    pub placeholder: char,
    /// The label of an edge written without one (`a-b`), if that is allowed.
    pub unlabelled: Option<u8>,
    /// The notation's help, appended to every message.
    pub help: &'a str,
}

impl EdgeSyntax<'_> {
    /// "B, R or G".
    fn choices(&self) -> String {
        let l: Vec<String> = self
            .letters
            .iter()
            .map(|&c| (c as char).to_string())
            .collect();
        match l.len() {
            0 => String::new(),
            1 => l[0].clone(),
            n => format!("{} or {}", l[..n - 1].join(", "), l[n - 1]),
        }
    }
}

/// Edges `(a, b, label)`.
pub type EdgeList = Vec<(usize, usize, u8)>;

/// Reads an edge list: the edges `(a, b, label)` in the order written, and the number of
/// vertices (one more than the largest end). Loops and parallel edges are kept (the
/// ruleset decides what they mean).
pub fn parse_list(text: &str, syn: &EdgeSyntax) -> Result<(usize, EdgeList)> {
    let t = text.trim();
    if t.is_empty() {
        return Err(Error::usage(format!("an empty edge list: {}", syn.help)));
    }
    let x = syn.placeholder;
    let mut edges = Vec::new();
    let mut n = 0usize;
    for item in t.split(',') {
        let item = item.trim();
        let bad = |why: &str| {
            Error::usage(format!(
                "edge {}: {why}; expected {}",
                quoted(item),
                syn.help
            ))
        };
        let (ends, label) = match (item.split_once(':'), syn.unlabelled) {
            (Some((ends, l)), _) => (ends, Some(l)),
            (None, Some(_)) => (item, None),
            (None, None) => return Err(bad(&format!("no {} (a-b:{x})", syn.word))),
        };
        let (a, b) = ends
            .split_once('-')
            .ok_or_else(|| bad(&format!("no ends (a-b:{x})")))?;
        let end = |s: &str| -> Result<usize> {
            let v: usize = s
                .trim()
                .parse()
                .map_err(|_| bad("an end is not a vertex number"))?;
            Shape::check_size(v.saturating_add(1))?;
            Ok(v)
        };
        let (a, b) = (end(a)?, end(b)?);
        let label = match label {
            None => syn.unlabelled.expect("checked above"),
            Some(l) => {
                let l = l.trim().to_ascii_uppercase();
                match syn
                    .letters
                    .iter()
                    .position(|&c| l.len() == 1 && l.as_bytes()[0] == c)
                {
                    Some(i) => i as u8,
                    None => {
                        return Err(bad(&format!("the {} is not {}", syn.word, syn.choices())));
                    }
                }
            }
        };
        n = n.max(a + 1).max(b + 1);
        edges.push((a, b, label));
    }
    Ok((n, edges))
}

/// Writes the edges of `s` as `a-b:L` (or `a-b` without `labels`), sorted, with the
/// vertices numbered as in `s`; `0` if it has none.
pub fn write_list(s: &Shape, letters: &[u8], labels: bool) -> String {
    if s.edges().is_empty() {
        return "0".to_string();
    }
    s.edges()
        .iter()
        .map(|e| {
            if labels {
                format!("{}-{}:{}", e.a, e.b, letters[e.label as usize] as char)
            } else {
                format!("{}-{}", e.a, e.b)
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    const SYN: EdgeSyntax = EdgeSyntax {
        letters: b"VH",
        word: "label",
        placeholder: 'L',
        unlabelled: None,
        help: "help",
    };

    #[test]
    fn reads_labels_ends_and_errors() {
        let (n, e) = parse_list("0-1:V, 2-1:h", &SYN).unwrap();
        assert_eq!(n, 3);
        assert_eq!(e, vec![(0, 1, 0), (2, 1, 1)]);
        let msg = |t: &str| parse_list(t, &SYN).unwrap_err().to_string();
        assert!(msg("0-1").contains("no label (a-b:L)"));
        assert!(msg("0-1:X").contains("the label is not V or H"));
        assert!(msg("0-x:V").contains("not a vertex number"));
        assert!(msg("01:V").contains("no ends"));
        let free = EdgeSyntax {
            unlabelled: Some(0),
            ..SYN
        };
        assert_eq!(parse_list("0-1", &free).unwrap().1, vec![(0, 1, 0)]);
    }
}

//! The fields of one CSV line as our readers split them: RFC 4180 quoting (a quoted
//! field is unquoted, `""` inside it is one quote), in one pass, borrowing where no
//! quote had to be removed ([`split`], [`split_into`], [`split_count`]), and a field
//! as text ([`utf8`]).

use std::borrow::Cow;

/// The fields of a CSV line (RFC 4180 quoting; quoted fields are unquoted).
pub fn split(line: &[u8]) -> Vec<Cow<'_, [u8]>> {
    let mut out = Vec::new();
    split_into(line, usize::MAX, &mut out);
    out
}

/// In one pass over `line` (RFC 4180 quoting, as [`split_into`]): splits its fields up to
/// field `last` into `out` (cleared) and returns how many fields the whole line has, or
/// `None` if a quoted field is not closed or is followed by anything but a comma. (One
/// scan instead of a memchr pass for quotes, one for the fields and one to count the
/// rest: on short census rows the passes' setup cost more than the bytes.)
pub fn split_count<'a>(line: &'a [u8], last: usize, out: &mut Vec<Cow<'a, [u8]>>) -> Option<usize> {
    out.clear();
    let n = line.len();
    let mut count = 0;
    let mut i = 0;
    loop {
        if line.get(i) == Some(&b'"') {
            // A quoted field: up to the closing quote; "" is a quote.
            let open = i;
            let mut j = i + 1;
            let mut owned: Option<Vec<u8>> = None;
            let field = loop {
                let q = j + memchr::memchr(b'"', &line[j..])?;
                if line.get(q + 1) == Some(&b'"') {
                    owned
                        .get_or_insert_with(Vec::new)
                        .extend_from_slice(&line[j..=q]);
                    j = q + 2;
                } else {
                    i = q + 1;
                    break match owned {
                        Some(mut o) => {
                            o.extend_from_slice(&line[j..q]);
                            Cow::Owned(o)
                        }
                        None => Cow::Borrowed(&line[open + 1..q]),
                    };
                }
            };
            if out.len() <= last {
                out.push(field);
            }
            count += 1;
            match line.get(i) {
                None => return Some(count),
                Some(b',') => i += 1,
                Some(_) => return None,
            }
        } else {
            let mut j = i;
            while j < n && line[j] != b',' {
                j += 1;
            }
            if out.len() <= last {
                out.push(Cow::Borrowed(&line[i..j]));
            }
            count += 1;
            if j == n {
                return Some(count);
            }
            i = j + 1;
        }
    }
}

/// Splits `line` into `out` (cleared), keeping fields up to field `last`. Returns false if
/// a quoted field is not closed or is followed by anything but a comma.
pub fn split_into<'a>(line: &'a [u8], last: usize, out: &mut Vec<Cow<'a, [u8]>>) -> bool {
    split_count(line, last, out).is_some()
}

/// Bytes as text (lossy for invalid UTF-8).
pub fn utf8(b: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(s: &str) -> Vec<String> {
        split(s.as_bytes())
            .iter()
            .map(|f| utf8(f).into_owned())
            .collect()
    }

    #[test]
    fn splits_quoted_fields() {
        assert_eq!(fields("a,b,,c"), ["a", "b", "", "c"]);
        assert_eq!(
            fields("F]y~W,WBWBWBB,7,14,N,\"{^2*|{*|v}}\",,1/2"),
            ["F]y~W", "WBWBWBB", "7", "14", "N", "{^2*|{*|v}}", "", "1/2"]
        );
        assert_eq!(fields("\"{0, ^*|0}\",x"), ["{0, ^*|0}", "x"]);
        assert_eq!(fields("\"say \"\"hi\"\"\",1"), ["say \"hi\"", "1"]);
        assert_eq!(fields("x,\"a,b\","), ["x", "a,b", ""]);
        let mut out = Vec::new();
        assert!(!split_into(b"\"open,1", usize::MAX, &mut out));
        assert!(split_into(b"a,b,c,d", 1, &mut out));
        assert_eq!(split_count(b"a,b,c,d", 1, &mut out), Some(4));
        assert_eq!(out, [&b"a"[..], b"b"].map(Cow::Borrowed));
        assert_eq!(split_count(b"a,,", 9, &mut out), Some(3));
        assert_eq!(out, [&b"a"[..], b"", b""].map(Cow::Borrowed));
        assert_eq!(split_count(b"", 9, &mut out), Some(1));
        assert_eq!(split_count(b"\"open,1", 9, &mut out), None);
        assert_eq!(split_count(b"\"a\"b,1", 9, &mut out), None);
        assert_eq!(
            split_count(b"x,\"{0, ^*|0}\",,\"say \"\"hi\"\"\",", 2, &mut out),
            Some(5)
        );
        assert_eq!(out, [&b"x"[..], b"{0, ^*|0}", b""].map(Cow::Borrowed));
        split_count(b"\"say \"\"hi\"\"\",", 9, &mut out);
        assert_eq!(out, [&b"say \"hi\""[..], b""].map(Cow::Borrowed));
        // RFC 4180 cases: a quoted value with commas, an empty quoted field, a field that
        // is one quote, a lone comma, a quote inside an unquoted field (kept as it is).
        for (line, want) in [
            (
                "CF,WBBB,4,\"{0, ^*|0}\",,1",
                &["CF", "WBBB", "4", "{0, ^*|0}", "", "1"][..],
            ),
            ("a,\"\",b", &["a", "", "b"]),
            ("\"\"\"\"", &["\""]),
            (",", &["", ""]),
            ("a\"b,c", &["a\"b", "c"]),
        ] {
            assert_eq!(
                split_count(line.as_bytes(), usize::MAX, &mut out),
                Some(want.len())
            );
            let got: Vec<&[u8]> = out.iter().map(|f| &f[..]).collect();
            let want: Vec<&[u8]> = want.iter().map(|w| w.as_bytes()).collect();
            assert_eq!(got, want, "{line}");
        }
        assert_eq!(out.len(), 2);
    }
}

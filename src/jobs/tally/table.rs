//! How a tally prints in a summary: how many example rows it lists, and its tables of
//! right-aligned columns.

/// Rows listed in a summary as examples (all are in the CSV).
pub const LISTED: usize = 10;

/// A table of right-aligned columns: `header`, then `rows`, each line followed by its
/// tail (left-aligned, after the columns: `tail_header` on the header's line, `tails[i]`
/// on row i's) where there is one. Lines joined by newlines, none at the end.
pub(crate) fn aligned(
    header: &[String],
    rows: &[Vec<String>],
    tail_header: Option<&str>,
    tails: &[Option<&str>],
) -> String {
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            rows.iter()
                .map(|r| r[i].chars().count())
                .chain([header[i].chars().count()])
                .max()
                .unwrap_or(1)
        })
        .collect();
    let line = |cells: &[String], tail: Option<&str>| -> String {
        let mut l = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:>w$}"))
            .collect::<Vec<_>>()
            .join("  ");
        if let Some(t) = tail {
            l.push_str("  ");
            l.push_str(t);
        }
        l
    };
    let mut s = line(header, tail_header);
    for (i, r) in rows.iter().enumerate() {
        s.push('\n');
        s.push_str(&line(r, tails.get(i).copied().flatten()));
    }
    s
}

//! Reading the user's input line by line (`eval -`, `draw -`, `value -`): every line at
//! most [`MAX_LINE`] bytes, refused as it is read, and errors that name the line.

use std::io::BufRead;

use crate::error::Error;

/// An error about input line `i` (counted from 0): usage and limit errors name the line.
pub fn at_line(i: usize, e: Error) -> Error {
    match e {
        Error::Usage(m) => Error::usage(format!("input line {}: {m}", i + 1)),
        Error::Limit(m) => Error::Limit(format!("input line {}: {m}", i + 1)),
        other => other,
    }
}

/// The longest input line `eval`, `draw` and `value -` read (a graph6 line for 64
/// vertices has 337 bytes; a row of our CSVs, a few kB): a longer one is refused when
/// it passes this length, without being held in memory whole.
pub const MAX_LINE: usize = 1 << 20;

/// The lines of `input` as [`BufRead::lines`] gives them (without `\n` or `\r\n`), but a
/// line longer than [`MAX_LINE`] bytes is an error of kind `FileTooLarge`, after which
/// the iterator ends.
pub fn bounded_lines(input: &mut dyn BufRead) -> impl Iterator<Item = std::io::Result<String>> {
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let mut buf = Vec::new();
        match append_line(input, &mut buf)? {
            Ok(()) => Some(
                String::from_utf8(buf)
                    .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8")),
            ),
            Err(e) => {
                done = true;
                Some(Err(e))
            }
        }
    })
}

/// The next line of `input` appended to `buf` (without its `\n` or `\r\n`); `None` at the
/// end of the input, an error of kind `FileTooLarge` for a line longer than
/// [`MAX_LINE`] (not held whole).
fn append_line(input: &mut dyn BufRead, buf: &mut Vec<u8>) -> Option<std::io::Result<()>> {
    let start = buf.len();
    loop {
        let avail = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Some(Err(e)),
        };
        if avail.is_empty() {
            if buf.len() == start {
                return None;
            }
            break;
        }
        let (take, newline) = match memchr::memchr(b'\n', avail) {
            Some(i) => (i, true),
            None => (avail.len(), false),
        };
        buf.extend_from_slice(&avail[..take]);
        input.consume(take + newline as usize);
        if buf.len() - start > MAX_LINE {
            buf.truncate(start);
            return Some(Err(std::io::Error::new(
                std::io::ErrorKind::FileTooLarge,
                "line too long",
            )));
        }
        if newline {
            break;
        }
    }
    if buf.len() > start && buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Some(Ok(()))
}

/// Up to a block's worth of input lines held in one buffer, for readers of many short
/// lines (one allocation a block instead of one a line): the lines [`bounded_lines`]
/// gives, then the error that ended the input, if one did.
#[derive(Debug)]
pub struct LineBlock {
    /// The index of the block's first line in the input (counted from 0).
    first: usize,
    text: String,
    /// Where each line ends in `text`; a line starts where the one before it ends.
    ends: Vec<usize>,
    /// Lines at the front left out (a header already read).
    skip: usize,
    /// The failure reading the line after the block's last (its index and the error).
    pub error: Option<(usize, std::io::Error)>,
}

impl LineBlock {
    /// The block's lines with their indices in the input.
    pub fn lines(&self) -> impl Iterator<Item = (usize, &str)> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(self.ends.iter().copied())
            .enumerate()
            .skip(self.skip)
            .map(|(k, (a, b))| (self.first + k, &self.text[a..b]))
    }

    /// The first line not yet left out, if any.
    pub fn peek(&self) -> Option<&str> {
        self.lines().next().map(|(_, l)| l)
    }

    /// Leaves the first line not yet left out.
    pub fn skip_one(&mut self) {
        self.skip = (self.skip + 1).min(self.ends.len());
    }
}

/// The lines of `input` in blocks of up to `per_block` lines (at least one line, or the
/// error on the first), ending after the first error: a line longer than [`MAX_LINE`]
/// bytes (kind `FileTooLarge`), one that is not UTF-8 (kind `InvalidData`), or a failed
/// read.
pub fn line_blocks(
    input: &mut dyn BufRead,
    per_block: usize,
) -> impl Iterator<Item = LineBlock> + '_ {
    let mut next = 0;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let mut bytes = Vec::new();
        let mut ends = Vec::with_capacity(per_block);
        let mut error = None;
        while ends.len() < per_block.max(1) {
            match append_line(input, &mut bytes) {
                None => {
                    done = true;
                    break;
                }
                Some(Ok(())) => ends.push(bytes.len()),
                Some(Err(e)) => {
                    // What was read of the failed line is not a line.
                    bytes.truncate(ends.last().copied().unwrap_or(0));
                    error = Some((next + ends.len(), e));
                    break;
                }
            }
        }
        // The lines are UTF-8 up to the first that is not (a line's end is a character
        // boundary), which ends the input.
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let bad = ends.partition_point(|&end| end <= e.utf8_error().valid_up_to());
                let mut bytes = e.into_bytes();
                ends.truncate(bad);
                bytes.truncate(ends.last().copied().unwrap_or(0));
                let invalid = std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8");
                error = Some((next + bad, invalid));
                String::from_utf8(bytes).expect("valid up to here")
            }
        };
        done |= error.is_some();
        if ends.is_empty() && error.is_none() {
            return None;
        }
        let block = LineBlock {
            first: next,
            text,
            ends,
            skip: 0,
            error,
        };
        next += block.ends.len();
        Some(block)
    })
}

/// A failure reading input line `i`: text that is not UTF-8, or a line longer than
/// [`MAX_LINE`], is a usage error naming the line, anything else an I/O error.
pub fn read_error(i: usize, e: std::io::Error) -> Error {
    if e.kind() == std::io::ErrorKind::InvalidData {
        Error::usage(format!("input line {}: not UTF-8 text", i + 1))
    } else if e.kind() == std::io::ErrorKind::FileTooLarge {
        Error::usage(format!(
            "input line {}: longer than {} bytes, which no position or expression needs",
            i + 1,
            MAX_LINE
        ))
    } else {
        Error::io("reading input", e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What [`bounded_lines`] gives up to and including its first error, as
    /// (line index, the line or the error's kind).
    type Read = Vec<(usize, Result<String, std::io::ErrorKind>)>;

    fn by_lines(input: &[u8], capacity: usize) -> Read {
        let mut r = std::io::BufReader::with_capacity(capacity, input);
        let mut out = Read::new();
        for (i, line) in bounded_lines(&mut r).enumerate() {
            let failed = line.is_err();
            out.push((i, line.map_err(|e| e.kind())));
            if failed {
                break;
            }
        }
        out
    }

    fn by_blocks(input: &[u8], capacity: usize, per_block: usize) -> Read {
        let mut r = std::io::BufReader::with_capacity(capacity, input);
        let mut out = Read::new();
        for block in line_blocks(&mut r, per_block) {
            assert!(block.ends.len() <= per_block);
            out.extend(block.lines().map(|(i, l)| (i, Ok(l.to_string()))));
            if let Some((i, e)) = block.error {
                out.push((i, Err(e.kind())));
            }
        }
        out
    }

    proptest! {
        /// Blocks of lines are the lines one at a time: the same lines with the same
        /// indices, `\r\n` and `\n` ends, empty lines, and the same first error (a line
        /// that is not UTF-8, one longer than MAX_LINE), whatever the reader's buffer
        /// and the block's size.
        #[test]
        fn line_blocks_are_bounded_lines(
            pieces in prop::collection::vec(0..8u8, 0..300),
            capacity in 1..64usize,
            per_block in 1..9usize,
        ) {
            let mut input = Vec::new();
            for p in pieces {
                match p {
                    0 => input.extend_from_slice(b".."),
                    1 => input.push(b'|'),
                    2 => input.extend_from_slice(b"#."),
                    3 | 4 => input.push(b'\n'),
                    5 => input.extend_from_slice(b"\r\n"),
                    6 => input.extend_from_slice("é".as_bytes()),
                    // Rarely, a byte that is not UTF-8 or a line past the limit.
                    _ => match input.len() % 7 {
                        0 => input.push(0xff),
                        1 => input.extend(std::iter::repeat_n(b'.', MAX_LINE + 1)),
                        _ => input.push(b'.'),
                    },
                }
            }
            prop_assert_eq!(by_blocks(&input, capacity, per_block), by_lines(&input, capacity));
        }
    }

    #[test]
    fn a_header_line_is_skipped_once() {
        let input = b"position,value\n..\n...\n";
        let mut r = &input[..];
        let mut blocks = line_blocks(&mut r, 64);
        let mut b = blocks.next().expect("a block");
        assert_eq!(b.peek(), Some("position,value"));
        b.skip_one();
        let lines: Vec<_> = b.lines().collect();
        assert_eq!(lines, vec![(1, ".."), (2, "...")]);
        assert!(blocks.next().is_none());
    }
}

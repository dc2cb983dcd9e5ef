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
        loop {
            let avail = match input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    done = true;
                    return Some(Err(e));
                }
            };
            if avail.is_empty() {
                if buf.is_empty() {
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
            if buf.len() > MAX_LINE {
                done = true;
                return Some(Err(std::io::Error::new(
                    std::io::ErrorKind::FileTooLarge,
                    "line too long",
                )));
            }
            if newline {
                break;
            }
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        Some(
            String::from_utf8(buf)
                .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8")),
        )
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

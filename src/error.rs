//! The crate's error type: every failure a user can cause is a [`Error::Usage`]
//! (exit code 2 at the command line), everything else is an I/O or run-time failure.

use std::fmt;

/// Errors reported by the library. `Usage` covers every kind of bad input
/// (malformed graph6, wrong colouring length, unknown rules, sizes beyond limits,
/// broken job files); the command line maps it to exit code 2.
#[derive(Debug)]
pub enum Error {
    /// Bad input from the user: the message names the problem (and position).
    Usage(String),
    /// An I/O failure, with what we were doing when it happened.
    Io {
        /// What we were doing.
        context: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A limit of the program was reached (a number beyond the game-value kernel's
    /// range, ...): the message says which. Nothing wrong is printed instead.
    Limit(String),
    /// The run was interrupted by a signal; the output is consistent and resumable.
    Interrupted {
        /// The exit code: 128 + the signal (130 for SIGINT, 143 for SIGTERM).
        code: i32,
        /// What happened and what was kept.
        message: String,
    },
}

impl Error {
    /// A usage error with this message.
    pub fn usage(msg: impl Into<String>) -> Self {
        Error::Usage(msg.into())
    }

    /// An I/O error while doing `context`.
    pub fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        Error::Io {
            context: context.into(),
            source,
        }
    }

    /// The process exit code the command line uses for this error. A reader that closed
    /// our output early (`gamecensus enumerate -n 10 | head`) gives 141, silently: what a
    /// shell reports for a tool killed by SIGPIPE, as nauty's tools are. Not 0: under
    /// `set -o pipefail` a truncated output must not pass for a whole one.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Usage(_) | Error::Limit(_) => 2,
            Error::Io { source, .. } if source.kind() == std::io::ErrorKind::BrokenPipe => {
                BROKEN_PIPE
            }
            Error::Io { .. } => 1,
            Error::Interrupted { code, .. } => *code,
        }
    }
}

/// The exit code when our output's reader went away (128 + SIGPIPE).
pub const BROKEN_PIPE: i32 = 141;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(msg) => write!(f, "{msg}"),
            Error::Io { context, source } => write!(f, "{context}: {source}"),
            Error::Limit(msg) => write!(f, "limit reached: {msg}"),
            Error::Interrupted { message, .. } => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Result alias used across the crate.
pub type Result<T> = std::result::Result<T, Error>;

/// `text` quoted for an error message: whole if short, else its start and its length (an
/// error line must not echo megabytes of input back).
pub fn quoted(text: &str) -> String {
    if text.len() <= 60 {
        return format!("{text:?}");
    }
    let start: String = text.chars().take(40).collect();
    format!("{start:?}... ({} bytes)", text.len())
}

/// Longest error line printed whole (see [`shortened`]).
pub const MAX_LINE: usize = 400;

/// An error line of at most about [`MAX_LINE`] bytes: a longer one (a message quoting
/// megabytes of input that no caller shortened) keeps its start and its end, where the
/// explanation usually is, and says how long it was.
pub fn shortened(line: &str) -> String {
    if line.len() <= MAX_LINE {
        return line.to_string();
    }
    let head: String = line.chars().take(180).collect();
    let tail: Vec<char> = line.chars().rev().take(130).collect();
    let tail: String = tail.into_iter().rev().collect();
    format!("{head}[... {} bytes in all ...]{tail}", line.len())
}

//! The `gamecensus` command line: parses arguments and calls the library (the clap types
//! are in `cli/args.rs`, what each subcommand does in `cli/run.rs`).

mod cli;

use std::io::Write;

use clap::Parser;

use cli::args::Cli;

/// The system allocator, with a one-line report instead of an abort when memory runs out.
#[global_allocator]
static ALLOC: gamecensus::sys::heap::ReportingAlloc = gamecensus::sys::heap::ReportingAlloc;

fn main() {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => usage_exit(e),
    };
    let result = cli::run::dispatch(cli.command);
    // The command ends here, by itself: the watchdog no longer stops it.
    gamecensus::sys::stop::stand_down();
    match result {
        Ok(0) => {}
        Ok(code) => std::process::exit(code),
        Err(e) => {
            let code = e.exit_code();
            // A closed output is the reader's choice, not news: no message.
            if code != gamecensus::error::BROKEN_PIPE {
                let line = gamecensus::error::shortened(&e.to_string());
                let _ = writeln!(std::io::stderr(), "gamecensus: {line}");
            }
            std::process::exit(code);
        }
    }
}

/// Help and version go to stdout as clap writes them; any other command-line error is
/// one line on stderr (clap's message and its tip, if any), exit 2.
fn usage_exit(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    let text = e.render().to_string();
    // clap's message: the error line, maybe the items it lists, a tip, the usage.
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let message: Vec<&str> = lines
        .iter()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.starts_with("tip:"))
        .copied()
        .collect();
    let message = short_values(&message.join(" "), &e);
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    let line = match lines.iter().find(|l| l.starts_with("tip:")) {
        Some(tip) => format!("{message} ({tip}; see --help)"),
        None => format!("{message} (see --help)"),
    };
    let line = gamecensus::error::shortened(&line);
    let _ = writeln!(std::io::stderr(), "gamecensus: {line}");
    std::process::exit(2);
}

/// clap quotes the offending values in single quotes, whole: a value of more than 60
/// bytes keeps its first 40 characters and says how long it is, all of it. The values
/// are the ones clap's error holds (a value may itself hold a quote, so they are not
/// found by splitting the message at quotes).
fn short_values(message: &str, e: &clap::Error) -> String {
    use clap::error::ContextValue;
    let mut out = message.to_string();
    for (_, value) in e.context() {
        let values: Vec<&str> = match value {
            ContextValue::String(s) => vec![s.as_str()],
            ContextValue::Strings(v) => v.iter().map(String::as_str).collect(),
            _ => continue,
        };
        for v in values.into_iter().filter(|v| v.len() > 60) {
            let start: String = v.chars().take(40).collect();
            out = out.replace(
                &format!("'{v}'"),
                &format!("'{start}...' ({} bytes)", v.len()),
            );
        }
    }
    out
}

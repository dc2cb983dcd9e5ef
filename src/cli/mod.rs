//! The `gamecensus` binary's command line (not part of the library): [`args`] declares
//! the subcommands and options, [`run`] carries them out,
//! [`show`] the commands that show one thing (`value`, `explain`, `draw`), [`analyze`]
//! analyze's options, help and output; [`help`] the long help texts; [`threads`] the worker pool they share.

pub mod analyze;
pub mod args;
pub mod deadline;
pub mod help;
pub mod run;
pub mod show;
pub mod threads;

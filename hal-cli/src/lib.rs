//! The library behind the `hal` command, in ripgrep's manner: the clap definition
//! ([`cli`]; the shared pieces in [`args`]) and its hot path for the commands hooks call ([`fast`]); the one table of
//! the options each command takes and what derives from it ([`usage`]); one invocation
//! resolved once (`context`: the HAL, the diagnostics, the output mode; [`payload`]
//! reads a hook payload); one file per command, each its whole description: arguments,
//! global options, JSON answers and schemas, needs, text renderer ([`commands`], the
//! one list of them; the shape in [`describe`]); what they produce ([`output`]); and the dispatcher ([`run`]).
//! `main.rs` only maps the [`Output`] to stdio.

pub mod answers;
pub mod args;
pub mod cli;
pub mod commands;
mod context;
pub mod describe;
pub mod fast;
mod input;
#[cfg(feature = "schema")]
pub mod json_schema;
pub mod output;
pub mod payload;
pub mod platforms;
pub mod reference;
pub mod render;
pub mod run;
pub mod usage;

pub use cli::{BIN_NAME, Cli};
pub use output::Output;
pub use usage::check_applicable;

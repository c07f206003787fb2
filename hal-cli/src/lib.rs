//! The library behind the `hal` command: the clap definition ([`cli`]), its hot
//! path for the commands hooks call ([`fast`]) and a
//! dispatcher ([`run`]) that returns what to print and the exit code. `main.rs` only
//! maps that to stdio.

pub mod answers;
pub mod cli;
pub mod fast;
pub mod hook;
mod input;
pub mod lint;
pub mod man;
pub mod run;
#[cfg(feature = "schema")]
pub mod schema;

pub use cli::{BIN_NAME, Cli, check_applicable};

//! One file per command: each declares the global options it takes (`TAKES`, collected
//! in `usage::TABLE`) and answers from a resolved `Context`
//! (or, for the commands that read no host, from its own arguments) with one
//! `Output`. `run` dispatches to them.

pub mod caps;
pub mod completions;
pub mod detect;
pub mod env;
pub mod events;
pub mod explain;
pub mod gupp;
pub mod hook;
pub mod inventory;
pub mod launch;
pub mod lint;
pub mod man;
pub mod providers;
#[cfg(feature = "schema")]
pub mod schema;
pub mod session_id;
pub mod startup;

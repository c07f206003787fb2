//! Runs a parsed command: the command's own file resolves what it needs (its `Needs`,
//! through `Context::resolve`) and answers (`describe::Cmd`); the commands that list
//! every command get the catalog from here. No I/O here except reading the host
//! through hal-detect and the hook payload.

use hal_detect::Host;

use crate::cli::Cli;
use crate::describe::Catalog;
use crate::output::Output;
use crate::{commands, usage};

/// What the commands that list every command read.
const CATALOG: Catalog = Catalog { documented: usage::documented, answers: commands::ANSWERS };

/// Runs `cli` against `host`.
pub fn run<H: Host>(cli: &Cli, host: H) -> Output {
    cli.command.exec(&cli.global, host, &CATALOG)
}

//! Runs a parsed command: the command's own file resolves what it needs (its `Needs`,
//! through `Context::resolve`) and answers ([`crate::commands::Cmd`]). No I/O here
//! except reading the host through hal-detect and the hook payload.

use hal_detect::Host;

use crate::cli::Cli;
use crate::output::Output;

/// Runs `cli` against `host`.
pub fn run<H: Host>(cli: &Cli, host: H) -> Output {
    cli.command.exec(&cli.global, host)
}

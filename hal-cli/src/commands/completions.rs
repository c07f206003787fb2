//! `hal completions SHELL`: shell completions, from the documented command line
//! (`usage::documented`): each command completes exactly the options it takes.

use crate::cli::{BIN_NAME, GlobalOpt};
use crate::output::Output;

/// The global options `hal completions` takes.
pub const TAKES: &[GlobalOpt] = &[];

/// The completion script of `cmd` for `shell`.
pub(crate) fn run(mut cmd: clap::Command, shell: clap_complete::Shell) -> Output {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut cmd, BIN_NAME, &mut buf);
    Output::new(String::from_utf8_lossy(&buf).into_owned(), &[])
}

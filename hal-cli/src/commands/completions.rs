//! `hal completions SHELL`: shell completions, from the documented command line
//! (`usage::documented`): each command completes exactly the options it takes.

use hal_detect::Host;

use crate::cli::BIN_NAME;
use crate::commands::{Cmd, Description, Input};
use crate::output::Output;
use crate::usage;

/// Shell completions for hal.
#[derive(Debug, PartialEq, Eq, clap::Args)]
pub struct Completions {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

impl Cmd for Completions {
    const DESCRIPTION: Description = Description { name: "completions", takes: &[], answers: &[] };

    fn exec<H: Host>(&self, _: Input<'_, H>) -> Output {
        let mut cmd = usage::documented();
        let mut buf = Vec::new();
        clap_complete::generate(self.shell, &mut cmd, BIN_NAME, &mut buf);
        Output::new(String::from_utf8_lossy(&buf).into_owned(), &[])
    }
}

//! `hal completions SHELL`: shell completions, from the documented command line
//! (`usage::documented`, given in the catalog): each command completes exactly the options it takes.

use hal_detect::Host;

use crate::args::BIN_NAME;
use crate::describe::{Cmd, Description, Invocation};
use crate::output::Output;

/// Shell completions for hal.
#[derive(Debug, PartialEq, Eq, clap::Args)]
pub struct Completions {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

impl Cmd for Completions {
    const DESCRIPTION: Description = Description { name: "completions", takes: &[], answers: &[] };

    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output {
        let mut cmd = (input.catalog.documented)();
        let mut buf = Vec::new();
        clap_complete::generate(self.shell, &mut cmd, BIN_NAME, &mut buf);
        Output::new(String::from_utf8_lossy(&buf).into_owned(), &[])
    }
}

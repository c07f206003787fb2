//! One file per command, each holding the command's whole description: its arguments
//! (a clap `Args` struct, whose doc comment is its `--help` line), its
//! [`Description`] (its name, the global options it takes, its JSON answers and their
//! schemas) and, in `Cmd`, what it needs resolved and how it answers, its text
//! renderer included (the shapes: [`crate::describe`]).
//!
//! `commands!` below is the one list of them: it declares [`Command`] (clap's
//! subcommands, in `hal --help` order), [`ALL`] (the descriptions `usage::TABLE`,
//! the man page and the completions read), [`ANSWERS`] (`schema::OUTPUTS`) and the
//! dispatch `run` calls. A new command is its file and one line in that list.

use hal_detect::Host;
use hal_types::RuntimeProvider;

use crate::args::{Global, GlobalOpt, ProviderArg};
use crate::describe::{Answer, Catalog, Cmd, Description, Invocation};
use crate::output::Output;

/// Declares the commands from the one list below.
macro_rules! commands {
    ($($(#[$attr:meta])* $module:ident :: $ty:ident,)*) => {
        $($(#[$attr])* pub mod $module;)*

        /// The commands, in `hal --help` order (each variant's arguments and `--help`
        /// line are its file's).
        #[derive(Debug, PartialEq, Eq, clap::Subcommand)]
        #[non_exhaustive]
        pub enum Command {
            $($(#[$attr])* #[command(name = <$module::$ty as Cmd>::DESCRIPTION.name)] $ty($module::$ty),)*
        }

        /// Every command's description, in `hal --help` order.
        pub const ALL: &[Description] = &[$($(#[$attr])* <$module::$ty as Cmd>::DESCRIPTION,)*];

        impl Command {
            /// The command's description.
            #[must_use]
            pub const fn description(&self) -> &'static Description {
                match self {
                    $($(#[$attr])* Self::$ty(_) => &<$module::$ty as Cmd>::DESCRIPTION,)*
                }
            }

            /// `--provider` and `--runtime-version`, where the command takes them.
            #[must_use]
            pub fn provider_arg(&self) -> Option<&ProviderArg> {
                match self {
                    $($(#[$attr])* Self::$ty(c) => c.provider(),)*
                }
            }

            /// Whether the command's own options withdraw the global option `opt`.
            #[must_use]
            pub fn withdraws(&self, opt: GlobalOpt) -> bool {
                match self {
                    $($(#[$attr])* Self::$ty(c) => c.withdraws(opt),)*
                }
            }

            /// Runs the command with `global` on `host`; `catalog` is what the commands
            /// that list every command read.
            pub(crate) fn exec<H: Host>(&self, global: &Global, host: H, catalog: &Catalog) -> Output {
                let input = Invocation { global, host, catalog };
                match self {
                    $($(#[$attr])* Self::$ty(c) => c.exec(input),)*
                }
            }
        }
    };
}

commands! {
    detect::Detect,
    caps::Caps,
    startup::Startup,
    launch::Launch,
    gupp::Gupp,
    providers::Providers,
    inventory::Inventory,
    events::Events,
    session_id::SessionId,
    explain::Explain,
    env::Env,
    lint::Lint,
    hook::Hook,
    completions::Completions,
    man::Man,
    #[cfg(feature = "schema")]
    schema::Schema,
}

impl Command {
    /// The subcommand's name on the command line.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        self.description().name
    }

    /// The runtime `--provider` gives, where the command takes it.
    #[must_use]
    pub fn provider(&self) -> Option<RuntimeProvider> {
        self.provider_arg().and_then(|p| p.provider)
    }

    /// The version `--runtime-version` gives, where the command takes it.
    #[must_use]
    pub fn runtime_version(&self) -> Option<&str> {
        self.provider_arg().and_then(|p| p.runtime_version.as_deref())
    }
}

/// How many JSON answers the commands have.
const N: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < ALL.len() {
        n += ALL[i].answers.len();
        i += 1;
    }
    n
};

/// Every command's JSON answers, in `hal --help` order (`schema::OUTPUTS`).
pub const ANSWERS: &[Answer] = &{
    let mut out = [ALL[0].answers[0]; N];
    let (mut i, mut k) = (0, 0);
    while i < ALL.len() {
        let mut j = 0;
        while j < ALL[i].answers.len() {
            out[k] = ALL[i].answers[j];
            (j, k) = (j + 1, k + 1);
        }
        i += 1;
    }
    out
};

/// The description of the command named `name`.
#[must_use]
pub fn description(name: &str) -> Option<&'static Description> {
    ALL.iter().find(|d| d.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A command that takes `--json` has a JSON answer with a schema, and one that has a
    /// JSON answer takes `--json`: a new command cannot leave its schema out.
    #[test]
    fn every_command_with_json_has_a_schema_and_only_those() {
        for d in ALL {
            let json = d.takes.contains(&GlobalOpt::Json);
            assert_eq!(json, !d.answers.is_empty(), "`hal {}`: takes --json iff it declares an answer", d.name);
            assert!(
                d.answers.iter().filter(|a| a.flag.is_none()).count() == usize::from(json),
                "`hal {}`: one plain answer",
                d.name
            );
            for a in d.answers {
                let spelled = a.flag.map_or_else(|| d.name.to_owned(), |f| format!("{}{}", d.name, &f[1..]));
                assert_eq!(a.command, spelled, "an answer is named after its command and flag");
            }
        }
    }

    /// The descriptions are clap's commands, one each, in `hal --help` order.
    #[test]
    fn the_descriptions_are_claps_commands() {
        let cli = <Command as clap::Subcommand>::augment_subcommands(clap::Command::new("hal"));
        let clap: Vec<&str> = cli.get_subcommands().map(clap::Command::get_name).collect();
        let ours: Vec<&str> = ALL.iter().map(|d| d.name).collect();
        assert_eq!(clap, ours);
    }
}

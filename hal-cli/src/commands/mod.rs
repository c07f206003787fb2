//! One file per command, each holding the command's whole description: its arguments
//! (a clap `Args` struct, whose doc comment is its `--help` line), its [`Description`]
//! (its name, the global options it takes, its JSON answers and their schemas) and, in
//! [`Cmd`], what it needs resolved and how it answers, its text renderer included.
//!
//! [`commands!`] below is the one list of them: it declares [`Command`] (clap's
//! subcommands, in `hal --help` order), [`ALL`] (the descriptions `usage::TABLE`,
//! `schema::OUTPUTS`, the man page and the completions read) and the dispatch `run`
//! calls. A new command is its file and one line in that list.

use hal_detect::Host;
use hal_types::RuntimeProvider;

use crate::cli::{Global, GlobalOpt, ProviderArg};
use crate::context::{Context, Needs};
use crate::output::Output;

/// One JSON answer of a command: its name (`caps-all` for `caps --all`), the type the
/// generated clients give it, what it is, and its schema.
#[derive(Debug, Clone, Copy)]
pub struct Answer {
    /// The answer's name (`detect`, `caps-all` for `caps --all`).
    pub command: &'static str,
    /// The command-line flag that selects this answer (`--all`); `None`: the command's
    /// plain answer.
    pub flag: Option<&'static str>,
    /// The type the generated clients give it.
    pub type_name: &'static str,
    /// One line on what the answer is.
    pub about: &'static str,
    /// The answer's schema, as schemars derives it.
    #[cfg(feature = "schema")]
    pub(crate) schema: fn() -> schemars::Schema,
}

/// An [`Answer`] whose body is the type `$body` (serialised inside
/// `hal_types::wire::Answer`): `answer!(name, flag, type name, about, body)`. In scope
/// in every command's file (declared below, before them).
macro_rules! answer {
    ($command:expr, $flag:expr, $type_name:expr, $about:expr, $body:ty) => {
        $crate::commands::Answer {
            command: $command,
            flag: $flag,
            type_name: $type_name,
            about: $about,
            #[cfg(feature = "schema")]
            schema: $crate::schema::generate::<hal_types::wire::Answer<$body>>,
        }
    };
}

/// What a command is, for every surface that lists commands.
#[derive(Debug, Clone, Copy)]
pub struct Description {
    /// The command's name on the command line.
    pub name: &'static str,
    /// The global options it takes (`-v`, `-q`, `-h` apply to every command).
    pub takes: &'static [GlobalOpt],
    /// Its JSON answers (empty: it has none and takes no `--json`; a test holds the two
    /// together).
    pub answers: &'static [Answer],
}

/// The host and the global options, for a command to resolve what it needs from.
#[derive(Debug)]
pub struct Input<'a, H: Host> {
    /// The global options.
    pub(crate) global: &'a Global,
    /// The host.
    pub(crate) host: H,
}

impl<H: Host> Input<'_, H> {
    /// The invocation resolved as `needs` says ([`Context::resolve`]).
    pub(crate) fn resolve(self, needs: Needs<'_>) -> Context<H> {
        Context::resolve(self.global, self.host, needs)
    }
}

/// A command: its description, what it needs resolved and its answer.
pub(crate) trait Cmd {
    /// Its description.
    const DESCRIPTION: Description;

    /// `--provider` (and `--runtime-version`), where the command takes them.
    fn provider(&self) -> Option<&ProviderArg> {
        None
    }

    /// Whether the command's own options withdraw the global option `opt` (by default:
    /// `--provider` skips detection, so `--policy` and `--workspace` do not apply).
    fn withdraws(&self, opt: GlobalOpt) -> bool {
        opt.detection() && self.provider().is_some_and(|p| p.provider.is_some())
    }

    /// The command's answer: it resolves what it needs from `input` (most through
    /// [`Input::resolve`] with its `Needs`) and renders it, as JSON or text.
    fn exec<H: Host>(&self, input: Input<'_, H>) -> Output;
}

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

            /// Runs the command with `global` on `host`.
            pub(crate) fn exec<H: Host>(&self, global: &Global, host: H) -> Output {
                let input = Input { global, host };
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

/// The description of the command named `name`.
#[must_use]
pub fn description(name: &str) -> Option<&'static Description> {
    ALL.iter().find(|d| d.name == name)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory as _;

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
        let cli = crate::Cli::command();
        let clap: Vec<&str> = cli.get_subcommands().map(clap::Command::get_name).collect();
        let ours: Vec<&str> = ALL.iter().map(|d| d.name).collect();
        assert_eq!(clap, ours);
    }
}

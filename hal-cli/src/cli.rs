//! The command line, declared with clap: [`Cli`], the global options and one of the
//! commands (`commands::Command`, each command's arguments in its own file).

use clap::Parser;

pub use crate::args::{
    BIN_NAME, EXIT_CODES, Format, Global, GlobalOpt, HookArg, LintFormat, ProviderArg, ProvidersFormat,
};
pub use crate::commands::Command;

/// `hal --version`: the version and which build this is (the cargo features it has).
pub const VERSION: &str = match (cfg!(feature = "lint"), cfg!(feature = "schema")) {
    (true, true) => concat!(env!("CARGO_PKG_VERSION"), " (full build: features lint, schema)"),
    (true, false) => concat!(env!("CARGO_PKG_VERSION"), " (features: lint; without schema)"),
    (false, true) => concat!(env!("CARGO_PKG_VERSION"), " (features: schema; without lint)"),
    (false, false) => concat!(
        env!("CARGO_PKG_VERSION"),
        " (hook build: without the features lint, schema; `hal lint` runs a hal-lint installed beside it)"
    ),
};

/// The commands a build leaves out, each with why and where to find it (as `hal lint`
/// explains itself): an unknown command of this name gets this text.
pub const LEFT_OUT: &[(&str, &str)] = &[
    #[cfg(not(feature = "schema"))]
    (
        "schema",
        "this hal was built without `hal schema` (cargo feature `schema`; the hook build leaves it out); the \
         schemas are the repository's schema/*.json, or run `hal schema` from a full build \
         (`cargo install --path hal-cli --locked` in a clone)",
    ),
];

/// The command line.
#[derive(Debug, PartialEq, Eq, Parser)]
#[command(
    name = BIN_NAME,
    version = VERSION,
    about = "Which AI coding-agent runtime am I running under, and what can it do?",
    after_help = EXIT_CODES,
    propagate_version = true
)]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Command,
}

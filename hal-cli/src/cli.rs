//! The command line, declared with clap: [`Cli`], the global options and one of the
//! commands (`commands::Command`, each command's arguments in its own file).

use clap::Parser;

pub use crate::args::{
    BIN_NAME, EXIT_CODES, Format, Global, GlobalOpt, HookArg, LintFormat, ProviderArg, ProvidersFormat,
};
pub use crate::commands::Command;

/// Which build this is (the cargo features it has), for `hal --version`.
const BUILD: &str = match (cfg!(feature = "lint"), cfg!(feature = "schema")) {
    (true, true) => "full build: features lint, schema",
    (true, false) => "features: lint; without schema",
    (false, true) => "features: schema; without lint",
    (false, false) => "hook build: without the features lint, schema; `hal lint` runs a hal-lint installed beside it",
};

/// `hal --version`'s parts: the version, which build this is and, for a platform whose
/// build was never run here, how far it was tested ([`crate::platforms`]).
const VERSION_PARTS: [&str; 5] = [env!("CARGO_PKG_VERSION"), " (", BUILD, crate::platforms::VERSION_NOTE, ")"];

const fn joined_len(parts: &[&str]) -> usize {
    let (mut i, mut n) = (0, 0);
    while i < parts.len() {
        n += parts[i].len();
        i += 1;
    }
    n
}

const fn joined<const N: usize>(parts: &[&str]) -> [u8; N] {
    let mut out = [0u8; N];
    let (mut i, mut at) = (0, 0);
    while i < parts.len() {
        let bytes = parts[i].as_bytes();
        let mut j = 0;
        while j < bytes.len() {
            out[at] = bytes[j];
            at += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

const VERSION_BYTES: [u8; joined_len(&VERSION_PARTS)] = joined(&VERSION_PARTS);

/// `hal --version`: the version, which build this is (the cargo features it has) and how
/// far this platform's build was tested where it was not run here.
pub const VERSION: &str = match std::str::from_utf8(&VERSION_BYTES) {
    Ok(v) => v,
    Err(_) => panic!("hal --version is joined from UTF-8 parts"),
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

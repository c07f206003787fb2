//! The one table of the global options each command takes, and everything derived from
//! it: the clap command `--help` is rendered from ([`command`]: the options a command
//! does not take hidden from its help), the command completions and the man page are
//! generated from ([`documented`]: each command with exactly its options), and the usage
//! check ([`check_applicable`]: exit 2 for an option the command does not take).

use std::ffi::OsString;

use clap::error::ErrorKind;
use clap::{CommandFactory as _, FromArgMatches as _};

use crate::cli::{BIN_NAME, Cli, GlobalOpt};
use crate::commands::ALL;

/// Every command and the global options it takes, in `hal --help` order, from each
/// command's description (`commands::ALL`).
pub const TABLE: &[(&str, &[GlobalOpt])] = &{
    let mut out: [(&str, &[GlobalOpt]); ALL.len()] = [("", &[]); ALL.len()];
    let mut i = 0;
    while i < ALL.len() {
        out[i] = (ALL[i].name, ALL[i].takes);
        i += 1;
    }
    out
};

/// The global options the command named `name` takes (none for a name not in the table;
/// a test holds the table to clap's commands).
#[must_use]
pub fn takes(name: &str) -> &'static [GlobalOpt] {
    TABLE.iter().find(|(n, _)| *n == name).map_or(&[], |(_, t)| t)
}

/// The table's options as hal itself declares them (`--json`, ...), each `global` or not.
fn table_args(cmd: &clap::Command, global: bool) -> Vec<clap::Arg> {
    GlobalOpt::ALL
        .iter()
        .filter_map(|o| cmd.get_arguments().find(|a| a.get_id() == o.id()).cloned())
        .map(|a| a.global(global))
        .collect()
}

/// `cmd` with each subcommand given `args(name)`, in the subcommands' order.
fn per_subcommand(mut cmd: clap::Command, args: impl Fn(&str) -> Vec<clap::Arg>) -> clap::Command {
    let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_owned()).collect();
    // Each mutated subcommand moves to the end: mutating all, in order, keeps the order.
    for name in names {
        let given = args(&name);
        cmd = cmd.mut_subcommand(&name, |s| s.args(given));
    }
    cmd
}

/// The clap command the command line is parsed with and `--help` rendered from: the
/// options a command does not take are hidden from its help (clap still parses them, so
/// that [`check_applicable`] can say which the command takes).
#[must_use]
pub fn command() -> clap::Command {
    let cmd = Cli::command();
    let hidden: Vec<clap::Arg> = table_args(&cmd, true).into_iter().map(|a| a.hide(true)).collect();
    // A subcommand's own copy of a global option stops clap propagating the visible one.
    per_subcommand(cmd, |name| {
        let takes = takes(name);
        hidden.iter().filter(|a| !takes.iter().any(|o| a.get_id() == o.id())).cloned().collect()
    })
}

/// The command line as documented (completions, the man page): the table's options are
/// options of hal itself and of each command that takes them, and of no other.
#[must_use]
pub fn documented() -> clap::Command {
    let cmd = Cli::command();
    let args = table_args(&cmd, false);
    let cmd = cmd.mut_args(|a| if GlobalOpt::ALL.iter().any(|o| a.get_id() == o.id()) { a.global(false) } else { a });
    per_subcommand(cmd, |name| {
        let takes = takes(name);
        args.iter().filter(|a| takes.iter().any(|o| a.get_id() == o.id())).cloned().collect()
    })
}

/// Parses the arguments after the program name with [`command`].
///
/// # Errors
/// clap's error (usage, help, version).
pub fn parse(args: &[OsString]) -> Result<Cli, clap::Error> {
    let mut cmd = command();
    let matches =
        cmd.try_get_matches_from_mut(std::iter::once(OsString::from(BIN_NAME)).chain(args.iter().cloned()))?;
    Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut cmd))
}

/// A usage error (exit 2) when a global option was given to a command it does not
/// apply to, naming the options the command takes.
///
/// # Errors
/// The clap error to print.
pub fn check_applicable(cli: &Cli) -> Result<(), clap::Error> {
    let name = cli.command.name();
    let takes = takes(name);
    let applies = |o: GlobalOpt| takes.contains(&o) && !cli.command.withdraws(o);
    let Some(bad) = GlobalOpt::ALL.iter().copied().find(|o| o.given(&cli.global) && !applies(*o)) else {
        return Ok(());
    };
    let mut cmd = Cli::command();
    let applying: Vec<GlobalOpt> = GlobalOpt::ALL.iter().copied().filter(|o| applies(*o)).collect();
    let accepted = accepted(name, &applying);
    let why = if bad.detection() && takes.contains(&bad) && cli.command.provider().is_some() {
        " (it applies to detection, and --provider skips detection)"
    } else {
        ""
    };
    Err(cmd.error(
        ErrorKind::ArgumentConflict,
        format!("{} does not apply to `{BIN_NAME} {name}`{why}; it accepts: {}", bad.long(), accepted.join(", ")),
    ))
}

/// What hal adds to clap's usage error `e` for the command line `args`: for an unknown
/// command, the command it most likely meant (`hal version` → `hal --version`), why a
/// command this build leaves out is missing ([`crate::cli::LEFT_OUT`]), and the
/// commands; for an argument the command does not take, what it takes.
#[must_use]
pub fn hint(e: &clap::Error, args: &[OsString]) -> Option<String> {
    let cmd = Cli::command();
    let names: Vec<&str> = cmd.get_subcommands().map(clap::Command::get_name).collect();
    let given: Vec<&str> = args.iter().filter_map(|a| a.to_str()).collect();
    match e.kind() {
        ErrorKind::InvalidSubcommand => {
            let word = given.iter().copied().find(|a| !a.starts_with('-')).unwrap_or_default();
            let commands = format!("commands: {}", names.join(", "));
            if let Some((_, why)) = crate::cli::LEFT_OUT.iter().find(|(n, _)| *n == word) {
                return Some(format!("{why}\n{commands}"));
            }
            // clap's own tip names a similar command already; `version` is an option.
            let tipped = e.render().to_string().contains("tip:");
            let meant = match hal_types::closest(word, names.iter().copied().chain(["version"])) {
                _ if word == "version" => Some("`hal --version`".to_owned()),
                Some("version") => Some("`hal --version`".to_owned()),
                Some(c) if !tipped => Some(format!("`hal {c}`")),
                _ => None,
            };
            Some(meant.map_or(commands.clone(), |m| format!("did you mean {m}?\n{commands}")))
        }
        ErrorKind::UnknownArgument => {
            let name = given.iter().copied().find(|a| names.contains(a))?;
            Some(format!("`{BIN_NAME} {name}` takes: {}", accepted(name, takes(name)).join(", ")))
        }
        _ => None,
    }
}

/// The options the command `name` takes: its own, then the global options `global`, then
/// `-v`, `-q`.
fn accepted(name: &str, global: &[GlobalOpt]) -> Vec<String> {
    let cmd = Cli::command();
    let mut out: Vec<String> = cmd
        .find_subcommand(name)
        .map(|s| {
            s.get_arguments()
                .filter(|a| !a.is_global_set() && a.get_id() != "help")
                .map(|a| a.get_long().map_or_else(|| format!("<{}>", a.get_id()), |l| format!("--{l}")))
                .collect()
        })
        .unwrap_or_default();
    out.extend(global.iter().map(|o| o.long().to_owned()));
    out.extend(["-v".to_owned(), "-q".to_owned()]);
    out
}

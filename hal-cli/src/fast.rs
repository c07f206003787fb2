//! The hot path of argument parsing.
//!
//! clap builds its whole command tree before it looks at the first argument: about
//! 550 allocations and 100 KB of heap for `hal`, a quarter of the page faults of a
//! `hal detect --json` run (BENCHMARKS.md). Hooks call hal on every session start and
//! tool call, so [`parse`] reads the plain spellings of the commands hooks use and
//! answers `None` for everything else (help, version, errors, `--`, repeated options,
//! values that start with `-`, non-UTF-8), which then goes to clap.
//!
//! clap stays the one definition of the command line: `tests/fast.rs` holds that
//! whenever [`parse`] answers, clap parses the same arguments to the same [`Cli`], and
//! that every well-formed invocation of these commands does take this path.

use std::ffi::OsString;
use std::path::PathBuf;

use crate::args::{Format, Global, HookArg, ProviderArg, ProvidersFormat, parse_policy, parse_provider, parse_role};
use crate::cli::{Cli, Command};
use crate::commands::{caps, detect, env, events, gupp, hook, providers, session_id, startup};

/// Options that belong to a subcommand (clap accepts them only after its name).
#[derive(Default)]
struct SubOptions {
    provider: Option<hal_types::RuntimeProvider>,
    role: Option<hal_types::AgentRole>,
    all: bool,
    format: Option<Format>,
    hook: bool,
}

/// Sets `slot` once: a repeated option is clap's to report.
fn once<T>(slot: &mut Option<T>, value: T) -> Option<()> {
    slot.is_none().then(|| *slot = Some(value))
}

fn flag_once(slot: &mut bool) -> Option<()> {
    (!*slot).then(|| *slot = true)
}

/// The arguments after the program name as a [`Cli`], or `None` when clap must decide.
#[must_use]
pub fn parse(args: &[OsString]) -> Option<Cli> {
    let mut global = Global::default();
    let mut sub = SubOptions::default();
    let mut command: Option<&str> = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let arg = arg.to_str()?;
        if !arg.starts_with('-') {
            once(&mut command, arg)?;
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v)),
            _ => (arg, None),
        };
        let mut value = || {
            let v = match inline {
                Some(v) => v,
                None => it.next()?.to_str()?,
            };
            (!v.is_empty() && !v.starts_with('-')).then_some(v)
        };
        let in_command = command.is_some();
        match name {
            "--json" if inline.is_none() => flag_once(&mut global.json)?,
            "--require-known" if inline.is_none() => flag_once(&mut global.require_known)?,
            "-q" | "--quiet" if inline.is_none() => flag_once(&mut global.quiet)?,
            // One -v/-vv/-vvv/--verbose at most: clap's count of a global flag given on
            // both sides of the command is the subcommand's alone.
            "--verbose" | "-v" | "-vv" | "-vvv" if inline.is_none() && global.verbose == 0 => {
                global.verbose = if name == "--verbose" { 1 } else { u8::try_from(name.len() - 1).ok()? };
            }
            "--workspace" => once(&mut global.workspace, PathBuf::from(value()?))?,
            "--policy" => once(&mut global.policy, parse_policy(value()?).ok()?)?,
            "--provider" if in_command => once(&mut sub.provider, parse_provider(value()?).ok()?)?,
            "--role" if in_command => once(&mut sub.role, parse_role(value()?).ok()?)?,
            "--all" if in_command && inline.is_none() => flag_once(&mut sub.all)?,
            "--hook" if in_command && inline.is_none() => flag_once(&mut sub.hook)?,
            "--format" if in_command => once(
                &mut sub.format,
                match value()? {
                    "text" => Format::Text,
                    "markdown" => Format::Markdown,
                    _ => return None,
                },
            )?,
            _ => return None,
        }
    }
    if global.quiet && global.verbose > 0 {
        return None; // clap reports the conflict
    }
    let SubOptions { provider, role, all, format, hook } = sub;
    let provider = ProviderArg { provider, runtime_version: None };
    // Which subcommand options were given: each command accepts only its own.
    let plain = role.is_none() && !all && format.is_none() && !hook;
    let bare = plain && provider.provider.is_none();
    let takes_no_hook = !hook;
    let hook = HookArg { hook };
    let bare_or_hook = role.is_none() && !all && format.is_none() && provider.provider.is_none();
    let command = match command? {
        // `--all` conflicts with `--provider`, and `--format` requires `--all`.
        "caps"
            if takes_no_hook
                && role.is_none()
                && (all || format.is_none())
                && !(all && provider.provider.is_some()) =>
        {
            Command::Caps(caps::Caps { provider, all, format: format.unwrap_or(Format::Text) })
        }
        "startup" if takes_no_hook && !all && format.is_none() => Command::Startup(startup::Startup {
            role: Some(role?),
            all_roles: false,
            agent_id: None,
            work_item: None,
            provider,
        }),
        "gupp" if plain => Command::Gupp(gupp::Gupp { provider }),
        "events" if plain => Command::Events(events::Events { provider }),
        "detect" if bare_or_hook => Command::Detect(detect::Detect { hook }),
        "session-id" if bare_or_hook => Command::SessionId(session_id::SessionId { hook }),
        // `hook --from FILE` goes to clap.
        "hook" if bare => Command::Hook(hook::Hook::default()),
        "env" if bare => Command::Env(env::Env::default()),
        "providers" if bare => Command::Providers(providers::Providers { format: ProvidersFormat::Text }),
        _ => return None,
    };
    Some(Cli { global, command })
}

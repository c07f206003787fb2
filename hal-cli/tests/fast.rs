//! The hot-path parser against clap, the definition of the command line: wherever the
//! fast path answers, clap answers the same; every well-formed invocation of the
//! commands hooks call takes the fast path.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt as _;

use clap::Parser as _;
use hal_cli::Cli;
use hal_cli::fast::parse;
use hal_types::{AgentRole, Policy};
use proptest::prelude::*;

fn os(args: &[String]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

fn clap(args: &[OsString]) -> Result<Cli, clap::Error> {
    Cli::try_parse_from(std::iter::once(OsString::from(hal_cli::BIN_NAME)).chain(args.iter().cloned()))
}

/// The commands hooks call: the ones the fast path reads.
const HOT: &[&str] = &["detect", "caps", "startup", "gupp", "providers", "events", "session-id", "env", "hook"];

/// Words that exercise every branch of both parsers, right and wrong.
const VOCABULARY: &[&str] = &[
    "detect",
    "caps",
    "startup",
    "gupp",
    "providers",
    "events",
    "session-id",
    "hook",
    "--hook",
    "--hook=1",
    "--from",
    "--from=-",
    "explain",
    "env",
    "lint",
    "completions",
    "man",
    "help",
    "Detect",
    "",
    " ",
    "--json",
    "--json=1",
    "--require-known",
    "-q",
    "--quiet",
    "-v",
    "-vv",
    "-vvv",
    "-vq",
    "-qv",
    "--verbose",
    "--verbose=2",
    "--workspace",
    "--workspace=",
    "--workspace=/w",
    "--policy",
    "--policy=ancestry",
    "--policy=SPEC",
    "--provider",
    "--provider=codex",
    "--provider=nope",
    "--role",
    "--role=polecat",
    "--role= Mayor ",
    "--all-roles",
    "--agent-id=toast",
    "--all",
    "--all=true",
    "--format",
    "--format=markdown",
    "--format=Text",
    "-h",
    "--help",
    "-V",
    "--version",
    "--",
    "-",
    "polecat",
    "POLECAT",
    " crew ",
    "witness",
    "deacon",
    "codex",
    "claude",
    "claude-code",
    "Claude",
    "cursor-agent",
    "unknown",
    "spec",
    "ancestry",
    "text",
    "markdown",
    "bash",
    "/tmp/w",
    "-x",
    "a b",
    "=",
];

fn word() -> impl Strategy<Value = OsString> {
    prop_oneof![
        8 => prop::sample::select(VOCABULARY).prop_map(OsString::from),
        1 => "[-=a-z ]{0,12}".prop_map(OsString::from),
        1 => prop::collection::vec(any::<u8>(), 0..8).prop_map(OsString::from_vec),
    ]
}

/// Argument lists, half of them with one of the commands hooks call at a random place.
fn argv() -> impl Strategy<Value = Vec<OsString>> {
    prop_oneof![
        prop::collection::vec(word(), 0..7),
        (prop::sample::select(HOT), prop::collection::vec(word(), 0..6), any::<prop::sample::Index>()).prop_map(
            |(command, mut args, at)| {
                args.insert(at.index(args.len() + 1), command.into());
                args
            }
        ),
    ]
}

proptest! {
    /// Soundness: the fast path never disagrees with clap.
    #[test]
    fn whenever_the_fast_path_answers_clap_answers_the_same(args in argv()) {
        if let Some(fast) = parse(&args) {
            let slow = clap(&args).map_err(|e| e.to_string());
            prop_assert_eq!(Ok(fast), slow, "{:?}", args);
        }
    }

    /// Coverage: every well-formed hook invocation takes the fast path.
    #[test]
    fn well_formed_invocations_take_the_fast_path(
        name in prop::sample::select(HOT),
        json in any::<bool>(),
        require_known in any::<bool>(),
        verbosity in 0u8..4,
        quiet in any::<bool>(),
        workspace in prop::option::of("/[a-z ]{1,8}"),
        policy in prop::option::of(prop::sample::select(Policy::ALL)),
        role in prop::sample::select(AgentRole::ALL),
        provider in prop::option::of(prop::sample::select(provider_names())),
        all in any::<bool>(),
        markdown in prop::option::of(any::<bool>()),
        placement in any::<u32>(),
        upper in any::<bool>(),
        hook in any::<bool>(),
    ) {
        // Options of the command itself come after its name; global ones anywhere.
        let mut globals: Vec<Vec<String>> = Vec::new();
        let mut own: Vec<Vec<String>> = Vec::new();
        let valued = |list: &mut Vec<Vec<String>>, flag: &str, value: String, inline: bool| {
            list.push(if inline { vec![format!("{flag}={value}")] } else { vec![flag.to_owned(), value] });
        };
        if json { globals.push(vec!["--json".into()]); }
        if require_known { globals.push(vec!["--require-known".into()]); }
        if quiet { globals.push(vec!["-q".into()]); } else if verbosity > 0 {
            globals.push(vec![format!("-{}", "v".repeat(verbosity.into()))]);
        }
        if let Some(w) = workspace { valued(&mut globals, "--workspace", w, placement & 1 == 0); }
        if let Some(p) = policy { valued(&mut globals, "--policy", p.to_string(), placement & 2 == 0); }
        let cased = |s: String| if upper { s.to_uppercase() } else { s };
        if name == "startup" { valued(&mut own, "--role", cased(role.to_string()), placement & 4 == 0); }
        // `caps --all` takes no --provider (a usage error), so a well-formed one has none.
        if ["gupp", "events", "caps", "startup"].contains(&name) && !(name == "caps" && all) && let Some(p) = provider {
            valued(&mut own, "--provider", p.to_owned(), placement & 8 == 0);
        }
        if ["detect", "session-id"].contains(&name) && hook { own.push(vec!["--hook".into()]); }
        if name == "caps" && all {
            own.push(vec!["--all".into()]);
            if let Some(md) = markdown {
                valued(&mut own, "--format", (if md { "markdown" } else { "text" }).to_owned(), placement & 16 == 0);
            }
        }
        let mut args: Vec<String> = Vec::new();
        let mut after: Vec<Vec<String>> = own;
        for (i, g) in globals.into_iter().enumerate() {
            if placement >> (8 + i) & 1 == 0 { args.extend(g); } else { after.push(g); }
        }
        let turn = (placement >> 20) as usize % after.len().max(1);
        after.rotate_left(turn);
        args.push(name.to_owned());
        args.extend(after.into_iter().flatten());
        let args = os(&args);
        let fast = parse(&args);
        prop_assert!(fast.is_some(), "{:?} missed the fast path", args);
        prop_assert_eq!(fast.ok_or(()), clap(&args).map_err(|_| ()), "{:?}", args);
    }
}

fn provider_names() -> Vec<&'static str> {
    hal_caps::REGISTRY
        .iter()
        .flat_map(|r| std::iter::once(r.provider.as_str()).chain(r.aliases.iter().copied()))
        .collect()
}

#[test]
fn the_spellings_in_the_docs_take_the_fast_path() {
    for line in [
        "detect --json",
        "detect",
        "startup --role polecat --json",
        "--json startup --role=mayor --provider claude",
        "session-id",
        "env",
        "gupp --json",
        "caps --json",
        "caps --all --format markdown",
        "events --provider codex --json",
        "hook",
        "hook --json",
        "session-id --hook",
        "detect --hook --json",
    ] {
        let args: Vec<String> = line.split(' ').map(str::to_owned).collect();
        let args = os(&args);
        assert_eq!(parse(&args).ok_or(()), clap(&args).map_err(|_| ()), "{line}");
    }
}

#[test]
fn help_version_and_errors_are_left_to_clap() {
    for line in [
        "",
        "--help",
        "-h",
        "--version",
        "-V",
        "help",
        "detect --help",
        "lint .",
        "startup",
        "detect -q -v",
        "-v gupp -v",
    ] {
        let args: Vec<OsString> = line.split_whitespace().map(OsString::from).collect();
        assert_eq!(parse(&args), None, "{line}");
    }
}

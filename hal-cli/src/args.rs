//! The pieces of the command line every command shares: the global options
//! ([`Global`], and [`GlobalOpt`], the ones only some commands take), `--hook`,
//! `--provider`, the output formats and the value parsers; the executable's name and
//! its exit codes. Each command's own arguments are in its file under `commands/`;
//! [`crate::cli::Cli`] puts them together.

use std::path::PathBuf;

use clap::Args;
use clap::ValueEnum;
use clap::builder::{PossibleValue, TypedValueParser};
use hal_types::{AgentRole, Policy, RuntimeProvider};

/// The executable's name: the one place it is written (a test holds Cargo.toml's
/// `[[bin]]` to it).
pub const BIN_NAME: &str = "hal";

/// The exit codes, as `--help` prints them.
pub const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  nothing to report: no session id (`session-id`), an `unknown` runtime under
     --require-known, findings (`lint`), no hook payload on stdin (`hook`), or an
     error writing the output
  2  usage error: unknown command, role, provider, policy, strategy or shell; an
     option the command does not take; a path `lint` cannot find or read whole
     (no such path, a device or FIFO, a file too large), or `lint` in a hal built
     without it; `hook` with a terminal on stdin
Detection itself never fails; any other exit status is a bug.";

/// Options of every command.
#[derive(Debug, Default, PartialEq, Eq, Args)]
pub struct Global {
    /// Print one JSON object (with "version": 1) instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    /// The workspace root for the workspace-file step (default: CLAUDE_PROJECT_DIR,
    /// else the nearest directory holding .git, else the current directory).
    #[arg(long, global = true, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    pub workspace: Option<PathBuf>,
    /// The detection policy (default: GT_HAL_POLICY, else spec).
    #[arg(long, global = true, value_parser = Completed(parse_policy, policies), hide_possible_values = true)]
    pub policy: Option<Policy>,
    /// Exit 1 when the runtime is unknown (after printing the answer).
    #[arg(long, global = true)]
    pub require_known: bool,
    /// More logging on stderr (-v info, -vv debug, -vvv trace; RUST_LOG filters too).
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    pub verbose: u8,
    /// No warnings on stderr.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,
}

/// `--hook`: read the hook payload on stdin first.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Args)]
pub struct HookArg {
    /// Read the hook payload on stdin first: the runtime that wrote it decides right
    /// after GT_RUNTIME, and its session id comes first.
    #[arg(long)]
    pub hook: bool,
}

/// `--provider P`.
#[derive(Debug, PartialEq, Eq, Args)]
pub struct ProviderArg {
    /// Answer for this runtime instead of the detected one (id or alias).
    #[arg(long, value_parser = Completed(parse_provider, providers), hide_possible_values = true)]
    pub provider: Option<RuntimeProvider>,
    /// With --provider: answer for this version of it (default: the newest verified).
    #[arg(long, value_name = "V", requires = "provider", value_parser = parse_version)]
    pub runtime_version: Option<String>,
}

/// `--runtime-version V`: dotted numbers (`1.2.3`, `v0.4.5`).
pub(crate) fn parse_version(s: &str) -> Result<String, String> {
    hal_caps::registry::Version::parse(s)
        .map(|_| s.trim().to_owned())
        .ok_or_else(|| format!("`{}` is not a version (dotted numbers: 1.2.3)", hal_caps::text::escape_control(s)))
}

/// Output format of `caps --all`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[non_exhaustive]
pub enum Format {
    Text,
    Markdown,
}

/// Output format of `providers`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[non_exhaustive]
pub enum ProvidersFormat {
    Text,
    AgentsJson,
}

/// Output format of `lint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[non_exhaustive]
pub enum LintFormat {
    Text,
    Github,
}

pub(crate) fn parse_role(s: &str) -> Result<AgentRole, String> {
    s.trim().to_ascii_lowercase().parse().map_err(|e: hal_types::ParseEnumError| e.to_string())
}

pub(crate) fn parse_policy(s: &str) -> Result<Policy, String> {
    s.trim().to_ascii_lowercase().parse().map_err(|e: hal_types::ParseEnumError| e.to_string())
}

pub(crate) fn parse_provider(s: &str) -> Result<RuntimeProvider, String> {
    hal_caps::lookup(s).ok_or_else(|| {
        let shown = hal_caps::text::escape_control(s);
        let ids = hal_caps::REGISTRY.iter().map(|r| r.provider.as_str());
        let names = ids.clone().chain(hal_caps::REGISTRY.iter().flat_map(|r| r.aliases.iter().copied()));
        match hal_types::closest(s, names).and_then(hal_caps::lookup) {
            // A near miss: the suggestion, not the whole registry.
            Some(p) => format!("unknown provider `{shown}`; did you mean `{p}`? (`hal providers` lists every runtime)"),
            None => format!("unknown provider `{shown}`; expected one of: {}", ids.collect::<Vec<_>>().join(", ")),
        }
    })
}

/// A value parser that parses with a function (trimming, case and aliases as the
/// function accepts them) and offers `values` to shell completions.
#[derive(Clone, Copy)]
pub(crate) struct Completed<T>(pub(crate) fn(&str) -> Result<T, String>, pub(crate) fn() -> Vec<PossibleValue>);

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Completed<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        self.0.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.1)().into_iter()))
    }
}

/// Provider ids, then their aliases (hidden from help, offered by completions).
pub(crate) fn providers() -> Vec<PossibleValue> {
    let ids = hal_caps::REGISTRY.iter().map(|r| PossibleValue::new(r.provider.as_str()));
    let aliases = hal_caps::REGISTRY.iter().flat_map(|r| r.aliases.iter().map(|a| PossibleValue::new(*a)));
    ids.chain(aliases).collect()
}

pub(crate) fn roles() -> Vec<PossibleValue> {
    AgentRole::ALL.iter().map(|r| PossibleValue::new(r.as_str())).collect()
}

fn policies() -> Vec<PossibleValue> {
    Policy::ALL.iter().map(|p| PossibleValue::new(p.as_str())).collect()
}

/// A global option that only some commands take: each command's file under
/// `commands/` lists the ones it takes, and `usage::TABLE` collects them (the one
/// table `--help`, completions, the man page and the usage check derive from). `-v`,
/// `-q` and `-h` apply to every command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum GlobalOpt {
    /// `--json`.
    Json,
    /// `--workspace DIR`: the command runs detection.
    Workspace,
    /// `--policy P`: the command runs detection.
    Policy,
    /// `--require-known`.
    RequireKnown,
}

impl GlobalOpt {
    /// Every option, in the order the usage check names them.
    pub const ALL: &[Self] = &[Self::Json, Self::Policy, Self::Workspace, Self::RequireKnown];

    /// The option's clap id (its field in [`Global`]).
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Self::Json => "json",
            Self::Workspace => "workspace",
            Self::Policy => "policy",
            Self::RequireKnown => "require_known",
        }
    }

    /// The option as written on the command line.
    #[must_use]
    pub const fn long(self) -> &'static str {
        match self {
            Self::Json => "--json",
            Self::Workspace => "--workspace",
            Self::Policy => "--policy",
            Self::RequireKnown => "--require-known",
        }
    }

    /// Whether the option configures detection (`--provider` skips detection).
    #[must_use]
    pub const fn detection(self) -> bool {
        matches!(self, Self::Workspace | Self::Policy)
    }

    /// Whether `global` gives this option.
    #[must_use]
    pub const fn given(self, global: &Global) -> bool {
        match self {
            Self::Json => global.json,
            Self::Workspace => global.workspace.is_some(),
            Self::Policy => global.policy.is_some(),
            Self::RequireKnown => global.require_known,
        }
    }
}

//! The command line, declared with clap.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use hal_types::{AgentRole, Policy, RuntimeProvider};

/// The executable's name: the one place it is written (a test holds Cargo.toml's
/// `[[bin]]` to it).
pub const BIN_NAME: &str = "hal";

/// The exit codes, as `--help` prints them.
pub const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  nothing to report: no session id (`session-id`), an `unknown` runtime under
     --require-known, or findings (`lint`)
  2  usage error: unknown command, role, provider, policy, strategy or shell
Detection itself never fails; any other exit status is a bug.";

/// The command line.
#[derive(Debug, PartialEq, Eq, Parser)]
#[command(
    name = BIN_NAME,
    version,
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

/// Options of every command.
#[derive(Debug, Default, PartialEq, Eq, Args)]
pub struct Global {
    /// Print one JSON object (with "version": 1) instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    /// The workspace root for the workspace-file step (default: CLAUDE_PROJECT_DIR,
    /// else the nearest directory holding .git, else the current directory).
    #[arg(long, global = true, value_name = "DIR")]
    pub workspace: Option<PathBuf>,
    /// The detection policy (default: GT_HAL_POLICY, else spec).
    #[arg(long, global = true, value_parser = parse_policy)]
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

/// The commands.
#[derive(Debug, PartialEq, Eq, Subcommand)]
#[non_exhaustive]
pub enum Command {
    /// The runtime this process runs under, and the signal that decided.
    Detect,
    /// The capability row of the detected (or given) runtime, with each value's origin.
    Caps {
        #[command(flatten)]
        provider: ProviderArg,
        /// Every runtime's built-in row (no overrides).
        #[arg(long)]
        all: bool,
        /// Output format with --all.
        #[arg(long, value_enum, default_value_t = Format::Text, requires = "all")]
        format: Format,
    },
    /// The startup plan for an agent of a role.
    Startup {
        /// The Gastown role (default: the role GT_ROLE names).
        #[arg(long, value_parser = parse_role, conflicts_with = "all_roles")]
        role: Option<AgentRole>,
        /// The plans of all eight roles at once.
        #[arg(long)]
        all_roles: bool,
        /// The agent id in a polling plan's path (default: GT_ROLE's last segment).
        #[arg(long, value_name = "ID")]
        agent_id: Option<String>,
        #[command(flatten)]
        provider: ProviderArg,
    },
    /// The GUPP strategy, stall threshold and nudge interval.
    Gupp {
        #[command(flatten)]
        provider: ProviderArg,
    },
    /// Every runtime hal knows: strongest signal, hooks, sources, vendor verification.
    Providers,
    /// The canonical lifecycle events and the native hook each maps to.
    Events {
        #[command(flatten)]
        provider: ProviderArg,
    },
    /// The session id; prints nothing and exits 1 when there is none.
    SessionId,
    /// The detection cascade step by step, then every override (for bug reports; not
    /// a stable format).
    Explain,
    /// `export HAL_…=…` lines for `eval "$(hal env)"` in shell skills.
    Env,
    /// The boundary lint: report code under PATH that reads runtime env vars, names
    /// runtime indicators or walks the process tree instead of asking hal.
    Lint {
        /// A crate directory or a single .rs file.
        path: PathBuf,
    },
    /// Shell completions for hal.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// hal's man page (roff) on stdout.
    Man,
}

/// `--provider P`.
#[derive(Debug, PartialEq, Eq, Args)]
pub struct ProviderArg {
    /// Answer for this runtime instead of the detected one (id or alias).
    #[arg(long, value_parser = parse_provider)]
    pub provider: Option<RuntimeProvider>,
}

/// Output format of `caps --all`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[non_exhaustive]
pub enum Format {
    Text,
    Markdown,
}

pub(crate) fn parse_role(s: &str) -> Result<AgentRole, String> {
    s.trim().to_ascii_lowercase().parse().map_err(|e: hal_types::ParseEnumError| e.to_string())
}

pub(crate) fn parse_policy(s: &str) -> Result<Policy, String> {
    s.trim().to_ascii_lowercase().parse().map_err(|e: hal_types::ParseEnumError| e.to_string())
}

pub(crate) fn parse_provider(s: &str) -> Result<RuntimeProvider, String> {
    hal_caps::lookup(s).ok_or_else(|| {
        let ids: Vec<&str> = hal_caps::REGISTRY.iter().map(|r| r.provider.as_str()).collect();
        format!("unknown provider `{}`; expected one of: {}", hal_caps::text::escape_control(s), ids.join(", "))
    })
}

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
     --require-known, findings (`lint`), or no hook payload on stdin (`hook`)
  2  usage error: unknown command, role, provider, policy, strategy or shell;
     `hook` with a terminal on stdin
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
    Detect(HookArg),
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
        /// The Gastown role.
        #[arg(long, value_parser = parse_role)]
        role: AgentRole,
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
    SessionId(HookArg),
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
    /// The hook payload on stdin as a canonical lifecycle event: provider, event,
    /// session id (names and ids only; never prompts, tool inputs or outputs).
    Hook(HookSource),
    /// Shell completions for hal.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// hal's man page (roff) on stdout.
    Man,
}

/// `--hook`: read the hook payload on stdin first.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Args)]
pub struct HookArg {
    /// Read the hook payload on stdin first: the runtime that wrote it decides right
    /// after GT_RUNTIME, and its session id comes first.
    #[arg(long)]
    pub hook: bool,
}

/// Where `hal hook` reads the payload.
#[derive(Debug, Default, PartialEq, Eq, Args)]
pub struct HookSource {
    /// Read the payload from FILE instead of stdin (`-`: stdin).
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
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

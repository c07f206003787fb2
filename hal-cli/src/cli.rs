//! The command line, declared with clap.

use std::path::PathBuf;

use clap::builder::{PossibleValue, TypedValueParser};
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
     --require-known, findings (`lint`), no hook payload on stdin (`hook`), or an
     error writing the output
  2  usage error: unknown command, role, provider, policy, strategy or shell; an
     option the command does not take; a path `lint` cannot find or read whole
     (no such path, a device or FIFO, a file too large), or `lint` in a hal built
     without it; `hook` with a terminal on stdin
Detection itself never fails; any other exit status is a bug.";

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
        /// Every runtime's built-in row (no overrides; not with --provider).
        #[arg(long, conflicts_with = "provider")]
        all: bool,
        /// Output format with --all.
        #[arg(long, value_enum, default_value_t = Format::Text, requires = "all")]
        format: Format,
    },
    /// The startup plan for an agent of a role.
    Startup {
        /// The Gastown role (default: the role GT_ROLE names).
        #[arg(long, value_parser = Completed(parse_role, roles), hide_possible_values = true, conflicts_with = "all_roles")]
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
    /// How to start a runtime: the argv, the environment to set and to clear, where
    /// the prompt goes (hal never runs it).
    Launch(Box<LaunchArgs>),
    /// The GUPP strategy, stall threshold and nudge interval.
    Gupp {
        #[command(flatten)]
        provider: ProviderArg,
    },
    /// Every runtime hal knows, sorted by id: best-known marker, hooks, sources, verification.
    Providers {
        /// agents-json: the rules in vercel/detect-agent's agents.json format
        #[arg(long, value_enum, default_value_t = ProvidersFormat::Text)]
        format: ProvidersFormat,
    },
    /// The runtimes installed on this host: executable, version, and its standing
    /// against the versions live runs verified.
    Inventory {
        /// Exit 1 unless this runtime is installed at a version a live run verified.
        #[arg(long, value_name = "PROVIDER", value_parser = Completed(parse_provider, providers), hide_possible_values = true)]
        require_verified: Option<RuntimeProvider>,
        /// Where the install says no version, run the runtime's `--version` (a cleared
        /// environment, killed after 3 s).
        #[arg(long)]
        probe: bool,
    },
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
    /// The boundary lint: report skill code (Rust, shell, TypeScript, JavaScript, Python,
    /// hook settings, manifests, Markdown's code blocks) that reads runtime indicator variables, probes runtime
    /// indicator files or reads the process table instead of asking hal.
    Lint {
        /// Skill directories or files.
        #[arg(required = true, value_name = "PATH", value_hint = clap::ValueHint::AnyPath)]
        paths: Vec<PathBuf>,
        /// `text` (path:line:col: rule-id: message, like a compiler) or `github` (GitHub
        /// Actions workflow annotations); --json prints one JSON object instead.
        #[arg(long, value_enum, default_value_t = LintFormat::Text)]
        format: LintFormat,
        /// Also lint what a directory walk leaves out as no skill's code: test code,
        /// vendored and generated code, scaffolding (installers, migrations), and
        /// Markdown that is documentation (README, guides, `docs/`); and report a
        /// manifest's dependency on a process-table package, no read by itself.
        #[arg(long)]
        strict: bool,
        /// Leave Markdown out (by default the code blocks and inline `!` commands of a
        /// skill's Markdown are linted: SKILL.md, commands, agents, workflows, references).
        #[arg(long)]
        no_markdown: bool,
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
    /// The JSON Schema (draft 2020-12) of a command's --json answer; without a command,
    /// the commands that have one.
    #[cfg(feature = "schema")]
    Schema {
        /// The command (`detect`, `caps`, `caps-all` for `caps --all`, ...).
        command: Option<String>,
    },
}

/// `hal launch`'s options.
#[derive(Debug, PartialEq, Eq, Args)]
pub struct LaunchArgs {
    #[command(flatten)]
    pub provider: ProviderArg,
    /// Merge in the startup plan of this Gastown role (its `gt prime` fallback is the prompt).
    #[arg(long, value_parser = Completed(parse_role, roles), hide_possible_values = true)]
    pub role: Option<AgentRole>,
    /// interactive (default), print (one-shot) or acp (an ACP server on stdio).
    #[arg(long, value_enum)]
    pub mode: Option<LaunchModeArg>,
    /// none, edits or full: how much it does without asking.
    #[arg(long, value_enum)]
    pub autonomy: Option<AutonomyArg>,
    /// The prompt.
    #[arg(long, value_name = "TEXT", conflicts_with = "prompt_file")]
    pub prompt: Option<String>,
    /// The prompt, read from FILE (at most 1 MiB).
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub prompt_file: Option<PathBuf>,
    /// Resume the session ID (the session id hal reports).
    #[arg(long, value_name = "ID", conflicts_with = "continue_latest")]
    pub resume: Option<String>,
    /// Continue the latest session.
    #[arg(long = "continue")]
    pub continue_latest: bool,
    /// The model.
    #[arg(long, value_name = "M")]
    pub model: Option<String>,
}

/// `--mode` of `hal launch`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[non_exhaustive]
pub enum LaunchModeArg {
    Interactive,
    Print,
    Acp,
}

/// `--autonomy` of `hal launch`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[non_exhaustive]
pub enum AutonomyArg {
    None,
    Edits,
    Full,
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
    #[arg(long, value_parser = Completed(parse_provider, providers), hide_possible_values = true)]
    pub provider: Option<RuntimeProvider>,
    /// With --provider: answer for this version of it (default: the newest verified).
    #[arg(long, value_name = "V", requires = "provider", value_parser = parse_version)]
    pub runtime_version: Option<String>,
}

/// `--runtime-version V`: dotted numbers (`2.1.332`, `v0.146.0`).
pub(crate) fn parse_version(s: &str) -> Result<String, String> {
    hal_caps::registry::Version::parse(s)
        .map(|_| s.trim().to_owned())
        .ok_or_else(|| format!("`{}` is not a version (dotted numbers: 2.1.332)", hal_caps::text::escape_control(s)))
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
struct Completed<T>(fn(&str) -> Result<T, String>, fn() -> Vec<PossibleValue>);

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
fn providers() -> Vec<PossibleValue> {
    let ids = hal_caps::REGISTRY.iter().map(|r| PossibleValue::new(r.provider.as_str()));
    let aliases = hal_caps::REGISTRY.iter().flat_map(|r| r.aliases.iter().map(|a| PossibleValue::new(*a)));
    ids.chain(aliases).collect()
}

fn roles() -> Vec<PossibleValue> {
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

impl Command {
    /// The runtime `--provider` gives, where the command takes it.
    #[must_use]
    pub const fn provider(&self) -> Option<RuntimeProvider> {
        match self {
            Self::Caps { provider, .. }
            | Self::Startup { provider, .. }
            | Self::Gupp { provider }
            | Self::Events { provider } => provider.provider,
            Self::Launch(l) => l.provider.provider,
            Self::Detect(_)
            | Self::Inventory { .. }
            | Self::Providers { .. }
            | Self::SessionId(_)
            | Self::Explain
            | Self::Env
            | Self::Lint { .. }
            | Self::Hook(_)
            | Self::Completions { .. }
            | Self::Man => None,
            #[cfg(feature = "schema")]
            Self::Schema { .. } => None,
        }
    }

    /// The version `--runtime-version` gives, where the command takes it.
    #[must_use]
    pub fn runtime_version(&self) -> Option<&str> {
        match self {
            Self::Caps { provider, .. }
            | Self::Startup { provider, .. }
            | Self::Gupp { provider }
            | Self::Events { provider } => provider.runtime_version.as_deref(),
            Self::Launch(l) => l.provider.runtime_version.as_deref(),
            Self::Detect(_)
            | Self::Inventory { .. }
            | Self::Providers { .. }
            | Self::SessionId(_)
            | Self::Explain
            | Self::Env
            | Self::Lint { .. }
            | Self::Hook(_)
            | Self::Completions { .. }
            | Self::Man => None,
            #[cfg(feature = "schema")]
            Self::Schema { .. } => None,
        }
    }

    /// The subcommand's name on the command line.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Self::Detect(_) => "detect",
            Self::Caps { .. } => "caps",
            Self::Startup { .. } => "startup",
            Self::Launch(_) => "launch",
            Self::Gupp { .. } => "gupp",
            Self::Providers { .. } => "providers",
            Self::Events { .. } => "events",
            Self::Inventory { .. } => "inventory",
            Self::SessionId(_) => "session-id",
            Self::Hook(_) => "hook",
            Self::Explain => "explain",
            Self::Env => "env",
            Self::Lint { .. } => "lint",
            Self::Completions { .. } => "completions",
            Self::Man => "man",
            #[cfg(feature = "schema")]
            Self::Schema { .. } => "schema",
        }
    }
}

//! The shape of a runtime's launch facts (see [`super::launch`], which holds them).

use hal_types::RuntimeProvider as P;

use super::model::Source;
use super::span::Span;
use super::version::Version;

/// A fact with its source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Cited<T> {
    /// The fact.
    pub value: T,
    /// Where it comes from (its standing is the source's).
    pub source: Source,
}

impl<T> Cited<T> {
    /// `value`, from `source`.
    #[must_use]
    pub const fn new(value: T, source: Source) -> Self {
        Self { value, source }
    }
}

/// Arguments that hold for some versions only (Pi's `--offline` from 0.55.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Args {
    /// The arguments, in order.
    pub args: &'static [&'static str],
    /// The versions that take them.
    pub span: Span,
    /// The packages read for the span (empty: every version hal knows).
    pub cite: &'static str,
}

impl Args {
    /// Arguments every version takes.
    #[must_use]
    pub const fn always(args: &'static [&'static str]) -> Self {
        Self { args, span: Span { since: None, until: None }, cite: "" }
    }

    /// Arguments the versions from `since` take (`cite`: the packages read).
    #[must_use]
    pub const fn since(since: &'static str, args: &'static [&'static str], cite: &'static str) -> Self {
        Self { args, span: Span::since(since), cite }
    }

    /// Arguments the versions up to `until` take.
    #[must_use]
    pub const fn until(until: &'static str, args: &'static [&'static str], cite: &'static str) -> Self {
        Self { args, span: Span { since: None, until: Some(until) }, cite }
    }

    /// Whether `version` takes them (`None`: the newest verified, which takes every
    /// argument whose span is open at the top).
    #[must_use]
    pub fn holds_at(&self, version: Option<&Version>) -> bool {
        match version {
            Some(v) => self.span.holds(v),
            None => self.span.until.is_none(),
        }
    }
}

/// The arguments of `parts` that `version` takes, in order.
#[must_use]
pub fn args_at(parts: &[Args], version: Option<&Version>) -> Vec<&'static str> {
    parts.iter().filter(|p| p.holds_at(version)).flat_map(|p| p.args.iter().copied()).collect()
}

/// Where a start puts the prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "hal-caps's launch planner places each: a new place is a new arm there")]
pub enum PromptAt {
    /// The last argument (`claude -p PROMPT`, `codex exec PROMPT`).
    Positional,
    /// The value of a flag (`gemini --prompt PROMPT`, `hermes chat -q PROMPT`).
    Flag(&'static str),
    /// Standard input.
    Stdin,
    /// Nowhere at start: typed in once the ready prompt shows.
    Typed,
}

impl PromptAt {
    /// `argv`, `flag`, `stdin` or `typed`: the spelling of every surface.
    #[must_use]
    pub const fn kind(self) -> &'static str {
        match self {
            Self::Positional => "argv",
            Self::Flag(_) => "flag",
            Self::Stdin => "stdin",
            Self::Typed => "typed",
        }
    }
}

/// A start: the arguments after the executable, and where the prompt goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Start {
    /// The subcommand or flags that select the mode (`exec`, `-p`, `run`), in order.
    pub args: &'static [Args],
    /// Where the prompt goes.
    pub prompt: PromptAt,
}

impl Start {
    /// A start with `args` (every version) and the prompt at `prompt`.
    #[must_use]
    pub const fn new(args: &'static [Args], prompt: PromptAt) -> Self {
        Self { args, prompt }
    }
}

/// The structured-output switch of the non-interactive start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Output {
    /// The flag (`--output-format`, `--json`).
    pub flag: &'static str,
    /// Its values (`text`, `json`, `stream-json`); empty: a switch without a value.
    pub values: &'static [&'static str],
}

/// What one autonomy level maps to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Level {
    /// The arguments it adds.
    pub args: &'static [Args],
    /// The variables it sets.
    pub env: &'static [(&'static str, &'static str)],
    /// What it means for this runtime, in a few words.
    pub means: &'static str,
}

impl Level {
    /// A level given by `args`.
    #[must_use]
    pub const fn args(args: &'static [Args], means: &'static str) -> Self {
        Self { args, env: &[], means }
    }

    /// A level given by variables.
    #[must_use]
    pub const fn env(env: &'static [(&'static str, &'static str)], means: &'static str) -> Self {
        Self { args: &[], env, means }
    }
}

/// The three autonomy levels: `none` (asks before every edit and command), `edits`
/// (edits unasked, commands asked), `full` (nothing asked). `None`: the runtime lacks
/// the level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Autonomy {
    /// Asks before every edit and command.
    pub none: Option<Cited<Level>>,
    /// Edits unasked, commands asked.
    pub edits: Option<Cited<Level>>,
    /// Nothing asked.
    pub full: Option<Cited<Level>>,
}

/// How resume is spelled: a flag of the start or a subcommand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Style {
    /// A flag (`--resume ID`).
    Flag,
    /// A subcommand (`codex resume ID`).
    Subcommand,
}

impl Style {
    /// `flag` or `subcommand`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Flag => "flag",
            Self::Subcommand => "subcommand",
        }
    }
}

/// Resuming a session: by id, or the latest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Resume {
    /// The arguments the session id follows (`--resume`); `None`: no resume by id.
    pub by_id: Option<&'static [&'static str]>,
    /// The arguments that continue the latest session (`--continue`); `None`: none.
    pub latest: Option<&'static [&'static str]>,
    /// Flag or subcommand.
    pub style: Style,
    /// Whether the id is the session id hal reports (`hal session-id`, a hook's
    /// `session_id`).
    pub hal_ids: bool,
}

/// How hooks come to run: a switch the start adds, or a rule the launcher follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "hal-caps's launch planner applies each: a new way is a new arm there")]
pub enum Trust {
    /// Arguments without which hooks do not fire (Codex's `--dangerously-bypass-hook-trust`).
    Args(&'static [Args]),
    /// A rule hal cannot put in the argv (a trusted-folders file).
    Rule(&'static str),
    /// A rule that is a setting in a file: the data a launcher writes.
    Setting(TrustSetting),
}

/// Workspace trust as data: the setting that trusts a workspace, and the dialog an
/// interactive start shows until it is in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct TrustSetting {
    /// The rule in words.
    pub rule: &'static str,
    /// The file (`~/` for HOME).
    pub file: &'static str,
    /// JSON to merge into `file` with the fragment rule (`crate::fragment`),
    /// [`WORKSPACE`] standing for the workspace's absolute path.
    pub setting: &'static str,
    /// What an interactive start asks until the setting is in place; `None`: nothing.
    pub dialog: Option<&'static str>,
}

/// The placeholder of the workspace's absolute path in a [`TrustSetting`].
pub const WORKSPACE: &str = "<workspace>";

/// The config directory and the variable that moves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ConfigDir {
    /// The default directory (`~/` for HOME).
    pub dir: &'static str,
    /// The variable that moves it, if any.
    pub var: Option<&'static str>,
}

/// One runtime's launch facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Launch {
    /// The runtime.
    pub provider: P,
    /// The executable `argv[0]` names (one of the row's executables or script names).
    pub executable: Cited<&'static str>,
    /// The interactive start.
    pub interactive: Cited<Start>,
    /// The non-interactive start; `None`: none.
    pub print: Option<Cited<Start>>,
    /// The structured-output switch of the non-interactive start.
    pub output: Option<Cited<Output>>,
    /// The autonomy levels.
    pub autonomy: Autonomy,
    /// Resume and continue; `None`: neither.
    pub resume: Option<Cited<Resume>>,
    /// The flag the model follows; `None`: none (a variable or a config file).
    pub model: Option<Cited<&'static str>>,
    /// The instructions files it reads, workspace-relative, first the one to write.
    pub instructions: Cited<&'static [&'static str]>,
    /// Its config directory.
    pub config_dir: Option<Cited<ConfigDir>>,
    /// How its hooks come to run.
    pub hook_trust: Option<Cited<Trust>>,
    /// The prompt prefix an orchestrator waits for in a terminal multiplexer.
    pub ready_prompt: Option<Cited<&'static str>>,
    /// What the interactive start asks before the ready prompt (Claude's
    /// bypass-permissions warning): Gastown's `EmitsPermissionWarning`.
    pub startup_dialog: Option<Cited<&'static str>>,
    /// Whether Escape cancels a request in flight; `None`: not known.
    pub escape_cancels: Option<Cited<bool>>,
    /// The arguments a new session's id follows (`--session-id`): the launcher gives
    /// the id up front and the runtime's hooks report it; `None`: it picks its own.
    pub session_id: Option<Cited<&'static [&'static str]>>,
    /// The ACP entry: the arguments that make it speak ACP on stdio; `None`: none.
    pub acp: Option<Cited<&'static [&'static str]>>,
    /// The argument its parser takes to end options (`--`), for the versions whose parser
    /// honours it before a positional prompt: a prompt that starts with `-` goes after it
    /// (hostile-findings R2). `None`: not known to honour it, and a dash-led positional
    /// prompt is a usage error.
    pub end_of_options: Option<Cited<Args>>,
    /// Variables every start sets.
    pub env: &'static [(&'static str, &'static str)],
    /// Variables every start sets from another variable of the launcher's (groq-compound's
    /// `ANTHROPIC_API_KEY` from `GROQ_API_KEY`).
    pub env_from: &'static [(&'static str, &'static str)],
    /// Switches that keep it from the network at start (update checks, model lists):
    /// what a sandboxed or offline launcher adds.
    pub offline: &'static [Args],
    /// Variables it sets on its children beyond its markers and session variables (seen
    /// in the captured tool and hook environments): they go on the clear-list.
    pub stamps: &'static [&'static str],
    /// Where Gastown's preset for it is stale against the package (field, and why).
    pub gastown_stale: &'static [(&'static str, &'static str)],
}

//! How to start each runtime: its launch facts, as data (issue "How to start it").
//!
//! Per runtime: the executable, the interactive start, the non-interactive start
//! (subcommand or flag, where the prompt goes, the output flag and its values), the
//! autonomy levels (`none`, `edits`, `full`: what each maps to, and which a runtime
//! lacks), resume by id and continue the latest, the model flag, the instructions
//! files, the config directory and the variable that moves it, the hook trust switch or
//! rule, the ready prompt prefix, whether Escape cancels a request, the ACP entry, the
//! environment it needs and the variables it stamps on its children. Every fact cites
//! its [`Source`] (whose [`Standing`](super::model::Standing) says how far it is
//! backed: verified by the conformance suite at a version, the vendor's, or an
//! orchestrator's); an argument a version lacks carries its [`Span`].
//!
//! Beside the rows: [`GASTOWN_FIELDS`], each of Gastown's 27 preset fields and hal's
//! counterpart (or why there is none), and [`clear_vars`], the variables a child must
//! not inherit, derived from every row's markers and session variables.
//!
//! `hal_caps::launch` turns these facts and a request into a plan; this module states
//! facts only.

use hal_types::RuntimeProvider as P;

use super::model::{Runtime, Source, ValueRule};
use super::rows::REGISTRY;
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
#[non_exhaustive]
pub enum PromptAt {
    /// The last argument (`claude -p PROMPT`, `codex exec PROMPT`).
    Positional,
    /// The value of a flag (`gemini -p PROMPT`, `hermes chat -q PROMPT`).
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
#[non_exhaustive]
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

/// The conformance suite's runs: verified at the version the cite names.
const fn suite(cite: &'static str) -> Source {
    Source::verified(cite)
}

const S_CLAUDE: Source = suite("hal-conformance, @anthropic-ai/claude-code@2.1.332");
const S_CODEX: Source = suite("hal-conformance, @openai/codex@0.171.0");
const S_GEMINI: Source = suite("hal-conformance, @google/gemini-cli@0.61.0");
const S_QWEN: Source = suite("hal-conformance, @qwen-code/qwen-code@0.24.4");
const S_PI: Source = suite("hal-conformance, @earendil-works/pi-coding-agent@1.6.0");
const S_OMP: Source = suite("hal-conformance, @oh-my-pi/pi-coding-agent@18.2.3");
const S_OPENCODE: Source = suite("hal-conformance, opencode-ai@1.18.33");
const S_KILO: Source = suite("hal-conformance, @kilocode/cli@7.7.7");
const S_CLINE: Source = suite("hal-conformance, cline@3.0.65");
const S_COPILOT: Source = suite("hal-conformance, @github/copilot@1.0.102");
const S_DROID: Source = suite("hal-conformance, droid@0.215.0");
const S_GROK_CLI: Source = suite("hal-conformance, @vibe-kit/grok-cli@0.0.34");
const S_CONTINUE: Source = suite("hal-conformance, @continuedev/cli@1.5.47");
const S_OPENHANDS: Source = suite("hal-conformance, openhands@1.16.0 (PyPI)");
const S_HERMES: Source = suite("hal-conformance, hermes-agent@0.19.0 (PyPI)");
const S_VIBE: Source = suite("hal-conformance, mistral-vibe@3.0.3 (PyPI)");
const S_GPTME: Source = suite("hal-conformance, gptme@0.35.1 (PyPI)");
const S_KIMI: Source = suite("hal-conformance, kimi-cli@1.51.0 (PyPI)");

const CLAUDE_DOCS: Source = Source::vendor("https://code.claude.com/docs/en/cli-reference");
const CLAUDE_MODES: Source = Source::vendor("https://code.claude.com/docs/en/iam#permission-modes");
const CLAUDE_MEMORY: Source = Source::vendor("https://code.claude.com/docs/en/memory");
const CLAUDE_INTERACTIVE: Source = Source::vendor("https://code.claude.com/docs/en/interactive-mode");
const CLAUDE_ENV: Source = Source::vendor("https://code.claude.com/docs/en/env-vars");
const CODEX_DOCS: Source = Source::vendor("openai/codex:docs/config.md");
const CODEX_CLI: Source = Source::vendor("openai/codex:codex-rs/exec/src/cli.rs");
const GEMINI_DOCS: Source = Source::vendor("google-gemini/gemini-cli:docs/cli/configuration.md");
const GEMINI_TRUST: Source = Source::vendor("google-gemini/gemini-cli:docs/cli/trusted-folders.md");
const QWEN_DOCS: Source = Source::vendor("QwenLM/qwen-code:docs/cli/configuration.md");
const PI_README: Source = Source::vendor("@mariozechner/pi-coding-agent@0.65.2:README.md");
const OPENCODE_DOCS: Source = Source::vendor("https://opencode.ai/docs/cli/");
const OPENCODE_PERMS: Source = Source::vendor("https://opencode.ai/docs/permissions/");
const KILO_PKG: Source = Source::vendor("@kilocode/cli@7.7.7 (its --help)");
const COPILOT_DOCS: Source =
    Source::vendor("https://docs.github.com/en/copilot/how-tos/use-copilot-agents/use-copilot-cli");
const DROID_DOCS: Source = Source::vendor("https://docs.factory.ai/cli/droid-exec/overview");
const CONTINUE_DOCS: Source = Source::vendor("https://docs.continue.dev/guides/cli");
const OPENHANDS_DOCS: Source = Source::vendor("https://docs.openhands.dev/openhands/usage/cli/command-reference");
const HERMES_PKG: Source = Source::vendor("hermes-agent@0.19.0 (PyPI, its --help)");
const VIBE_PKG: Source = Source::vendor("mistral-vibe@3.0.3 (PyPI, its --help)");
const GPTME_PKG: Source = Source::vendor("gptme@0.35.1 (PyPI, its --help)");
const KIMI_PKG: Source = Source::vendor("kimi-cli@1.51.0 (PyPI, its --help, kimi_cli/cli.py)");
const GROK_CLI_PKG: Source = Source::vendor("https://www.npmjs.com/package/@vibe-kit/grok-cli");
const CURSOR_DOCS: Source = Source::vendor("https://cursor.com/docs/cli/reference/parameters");
const AMP_DOCS: Source = Source::vendor("https://ampcode.com/manual");
const AUGGIE_DOCS: Source = Source::vendor("https://docs.augmentcode.com/cli/reference");
const KIRO_DOCS: Source = Source::vendor("https://kiro.dev/docs/cli/reference/cli-commands/");
/// The suite's pty check (`cargo xtask conformance --pty`): the interactive start
/// `hal launch` gives, under `script`, until the ready prompt shows (Claude Code writes
/// `❯` then U+00A0, which a pane shows as a space).
const PTY_CLAUDE: Source = suite("hal-conformance --pty, @anthropic-ai/claude-code@2.1.332");
const PTY_CODEX: Source = suite("hal-conformance --pty, @openai/codex@0.171.0");
/// Gastown's preset table, read at steveyegge/gastown a8bd79b (2026-04-30).
const GT: Source = Source::secondary("steveyegge/gastown:internal/config/agents.go@a8bd79b");
/// Firstmate's harness notes (an orchestrator's).
const FM_GROK: Source =
    Source::secondary("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/grok.md");

const fn c<T>(value: T, source: Source) -> Cited<T> {
    Cited::new(value, source)
}

const NONE: &[Args] = &[];
/// Asks as the runtime does by default.
const ASKS: Level = Level::args(NONE, "its default: asks before edits and commands");

/// Claude Code's facts, shared by groq-compound (the same binary).
const CLAUDE: Launch = Launch {
    provider: P::Claude,
    executable: c("claude", S_CLAUDE),
    interactive: c(Start::new(NONE, PromptAt::Positional), CLAUDE_DOCS),
    print: Some(c(Start::new(&[Args::always(&["-p"])], PromptAt::Positional), S_CLAUDE)),
    output: Some(c(Output { flag: "--output-format", values: &["text", "json", "stream-json"] }, S_CLAUDE)),
    autonomy: Autonomy {
        none: Some(c(ASKS, CLAUDE_MODES)),
        edits: Some(c(
            Level::args(&[Args::always(&["--permission-mode", "acceptEdits"])], "edits unasked"),
            CLAUDE_MODES,
        )),
        full: Some(c(
            Level::args(&[Args::always(&["--dangerously-skip-permissions"])], "nothing asked (refused as root)"),
            S_CLAUDE,
        )),
    },
    resume: Some(c(
        Resume { by_id: Some(&["--resume"]), latest: Some(&["--continue"]), style: Style::Flag, hal_ids: true },
        S_CLAUDE,
    )),
    model: Some(c("--model", CLAUDE_DOCS)),
    instructions: c(&["CLAUDE.md", ".claude/CLAUDE.md"], CLAUDE_MEMORY),
    config_dir: Some(c(ConfigDir { dir: "~/.claude", var: Some("CLAUDE_CONFIG_DIR") }, CLAUDE_ENV)),
    hook_trust: Some(c(
        Trust::Setting(TrustSetting {
            rule: "an interactive start asks once to trust the workspace before its hooks run; -p does not ask",
            file: "~/.claude.json",
            setting: r#"{"projects":{"<workspace>":{"hasTrustDialogAccepted":true}}}"#,
            dialog: Some("a trust dialog for the workspace (\"Do you trust the files in this folder?\"), once"),
        }),
        CLAUDE_DOCS,
    )),
    ready_prompt: Some(c("❯ ", PTY_CLAUDE)),
    startup_dialog: Some(c("with --dangerously-skip-permissions, a bypass-permissions warning to accept", GT)),
    escape_cancels: Some(c(true, CLAUDE_INTERACTIVE)),
    session_id: Some(c(&["--session-id"], CLAUDE_DOCS)),
    acp: None,
    env: &[],
    env_from: &[],
    offline: &[],
    stamps: &[
        "CLAUDE_CODE_CHILD_NOTES_DIR",
        "CLAUDE_CODE_MESSAGING_SOCKET",
        "CLAUDE_CODE_MESSAGING_TOKEN",
        "CLAUDE_CODE_SESSION_ATTENDED",
        "CLAUDE_CODE_EXECPATH",
        "CLAUDE_EFFORT",
        "CLAUDE_ENV_FILE",
        "CLAUDE_PID",
        "CLAUDE_PROJECT_DIR",
    ],
    gastown_stale: &[
        ("SessionIDEnv", "CLAUDE_SESSION_ID is not set by Claude Code; it sets CLAUDE_CODE_SESSION_ID (2.1.332, live)"),
        (
            "EscapeCancelsRequest",
            "unset, but Escape interrupts Claude Code's request in flight (interactive-mode docs)",
        ),
    ],
};

/// Every runtime's launch facts: every runtime the conformance suite runs, and every
/// runtime Gastown has a preset for.
pub static LAUNCH: &[Launch] = &[
    CLAUDE,
    Launch {
        provider: P::GroqCompound,
        executable: c("claude", GT),
        env: &[("ANTHROPIC_BASE_URL", "https://api.groq.com/openai/v1"), ("ANTHROPIC_MODEL", "compound-beta")],
        env_from: &[("ANTHROPIC_API_KEY", "GROQ_API_KEY")],
        stamps: &[],
        gastown_stale: &[],
        ..CLAUDE
    },
    Launch {
        provider: P::Codex,
        executable: c("codex", S_CODEX),
        interactive: c(Start::new(NONE, PromptAt::Positional), CODEX_DOCS),
        print: Some(c(Start::new(&[Args::always(&["exec", "--skip-git-repo-check"])], PromptAt::Positional), S_CODEX)),
        output: Some(c(Output { flag: "--json", values: &[] }, CODEX_CLI)),
        autonomy: Autonomy {
            none: Some(c(
                Level::args(&[Args::always(&["--ask-for-approval", "untrusted"])], "asks before commands"),
                CODEX_DOCS,
            )),
            edits: Some(c(
                Level::args(&[Args::always(&["--full-auto"])], "edits in the workspace sandbox unasked"),
                CODEX_DOCS,
            )),
            full: Some(c(
                Level::args(
                    &[Args::always(&["--dangerously-bypass-approvals-and-sandbox"])],
                    "no sandbox, nothing asked",
                ),
                S_CODEX,
            )),
        },
        resume: Some(c(
            Resume {
                by_id: Some(&["resume"]),
                latest: Some(&["resume", "--last"]),
                style: Style::Subcommand,
                hal_ids: true,
            },
            CODEX_CLI,
        )),
        model: Some(c("-m", CODEX_CLI)),
        instructions: c(&["AGENTS.md"], CODEX_DOCS),
        config_dir: Some(c(ConfigDir { dir: "~/.codex", var: Some("CODEX_HOME") }, S_CODEX)),
        hook_trust: Some(c(
            Trust::Args(&[Args::since(
                "0.146.0",
                &["--dangerously-bypass-hook-trust"],
                "@openai/codex@0.146.0 (the first with hooks, history.rs), 0.171.0 (live)",
            )]),
            S_CODEX,
        )),
        ready_prompt: Some(c("› ", PTY_CODEX)),
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &["CODEX_CI", "CODEX_TOOL_CALL_ID", "CODEX_VERSION", "CODEX_APPLY_PATCH_PRESERVE_LINE_ENDINGS"],
        gastown_stale: &[
            ("SupportsHooks", "false, but Codex has a hook system since 0.146.0 (hooks.json, [features] hooks = true)"),
            ("PromptMode", "none, but `codex PROMPT` and `codex exec PROMPT` take the prompt as an argument"),
        ],
    },
    Launch {
        provider: P::Gemini,
        executable: c("gemini", S_GEMINI),
        interactive: c(Start::new(NONE, PromptAt::Flag("-i")), GEMINI_DOCS),
        print: Some(c(Start::new(NONE, PromptAt::Flag("-p")), S_GEMINI)),
        output: Some(c(Output { flag: "--output-format", values: &["text", "json", "stream-json"] }, S_GEMINI)),
        autonomy: Autonomy {
            none: Some(c(Level::args(&[Args::always(&["--approval-mode", "default"])], "asks"), GEMINI_DOCS)),
            edits: Some(c(
                Level::args(&[Args::always(&["--approval-mode", "auto_edit"])], "edits unasked"),
                GEMINI_DOCS,
            )),
            full: Some(c(Level::args(&[Args::always(&["--yolo"])], "nothing asked"), S_GEMINI)),
        },
        resume: Some(c(
            Resume {
                by_id: Some(&["--resume"]),
                latest: Some(&["--resume", "latest"]),
                style: Style::Flag,
                hal_ids: true,
            },
            GEMINI_DOCS,
        )),
        model: Some(c("-m", GEMINI_DOCS)),
        instructions: c(&["GEMINI.md"], GEMINI_DOCS),
        config_dir: Some(c(ConfigDir { dir: "~/.gemini", var: None }, GEMINI_DOCS)),
        hook_trust: Some(c(
            Trust::Setting(TrustSetting {
                rule: "the workspace must be a trusted folder (~/.gemini/trustedFolders.json: path -> TRUST_FOLDER)",
                file: "~/.gemini/trustedFolders.json",
                setting: r#"{"<workspace>":"TRUST_FOLDER"}"#,
                dialog: None,
            }),
            GEMINI_TRUST,
        )),
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: Some(c(true, GT)),
        session_id: None,
        acp: Some(c(&["--experimental-acp"], GEMINI_DOCS)),
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &["GEMINI_CLI_NO_RELAUNCH", "GEMINI_CWD", "GEMINI_PLANS_DIR", "GEMINI_PROJECT_DIR"],
        gastown_stale: &[(
            "InstructionsFile",
            "AGENTS.md, but Gemini CLI reads GEMINI.md unless context.fileName says otherwise",
        )],
    },
    Launch {
        provider: P::QwenCode,
        executable: c("qwen", S_QWEN),
        interactive: c(Start::new(NONE, PromptAt::Flag("-i")), QWEN_DOCS),
        print: Some(c(Start::new(NONE, PromptAt::Positional), S_QWEN)),
        output: Some(c(Output { flag: "--output-format", values: &["text", "json", "stream-json"] }, QWEN_DOCS)),
        autonomy: Autonomy {
            none: Some(c(Level::args(&[Args::always(&["--approval-mode", "default"])], "asks"), QWEN_DOCS)),
            edits: Some(c(Level::args(&[Args::always(&["--approval-mode", "auto-edit"])], "edits unasked"), QWEN_DOCS)),
            full: Some(c(Level::args(&[Args::always(&["--approval-mode", "yolo"])], "nothing asked"), S_QWEN)),
        },
        resume: Some(c(
            Resume { by_id: Some(&["--resume"]), latest: Some(&["--continue"]), style: Style::Flag, hal_ids: true },
            QWEN_DOCS,
        )),
        model: Some(c("-m", S_QWEN)),
        instructions: c(&["QWEN.md"], QWEN_DOCS),
        config_dir: Some(c(ConfigDir { dir: "~/.qwen", var: None }, QWEN_DOCS)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: Some(c(&["--acp"], QWEN_DOCS)),
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &[
            "QWEN_CODE_AGENT_ID",
            "QWEN_CODE_CLI",
            "QWEN_CODE_LAUNCHER_PID",
            "QWEN_CODE_MANAGED_NPM_PIN",
            "QWEN_CODE_MANAGED_NPM_ROOT",
            "QWEN_CODE_MODEL",
            "QWEN_CODE_MODEL_IDENTITY",
            "QWEN_CODE_NO_RELAUNCH",
            "QWEN_CODE_PRIVATE_RELAUNCH_ENV_PROVENANCE",
            "QWEN_CODE_PROJECT_DIR",
            "QWEN_CODE_PROMPT_ID",
            "QWEN_CODE_STARTUP_VERSION",
            "QWEN_PROJECT_DIR",
            "GEMINI_PROJECT_DIR",
            "CLAUDE_PROJECT_DIR",
        ],
        gastown_stale: &[],
    },
    Launch {
        provider: P::Pi,
        executable: c("pi", S_PI),
        interactive: c(Start::new(NONE, PromptAt::Positional), PI_README),
        print: Some(c(Start::new(&[Args::always(&["-p"])], PromptAt::Positional), S_PI)),
        output: Some(c(Output { flag: "--mode", values: &["text", "json", "rpc"] }, PI_README)),
        autonomy: Autonomy {
            none: None,
            edits: None,
            full: Some(c(
                Level::args(
                    &[Args::since(
                        "1.6.0",
                        &["--approve"],
                        "@mariozechner/pi-coding-agent@0.52.12, 0.65.2 (absent: no permission prompts at all), @earendil-works/pi-coding-agent@1.6.0 (present)",
                    )],
                    "nothing asked (before 1.x pi asks nothing: it has no permission prompts)",
                ),
                S_PI,
            )),
        },
        resume: Some(c(
            Resume { by_id: None, latest: Some(&["--continue"]), style: Style::Flag, hal_ids: false },
            PI_README,
        )),
        model: Some(c("--model", S_PI)),
        instructions: c(&["AGENTS.md", "CLAUDE.md"], PI_README),
        config_dir: Some(c(ConfigDir { dir: "~/.pi/agent", var: Some("PI_CODING_AGENT_DIR") }, PI_README)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[Args::since(
            "0.55.1",
            &["--offline"],
            "@mariozechner/pi-coding-agent@0.52.12, 0.53.0, 0.54.0, 0.55.0 (absent), 0.55.1, 0.55.3, 0.55.4, 0.65.2 (present)",
        )],
        stamps: &[
            "PI_MODEL",
            "PI_OFFLINE",
            "PI_PROVIDER",
            "PI_REASONING_LEVEL",
            "PI_SESSION_FILE",
            "PI_SKIP_VERSION_CHECK",
        ],
        gastown_stale: &[
            (
                "NonInteractive.OutputFlag",
                "--no-session is not an output flag (it keeps no session file); the output flag is --mode json",
            ),
            ("ResumeFlag", "empty, but pi continues the latest session with --continue (-c)"),
        ],
    },
    Launch {
        provider: P::Omp,
        executable: c("omp", S_OMP),
        interactive: c(Start::new(NONE, PromptAt::Positional), S_OMP),
        print: Some(c(Start::new(&[Args::always(&["-p"])], PromptAt::Positional), S_OMP)),
        output: None,
        autonomy: Autonomy {
            none: None,
            edits: None,
            full: Some(c(Level::args(&[Args::always(&["--yolo"])], "nothing asked"), S_OMP)),
        },
        resume: Some(c(
            Resume { by_id: None, latest: Some(&["--continue"]), style: Style::Flag, hal_ids: false },
            PI_README,
        )),
        model: Some(c("--model", S_OMP)),
        instructions: c(&["AGENTS.md"], PI_README),
        config_dir: Some(c(ConfigDir { dir: "~/.omp/agent", var: None }, S_OMP)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &["OMPCODE", "__PI_NATIVE_VARIANT_CACHE"],
        gastown_stale: &[(
            "NonInteractive.PromptFlag",
            "--prompt: omp's one-shot start is -p with the prompt as an argument",
        )],
    },
    Launch {
        provider: P::Opencode,
        executable: c("opencode", S_OPENCODE),
        interactive: c(Start::new(NONE, PromptAt::Flag("--prompt")), OPENCODE_DOCS),
        print: Some(c(Start::new(&[Args::always(&["run"])], PromptAt::Positional), S_OPENCODE)),
        output: Some(c(Output { flag: "--format", values: &["default", "json"] }, OPENCODE_DOCS)),
        autonomy: Autonomy {
            none: Some(c(Level::env(&[("OPENCODE_PERMISSION", r#"{"*":"ask"}"#)], "asks"), OPENCODE_PERMS)),
            edits: Some(c(
                Level::env(&[("OPENCODE_PERMISSION", r#"{"*":"ask","edit":"allow"}"#)], "edits unasked"),
                OPENCODE_PERMS,
            )),
            full: Some(c(Level::env(&[("OPENCODE_PERMISSION", r#"{"*":"allow"}"#)], "nothing asked"), S_OPENCODE)),
        },
        resume: Some(c(
            Resume { by_id: Some(&["--session"]), latest: Some(&["--continue"]), style: Style::Flag, hal_ids: true },
            OPENCODE_DOCS,
        )),
        model: Some(c("-m", S_OPENCODE)),
        instructions: c(&["AGENTS.md"], OPENCODE_DOCS),
        config_dir: Some(c(ConfigDir { dir: "~/.config/opencode", var: Some("OPENCODE_CONFIG_DIR") }, OPENCODE_DOCS)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: Some(c(&["acp"], OPENCODE_DOCS)),
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &["OPENCODE_PID"],
        gastown_stale: &[("ResumeFlag", "empty, but opencode resumes with --session ID and continues with --continue")],
    },
    Launch {
        provider: P::Kilo,
        executable: c("kilo", S_KILO),
        interactive: c(Start::new(NONE, PromptAt::Flag("--prompt")), KILO_PKG),
        print: Some(c(Start::new(&[Args::always(&["run"])], PromptAt::Positional), S_KILO)),
        output: Some(c(Output { flag: "--format", values: &["default", "json"] }, KILO_PKG)),
        autonomy: Autonomy {
            none: Some(c(ASKS, KILO_PKG)),
            edits: None,
            full: Some(c(Level::args(&[Args::always(&["--auto"])], "nothing asked"), KILO_PKG)),
        },
        resume: Some(c(
            Resume { by_id: Some(&["--session"]), latest: Some(&["--continue"]), style: Style::Flag, hal_ids: true },
            KILO_PKG,
        )),
        model: Some(c("-m", S_KILO)),
        instructions: c(&["AGENTS.md"], KILO_PKG),
        config_dir: Some(c(ConfigDir { dir: "~/.config/kilo", var: None }, S_KILO)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: Some(c(&["acp"], KILO_PKG)),
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &[
            "KILO_PID",
            "KILO_PROCESS_ROLE",
            "KILO_RUN_ID",
            "KILOCODE_FEATURE",
            "KILOCODE_VERSION",
            "KILO_TREE_SITTER_WASM_DIR",
        ],
        gastown_stale: &[],
    },
    Launch {
        provider: P::Cline,
        executable: c("cline", S_CLINE),
        interactive: c(Start::new(NONE, PromptAt::Positional), S_CLINE),
        print: Some(c(Start::new(&[Args::always(&["--json"])], PromptAt::Positional), S_CLINE)),
        output: Some(c(Output { flag: "--json", values: &[] }, S_CLINE)),
        autonomy: Autonomy {
            none: None,
            edits: None,
            full: Some(c(Level::args(NONE, "a one-shot task runs its tools unasked"), S_CLINE)),
        },
        resume: None,
        model: Some(c("-m", S_CLINE)),
        instructions: c(&[".clinerules", "AGENTS.md"], S_CLINE),
        config_dir: Some(c(ConfigDir { dir: "~/.cline", var: None }, S_CLINE)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &["CLINE_BUILD_ENV", "CLINE_CONNECTOR_CLI_LAUNCH"],
        gastown_stale: &[],
    },
    Launch {
        provider: P::Copilot,
        executable: c("copilot", S_COPILOT),
        interactive: c(Start::new(NONE, PromptAt::Flag("-i")), COPILOT_DOCS),
        print: Some(c(Start::new(&[Args::always(&["-s"])], PromptAt::Flag("-p")), S_COPILOT)),
        output: None,
        autonomy: Autonomy {
            none: Some(c(ASKS, COPILOT_DOCS)),
            edits: Some(c(Level::args(&[Args::always(&["--allow-tool", "write"])], "edits unasked"), COPILOT_DOCS)),
            full: Some(c(
                Level::args(
                    &[Args::always(&["--allow-all", "--no-ask-user"])],
                    "nothing asked (--yolo is --allow-all)",
                ),
                S_COPILOT,
            )),
        },
        resume: Some(c(
            Resume { by_id: Some(&["--resume"]), latest: Some(&["--continue"]), style: Style::Flag, hal_ids: true },
            COPILOT_DOCS,
        )),
        model: Some(c("--model", COPILOT_DOCS)),
        instructions: c(&["AGENTS.md", ".github/copilot-instructions.md"], COPILOT_DOCS),
        config_dir: Some(c(ConfigDir { dir: "~/.copilot", var: Some("COPILOT_HOME") }, GT)),
        hook_trust: Some(c(
            Trust::Setting(TrustSetting {
                rule: "the workspace must be a trusted folder (~/.copilot/config.json: trustedFolders)",
                file: "~/.copilot/config.json",
                setting: r#"{"trustedFolders":["<workspace>"]}"#,
                dialog: None,
            }),
            S_COPILOT,
        )),
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: Some(c(&["--acp"], COPILOT_DOCS)),
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &[
            "COPILOT_CLI_BINARY_VERSION",
            "COPILOT_CLI_RESOLVED_DIST_DIR",
            "COPILOT_HOOK_DIR",
            "COPILOT_PROJECT_DIR",
        ],
        gastown_stale: &[],
    },
    Launch {
        provider: P::Droid,
        executable: c("droid", S_DROID),
        interactive: c(Start::new(NONE, PromptAt::Positional), DROID_DOCS),
        print: Some(c(Start::new(&[Args::always(&["exec"])], PromptAt::Positional), S_DROID)),
        output: Some(c(Output { flag: "--output-format", values: &["text", "json", "stream-json"] }, DROID_DOCS)),
        autonomy: Autonomy {
            none: Some(c(Level::args(NONE, "read-only (exec's default)"), DROID_DOCS)),
            edits: Some(c(Level::args(&[Args::always(&["--auto", "low"])], "edits unasked"), DROID_DOCS)),
            full: Some(c(Level::args(&[Args::always(&["--auto", "high"])], "commands unasked"), S_DROID)),
        },
        resume: Some(c(
            Resume { by_id: Some(&["--session-id"]), latest: None, style: Style::Flag, hal_ids: true },
            DROID_DOCS,
        )),
        model: Some(c("-m", S_DROID)),
        instructions: c(&["AGENTS.md"], DROID_DOCS),
        config_dir: Some(c(ConfigDir { dir: "~/.factory", var: None }, S_DROID)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &[
            "DROID_PLUGIN_ROOT",
            "DROID_PROJECT_DIR",
            "FACTORY_PROJECT_DIR",
            "FACTORY_EXEC_TARGET_AUTONOMY",
            "FACTORY_DISABLE_SETTINGS_PERSISTENCE",
            "CLAUDE_PLUGIN_ROOT",
            "CLAUDE_PROJECT_DIR",
            "CLAUDE_ENV_FILE",
        ],
        gastown_stale: &[],
    },
    Launch {
        provider: P::GrokCli,
        executable: c("grok", S_GROK_CLI),
        interactive: c(Start::new(NONE, PromptAt::Positional), GROK_CLI_PKG),
        print: Some(c(Start::new(NONE, PromptAt::Flag("-p")), S_GROK_CLI)),
        output: None,
        autonomy: Autonomy {
            none: None,
            edits: None,
            full: Some(c(Level::args(NONE, "-p runs its tools unasked"), S_GROK_CLI)),
        },
        resume: None,
        model: Some(c("-m", GROK_CLI_PKG)),
        instructions: c(&[".grok/GROK.md"], GROK_CLI_PKG),
        config_dir: Some(c(ConfigDir { dir: "~/.grok", var: None }, GROK_CLI_PKG)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &[],
        gastown_stale: &[],
    },
    Launch {
        provider: P::Grok,
        executable: c("grok", FM_GROK),
        interactive: c(Start::new(NONE, PromptAt::Positional), FM_GROK),
        print: Some(c(Start::new(NONE, PromptAt::Flag("-p")), FM_GROK)),
        output: None,
        autonomy: Autonomy { none: None, edits: None, full: None },
        resume: None,
        model: None,
        instructions: c(&["AGENTS.md"], FM_GROK),
        config_dir: Some(c(ConfigDir { dir: "~/.grok", var: None }, FM_GROK)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &["GROK_PLUGIN_ROOT", "GROK_PLUGIN_DATA", "GROK_HOOK_EVENT", "GROK_WORKSPACE_ROOT"],
        gastown_stale: &[],
    },
    Launch {
        provider: P::Continue,
        executable: c("cn", S_CONTINUE),
        interactive: c(Start::new(NONE, PromptAt::Positional), CONTINUE_DOCS),
        print: Some(c(Start::new(&[Args::always(&["-p"])], PromptAt::Positional), S_CONTINUE)),
        output: Some(c(Output { flag: "--format", values: &["json"] }, CONTINUE_DOCS)),
        autonomy: Autonomy {
            none: Some(c(Level::args(&[Args::always(&["--readonly"])], "read-only"), CONTINUE_DOCS)),
            edits: None,
            full: Some(c(Level::args(NONE, "-p runs its tools unasked"), S_CONTINUE)),
        },
        resume: Some(c(
            Resume { by_id: None, latest: Some(&["--resume"]), style: Style::Flag, hal_ids: false },
            CONTINUE_DOCS,
        )),
        model: Some(c("--model", CONTINUE_DOCS)),
        instructions: c(&["AGENTS.md", ".continue/rules/"], CONTINUE_DOCS),
        config_dir: Some(c(ConfigDir { dir: "~/.continue", var: Some("CONTINUE_GLOBAL_DIR") }, CONTINUE_DOCS)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &[],
        gastown_stale: &[],
    },
    Launch {
        provider: P::Openhands,
        executable: c("openhands", S_OPENHANDS),
        interactive: c(Start::new(NONE, PromptAt::Flag("-t")), OPENHANDS_DOCS),
        print: Some(c(Start::new(&[Args::always(&["--headless", "--json"])], PromptAt::Flag("-t")), S_OPENHANDS)),
        output: Some(c(Output { flag: "--json", values: &[] }, S_OPENHANDS)),
        autonomy: Autonomy {
            none: Some(c(ASKS, OPENHANDS_DOCS)),
            edits: None,
            full: Some(c(
                Level::args(&[Args::always(&["--always-approve"])], "nothing asked (headless always is)"),
                OPENHANDS_DOCS,
            )),
        },
        resume: Some(c(
            Resume { by_id: Some(&["--resume"]), latest: None, style: Style::Flag, hal_ids: true },
            OPENHANDS_DOCS,
        )),
        model: None,
        instructions: c(&["AGENTS.md"], OPENHANDS_DOCS),
        config_dir: Some(c(ConfigDir { dir: "~/.openhands", var: None }, S_OPENHANDS)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: Some(c(&["acp"], OPENHANDS_DOCS)),
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &["OPENHANDS_EVENT_TYPE", "OPENHANDS_PROJECT_DIR", "OPENHANDS_TOOL_NAME"],
        gastown_stale: &[],
    },
    Launch {
        provider: P::Hermes,
        executable: c("hermes", S_HERMES),
        interactive: c(Start::new(&[Args::always(&["chat"])], PromptAt::Typed), HERMES_PKG),
        print: Some(c(Start::new(&[Args::always(&["chat"])], PromptAt::Flag("-q")), S_HERMES)),
        output: None,
        autonomy: Autonomy {
            none: Some(c(ASKS, HERMES_PKG)),
            edits: None,
            full: Some(c(Level::args(&[Args::always(&["--yolo"])], "nothing asked"), S_HERMES)),
        },
        resume: Some(c(
            Resume { by_id: Some(&["--resume"]), latest: Some(&["--continue"]), style: Style::Flag, hal_ids: true },
            HERMES_PKG,
        )),
        model: Some(c("-m", HERMES_PKG)),
        instructions: c(&["AGENTS.md", ".hermes.md"], HERMES_PKG),
        config_dir: Some(c(ConfigDir { dir: "~/.hermes", var: Some("HERMES_HOME") }, HERMES_PKG)),
        hook_trust: Some(c(Trust::Args(&[Args::always(&["--accept-hooks"])]), S_HERMES)),
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &["HERMES_INTERACTIVE", "HERMES_QUIET", "HERMES_REAL_HOME", "HERMES_YOLO_MODE", "HERMES_KANBAN_BOARD"],
        gastown_stale: &[],
    },
    Launch {
        provider: P::Gptme,
        executable: c("gptme", S_GPTME),
        interactive: c(Start::new(NONE, PromptAt::Positional), GPTME_PKG),
        // `-n`: no confirmation and exit after the prompt's answer.
        print: Some(c(Start::new(&[Args::always(&["-n"])], PromptAt::Positional), S_GPTME)),
        output: None,
        autonomy: Autonomy {
            none: Some(c(ASKS, GPTME_PKG)),
            edits: None,
            full: Some(c(Level::args(&[Args::always(&["-y"])], "nothing asked"), S_GPTME)),
        },
        resume: None,
        model: Some(c("-m", S_GPTME)),
        instructions: c(&["gptme.toml"], GPTME_PKG),
        config_dir: Some(c(ConfigDir { dir: "~/.config/gptme", var: None }, GPTME_PKG)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &["GPTME_HOOK_EVENT", "GPTME_LOGDIR", "GPTME_WORKSPACE", "GPTME_MODEL"],
        gastown_stale: &[],
    },
    Launch {
        provider: P::Kimi,
        executable: c("kimi", S_KIMI),
        interactive: c(Start::new(NONE, PromptAt::Typed), KIMI_PKG),
        // `--print`: non-interactive, questions dismissed.
        print: Some(c(Start::new(&[Args::always(&["--print"])], PromptAt::Flag("-p")), S_KIMI)),
        output: Some(c(Output { flag: "--output-format", values: &["text", "stream-json"] }, KIMI_PKG)),
        autonomy: Autonomy {
            none: Some(c(ASKS, KIMI_PKG)),
            edits: None,
            full: Some(c(Level::args(&[Args::always(&["--yolo"])], "nothing asked"), S_KIMI)),
        },
        resume: None,
        model: Some(c("-m", KIMI_PKG)),
        instructions: c(&["AGENTS.md"], KIMI_PKG),
        config_dir: Some(c(ConfigDir { dir: "~/.kimi", var: Some("KIMI_SHARE_DIR") }, S_KIMI)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &[],
        gastown_stale: &[],
    },
    Launch {
        provider: P::Vibe,
        executable: c("vibe", S_VIBE),
        interactive: c(Start::new(NONE, PromptAt::Positional), VIBE_PKG),
        print: Some(c(Start::new(NONE, PromptAt::Flag("-p")), S_VIBE)),
        output: Some(c(Output { flag: "--output", values: &["text", "json", "streaming"] }, S_VIBE)),
        autonomy: Autonomy {
            none: Some(c(ASKS, VIBE_PKG)),
            edits: None,
            full: Some(c(Level::args(&[Args::always(&["--auto-approve"])], "nothing asked"), S_VIBE)),
        },
        resume: Some(c(
            Resume { by_id: Some(&["--resume"]), latest: Some(&["--continue"]), style: Style::Flag, hal_ids: false },
            VIBE_PKG,
        )),
        model: None,
        instructions: c(&["AGENTS.md"], VIBE_PKG),
        config_dir: Some(c(ConfigDir { dir: "~/.vibe", var: Some("VIBE_HOME") }, S_VIBE)),
        hook_trust: Some(c(Trust::Args(&[Args::always(&["--trust"])]), S_VIBE)),
        ready_prompt: Some(c("❯ ", GT)),
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &["VIBE_APP_SERVER_BIN"],
        gastown_stale: &[
            ("SessionIDEnv", "VIBE_SESSION_ID is not set by vibe 3.0.3 (live: no session variable reaches a child)"),
            ("Args", "--agent auto-approve; 3.0.3 takes --auto-approve (live)"),
            ("NonInteractive.OutputFlag", "json is no flag; 3.0.3 takes --output json"),
        ],
    },
    Launch {
        provider: P::Amp,
        executable: c("amp", GT),
        interactive: c(Start::new(NONE, PromptAt::Stdin), AMP_DOCS),
        print: Some(c(Start::new(NONE, PromptAt::Flag("-x")), AMP_DOCS)),
        output: Some(c(Output { flag: "--stream-json", values: &[] }, AMP_DOCS)),
        autonomy: Autonomy {
            none: Some(c(ASKS, AMP_DOCS)),
            edits: None,
            full: Some(c(Level::args(&[Args::always(&["--dangerously-allow-all"])], "nothing asked"), GT)),
        },
        resume: Some(c(
            Resume { by_id: Some(&["threads", "continue"]), latest: None, style: Style::Subcommand, hal_ids: true },
            GT,
        )),
        model: None,
        instructions: c(&["AGENTS.md"], AMP_DOCS),
        config_dir: Some(c(ConfigDir { dir: "~/.config/amp", var: None }, AMP_DOCS)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &[],
        gastown_stale: &[],
    },
    Launch {
        provider: P::Cursor,
        executable: c("cursor-agent", GT),
        interactive: c(Start::new(NONE, PromptAt::Positional), CURSOR_DOCS),
        print: Some(c(Start::new(&[Args::always(&["-p"])], PromptAt::Positional), CURSOR_DOCS)),
        output: Some(c(Output { flag: "--output-format", values: &["text", "json", "stream-json"] }, CURSOR_DOCS)),
        autonomy: Autonomy {
            none: Some(c(ASKS, CURSOR_DOCS)),
            edits: None,
            full: Some(c(Level::args(&[Args::always(&["-f"])], "commands unasked (--force)"), GT)),
        },
        resume: Some(c(
            Resume { by_id: Some(&["--resume"]), latest: None, style: Style::Flag, hal_ids: true },
            CURSOR_DOCS,
        )),
        model: Some(c("--model", CURSOR_DOCS)),
        instructions: c(&["AGENTS.md", ".cursor/rules/"], CURSOR_DOCS),
        config_dir: Some(c(ConfigDir { dir: "~/.cursor", var: None }, GT)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &[],
        gastown_stale: &[],
    },
    Launch {
        provider: P::Auggie,
        executable: c("auggie", GT),
        interactive: c(Start::new(NONE, PromptAt::Positional), AUGGIE_DOCS),
        print: Some(c(Start::new(&[Args::always(&["--print"])], PromptAt::Positional), AUGGIE_DOCS)),
        output: None,
        autonomy: Autonomy { none: Some(c(ASKS, AUGGIE_DOCS)), edits: None, full: None },
        resume: Some(c(Resume { by_id: Some(&["--resume"]), latest: None, style: Style::Flag, hal_ids: false }, GT)),
        model: Some(c("--model", AUGGIE_DOCS)),
        instructions: c(&["AGENTS.md"], GT),
        config_dir: Some(c(ConfigDir { dir: "~/.augment", var: None }, AUGGIE_DOCS)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &[],
        gastown_stale: &[(
            "Args",
            "--allow-indexing is no autonomy switch: it only skips the indexing question; hal names no full level",
        )],
    },
    Launch {
        provider: P::Kiro,
        executable: c("kiro-cli", KIRO_DOCS),
        interactive: c(Start::new(&[Args::always(&["chat"])], PromptAt::Positional), KIRO_DOCS),
        print: Some(c(Start::new(&[Args::always(&["chat", "--no-interactive"])], PromptAt::Positional), KIRO_DOCS)),
        output: None,
        autonomy: Autonomy {
            none: Some(c(ASKS, KIRO_DOCS)),
            edits: None,
            full: Some(c(Level::args(&[Args::always(&["--trust-all-tools"])], "nothing asked"), KIRO_DOCS)),
        },
        resume: Some(c(
            Resume { by_id: None, latest: Some(&["--resume"]), style: Style::Flag, hal_ids: false },
            KIRO_DOCS,
        )),
        model: Some(c("--model", KIRO_DOCS)),
        instructions: c(&["AGENTS.md", ".kiro/steering/"], KIRO_DOCS),
        config_dir: Some(c(ConfigDir { dir: "~/.kiro", var: None }, KIRO_DOCS)),
        hook_trust: None,
        ready_prompt: None,
        startup_dialog: None,
        escape_cancels: None,
        session_id: None,
        acp: None,
        env: &[],
        env_from: &[],
        offline: &[],
        stamps: &[],
        gastown_stale: &[],
    },
];

/// The launch facts of `provider`, if hal has them.
#[must_use]
pub fn launch(provider: P) -> Option<&'static Launch> {
    LAUNCH.iter().find(|l| l.provider == provider)
}

/// One of Gastown's preset fields and hal's counterpart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct GastownField {
    /// The field of Gastown's `AgentPresetInfo`.
    pub field: &'static str,
    /// hal's counterpart (where it lives), or `None`.
    pub hal: Option<&'static str>,
    /// Why there is none, or how the counterpart differs.
    pub note: &'static str,
}

const fn gf(field: &'static str, hal: &'static str, note: &'static str) -> GastownField {
    GastownField { field, hal: Some(hal), note }
}

const fn none(field: &'static str, note: &'static str) -> GastownField {
    GastownField { field, hal: None, note }
}

/// Every field of Gastown's preset (`AgentPresetInfo`, 27 fields) and hal's counterpart,
/// or the stated reason there is none.
pub const GASTOWN_FIELDS: &[GastownField] = &[
    gf("Name", "provider id; GastownPreset.name (GT_AGENT)", ""),
    gf("Command", "Launch.executable", "checked to be one of the row's executables or script names"),
    gf(
        "Args",
        "Launch.autonomy.full",
        "Gastown's default args are its autonomous start; hal names none, edits and full",
    ),
    gf(
        "Env",
        "Launch.env, Launch.env_from and each autonomy level's env",
        "OPENCODE_PERMISSION is opencode's full level",
    ),
    gf("ProcessNames", "Runtime.executables; GastownPreset.process_names", "hal-detect names processes from the row"),
    gf(
        "SessionIDEnv",
        "Runtime.session_vars",
        "where Gastown's variable is not set by the runtime, Launch.gastown_stale says so",
    ),
    gf("ResumeFlag", "Launch.resume.by_id", ""),
    gf("ContinueFlag", "Launch.resume.latest", ""),
    gf("ResumeStyle", "Launch.resume.style", "flag or subcommand"),
    gf("SupportsHooks", "Runtime.hooks (and the dated hook history)", "hal's is the runtime's own hook system"),
    gf("SupportsForkSession", "Runtime.context_fork", ""),
    gf(
        "NonInteractive",
        "Launch.print and Launch.output",
        "subcommand or flag, where the prompt goes, the output flag and its values",
    ),
    gf("PromptMode", "Launch.interactive.prompt and Launch.print.prompt", "argv, flag, stdin or typed"),
    gf("ConfigDirEnv", "Launch.config_dir.var", ""),
    gf("ConfigDir", "Launch.config_dir.dir", "hal's is the runtime's user directory"),
    gf("HooksProvider", "Runtime.hooks.schema; Adapter.kind", ""),
    gf("HooksDir", "Adapter.file (its directory); Hooks.files", ""),
    gf("HooksSettingsFile", "Adapter.file", ""),
    gf(
        "HooksInformational",
        "Hooks.inject (nudge or no)",
        "hal says whether a session-start hook's output reaches the model",
    ),
    none(
        "HooksUseSettingsDir",
        "a launcher's choice (Claude's --settings DIR), not a runtime fact: hal's plan names the workspace hook file",
    ),
    gf("ReadyPromptPrefix", "Launch.ready_prompt", ""),
    gf("ReadyDelayMs", "GastownPreset.ready_delay_ms", "a delay is Gastown's tuning; hal keeps Gastown's value, cited"),
    gf("InstructionsFile", "Launch.instructions", "every file the runtime reads, the one to write first"),
    gf("EmitsPermissionWarning", "Launch.startup_dialog", ""),
    gf(
        "HasTurnBoundaryDrain",
        "the prompt.submit event of Runtime.hooks",
        "a runtime drains at turn boundaries when it has that event",
    ),
    gf("EscapeCancelsRequest", "Launch.escape_cancels", ""),
    gf("ACP", "Launch.acp", "the arguments that make the runtime speak ACP on stdio"),
];

/// Variables that a child may inherit and that hal never clears: Gastown's own stamps
/// (`GT_*`) mean to pass down, and the OS's variables are no runtime's.
#[must_use]
pub fn kept(var: &str) -> bool {
    var.starts_with("GT_") || super::GENERIC_VARS.contains(&var)
}

/// A variable on the clear-list: a runtime's marker (cleared when its value is one the
/// marker counts), session variable or stamp (cleared whenever set).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Clear {
    /// The variable.
    pub var: &'static str,
    /// The rule its value must meet to be cleared; `None`: any value.
    pub rule: Option<ValueRule>,
    /// The runtime that sets it.
    pub provider: P,
}

fn row_clears(r: &'static Runtime) -> impl Iterator<Item = Clear> {
    let p = r.provider;
    let any = move |var: &'static str| Clear { var, rule: None, provider: p };
    let markers = r.markers.iter().map(move |m| Clear { var: m.var, rule: Some(m.value), provider: p });
    let verified = r.verified.iter().flat_map(|v| v.tool_vars.iter().chain(v.hook_vars).chain(v.session_vars));
    let history = r.history.iter().flat_map(|h| {
        h.vars.iter().map(|v| v.var).chain(h.version_vars.iter().copied()).chain(h.install_vars.iter().copied())
    });
    let stamps = launch(p).into_iter().flat_map(|l| l.stamps.iter().copied());
    markers.chain(
        r.session_vars
            .iter()
            .copied()
            .chain(r.cascade_session_var)
            .chain(verified.copied())
            .chain(history)
            .chain(stamps)
            .map(any),
    )
}

/// The clear-list: every row's markers (with their value rules), session variables,
/// the variables live runs saw it set for its tools and hooks, its dated variables and
/// its stamps; not the variables a user sets for it (`settings`), nor [`kept`] ones.
/// One entry per variable (a marker's rule where a row makes it one, else any value).
#[must_use]
pub fn clear_vars() -> Vec<Clear> {
    let mut out: Vec<Clear> = Vec::new();
    for r in REGISTRY {
        for c in row_clears(r) {
            if kept(c.var) || REGISTRY.iter().any(|r| r.settings.contains(&c.var)) {
                continue;
            }
            match out.iter_mut().find(|o| o.var == c.var) {
                // Any value beats a rule: a stamp of one row is a marker of another.
                Some(o) if c.rule.is_none() => o.rule = None,
                Some(_) => {}
                None => out.push(c),
            }
        }
    }
    out.sort_by(|a, b| a.var.cmp(b.var));
    out
}

/// The variables of the clear-list that `value` (the launcher's environment) holds in
/// a form that counts, sorted: what a child must not inherit.
#[must_use]
pub fn env_unset(value: &dyn Fn(&str) -> Option<String>) -> Vec<&'static str> {
    clear_vars()
        .into_iter()
        .filter(|c| {
            let v = value(c.var);
            match c.rule {
                None => v.is_some(),
                Some(rule) => rule.matches(v.as_deref()),
            }
        })
        .map(|c| c.var)
        .collect()
}

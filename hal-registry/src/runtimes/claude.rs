//! Claude Code: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{ASKS, DETECT_AGENT, GT, NONE, c, exe, secs, suite};
use crate::registry::launch_shape::{
    Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style, Trust, TrustSetting,
};
use crate::registry::model::Departure;
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ProcessName::{self, Launched, Other};
use crate::registry::model::ValueRule::{Flag, Truthy};
use crate::registry::model::{
    Adapter, FragmentSchema, GastownPreset, Hooks, Inject, Marker, NativeEvent, Package, PresetFact, Runtime, Source,
    Stale, Verified,
};
use crate::registry::payload_shape::{NameStyle, Payload};
use crate::registry::span::{AgentForm, History, HookHistory, Span, VarSpan};
use hal_types::CanonicalEvent as E;
use hal_types::GuppStrategy as G;
use hal_types::RuntimeProvider as P;
use hal_types::{CanonicalEvent, Capabilities, HookKind, StartupInjection, StartupStrategy, Support};

// Claude Code's config folder: `home!()`.
config_folder!("~/.claude");

/// Its hook file in the workspace, the one Gastown's adapter writes: written once.
const WORKSPACE_HOOKS: &str = ".claude/settings.json";

/// Its Linux x64 binary package.
const LINUX_X64_PACKAGE: &str = "@anthropic-ai/claude-code-linux-x64";

/// The packages read that date a fact to 2.1.100.
const READ_2_1_100: &str = "@anthropic-ai/claude-code@2.0.50 (absent), 2.1.100 (present), cli.js";

/// Its documentation of its variables.
const ENV_VARS_DOC: &str = "https://code.claude.com/docs/en/env-vars";

/// Its documentation of its hooks.
const HOOKS_DOC: &str = "https://code.claude.com/docs/en/hooks";

/// The live runs that date a fact to 2.1.332.
const RUNS_TO_2_1_332: &str =
    "live runs of @anthropic-ai/claude-code@1.0.56, 1.0.61, 1.0.62 (absent), 2.1.332 (present)";

/// The recorded live runs of 2026-12-01 (`real-runtimes.md`): each runtime from npm, run
/// offline against a model stub, its tools' and hooks' environments captured.
pub(super) const LIVE_CLAUDE: Source = Source::verified(
    "live runs 2026-12-01 (@anthropic-ai/claude-code@2.1.332) and 2026-12-06 (@anthropic-ai/claude-code-linux-x64@2.1.337)",
);

/// Gastown's Claude settings adapter (`internal/hooks/templates/claude/settings-*.json`),
/// for claude and groq-compound: the three events that carry startup context.
pub(super) const CLAUDE_ADAPTER: Adapter = Adapter::config(
    WORKSPACE_HOOKS,
    HookKind::SettingsJson,
    FragmentSchema::Settings,
    &[
        (CanonicalEvent::SessionStart, "SessionStart"),
        (CanonicalEvent::ContextCompactPre, "PreCompact"),
        (CanonicalEvent::PromptSubmit, "UserPromptSubmit"),
    ],
);

/// Gastown's `SessionIDEnv` for the presets that run the `claude` binary.
pub(super) const CLAUDE_SESSION_STALE: &[Stale] = &[Stale {
    gastown: PresetFact::SessionEnv("CLAUDE_SESSION_ID"),
    reality: "Claude Code sets CLAUDE_CODE_SESSION_ID (2.1.332, live run; absent in 2.1.100), never \
              CLAUDE_SESSION_ID (anthropics/claude-code#47018); hal's cascade still reads CLAUDE_SESSION_ID, \
              the design's step 2",
}];

/// Claude Code's hook system, shared by the rows that run the `claude` binary.
pub(super) const CLAUDE_HOOKS: Hooks = Hooks::claude_settings(
    &[WORKSPACE_HOOKS, ".claude/settings.local.json", concat!(home!(), "/settings.json")],
    Inject::Yes,
    EVENTS,
);

/// Gastown's process names of Claude Code (and the presets that launch it): `node`, then itself.
pub(super) const NODE_ITSELF: &[ProcessName] = &[Other("node"), Launched];

pub(super) const ROW: Runtime = Runtime {
    aliases: &["claude-code", "claude_code"],
    // What everyone checks (and the lint sees most); CLAUDE_CODE_CHILD_SESSION is
    // stronger but little known.
    known_by: Some("CLAUDECODE"),
    // 2.1.332 sets every one of these but `CLAUDE_CODE_REMOTE` for tools and hooks
    // alike. `CLAUDE_PROJECT_DIR` is weak: Gemini CLI and Qwen Code set it for their
    // hooks too ("for compatibility").
    markers: &[
        Marker::definitive("CLAUDE_CODE_CHILD_SESSION", Flag).verified(),
        Marker::strong("CLAUDECODE", Flag).verified(),
        Marker::strong("CLAUDE_CODE_SESSION_ID", Truthy).verified(),
        Marker::strong("CLAUDE_CODE_REMOTE", Flag),
        Marker::strong("CLAUDE_CODE_ENTRYPOINT", Truthy).verified(),
        // Set on its tools' processes, not its hooks' (seen: 2.1.332).
        Marker::strong("CLAUDE_CODE_EXECPATH", Truthy),
        Marker::strong("CLAUDE_CODE", Flag).secondary(),
    ],
    weak: &[
        "CLAUDE_CONFIG_DIR",
        "CLAUDE_PROJECT_DIR",
        "CLAUDE_ENV_FILE",
        "CLAUDE_PLUGIN_ROOT",
        // Set for a plugin's hooks beside CLAUDE_PLUGIN_ROOT (and by hosts of
        // Claude-format plugins: `registry::plugins`).
        "CLAUDE_PLUGIN_DATA",
        // Claude Code's own pid, set for tools and hooks (2.1.332, live run).
        "CLAUDE_PID",
        // Set for tools and hooks by 2.1.337's child-environment builder (`0` or `1`;
        // live run 2026-12-06).
        "CLAUDE_CODE_STARTER_READS_FOLDER_SETTINGS",
    ],
    // An IDE extension sets it in the terminal it opens for a person to run Claude
    // in; Claude reads it to connect to the IDE (Claude Code 2.1.332's binary).
    settings: &["CLAUDE_CODE_SSE_PORT"],
    // 2.1.332 ships a native `claude.exe` (comm, exe and argv[0] all `claude.exe`).
    executables: &["claude", "claude.exe"],
    scripts: &["@anthropic-ai/claude-code/"],
    session_vars: &["CLAUDE_CODE_SESSION_ID", "CLAUDE_CODE_REMOTE_SESSION_ID", "CLAUDE_CODE_BRIDGE_SESSION_ID"],
    cascade_session_var: Some("CLAUDE_SESSION_ID"),
    workspace_file: Some(WORKSPACE_HOOKS),
    // Written by Claude Code itself (its package at `live::NEWEST`: the login's
    // `.credentials.json`; `~/.claude.json` is a hidden file named for it).
    own_files: &[concat!(home!(), "/.credentials.json")],
    hooks: Some(CLAUDE_HOOKS),
    takes_prompt: true,
    context_fork: Support::Yes,
    caps: Some(&CAPS),
    sources: &[
        LIVE_CLAUDE,
        Source::vendor(ENV_VARS_DOC),
        Source::vendor(HOOKS_DOC),
        Source::vendor("anthropics/claude-code:CHANGELOG.md"),
        DETECT_AGENT,
    ],
    gastown: Some(
        GastownPreset::hooked(P::Claude, CLAUDE_ADAPTER, NODE_ITSELF)
            .ready_after(10_000)
            .session_env("CLAUDE_SESSION_ID")
            .stale(CLAUDE_SESSION_STALE),
    ),
    verified: Some(VERIFIED),
    package: Some(Package::Npm("@anthropic-ai/claude-code")),
    history: Some(&HISTORY),
    ..Runtime::new(P::Claude, "Claude Code")
};

pub(super) const CLAUDE_1_0_62: &str = "@anthropic-ai/claude-code@1.0.61 (absent), 1.0.62 (present), cli.js";

pub(super) const CLAUDE_1_0_88: &str = "@anthropic-ai/claude-code@1.0.56 (absent), 1.0.88 (present), cli.js";

pub(super) const CLAUDE_2_0_50: &str = "@anthropic-ai/claude-code@1.0.88 (absent), 2.0.50 (present), cli.js";

pub(super) const CLAUDE_2_1_100: &str = READ_2_1_100;

/// The events a live run of 2.1.332 configured and 2.1.100's 27 event names lack.
pub(super) const CLAUDE_2_1_332: &str =
    "live run 2026-12-01 of @anthropic-ai/claude-code@2.1.332; absent in 2.1.100's cli.js";

/// The event 2.1.337's binary names and 2.1.332's lacks.
pub(super) const CLAUDE_2_1_337: &str = "@anthropic-ai/claude-code-linux-x64@2.1.332 binary (no \"Interrupt\"), 2.1.337 \
     binary: the hook event enum (`strings -n 8` line 644582, `…\"StopFailure\",\"Interrupt\",\"SubagentStart\"…`) \
     and its summary (line 668107, \"When the main conversation's turn is interrupted\")";

// Claude Code: 7 hook events in 1.0.56 (undated: as far back as the registry knows), 9
// in 1.0.88, 11 in 2.0.50, 27 in 2.1.100; the rest from 2.1.332. Each runtime's
// mapped events in canonical order, then its events with no canonical counterpart.
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart").since(live::FIRST_SESSION_START, CLAUDE_1_0_62),
    Ev::mapped(E::SessionEnd, "SessionEnd").since("1.0.88", CLAUDE_1_0_88),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit").cited(CLAUDE_READ),
    Ev::mapped(E::TurnEnd, "Stop").cited(CLAUDE_READ),
    Ev::mapped(E::TurnFail, "StopFailure").since("2.1.100", CLAUDE_2_1_100),
    Ev::mapped(E::AgentIdle, "TeammateIdle").since("2.1.100", CLAUDE_2_1_100),
    Ev::mapped(E::ToolUsePre, "PreToolUse").cited(CLAUDE_READ),
    Ev::mapped(E::ToolUsePost, "PostToolUse").cited(CLAUDE_READ),
    Ev::mapped(E::ToolUseFail, "PostToolUseFailure").since("2.1.100", CLAUDE_2_1_100),
    Ev::mapped(E::FileChangeExternal, "FileChanged").since("2.1.100", CLAUDE_2_1_100),
    Ev::mapped(E::SubagentStart, "SubagentStart").since("2.0.50", CLAUDE_2_0_50),
    Ev::mapped(E::SubagentEnd, "SubagentStop").cited(CLAUDE_READ),
    Ev::mapped(E::PermissionRequest, "PermissionRequest").since("2.0.50", CLAUDE_2_0_50),
    Ev::mapped(E::PermissionDeny, "PermissionDenied").since("2.1.100", CLAUDE_2_1_100),
    Ev::mapped(E::Notification, "Notification").cited(CLAUDE_READ),
    Ev::mapped(E::ContextCompactPre, "PreCompact").cited(CLAUDE_READ),
    Ev::mapped(E::ContextCompactPost, "PostCompact").since("2.1.100", CLAUDE_2_1_100),
    Ev::mapped(E::ConfigChanged, "ConfigChange").since("2.1.100", CLAUDE_2_1_100),
    Ev::mapped(E::InstructionsLoaded, "InstructionsLoaded").since("2.1.100", CLAUDE_2_1_100),
    // Claude Code's events with no canonical counterpart. Fired in 2.1.332's `-p` mode (live
    // run, 2026-12-01): `PostToolBatch` (after a batch of tool calls) and `MessageDisplay`
    // (a message shown to the user). The rest are named by 2.1.332's `HookEvent` enum (read
    // in the binary; the conformance suite configures every one) and did not fire one-shot:
    // `UserPromptExpansion` (a prompt's expansion, after `UserPromptSubmit`), the model
    // switch (`PreModelSwitch`, `PostModelSwitch`), `Setup` (repository setup, not a
    // session start), agent-team tasks (`TaskCreated`, `TaskCompleted`), an MCP server's
    // request for input and its answer (`Elicitation`, `ElicitationResult`), worktrees
    // (`WorktreeCreate`, `WorktreeRemove`), the working directory (`CwdChanged`,
    // `DirectoryAdded`) and a skill's inline shell command (`PreSkillShellCommand`: only a
    // skill's, so not `shell.exec.pre`).
    Ev::unmapped("PostToolBatch").since("2.1.332", CLAUDE_2_1_332),
    Ev::unmapped("MessageDisplay").since("2.1.332", CLAUDE_2_1_332),
    Ev::unmapped("UserPromptExpansion").since("2.1.332", CLAUDE_2_1_332),
    Ev::unmapped("PreModelSwitch").since("2.1.332", CLAUDE_2_1_332),
    Ev::unmapped("PostModelSwitch").since("2.1.332", CLAUDE_2_1_332),
    Ev::unmapped("Setup").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("TaskCreated").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("TaskCompleted").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("Elicitation").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("ElicitationResult").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("WorktreeCreate").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("WorktreeRemove").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("CwdChanged").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("DirectoryAdded").since("2.1.332", CLAUDE_2_1_332),
    Ev::unmapped("PreSkillShellCommand").since("2.1.332", CLAUDE_2_1_332),
    // The main conversation's turn interrupted (input `source`: user, session or system;
    // `reason`: stop, permission_denied, rewind or other). It is a `turn.fail` by that
    // canonical event's definition, but `turn.fail` is `StopFailure` here and a canonical
    // event has one native event per runtime (the one hal installs a hook for). Not
    // verified: seen live once (2026-12-06, 2.1.337, `-p`, a `PermissionRequest` hook
    // answering deny with `interrupt`: source system, reason permission_denied) and not in
    // 7 runs after; the binary starts its hooks at the turn's end without awaiting them,
    // and only when the abort reached the turn itself (`-p` then exits 1).
    Ev::unmapped("Interrupt").since("2.1.337", CLAUDE_2_1_337),
];

/// The versions live runs verified, each written once, here: the verified record and
/// every other crate (the conformance suite's older-version runs, the tests) name them.
pub mod live {
    /// The newest verified: the Linux x64 binary package.
    pub const NEWEST: &str = "2.1.337";
    /// The last version the npm wrapper ships (its postinstall copies the binary).
    pub const NPM_WRAPPER_LAST: &str = "2.1.332";
    /// The first version with `SessionStart`.
    pub const FIRST_SESSION_START: &str = "1.0.62";
    /// The last version without `SessionStart`.
    pub const LAST_WITHOUT_SESSION_START: &str = "1.0.61";
    /// The oldest version the registry dates.
    pub const OLDEST: &str = "1.0.56";
}

/// Claude Code 2.1.337 (its Linux x64 binary package), `-p` mode.
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[live::NPM_WRAPPER_LAST, live::FIRST_SESSION_START, live::LAST_WITHOUT_SESSION_START, live::OLDEST],
    tool_vars: &[
        "CLAUDECODE",
        "CLAUDE_CODE_ENTRYPOINT",
        "CLAUDE_CODE_SESSION_ID",
        "CLAUDE_CODE_CHILD_SESSION",
        "CLAUDE_PID",
        "AI_AGENT",
        "CLAUDE_CODE_STARTER_READS_FOLDER_SETTINGS",
    ],
    hook_vars: &[
        "CLAUDECODE",
        "CLAUDE_CODE_ENTRYPOINT",
        "CLAUDE_CODE_SESSION_ID",
        "CLAUDE_CODE_CHILD_SESSION",
        "CLAUDE_PID",
        "AI_AGENT",
        "CLAUDE_PROJECT_DIR",
        "CLAUDE_CODE_STARTER_READS_FOLDER_SETTINGS",
    ],
    session_vars: &["CLAUDE_CODE_SESSION_ID"],
    events: &[
        "SessionStart",
        "UserPromptSubmit",
        "PreToolUse",
        "PostToolUse",
        "PostToolBatch",
        "MessageDisplay",
        "Stop",
        "SessionEnd",
    ],
};

/// The packages read at every version the registry dates Claude Code for.
pub(super) const CLAUDE_READ: &str = "@anthropic-ai/claude-code@1.0.56, 1.0.88, 2.0.50, 2.1.100 (cli.js)";

/// Claude Code: its events' versions are in `events::CLAUDE_EVENTS`.
pub(super) const HISTORY: History = History {
    oldest: live::OLDEST,
    // The platform packages the wrapper names (its `optionalDependencies`, 2.1.332): each
    // holds the native binary, and a platform package runs ahead of the wrapper
    // (linux-x64 2.1.337, the wrapper 2.1.332).
    packages: &[
        LINUX_X64_PACKAGE,
        "@anthropic-ai/claude-code-linux-x64-musl",
        "@anthropic-ai/claude-code-linux-arm64",
        "@anthropic-ai/claude-code-linux-arm64-musl",
        "@anthropic-ai/claude-code-darwin-arm64",
        "@anthropic-ai/claude-code-darwin-x64",
        "@anthropic-ai/claude-code-win32-arm64",
        "@anthropic-ai/claude-code-win32-x64",
    ],
    version_vars: &[],
    install_vars: &["CLAUDE_CODE_EXECPATH"],
    hooks: HookHistory { span: Span { since: None, until: None }, switch: None, before: None, cite: CLAUDE_READ },
    vars: &[
        VarSpan {
            var: "CLAUDECODE",
            set_for: "tools",
            span: Span { since: None, until: None },
            cite: "offline runs of @anthropic-ai/claude-code@1.0.56, 1.0.88, 2.0.50, 2.1.100, 2.1.332",
        },
        VarSpan {
            var: "CLAUDECODE",
            set_for: "hooks",
            span: Span::since("2.1.332"),
            cite: "offline runs: absent from hooks of 1.0.56-2.1.100, present in 2.1.332",
        },
        VarSpan {
            var: "CLAUDE_PROJECT_DIR",
            set_for: "hooks",
            span: Span::since("1.0.88"),
            cite: "offline runs of @anthropic-ai/claude-code@1.0.56 (absent), 1.0.88 (present)",
        },
        VarSpan { var: "CLAUDE_CODE_EXECPATH", set_for: "tools", span: Span::since("2.1.100"), cite: READ_2_1_100 },
        VarSpan {
            var: "CLAUDE_CODE_SESSION_ID",
            set_for: "tools and hooks",
            span: Span::since("2.1.332"),
            cite: "offline runs: absent in 1.0.56-2.1.100, present in 2.1.332 (live run 2026-12-01)",
        },
        VarSpan {
            var: "CLAUDE_CODE_CHILD_SESSION",
            set_for: "tools and hooks",
            span: Span::since("2.1.332"),
            cite: RUNS_TO_2_1_332,
        },
        VarSpan {
            var: "CLAUDE_CODE_STARTER_MAY_HOLD_CONNECTOR_FILE",
            set_for: "tools and hooks",
            span: Span::since("2.1.332"),
            cite: "@anthropic-ai/claude-code@1.0.61, 1.0.62 cli.js (absent); @anthropic-ai/claude-code-linux-x64@2.1.332 \
                   binary, its child-environment builder (`strings -n 8` line 621983)",
        },
        VarSpan {
            var: "CLAUDE_CODE_STARTER_READS_FOLDER_SETTINGS",
            set_for: "tools and hooks",
            span: Span::since("2.1.337"),
            cite: "@anthropic-ai/claude-code-linux-x64@2.1.332 binary (absent), 2.1.337 binary, its child-environment \
                   builder (`strings -n 8` line 650953); live run 2026-12-06 of 2.1.337: `0` in tools and hooks",
        },
        VarSpan { var: "CLAUDE_PID", set_for: "tools and hooks", span: Span::since("2.1.332"), cite: RUNS_TO_2_1_332 },
        VarSpan {
            var: "AI_AGENT",
            set_for: "tools and hooks",
            span: Span::since("2.1.120"),
            cite: "@anthropic-ai/claude-code@2.1.100 (absent), 2.1.120 (present)",
        },
    ],
    ai_agent: &[
        AgentForm {
            form: "claude-code/<v>/agent",
            span: Span::between("2.1.122", "2.1.123"),
            cite: "@anthropic-ai/claude-code@2.1.122, 2.1.123 (also /harness in hooks)",
        },
        AgentForm {
            form: "claude-code_<v>_agent",
            span: Span::since("2.1.332"),
            cite: "live run 2026-12-01 of @anthropic-ai/claude-code@2.1.332 (_harness in hooks)",
        },
    ],
    // Beside Claude's markers at 2.1.120 or later (from its install, or
    // `CLAUDE_CODE_SESSION_ID`, set from 2.1.332), a foreign `AI_AGENT` is the nearer
    // agent's: `AI_AGENT=codex@1.2.3` with `CLAUDECODE=1` is codex then, ambiguous
    // otherwise (`History::overwrites_ai_agent`).
    overwrites_ai_agent: Some(Span::since("2.1.120")),
};

pub(super) const PAYLOAD: Payload = Payload {
    transcript: Some(".claude/projects/"),
    sources: &[Source::vendor(HOOKS_DOC)],
    ..Payload::new(P::Claude, Some("hook_event_name"), NameStyle::Pascal, "session_id")
};

pub(super) const S_CLAUDE: Source =
    suite("hal-conformance, @anthropic-ai/claude-code@2.1.332 and @anthropic-ai/claude-code-linux-x64@2.1.337");

/// The suite's worker check (issue 44): a worker started with `--session-id <id>` and
/// resumed twice, whose session-start hook (the plan's fragment) saw that id.
pub(super) const S_CLAUDE_WORKER: Source =
    Source::ran("hal-conformance worker check", Package::Npm(LINUX_X64_PACKAGE), live::NEWEST);

pub(super) const CLAUDE_DOCS: Source = Source::vendor("https://code.claude.com/docs/en/cli-reference");

pub(super) const CLAUDE_MODES: Source = Source::vendor("https://code.claude.com/docs/en/iam#permission-modes");

pub(super) const CLAUDE_MEMORY: Source = Source::vendor("https://code.claude.com/docs/en/memory");

pub(super) const CLAUDE_INTERACTIVE: Source = Source::vendor("https://code.claude.com/docs/en/interactive-mode");

pub(super) const CLAUDE_ENV: Source = Source::vendor(ENV_VARS_DOC);

/// The suite's pty check (`cargo xtask conformance --pty`): the interactive start
/// `hal launch` gives, under `script`, until the ready prompt shows (Claude Code writes
/// `❯` then U+00A0, which a pane shows as a space).
pub(super) const PTY_CLAUDE: Source =
    suite("hal-conformance --pty, @anthropic-ai/claude-code@2.1.332 and @anthropic-ai/claude-code-linux-x64@2.1.337");

/// Claude Code's parser (commander) ends options at `--`, and its early argv scans
/// (`--settings` among them) stop there: `claude -p -- --version` sends `--version` to
/// the model (1.0.61, 2.1.332, live; the suite's dash check).
pub(super) const CLAUDE_END_OF_OPTIONS: Source =
    suite("hal-conformance dash check, @anthropic-ai/claude-code@1.0.61 and 2.1.332, -linux-x64@2.1.337");

/// Claude Code's facts, shared by groq-compound (the same binary).
pub(super) const LAUNCH: Launch = Launch {
    provider: P::Claude,
    executable: exe(&ROW, S_CLAUDE),
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
    config_dir: Some(c(ConfigDir { dir: home!(), var: Some("CLAUDE_CONFIG_DIR") }, CLAUDE_ENV)),
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
    session_id: Some(c(&["--session-id"], S_CLAUDE_WORKER)),
    acp: None,
    end_of_options: Some(c(Args::always(&["--"]), CLAUDE_END_OF_OPTIONS)),
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

pub(super) const CAPS: Capabilities = Capabilities::new(
    P::Claude,
    Some("CLAUDE_SESSION_ID"),
    StartupStrategy::HookInjection,
    G::HookInjection,
    secs(120),
    secs(30),
)
.with_session_hooks(Support::Yes)
.with_context_fork(Support::Yes)
.with_startup_injection(StartupInjection::SessionStartHook)
.with_nudge_support(Support::Yes);

pub(super) const DEPARTURES: &[Departure] = &[
    Departure::new(
        P::Claude,
        "session_id_env",
        "the design's cell is CLAUDE_SESSION_ID; Claude Code exports CLAUDE_CODE_SESSION_ID",
    ),
    Departure::new(P::Claude, "stall_threshold", "the design's own per-provider default (120 s), not Gastown's"),
    Departure::new(P::Claude, "nudge_interval", "the design's own per-provider default (30 s)"),
];

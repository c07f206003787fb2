//! Qwen Code: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{NONE, c, exe};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::{Flag, Truthy};
use crate::registry::model::{Hooks, Inject, Marker, NativeEvent, Package, Runtime, Source, Verified};
use crate::registry::payload_shape::{NameStyle, Payload};
use crate::registry::span::{History, HookHistory, Span, VarSpan};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

/// The packages read that date a fact to 0.21.10.
const READ_0_21: &str = "@qwen-code/qwen-code@0.15.10 (absent), 0.21.10 (present), bundle";

/// Its hook event handler.
const HOOK_EVENT_HANDLER: &str = "QwenLM/qwen-code:packages/core/src/hooks/hookEventHandler.ts";

// Qwen Code's config folder: `home!()`.
config_folder!("~/.qwen");

pub(super) const LIVE_QWEN: Source = Source::ran("live run 2026-12-01", PACKAGE, live::NEWEST);

pub(super) const ROW: Runtime = Runtime {
    aliases: &["qwen"],
    // `QWEN_CODE=1` reaches tools only; hooks get `QWEN_CODE_*` but not it (0.24.4).
    // `QWEN_CODE_SESSION_ID` is set for tools and hooks alike and by Qwen alone:
    // definitive. The others name Qwen's own paths: strong. Qwen also gives hooks
    // `GEMINI_PROJECT_DIR` and `CLAUDE_PROJECT_DIR` "for compatibility": this row
    // comes before gemini's and claude's, so its own markers win the priority.
    markers: &[
        Marker::definitive("QWEN_CODE", Flag).verified(),
        Marker::definitive("QWEN_CODE_SESSION_ID", Truthy).verified(),
        Marker::strong("QWEN_CODE_CLI", Truthy).verified(),
        Marker::strong("QWEN_CODE_PROJECT_DIR", Truthy).verified(),
        Marker::strong("QWEN_PROJECT_DIR", Truthy).verified(),
    ],
    weak: &["CLAUDE_PROJECT_DIR"],
    executables: &["qwen"],
    scripts: &["@qwen-code/qwen-code/"],
    session_vars: &["QWEN_CODE_SESSION_ID"],
    variant_of: Some(P::Gemini),
    keeps_markers_of: &[P::Gemini],
    // Qwen Code writes Claude's event names, not Gemini CLI's, and some of its own.
    // Written by Qwen Code itself (its package at `live::NEWEST`: `Storage`'s
    // installation id, `QWEN_CREDENTIAL_FILENAME`).
    own_files: &[concat!(home!(), "/installation_id"), concat!(home!(), "/oauth_creds.json")],
    hooks: Some(Hooks::claude_settings(
        &[".qwen/settings.json", concat!(home!(), "/settings.json")],
        Inject::Yes,
        EVENTS,
    )),
    takes_prompt: true,
    sources: &[
        LIVE_QWEN,
        Source::vendor("QwenLM/qwen-code:packages/core/src/services/shellExecutionService.ts"),
        Source::vendor(HOOK_EVENT_HANDLER),
    ],
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    history: Some(&HISTORY),
    ..Runtime::new(P::QwenCode, "Qwen Code")
};

pub(super) const QWEN_0_21: &str = READ_0_21;

// Qwen Code 0.24.4's `HookEventName` enum (22 names, real-runtimes §2.4(c)): Claude's
// names where it has them, and its own. It has no TeammateIdle, FileChanged or
// ConfigChange.
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::SessionEnd, "SessionEnd"),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit"),
    Ev::mapped(E::TurnEnd, "Stop"),
    Ev::mapped(E::TurnFail, "StopFailure"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
    Ev::mapped(E::ToolUseFail, "PostToolUseFailure"),
    Ev::mapped(E::SubagentStart, "SubagentStart"),
    Ev::mapped(E::SubagentEnd, "SubagentStop"),
    Ev::mapped(E::PermissionRequest, "PermissionRequest"),
    Ev::mapped(E::PermissionDeny, "PermissionDenied").since(live::FIRST_SESSION_VARS, QWEN_0_21),
    Ev::mapped(E::Notification, "Notification"),
    Ev::mapped(E::ContextCompactPre, "PreCompact"),
    Ev::mapped(E::ContextCompactPost, "PostCompact"),
    Ev::mapped(E::InstructionsLoaded, "InstructionsLoaded").since(live::FIRST_SESSION_VARS, QWEN_0_21),
    // Qwen's events with no canonical counterpart: `PostToolBatch` (after a batch of
    // tool calls, not one tool), `UserPromptExpansion` (a prompt's expansion, after
    // `UserPromptSubmit`), `MessageDisplay` (a message shown to the user), `SessionDelete`
    // (a stored session deleted, not ended), `TodoCreated`, `TodoCompleted`.
    Ev::unmapped("PostToolBatch").since(live::FIRST_SESSION_VARS, QWEN_0_21),
    Ev::unmapped("UserPromptExpansion").since(live::FIRST_SESSION_VARS, QWEN_0_21),
    Ev::unmapped("MessageDisplay").since(live::FIRST_SESSION_VARS, QWEN_0_21),
    Ev::unmapped("SessionDelete").since(live::FIRST_SESSION_VARS, QWEN_0_21),
    Ev::unmapped("TodoCreated").since(live::FIRST_SESSION_VARS, QWEN_0_21),
    Ev::unmapped("TodoCompleted").since(live::FIRST_SESSION_VARS, QWEN_0_21),
];

/// The package it is installed from.
const PACKAGE: Package = Package::Npm("@qwen-code/qwen-code");

/// The versions live runs verified, each written once, here: the verified record and
/// every other crate (the conformance suite's older-version runs, the tests) name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "0.24.4";
    /// The first version read with the newest's events and session variables.
    pub const FIRST_SESSION_VARS: &str = "0.21.10";
    /// The oldest version the registry dates: no hook system.
    pub const OLDEST: &str = "0.10.1";
}

/// Qwen Code 0.24.4, one-shot: hooks get no `QWEN_CODE`, but Claude's and Gemini's project dirs.
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[live::FIRST_SESSION_VARS, live::OLDEST],
    tool_vars: &["QWEN_CODE", "QWEN_CODE_SESSION_ID", "QWEN_CODE_CLI"],
    hook_vars: &[
        "QWEN_CODE_SESSION_ID",
        "QWEN_CODE_CLI",
        "QWEN_CODE_PROJECT_DIR",
        "QWEN_PROJECT_DIR",
        "CLAUDE_PROJECT_DIR",
        "GEMINI_PROJECT_DIR",
    ],
    session_vars: &["QWEN_CODE_SESSION_ID"],
    events: &[
        "InstructionsLoaded",
        "SessionStart",
        "Notification",
        "UserPromptSubmit",
        "PreToolUse",
        "PostToolUse",
        "PostToolBatch",
        "MessageDisplay",
        "Stop",
    ],
};

/// Qwen Code: no hook system in 0.10.1; 14 events in 0.15.10; the 22 of 0.24.4 from 0.21.x.
pub(super) const HISTORY: History = History {
    oldest: live::OLDEST,
    packages: &[],
    version_vars: &[],
    install_vars: &[],
    hooks: HookHistory {
        span: Span::since("0.15.10"),
        switch: None,
        before: None,
        cite: "@qwen-code/qwen-code@0.10.1 (no hooks), 0.15.10 (14 events), bundle",
    },
    vars: &[
        VarSpan {
            var: "QWEN_CODE_SESSION_ID",
            set_for: "tools and hooks",
            span: Span::since("0.21.10"),
            cite: "offline runs of @qwen-code/qwen-code@0.15.10 (absent), 0.21.10, 0.24.4 (present)",
        },
        VarSpan {
            var: "QWEN_CODE_CLI",
            set_for: "tools and hooks",
            span: Span::since("0.21.10"),
            cite: "live runs of @qwen-code/qwen-code@0.10.1, 0.15.10 (absent), 0.21.10, 0.24.4 (present)",
        },
        VarSpan {
            var: "QWEN_CODE_PROJECT_DIR",
            set_for: "hooks",
            span: Span::since("0.21.10"),
            cite: "live runs of @qwen-code/qwen-code@0.15.10 (absent), 0.21.10, 0.24.4 (present)",
        },
        VarSpan { var: "QWEN_CODE_STARTUP_VERSION", set_for: "tools", span: Span::since("0.21.10"), cite: READ_0_21 },
    ],
    ai_agent: &[],
    overwrites_ai_agent: None,
};

pub(super) const PAYLOAD: Payload = Payload {
    tells: &["crons"],
    // Every 0.24.4 payload carries an ISO `timestamp` and `permission_mode` (live
    // run); Gemini's carry the first only, Claude's and Codex's the second only.
    pairs: &[("timestamp", "permission_mode")],
    transcript: Some(".qwen/"),
    sources: &[
        LIVE_QWEN,
        Source::vendor(HOOK_EVENT_HANDLER),
        Source::vendor("QwenLM/qwen-code:packages/core/src/hooks/hookRunner.ts"),
    ],
    ..Payload::new(P::QwenCode, Some("hook_event_name"), NameStyle::Pascal, "session_id")
};

pub(super) const S_QWEN: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

pub(super) const QWEN_DOCS: Source = Source::vendor("QwenLM/qwen-code:docs/cli/configuration.md");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::QwenCode,
    executable: exe(&ROW, S_QWEN),
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
    config_dir: Some(c(ConfigDir { dir: home!(), var: None }, QWEN_DOCS)),
    hook_trust: None,
    ready_prompt: None,
    startup_dialog: None,
    escape_cancels: None,
    session_id: None,
    acp: Some(c(&["--acp"], QWEN_DOCS)),
    end_of_options: None,
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
};

//! GitHub Copilot CLI: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{ASKS, GT, ITSELF, NONE, c, exe};
use crate::registry::launch_shape::{
    Args, Autonomy, ConfigDir, Launch, Level, PromptAt, Resume, Start, Style, Trust, TrustSetting,
};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::{Flag, Truthy};
use crate::registry::model::{
    Adapter, FragmentSchema, GastownPreset, Hooks, Inject, Marker, NativeEvent, Package, Runtime, Source, Standing,
    Verified,
};
use crate::registry::payload_shape::Clue::{Has, Lacks, Named, Num, Str, Unnamed};
use crate::registry::payload_shape::NameStyle::{Camel, Pascal};
use crate::registry::payload_shape::{NameStyle, Payload, Rule};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;
use hal_types::{CanonicalEvent, HookKind};

/// Its hook file in the workspace, the one Gastown's adapter writes: written once.
const WORKSPACE_HOOKS: &str = ".github/hooks/gastown.json";

/// Its hook reference.
const HOOKS_DOC: &str = "https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference";

// GitHub Copilot CLI's config folder: `home!()`.
config_folder!("~/.copilot");

/// Copilot CLI's own settings file (trusted folders, login).
const CONFIG: &str = concat!(home!(), "/config.json");

pub(super) const LIVE_COPILOT: Source = Source::ran("live run 2026-12-01", PACKAGE, live::NEWEST);

pub(super) const ROW: Runtime = Runtime {
    aliases: &["copilot-cli", "github-copilot", "github-copilot-cli"],
    markers: &[
        // 1.0.102 sets `COPILOT_CLI=1` for its tools and hooks, `COPILOT_AGENT_SESSION_ID`
        // (the session id) for its tools only (live run).
        Marker::strong("COPILOT_CLI", Flag).verified(),
        Marker::strong("COPILOT_AGENT_SESSION_ID", Truthy).verified(),
        Marker::strong("COPILOT_RUN_APP", Flag).secondary(),
        Marker::strong("GITHUB_COPILOT_CLI_MODE", Flag).secondary(),
    ],
    // 1.0.102's hooks get `COPILOT_PROJECT_DIR` and, "for compatibility",
    // `CLAUDE_PROJECT_DIR`; tools and hooks get `COPILOT_CLI_BINARY_VERSION` (live run).
    weak: &["COPILOT_HOME", "COPILOT_PROJECT_DIR", "COPILOT_CLI_BINARY_VERSION", "CLAUDE_PROJECT_DIR"],
    settings: &["COPILOT_MODEL", "COPILOT_ALLOW_ALL", "COPILOT_GITHUB_TOKEN"],
    executables: &["copilot", "github-copilot-cli"],
    scripts: &["@github/copilot/"],
    session_vars: &["COPILOT_AGENT_SESSION_ID"],
    // Written by Copilot CLI itself (its package at `live::NEWEST`: `config.json`,
    // `mcp-config.json`).
    own_files: &[CONFIG, concat!(home!(), "/mcp-config.json")],
    hooks: Some(
        // A repository's hook files load in `-p` only in a trusted folder (1.0.102).
        // A `sessionStart` hook's plain stdout does not reach the model (live run of
        // 1.0.102); only a JSON reply's `{"additionalContext": …}` does (changelog
        // 1.0.11, and the same run): `no` for the plain text hal's commands print.
        // `permissionRequest` fires before every tool call even under `--allow-all`
        // (live run): a hook that approves or denies (changelog 1.0.16), not a prompt.
        Hooks::native(&[WORKSPACE_HOOKS, concat!(home!(), "/hooks/")], Inject::No, EVENTS)
            .inject_backed(Standing::Verified)
            .asking_under_bypass(),
    ),
    takes_prompt: true,
    sources: &[LIVE_COPILOT, Source::vendor("github/copilot-cli:changelog.md"), Source::vendor(HOOKS_DOC)],
    gastown: Some(
        GastownPreset::hooked(
            P::Copilot,
            Adapter::config(
                WORKSPACE_HOOKS,
                HookKind::HooksJson,
                FragmentSchema::Copilot,
                &[
                    (CanonicalEvent::SessionStart, "sessionStart"),
                    (CanonicalEvent::PromptSubmit, "userPromptSubmitted"),
                ],
            )
            // Gastown's `copilot-hooks.json` template.
            .timing_out(30, 10),
            ITSELF,
        )
        .ready_after(5000)
        .undelivered(
            "Copilot CLI 1.0.102 runs the adapter's sessionStart hook, but `gt prime --hook` prints plain \
                 text and only a JSON reply's `additionalContext` reaches the model (live run): hal plans \
                 `startup_fallback`, `gt prime` as the prompt",
        ),
    ),
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    ..Runtime::new(P::Copilot, "GitHub Copilot CLI")
};

// `sessionEnd` is in the CLI hooks reference (runtime-facts §4.3, §8), not in cratylus's map.
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "sessionStart"),
    Ev::mapped(E::SessionEnd, "sessionEnd"),
    Ev::mapped(E::PromptSubmit, "userPromptSubmitted"),
    Ev::mapped(E::TurnEnd, "agentStop"),
    Ev::mapped(E::TurnFail, "errorOccurred"),
    Ev::mapped(E::ToolUsePre, "preToolUse"),
    Ev::mapped(E::ToolUsePost, "postToolUse"),
    Ev::mapped(E::ToolUseFail, "postToolUseFailure"),
    Ev::mapped(E::SubagentStart, "subagentStart"),
    Ev::mapped(E::SubagentEnd, "subagentStop"),
    Ev::mapped(E::PermissionRequest, "permissionRequest"),
    Ev::mapped(E::Notification, "notification"),
    Ev::mapped(E::ContextCompactPre, "preCompact"),
    // Copilot CLI's hook events with no canonical counterpart (1.0.102's settings schema,
    // `hooks.*` in its runtime): an MCP tool call before it runs (beside `preToolUse`) and a
    // prompt after its transformation (after `userPromptSubmitted`).
    Ev::unmapped("preMcpToolCall"),
    Ev::unmapped("userPromptTransformed"),
];

/// The package it is installed from.
const PACKAGE: Package = Package::Npm("@github/copilot");

/// The versions live runs verified, each written once, here: the verified record and
/// every source that cites a run name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "1.0.102";
}

/// GitHub Copilot CLI 1.0.102, `-p -s --allow-all --no-ask-user`, offline with a custom
/// provider: tools get `COPILOT_CLI=1` and the session id in `COPILOT_AGENT_SESSION_ID`;
/// hooks (a repository's `.github/hooks/*.json`, in a trusted folder) get `COPILOT_CLI`,
/// `COPILOT_PROJECT_DIR` and `CLAUDE_PROJECT_DIR`, the session id only in the payload.
/// `permissionRequest` fires before the tool runs even under `--allow-all`.
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[],
    tool_vars: &["COPILOT_CLI", "COPILOT_AGENT_SESSION_ID", "COPILOT_CLI_BINARY_VERSION"],
    hook_vars: &["COPILOT_CLI", "COPILOT_PROJECT_DIR", "CLAUDE_PROJECT_DIR", "COPILOT_CLI_BINARY_VERSION"],
    session_vars: &["COPILOT_AGENT_SESSION_ID"],
    events: &[
        "sessionStart",
        "userPromptSubmitted",
        "userPromptTransformed",
        "preToolUse",
        "permissionRequest",
        "postToolUse",
        "agentStop",
        "sessionEnd",
    ],
};

/// Copilot CLI's "VS Code compatible" payload names (configured under the PascalCase
/// name) → its camelCase event names.
pub(super) const COPILOT_PASCAL: &[(&str, &str)] = &[
    ("SessionStart", "sessionStart"),
    ("SessionEnd", "sessionEnd"),
    ("UserPromptSubmit", "userPromptSubmitted"),
    ("PreToolUse", "preToolUse"),
    ("PostToolUse", "postToolUse"),
    ("PostToolUseFailure", "postToolUseFailure"),
    ("PermissionRequest", "permissionRequest"),
    ("Stop", "agentStop"),
    ("SubagentStart", "subagentStart"),
    ("SubagentStop", "subagentStop"),
    ("ErrorOccurred", "errorOccurred"),
    ("PreCompact", "preCompact"),
    ("Notification", "notification"),
];

pub(super) const PAYLOAD: Payload = Payload {
    // Its tie-breaks come before Codex's: Copilot's payloads never carry `model`,
    // Codex's always carry `transcript_path` (a string or null).
    rules: &[
        // The notification: camelCase `sessionId` beside `hook_event_name`.
        Rule::tell(&[Named("hook_event_name", Pascal), Has("sessionId")]),
        // The "VS Code compatible" payloads carry fields no other runtime writes.
        Rule::tell(&[Named("hook_event_name", Pascal), Has("initial_prompt")]),
        Rule::tell(&[Named("hook_event_name", Pascal), Has("stop_reason")]),
        Rule::tell(&[Named("hook_event_name", Pascal), Has("error_context")]),
        Rule::tell(&[Named("hook_event_name", Pascal), Has("tool_result")]),
        // An ISO timestamp and a working directory but no transcript: Gemini and
        // Qwen always name a transcript, Copilot only on a few events.
        Rule::tell(&[Named("hook_event_name", Pascal), Str("timestamp"), Has("cwd"), Lacks("transcript_path")]),
        // The camelCase payloads name no event: `sessionId` and a numeric timestamp
        // (the older shape has no `sessionId`, but a `cwd`).
        Rule::tell(&[Unnamed, Has("sessionId"), Num("timestamp")]),
        // 1.0.102's `permissionRequest` names itself in `hookName` (live run).
        Rule::tell(&[Named("hookName", Camel), Has("sessionId"), Num("timestamp")]),
        Rule::shape(&[Unnamed, Has("sessionId")]),
        Rule::shape(&[Unnamed, Num("timestamp"), Has("cwd")]),
    ],
    // The camelCase payloads name no event: the fields that tell it (cli hooks
    // reference). `toolName` and `toolArgs` alone are read as `preToolUse`
    // (`permissionRequest`'s input is not documented).
    events_by_fields: &[
        (&["permissionSuggestions"], "permissionRequest"),
        (&["transformedPrompt"], "userPromptTransformed"),
        (&["source"], "sessionStart"),
        (&["reason"], "sessionEnd"),
        (&["prompt"], "userPromptSubmitted"),
        (&["toolResult"], "postToolUse"),
        (&["toolName", "error"], "postToolUseFailure"),
        (&["error"], "errorOccurred"),
        (&["agentName", "stopReason"], "subagentStop"),
        (&["agentName"], "subagentStart"),
        (&["stopReason"], "agentStop"),
        (&["trigger"], "preCompact"),
        (&["toolName"], "preToolUse"),
    ],
    renames: COPILOT_PASCAL,
    sources: &[
        Source::vendor(HOOKS_DOC),
        Source::vendor("https://docs.github.com/en/copilot/reference/hooks-configuration"),
    ],
    ..Payload::new(P::Copilot, None, NameStyle::Camel, "sessionId")
};

pub(super) const S_COPILOT: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

pub(super) const COPILOT_DOCS: Source =
    Source::vendor("https://docs.github.com/en/copilot/how-tos/use-copilot-agents/use-copilot-cli");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Copilot,
    executable: exe(&ROW, S_COPILOT),
    interactive: c(Start::new(NONE, PromptAt::Flag("-i")), COPILOT_DOCS),
    print: Some(c(Start::new(&[Args::always(&["-s"])], PromptAt::Flag("-p")), S_COPILOT)),
    output: None,
    autonomy: Autonomy {
        none: Some(c(ASKS, COPILOT_DOCS)),
        edits: Some(c(Level::args(&[Args::always(&["--allow-tool", "write"])], "edits unasked"), COPILOT_DOCS)),
        full: Some(c(
            Level::args(&[Args::always(&["--allow-all", "--no-ask-user"])], "nothing asked (--yolo is --allow-all)"),
            S_COPILOT,
        )),
    },
    resume: Some(c(
        Resume { by_id: Some(&["--resume"]), latest: Some(&["--continue"]), style: Style::Flag, hal_ids: true },
        COPILOT_DOCS,
    )),
    model: Some(c("--model", COPILOT_DOCS)),
    instructions: c(&["AGENTS.md", ".github/copilot-instructions.md"], COPILOT_DOCS),
    config_dir: Some(c(ConfigDir { dir: home!(), var: Some("COPILOT_HOME") }, GT)),
    hook_trust: Some(c(
        Trust::Setting(TrustSetting {
            rule: "the workspace must be a trusted folder (~/.copilot/config.json: trustedFolders)",
            file: CONFIG,
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
    end_of_options: None,
    env: &[],
    env_from: &[],
    offline: &[],
    stamps: &["COPILOT_CLI_BINARY_VERSION", "COPILOT_CLI_RESOLVED_DIST_DIR", "COPILOT_HOOK_DIR", "COPILOT_PROJECT_DIR"],
    gastown_stale: &[],
};

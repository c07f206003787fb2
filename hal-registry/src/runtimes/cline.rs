//! Cline: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{NONE, c, exe};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Start};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::{Flag, Truthy};
use crate::registry::model::{Hooks, Inject, Marker, NativeEvent, Package, Runtime, Source, Standing, Verified};
use crate::registry::payload_shape::{NameStyle, Payload};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

// Cline's config folder: `home!()`.
config_folder!("~/.cline");

pub(super) const LIVE_CLINE: Source = Source::ran("live run 2026-12-01", PACKAGE, live::NEWEST);

pub(super) const ROW: Runtime = Runtime {
    markers: &[
        // The Cline CLI (npm `cline`, 3.x) puts how to connect back to it (JSON:
        // launcher, `connect`, cwd) in its tools' and hooks' environment (live run,
        // 3.0.65). Strong, not definitive: connector plumbing of the CLI only, not a
        // documented identity variable, and as new as the 3.x CLI.
        Marker::strong("CLINE_CONNECTOR_CLI_LAUNCH", Truthy).verified(),
        // Added by the CLI's hook spawner (`withResolvedClineBuildEnv`), hooks only
        // (live run, 3.0.65: `production`). Strong: it is also the build-mode switch
        // (`development`/`production`) Cline's own builds read, so a Cline developer's
        // shell may hold it.
        Marker::strong("CLINE_BUILD_ENV", Truthy).verified(),
        // The VS Code extension's terminals (v3.24.0+); the CLI never sets it (the
        // string is not in the 3.0.65 binary).
        Marker::definitive("CLINE_ACTIVE", Flag),
        // The npm CLI's wrapper sets it on the runtime it starts (cline 3.0.65, bin/cline).
        Marker::strong("CLINE_WRAPPER_PATH", Truthy),
    ],
    // `CLINE_TASK_ID` (other detectors' claim) is set by neither product: no Cline
    // source names it, the 3.0.65 binary holds no such string, and no child saw it.
    // The session id reaches hooks only, in their payloads.
    weak: &["CLINE_API_KEY"],
    executables: &["cline"],
    hooks: Some(
        Hooks::native(
            &[".cline/hooks/", ".clinerules/hooks/", concat!(home!(), "/hooks/"), "~/Documents/Cline/Hooks/"],
            Inject::Yes,
            EVENTS,
        )
        // The docs give a TaskStart hook's `contextModification` to the model; the
        // 3.0.65 CLI ran such a hook in `cline --json` and its text reached no model
        // request (live run, 2026-12-01, `cargo xtask conformance`): unconfirmed, so
        // hal plans the startup fallback for it.
        .inject_backed(Standing::Unconfirmed),
    ),
    takes_prompt: true,
    sources: &[
        LIVE_CLINE,
        Source::vendor("cline/cline:apps/cli"),
        Source::vendor("cline/cline:src/hosts/vscode/terminal/VscodeTerminalRegistry.ts"),
        Source::vendor("https://docs.cline.bot/features/hooks"),
        Source::vendor("https://www.npmjs.com/package/cline (3.0.65, bin/cline)"),
    ],
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    ..Runtime::new(P::Cline, "Cline")
};

// Cline's hook file names (`<ws>/.cline/hooks/<Name>`); the CLI's payloads carry the
// serialized names (`agent_start`), renamed to these by its payload row. Live run of
// cline@3.0.65 on 2026-12-01: TaskStart, PreToolUse, PostToolUse and TaskComplete fired
// one-shot, TaskError with an unreachable model, TaskResume on `--id`; UserPromptSubmit
// and SessionShutdown are wired in the source but never fired. `TaskCancel` (a user
// abort of the whole task, unlike Codex's `Interrupt` of one turn) is no turn failure:
// it has no canonical event (an unmapped row). `PreCompact` is not wired for
// file hooks in 3.0.65.
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "TaskStart"),
    Ev::mapped(E::SessionResume, "TaskResume"),
    Ev::mapped(E::SessionEnd, "SessionShutdown"),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit"),
    Ev::mapped(E::TurnEnd, "TaskComplete"),
    Ev::mapped(E::TurnFail, "TaskError"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
    Ev::unmapped("TaskCancel"),
];

/// The package it is installed from.
const PACKAGE: Package = Package::Npm("cline");

/// The versions live runs verified, each written once, here: the verified record and
/// every source that cites a run name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "3.0.65";
}

/// Cline CLI 3.0.65, `cline --json`: its hooks get the CLI's launch and build markers.
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[],
    tool_vars: &["CLINE_CONNECTOR_CLI_LAUNCH"],
    hook_vars: &["CLINE_CONNECTOR_CLI_LAUNCH", "CLINE_BUILD_ENV"],
    session_vars: &[],
    events: &["TaskStart", "PreToolUse", "PostToolUse", "TaskComplete"],
};

/// Cline CLI's serialized `hookName`s → its hook file names (the event map's names).
/// Seen in a live run of cline@3.0.65: `agent_start`, `tool_call`, `tool_result`,
/// `agent_end`, `agent_error`, `agent_resume`; the rest from its enum, found in the binary.
/// The VS Code extension's payloads carry the file names themselves.
pub(super) const CLINE_SERIALIZED: &[(&str, &str)] = &[
    ("agent_start", "TaskStart"),
    ("agent_resume", "TaskResume"),
    ("prompt_submit", "UserPromptSubmit"),
    ("tool_call", "PreToolUse"),
    ("tool_result", "PostToolUse"),
    ("agent_end", "TaskComplete"),
    ("agent_error", "TaskError"),
    ("agent_abort", "TaskCancel"),
    ("session_shutdown", "SessionShutdown"),
];

pub(super) const PAYLOAD: Payload = Payload {
    // Not `hookName`: Copilot CLI's `permissionRequest` (its verified version) payload carries it too
    // (live run); every Cline payload carries `taskId` and `clineVersion`.
    tells: &["clineVersion", "taskId"],
    // Cline CLI 3.0.65 (live run): `taskId` (`conv_…`) is new with every process and
    // changed on `--id` resume, while `sessionContext.rootSessionId` (`<ms>_<rand5>`,
    // the id `--id` takes) stayed. The extension's payloads have no `sessionContext`:
    // their `taskId` is read instead.
    renames: CLINE_SERIALIZED,
    sources: &[
        LIVE_CLINE,
        Source::vendor("https://docs.cline.bot/features/hooks/hook-reference"),
        Source::vendor("cline/cline:src/core/hooks/hook-factory.ts"),
    ],
    ..Payload::new(P::Cline, Some("hookName"), NameStyle::Snake, "sessionContext.rootSessionId")
};

pub(super) const S_CLINE: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Cline,
    executable: exe(&ROW, S_CLINE),
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
    config_dir: Some(c(ConfigDir { dir: home!(), var: None }, S_CLINE)),
    hook_trust: None,
    ready_prompt: None,
    startup_dialog: None,
    escape_cancels: None,
    session_id: None,
    acp: None,
    end_of_options: None,
    env: &[],
    env_from: &[],
    offline: &[],
    stamps: &["CLINE_BUILD_ENV", "CLINE_CONNECTOR_CLI_LAUNCH"],
    gastown_stale: &[],
};

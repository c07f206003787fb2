//! Droid: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{NONE, c, exe};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Hooks, Inject, Marker, NativeEvent, Package, Runtime, Source, Standing, Verified};
use crate::registry::payload_shape::{NameStyle, Payload};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

// Droid's config folder: `home!()`.
config_folder!("~/.factory");

pub(super) const LIVE_DROID: Source = Source::ran("live run 2026-12-01", PACKAGE, live::NEWEST);

pub(super) const ROW: Runtime = Runtime {
    aliases: &["factory"],
    // Set for every hook of 0.215.0, beside `CLAUDE_PROJECT_DIR` (live run).
    markers: &[Marker::strong("DROID_PROJECT_DIR", Truthy).verified()],
    weak: &["FACTORY_PROJECT_DIR"],
    executables: &["droid"],
    // The vendor also publishes the same CLI as `@factory/cli` (0.225.1: the same shim and
    // README but for `npm install -g @factory/cli`), its binary in `@factory/cli-linux-x64`
    // (0.225.2: the same 9 hook events and `DROID_PROJECT_DIR`/`FACTORY_PROJECT_DIR` as
    // 0.215.0). An install under that name is found by its package. The suite installs
    // `droid`: `@factory/cli@0.225.1` pins a platform package the registry here does not
    // serve (only 0.225.2).
    scripts: &["@factory/cli/"],
    // The hooks reference names the three settings files (workspace first); the newer
    // hooks page `.factory/hooks.json` beside them. A SessionStart hook's plain stdout
    // reaches the model (live run of 0.215.0). `~/.factory/settings.json` also holds
    // the custom models `droid exec` runs without a login (live run of 0.215.0).
    // Written by Droid itself (its package at `live::NEWEST`: `config.json`,
    // `mcp.json`).
    own_files: &[concat!(home!(), "/config.json"), concat!(home!(), "/mcp.json")],
    hooks: Some(
        Hooks::claude_settings(
            &[
                ".factory/settings.json",
                ".factory/settings.local.json",
                ".factory/hooks.json",
                concat!(home!(), "/settings.json"),
                concat!(home!(), "/hooks.json"),
            ],
            Inject::Yes,
            EVENTS,
        )
        .inject_backed(Standing::Verified),
    ),
    takes_prompt: true,
    sources: &[
        Source::vendor("https://docs.factory.ai/reference/hooks-reference"),
        Source::vendor("https://docs.factory.ai/harness/hooks"),
        Source::secondary("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts"),
        Source::secondary("https://syllago.dev/using-syllago/providers/factory-droid/hooks/"),
        LIVE_DROID,
    ],
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    ..Runtime::new(P::Droid, "Droid")
};

// Droid's hook events: the six docs.factory.ai's hooks reference names in its matcher
// notes (PreToolUse, PostToolUse, UserPromptSubmit, Notification, Stop, SubagentStop),
// vendor; SessionStart, SessionEnd and PreCompact from third parties (syllago's and
// hookshot's Droid references), secondary.
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::SessionEnd, "SessionEnd"),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit"),
    Ev::mapped(E::TurnEnd, "Stop"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
    Ev::mapped(E::SubagentEnd, "SubagentStop"),
    Ev::mapped(E::Notification, "Notification"),
    Ev::mapped(E::ContextCompactPre, "PreCompact"),
];

/// The package it is installed from.
const PACKAGE: Package = Package::Npm("droid");

/// The versions live runs verified, each written once, here: the verified record and
/// every source that cites a run name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "0.215.0";
}

/// Factory Droid 0.215.0, `droid exec --auto high` with a custom model, no Factory login:
/// tools get only `FACTORY_*` settings variables (its ancestry decides); hooks (Claude's
/// settings object in `~/.factory/settings.json`) get `DROID_PROJECT_DIR`,
/// `FACTORY_PROJECT_DIR` and Claude's `CLAUDE_PROJECT_DIR`; the session id only in the
/// payload. A SessionStart hook's plain stdout reaches the model.
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[],
    tool_vars: &[],
    hook_vars: &["DROID_PROJECT_DIR", "FACTORY_PROJECT_DIR", "CLAUDE_PROJECT_DIR"],
    session_vars: &[],
    events: &["SessionStart", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"],
};

pub(super) const PAYLOAD: Payload = Payload {
    // Claude's keys (hookshot's Droid reference: `session_id`, `transcript_path`,
    // `cwd`, `permission_mode`, `hook_event_name`); its transcripts live under
    // `~/.factory/sessions/` (git-ai's Droid preset), the one thing that tells it.
    // Cupcake's Droid reference spells the keys in camelCase instead, and git-ai
    // reads both: not seen in a live run, so secondary.
    transcript: Some(".factory/sessions/"),
    sources: &[
        Source::secondary("CorridorSecurity/hookshot:docs/reference-droid.md"),
        Source::secondary("git-ai-project/git-ai:src/commands/checkpoint_agent/presets/droid.rs"),
        Source::secondary("https://cupcake.eqtylab.io/reference/harnesses/factory-ai"),
    ],
    ..Payload::new(P::Droid, Some("hook_event_name"), NameStyle::Pascal, "session_id")
};

pub(super) const S_DROID: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

pub(super) const DROID_DOCS: Source = Source::vendor("https://docs.factory.ai/cli/droid-exec/overview");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Droid,
    executable: exe(&ROW, S_DROID),
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
    config_dir: Some(c(ConfigDir { dir: home!(), var: None }, S_DROID)),
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
};

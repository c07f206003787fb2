//! OpenCode: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{DETECT_AGENT, ITSELF_NODE_BUN, NONE, c, exe};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::{Flag, Truthy};
use crate::registry::model::{
    Adapter, GastownPreset, Hooks, Inject, Marker, NativeEvent, Package, PluginApi, Runtime, Source, Verified,
};
use crate::registry::span::{History, HookHistory, Span, VarSpan};
use hal_types::CanonicalEvent as E;
use hal_types::HookKind;
use hal_types::RuntimeProvider as P;

/// Its hook file in the workspace, the one Gastown's adapter writes: written once.
const WORKSPACE_HOOKS: &str = ".opencode/plugins/gastown.js";

// OpenCode's config folder: `home!()`.
config_folder!("~/.config/opencode");

pub(super) const LIVE_OPENCODE: Source = Source::ran("live run 2026-12-01", PACKAGE, live::NEWEST);

pub(super) const ROW: Runtime = Runtime {
    aliases: &["open-code", "open_code"],
    // 1.18.33 sets `OPENCODE=1`, `AGENT=1` and `OPENCODE_PID` at start, so its tools
    // and plugins have them (a child a plugin spawns with Bun's default options does
    // not). Strong: Kilo Code keeps `OPENCODE=1`. `AGENT=1` alone is too generic to
    // name OpenCode (Amp, Goose, Crush set `AGENT` to their names): weak.
    markers: &[
        Marker::strong("OPENCODE", Flag).verified(),
        Marker::strong("OPENCODE_PID", Truthy).verified(),
        // Set on its own environment in ACP mode (`opencode acp`: `acp`), so its
        // tools inherit it; `cli` is only the default it reads (1.18.33's binary).
        Marker::strong("OPENCODE_CLIENT", Truthy),
    ],
    weak: &["OPENCODE_CONFIG_CONTENT", "OPENCODE_PERMISSION", "AGENT"],
    executables: &["opencode"],
    scripts: &["opencode-ai/"],
    // Written by OpenCode itself (its binary at `live::NEWEST`: the login's `auth.json`
    // in its data folder, `Global.Path.data`).
    own_files: &["~/.local/share/opencode/auth.json"],
    hooks: Some(Hooks::native(&[WORKSPACE_HOOKS, concat!(home!(), "/plugins/")], Inject::Nudge, EVENTS)),
    takes_prompt: true,
    sources: &[
        LIVE_OPENCODE,
        Source::vendor("anomalyco/opencode:packages/opencode/src/index.ts"),
        Source::vendor("https://opencode.ai/docs/plugins/"),
        Source::vendor("https://www.npmjs.com/package/opencode-ai (1.18.33, bin/opencode: cli.acp handler)"),
        DETECT_AGENT,
    ],
    gastown: Some(
        GastownPreset::hooked(
            P::Opencode,
            Adapter::unrendered(WORKSPACE_HOOKS, HookKind::JsPlugin).written_in(PluginApi::OpencodePlugin),
            ITSELF_NODE_BUN,
        )
        .ready_after(8000),
    ),
    verified: Some(VERIFIED),
    history: Some(&HISTORY),
    package: Some(PACKAGE),
    // Skills read these to tell this runtime (hal-lint's labelled corpus).
    skill_vars: &["OPENCODE_SESSION_ID"],
    ..Runtime::new(P::Opencode, "OpenCode")
};

// `chat.message` and `session.idle` (the bus event at the end of a run) were seen
// firing in OpenCode 1.18.33 (real-runtimes §2.6(c)). `permission.ask` is the plugin
// hook asked before a permission prompt (named in 1.18.33's binary; a bypass run asks
// none).
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "session.created"),
    Ev::mapped(E::PromptSubmit, "chat.message"),
    Ev::mapped(E::TurnEnd, "session.idle"),
    Ev::mapped(E::ToolUsePre, "tool.execute.before"),
    Ev::mapped(E::ToolUsePost, "tool.execute.after"),
    Ev::mapped(E::FileEditPost, "file.edited"),
    Ev::mapped(E::PermissionRequest, "permission.ask"),
    // OpenCode's plugin hooks and bus events with no canonical counterpart (1.18.33): the
    // model call's parameters and headers and a shell's environment (plugin hooks; fired in
    // the live run), a slash command before it runs (a plugin hook named in its binary), and
    // the bus events the live run saw a plugin's `event` hook receive (session and message
    // updates, a plugin and the catalogs loaded). Kilo, its fork, fires the same.
    Ev::unmapped("chat.params"),
    Ev::unmapped("chat.headers"),
    Ev::unmapped("shell.env"),
    Ev::unmapped("command.execute.before"),
    Ev::unmapped("session.updated"),
    Ev::unmapped("session.status"),
    Ev::unmapped("session.diff"),
    Ev::unmapped("message.updated"),
    Ev::unmapped("message.part.updated"),
    Ev::unmapped("message.part.delta"),
    Ev::unmapped("message.part.removed"),
    Ev::unmapped("plugin.added"),
    Ev::unmapped("catalog.updated"),
    Ev::unmapped("reference.updated"),
    Ev::unmapped("integration.updated"),
];

/// The package it is installed from.
const PACKAGE: Package = Package::Npm("opencode-ai");

/// The versions live runs verified, each written once, here: the verified record and
/// every other crate (the conformance suite's older-version runs, the tests) name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "1.18.33";
    /// The first version read with `OPENCODE_PID`.
    pub const FIRST_PID: &str = "1.15.13";
    /// The oldest version read.
    pub const OLDEST: &str = "1.1.65";
}

/// OpenCode 1.18.33, `run`: plugin hooks and bus events (a plugin's child passed `env: process.env`).
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[live::FIRST_PID, live::OLDEST],
    tool_vars: &["OPENCODE", "AGENT", "OPENCODE_PID"],
    hook_vars: &["OPENCODE", "AGENT", "OPENCODE_PID"],
    session_vars: &[],
    events: &[
        "session.created",
        "chat.message",
        "tool.execute.before",
        "shell.env",
        "tool.execute.after",
        "session.idle",
    ],
};

/// OpenCode: `OPENCODE_PID` from 1.15.x (1.1.65 sets only `OPENCODE=1` and `AGENT=1`).
pub(super) const HISTORY: History = History {
    oldest: live::OLDEST,
    packages: &[],
    version_vars: &[],
    install_vars: &[],
    hooks: HookHistory {
        span: Span { since: None, until: None },
        switch: None,
        before: None,
        cite: "opencode-ai@1.1.65, 1.15.13, 1.18.33 (plugins; live runs of the version matrix, 2026-12-02)",
    },
    vars: &[VarSpan {
        var: "OPENCODE_PID",
        set_for: "tools",
        span: Span::since(live::FIRST_PID),
        cite: "live runs of opencode-ai@1.1.65 (absent), 1.15.13, 1.18.33 (present)",
    }],
    ai_agent: &[],
    overwrites_ai_agent: None,
};

pub(super) const S_OPENCODE: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

pub(super) const OPENCODE_DOCS: Source = Source::vendor("https://opencode.ai/docs/cli/");

pub(super) const OPENCODE_PERMS: Source = Source::vendor("https://opencode.ai/docs/permissions/");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Opencode,
    executable: exe(&ROW, S_OPENCODE),
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
    config_dir: Some(c(ConfigDir { dir: home!(), var: Some("OPENCODE_CONFIG_DIR") }, OPENCODE_DOCS)),
    hook_trust: None,
    ready_prompt: None,
    startup_dialog: None,
    escape_cancels: None,
    session_id: None,
    acp: Some(c(&["acp"], OPENCODE_DOCS)),
    end_of_options: None,
    env: &[],
    env_from: &[],
    offline: &[],
    stamps: &["OPENCODE_PID"],
    gastown_stale: &[("ResumeFlag", "empty, but opencode resumes with --session ID and continues with --continue")],
};

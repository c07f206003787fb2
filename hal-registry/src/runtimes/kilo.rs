//! Kilo Code: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{ASKS, NONE, c, exe, join};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::{Flag, Truthy};
use crate::registry::model::{Hooks, Inject, Marker, NativeEvent, Package, PluginApi, Runtime, Source, Verified};
use hal_types::RuntimeProvider as P;

// Kilo Code's config folder: `home!()`.
config_folder!("~/.config/kilo");

pub(super) const LIVE_KILO: Source = Source::ran("live run 2026-12-01", PACKAGE, live::NEWEST);

pub(super) const ROW: Runtime = Runtime {
    aliases: &["kilocode", "kilo-code"],
    // Kilo CLI 7.7.7 sets these on its own `process.env` at start, so its tools and
    // plugins (and a child a plugin spawns with `env: process.env`) have them, beside
    // OpenCode's `OPENCODE=1`, `AGENT=1` (live run). Strong, not definitive: state of
    // the process, inherited by anything below it, nested agents included (the
    // arbiter's rule), and documented by no Kilo page as a marker.
    markers: &[
        Marker::strong("KILO", Flag).verified(),
        Marker::strong("KILOCODE_VERSION", Truthy).verified(),
        Marker::strong("KILO_PID", Truthy).verified(),
        // A per-process run id (a `-c` continuation kept the session and changed
        // it): a marker, never the session id.
        Marker::strong("KILO_RUN_ID", Truthy).verified(),
        Marker::strong("KILOCODE_FEATURE", Truthy).verified(),
        Marker::strong("KILO_PROCESS_ROLE", Truthy).verified(),
    ],
    // Set by the npm package's Node shim; a child a plugin spawns with Bun's default
    // options keeps it (it is in the binary's original environment), so it is no
    // proof that Kilo is running above: weak.
    weak: &["KILO_TREE_SITTER_WASM_DIR"],
    // The npm shim `node <bin>/kilo` spawns the Bun binary, whose process is `.kilo`
    // (`<pkg>/bin/.kilo`): the real runtime process.
    executables: &["kilo", "kilocode", ".kilo"],
    scripts: &["@kilocode/cli/"],
    // No variable carries the session id (`ses_…`: plugin inputs, bus events and the
    // `x-session-id` header only).
    variant_of: Some(P::Opencode),
    keeps_markers_of: &[P::Opencode],
    hooks: Some(
        Hooks::native(
            // `{plugin,plugins}/*.{js,ts}` under each config dir (packages/opencode/src/config/paths.ts).
            &[
                ".kilo/plugins/",
                ".kilocode/plugins/",
                concat!(home!(), "/plugins/"),
                "~/.kilo/plugins/",
                "~/.kilocode/plugins/",
            ],
            Inject::Nudge,
            // OpenCode's, and two of its own fired in a live 7.7.7 run with no canonical
            // event: `tool.definition` and `session.drained` (after `session.idle`).
            EVENTS,
        )
        // OpenCode's plugin API (its fork's base): hal's startup plugin, whose
        // `experimental.chat.system.transform` gives the commands' output to the model
        // (the suite's plan run, 7.7.7).
        .priming_with(".kilo/plugins/gastown.js", PluginApi::OpencodePlugin),
    ),
    takes_prompt: true,
    sources: &[
        LIVE_KILO,
        Source::vendor("Kilo-Org/kilocode:packages/opencode/src/config/paths.ts"),
        Source::vendor("https://kilo.ai/docs/automate/extending/plugins"),
        Source::secondary("expo/agent-cli-detector:src/agents.ts"),
    ],
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    ..Runtime::new(P::Kilo, "Kilo Code")
};

/// Kilo's own events with no canonical counterpart, beside OpenCode's: `tool.definition`
/// and `session.drained` (fired in a live 7.7.7 run).
pub(super) const KILO_OWN: &[NativeEvent] = &[Ev::unmapped("tool.definition"), Ev::unmapped("session.drained")];

/// Kilo's events: OpenCode's (its fork's base fires the same), then its own.
pub(super) const EVENTS: &[NativeEvent] =
    &join::<{ super::opencode::EVENTS.len() + KILO_OWN.len() }>(super::opencode::EVENTS, KILO_OWN);

/// The package it is installed from.
const PACKAGE: Package = Package::Npm("@kilocode/cli");

/// The versions live runs verified, each written once, here: the verified record and
/// every source that cites a run name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "7.7.7";
}

/// Kilo Code CLI 7.7.7, `run` (an OpenCode fork): its own markers and OpenCode's.
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[],
    tool_vars: &["KILO", "OPENCODE", "AGENT", "KILO_PID"],
    hook_vars: &["KILO", "OPENCODE", "AGENT", "KILO_PID"],
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

pub(super) const S_KILO: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

pub(super) const KILO_PKG: Source = Source::vendor("@kilocode/cli@7.7.7 (its --help)");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Kilo,
    executable: exe(&ROW, S_KILO),
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
    config_dir: Some(c(ConfigDir { dir: home!(), var: None }, S_KILO)),
    hook_trust: None,
    ready_prompt: None,
    startup_dialog: None,
    escape_cancels: None,
    session_id: None,
    acp: Some(c(&["acp"], KILO_PKG)),
    end_of_options: None,
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
};

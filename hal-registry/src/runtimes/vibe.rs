//! Mistral Vibe: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{ASKS, GASTOWN_AGENTS, GT, ITSELF, NONE, c, exe};
use crate::registry::launch_shape::{
    Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style, Trust,
};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::PluginHost;
use crate::registry::model::ValueRule::Contains;
use crate::registry::model::{
    Adapter, GastownPreset, Hooks, Inject, Marker, NativeEvent, Package, PresetFact, Runtime, Source, Stale, Verified,
};
use crate::registry::payload_shape::{NameStyle, Payload};
use hal_types::CanonicalEvent as E;
use hal_types::HookKind;
use hal_types::RuntimeProvider as P;

// Mistral Vibe's config folder: `home!()`.
config_folder!("~/.vibe");

pub(super) const LIVE_VIBE: Source = Source::ran("live run 2026-12-01", PACKAGE, live::NEWEST);

pub(super) const ROW: Runtime = Runtime {
    aliases: &["mistral-vibe"],
    // 3.0.3's `vibe` starts its Rust front end `vibe-rs` (`vibe/_bin/vibe-rs`), which
    // starts the Python `vibe-app-server` and sets `VIBE_APP_SERVER_BIN` (its path) for
    // it, so for every tool and hook (live run).
    markers: &[Marker::strong("VIBE_APP_SERVER_BIN", Contains("vibe-app-server")).verified()],
    executables: &["vibe", "vibe-rs", "vibe-app-server"],
    // No session variable: 3.0.3 sets `VIBE_SESSION_ID` nowhere (no occurrence in the
    // wheel, none in a live run); the session id is only in a hook's payload. Gastown's
    // preset names `VIBE_SESSION_ID`: reality differs.
    session_vars: &[],
    // `hooks.toml`: the project's `.vibe/hooks.toml` loads only in a trusted folder
    // (`--trust`, or `trusted_folders.toml`), `~/.vibe/hooks.toml` always
    // (`vibe/core/config/harness_files/_harness_manager.py`). No session-start hook.
    hooks: Some(Hooks::native(&[".vibe/hooks.toml", concat!(home!(), "/hooks.toml")], Inject::No, EVENTS)),
    takes_prompt: true,
    sources: &[LIVE_VIBE, GASTOWN_AGENTS],
    gastown: Some(
        GastownPreset::hooked(
            P::Vibe,
            // Tool permissions only: no lifecycle hook, so nothing primes the agent.
            Adapter::settings_only(".vibe/config.toml", HookKind::ConfigToml),
            ITSELF,
        )
        .ready_after(5000)
        .session_env("VIBE_SESSION_ID")
        .stale(&[
            Stale {
                gastown: PresetFact::SessionEnv("VIBE_SESSION_ID"),
                reality: "Vibe 3.0.3 sets no such variable (no occurrence in the wheel, none in a live run); \
                              the session id is in a hook's payload only",
            },
            Stale {
                gastown: PresetFact::SettingsOnly,
                reality: "Vibe 3.0.3 has hooks in `hooks.toml` (`pre_tool`, `post_tool`, `post_agent`; \
                              live run), none at session start",
            },
        ]),
    ),
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    ..Runtime::new(P::Vibe, "Mistral Vibe")
};

/// Mistral Vibe 3.0.3's three hook types (`vibe/core/hooks/models.py` `HookType`, in
/// `hooks.toml`): `post_agent` runs once per turn, after the agent finished responding.
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::ToolUsePre, "pre_tool"),
    Ev::mapped(E::ToolUsePost, "post_tool"),
    Ev::mapped(E::TurnEnd, "post_agent"),
];

/// The package it is installed from.
const PACKAGE: Package = Package::PyPi("mistral-vibe");

/// The versions live runs verified, each written once, here: the verified record and
/// every source that cites a run name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "3.0.3";
}

/// Mistral Vibe 3.0.3 (PyPI `mistral-vibe`), `-p --auto-approve --trust`, the stub as an
/// OpenAI-style provider: `vibe` runs the Rust front end `vibe-rs`, which runs the Python
/// `vibe-app-server` with `VIBE_APP_SERVER_BIN` set; tools and hooks inherit it. Tools also
/// get `CI=true`, `NONINTERACTIVE=1`, `NO_TTY=1`, `PAGER=cat` (`vibe/core/utils/shell.py`).
/// No session variable: the session id is only in a payload. The project's
/// `.vibe/hooks.toml` loads in a trusted folder only (`--trust`).
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[],
    tool_vars: &["VIBE_APP_SERVER_BIN", "CI", "NONINTERACTIVE", "NO_TTY"],
    hook_vars: &["VIBE_APP_SERVER_BIN"],
    session_vars: &[],
    events: &["pre_tool", "post_tool", "post_agent"],
};

pub(super) const PAYLOAD: Payload = Payload {
    // Mistral Vibe 3.0.3: every payload carries `parent_session_id` (null outside a
    // subagent) beside `session_id` (live run; `vibe/core/skills/builtins/vibe.py`).
    tells: &["parent_session_id"],
    transcript: Some(".vibe/logs/session/"),
    sources: &[LIVE_VIBE, Source::vendor("mistral-vibe 3.0.3 wheel: vibe/core/skills/builtins/vibe.py")],
    ..Payload::new(P::Vibe, Some("hook_event_name"), NameStyle::Snake, "session_id")
};

pub(super) const S_VIBE: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

pub(super) const VIBE_PKG: Source = Source::vendor("mistral-vibe@3.0.3 (PyPI, its --help)");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Vibe,
    executable: exe(&ROW, S_VIBE),
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
    config_dir: Some(c(ConfigDir { dir: home!(), var: Some("VIBE_HOME") }, S_VIBE)),
    hook_trust: Some(c(Trust::Args(&[Args::always(&["--trust"])]), S_VIBE)),
    ready_prompt: Some(c("❯ ", GT)),
    startup_dialog: None,
    escape_cancels: None,
    session_id: None,
    acp: None,
    end_of_options: None,
    env: &[],
    env_from: &[],
    offline: &[],
    stamps: &["VIBE_APP_SERVER_BIN"],
    gastown_stale: &[
        ("SessionIDEnv", "VIBE_SESSION_ID is not set by vibe 3.0.3 (live: no session variable reaches a child)"),
        ("Args", "--agent auto-approve; 3.0.3 takes --auto-approve (live)"),
        ("NonInteractive.OutputFlag", "json is no flag; 3.0.3 takes --output json"),
    ],
};

/// Read in the installed wheel: `_adapt_runtime_hooks` gives every plugin's hooks
/// `PLUGIN_ROOT` and `PLUGIN_DATA`, a Claude-format plugin's also `CLAUDE_PLUGIN_ROOT`
/// and `CLAUDE_PLUGIN_DATA`, a Kimi-format plugin's `KIMI_PLUGIN_ROOT` and
/// `KIMI_CODE_HOME` (Vibe's own home).
pub(super) const VIBE_NATIVE: &str = "mistral-vibe@3.0.3 (PyPI), vibe/core/plugins/_native.py (_adapt_runtime_hooks)";

pub(super) const PLUGIN_HOSTS: &[PluginHost] = &[
    PluginHost { host: P::Vibe, format: P::Kimi, vars: &["KIMI_PLUGIN_ROOT", "KIMI_CODE_HOME"], cite: VIBE_NATIVE },
    PluginHost {
        host: P::Vibe,
        format: P::Claude,
        vars: &["CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA"],
        cite: VIBE_NATIVE,
    },
];

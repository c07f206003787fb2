//! Codex CLI: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{ITSELF, NONE, c, exe, secs, suite};
use crate::registry::launch_shape::{
    Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style, Trust,
};
use crate::registry::model::Departure;
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::PluginHost;
use crate::registry::model::ValueRule::{Flag, PathEntry, Truthy};
use crate::registry::model::{
    GastownPreset, Hooks, Inject, Marker, NativeEvent, Package, PresetFact, Runtime, Source, Stale, Verified,
};
use crate::registry::payload_shape::Clue::{Has, NameIsNot, Named, Null};
use crate::registry::payload_shape::NameStyle::Pascal;
use crate::registry::payload_shape::{NameStyle, Payload, Rule};
use crate::registry::span::{History, HookHistory, Span, VarSpan};
use hal_types::CanonicalEvent as E;
use hal_types::GuppStrategy as G;
use hal_types::RuntimeProvider as P;
use hal_types::{Capabilities, StartupInjection, StartupStrategy, Support};

// Codex CLI's config folder: `home!()`.
config_folder!("~/.codex");

pub(super) const LIVE_CODEX: Source = Source::ran("live run 2026-12-01", PACKAGE, live::NEWEST);

pub(super) const ROW: Runtime = Runtime {
    aliases: &["codex-cli", "openai-codex", "codex_cli"],
    // Tools get `CODEX_THREAD_ID` (= `CODEX_SESSION_ID`) and `CODEX_CI`; hooks get
    // no marker of Codex itself, only its npm launcher's `CODEX_MANAGED_BY_NPM` and
    // `CODEX_MANAGED_PACKAGE_ROOT` (0.171.0), set for tools and hooks alike. They
    // name Codex (no other program sets them) but only when it was started through
    // the npm package: strong, not definitive. `CODEX_SANDBOX` is macOS only.
    markers: &[
        Marker::definitive("CODEX_THREAD_ID", Truthy).verified(),
        Marker::strong("CODEX_SANDBOX", Truthy),
        Marker::strong("CODEX_SANDBOX_NETWORK_DISABLED", Flag).verified(),
        Marker::strong("CODEX_CI", Truthy).verified(),
        Marker::strong("CODEX_MANAGED_BY_NPM", Flag).verified(),
        Marker::strong("CODEX_MANAGED_PACKAGE_ROOT", Truthy).verified(),
        // Codex prefixes its tools' and hooks' PATH with its bundled `codex-path`
        // directory (seen: 0.171.0, tool and hook alike).
        Marker::strong("PATH", PathEntry("/codex-path")),
        // Detectors read it; the Codex 0.171.0 binary holds no such name.
        Marker::strong("CODEX_SHELL", Flag).unconfirmed(),
    ],
    weak: &["CODEX_HOME"],
    executables: &["codex", "codex-x86_64-*", "codex-aarch64-*"],
    scripts: &["@openai/codex/"],
    session_vars: &["CODEX_THREAD_ID", "CODEX_SESSION_ID"],
    // Written by Codex itself (its binary at `live::NEWEST`: the login's `auth.json`,
    // the update check's `version.json`).
    own_files: &[concat!(home!(), "/auth.json"), concat!(home!(), "/version.json")],
    hooks: Some(Hooks::native(
        &[".codex/hooks.json", concat!(home!(), "/hooks.json"), concat!(home!(), "/config.toml")],
        Inject::Yes,
        EVENTS,
    )),
    takes_prompt: true,
    caps: Some(&CAPS),
    sources: &[
        LIVE_CODEX,
        Source::vendor("openai/codex:codex-rs/protocol/src/shell_environment.rs"),
        Source::vendor("openai/codex:codex-rs/hooks/src/lib.rs"),
        Source::vendor("https://developers.openai.com/codex/hooks"),
    ],
    gastown: Some(GastownPreset::unhooked(P::Codex, ITSELF).ready_after(3000).stale(&[Stale {
        gastown: PresetFact::NoHooks,
        reality: "Codex has hooks from 0.146.0 behind `[features] hooks = true` (0.146.0 and 0.171.0 read; \
                      0.171.0 verified live), `notify` before; Gastown's preset installs none (its opt-in \
                      `.codex/hooks.json` aside, gastownhall/gastown#2683)",
    }])),
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    history: Some(&HISTORY),
    ..Runtime::new(P::Codex, "Codex CLI")
};

pub(super) const CODEX_0_171: &str = "@openai/codex@0.146.0 (absent), 0.171.0 (present), binary strings";

// Codex 0.171.0's 14 hook events (the names in its binary; real-runtimes §2.3(c)).
// `Interrupt` (the user stopped the turn; the session goes on) is `turn.fail`: the turn
// ended without completing. (Cline's `TaskCancel` aborts the whole task, not a turn: it
// has no canonical event; see `CLINE_EVENTS`.)
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::SessionEnd, "SessionEnd"),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit"),
    Ev::mapped(E::TurnEnd, "Stop"),
    Ev::mapped(E::TurnFail, "Interrupt"),
    Ev::mapped(E::ModelRequestPre, "PreModelRequest").since("0.171.0", CODEX_0_171),
    Ev::mapped(E::ModelResponsePost, "PostModelRequest").since("0.171.0", CODEX_0_171),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
    Ev::mapped(E::SubagentStart, "SubagentStart"),
    Ev::mapped(E::SubagentEnd, "SubagentStop"),
    Ev::mapped(E::PermissionRequest, "PermissionRequest"),
    Ev::mapped(E::ContextCompactPre, "PreCompact"),
    Ev::mapped(E::ContextCompactPost, "PostCompact"),
];

/// The package it is installed from.
const PACKAGE: Package = Package::Npm("@openai/codex");

/// The versions live runs verified, each written once, here: the verified record and
/// every other crate (the conformance suite's older-version runs, the tests) name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "0.171.0";
    /// The first version with hooks (behind its feature switch).
    pub const FIRST_HOOKS: &str = "0.146.0";
    /// The first version read with `CODEX_THREAD_ID`; no hooks yet.
    pub const FIRST_THREAD_ID: &str = "0.100.0";
    /// The oldest version the registry dates.
    pub const OLDEST: &str = "0.47.0";
}

/// Codex CLI 0.171.0, `exec` with the npm launcher: hooks get only the launcher's variables.
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[live::FIRST_HOOKS, live::FIRST_THREAD_ID, live::OLDEST],
    tool_vars: &["CODEX_THREAD_ID", "CODEX_SESSION_ID", "CODEX_MANAGED_BY_NPM", "CODEX_MANAGED_PACKAGE_ROOT"],
    hook_vars: &["CODEX_MANAGED_BY_NPM", "CODEX_MANAGED_PACKAGE_ROOT"],
    session_vars: &["CODEX_THREAD_ID", "CODEX_SESSION_ID"],
    events: &[
        "SessionStart",
        "UserPromptSubmit",
        "PreModelRequest",
        "PostModelRequest",
        "PreToolUse",
        "PostToolUse",
        "Stop",
        "SessionEnd",
    ],
};

/// Codex CLI: no hook system in 0.47.0 and 0.100.0 (only `notify`); hooks from 0.146.0,
/// behind a feature switch.
pub(super) const HISTORY: History = History {
    oldest: live::OLDEST,
    packages: &[],
    version_vars: &["CODEX_VERSION"],
    install_vars: &["CODEX_MANAGED_PACKAGE_ROOT"],
    hooks: HookHistory {
        span: Span::since(live::FIRST_HOOKS),
        switch: Some("[features] hooks = true (0.146.0 also reads the deprecated alias codex_hooks = true)"),
        before: Some("notify = [program, ...] in config.toml, run after each turn with one JSON argument"),
        cite: "@openai/codex@0.47.0, 0.100.0 (no hooks: notify only), 0.146.0 (hooks with the feature), binary strings",
    },
    vars: &[
        VarSpan {
            var: "CODEX_THREAD_ID",
            set_for: "tools",
            span: Span::since(live::FIRST_THREAD_ID),
            cite: "offline runs of @openai/codex@0.47.0 (absent), 0.100.0 (present)",
        },
        VarSpan {
            var: "CODEX_SESSION_ID",
            set_for: "tools",
            span: Span::since("0.171.0"),
            cite: "live runs of @openai/codex@0.47.0, 0.100.0, 0.146.0 (absent), 0.171.0 (present)",
        },
        VarSpan {
            var: "CODEX_MANAGED_PACKAGE_ROOT",
            set_for: "tools and hooks",
            span: Span::since("0.146.0"),
            cite: "live runs of @openai/codex@0.100.0 (absent), 0.146.0, 0.171.0 (present)",
        },
        VarSpan {
            var: "CODEX_VERSION",
            set_for: "tools",
            span: Span::since("0.171.0"),
            cite: "offline runs of @openai/codex@0.47.0, 0.100.0, 0.146.0 (absent), 0.171.0 (present)",
        },
    ],
    ai_agent: &[],
    overwrites_ai_agent: None,
};

pub(super) const PAYLOAD: Payload = Payload {
    // `turn_id` together with `model`: Claude Code's MessageDisplay (2.x) carries a
    // `turn_id` too, but never a `model` beside it (live runs, 2026-12-01).
    pairs: &[("turn_id", "model")],
    rules: &[
        // Codex writes `model` on every event (Claude on SessionStart only) and a
        // null transcript path where it has none.
        Rule::tell(&[Named("hook_event_name", Pascal), Has("model"), NameIsNot("SessionStart")]),
        Rule::tell(&[Named("hook_event_name", Pascal), Null("transcript_path")]),
    ],
    transcript: Some(".codex/sessions/"),
    sources: &[
        Source::vendor("openai/codex:codex-rs/hooks/schema/generated/"),
        Source::vendor("openai/codex:codex-rs/hooks/src/engine/command_runner.rs"),
    ],
    ..Payload::new(P::Codex, Some("hook_event_name"), NameStyle::Pascal, "session_id")
};

pub(super) const S_CODEX: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

pub(super) const CODEX_DOCS: Source = Source::vendor("openai/codex:docs/config.md");

pub(super) const CODEX_CLI: Source = Source::vendor("openai/codex:codex-rs/exec/src/cli.rs");

pub(super) const PTY_CODEX: Source = Source::ran("hal-conformance --pty", PACKAGE, live::NEWEST);

/// Codex's parser (clap) ends options at `--`: `codex exec -- --version` sends
/// `--version` to the model (0.100.0, 0.146.0, 0.171.0, live).
pub(super) const CODEX_END_OF_OPTIONS: Source = suite("hal-conformance dash check, @openai/codex@0.100.0 to 0.171.0");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Codex,
    executable: exe(&ROW, S_CODEX),
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
            Level::args(&[Args::always(&["--dangerously-bypass-approvals-and-sandbox"])], "no sandbox, nothing asked"),
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
    config_dir: Some(c(ConfigDir { dir: home!(), var: Some("CODEX_HOME") }, S_CODEX)),
    hook_trust: Some(c(
        Trust::Args(&[Args::since(
            live::FIRST_HOOKS,
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
    end_of_options: Some(c(Args::always(&["--"]), CODEX_END_OF_OPTIONS)),
    env: &[],
    env_from: &[],
    offline: &[],
    stamps: &["CODEX_CI", "CODEX_TOOL_CALL_ID", "CODEX_VERSION", "CODEX_APPLY_PATCH_PRESERVE_LINE_ENDINGS"],
    gastown_stale: &[
        ("SupportsHooks", "false, but Codex has a hook system since 0.146.0 (hooks.json, [features] hooks = true)"),
        ("PromptMode", "none, but `codex PROMPT` and `codex exec PROMPT` take the prompt as an argument"),
    ],
};

pub(super) const CAPS: Capabilities = Capabilities::new(
    P::Codex,
    Some("GT_SESSION_ID"),
    StartupStrategy::StartupFallback,
    G::StartupFallback,
    secs(180),
    secs(60),
)
.with_startup_injection(StartupInjection::PrimeFallback)
.with_nudge_support(Support::Yes);

pub(super) const DEPARTURES: &[Departure] = &[
    Departure::new(P::Codex, "session_id_env", "the design's cell is GT_SESSION_ID; Codex exports CODEX_THREAD_ID"),
    Departure::new(
        P::Codex,
        "session_hooks",
        "the design's cell is no; Codex has hooks, which Gastown's preset does not install (partial when derived)",
    ),
    Departure::new(P::Codex, "stall_threshold", "the design's own per-provider default (180 s)"),
    Departure::new(P::Codex, "nudge_interval", "the design's own per-provider default (60 s)"),
];

pub(super) const PLUGIN_HOSTS: &[PluginHost] = &[PluginHost {
    host: P::Codex,
    format: P::Claude,
    vars: &["CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA"],
    cite: "openai/codex:codex-rs/hooks/src/engine/discovery.rs",
}];

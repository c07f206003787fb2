//! oh-my-pi: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{FIRSTMATE, GASTOWN_AGENTS, ITSELF_NODE_BUN, NONE, c, exe};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::{Exact, Flag};
use crate::registry::model::{
    Adapter, GastownPreset, Hooks, Inject, Marker, NativeEvent, Package, PresetFact, Runtime, Source, Stale, Verified,
};
use crate::registry::span::History;
use hal_types::CanonicalEvent as E;
use hal_types::HookKind;
use hal_types::RuntimeProvider as P;

// oh-my-pi's config folder: `home!()`.
config_folder!("~/.omp/agent");

pub(super) const LIVE_OMP: Source = Source::ran("live run 2026-12-01", PACKAGE, live::NEWEST);

pub(super) const ROW: Runtime = Runtime {
    aliases: &["oh-my-pi"],
    // `OMPCODE=1`: its bash tool sets it beside `CLAUDECODE=1`, `AGENT=1` and `CI=true`
    // (18.2.3's `dist/cli.js:73`, 18.3.4's `:65`; the live run's tool capture has it), so
    // with `keeps_markers_of` Claude it decides omp over the Claude marker beside it.
    // Firstmate's launch marker counts only with an exact `omp` ancestor within 8 levels.
    markers: &[
        Marker::strong("OMPCODE", Flag).verified(),
        Marker::strong("FM_OMP_HARNESS", Exact("omp")).secondary().with_ancestor("omp", 8),
    ],
    weak: &["OMP_SKIP_SETUP"],
    executables: &["omp"],
    keeps_markers_of: &[P::Claude],
    // No session variable: `OMP_SESSION_ID` (Gastown's) occurs nowhere in 18.2.3 or
    // 18.3.4 (read in the packages).
    // Hook factories load from `.omp/hooks/pre/` and `post/` only; one directly in
    // `.omp/hooks/` loads nothing, silently (18.2.3's `docs/hooks.md`, and the live run).
    hooks: Some(Hooks::native(&[".omp/hooks/pre/", concat!(home!(), "/hooks/pre/")], Inject::Yes, EVENTS)),
    takes_prompt: true,
    sources: &[GASTOWN_AGENTS, Source::secondary("can1357/oh-my-pi#7847"), FIRSTMATE, LIVE_OMP],
    gastown: Some(
        GastownPreset::hooked(
            P::Omp,
            Adapter::unrendered(".omp/hooks/gastown-hook.ts", HookKind::TsPlugin),
            ITSELF_NODE_BUN,
        )
        .undelivered(
            "oh-my-pi 18.2.3 discovers hook factories only under `.omp/hooks/pre/` and `post/`: the \
                 adapter's `.omp/hooks/gastown-hook.ts` is never loaded, so nothing primes the agent \
                 (its docs/hooks.md): hal plans `startup_fallback`, `gt prime` as the prompt",
        )
        .session_env("OMP_SESSION_ID")
        .stale(&[Stale {
            gastown: PresetFact::SessionEnv("OMP_SESSION_ID"),
            reality: "oh-my-pi sets no such variable: no occurrence in @oh-my-pi/pi-coding-agent@18.2.3 \
                          or 18.3.4, none in a live run of 18.2.3",
        }]),
    ),
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    history: Some(&HISTORY),
    ..Runtime::new(P::Omp, "oh-my-pi")
};

/// Where 18.3.4's new event was read (that version does not install here: its
/// `@oh-my-pi/*` dependencies at 18.3.4 are not on the registry).
const OMP_18_3_4: &str = "@oh-my-pi/pi-coding-agent@18.2.3 (absent: src/, dist/cli.js), 18.3.4 \
     (src/extensibility/extensions/types.ts:794, :1309; dist/cli.js)";

/// oh-my-pi's extension events (18.2.3's `docs/extensions.md`, "Event surface"; the
/// live run saw the lifecycle ones fire one-shot), Pi's names.
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "session_start"),
    Ev::mapped(E::SessionResume, "session_switch"),
    Ev::mapped(E::SessionEnd, "session_shutdown"),
    Ev::mapped(E::PromptSubmit, "before_agent_start"),
    Ev::mapped(E::TurnEnd, "agent_end"),
    Ev::mapped(E::ModelRequestPre, "before_provider_request"),
    Ev::mapped(E::ModelResponsePost, "after_provider_response"),
    Ev::mapped(E::ToolUsePre, "tool_call"),
    Ev::mapped(E::ToolUsePost, "tool_result"),
    // Fired in the parent session before a subagent (the task tool, eval's `agent()`)
    // resolves its model.
    Ev::mapped(E::SubagentStart, "before_subagent_spawn").since("18.3.4", OMP_18_3_4),
    Ev::mapped(E::ContextCompactPre, "session_before_compact"),
    Ev::mapped(E::ContextCompactPost, "session_compact"),
    // oh-my-pi's events with no canonical counterpart (the same document): input, loop,
    // turn and message notifications, tool observability, the main session's stop hook,
    // session-tree and branch events.
    Ev::unmapped("input"),
    Ev::unmapped("agent_start"),
    Ev::unmapped("turn_start"),
    Ev::unmapped("turn_end"),
    Ev::unmapped("context"),
    Ev::unmapped("message_start"),
    Ev::unmapped("message_update"),
    Ev::unmapped("message_end"),
    Ev::unmapped("session_stop"),
    Ev::unmapped("tool_execution_start"),
    Ev::unmapped("tool_execution_update"),
    Ev::unmapped("tool_execution_end"),
    Ev::unmapped("session_before_switch"),
    Ev::unmapped("session_before_branch"),
    Ev::unmapped("session_branch"),
    Ev::unmapped("session_before_tree"),
    Ev::unmapped("session_tree"),
];

/// The package it is installed from.
const PACKAGE: Package = Package::Npm("@oh-my-pi/pi-coding-agent");

/// The versions live runs verified, each written once, here: the verified record and
/// every source that cites a run name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "18.2.3";
}

/// oh-my-pi 18.2.3, `omp -p --yolo` on Bun 1.4.5 with a `models.yml` provider: its bash
/// tool's environment sets `OMPCODE=1` (its own marker) beside `CLAUDECODE=1`, `AGENT=1`
/// and `CI=true`, and no session id; extension events reach a `.omp/hooks/pre/` factory.
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[],
    tool_vars: &["OMPCODE"],
    hook_vars: &[],
    session_vars: &[],
    events: &["session_start", "before_agent_start", "tool_call", "tool_result", "agent_end", "session_shutdown"],
};

/// oh-my-pi's dated facts: its events from 18.2.3, the oldest version read, and the one
/// 18.3.4 adds.
pub(super) const HISTORY: History = History::events_only(
    "18.2.3",
    &[],
    "@oh-my-pi/pi-coding-agent@18.2.3, 18.3.4 (docs/hooks.md, src/extensibility/extensions/types.ts)",
);

pub(super) const S_OMP: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

/// oh-my-pi 18.2.3's flag table: `--resume <id>` / `-r` (lines 246-247; 249-250 in
/// 18.3.4) and `--mode text|json|rpc|acp|rpc-ui` (lines 123-124 in both).
pub(super) const OMP_FLAGS: Source =
    Source::vendor("@oh-my-pi/pi-coding-agent@18.2.3:src/cli/flag-tables.ts:123-124,246-247");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Omp,
    executable: exe(&ROW, S_OMP),
    interactive: c(Start::new(NONE, PromptAt::Positional), S_OMP),
    print: Some(c(Start::new(&[Args::always(&["-p"])], PromptAt::Positional), S_OMP)),
    output: Some(c(Output { flag: "--mode", values: &["text", "json", "rpc"] }, OMP_FLAGS)),
    autonomy: Autonomy {
        none: None,
        edits: None,
        full: Some(c(Level::args(&[Args::always(&["--yolo"])], "nothing asked"), S_OMP)),
    },
    // The id is oh-my-pi's own session id: hal reads none from it (no session variable).
    resume: Some(c(
        Resume { by_id: Some(&["--resume"]), latest: Some(&["--continue"]), style: Style::Flag, hal_ids: false },
        OMP_FLAGS,
    )),
    model: Some(c("--model", S_OMP)),
    instructions: c(&["AGENTS.md"], super::pi::PI_README),
    config_dir: Some(c(ConfigDir { dir: home!(), var: None }, S_OMP)),
    hook_trust: None,
    ready_prompt: None,
    startup_dialog: None,
    escape_cancels: None,
    session_id: None,
    acp: Some(c(&["--mode", "acp"], OMP_FLAGS)),
    end_of_options: None,
    env: &[],
    env_from: &[],
    offline: &[],
    stamps: &["__PI_NATIVE_VARIANT_CACHE"],
    gastown_stale: &[(
        "NonInteractive.PromptFlag",
        "--prompt: omp's one-shot start is -p with the prompt as an argument",
    )],
};

//! Cursor: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{ASKS, GT, NONE, c, exe, secs};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style};
use crate::registry::model::Departure;
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ProcessName::{Launched, Other};
use crate::registry::model::ValueRule::{Exact, Flag, Truthy};
use crate::registry::model::{
    Adapter, Combo, GastownPreset, Hooks, Inject, Marker, NativeEvent, Runtime, Source, Standing,
};
use crate::registry::payload_shape::{NameStyle, Payload};
use hal_types::CanonicalEvent as E;
use hal_types::GuppStrategy as G;
use hal_types::RuntimeProvider as P;
use hal_types::{CanonicalEvent, Capabilities, HookKind, StartupInjection, StartupStrategy, Support};

/// Its hook file in the workspace, the one Gastown's adapter writes: written once.
const WORKSPACE_HOOKS: &str = ".cursor/hooks.json";

// Cursor's config folder: `home!()`.
config_folder!("~/.cursor");

pub(super) const ROW: Runtime = Runtime {
    aliases: &["cursor-agent", "cursor-cli"],
    markers: &[
        Marker::definitive("CURSOR_AGENT", Flag),
        Marker::strong("CURSOR_INVOKED_AS", Exact("cursor-agent")).secondary(),
        Marker::strong("CURSOR_EXTENSION_HOST_ROLE", Exact("agent-exec")).secondary(),
        Marker::strong("CURSOR_SANDBOX", Truthy).secondary(),
    ],
    combos: &[Combo::secondary(&[("CURSOR_TRACE_ID", Truthy), ("PAGER", Exact("head -n 10000 | cat"))])],
    settings: &["CURSOR_TRACE_ID"],
    executables: &["cursor-agent", "cursor"],
    keeps_markers_of: &[P::Claude],
    session_vars: &["CURSOR_CONVERSATION_ID"],
    hooks: Some(
        Hooks::native(
            &[WORKSPACE_HOOKS, concat!(home!(), "/hooks.json"), "/etc/cursor/hooks.json"],
            Inject::Yes,
            EVENTS,
        )
        .inject_backed(Standing::Unconfirmed),
    ),
    takes_prompt: true,
    context_fork: Support::Yes,
    caps: Some(&CAPS),
    sources: &[
        Source::vendor("https://cursor.com/docs/agent/terminal"),
        Source::vendor("https://cursor.com/docs/hooks"),
        Source::secondary("vercel/vercel:packages/detect-agent/src/index.ts"),
    ],
    gastown: Some(
        GastownPreset::hooked(
            P::Cursor,
            // Gastown's adapter, a native fact here: the design's row keeps cursor on the fallback.
            Adapter::unrendered(WORKSPACE_HOOKS, HookKind::HooksJson).hooking(&[
                (CanonicalEvent::SessionStart, "sessionStart"),
                (CanonicalEvent::ContextCompactPre, "preCompact"),
                (CanonicalEvent::PromptSubmit, "beforeSubmitPrompt"),
            ]),
            &[Launched, Other("agent")],
        )
        .ready_after(5000),
    ),
    // Skills read these to tell this runtime (hal-lint's labelled corpus).
    skill_vars: &["CURSOR_PLUGIN_ROOT", "CURSOR_SESSION_ID"],
    not_run: Some("installed by a curl script only; the same-named registry packages are other tools"),
    ..Runtime::new(P::Cursor, "Cursor")
};

pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "sessionStart"),
    Ev::mapped(E::SessionEnd, "sessionEnd"),
    Ev::mapped(E::PromptSubmit, "beforeSubmitPrompt"),
    Ev::mapped(E::TurnEnd, "stop"),
    Ev::mapped(E::ModelResponsePost, "afterAgentResponse"),
    Ev::mapped(E::ToolUsePre, "preToolUse"),
    Ev::mapped(E::ToolUsePost, "postToolUse"),
    Ev::mapped(E::ToolUseFail, "postToolUseFailure"),
    Ev::mapped(E::FileEditPost, "afterFileEdit"),
    Ev::mapped(E::FileReadPre, "beforeReadFile"),
    Ev::mapped(E::ShellExecPre, "beforeShellExecution"),
    Ev::mapped(E::ShellExecPost, "afterShellExecution"),
    Ev::mapped(E::McpExecPre, "beforeMCPExecution"),
    Ev::mapped(E::McpExecPost, "afterMCPExecution"),
    Ev::mapped(E::SubagentStart, "subagentStart"),
    Ev::mapped(E::SubagentEnd, "subagentStop"),
    Ev::mapped(E::ContextCompactPre, "preCompact"),
];

pub(super) const PAYLOAD: Payload = Payload {
    tells: &["cursor_version", "conversation_id", "generation_id", "workspace_roots", "user_email"],
    transcript: Some(".cursor/projects/"),
    sources: &[
        Source::vendor("https://cursor.com/docs/agent/hooks"),
        Source::secondary("https://cursor.com/docs/reference/third-party-hooks"),
        Source::secondary("GitGuardian/ggshield:tests/unit/verticals/ai/test_hooks.py"),
    ],
    ..Payload::new(P::Cursor, Some("hook_event_name"), NameStyle::Camel, "conversation_id")
};

pub(super) const CURSOR_DOCS: Source = Source::vendor("https://cursor.com/docs/cli/reference/parameters");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Cursor,
    executable: exe(&ROW, GT),
    interactive: c(Start::new(NONE, PromptAt::Positional), CURSOR_DOCS),
    print: Some(c(Start::new(&[Args::always(&["-p"])], PromptAt::Positional), CURSOR_DOCS)),
    output: Some(c(Output { flag: "--output-format", values: &["text", "json", "stream-json"] }, CURSOR_DOCS)),
    autonomy: Autonomy {
        none: Some(c(ASKS, CURSOR_DOCS)),
        edits: None,
        full: Some(c(Level::args(&[Args::always(&["-f"])], "commands unasked (--force)"), GT)),
    },
    resume: Some(c(
        Resume { by_id: Some(&["--resume"]), latest: None, style: Style::Flag, hal_ids: true },
        CURSOR_DOCS,
    )),
    model: Some(c("--model", CURSOR_DOCS)),
    instructions: c(&["AGENTS.md", ".cursor/rules/"], CURSOR_DOCS),
    config_dir: Some(c(ConfigDir { dir: home!(), var: None }, GT)),
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
    stamps: &[],
    gastown_stale: &[],
};

pub(super) const CAPS: Capabilities =
    Capabilities::new(P::Cursor, None, StartupStrategy::StartupFallback, G::PromptPreamble, secs(120), secs(30))
        .with_session_hooks(Support::Partial)
        .with_context_fork(Support::Yes)
        .with_startup_injection(StartupInjection::CommandPalette)
        .with_nudge_support(Support::Partial);

pub(super) const DEPARTURES: &[Departure] = &[
    Departure::new(
        P::Cursor,
        "session_id_env",
        "the design's cell is none; Cursor's id is CURSOR_CONVERSATION_ID (secondary)",
    ),
    Departure::new(
        P::Cursor,
        "session_hooks",
        "the design's cell is partial; Gastown's .cursor/hooks.json adapter is recorded as a native fact, not the plan",
    ),
    Departure::new(P::Cursor, "startup_strategy", "the design's cell: startup_fallback (not Gastown's adapter)"),
    Departure::new(P::Cursor, "startup_injection", "the design's cell: command palette"),
    Departure::new(P::Cursor, "gupp_strategy", "the design's cell: prompt_preamble through the command palette"),
    Departure::new(P::Cursor, "stall_threshold", "the design's own per-provider default (120 s)"),
    Departure::new(P::Cursor, "nudge_interval", "the design's own per-provider default (30 s)"),
    Departure::new(P::Cursor, "nudge_support", "the design's cell: limited"),
];

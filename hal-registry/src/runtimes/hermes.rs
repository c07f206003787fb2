//! Hermes: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{ASKS, c, exe};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, PromptAt, Resume, Start, Style, Trust};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Hooks, Inject, Marker, NativeEvent, Package, Runtime, Source, Verified};
use crate::registry::payload_shape::Clue::{Has, Named};
use crate::registry::payload_shape::{NameStyle, Payload, Rule};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

// Hermes's config folder: `home!()`.
config_folder!("~/.hermes");

pub(super) const LIVE_HERMES: Source = Source::ran("live run 2026-12-01", PACKAGE, live::NEWEST);

pub(super) const ROW: Runtime = Runtime {
    markers: &[
        // Hermes Agent 0.19.0 puts the session id on `os.environ` (`agent/agent_init.py`):
        // its tools and shell hooks inherit it (live run). `HERMES_AGENT`, named by a
        // survey of detectors, occurs nowhere in the 0.19.0 wheel: dropped.
        Marker::strong("HERMES_SESSION_ID", Truthy).verified(),
    ],
    // Also on `os.environ` for tools and hooks alike (live run, 0.19.0): `HERMES_QUIET=1`
    // (set at import), `HERMES_INTERACTIVE`, `HERMES_KANBAN_BOARD`; tools only:
    // `HERMES_REAL_HOME`; with `--yolo`: `HERMES_YOLO_MODE`. The gateway's platform.
    weak: &[
        "HERMES_QUIET",
        "HERMES_INTERACTIVE",
        "HERMES_KANBAN_BOARD",
        "HERMES_REAL_HOME",
        "HERMES_YOLO_MODE",
        "HERMES_SESSION_PLATFORM",
    ],
    settings: &["HERMES_HOME", "HERMES_ACCEPT_HOOKS"],
    // `hermes` is a Python console script: `python3.12 <venv>/bin/hermes`.
    executables: &["hermes"],
    session_vars: &["HERMES_SESSION_ID"],
    // Shell hooks from `hooks:` in `$HERMES_HOME/config.yaml` (`agent/shell_hooks.py`),
    // registered off a terminal only with `--accept-hooks` / `HERMES_ACCEPT_HOOKS`; a
    // hook's stdout is read as JSON (`pre_llm_call` may add context, not a session
    // start).
    hooks: Some(Hooks::native(&[concat!(home!(), "/config.yaml")], Inject::No, EVENTS)),
    takes_prompt: true,
    sources: &[
        LIVE_HERMES,
        Source::vendor("https://pypi.org/project/hermes-agent/ (0.19.0, agent/shell_hooks.py, hermes_cli/plugins.py)"),
        Source::secondary("huggingface/huggingface.js#2222"),
        Source::secondary("vercel/vercel#16095"),
    ],
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    ..Runtime::new(P::Hermes, "Hermes")
};

/// Hermes Agent 0.19.0's shell-hook events (`VALID_HOOKS` in `hermes_cli/plugins.py`,
/// the names a config's `hooks:` block may use; call sites read in the wheel, the
/// lifecycle ones fired in a live `chat -q` run). `on_session_end` fires at the end of
/// every `run_conversation` call (one turn: it carries `completed` and `interrupted`),
/// `on_session_finalize` when the CLI shuts the session down; `pre_llm_call` once per
/// turn before the model loop, with the user's message.
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "on_session_start"),
    Ev::mapped(E::SessionEnd, "on_session_finalize"),
    Ev::mapped(E::PromptSubmit, "pre_llm_call"),
    Ev::mapped(E::TurnEnd, "on_session_end"),
    Ev::mapped(E::ModelRequestPre, "pre_api_request"),
    Ev::mapped(E::ModelResponsePost, "post_api_request"),
    Ev::mapped(E::ToolUsePre, "pre_tool_call"),
    Ev::mapped(E::ToolUsePost, "post_tool_call"),
    Ev::mapped(E::SubagentStart, "subagent_start"),
    Ev::mapped(E::SubagentEnd, "subagent_stop"),
    Ev::mapped(E::PermissionRequest, "pre_approval_request"),
    // Hermes Agent 0.19.0's hook events with no canonical counterpart: output and result
    // transforms, the turn's final response (`post_llm_call`, before `on_session_end`), the
    // verification gate, a failed model request (retried), `/new` (`on_session_reset`), the
    // gateway's dispatch, an approval's answer and the kanban board's task transitions.
    Ev::unmapped("transform_terminal_output"),
    Ev::unmapped("transform_tool_result"),
    Ev::unmapped("transform_llm_output"),
    Ev::unmapped("post_llm_call"),
    Ev::unmapped("pre_verify"),
    Ev::unmapped("api_request_error"),
    Ev::unmapped("on_session_reset"),
    Ev::unmapped("pre_gateway_dispatch"),
    Ev::unmapped("post_approval_response"),
    Ev::unmapped("kanban_task_claimed"),
    Ev::unmapped("kanban_task_completed"),
    Ev::unmapped("kanban_task_blocked"),
];

/// The package it is installed from.
const PACKAGE: Package = Package::PyPi("hermes-agent");

/// The versions live runs verified, each written once, here: the verified record and
/// every source that cites a run name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "0.19.0";
}

/// Hermes Agent 0.19.0 (PyPI `hermes-agent`), `chat -q --yolo --accept-hooks`: tools and
/// shell hooks inherit its `os.environ`, where it puts `HERMES_SESSION_ID`
/// (`agent/agent_init.py`), `HERMES_QUIET=1` (at import, `cli.py`), `HERMES_INTERACTIVE`
/// and `HERMES_KANBAN_BOARD`; tools also get `HERMES_REAL_HOME`. No `HERMES_AGENT`.
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[],
    tool_vars: &["HERMES_SESSION_ID", "HERMES_QUIET", "HERMES_INTERACTIVE", "HERMES_KANBAN_BOARD", "HERMES_REAL_HOME"],
    hook_vars: &["HERMES_SESSION_ID", "HERMES_QUIET", "HERMES_INTERACTIVE", "HERMES_KANBAN_BOARD"],
    session_vars: &["HERMES_SESSION_ID"],
    events: &[
        "on_session_start",
        "pre_llm_call",
        "pre_api_request",
        "pre_tool_call",
        "transform_terminal_output",
        "transform_tool_result",
        "post_tool_call",
        "post_api_request",
        "transform_llm_output",
        "post_llm_call",
        "on_session_end",
        "on_session_finalize",
    ],
};

pub(super) const PAYLOAD: Payload = Payload {
    // `hook_event_name`, `tool_name`, `tool_input`, `session_id`, `cwd` and the event's
    // other arguments under `extra` (`agent/shell_hooks.py`; live run, Hermes Agent
    // 0.19.0: every event carries `extra`).
    rules: &[Rule::tell(&[Named("hook_event_name", NameStyle::Snake), Has("extra")])],
    sources: &[LIVE_HERMES, Source::vendor("https://pypi.org/project/hermes-agent/ (0.19.0, agent/shell_hooks.py)")],
    ..Payload::new(P::Hermes, Some("hook_event_name"), NameStyle::Snake, "session_id")
};

pub(super) const S_HERMES: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

pub(super) const HERMES_PKG: Source = Source::vendor("hermes-agent@0.19.0 (PyPI, its --help)");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Hermes,
    executable: exe(&ROW, S_HERMES),
    interactive: c(Start::new(&[Args::always(&["chat"])], PromptAt::Typed), HERMES_PKG),
    print: Some(c(Start::new(&[Args::always(&["chat"])], PromptAt::Flag("-q")), S_HERMES)),
    output: None,
    autonomy: Autonomy {
        none: Some(c(ASKS, HERMES_PKG)),
        edits: None,
        full: Some(c(Level::args(&[Args::always(&["--yolo"])], "nothing asked"), S_HERMES)),
    },
    resume: Some(c(
        Resume { by_id: Some(&["--resume"]), latest: Some(&["--continue"]), style: Style::Flag, hal_ids: true },
        HERMES_PKG,
    )),
    model: Some(c("-m", HERMES_PKG)),
    instructions: c(&["AGENTS.md", ".hermes.md"], HERMES_PKG),
    config_dir: Some(c(ConfigDir { dir: home!(), var: Some("HERMES_HOME") }, HERMES_PKG)),
    hook_trust: Some(c(Trust::Args(&[Args::always(&["--accept-hooks"])]), S_HERMES)),
    ready_prompt: None,
    startup_dialog: None,
    escape_cancels: None,
    session_id: None,
    acp: None,
    end_of_options: None,
    env: &[],
    env_from: &[],
    offline: &[],
    stamps: &["HERMES_INTERACTIVE", "HERMES_QUIET", "HERMES_REAL_HOME", "HERMES_YOLO_MODE", "HERMES_KANBAN_BOARD"],
    gastown_stale: &[],
};

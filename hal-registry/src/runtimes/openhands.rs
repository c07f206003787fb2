//! OpenHands: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{ASKS, NONE, c, exe};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::{Contains, Exact, Truthy};
use crate::registry::model::{Hooks, Inject, Marker, NativeEvent, Package, Runtime, Source, Verified};
use crate::registry::payload_shape::Clue::{Has, Named};
use crate::registry::payload_shape::NameStyle::Pascal;
use crate::registry::payload_shape::{NameStyle, Payload, Rule};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

// OpenHands's config folder: `home!()`.
config_folder!("~/.openhands");

pub(super) const LIVE_OPENHANDS: Source = Source::ran("live run 2026-12-01", PACKAGE, live::NEWEST);

pub(super) const ROW: Runtime = Runtime {
    markers: &[
        // The prompt of its terminal tool's shell (a tmux server of its own, so no
        // OpenHands process is among the tool's ancestors), exported (live run,
        // 1.16.0; `openhands-tools` 1.21.0).
        Marker::strong("PS1", Contains("###PS1JSON###")).verified(),
        Marker::strong("PROMPT_COMMAND", Contains("###PS1JSON###")).verified(),
        // OpenRouter's app attribution, put on `os.environ` by the SDK's LLM
        // (`openhands/sdk/llm/llm.py`): tools and hooks inherit it (live run). A generic
        // setting, hence the exact values (Aider sets its own).
        Marker::strong("OR_APP_NAME", Exact("OpenHands")).verified(),
        Marker::strong("OR_SITE_URL", Exact("https://docs.all-hands.dev/")).verified(),
        // Its hooks' environment (`openhands/sdk/hooks/executor.py`, live run).
        Marker::strong("OPENHANDS_SESSION_ID", Truthy).verified(),
        Marker::strong("OPENHANDS_PROJECT_DIR", Truthy).verified(),
    ],
    // Hooks only; the tool name only on tool events.
    weak: &["OPENHANDS_EVENT_TYPE", "OPENHANDS_TOOL_NAME"],
    settings: &["OPENHANDS_SUPPRESS_BANNER"],
    // `openhands` is a Python console script: `python <venv>/bin/openhands`.
    executables: &["openhands"],
    session_vars: &["OPENHANDS_SESSION_ID"],
    // `<workdir>/.openhands/hooks.json`, else `~/.openhands/hooks.json` (the SDK's
    // `HookConfig.load`, Claude's `{"hooks": {...}}` shape accepted); a SessionStart
    // hook's output is not put before the model (`conversation_hooks.py`).
    hooks: Some(Hooks::claude_settings(
        &[".openhands/hooks.json", concat!(home!(), "/hooks.json")],
        Inject::No,
        EVENTS,
    )),
    takes_prompt: true,
    sources: &[
        LIVE_OPENHANDS,
        Source::vendor("https://pypi.org/project/openhands-sdk/ (1.21.0, openhands/sdk/hooks/executor.py)"),
        Source::secondary("jdx/mise:crates/mise-agent-env/src/lib.rs"),
    ],
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    ..Runtime::new(P::Openhands, "OpenHands")
};

/// OpenHands' six hook events (`HookEventType` in `openhands-sdk` 1.21.0's
/// `openhands/sdk/hooks/types.py`, the SDK OpenHands CLI 1.16.0 pins); every one fired in
/// a live headless run. `Stop` runs when the agent would stop (its hooks may deny it).
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::SessionEnd, "SessionEnd"),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit"),
    Ev::mapped(E::TurnEnd, "Stop"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
];

/// The package it is installed from.
const PACKAGE: Package = Package::PyPi("openhands");

/// The versions live runs verified, each written once, here: the verified record and
/// every source that cites a run name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "1.16.0";
}

/// OpenHands CLI 1.16.0 (PyPI `openhands`, `openhands-sdk` 1.21.0), `--headless --json -t
/// --override-with-envs`: its terminal tool runs in a tmux server of its own (so no
/// OpenHands process is among the tool's ancestors) whose shell exports the `###PS1JSON###`
/// prompt; the SDK sets OpenRouter's attribution on `os.environ` (tool and hooks); hooks
/// get `OPENHANDS_*` (`hooks/executor.py`), the session id in `OPENHANDS_SESSION_ID`.
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[],
    tool_vars: &["PS1", "PROMPT_COMMAND", "OR_APP_NAME", "OR_SITE_URL"],
    hook_vars: &["OPENHANDS_SESSION_ID", "OPENHANDS_PROJECT_DIR", "OPENHANDS_EVENT_TYPE", "OR_APP_NAME", "OR_SITE_URL"],
    session_vars: &["OPENHANDS_SESSION_ID"],
    events: &["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"],
};

pub(super) const PAYLOAD: Payload = Payload {
    // The SDK's `HookEvent` (`openhands/sdk/hooks/types.py`): `event_type`, `tool_name`,
    // `tool_input`, `tool_response`, `message`, `session_id`, `working_dir`, `metadata`,
    // every key on every event (null where unset; live run, OpenHands CLI 1.16.0).
    rules: &[Rule::tell(&[Named("event_type", Pascal), Has("working_dir")])],
    sources: &[
        LIVE_OPENHANDS,
        Source::vendor("https://pypi.org/project/openhands-sdk/ (1.21.0, openhands/sdk/hooks/types.py)"),
    ],
    ..Payload::new(P::Openhands, Some("event_type"), NameStyle::Pascal, "session_id")
};

pub(super) const S_OPENHANDS: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

pub(super) const OPENHANDS_DOCS: Source =
    Source::vendor("https://docs.openhands.dev/openhands/usage/cli/command-reference");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Openhands,
    executable: exe(&ROW, S_OPENHANDS),
    interactive: c(Start::new(NONE, PromptAt::Flag("-t")), OPENHANDS_DOCS),
    print: Some(c(Start::new(&[Args::always(&["--headless", "--json"])], PromptAt::Flag("-t")), S_OPENHANDS)),
    output: Some(c(Output { flag: "--json", values: &[] }, S_OPENHANDS)),
    autonomy: Autonomy {
        none: Some(c(ASKS, OPENHANDS_DOCS)),
        edits: None,
        full: Some(c(
            Level::args(&[Args::always(&["--always-approve"])], "nothing asked (headless always is)"),
            OPENHANDS_DOCS,
        )),
    },
    resume: Some(c(
        Resume { by_id: Some(&["--resume"]), latest: None, style: Style::Flag, hal_ids: true },
        OPENHANDS_DOCS,
    )),
    model: None,
    instructions: c(&["AGENTS.md"], OPENHANDS_DOCS),
    config_dir: Some(c(ConfigDir { dir: home!(), var: None }, S_OPENHANDS)),
    hook_trust: None,
    ready_prompt: None,
    startup_dialog: None,
    escape_cancels: None,
    session_id: None,
    acp: Some(c(&["acp"], OPENHANDS_DOCS)),
    end_of_options: None,
    env: &[],
    env_from: &[],
    offline: &[],
    stamps: &["OPENHANDS_EVENT_TYPE", "OPENHANDS_PROJECT_DIR", "OPENHANDS_TOOL_NAME"],
    gastown_stale: &[],
};

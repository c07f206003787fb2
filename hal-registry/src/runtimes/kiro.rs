//! Kiro CLI: every fact hal holds of it, one descriptor (see [`super`]).

/// Its hook documentation.
const HOOKS_DOC: &str = "https://kiro.dev/docs/cli/hooks";

use super::shared::{ASKS, DETECT_AGENT, ITSELF, c, exe};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, PromptAt, Resume, Start, Style};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::{Contains, Exact, Truthy};
use crate::registry::model::{
    Combo, GastownPreset, Hooks, Inject, Marker, NativeEvent, PresetFact, Runtime, Source, Stale,
};
use crate::registry::payload_shape::{NameStyle, Payload};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    aliases: &["kiro-cli"],
    markers: &[
        Marker::strong("KIRO_SESSION_ID", Truthy),
        Marker::strong("KIRO_AGENT_PATH", Truthy).secondary(),
        Marker::strong("AWS_EXECUTION_ENV", Contains("kiro")).secondary(),
        // Kiro's IDE terminal carries it too: it counts only when no person is at
        // the other end (neither stderr nor a controlling terminal is a terminal).
        Marker::strong("TERM_PROGRAM", Exact("kiro")).secondary().unless_terminal(),
    ],
    combos: &[Combo::secondary(&[("AGENT_CONTEXT_OUT", Truthy), ("AGENT_DISPLAY_OUT", Truthy)])],
    weak: &["AGENT_CONTEXT_OUT"],
    executables: &["kiro-cli", "kiro-cli-chat"],
    session_vars: &["KIRO_SESSION_ID"],
    hooks: Some(Hooks::native(&[".kiro/agents/"], Inject::Yes, EVENTS)),
    takes_prompt: true,
    sources: &[
        Source::vendor(HOOKS_DOC),
        Source::secondary("jdx/mise:crates/mise-agent-env/src/lib.rs"),
        Source::secondary("unjs/std-env#196"),
        DETECT_AGENT,
    ],
    gastown: Some(GastownPreset::unhooked(P::Kiro, ITSELF).ready_after(5000).stale(&[Stale {
        gastown: PresetFact::NoHooks,
        reality: "Kiro CLI has hooks in its agent configuration (`agentSpawn`, `userPromptSubmit`, ...; \
                      kiro.dev/docs/cli/hooks); Gastown installs none",
    }])),
    not_run: Some("installed by a curl script only; the same-named registry packages are other tools"),
    ..Runtime::new(P::Kiro, "Kiro CLI")
};

pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "agentSpawn"),
    Ev::mapped(E::PromptSubmit, "userPromptSubmit"),
    Ev::mapped(E::ToolUsePre, "preToolUse"),
    Ev::mapped(E::ToolUsePost, "postToolUse"),
    Ev::mapped(E::TurnEnd, "stop"),
];

pub(super) const PAYLOAD: Payload = Payload {
    sources: &[
        Source::vendor(HOOKS_DOC),
        Source::vendor("aws/amazon-q-developer-cli:docs/hooks.md"),
        Source::secondary("git-ai-project/git-ai:src/commands/checkpoint_agent/presets/kiro.rs"),
    ],
    ..Payload::new(P::Kiro, Some("hook_event_name"), NameStyle::Camel, "session_id")
};

pub(super) const KIRO_DOCS: Source = Source::vendor("https://kiro.dev/docs/cli/reference/cli-commands/");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Kiro,
    executable: exe(&ROW, KIRO_DOCS),
    interactive: c(Start::new(&[Args::always(&["chat"])], PromptAt::Positional), KIRO_DOCS),
    print: Some(c(Start::new(&[Args::always(&["chat", "--no-interactive"])], PromptAt::Positional), KIRO_DOCS)),
    output: None,
    autonomy: Autonomy {
        none: Some(c(ASKS, KIRO_DOCS)),
        edits: None,
        full: Some(c(Level::args(&[Args::always(&["--trust-all-tools"])], "nothing asked"), KIRO_DOCS)),
    },
    resume: Some(c(Resume { by_id: None, latest: Some(&["--resume"]), style: Style::Flag, hal_ids: false }, KIRO_DOCS)),
    model: Some(c("--model", KIRO_DOCS)),
    instructions: c(&["AGENTS.md", ".kiro/steering/"], KIRO_DOCS),
    config_dir: Some(c(ConfigDir { dir: "~/.kiro", var: None }, KIRO_DOCS)),
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

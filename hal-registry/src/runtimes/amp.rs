//! Amp: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{ASKS, GT, ITSELF, NONE, c, exe};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::{Exact, Truthy};
use crate::registry::model::{GastownPreset, Hooks, Inject, Marker, NativeEvent, PresetFact, Runtime, Source, Stale};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

// Amp's config folder: `home!()`.
config_folder!("~/.config/amp");

pub(super) const ROW: Runtime = Runtime {
    aliases: &["ampcode"],
    markers: &[
        Marker::strong("AGENT", Exact("amp")).secondary(),
        Marker::strong("AMP_CURRENT_THREAD_ID", Truthy).secondary(),
        Marker::strong("AGENT_THREAD_ID", Truthy).secondary(),
    ],
    weak: &["AMP_HOME"],
    executables: &["amp"],
    session_vars: &["AMP_CURRENT_THREAD_ID"],
    keeps_markers_of: &[P::Claude],
    hooks: Some(Hooks::native(&[".amp/plugins/", concat!(home!(), "/plugins/")], Inject::Yes, EVENTS)),
    takes_prompt: true,
    sources: &[
        Source::vendor("https://ampcode.com/manual/plugin-api"),
        Source::secondary("cli/cli:internal/agents/detect.go"),
    ],
    gastown: Some(GastownPreset::unhooked(P::Amp, ITSELF).stale(&[Stale {
        gastown: PresetFact::NoHooks,
        reality: "Amp has plugin hooks (`.amp/plugins/`, ampcode.com/manual/plugin-api); Gastown installs none",
    }])),
    not_run: Some("its model traffic goes through Amp's own service: it cannot be pointed at a local model"),
    ..Runtime::new(P::Amp, "Amp")
};

pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "session.start"),
    Ev::mapped(E::ToolUsePre, "tool.call"),
    Ev::mapped(E::ToolUsePost, "tool.result"),
    Ev::mapped(E::SubagentStart, "agent.start"),
    Ev::mapped(E::SubagentEnd, "agent.end"),
];

pub(super) const AMP_DOCS: Source = Source::vendor("https://ampcode.com/manual");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Amp,
    executable: exe(&ROW, GT),
    interactive: c(Start::new(NONE, PromptAt::Stdin), AMP_DOCS),
    print: Some(c(Start::new(NONE, PromptAt::Flag("-x")), AMP_DOCS)),
    output: Some(c(Output { flag: "--stream-json", values: &[] }, AMP_DOCS)),
    autonomy: Autonomy {
        none: Some(c(ASKS, AMP_DOCS)),
        edits: None,
        full: Some(c(Level::args(&[Args::always(&["--dangerously-allow-all"])], "nothing asked"), GT)),
    },
    resume: Some(c(
        Resume { by_id: Some(&["threads", "continue"]), latest: None, style: Style::Subcommand, hal_ids: true },
        GT,
    )),
    model: None,
    instructions: c(&["AGENTS.md"], AMP_DOCS),
    config_dir: Some(c(ConfigDir { dir: home!(), var: None }, AMP_DOCS)),
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

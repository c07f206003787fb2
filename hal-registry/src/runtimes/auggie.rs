//! Auggie: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{ASKS, GT, ITSELF, NONE, c, exe};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, PromptAt, Resume, Start, Style};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::Exact;
use crate::registry::model::{GastownPreset, Hooks, Inject, Marker, NativeEvent, PresetFact, Runtime, Source, Stale};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

// Auggie's config folder: `home!()`.
config_folder!("~/.augment");

pub(super) const ROW: Runtime = Runtime {
    aliases: &["augment", "augment-cli"],
    markers: &[Marker::definitive("AUGMENT_AGENT", Exact("1"))],
    executables: &["auggie"],
    // The conversation id its hooks get (0.36.0's `augment.mjs:5785`,
    // `AUGMENT_CONVERSATION_ID:e.conversation_id`).
    session_vars: &["AUGMENT_CONVERSATION_ID"],
    hooks: Some(Hooks::native(&[".augment/settings.json", concat!(home!(), "/settings.json")], Inject::No, EVENTS)),
    takes_prompt: true,
    sources: &[
        Source::vendor("https://docs.augmentcode.com/cli/reference#shell-environment"),
        Source::vendor("https://docs.augmentcode.com/cli/hooks"),
        Source::vendor("@augmentcode/auggie@0.36.0:augment.mjs:5785"),
    ],
    gastown: Some(GastownPreset::unhooked(P::Auggie, ITSELF).stale(&[Stale {
        gastown: PresetFact::NoHooks,
        reality: "Auggie has hooks in `.augment/settings.json` (docs.augmentcode.com/cli/hooks); Gastown installs none",
    }])),
    not_run: Some("needs an Augment session (a login) to run"),
    ..Runtime::new(P::Auggie, "Auggie")
};

pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::SessionEnd, "SessionEnd"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
    Ev::mapped(E::TurnEnd, "Stop"),
];

pub(super) const AUGGIE_DOCS: Source = Source::vendor("https://docs.augmentcode.com/cli/reference");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Auggie,
    executable: exe(&ROW, GT),
    interactive: c(Start::new(NONE, PromptAt::Positional), AUGGIE_DOCS),
    print: Some(c(Start::new(&[Args::always(&["--print"])], PromptAt::Positional), AUGGIE_DOCS)),
    output: None,
    autonomy: Autonomy { none: Some(c(ASKS, AUGGIE_DOCS)), edits: None, full: None },
    resume: Some(c(Resume { by_id: Some(&["--resume"]), latest: None, style: Style::Flag, hal_ids: false }, GT)),
    model: Some(c("--model", AUGGIE_DOCS)),
    instructions: c(&["AGENTS.md"], GT),
    config_dir: Some(c(ConfigDir { dir: home!(), var: None }, AUGGIE_DOCS)),
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
    gastown_stale: &[(
        "Args",
        "--allow-indexing is no autonomy switch: it only skips the indexing question; hal names no full level",
    )],
};

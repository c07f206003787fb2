//! Polytoken: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::{Hooks, Inject, NativeEvent, Runtime, Source};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    executables: &["polytoken"],
    hooks: Some(Hooks::native(&[".polytoken/hooks.json"], Inject::No, EVENTS)),
    takes_prompt: true,
    sources: &[Source::secondary(
        "kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/polytoken.md",
    )],
    ..Runtime::new(P::Polytoken, "Polytoken")
};

pub(super) const EVENTS: &[NativeEvent] =
    &[Ev::mapped(E::PromptSubmit, "pre_user_prompt"), Ev::mapped(E::TurnEnd, "stop")];

//! Crush: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::{Exact, Flag};
use crate::registry::model::{Hooks, Inject, Marker, NativeEvent, Runtime, Source};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    markers: &[Marker::definitive("CRUSH", Flag), Marker::definitive("AGENT", Exact("crush"))],
    executables: &["crush"],
    session_vars: &["CRUSH_SESSION_ID"],
    hooks: Some(Hooks::native(&[".crush.json", "crush.json"], Inject::No, EVENTS)),
    takes_prompt: true,
    sources: &[
        Source::vendor("charmbracelet/crush:internal/shell/shell.go"),
        Source::vendor("charmbracelet/crush:docs/hooks"),
    ],
    not_run: Some(
        "`@charmland/crush`'s postinstall downloads the binary (no install script runs here, and the run is offline)",
    ),
    ..Runtime::new(P::Crush, "Crush")
};

pub(super) const EVENTS: &[NativeEvent] = &[Ev::mapped(E::ToolUsePre, "PreToolUse")];

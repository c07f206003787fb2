//! What several runtimes' descriptors share: sources cited by many, and the helpers
//! that build their tables. Names no runtime.

use crate::registry::launch_shape::{Args, Cited, Level};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ProcessName::{Launched, Other};
use crate::registry::model::{GASTOWN, NativeEvent, ProcessName, Runtime, Source};
use std::time::Duration;

/// `config_folder!("~/.codex")` defines `home!()`, the runtime's config folder: the one
/// place its path is written; the launch facts' `config_dir` and every file named in the
/// folder (`concat!(home!(), "/hooks.json")`) are built from it.
macro_rules! config_folder {
    ($dir:literal) => {
        macro_rules! home {
            () => {
                $dir
            };
        }
    };
}

pub(super) const FIRSTMATE: Source = Source::secondary("kunchenguid/firstmate:bin/fm-harness.sh");

/// `vercel/detect-agent`'s shared rule file (its `agents.json`, 2026-12-01, commit 3ab1df1).
pub(super) const DETECT_AGENT: Source = Source::secondary("vercel/detect-agent:agents.json");

/// Gastown's presets: an orchestrator's, so secondary for every runtime it launches.
pub(super) const GASTOWN_AGENTS: Source = GASTOWN;

/// `a` then `b`, as one table (a fork's events: its base's and its own).
pub(super) const fn join<const N: usize>(a: &[NativeEvent], b: &[NativeEvent]) -> [NativeEvent; N] {
    let mut out = [Ev::unmapped(""); N];
    let mut i = 0;
    while i < a.len() {
        out[i] = a[i];
        i += 1;
    }
    while i < N {
        out[i] = b[i - a.len()];
        i += 1;
    }
    out
}

/// The conformance suite's runs: verified at the version the cite names.
pub(super) const fn suite(cite: &'static str) -> Source {
    Source::verified(cite)
}

/// Gastown's preset table, read at steveyegge/gastown a8bd79b (2026-04-30).
pub(super) const GT: Source = Source::secondary("steveyegge/gastown:internal/config/agents.go@a8bd79b");

pub(super) const fn c<T>(value: T, source: Source) -> Cited<T> {
    Cited::new(value, source)
}

/// The executable a launch of `row` names ([`Runtime::launched`]), cited to `source`:
/// the launch facts derive it from the row's executables instead of writing it again.
pub(super) const fn exe(row: &Runtime, source: Source) -> Cited<&'static str> {
    match row.launched() {
        Some(name) => c(name, source),
        None => panic!("a runtime with launch facts names an executable"),
    }
}

/// Gastown's process names of a runtime it finds by its own executable only.
pub(super) const ITSELF: &[ProcessName] = &[Launched];

/// Gastown's process names of a runtime that may run under `node` or `bun`.
pub(super) const ITSELF_NODE_BUN: &[ProcessName] = &[Launched, Other("node"), Other("bun")];

pub(super) const NONE: &[Args] = &[];

/// Asks as the runtime does by default.
pub(super) const ASKS: Level = Level::args(NONE, "its default: asks before edits and commands");

pub(super) const fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

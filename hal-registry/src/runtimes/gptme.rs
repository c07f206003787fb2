//! gptme: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{ASKS, NONE, c, exe};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, PromptAt, Start};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Hooks, Inject, Marker, NativeEvent, Package, Runtime, Source, Verified};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

// gptme's config folder: `home!()`.
config_folder!("~/.config/gptme");

pub(super) const LIVE_GPTME: Source = Source::ran("live run 2026-12-02", PACKAGE, live::NEWEST);

pub(super) const ROW: Runtime = Runtime {
    // gptme 0.35.1 (PyPI `gptme`): its script hooks run with `GPTME_HOOK_EVENT`,
    // `GPTME_LOGDIR`, `GPTME_WORKSPACE` and `GPTME_MODEL` added to its environment
    // (`gptme/hooks/script.py`, live run); its shell tool (a persistent `bash` it
    // starts) inherits its environment unchanged: nothing of gptme's own, so the
    // tool is told by the ancestry (`gptme`, a Python console script).
    markers: &[Marker::strong("GPTME_HOOK_EVENT", Truthy).verified()],
    // Its tools also get `PAGER=` `GH_PAGER=` `GIT_PAGER=cat`, `EDITOR`, `VISUAL` and
    // `GIT_EDITOR` `true`, `PYTHONUNBUFFERED=1` (`gptme/tools/shell.py`, live run):
    // settings of many tools, none gptme's own.
    weak: &["GPTME_LOGDIR", "GPTME_WORKSPACE", "GPTME_MODEL"],
    executables: &["gptme"],
    // `[[hooks.scripts]]` of the user's `~/.config/gptme/config.toml` (always trusted)
    // or the project's `gptme.toml` (trusted on first use, asked on a terminal):
    // `session.start` and `session.end` only; a hook's output is only logged.
    hooks: Some(Hooks::native(&[concat!(home!(), "/config.toml"), "gptme.toml"], Inject::No, EVENTS)),
    takes_prompt: true,
    sources: &[
        LIVE_GPTME,
        Source::vendor("https://pypi.org/project/gptme/ (0.35.1, gptme/hooks/script.py, gptme/config/models.py)"),
    ],
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    ..Runtime::new(P::Gptme, "gptme")
};

/// gptme 0.35.1's script hooks (`[[hooks.scripts]]`, `gptme/config/models.py`
/// `ScriptHookConfig`: only these two events): shell commands run with no payload, the
/// event in `GPTME_HOOK_EVENT` (`gptme/hooks/script.py`).
pub(super) const EVENTS: &[NativeEvent] =
    &[Ev::mapped(E::SessionStart, "session.start"), Ev::mapped(E::SessionEnd, "session.end")];

/// The package it is installed from.
const PACKAGE: Package = Package::PyPi("gptme");

/// The versions live runs verified, each written once, here: the verified record and
/// every source that cites a run name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "0.35.1";
}

/// gptme 0.35.1 (PyPI `gptme`), `-n -y --tool-format tool -m local/<model>`: its shell
/// tool gets nothing of its own; its script hooks get `GPTME_HOOK_EVENT` and the rest of
/// `gptme/hooks/script.py`'s variables, no payload and no session id.
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[],
    tool_vars: &[],
    hook_vars: &["GPTME_HOOK_EVENT", "GPTME_LOGDIR", "GPTME_WORKSPACE", "GPTME_MODEL"],
    session_vars: &[],
    events: &["session.start", "session.end"],
};

pub(super) const S_GPTME: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

pub(super) const GPTME_PKG: Source = Source::vendor("gptme@0.35.1 (PyPI, its --help)");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Gptme,
    executable: exe(&ROW, S_GPTME),
    interactive: c(Start::new(NONE, PromptAt::Positional), GPTME_PKG),
    // `-n`: no confirmation and exit after the prompt's answer.
    print: Some(c(Start::new(&[Args::always(&["-n"])], PromptAt::Positional), S_GPTME)),
    output: None,
    autonomy: Autonomy {
        none: Some(c(ASKS, GPTME_PKG)),
        edits: None,
        full: Some(c(Level::args(&[Args::always(&["-y"])], "nothing asked"), S_GPTME)),
    },
    resume: None,
    model: Some(c("-m", S_GPTME)),
    instructions: c(&["gptme.toml"], GPTME_PKG),
    config_dir: Some(c(ConfigDir { dir: home!(), var: None }, GPTME_PKG)),
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
    stamps: &["GPTME_HOOK_EVENT", "GPTME_LOGDIR", "GPTME_WORKSPACE", "GPTME_MODEL"],
    gastown_stale: &[],
};

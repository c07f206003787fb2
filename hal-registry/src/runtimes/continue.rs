//! Continue CLI: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{NONE, c, exe};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style};
use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Marker, Package, Runtime, Source, Verified};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    aliases: &["cn", "continue-cli"],
    // Set on its hook commands (beside CLAUDE_PROJECT_DIR).
    markers: &[Marker::strong("CONTINUE_PROJECT_DIR", Truthy)],
    executables: &["cn"],
    takes_prompt: true,
    sources: &[Source::vendor("https://www.npmjs.com/package/@continuedev/cli (1.5.47, dist/index.js)")],
    package: Some(PACKAGE),
    verified: Some(VERIFIED),
    ..Runtime::new(P::Continue, "Continue CLI")
};

/// The package it is installed from.
const PACKAGE: Package = Package::Npm("@continuedev/cli");

/// The versions live runs verified, each written once, here: the verified record and
/// every source that cites a run name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "1.5.47";
}

/// Continue CLI (`@continuedev/cli`) 1.5.47, `cn -p`: nothing identifying set for its
/// tools (its ancestry decides), no hooks run one-shot, no session id (live run 2026-12-01).
pub(super) const VERIFIED: Verified =
    Verified { version: live::NEWEST, older: &[], tool_vars: &[], hook_vars: &[], session_vars: &[], events: &[] };

pub(super) const S_CONTINUE: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

pub(super) const CONTINUE_DOCS: Source = Source::vendor("https://docs.continue.dev/guides/cli");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Continue,
    executable: exe(&ROW, S_CONTINUE),
    interactive: c(Start::new(NONE, PromptAt::Positional), CONTINUE_DOCS),
    print: Some(c(Start::new(&[Args::always(&["-p"])], PromptAt::Positional), S_CONTINUE)),
    output: Some(c(Output { flag: "--format", values: &["json"] }, CONTINUE_DOCS)),
    autonomy: Autonomy {
        none: Some(c(Level::args(&[Args::always(&["--readonly"])], "read-only"), CONTINUE_DOCS)),
        edits: None,
        full: Some(c(Level::args(NONE, "-p runs its tools unasked"), S_CONTINUE)),
    },
    resume: Some(c(
        Resume { by_id: None, latest: Some(&["--resume"]), style: Style::Flag, hal_ids: false },
        CONTINUE_DOCS,
    )),
    model: Some(c("--model", CONTINUE_DOCS)),
    instructions: c(&["AGENTS.md", ".continue/rules/"], CONTINUE_DOCS),
    config_dir: Some(c(ConfigDir { dir: "~/.continue", var: Some("CONTINUE_GLOBAL_DIR") }, CONTINUE_DOCS)),
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

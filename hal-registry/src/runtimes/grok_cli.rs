//! grok-cli (@vibe-kit/grok-cli): every fact hal holds of it, one descriptor (see [`super`]).

/// Its npm page.
const NPM_PAGE: &str = "https://www.npmjs.com/package/@vibe-kit/grok-cli";

use super::shared::{NONE, c, exe};
use crate::registry::launch_shape::{Autonomy, ConfigDir, Launch, Level, PromptAt, Start};
use crate::registry::model::{Package, Runtime, Source, Verified};
use hal_types::RuntimeProvider as P;

pub(super) const LIVE_GROK_CLI: Source = Source::ran("live run 2026-12-01", PACKAGE, live::NEWEST);

pub(super) const ROW: Runtime = Runtime {
    // npm's `@vibe-kit/grok-cli` (0.0.34): another product than xAI's Grok Build
    // (the next row) under the same command name. It sets nothing in its tools'
    // environment, has no hooks and no session id, and runs as `node
    // <prefix>/node_modules/.bin/grok -p ...` (comm and exe `node`). So a `grok`
    // script run by an interpreter is this one; a native `grok` executable is
    // Grok Build. It writes `<ws>/.grok/settings.json` (key `model`) on its first run.
    aliases: &["vibe-kit-grok-cli"],
    scripts: &["@vibe-kit/grok-cli/"],
    script_names: &["grok"],
    takes_prompt: true,
    sources: &[LIVE_GROK_CLI, Source::vendor(NPM_PAGE)],
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    ..Runtime::new(P::GrokCli, "grok-cli (@vibe-kit/grok-cli)")
};

/// The package it is installed from.
const PACKAGE: Package = Package::Npm("@vibe-kit/grok-cli");

/// The versions live runs verified, each written once, here: the verified record and
/// every source that cites a run name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "0.0.34";
}

/// grok-cli (`@vibe-kit/grok-cli`) 0.0.34, `-p`: nothing set for its tools, no hooks, no session id.
pub(super) const VERIFIED: Verified =
    Verified { version: live::NEWEST, older: &[], tool_vars: &[], hook_vars: &[], session_vars: &[], events: &[] };

pub(super) const S_GROK_CLI: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

pub(super) const GROK_CLI_PKG: Source = Source::vendor(NPM_PAGE);

pub(super) const LAUNCH: Launch = Launch {
    provider: P::GrokCli,
    executable: exe(&ROW, S_GROK_CLI),
    interactive: c(Start::new(NONE, PromptAt::Positional), GROK_CLI_PKG),
    print: Some(c(Start::new(NONE, PromptAt::Flag("-p")), S_GROK_CLI)),
    output: None,
    autonomy: Autonomy {
        none: None,
        edits: None,
        full: Some(c(Level::args(NONE, "-p runs its tools unasked"), S_GROK_CLI)),
    },
    resume: None,
    model: Some(c("-m", GROK_CLI_PKG)),
    instructions: c(&[".grok/GROK.md"], GROK_CLI_PKG),
    config_dir: Some(c(ConfigDir { dir: "~/.grok", var: None }, GROK_CLI_PKG)),
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

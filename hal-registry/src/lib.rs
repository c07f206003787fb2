//! The runtime registry: one row per runtime, the single source of every fact hal
//! knows about a runtime (its signals, executables, session variables, hooks, family,
//! capabilities and the sources of those facts, each with its standing).
//!
//! hal-detect matches the host against the signals; hal-caps derives capability rows;
//! the lint, README and snapshots are generated from it. The table holds names as
//! data; nothing here reads them.
//!
//! - [`model`]: the shape of a row ([`Runtime`], [`Marker`], [`Hooks`], [`Source`], ...);
//! - `events`: the canonical lifecycle events (`hal_types::CanonicalEvent`) and each runtime's native names;
//! - `rows`: the rows, in marker priority order;
//! - `design`: the design's literal capability rows;
//! - [`payloads`]: what each runtime writes on a hook command's stdin;
//! - [`launch`]: how to start each runtime (its launch facts, Gastown's preset fields, the clear-list).
//!
//! Row order is the marker priority used when signals of several runtimes are present
//! and no process ancestor arbitrates: a variant, and a runtime that sets or keeps
//! another runtime's markers, come before it (see `registry_is_valid` in the tests).
//! A new runtime is one row in `rows` (its event map in `events`, its payload row in
//! [`payloads`] if it has hooks) and a variant in `hal_types::RuntimeProvider`; no
//! other source file names a runtime (ARCHITECTURE.md lists the files).

// The descriptors (and the modules moved here from hal-caps) name the registry by its
// old path, `crate::registry`: it stays the crate itself.
use crate as registry;

pub mod dated;
mod declared;
mod events;
mod find;
pub mod launch;
mod launch_shape;
pub mod model;
mod payload_shape;
pub mod payloads;
pub mod platform;
pub mod plugins;
pub mod runtimes;
pub mod span;
mod stale;
pub mod vars;
pub mod version;

pub use declared::{DeclaredAgent, MAX_DECLARED_LEN, parse_declared};
pub use events::CANONICAL_EVENTS;
pub use find::{lookup, runtime};
pub use model::Departure;
pub use model::{
    Adapter, CapChange, CapOverride, Combo, FALSY, FragmentSchema, GASTOWN, GASTOWN_PRESETS, GastownPreset, HookSchema,
    Hooks, Inject, Marker, NativeEvent, NeedsAncestor, ORCHESTRATORS, PRIME_WAIT_MS, Package, PluginApi, PresetFact,
    ProcessName, Run, Runtime, Source, Stale, Standing, TRUTHY, ValueRule, Verified, is_falsy, is_truthy,
};
pub use plugins::{PLUGIN_HOSTS, PluginHost};
pub use runtimes::REGISTRY;
pub use runtimes::{DESIGN_DEPARTURES, DESIGN_PROVIDERS, UNKNOWN_CAPS};
pub use stale::gastown_stale_markdown;
pub use version::Version;

use hal_types::RuntimeProvider;

/// Parses an `AI_AGENT` value (`claude-code_2-1-263_agent`, `crush`, `devin@1`,
/// `github_copilot_vscode_agent`) into the runtime it names, if hal knows it.
#[must_use]
pub fn parse_ai_agent(value: &str) -> Option<RuntimeProvider> {
    parse_declared(value)?.runtime(value)
}

/// Variables some rows use in a combination but that belong to the OS, the terminal or
/// CI, and that skills read for reasons of their own: they are not lint indicators.
pub const GENERIC_VARS: &[&str] = &[
    "HOME",
    "USER",
    "SHELL",
    "PAGER",
    "GIT_PAGER",
    "EDITOR",
    "PS1",
    "PROMPT_COMMAND",
    "TERM_PROGRAM",
    "PATH",
    "npm_config_yes",
    "GITHUB_ACTIONS",
    "GITHUB_WORKFLOW",
    "AWS_EXECUTION_ENV",
];

/// Every runtime-specific variable name the registry mentions (markers, combos, weak
/// signals, session variables, the variables skills read to tell a runtime; not
/// [`GENERIC_VARS`]), sorted and deduplicated: the lint's list of runtime indicators.
#[must_use]
pub fn indicator_vars() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = REGISTRY
        .iter()
        .flat_map(|r| {
            r.markers
                .iter()
                .map(|m| m.var)
                .chain(r.combos.iter().flat_map(|c| c.all.iter().map(|(v, _)| *v)))
                .chain(r.weak.iter().copied())
                .chain(r.settings.iter().copied())
                .chain(r.session_vars.iter().copied())
                .chain(r.cascade_session_var)
                .chain(r.skill_vars.iter().copied())
        })
        .filter(|v| !GENERIC_VARS.contains(v))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Every workspace path the registry names as a runtime indicator (hook files,
/// workspace files and the files a runtime writes in its folder), sorted and
/// deduplicated.
#[must_use]
pub fn indicator_paths() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = REGISTRY
        .iter()
        .flat_map(|r| {
            r.hooks
                .iter()
                .flat_map(|h| h.files.iter().copied())
                .chain(r.workspace_file)
                .chain(r.own_files.iter().copied())
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Every runtime's config folder as its launch facts name it (`.claude`, `.pi/agent`,
/// `.config/opencode`), `~/` dropped, sorted and deduplicated: a probe of the folder
/// itself asks whether the runtime is installed.
#[must_use]
pub fn config_folders() -> Vec<&'static str> {
    let mut out: Vec<&'static str> =
        launch::LAUNCH.iter().filter_map(|l| l.config_dir.map(|c| c.value.dir.trim_start_matches("~/"))).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Hidden directories that are generic, not any runtime's own: the lint does not count
/// a probe of them.
const GENERIC_DIRS: &[&str] = &[".github", ".config"];

/// Every runtime configuration directory the registry's hook and workspace files live
/// in (`.claude`, `.codex`, `.gemini`, ...): the first component of each such path
/// (`~/` dropped) that is a hidden directory of the runtime's own, sorted and
/// deduplicated.
#[must_use]
pub fn indicator_dirs() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = indicator_paths()
        .into_iter()
        .filter_map(|p| p.trim_start_matches("~/").split('/').next())
        .filter(|d| d.len() > 1 && d.starts_with('.') && !GENERIC_DIRS.contains(d))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Every runtime executable basename the registry names (`claude`, `codex`, `gemini`,
/// ...; a `*` pattern is given without its `*`): the process names a process-table probe
/// of a runtime looks for. Sorted and deduplicated.
#[must_use]
pub fn process_names() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = REGISTRY
        .iter()
        .flat_map(|r| r.executables.iter().map(|e| e.trim_end_matches('*').trim_end_matches('-')))
        .filter(|e| !e.is_empty())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The process names Gastown's preset for `row` looks for, in its order, the runtime's
/// own executable derived from the row ([`Runtime::launched`]; a variant without
/// executables of its own: its base's). Empty: no preset.
#[must_use]
pub fn gastown_process_names(row: &Runtime) -> Vec<&'static str> {
    let Some(preset) = row.gastown else { return Vec::new() };
    let launched = row.launched().or_else(|| row.variant_of.and_then(|base| runtime(base).launched()));
    preset
        .process_names
        .iter()
        .filter_map(|n| match n {
            ProcessName::Launched => launched,
            ProcessName::Other(name) => Some(*name),
        })
        .collect()
}

/// The family of `provider`: the base runtime it is a variant of, or itself.
#[must_use]
pub fn family(provider: RuntimeProvider) -> RuntimeProvider {
    runtime(provider).family()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every launch fact's config folder is listed once, without `~/`, sorted; folders of
    /// two pieces stay whole (`.pi/agent`): the lint matches a probe of the folder itself.
    #[test]
    fn config_folders_are_the_launch_facts_folders() {
        let folders = config_folders();
        let from_facts: Vec<&str> = launch::LAUNCH.iter().filter_map(|l| l.config_dir.map(|c| c.value.dir)).collect();
        assert!(!from_facts.is_empty());
        for dir in from_facts {
            let bare = dir.trim_start_matches("~/");
            assert!(folders.contains(&bare), "{dir} is missing");
        }
        assert!(folders.iter().all(|f| !f.starts_with('~')), "{folders:?}");
        assert!(folders.windows(2).all(|w| w[0] < w[1]), "not sorted and deduplicated: {folders:?}");
        assert!(folders.contains(&".pi/agent"), "{folders:?}");
    }
}

//! The names of the variables hal itself reads (operator and orchestrator variables), as
//! data: hal-detect reads them, the lint counts them as indicators, `hal man` describes
//! them. Runtime markers live in the registry ([`crate::registry`]).

/// How every Gastown operator and orchestrator variable's name starts: the lint counts any
/// `GT_*` name as an indicator, known to this version or not.
pub const GASTOWN_PREFIX: &str = "GT_";

/// Operator override of the runtime (cascade step 1).
pub const GT_RUNTIME: &str = "GT_RUNTIME";
/// Gastown's stamp of the preset it launched (cascade step 3).
pub const GT_AGENT: &str = "GT_AGENT";
/// Gastown's stamp of the launched agent's process names (comma-separated).
pub const GT_PROCESS_NAMES: &str = "GT_PROCESS_NAMES";
/// Gastown's stamp of the role it launched (`<rig>/polecats/<name>`, `mayor`, ...).
pub const GT_ROLE: &str = "GT_ROLE";
/// Gastown: the name of the variable holding the session id.
pub const GT_SESSION_ID_ENV: &str = "GT_SESSION_ID_ENV";
/// Gastown's generic session id variable.
pub const GT_SESSION_ID: &str = "GT_SESSION_ID";
/// Operator override of the stall threshold.
pub const GT_STALL_THRESHOLD: &str = "GT_STALL_THRESHOLD";
/// Operator override of the nudge interval.
pub const GT_NUDGE_INTERVAL: &str = "GT_NUDGE_INTERVAL";
/// Operator override of the GUPP strategy.
pub const GT_GUPP_STRATEGY: &str = "GT_GUPP_STRATEGY";
/// The name of Gastown's CLI (default `gt`).
pub const GT_COMMAND: &str = "GT_COMMAND";
/// hal's detection policy (`spec` or `ancestry`).
pub const GT_HAL_POLICY: &str = "GT_HAL_POLICY";
/// Operator override of the runtime's version (beside `GT_RUNTIME`): answers are for
/// this version of the detected runtime.
pub const GT_HAL_RUNTIME_VERSION: &str = "GT_HAL_RUNTIME_VERSION";
/// hal's config file path.
pub const GT_HAL_CONFIG: &str = "GT_HAL_CONFIG";
/// The workspace root Claude Code gives its hooks.
pub const CLAUDE_PROJECT_DIR: &str = "CLAUDE_PROJECT_DIR";
/// The generic agent identity variable (parsed, never decisive over a runtime's own marker).
pub const AI_AGENT: &str = "AI_AGENT";
/// The older generic agent variable: a self-declared name when its value is a name
/// (`AGENT=amp`), not a flag (`AGENT=1`); read after `AI_AGENT`.
pub const AGENT: &str = "AGENT";
/// XDG config directory.
pub const XDG_CONFIG_HOME: &str = "XDG_CONFIG_HOME";
/// The user's home directory.
pub const HOME: &str = "HOME";
/// The user's home folder on Windows (read before `HOME` there).
pub const USERPROFILE: &str = "USERPROFILE";
/// The user's roaming application-data folder on Windows (npm's global prefix is in it).
pub const APPDATA: &str = "APPDATA";
/// The user's local application-data folder on Windows (WinGet's links are in it).
pub const LOCALAPPDATA: &str = "LOCALAPPDATA";
/// Scoop's root folder on Windows, where set (its `shims` are searched).
pub const SCOOP: &str = "SCOOP";
/// The suffixes that make a file executable on Windows (`.COM;.EXE;.BAT;.CMD`).
pub const PATHEXT: &str = "PATHEXT";
/// The executable search path (read to find a runtime's install; not an indicator).
pub const PATH: &str = "PATH";
/// npm's global prefix, where set (`hal inventory` looks in its `bin`).
pub const NPM_CONFIG_PREFIX: &str = "NPM_CONFIG_PREFIX";
/// pnpm's global bin directory, where set (`hal inventory` looks in it).
pub const PNPM_HOME: &str = "PNPM_HOME";

/// Every variable hal reads besides the registry's, for the lint and for docs.
pub const ALL: &[&str] = &[
    GT_RUNTIME,
    GT_AGENT,
    GT_PROCESS_NAMES,
    GT_ROLE,
    GT_SESSION_ID_ENV,
    GT_SESSION_ID,
    GT_STALL_THRESHOLD,
    GT_NUDGE_INTERVAL,
    GT_GUPP_STRATEGY,
    GT_COMMAND,
    GT_HAL_POLICY,
    GT_HAL_CONFIG,
    GT_HAL_RUNTIME_VERSION,
    CLAUDE_PROJECT_DIR,
    AI_AGENT,
    AGENT,
];

/// Every variable of [`ALL`] with what hal does with it (for `hal man`), plus the
/// directories the config file is looked for in.
pub const DESCRIBED: &[(&str, &str)] = &[
    (GT_RUNTIME, "override of the runtime (id or alias); an unknown value decides unknown with a diagnostic"),
    (GT_AGENT, "Gastown's stamp of the preset it launched (cascade step 3)"),
    (GT_PROCESS_NAMES, "Gastown's stamp of the launched agent's process names, comma-separated"),
    (GT_ROLE, "Gastown's stamp of the role it launched"),
    (GT_SESSION_ID_ENV, "the name of the variable holding the session id; read first by hal session-id"),
    (GT_SESSION_ID, "Gastown's generic session id; read last by hal session-id"),
    (GT_STALL_THRESHOLD, "override of the stall threshold (240, 240s, 4m, 1h; 1 s to 24 h)"),
    (GT_NUDGE_INTERVAL, "override of the nudge interval (same format)"),
    (GT_GUPP_STRATEGY, "override of the GUPP strategy, where the runtime can do it"),
    (GT_COMMAND, "the name of Gastown's CLI in startup commands (default gt)"),
    (GT_HAL_POLICY, "the detection policy: spec (default) or ancestry"),
    (GT_HAL_CONFIG, "the config file; a missing file is a config_missing diagnostic"),
    (
        GT_HAL_RUNTIME_VERSION,
        "override of the detected runtime's version: caps, events, startup, gupp and env answer for it",
    ),
    (CLAUDE_PROJECT_DIR, "the workspace root for the workspace-file step"),
    (
        AI_AGENT,
        "the agent's own name (name@version; never decisive over a runtime's own marker); \
         an unknown name is reported as agent with provider unknown",
    ),
    (AGENT, "the agent's own name when AI_AGENT is unset and the value is a name, not 1/true"),
    (XDG_CONFIG_HOME, "where the config file is looked for when GT_HAL_CONFIG is unset"),
    (HOME, "where the config file is looked for last"),
    ("RUST_LOG", "a tracing filter for -v logging"),
];

#[cfg(test)]
mod tests {
    #[test]
    fn every_variable_is_described() {
        for v in super::ALL {
            assert!(super::DESCRIBED.iter().any(|(n, _)| n == v), "{v} lacks a description");
        }
    }
}

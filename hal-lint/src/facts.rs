//! Facts every language's linter and the manifest rule share: the programs, crates and
//! packages that read the process table and the endings of session-variable names. One
//! list each, so a language cannot learn a package another one misses. hal's own variable names are
//! `hal_caps::vars`; the runtimes' are the registry's.

/// Programs that list processes (what they are asked decides whether it is a finding).
pub(crate) const PROCESS_PROGRAMS: &[&str] = &["ps", "pgrep", "pidof", "pstree", "osascript"];
/// The pieces a provider's key is named by (`ANTHROPIC_API_KEY`, `ANTHROPIC_AUTH_TOKEN`,
/// `CLAUDE_CODE_OAUTH_TOKEN`): tested where the answer names a runtime, or in a
/// runtime's login check, it tells whether that runtime runs or is logged in (issue 47,
/// round 23).
pub(crate) const PROVIDER_KEY_PIECES: &[&str] = &["_API_KEY", "AUTH_TOKEN"];
/// How a function's name says it detects an installation or a runtime (`detect`,
/// `isDetected`, `is_installed`, Rust's `get_availability_info`), as the code spells
/// it: [`crate::indicators::is_detector`] reads the name whole.
pub(crate) const DETECTOR_WORDS: &[&str] =
    &["detect", "Detect", "DETECT", "installed", "Installed", "INSTALLED", "availability", "Availability"];
/// Rust crates that read the process table.
pub(crate) const PROCESS_CRATES: &[&str] = &["sysinfo", "procfs", "psutil", "heim"];
/// npm packages that list processes.
pub(crate) const NPM_PROCESS_PACKAGES: &[&str] =
    &["ps-list", "ps-tree", "find-process", "pidtree", "pidusage", "ps-node", "process-ancestry"];
/// The npm packages of [`NPM_PROCESS_PACKAGES`] that read a process's ancestry (a walk
/// from the parent, whatever it looks for).
pub(crate) const NPM_ANCESTRY_PACKAGES: &[&str] = &["process-ancestry"];
/// Python packages that list processes.
pub(crate) const PYTHON_PROCESS_PACKAGES: &[&str] = &["psutil"];
/// How a variable holding a session id is named: it ends so (`CLAUDE_CODE_SESSION_ID`,
/// `CODEX_THREAD_ID`, ...); reading one asks for the session id.
pub(crate) const SESSION_SUFFIXES: &[&str] =
    &["SESSION_ID", "THREAD_ID", "TASK_ID", "RUN_ID", "TRAJECTORY_ID", "CONVERSATION_ID"];

/// How a function's name says it uses its first argument's file for the program's own
/// ends: removes it (`removeEmptyDirectory`, `delete_tree`) or what it wrote there
/// (`uninstallClaudeCodeSettings(settingsPath)`), reads, loads or parses its contents
/// (`readFileString`, `load_settings`, `parseJsonFile`), copies from it
/// (`copyFileSync(p, backup)`), shows its contents (`show_dir_contents(&dir)`; issue 47,
/// round 24). A probe of that file guards the use.
pub(crate) const USING_VERBS: &[&str] =
    &["remove", "delete", "unlink", "uninstall", "read", "load", "parse", "copy", "show"];
/// How a function's name says it writes its first argument's file, saves or backs it up
/// (an installer's own configuration file: `save_toml_config(p, merged)`,
/// `writeJson(p, data)`, `backup_file(p)`; issue 47, round 18). A probe of that file
/// guards the write where the write does not hang on the probe's answer (not in a
/// branch of the probe's `if`: creating a file where none is found decides nothing
/// about the probe's answer, `configExists = true` in the other branch does).
pub(crate) const WRITING_VERBS: &[&str] = &["write", "save", "dump", "backup"];

/// Calls that only report (their name's last segment), and those that end the program.
pub(crate) const REPORTS: &[&str] = &["print", "error", "warn", "warning", "log", "write", "echo", "exit", "_exit"];
pub(crate) const EXITS: &[&str] = &["exit", "_exit"];

/// Fields named for detecting that hold a runtime's probe paths, read where they are
/// probed (`tool.detectionPaths.some((p) => statSync(p))`, `agent.detect.globalPaths`):
/// issue 47, round 17's rules kept as data, the prefilter's literals beside a probe.
pub(crate) const DETECTING_FIELDS: &[&str] =
    &["detectionPaths", "detectPaths", "detection_paths", "detect_paths", ".detect."];

/// A runtime's record's fields naming the process that tells it runs (`{ id: "codex",
/// process: [{ pattern: /^codex$/i }] }`, `processChecks: ["gemini"]`,
/// `process_names=("claude",)`): issue 47, round 16's rules kept as data. `process`
/// and `processes` only holding a list (`process: [`), the prefilter's literal.
pub(crate) const PROCESS_FIELDS: &[&str] = &[
    "process",
    "processes",
    "processChecks",
    "processNames",
    "processName",
    "process_checks",
    "process_names",
    "process_name",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_process_packages_hold_every_crate_and_package_once() {
        let mut all: Vec<&str> =
            PROCESS_CRATES.iter().chain(NPM_PROCESS_PACKAGES).chain(PYTHON_PROCESS_PACKAGES).copied().collect();
        assert!(all.contains(&"sysinfo") && all.contains(&"ps-list"));
        all.sort_unstable();
        let n = all.len();
        all.dedup();
        // psutil is a Python package and a Rust crate: the only name two lists share.
        assert_eq!(n - all.len(), 1, "{all:?}");
    }
}

//! Facts every language's linter and the manifest rule share: the programs, crates and
//! packages that read the process table, the endings of session-variable names, and the
//! literals that stand for a process-table read in any language. One list each, so a
//! language cannot learn a package another one misses. hal's own variable names are
//! `hal_caps::vars`; the runtimes' are the registry's.

/// Programs that list processes (what they are asked decides whether it is a finding).
pub(crate) const PROCESS_PROGRAMS: &[&str] = &["ps", "pgrep", "pidof", "pstree"];
/// Rust crates that read the process table.
pub(crate) const PROCESS_CRATES: &[&str] = &["sysinfo", "procfs", "psutil", "heim"];
/// npm packages that list processes.
pub(crate) const NPM_PROCESS_PACKAGES: &[&str] =
    &["ps-list", "ps-tree", "find-process", "pidtree", "pidusage", "ps-node"];
/// Python packages that list processes.
pub(crate) const PYTHON_PROCESS_PACKAGES: &[&str] = &["psutil"];
/// Ancestry APIs, in any language (`process.ppid`, `os.getppid()`, `$PPID`, sysinfo's
/// `parent_id`).
pub(crate) const ANCESTRY_LITERALS: &[&str] = &["ppid", "PPID", "parent_id"];
/// How a variable holding a session id is named: it ends so (`CLAUDE_CODE_SESSION_ID`,
/// `CODEX_THREAD_ID`, ...); reading one asks for the session id.
pub(crate) const SESSION_SUFFIXES: &[&str] =
    &["SESSION_ID", "THREAD_ID", "TASK_ID", "RUN_ID", "TRAJECTORY_ID", "CONVERSATION_ID"];

/// Every literal that stands for a process-table read besides `/proc` and the programs:
/// the ancestry APIs and every crate and package that lists processes.
pub(crate) fn process_literals() -> impl Iterator<Item = &'static str> {
    ANCESTRY_LITERALS.iter().chain(PROCESS_CRATES).chain(NPM_PROCESS_PACKAGES).chain(PYTHON_PROCESS_PACKAGES).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_process_literals_hold_every_crate_and_package_once_each_list_sorted_out() {
        let mut all: Vec<&str> = process_literals().collect();
        assert!(all.contains(&"sysinfo") && all.contains(&"ps-list") && all.contains(&"ppid"));
        all.sort_unstable();
        let n = all.len();
        all.dedup();
        // psutil is a Python package and a Rust crate: the only name two lists share.
        assert_eq!(n - all.len(), 1, "{all:?}");
    }
}

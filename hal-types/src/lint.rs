//! The boundary lint's rule ids: what `hal lint` findings name and suppressions allow,
//! each with a one-line doc. What each rule reports and leaves alone (the rules table of
//! `docs/reference/lint.md`, the man page) is the lint's own: hal-lint's `what`.

use crate::vocab::string_enum;

string_enum! {
    /// A rule of the boundary lint (`indicator-var`). Its spelling is what findings print
    /// and what a `hal-lint: allow(...)` comment names. Declared in the order findings at
    /// the same place sort by. Ids are never renamed or removed (`tests/vocab.rs`); a new
    /// rule needs its description in hal-lint (its build fails without one).
    pub enum LintRule("lint rule", newer = Newer) {
        /// Reading a runtime indicator variable (registry markers, session variables,
        /// stamps, `GT_*` operator variables).
        IndicatorVar = "indicator-var",
        /// Using a runtime-provided path variable (`CLAUDE_PROJECT_DIR`, ...) as a path:
        /// retired, never reported (the id stays so that suppressions naming it parse).
        RuntimePathVar = "runtime-path-var",
        /// Probing a runtime indicator file (`.claude/settings.json`, ...).
        IndicatorFile = "indicator-file",
        /// Reading the process table (`/proc`, `ps`, `sysinfo`, `psutil`, `process.ppid`).
        ProcessTable = "process-table",
        /// A crate depending on a hal crate other than `hal-types`.
        HalCrateDependency = "hal-crate-dependency",
        /// A `hal-types` requirement that does not pin a release line.
        UnpinnedHalTypes = "unpinned-hal-types",
        /// A manifest depending on a process-table crate or package.
        ProcessDependency = "process-dependency",
        /// A `package.json` or `pyproject.toml` depending on a runtime-detection package.
        DetectionPackage = "detection-package",
        /// A suppression comment without a reason or naming no known rule.
        BadSuppression = "bad-suppression",
    }
}

//! `hal-lint`: the boundary lint for skills.
//!
//! The design's rule: no skill outside the HAL inspects environment variables, probes
//! the filesystem for runtime indicators, or checks the process tree; it asks the HAL
//! (`hal_types::RuntimeHal` from Rust, the `hal` command from anything else). This crate
//! finds the places that break the rule in Rust (parsed with `syn`), shell, TypeScript,
//! JavaScript and Python (parsed with tree-sitter grammars), in hook command strings of
//! `.claude/settings.json`-style files, and in manifests (`Cargo.toml`, `package.json`,
//! `pyproject.toml`).
//!
//! Comments and documentation are never findings: every language is parsed, and only
//! code is looked at. A literal naming a runtime indicator counts only where it reaches
//! an environment read or a filesystem probe. The indicator names come from
//! `hal_caps::registry`, so the lint cannot drift from what hal detects.
//!
//! ```
//! use std::path::Path;
//!
//! let found = hal_lint::lint_source(Path::new("hook.sh"), "[ -n \"$CLAUDECODE\" ] && echo claude\n");
//! assert_eq!(found.findings[0].rule, hal_lint::Rule::IndicatorVar);
//! assert_eq!((found.findings[0].line, found.findings[0].column), (1, 7));
//! ```
#![deny(missing_docs)]

mod code;
mod facts;
mod file;
mod focus;
mod guard;
mod hit;
mod hooks;
mod indicators;
mod js;
mod layout;
mod lines;
mod manifest;
mod markdown;
mod output;
mod prefilter;
mod python;
mod reads;
mod report;
mod rules;
mod rust;
mod rust_lookups;
mod scan;
mod shell;
mod suggest;
mod suppress;
mod ts;
mod walk;
mod what;

use std::path::{Path, PathBuf};

pub use hal_types::{Diagnostic, DiagnosticCode};
pub use hit::Kind;
pub use indicators::{indicator_paths, indicator_vars, is_indicator_var, is_path_var};
pub use output::{JSON_VERSION, github_escape, shown_path, shown_text};
pub use prefilter::{
    might_hold_finding, might_hold_finding_in, might_hold_finding_of, might_hold_finding_without, prefilter_literals,
};
pub use report::{Finding, Options, Report};
pub use rules::{Ask, DEFS, RULES, Rule, RuleDef, Start, def, what};
pub use walk::{SKIP_DIRS, kind_of};

/// Lints every path: a directory is walked (honouring `.gitignore`, skipping `.git`,
/// `target`, `node_modules` and virtual environments), a file is linted when its kind is
/// known. A path that does not exist is a `path_missing` diagnostic; a named path that
/// is no regular file (a device, a FIFO) is a `path_unreadable` one and is never read.
#[must_use]
pub fn lint_paths(paths: &[PathBuf], options: &Options) -> Report {
    let mut report = walk::lint_roots(paths, options);
    report.findings.sort();
    report.findings.dedup();
    report
}

/// Lints one file's text, its kind chosen from `path` (extension, file name) or, for a
/// file without an extension, from a shebang in `src`. A file of no known kind yields
/// nothing.
#[must_use]
pub fn lint_source(path: &Path, src: &str) -> Report {
    lint_source_with(path, src, &Options::default())
}

/// [`lint_source`] with `options` (`strict`).
#[must_use]
pub fn lint_source_with(path: &Path, src: &str, options: &Options) -> Report {
    let mut report = Report::default();
    if let Some(kind) = kind_of(path, src) {
        file::lint_text(path, kind, src, options, &mut report);
    }
    report.findings.sort();
    report.findings.dedup();
    report
}

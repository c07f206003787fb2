//! The shape of the `hal` command's JSON answers.

use serde::{Deserialize, Serialize};

use crate::{Diagnostic, LintRule};

/// The version of hal's JSON. It changes only when a key is removed or renamed or a
/// type narrowed; new keys and new enum values arrive within a version.
pub const JSON_VERSION: u32 = 1;

/// One JSON answer of the `hal` command: the body's keys, then `version`, `warnings`
/// (the diagnostics' messages, kept for version 1) and `diagnostics`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(bound = "T: schemars::JsonSchema"))]
#[non_exhaustive]
pub struct Answer<T> {
    /// The command's own keys.
    #[serde(flatten)]
    pub body: T,
    /// [`JSON_VERSION`].
    #[cfg_attr(feature = "schema", schemars(range(min = 1, max = 1)))]
    pub version: u32,
    /// The messages of [`Answer::diagnostics`], in order.
    pub warnings: Vec<String>,
    /// What went wrong or was ignored, each with a stable code.
    pub diagnostics: Vec<Diagnostic>,
}

impl<T> Answer<T> {
    /// An answer of `body` with `diagnostics` (and their messages as `warnings`).
    #[must_use]
    pub fn new(body: T, diagnostics: Vec<Diagnostic>) -> Self {
        Self { body, version: JSON_VERSION, warnings: crate::messages(&diagnostics), diagnostics }
    }
}

/// One finding of the boundary lint (`hal lint --json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct LintFinding {
    /// The rule's stable id (`indicator-var`, `process-table`, ...).
    pub rule: LintRule,
    /// The file, relative to the directory `hal lint` ran in where it can be.
    pub path: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What was found and what to call instead.
    pub message: String,
    /// The HAL call to use instead.
    pub suggestion: String,
    /// Deprecated alias of `column` (until JSON version 2).
    pub col: usize,
    /// Deprecated alias of `message` (until JSON version 2).
    pub found: String,
}

impl LintFinding {
    /// A finding; the deprecated aliases repeat `column` and `message`.
    #[must_use]
    pub fn new(rule: LintRule, path: String, line: usize, column: usize, message: &str, suggestion: &str) -> Self {
        Self {
            rule,
            path,
            line,
            column,
            message: message.to_owned(),
            suggestion: suggestion.to_owned(),
            col: column,
            found: message.to_owned(),
        }
    }
}

/// `hal lint --json`: every finding, sorted by path, line, column and rule.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Lint {
    /// The findings.
    pub findings: Vec<LintFinding>,
}

impl Lint {
    /// The answer listing `findings`.
    #[must_use]
    pub const fn new(findings: Vec<LintFinding>) -> Self {
        Self { findings }
    }
}

//! The shape of the `hal` command's JSON answers.

use serde::{Deserialize, Serialize};

use crate::Diagnostic;

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

//! Structured diagnostics: what went wrong or was ignored, with a stable code.

use serde::{Deserialize, Serialize};

use crate::vocab::string_enum;

string_enum! {
    /// The stable code of a [`Diagnostic`]. Tools match on the code, never on the message.
    ///
    /// `#[non_exhaustive]`: new codes arrive in minor releases; treat a code you do not
    /// know as a warning to show.
    pub enum DiagnosticCode("diagnostic code", newer = Newer) {
        /// `GT_RUNTIME` names no runtime hal knows; the provider is `unknown`.
        OverrideUnknownRuntime = "override_unknown_runtime",
        /// An override (`GT_GUPP_STRATEGY`, a config value) was refused: the runtime
        /// cannot do it, or the value is not one hal accepts.
        OverrideRejected = "override_rejected",
        /// A duration override is outside 1 s to 24 h, or not a duration.
        OverrideOutOfRange = "override_out_of_range",
        /// The nudge interval is not shorter than the stall threshold.
        NudgeNotShorter = "nudge_not_shorter",
        /// `GT_HAL_POLICY` is not a policy; `spec` is used.
        PolicyInvalid = "policy_invalid",
        /// The config file exists but cannot be used (not a regular file, too large,
        /// unreadable, not UTF-8, not valid TOML, unknown keys).
        ConfigUnusable = "config_unusable",
        /// `GT_HAL_CONFIG` names a file that does not exist.
        ConfigMissing = "config_missing",
        /// An orchestrator stamp (`GT_AGENT`) names a preset hal does not know.
        StampUnknown = "stamp_unknown",
        /// A Gastown role stamp (`GT_ROLE`) hal cannot map to a role.
        RoleUnknown = "role_unknown",
        /// The process ancestry was deeper than the walk goes.
        AncestryTruncated = "ancestry_truncated",
        /// A host probe failed (a vanished process, a denied read, an unreadable
        /// directory); the cascade went on without it.
        ProbeFailed = "probe_failed",
        /// A runtime's workspace file is a FIFO, socket, device or directory; ignored.
        WorkspaceSpecialFile = "workspace_special_file",
        /// The runtime is `unknown` and `--require-known` was given.
        RuntimeUnknown = "runtime_unknown",
        /// A hook payload field was ignored or disagrees with the environment.
        HookPayload = "hook_payload",
        /// A file could not be parsed by the boundary lint; the rest was linted.
        LintUnparseable = "lint_unparseable",
        /// A path given to the boundary lint does not exist (a usage error, exit 2).
        PathMissing = "path_missing",
        /// A path given to or found by the boundary lint could not be read.
        PathUnreadable = "path_unreadable",
        /// A file larger than the boundary lint reads (16 MiB); not linted.
        FileTooLarge = "file_too_large",
        /// A file named to the boundary lint is of no kind it knows.
        UnsupportedFile = "unsupported_file",
        /// This hal was built without the boundary lint (`cargo xtask dist`).
        LintUnavailable = "lint_unavailable",
        /// The boundary lint left something out and says what: files an ignore file
        /// (`.gitignore`, `.ignore`) or the walk's depth limit kept from it, findings past
        /// the most one file lists.
        LintLeftOut = "lint_left_out",
        /// The runtime's version is unknown and the answer rests on a fact that holds
        /// from some version on: the answer is for the newest verified version, and the
        /// message names the floor.
        VersionUnknown = "version_unknown",
        /// The runtime's version is older than the oldest hal dates facts for, or a
        /// version override is not a version.
        VersionUnsupported = "version_unsupported",
        /// An agent declared itself (`AI_AGENT`, a runtime hal knows or not) beside
        /// another runtime's markers, no runtime ancestor says which runs nearer, and
        /// the overwrite rule does not settle it (the markers' runtime does not overwrite
        /// `AI_AGENT` for its children, or its version is unknown): the answer is by
        /// priority and `ambiguous`.
        AgentAmbiguous = "agent_ambiguous",
        /// The runtime's version is not one a live run verified: newer than the newest
        /// verified version (the answer extrapolates), or between verified versions; the
        /// message names the version, the newest verified one and the nearest.
        VersionUnverified = "version_unverified",
        /// A runtime asked about is not installed where hal looks (`hal inventory
        /// --require-verified`); the message names the places looked at.
        RuntimeNotInstalled = "runtime_not_installed",
    }
}

impl DiagnosticCode {
    /// What the code means, in one line (the reference's table of codes (docs/reference/commands.md) and `hal man` share it).
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Self::OverrideUnknownRuntime => {
                "the runtime override names no runtime hal knows; the provider is `unknown`"
            }
            Self::OverrideRejected => {
                "an override (a GUPP strategy, the command name, a config value) was refused; the value before it stands"
            }
            Self::OverrideOutOfRange => {
                "a duration override is not a duration of 1 s to 24 h; the value before it stands"
            }
            Self::NudgeNotShorter => "the nudge interval is not shorter than the stall threshold",
            Self::PolicyInvalid => "the policy variable is not a policy; `spec` is used",
            Self::ConfigUnusable => {
                "the config file exists but cannot be used (not a regular file, too large, unreadable, not TOML, unknown keys)"
            }
            Self::ConfigMissing => "the config file the operator named does not exist; built-in defaults are used",
            Self::StampUnknown => "the orchestrator stamp names a preset hal does not know; the cascade went on",
            Self::RoleUnknown => "the orchestrator's role stamp cannot be mapped to a role",
            Self::AncestryTruncated => "the process ancestry was deeper than the walk goes",
            Self::ProbeFailed => {
                "a host probe failed (a vanished process, a denied read); the cascade went on without it"
            }
            Self::WorkspaceSpecialFile => "a runtime's workspace file is a FIFO, socket, device or directory; ignored",
            Self::RuntimeUnknown => "the runtime is `unknown` and `--require-known` was given",
            Self::HookPayload => "a hook payload field was ignored or disagrees with the environment",
            Self::LintUnparseable => "a file could not be parsed by the boundary lint; the rest was linted",
            Self::PathMissing => "a path given to the boundary lint does not exist (a usage error)",
            Self::PathUnreadable => "a path given to or found by the boundary lint could not be read",
            Self::FileTooLarge => "a file larger than the boundary lint reads (16 MiB); not linted",
            Self::UnsupportedFile => "a file named to the boundary lint is of no kind it knows",
            Self::LintUnavailable => "this hal was built without the boundary lint (the hook binary)",
            Self::Newer => "a code a newer hal reports that this version does not know",
            Self::LintLeftOut => {
                "the boundary lint left out files an ignore file or its depth limit names, or findings past 1,000 in one file"
            }
            Self::VersionUnknown => {
                "the runtime's version is unknown; the answer is for the newest verified version and the message names the version a fact needs"
            }
            Self::VersionUnsupported => {
                "the runtime's version is older than the oldest hal dates facts for, or a version override is not a version"
            }
            Self::AgentAmbiguous => {
                "an agent declared itself beside another runtime's markers and nothing says which runs nearer; the answer is by priority"
            }
            Self::VersionUnverified => {
                "the runtime's version is not one a live run verified (newer than the newest, or between two); the message names the newest and the nearest"
            }
            Self::RuntimeNotInstalled => {
                "a runtime asked about is not installed where hal looks; the message names the places"
            }
        }
    }
}

/// One diagnostic: a stable [`DiagnosticCode`], what it is about, and a message for humans.
///
/// The message never contains a variable's raw value unescaped; the value a diagnostic
/// is about, where one was given, is in [`Diagnostic::subject`] or the message, escaped.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Diagnostic {
    /// The stable code.
    pub code: DiagnosticCode,
    /// The variable, file or field the diagnostic is about (`GT_RUNTIME`, a config
    /// path); `null` when it is about nothing in particular.
    #[serde(default)]
    pub subject: Option<String>,
    /// One line for humans.
    pub message: String,
}

/// The most characters of a diagnostic's message; a longer one is cut, ending in `…`.
pub const MAX_MESSAGE: usize = 512;

/// The most characters of a diagnostic's subject; a longer one is cut, ending in `…`.
pub const MAX_SUBJECT: usize = 256;

/// `s` cut to at most `max` characters (the last one `…` when cut).
fn bounded(s: String, max: usize) -> String {
    match s.char_indices().nth(max.saturating_sub(1)) {
        Some((at, _)) if s[at..].chars().nth(1).is_some() => {
            let mut cut = s[..at].to_owned();
            cut.push('…');
            cut
        }
        _ => s,
    }
}

impl Diagnostic {
    /// A diagnostic of `code` about `subject`. The message is cut to [`MAX_MESSAGE`]
    /// characters and the subject to [`MAX_SUBJECT`], so no diagnostic grows with
    /// the value it is about.
    #[must_use]
    pub fn new(code: DiagnosticCode, subject: Option<&str>, message: impl Into<String>) -> Self {
        Self {
            code,
            subject: subject.map(|s| bounded(s.to_owned(), MAX_SUBJECT)),
            message: bounded(message.into(), MAX_MESSAGE),
        }
    }
}

/// The messages of `diagnostics`, in order (the `warnings` array of hal's JSON).
#[must_use]
pub fn messages(diagnostics: &[Diagnostic]) -> Vec<String> {
    diagnostics.iter().map(|d| d.message.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_and_subjects_are_bounded() {
        let d = Diagnostic::new(DiagnosticCode::ProbeFailed, Some(&"s".repeat(1000)), "é".repeat(MAX_MESSAGE));
        assert_eq!(d.message.chars().count(), MAX_MESSAGE);
        assert!(!d.message.ends_with('…'));
        let d = Diagnostic::new(DiagnosticCode::ProbeFailed, Some(&"s".repeat(1000)), "é".repeat(MAX_MESSAGE + 1));
        assert_eq!(d.message.chars().count(), MAX_MESSAGE);
        assert!(d.message.ends_with('…'));
        assert_eq!(d.subject.unwrap().chars().count(), MAX_SUBJECT);
    }
}

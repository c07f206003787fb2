//! Facts that hold for a range of a runtime's versions, and what a runtime is at one
//! version. Each fact cites the packages it was read from (`History`'s data lives in
//! `history`, one record per runtime whose facts moved between versions).
//!
//! A fact's `since` is the first version read that has it (the truth may be earlier:
//! hal under-claims between two versions read, never over-claims, because a Claude
//! Code ≤ 2.0.x settings file naming one event the version lacks runs no hook at all).

use hal_types::CanonicalEvent;

use super::model::{Hooks, NativeEvent, Runtime};
pub use super::span::{AgentForm, History, HookHistory, Span, VarSpan};
use super::version::Version;

impl Runtime {
    /// The npm packages the runtime ships as: its script anchors' packages
    /// (`@google/gemini-cli/` → `@google/gemini-cli`) and its history's.
    #[must_use]
    pub fn packages(&self) -> Vec<&'static str> {
        let anchors = self.scripts.iter().map(|s| s.trim_end_matches('/')).filter(|s| !s.is_empty());
        let mut out: Vec<&'static str> =
            anchors.chain(self.history.iter().flat_map(|h| h.packages.iter().copied())).collect();
        out.dedup();
        out
    }
}

/// A runtime at one version (or at the newest, when the version is unknown): what of
/// its row holds there.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct At<'a> {
    /// The row.
    pub runtime: &'a Runtime,
    /// The version, when known.
    pub version: Option<Version>,
}

impl<'a> At<'a> {
    /// `runtime` at `version` (`None`: unknown, answered for the newest).
    #[must_use]
    pub const fn new(runtime: &'a Runtime, version: Option<Version>) -> Self {
        Self { runtime, version }
    }

    fn history(&self) -> Option<&'static History> {
        self.runtime.history
    }

    /// Whether the version is known and the hook system is not there yet (or any more).
    #[must_use]
    pub fn lacks_hooks(&self) -> bool {
        match (self.history(), &self.version) {
            (Some(h), Some(v)) => !h.hooks.span.holds(v),
            _ => false,
        }
    }

    /// The hook system at this version: the row's, or none before it existed.
    #[must_use]
    pub fn hook_system(&self) -> Option<Hooks> {
        if self.lacks_hooks() { None } else { self.runtime.hook_system() }
    }

    /// The row of `native`, where the runtime dates its facts (its row has a
    /// `history`): a runtime without one, or a variant sharing its base's hook system
    /// without the base's history, reads every event as undated.
    fn dated_event(&self, native: &str) -> Option<&'static NativeEvent> {
        self.history()?;
        self.runtime.hook_system()?.event(native)
    }

    /// Whether `native` is an event of this version (always, for an event not dated
    /// or an unknown version).
    #[must_use]
    pub fn has_event(&self, native: &str) -> bool {
        match (self.dated_event(native), &self.version) {
            (Some(e), Some(v)) => e.span.holds(v),
            _ => true,
        }
    }

    /// Canonical → native, for the events this version has.
    #[must_use]
    pub fn events(&self) -> Vec<(CanonicalEvent, &'static str)> {
        self.hook_system().map(|h| h.mapped().filter(|(_, n)| self.has_event(n)).collect()).unwrap_or_default()
    }

    /// The native events no canonical event fits, that this version has.
    #[must_use]
    pub fn unmapped(&self) -> Vec<&'static str> {
        self.hook_system().map(|h| h.unmapped().filter(|n| self.has_event(n)).collect()).unwrap_or_default()
    }

    /// The native name of `canonical` at this version, if it can be hooked there.
    #[must_use]
    pub fn native_event(&self, canonical: CanonicalEvent) -> Option<&'static str> {
        self.events().into_iter().find(|(c, _)| *c == canonical).map(|(_, n)| n)
    }

    /// The switch the hook system needs at this version, if any.
    #[must_use]
    pub fn switch(&self) -> Option<&'static str> {
        self.hook_system()?;
        self.history().and_then(|h| h.hooks.switch)
    }

    /// The callback a version without the hook system has instead (`notify`).
    #[must_use]
    pub fn mechanism_instead(&self) -> Option<&'static str> {
        if self.lacks_hooks() { self.history().and_then(|h| h.hooks.before) } else { None }
    }

    /// Whether the version is known and older than the oldest the registry dates.
    #[must_use]
    pub fn older_than_supported(&self) -> bool {
        match (self.history(), &self.version) {
            (Some(h), Some(v)) => !v.at_least(h.oldest),
            _ => false,
        }
    }

    /// The dated facts an answer for the newest version rests on, as
    /// `(what, span)`: the hook system's first version and each mapped event's, where
    /// the newest version has them and older ones did not. Empty for a runtime
    /// without history.
    #[must_use]
    pub fn floors(&self) -> Vec<(String, Span)> {
        let Some(h) = self.history() else { return Vec::new() };
        let mut out = Vec::new();
        if h.hooks.span.since.is_some() {
            out.push((format!("{}'s hook system", self.runtime.name), h.hooks.span));
        }
        if let Some(start) = self.runtime.hook_system().and_then(|x| x.native_event(CanonicalEvent::SessionStart))
            && let Some(e) = self.dated_event(start)
            && e.span.since.is_some()
        {
            out.push((format!("`{start}`"), e.span));
        }
        out
    }
}

/// How an installed version of a runtime stands against what live runs verified.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum InstallStanding {
    /// A live run verified this exact version.
    Verified,
    /// Between the oldest and the newest version verified.
    WithinVerified,
    /// Newer than every version verified.
    NewerThanVerified,
    /// Older than every version verified, but not than the oldest the registry dates.
    OlderThanVerified,
    /// Older than the oldest version the registry dates facts for.
    OlderThanSupported,
    /// The runtime was never run live: nothing to compare with.
    NeverVerified,
    /// The installed version could not be read.
    UnknownVersion,
}

impl InstallStanding {
    /// Every standing, in order.
    pub const ALL: &'static [Self] = &[
        Self::Verified,
        Self::WithinVerified,
        Self::NewerThanVerified,
        Self::OlderThanVerified,
        Self::OlderThanSupported,
        Self::NeverVerified,
        Self::UnknownVersion,
    ];

    /// The spelling of every surface (`verified`, `within_verified`, ...).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Verified => "verified",
            Self::WithinVerified => "within_verified",
            Self::NewerThanVerified => "newer_than_verified",
            Self::OlderThanVerified => "older_than_verified",
            Self::OlderThanSupported => "older_than_supported",
            Self::NeverVerified => "never_verified",
            Self::UnknownVersion => "unknown_version",
        }
    }

    /// What the standing means, in one line (`hal inventory --help`, the man page).
    #[must_use]
    pub const fn meaning(self) -> &'static str {
        match self {
            Self::Verified => "a live run verified this exact version",
            Self::WithinVerified => "between the oldest and the newest verified versions, not one of them",
            Self::NewerThanVerified => "newer than every verified version: hal answers for the newest verified",
            Self::OlderThanVerified => "older than every verified version, not than the oldest hal dates facts for",
            Self::OlderThanSupported => "older than the oldest version hal dates facts for: answers may be wrong",
            Self::NeverVerified => "no live run ever verified this runtime: nothing to compare with",
            Self::UnknownVersion => "no version could be read from the install (`--probe` asks the runtime)",
        }
    }

    /// The standing of `runtime` installed at `version`, against its `Verified`
    /// record's versions and its history's oldest.
    #[must_use]
    pub fn of(runtime: &Runtime, version: Option<&Version>) -> Self {
        let Some(v) = version else { return Self::UnknownVersion };
        if At::new(runtime, Some(*v)).older_than_supported() {
            return Self::OlderThanSupported;
        }
        let Some(record) = runtime.verified else { return Self::NeverVerified };
        let runs: Vec<Version> = record.versions().filter_map(Version::parse).collect();
        let (Some(min), Some(max)) = (runs.iter().min(), runs.iter().max()) else { return Self::NeverVerified };
        if runs.contains(v) {
            Self::Verified
        } else if v > max {
            Self::NewerThanVerified
        } else if v < min {
            Self::OlderThanVerified
        } else {
            Self::WithinVerified
        }
    }
}

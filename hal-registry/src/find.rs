//! Finding rows in the table: a provider's row, a name's provider, and the facts a row
//! takes from its base runtime's row. Apart from [`model`](super::model) (the shape of a
//! row, which knows no table) so that the table, built of rows, and the look-ups over it
//! import each other in one direction only.

use hal_types::RuntimeProvider;

use super::model::{Hooks, Runtime};
use super::runtimes::REGISTRY;

/// The registry row of `provider` (the `unknown` row for a provider without one).
#[must_use]
pub fn runtime(provider: RuntimeProvider) -> &'static Runtime {
    REGISTRY.iter().find(|r| r.provider == provider).unwrap_or_else(|| &REGISTRY[REGISTRY.len() - 1])
}

/// Resolves a runtime name: id or alias, trimmed, ASCII case-insensitive.
#[must_use]
pub fn lookup(name: &str) -> Option<RuntimeProvider> {
    let name = name.trim();
    REGISTRY.iter().find(|r| r.is_named(name)).map(|r| r.provider)
}

impl Runtime {
    /// Whether a signal of `other` is explained by this runtime running: the same
    /// family, or a runtime whose markers this one sets or keeps.
    #[must_use]
    pub fn explains(&self, other: RuntimeProvider) -> bool {
        self.family() == runtime(other).family() || self.keeps_markers_of.contains(&other)
    }

    /// The hook system in force: the row's own, else its base runtime's.
    #[must_use]
    pub fn hook_system(&self) -> Option<Hooks> {
        self.hooks.or_else(|| self.variant_of.and_then(|p| runtime(p).hooks))
    }

    /// The session variables in force: the row's own, else its base runtime's.
    #[must_use]
    pub fn own_session_vars(&self) -> &'static [&'static str] {
        match (self.session_vars, self.variant_of) {
            ([], Some(p)) => runtime(p).session_vars,
            (own, _) => own,
        }
    }
}

//! The two notions of hooks, named the same on every surface:
//!
//! - `session_hooks` (the capability row, the design's): can the orchestrator rely on
//!   a hook to inject startup context? It drives `startup_strategy`,
//!   `supports_hooks()` and `HAL_SUPPORTS_HOOKS`.
//! - `native_hooks` ([`NativeHooks`], the registry's facts): what the runtime offers
//!   natively: how many canonical lifecycle events it can hook, whether its
//!   session-start hook reaches the model, where hooks are configured.
//!
//! Both are true at once: Codex's hooks inject natively (`native_hooks.inject` `yes`)
//! while the design's row keeps `session_hooks` `no` and starts Codex agents with the
//! startup fallback. [`hooks_disagreement`] says so in one line.

use serde::Serialize;

use hal_types::{Capabilities, HookInjection, RuntimeProvider, Support};

use crate::registry;

/// What a runtime's hook system offers natively (its own hooks, or its base runtime's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct NativeHooks {
    /// How many of the canonical lifecycle events the runtime can hook.
    pub hookable_events: usize,
    /// Whether the session-start hook's output reaches the model: `yes`, `nudge` (it
    /// can only trigger a follow-up prompt), `no`, or `none` (no hook system).
    #[cfg_attr(feature = "schema", schemars(schema_with = "inject_schema"))]
    pub inject: HookInjection,
    /// Where hook configuration lives, workspace-relative first.
    pub config: Vec<&'static str>,
}

impl NativeHooks {
    /// Whether the runtime's own session-start hook reaches the model (`HAL_NATIVE_HOOKS`).
    #[must_use]
    pub fn injects(&self) -> bool {
        self.inject == HookInjection::Yes
    }

    /// One line for text output: `19 hookable events, inject yes, config a, b`.
    #[must_use]
    pub fn summary(&self) -> String {
        let config = if self.config.is_empty() { "-".to_owned() } else { self.config.join(", ") };
        format!("{} hookable events, inject {}, config {config}", self.hookable_events, self.inject)
    }
}

/// The native hooks of `provider`, from [`registry::Runtime::hook_system`].
#[must_use]
pub fn native_hooks(provider: RuntimeProvider) -> NativeHooks {
    native_hooks_at(provider, None)
}

/// The native hooks of `provider` at `version` (`None`: the newest): only the events
/// that version has, none before its hook system.
#[must_use]
pub fn native_hooks_at(provider: RuntimeProvider, version: Option<&registry::Version>) -> NativeHooks {
    let at = registry::dated::At::new(registry::runtime(provider), version.copied());
    let hooks = at.hook_system();
    NativeHooks {
        hookable_events: at.events().len(),
        inject: hooks.map_or(HookInjection::NoHookSystem, |h| h.inject.injection()),
        config: hooks.map_or_else(Vec::new, |h| h.files.to_vec()),
    }
}

/// One line when the design's `session_hooks` and the runtime's native hooks disagree
/// (a row says `yes` where the native hook cannot inject, or not `yes` where it can).
#[must_use]
pub fn hooks_disagreement(caps: &Capabilities) -> Option<String> {
    let native = native_hooks(caps.provider);
    if (caps.session_hooks == Support::Yes) == native.injects() {
        return None;
    }
    Some(format!(
        "session_hooks is {} (the design's row, which drives startup_strategy {}) while native_hooks.inject is {} (what {} offers natively)",
        caps.session_hooks, caps.startup_strategy, native.inject, caps.provider
    ))
}

#[cfg(feature = "schema")]
fn inject_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    // Inline, as before `inject` was typed: the schema stays byte-identical.
    schemars::json_schema!({ "type": "string", "enum": HookInjection::variants() })
}

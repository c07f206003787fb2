//! One row of the capability matrix.

use std::borrow::Cow;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::{GuppStrategy, RuntimeProvider, StartupInjection, StartupStrategy, Support};

/// What a runtime can do: one row of hal's capability matrix.
///
/// Durations are whole seconds on the wire (`stall_threshold_secs`, `nudge_interval_secs`).
/// Build one with [`Capabilities::new`] and the `with_*` methods; fields not set by a
/// `with_*` call mean "absent" (`no`, none, `polling`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Capabilities {
    /// The runtime this row describes.
    pub provider: RuntimeProvider,
    /// The base runtime `provider` is a variant of (itself for a base runtime).
    #[serde(default)]
    pub family: RuntimeProvider,
    /// Whether the runtime has session hooks able to carry startup injection.
    pub session_hooks: Support,
    /// Whether a session's context can be forked.
    pub context_fork: Support,
    /// The environment variable that carries the session id, if any.
    #[serde(default)]
    pub session_id_env: Option<Cow<'static, str>>,
    /// How startup context reaches the agent.
    pub startup_injection: StartupInjection,
    /// How the agent gets its role and assignment at start.
    pub startup_strategy: StartupStrategy,
    /// How GUPP rules are enforced.
    pub gupp_strategy: GuppStrategy,
    /// After how long without activity an agent counts as stalled.
    #[serde(rename = "stall_threshold_secs", with = "secs")]
    #[cfg_attr(feature = "schema", schemars(with = "u64"))]
    pub stall_threshold: Duration,
    /// How often an idle agent should be nudged.
    #[serde(rename = "nudge_interval_secs", with = "secs")]
    #[cfg_attr(feature = "schema", schemars(with = "u64"))]
    pub nudge_interval: Duration,
    /// Whether the agent can be nudged (`yes` is through the filesystem; `partial`
    /// is the design's "limited").
    pub nudge_support: Support,
}

impl Capabilities {
    /// A row with the given session variable, strategies and timings; every other
    /// capability absent.
    #[must_use]
    pub const fn new(
        provider: RuntimeProvider,
        session_id_env: Option<&'static str>,
        startup_strategy: StartupStrategy,
        gupp_strategy: GuppStrategy,
        stall_threshold: Duration,
        nudge_interval: Duration,
    ) -> Self {
        Self {
            provider,
            family: provider,
            session_hooks: Support::No,
            context_fork: Support::No,
            session_id_env: match session_id_env {
                Some(name) => Some(Cow::Borrowed(name)),
                None => None,
            },
            startup_injection: StartupInjection::Polling,
            startup_strategy,
            gupp_strategy,
            stall_threshold,
            nudge_interval,
            nudge_support: Support::No,
        }
    }

    /// Sets [`Capabilities::family`].
    #[must_use]
    pub const fn with_family(mut self, family: RuntimeProvider) -> Self {
        self.family = family;
        self
    }

    /// Sets [`Capabilities::session_hooks`].
    #[must_use]
    pub const fn with_session_hooks(mut self, v: Support) -> Self {
        self.session_hooks = v;
        self
    }

    /// Sets [`Capabilities::context_fork`].
    #[must_use]
    pub const fn with_context_fork(mut self, v: Support) -> Self {
        self.context_fork = v;
        self
    }

    /// Sets [`Capabilities::startup_injection`].
    #[must_use]
    pub const fn with_startup_injection(mut self, v: StartupInjection) -> Self {
        self.startup_injection = v;
        self
    }

    /// Sets [`Capabilities::nudge_support`].
    #[must_use]
    pub const fn with_nudge_support(mut self, v: Support) -> Self {
        self.nudge_support = v;
        self
    }

    /// Whether hooks can carry startup injection: `true` only for full support.
    #[must_use]
    pub const fn supports_hooks(&self) -> bool {
        self.session_hooks.is_full()
    }

    /// Whether the agent can be nudged at all: `true` for full and limited support.
    #[must_use]
    pub const fn supports_nudge(&self) -> bool {
        self.nudge_support.is_any()
    }
}

/// serde helper: a `Duration` as whole seconds.
mod secs {
    use std::time::Duration;

    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(d.as_secs())
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        u64::deserialize(d).map(Duration::from_secs)
    }
}

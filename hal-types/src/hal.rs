//! The `RuntimeHal` trait: the one interface every skill calls.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::{AgentRole, Capabilities, Detection, GuppStrategy, RuntimeProvider, StartupPlan, StartupStrategy};

/// The runtime hardware abstraction layer.
///
/// Skills call this instead of probing env vars, files or the process tree. Every
/// method is total: it answers for any host, `unknown` at worst. Implemented by
/// `hal_gupp::Hal` (the real host) and by [`StaticHal`] (fixed answers, for tests).
///
/// Only [`capabilities`](RuntimeHal::capabilities), [`detection`](RuntimeHal::detection),
/// [`startup_plan`](RuntimeHal::startup_plan) and [`session_id`](RuntimeHal::session_id)
/// must be implemented; the rest derive from them.
pub trait RuntimeHal {
    /// The detection result, with its evidence.
    fn detection(&self) -> &Detection;

    /// The capability row in force (provider defaults with operator overrides applied).
    fn capabilities(&self) -> &Capabilities;

    /// The startup plan for an agent of `role`.
    fn startup_plan(&self, role: AgentRole) -> StartupPlan;

    /// The current session id, read fresh on every call (runtimes may set it late).
    fn session_id(&self) -> Option<String>;

    /// Which runtime we are running under. Always a valid provider.
    fn detect_provider(&self) -> RuntimeProvider {
        self.detection().provider
    }

    /// How an agent gets its startup context on this runtime.
    fn startup_strategy(&self) -> StartupStrategy {
        self.capabilities().startup_strategy
    }

    /// The startup commands for an agent of `role` (see [`StartupPlan::commands`]).
    fn startup_commands(&self, role: AgentRole) -> Vec<String> {
        self.startup_plan(role).commands
    }

    /// Whether session hooks can carry startup injection (full support only).
    fn supports_hooks(&self) -> bool {
        self.capabilities().supports_hooks()
    }

    /// Whether the agent can be nudged (full or limited support).
    fn supports_nudge(&self) -> bool {
        self.capabilities().supports_nudge()
    }

    /// How GUPP rules are enforced on this runtime.
    fn gupp_strategy(&self) -> GuppStrategy {
        self.capabilities().gupp_strategy
    }

    /// After how long without activity an agent counts as stalled.
    fn stall_threshold(&self) -> Duration {
        self.capabilities().stall_threshold
    }

    /// How often an idle agent should be nudged.
    fn nudge_interval(&self) -> Duration {
        self.capabilities().nudge_interval
    }
}

/// A [`RuntimeHal`] with fixed answers and no host access, for downstream unit tests.
///
/// ```
/// use std::time::Duration;
/// use hal_types::*;
///
/// let caps = Capabilities::new(
///     RuntimeProvider::Codex,
///     Some("GT_SESSION_ID"),
///     StartupStrategy::StartupFallback,
///     GuppStrategy::StartupFallback,
///     Duration::from_secs(180),
///     Duration::from_secs(60),
/// );
/// let hal = StaticHal::new(caps).with_session_id("abc");
/// let hal: &dyn RuntimeHal = &hal;
/// assert_eq!(hal.detect_provider(), RuntimeProvider::Codex);
/// assert_eq!(hal.session_id().as_deref(), Some("abc"));
/// ```
#[derive(Debug, Clone)]
pub struct StaticHal {
    detection: Detection,
    capabilities: Capabilities,
    session_id: Option<String>,
    plans: BTreeMap<AgentRole, StartupPlan>,
}

impl StaticHal {
    /// A HAL that reports `capabilities` and a detection of its provider by override.
    #[must_use]
    pub fn new(capabilities: Capabilities) -> Self {
        let detection = Detection::new(
            capabilities.provider,
            crate::DetectionSource::new(crate::SourceKind::Override, "StaticHal"),
            crate::Policy::Spec,
        );
        Self { detection, capabilities, session_id: None, plans: BTreeMap::new() }
    }

    /// Replaces the detection result.
    #[must_use]
    pub fn with_detection(mut self, detection: Detection) -> Self {
        self.detection = detection;
        self
    }

    /// Sets the session id [`RuntimeHal::session_id`] returns.
    #[must_use]
    pub fn with_session_id(mut self, id: impl Into<String>) -> Self {
        self.session_id = Some(id.into());
        self
    }

    /// Sets the plan returned for `plan.role`. Roles without a plan get one with the
    /// capability row's startup strategy and no commands.
    #[must_use]
    pub fn with_plan(mut self, plan: StartupPlan) -> Self {
        self.plans.insert(plan.role, plan);
        self
    }
}

impl RuntimeHal for StaticHal {
    fn detection(&self) -> &Detection {
        &self.detection
    }

    fn capabilities(&self) -> &Capabilities {
        &self.capabilities
    }

    fn startup_plan(&self, role: AgentRole) -> StartupPlan {
        self.plans.get(&role).cloned().unwrap_or_else(|| {
            StartupPlan::new(self.capabilities.provider, role, self.capabilities.startup_strategy, Vec::new())
        })
    }

    fn session_id(&self) -> Option<String> {
        self.session_id.clone()
    }
}

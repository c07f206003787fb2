//! The assembled HAL: detection from hal-detect, capabilities from hal-caps, plans from here.

use hal_caps::{Resolved, registry};
use hal_detect::{Detector, Host, OsHost, SessionId};
use hal_types::{
    AgentRole, Capabilities, Detection, DetectionSource, Diagnostic, DiagnosticCode, Policy, RuntimeHal,
    RuntimeProvider, SourceKind, StartupPlan,
};

/// The real [`RuntimeHal`]: a detection, the capabilities with operator overrides
/// applied, and the host (kept to read the session id fresh on every call).
#[derive(Debug, Clone)]
pub struct Hal<H = OsHost> {
    host: H,
    detection: Detection,
    resolved: Resolved,
    diagnostics: Vec<Diagnostic>,
    role_stamp: Option<String>,
}

impl Hal<OsHost> {
    /// The HAL of this process: the cached detection and the operator's settings.
    #[must_use]
    pub fn from_env() -> Self {
        Self::new(OsHost::new(), hal_detect::detect().clone())
    }
}

impl<H: Host> Hal<H> {
    /// A HAL for `detection` on `host`; operator settings (env and config file) are
    /// read from `host` now.
    pub fn new(host: H, detection: Detection) -> Self {
        Self::with_settings(host, detection, true)
    }

    /// A HAL for `detection` on `host` whose capabilities take the environment's
    /// overrides only: the config file is not read (for the answers no setting of the
    /// file changes: `detect`, `session-id`, `events`, `hook`).
    pub fn without_config(host: H, detection: Detection) -> Self {
        Self::with_settings(host, detection, false)
    }

    fn with_settings(host: H, detection: Detection, with_config: bool) -> Self {
        let settings = hal_detect::read_settings(&host, with_config);
        let version = detection.runtime_version.as_deref().and_then(registry::Version::parse);
        let defaults = hal_caps::capabilities_at(detection.provider, version.as_ref());
        let resolved = hal_caps::resolve(&defaults, &settings);
        let diagnostics = merge(detection.diagnostics.iter().chain(&resolved.diagnostics));
        let role_stamp = hal_detect::gastown_role(&host);
        Self { host, detection, resolved, diagnostics, role_stamp }
    }

    /// Runs the cascade on `host` (uncached) and builds the HAL.
    pub fn detect(host: H, policy: Option<Policy>) -> Self {
        let detection = Detector::new(&host).maybe_policy(policy).detect();
        Self::new(host, detection)
    }

    /// A HAL for a runtime named by the caller (e.g. `hal caps --provider codex`).
    pub fn for_provider(host: H, provider: RuntimeProvider) -> Self {
        Self::new(host, given(provider))
    }

    /// The detected (or given) runtime's version, parsed, when known.
    pub fn runtime_version(&self) -> Option<registry::Version> {
        self.detection.runtime_version.as_deref().and_then(registry::Version::parse)
    }

    /// The native hooks of the runtime at its version (the newest's when unknown).
    pub fn native_hooks(&self) -> hal_caps::NativeHooks {
        hal_caps::native_hooks_at(self.detection.provider, self.runtime_version().as_ref())
    }

    /// The runtime's row at its version: what of it holds there (hooks, events).
    pub fn at(&self) -> registry::dated::At<'static> {
        registry::dated::At::new(registry::runtime(self.detection.provider), self.runtime_version())
    }

    /// What an answer resting on versioned facts must say about the version
    /// ([`hal_caps::version_diagnostics`]): the floor when it is unknown.
    pub fn version_diagnostics(&self) -> Vec<Diagnostic> {
        hal_caps::version_diagnostics(self.detection.provider, self.runtime_version().as_ref())
    }

    /// The capabilities with an account of every override.
    pub const fn resolved(&self) -> &Resolved {
        &self.resolved
    }

    /// Every diagnostic of this HAL, once each, in order: detection's, then the
    /// settings' and their resolution's. Every command reports exactly these.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The messages of [`Hal::diagnostics`] (the `warnings` of hal's JSON).
    pub fn warnings(&self) -> Vec<String> {
        hal_types::messages(&self.diagnostics)
    }

    /// The variables the session id is read from, in order (`hal_detect::session_id_vars`).
    pub fn session_id_vars(&self) -> Vec<String> {
        hal_detect::session_id_vars(&self.host, self.detection.provider, self.design_session_var())
    }

    /// The session id and the variable it was read from.
    pub fn session(&self) -> Option<SessionId> {
        hal_detect::session(&self.host, self.detection.provider, self.design_session_var())
    }

    fn design_session_var(&self) -> Option<&str> {
        self.resolved.capabilities.session_id_env.as_deref()
    }

    /// The host.
    pub const fn host(&self) -> &H {
        &self.host
    }

    /// Gastown's role stamp (`GT_ROLE`) of this session, as set, if any.
    pub fn role_stamp(&self) -> Option<&str> {
        self.role_stamp.as_deref()
    }

    /// The role `GT_ROLE` names (see [`role_from_stamp`](crate::role_from_stamp)):
    /// `None` when unset, `Some(Err(stamp))` when hal cannot map it.
    pub fn stamped_role(&self) -> Option<Result<AgentRole, &str>> {
        self.role_stamp().map(|s| crate::role_from_stamp(s).ok_or(s))
    }

    /// The startup plan for `role`, with `agent_id` (else `GT_ROLE`'s last segment)
    /// in a polling plan's path.
    pub fn startup_plan_for(&self, role: AgentRole, agent_id: Option<&str>) -> StartupPlan {
        let runtime = registry::runtime(self.detection.provider);
        let id = agent_id.or_else(|| self.role_stamp().and_then(crate::agent_id_from_stamp));
        let mut plan =
            crate::plan::startup_plan_for(&self.resolved.capabilities, runtime, role, &self.resolved.command, id);
        plan.family = self.resolved.capabilities.family;
        plan
    }
}

/// The detection of a runtime named by the caller (`--provider`).
pub fn given(provider: RuntimeProvider) -> Detection {
    Detection::new(provider, DetectionSource::new(SourceKind::Override, "--provider"), Policy::Spec)
}

/// The detection of a runtime named by the caller at a version it names
/// (`--provider P --runtime-version V`).
pub fn given_at(provider: RuntimeProvider, version: Option<&str>) -> Detection {
    let mut d = given(provider);
    if let Some(v) = version {
        d.runtime_version = Some(v.trim().to_owned());
        d.runtime_version_source = Some("--runtime-version".to_owned());
    }
    d
}

/// The most diagnostics of one code about one subject reported one by one; the rest
/// are counted in one more ("and N more").
pub const MAX_SAME: usize = 10;

/// `diagnostics` once each, in order, at most [`MAX_SAME`] of one code and subject,
/// then one that counts the rest. Linear: a set of those seen, a count per kind.
pub fn merge<'a>(diagnostics: impl IntoIterator<Item = &'a Diagnostic>) -> Vec<Diagnostic> {
    use std::collections::{HashMap, HashSet};
    let mut seen: HashSet<&Diagnostic> = HashSet::new();
    let mut per_kind: HashMap<(DiagnosticCode, Option<&str>), usize> = HashMap::new();
    let mut over: Vec<(DiagnosticCode, Option<&str>)> = Vec::new();
    let mut out = Vec::new();
    for d in diagnostics {
        if !seen.insert(d) {
            continue;
        }
        let kind = (d.code, d.subject.as_deref());
        let n = per_kind.entry(kind).or_default();
        *n += 1;
        if *n <= MAX_SAME {
            out.push(d.clone());
        } else if *n == MAX_SAME + 1 {
            over.push(kind);
        }
    }
    for (code, subject) in over {
        let n = per_kind[&(code, subject)] - MAX_SAME;
        let about = subject.map(|s| format!(" about {}", hal_caps::text::escape_control(s))).unwrap_or_default();
        out.push(Diagnostic::new(code, subject, format!("and {n} more {code} diagnostic(s){about}")));
    }
    out
}

impl<H: Host> RuntimeHal for Hal<H> {
    fn detection(&self) -> &Detection {
        &self.detection
    }

    fn capabilities(&self) -> &Capabilities {
        &self.resolved.capabilities
    }

    fn startup_plan(&self, role: AgentRole) -> StartupPlan {
        self.startup_plan_for(role, None)
    }

    fn session_id(&self) -> Option<String> {
        self.session().map(|s| s.id)
    }
}

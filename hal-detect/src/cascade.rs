//! The detection cascade.
//!
//! Policy `spec` (default), first step that yields a runtime decides:
//! 1. `GT_RUNTIME` (operator override; unrecognised → `unknown` with a diagnostic);
//!    then, when a hook payload was handed over ([`Detector::with_hook`]), the runtime
//!    that wrote it: it names the runtime running the hook, so it beats inherited
//!    markers and the stamp;
//! 2. the design's session-id variable (`CLAUDE_SESSION_ID`);
//! 3. inherited signals — Gastown's `GT_AGENT` stamp, runtime markers, `AI_AGENT`, in
//!    that priority — arbitrated by the nearest runtime ancestor ([`crate::arbiter`]);
//! 4. the nearest runtime ancestor (by executable name, interpreter script, or a name
//!    `GT_PROCESS_NAMES` lists);
//! 5. the workspace file (`.claude/settings.json` in the workspace root; stat only);
//! 6. a file only a runtime's machine has (`/opt/.devin`; stat only);
//! 7. `unknown`.
//!
//! Policy `ancestry`: after step 1, an ancestor known by its own name beats steps 2–3.
//!
//! The workspace file comes after every runtime's own marker and after the ancestry,
//! in both policies: a departure from the design, whose step 3 put it before the
//! ancestry so that Claude's hooks, thought to run before the session id exists, were
//! still named. Claude Code's hooks (a live run) always carry `CLAUDECODE`,
//! `CLAUDE_CODE_SESSION_ID` and `CLAUDE_CODE_CHILD_SESSION` (live run 2026-12-01), while
//! Gemini CLI and Qwen Code set `CLAUDE_PROJECT_DIR` for their hooks: a repository set
//! up for Claude and Gemini named every Gemini hook `claude`.

use std::cell::OnceCell;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use hal_caps::registry::{self, REGISTRY};
use hal_caps::text::{escape_control, quote_value};
use hal_types::{
    Candidate, Detection, DetectionSource, Diagnostic, DiagnosticCode, HookEvent, Policy, RuntimeProvider, SourceKind,
    Strength,
};

use crate::arbiter::{self, Decision, Inherited, Overwrites, Signal};
use crate::host::{Ancestry, Host, Stat};
use crate::identify::{AncestorMatch, Evidence, Listed, exe_matches, identify_chain};
use crate::os::describe;
use crate::vars;

/// How deep the ancestry walk goes.
pub const MAX_ANCESTRY_DEPTH: usize = 64;
/// How many directories above the current one are searched for `.git`.
const MAX_ROOT_SEARCH: usize = 128;

/// What a cascade step did: [`hal_types::StepOutcome`].
pub use hal_types::StepOutcome as Outcome;

/// A step of the cascade.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StepKind {
    /// `GT_RUNTIME`.
    Override,
    /// The hook payload handed to [`Detector::with_hook`] (only then in the order).
    HookPayload,
    /// Policy `ancestry` only: an ancestor known by its own name beats every signal.
    PolicyAncestor,
    /// The design's session-id variable (`CLAUDE_SESSION_ID`).
    SessionId,
    /// The stamp, markers and `AI_AGENT`, arbitrated by the nearest runtime ancestor.
    Inherited,
    /// A runtime's file in the workspace root.
    WorkspaceFile,
    /// A file only a runtime's machine has (stat only), after the ancestry.
    HostFile,
    /// The nearest runtime ancestor.
    Ancestry,
    /// Nothing decided: `unknown`.
    Fallback,
}

impl StepKind {
    /// The steps of `policy`, with the hook-payload step right after the override when
    /// `hook` (a payload was handed over).
    #[must_use]
    pub fn order_with(policy: Policy, hook: bool) -> Vec<Self> {
        Self::order(policy)
            .iter()
            .flat_map(|&k| std::iter::once(k).chain((hook && k == Self::Override).then_some(Self::HookPayload)))
            .collect()
    }

    /// The steps of `policy`, in order (the fallback last), without a hook payload.
    #[must_use]
    pub const fn order(policy: Policy) -> &'static [Self] {
        match policy {
            Policy::Ancestry => &[
                Self::Override,
                Self::PolicyAncestor,
                Self::SessionId,
                Self::Inherited,
                Self::Ancestry,
                Self::WorkspaceFile,
                Self::HostFile,
                Self::Fallback,
            ],
            _ => &[
                Self::Override,
                Self::SessionId,
                Self::Inherited,
                Self::Ancestry,
                Self::WorkspaceFile,
                Self::HostFile,
                Self::Fallback,
            ],
        }
    }

    /// The step's name, as `hal explain` prints it.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Override => "override",
            Self::HookPayload => "hook payload",
            Self::PolicyAncestor => "ancestor (policy ancestry)",
            Self::SessionId => "session id",
            Self::Inherited => "inherited signals",
            Self::WorkspaceFile => "workspace file",
            Self::HostFile => "host file",
            Self::Ancestry => "process ancestry",
            Self::Fallback => "fallback",
        }
    }

    /// The kinds of source a decision of this step has.
    #[must_use]
    pub const fn decides_as(self) -> &'static [SourceKind] {
        match self {
            Self::Override => &[SourceKind::Override],
            Self::HookPayload => &[SourceKind::HookPayload],
            Self::PolicyAncestor | Self::Ancestry => &[SourceKind::ProcessAncestor],
            Self::SessionId => &[SourceKind::SessionId],
            Self::Inherited => &[SourceKind::OrchestratorStamp, SourceKind::Marker, SourceKind::ProcessAncestor],
            Self::WorkspaceFile => &[SourceKind::WorkspaceFile],
            Self::HostFile => &[SourceKind::HostFile],
            Self::Fallback => &[SourceKind::Fallback],
        }
    }
}

/// One step of the cascade, for `hal explain`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Step {
    /// Which step.
    pub kind: StepKind,
    /// What it looked at.
    pub looked_at: String,
    /// What it found (names only, never values).
    pub found: String,
    /// What it did.
    pub outcome: Outcome,
}

/// A detection with the walk that produced it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// The answer.
    pub detection: Detection,
    /// Every step, in cascade order.
    pub steps: Vec<Step>,
    /// The workspace root used by the workspace-file step, if it ran.
    pub workspace: Option<PathBuf>,
    /// User settings seen (the registry's `settings`: a model, a token, an IDE-wide
    /// id), each with the runtime that reads it: never evidence of a running agent.
    pub settings_seen: Vec<(RuntimeProvider, &'static str)>,
    /// How the runtime's version was looked for: each source tried and what it gave
    /// ([`crate::version::learn`]); empty for `unknown`.
    pub version_tried: Vec<String>,
}

/// Runs the cascade over a [`Host`]. Uncached: each call probes again.
#[derive(Debug, Clone)]
pub struct Detector<H> {
    host: H,
    policy: Option<Policy>,
    workspace: Option<PathBuf>,
    hook: Option<HookEvent>,
    version: VersionLookup,
}

/// How far a [`Detector`] looks for the decided runtime's version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum VersionLookup {
    /// Every source ([`crate::version::learn`]): for an answer that shows the version.
    #[default]
    Full,
    /// The variables only ([`crate::version::learn_from_environment`]): no file is read
    /// and no process looked at. For an answer that does not show the version but warns
    /// of one no live run verified (text `hal detect`, `hal hook`).
    Environment,
    /// None: `runtime_version` stays `null`.
    Skip,
}

impl<H: Host> Detector<H> {
    /// A detector over `host`, policy from `GT_HAL_POLICY` (default `spec`).
    pub const fn new(host: H) -> Self {
        Self { host, policy: None, workspace: None, hook: None, version: VersionLookup::Full }
    }

    /// Skips the version lookup ([`crate::version::learn`]) when `skip`
    /// ([`VersionLookup::Skip`]): `runtime_version` stays `null`.
    #[must_use]
    pub const fn skip_version(mut self, skip: bool) -> Self {
        self.version = if skip { VersionLookup::Skip } else { VersionLookup::Full };
        self
    }

    /// How far the version is looked for ([`VersionLookup`]; [`VersionLookup::Full`]
    /// by default).
    #[must_use]
    pub const fn version_lookup(mut self, lookup: VersionLookup) -> Self {
        self.version = lookup;
        self
    }

    /// Forces the policy (beats `GT_HAL_POLICY`).
    #[must_use]
    pub const fn policy(mut self, policy: Policy) -> Self {
        self.policy = Some(policy);
        self
    }

    /// Sets the policy when `Some`.
    #[must_use]
    pub const fn maybe_policy(mut self, policy: Option<Policy>) -> Self {
        if policy.is_some() {
            self.policy = policy;
        }
        self
    }

    /// Forces the workspace root (beats `CLAUDE_PROJECT_DIR` and the `.git` search).
    #[must_use]
    pub fn workspace(mut self, dir: impl Into<PathBuf>) -> Self {
        self.workspace = Some(dir.into());
        self
    }

    /// Adds the hook-payload step: the runtime that wrote `event` (parsed by the caller,
    /// e.g. with `hal_caps::hook::parse`; hal-detect reads no stdin) decides, right
    /// after the operator override, unless it is `unknown`.
    #[must_use]
    pub fn with_hook(mut self, event: HookEvent) -> Self {
        self.hook = Some(event);
        self
    }

    /// The host this detector reads.
    pub const fn host(&self) -> &H {
        &self.host
    }

    /// Runs the cascade.
    pub fn detect(&self) -> Detection {
        self.report().detection
    }

    /// Runs the cascade and keeps the walk.
    pub fn report(&self) -> Report {
        let mut run = Run {
            host: &self.host,
            det: Detection::unknown(Policy::Spec),
            steps: Vec::new(),
            ancestry: OnceCell::new(),
            workspace: self.workspace.clone(),
            decided: false,
            hook: self.hook.as_ref(),
        };
        run.det.policy = self.policy.unwrap_or_else(|| run.env_policy());
        run.cascade();
        run.declare();
        run.det.family = registry::family(run.det.provider);
        let version_tried = run.learn_version(self.version);
        if let Some((ancestry, _)) = run.ancestry.get() {
            run.det.diagnostics.extend(ancestry.warnings.iter().cloned());
        }
        // Diagnostics are logged where they arise (debug); the CLI prints each
        // warning once, so nothing is logged at warn level here.
        tracing::info!(provider = %run.det.provider, source = %run.det.source.kind, "detected");
        let settings_seen = REGISTRY
            .iter()
            .flat_map(|r| r.settings.iter().map(move |v| (r.provider, *v)))
            .filter(|(_, v)| run.var(v).is_some())
            .collect();
        Report { detection: run.det, steps: run.steps, workspace: run.workspace, settings_seen, version_tried }
    }
}

struct Run<'h, H> {
    host: &'h H,
    det: Detection,
    steps: Vec<Step>,
    ancestry: OnceCell<(Ancestry, Vec<AncestorMatch>)>,
    workspace: Option<PathBuf>,
    decided: bool,
    hook: Option<&'h HookEvent>,
}

/// What the overwrite rule found for `p`, for `explain` and the diagnostic.
fn overwrite_text(p: RuntimeProvider, o: &Overwrites) -> String {
    match o {
        Overwrites::Yes { version, how } => {
            format!("{p} {version} (from {how}) overwrites AI_AGENT for its children")
        }
        Overwrites::No { at: None } => format!("{p} does not overwrite AI_AGENT"),
        Overwrites::No { at: Some(v) } => format!("{p} {v} does not overwrite AI_AGENT"),
        Overwrites::Unknown { since } => {
            format!("{p} overwrites AI_AGENT for its children at {since}, and its version is unknown")
        }
    }
}

/// A variable's value as text for matching: lossy, so non-UTF-8 bytes are data.
fn text(v: &OsString) -> std::borrow::Cow<'_, str> {
    v.to_string_lossy()
}

impl<H: Host> Run<'_, H> {
    /// A variable, with an empty value counted as unset.
    fn var(&self, name: &str) -> Option<OsString> {
        let value = self.host.var(name).filter(|v| !v.is_empty());
        if value.is_some() {
            tracing::debug!(var = name, "probe: variable set");
        } else {
            tracing::trace!(var = name, "probe: variable unset");
        }
        value
    }

    fn diagnose(&mut self, code: DiagnosticCode, subject: Option<&str>, message: String) {
        tracing::debug!(code = code.as_str(), "{message}");
        self.det.diagnostics.push(Diagnostic::new(code, subject, message));
    }

    fn env_policy(&mut self) -> Policy {
        let Some(v) = self.var(vars::GT_HAL_POLICY) else { return Policy::Spec };
        match v.to_str().map(|s| s.trim().to_ascii_lowercase()).and_then(|s| s.parse().ok()) {
            Some(p) => p,
            None => {
                let meant = v
                    .to_str()
                    .and_then(|s| hal_types::closest(s, Policy::variants()))
                    .map(|c| format!("did you mean `{c}`? "))
                    .unwrap_or_default();
                let message = format!(
                    "ignoring {}={}: {meant}expected one of: {}; using spec",
                    vars::GT_HAL_POLICY,
                    quote_value(&v),
                    Policy::variants().join(", ")
                );
                self.diagnose(DiagnosticCode::PolicyInvalid, Some(vars::GT_HAL_POLICY), message);
                Policy::Spec
            }
        }
    }

    fn step(&mut self, kind: StepKind, looked_at: impl Into<String>, found: impl Into<String>, outcome: Outcome) {
        tracing::info!(step = kind.label(), ?outcome, "cascade step");
        self.steps.push(Step { kind, looked_at: looked_at.into(), found: found.into(), outcome });
    }

    fn decide(&mut self, provider: RuntimeProvider, source: DetectionSource, secondary: bool) {
        self.det.provider = provider;
        self.det.source = source;
        self.det.secondary_only = secondary;
        self.decided = true;
    }

    fn candidate(&mut self, provider: RuntimeProvider, source: DetectionSource, strength: Option<Strength>) {
        self.det.candidates.push(Candidate::new(provider, source, strength));
    }

    /// The ancestry, walked once, on first use.
    fn ancestors(&self) -> &(Ancestry, Vec<AncestorMatch>) {
        self.ancestry.get_or_init(|| {
            let a = self.host.ancestry(MAX_ANCESTRY_DEPTH);
            tracing::debug!(levels = a.chain.len(), "probe: process ancestry walked");
            let listed = self.listed();
            let m = identify_chain(&a.chain, listed.as_ref(), self.host.platform());
            (a, m)
        })
    }

    /// Gastown's `GT_PROCESS_NAMES`, for the preset `GT_AGENT` names.
    fn listed(&self) -> Option<Listed> {
        let names = self.var(vars::GT_PROCESS_NAMES)?;
        let stamp = self.var(vars::GT_AGENT).and_then(|v| v.to_str().and_then(registry::lookup));
        Listed::parse(&text(&names), stamp, self.host.platform())
    }

    fn cascade(&mut self) {
        for kind in StepKind::order_with(self.det.policy, self.hook.is_some()) {
            if self.decided {
                self.step(kind, "-", "an earlier step decided", Outcome::Skipped);
                continue;
            }
            match kind {
                StepKind::Override => self.step_override(),
                StepKind::HookPayload => self.step_hook(),
                StepKind::PolicyAncestor => self.step_policy_ancestor(),
                StepKind::SessionId => self.step_session(),
                StepKind::Inherited => self.step_inherited(),
                StepKind::WorkspaceFile => self.step_workspace_marker(),
                StepKind::Ancestry => self.step_ancestry(),
                StepKind::HostFile => self.step_host_file(),
                _ => self.step(kind, "-", "no signal identified a runtime", Outcome::Decided),
            }
        }
    }

    /// Learns the decided runtime's version ([`crate::version::learn`]), after the
    /// cascade: nothing for `unknown`; the ancestry only when cheaper sources fail.
    fn learn_version(&mut self, lookup: VersionLookup) -> Vec<String> {
        if lookup == VersionLookup::Skip {
            return Vec::new();
        }
        let declared = self.declared().map(|(var, d, raw)| (var, d.runtime(&raw), d.version));
        let declared = declared.as_ref().map(|(var, provider, version)| crate::version::Declared {
            var,
            provider: *provider,
            version: version.as_deref(),
        });
        let learned = match lookup {
            VersionLookup::Environment => {
                crate::version::learn_from_environment(self.host, self.det.provider, declared)
            }
            _ => crate::version::learn(self.host, self.det.provider, declared, || {
                let (a, m) = self.ancestors();
                (&a.chain, m)
            }),
        };
        if let Some((version, source)) = learned.version {
            self.det.runtime_version = Some(version);
            self.det.runtime_version_source = Some(source);
        }
        self.det.diagnostics.extend(learned.diagnostics);
        learned.tried
    }

    fn step_override(&mut self) {
        let kind = StepKind::Override;
        let Some(v) = self.var(vars::GT_RUNTIME) else {
            return self.step(kind, vars::GT_RUNTIME, "unset", Outcome::Passed);
        };
        let source = DetectionSource::new(SourceKind::Override, vars::GT_RUNTIME);
        match v.to_str().and_then(registry::lookup) {
            Some(p) => {
                self.candidate(p, source.clone(), None);
                self.decide(p, source, false);
                self.step(kind, vars::GT_RUNTIME, format!("names {p}"), Outcome::Decided);
            }
            None => {
                let message = format!(
                    "{}={} names no runtime hal knows (see `hal providers`); the provider is unknown",
                    vars::GT_RUNTIME,
                    quote_value(&v)
                );
                self.diagnose(DiagnosticCode::OverrideUnknownRuntime, Some(vars::GT_RUNTIME), message);
                self.candidate(RuntimeProvider::Unknown, source.clone(), None);
                self.decide(RuntimeProvider::Unknown, source, false);
                self.step(kind, vars::GT_RUNTIME, "an unrecognised runtime name: unknown", Outcome::Decided);
            }
        }
    }

    fn step_hook(&mut self) {
        let kind = StepKind::HookPayload;
        let Some(event) = self.hook else { return };
        let looked = "the hook payload's shape";
        if event.provider == RuntimeProvider::Unknown {
            return self.step(kind, looked, "no runtime's payload shape", Outcome::Passed);
        }
        let p = event.provider;
        self.det.diagnostics.extend(event.diagnostics.iter().cloned());
        let source = DetectionSource::new(SourceKind::HookPayload, "hook payload");
        let secondary = registry::payloads::payload(p).is_some_and(|pl| !pl.standing().first_hand());
        self.candidate(p, source.clone(), None);
        self.decide(p, source, secondary);
        let found = match &event.native_event {
            Some(e) => format!("{p}'s payload ({})", escape_control(e)),
            None => format!("{p}'s payload"),
        };
        self.step(kind, looked, found, Outcome::Decided);
    }

    fn step_policy_ancestor(&mut self) {
        let kind = StepKind::PolicyAncestor;
        let looked = "process ancestry (own names)";
        match arbiter::policy_ancestor(&self.ancestors().1).cloned() {
            Some(a) => {
                let source = DetectionSource::ancestor(&a.name, a.depth);
                self.candidate(a.provider, source.clone(), None);
                self.decide(a.provider, source, !registry::runtime(a.provider).vendor_verified());
                let found = format!("`{}` {} level(s) up (pid {}) beats env and file signals", a.name, a.depth, a.pid);
                self.step(kind, looked, found, Outcome::Decided);
            }
            None => self.step(kind, looked, "no runtime known by its own name", Outcome::Passed),
        }
    }

    fn step_session(&mut self) {
        let kind = StepKind::SessionId;
        let looked: Vec<&str> = REGISTRY.iter().filter_map(|r| r.cascade_session_var).collect();
        for r in REGISTRY {
            let Some(var) = r.cascade_session_var else { continue };
            if self.var(var).is_some() {
                let source = DetectionSource::new(SourceKind::SessionId, var);
                self.candidate(r.provider, source.clone(), None);
                self.decide(r.provider, source, false);
                return self.step(kind, looked.join(", "), format!("{var} is set"), Outcome::Decided);
            }
        }
        self.step(kind, looked.join(", "), "unset", Outcome::Passed);
    }

    /// The stamp, markers and `AI_AGENT` present, each recorded as a candidate.
    fn inherited(&mut self) -> Inherited {
        let mut out = Inherited::default();
        if let Some(v) = self.var(vars::GT_AGENT) {
            match v.to_str().and_then(registry::lookup) {
                Some(p) => {
                    out.stamp = Some(Signal::new(p, SourceKind::OrchestratorStamp, vars::GT_AGENT, Strength::Strong));
                }
                None => {
                    let message = format!(
                        "{}={} is not a runtime hal knows (a custom preset?); detection went on",
                        vars::GT_AGENT,
                        quote_value(&v)
                    );
                    self.diagnose(DiagnosticCode::StampUnknown, Some(vars::GT_AGENT), message);
                    let source = DetectionSource::new(SourceKind::OrchestratorStamp, vars::GT_AGENT);
                    self.candidate(RuntimeProvider::Unknown, source, None);
                }
            }
        }
        for r in REGISTRY {
            for m in r.markers {
                if m.value.matches(self.var(m.var).as_ref().map(text).as_deref())
                    && self.ancestor_present(m)
                    && !(m.unless_terminal && self.host.person_at_terminal())
                {
                    let s = Signal::new(r.provider, SourceKind::Marker, m.var, m.strength);
                    out.markers.push(s.secondary(!m.standing.first_hand()));
                }
            }
            for c in r.combos {
                if c.all.iter().all(|(v, rule)| rule.matches(self.var(v).as_ref().map(text).as_deref())) {
                    let names: Vec<&str> = c.all.iter().map(|(v, _)| *v).collect();
                    let s = Signal::new(r.provider, SourceKind::Marker, names.join("+"), Strength::Strong);
                    out.markers.push(s.secondary(!c.standing.first_hand()));
                }
            }
        }
        // A variable a host sets for the plugins of another runtime's format it runs
        // (`registry::plugins`: Vibe's `KIMI_PLUGIN_ROOT`) names the format, not the
        // host: beside the host's own marker, the host decides.
        let present: Vec<RuntimeProvider> = out.markers.iter().map(|m| m.provider).collect();
        out.markers.retain(|m| {
            let hosted =
                present.iter().any(|h| *h != m.provider && registry::plugins::hosted_by(&m.name, m.provider, *h));
            if hosted {
                tracing::debug!(var = m.name, "a hosted plugin's variable beside its host's marker: not counted");
            }
            !hosted
        });
        if let Some((var, declared, raw)) = self.declared() {
            match declared.runtime(&raw) {
                Some(p) => out.ai_agent = Some(Signal::new(p, SourceKind::Marker, var, Strength::Weak).secondary(true)),
                None => {
                    let s = Signal::new(RuntimeProvider::Unknown, SourceKind::Marker, var, Strength::Weak);
                    out.declared_unknown = Some(s.secondary(true));
                }
            }
        }
        // The overwrite rule, for the runtimes foreign to a declared agent.
        for p in out.foreign_to_declared() {
            let o = self.overwrites(p);
            out.overwrites.push((p, o));
        }
        for s in out.stamp.iter().chain(&out.markers).chain(&out.ai_agent).chain(&out.declared_unknown) {
            let strength = (s.kind == SourceKind::Marker).then_some(s.strength);
            self.det.candidates.push(Candidate::new(
                s.provider,
                DetectionSource::new(s.kind, s.name.clone()),
                strength,
            ));
        }
        out
    }

    /// Whether `p` overwrites `AI_AGENT` for its children at its version (the
    /// registry's `overwrites_ai_agent`): the version from what names `p` alone
    /// ([`crate::version::learn_firm`]), else the floor its markers set (a marker `p`
    /// sets only from some version on, in every setting the registry dates:
    /// `CLAUDE_CODE_SESSION_ID`, from Claude Code 2.x).
    fn overwrites(&self, p: RuntimeProvider) -> Overwrites {
        let r = registry::runtime(p);
        let history = r.history.or_else(|| r.variant_of.and_then(|v| registry::runtime(v).history));
        let Some((h, span)) = history.and_then(|h| h.overwrites_ai_agent.map(|s| (h, s))) else {
            return Overwrites::No { at: None };
        };
        if let Some((version, how)) = crate::version::learn_firm(self.host, p)
            && let Some(v) = registry::Version::parse(&version)
        {
            return if span.holds(&v) {
                Overwrites::Yes { version, how }
            } else {
                Overwrites::No { at: Some(version) }
            };
        }
        // The highest floor among the markers set.
        let floor = r
            .markers
            .iter()
            .filter(|m| self.var(m.var).is_some())
            .filter_map(|m| {
                let spans: Vec<_> = h.vars.iter().filter(|v| v.var == m.var).collect();
                let since = spans.iter().map(|v| v.span.since).collect::<Option<Vec<_>>>()?;
                let lowest = since.into_iter().filter_map(|s| registry::Version::parse(s).map(|v| (v, s))).min()?;
                Some((lowest, m.var))
            })
            .max();
        if let Some(((v, text), var)) = floor
            && span.until.is_none()
            && span.since.is_none_or(|s| v.at_least(s))
        {
            return Overwrites::Yes {
                version: format!("≥ {text}"), how: format!("{var}, which it sets from {text}")
            };
        }
        Overwrites::Unknown { since: span.label() }
    }

    /// The name an agent declared for itself: `AI_AGENT`, else `AGENT` when its value
    /// is a name (not a flag); with the variable it came from and its raw value.
    fn declared(&self) -> Option<(&'static str, registry::DeclaredAgent, String)> {
        [vars::AI_AGENT, vars::AGENT].into_iter().find_map(|var| {
            let v = self.var(var)?;
            let raw = v.to_str()?;
            registry::parse_declared(raw).map(|d| (var, d, raw.to_owned()))
        })
    }

    /// Fills `is_agent`, `agent`, `agent_version` and `agent_context`, after the cascade.
    fn declare(&mut self) {
        if let Some((_, d, _)) = self.declared() {
            self.det.agent = Some(d.name);
            self.det.agent_version = d.version;
            self.det.agent_context = d.context;
        }
        // A workspace file says the repository is configured for a runtime, not that
        // one runs: it names the provider (the design's step) but is no agent.
        let configured = self.det.source.kind == SourceKind::WorkspaceFile;
        self.det.configured_for = configured.then_some(self.det.provider);
        self.det.is_agent = (self.det.provider != RuntimeProvider::Unknown && !configured) || self.det.agent.is_some();
    }

    /// Whether a launch marker's required ancestor is there (always, for other markers).
    fn ancestor_present(&self, m: &registry::Marker) -> bool {
        let Some(need) = m.needs_ancestor else { return true };
        let platform = self.host.platform();
        self.ancestors().0.chain.iter().take(need.within as usize).any(|p| {
            let exe = p.exe.as_deref().and_then(|e| crate::identify::basename(platform, e.as_os_str()));
            [p.name.to_str(), exe].into_iter().flatten().any(|n| exe_matches(platform, need.executable, n, false))
        })
    }

    fn step_inherited(&mut self) {
        let kind = StepKind::Inherited;
        let looked = "GT_AGENT, runtime markers of the registry, AI_AGENT, AGENT";
        let inherited = self.inherited();
        if inherited.in_priority().is_empty() {
            let found = match &inherited.declared_unknown {
                Some(s) => format!("{} names an agent hal does not know (no runtime row)", s.name),
                None => "none".to_owned(),
            };
            return self.step(kind, looked, found, Outcome::Passed);
        }
        let mut names = inherited.in_priority().iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ");
        if let Some(s) = &inherited.declared_unknown {
            let _ = write!(names, ", {} (an agent hal does not know)", s.name);
        }
        // The ancestry is walked only when some signal needs arbitrating.
        let decision = arbiter::arbitrate(self.det.policy, &inherited, &self.ancestors().1);
        match decision {
            Decision::Nothing => self.step(kind, looked, "none", Outcome::Passed),
            Decision::Signal { signal, confirmed_by, ambiguous } => {
                self.decide(signal.provider, DetectionSource::new(signal.kind, signal.name.clone()), signal.secondary);
                let found = match (confirmed_by, ambiguous) {
                    (Some(a), _) => format!("{names}; confirmed by ancestor `{}` {} level(s) up", a.name, a.depth),
                    (None, true) => {
                        self.det.ambiguous = true;
                        let foreign = inherited.foreign_to_declared();
                        let what = if !foreign.is_empty() {
                            self.diagnose_declared(&inherited, &foreign, signal.provider);
                            "a declared agent beside another runtime's markers"
                        } else if inherited.declared_unknown.is_some() {
                            "a self-declared agent beside another runtime's signals"
                        } else {
                            "unrelated runtimes"
                        };
                        format!("{names}; {what} and no runtime ancestor: {} by priority (ambiguous)", signal.provider)
                    }
                    (None, false) => names,
                };
                self.step(kind, looked, found, Outcome::Decided);
            }
            Decision::Declared { signal, below } => {
                self.decide(signal.provider, DetectionSource::new(signal.kind, signal.name.clone()), signal.secondary);
                let why: Vec<String> = below.iter().map(|p| overwrite_text(*p, &inherited.overwrite_of(*p))).collect();
                let who = match signal.provider {
                    RuntimeProvider::Unknown => "the agent it declares (no runtime hal knows)".to_owned(),
                    p => p.to_string(),
                };
                let found = format!(
                    "{names}; {}: {} was set below them and no runtime ancestor says otherwise: {who}",
                    why.join("; "),
                    signal.name
                );
                self.step(kind, looked, found, Outcome::Decided);
            }
            Decision::Ancestor { ancestor: a, overruled } => {
                let source = DetectionSource::ancestor(&a.name, a.depth);
                self.candidate(a.provider, source.clone(), None);
                self.decide(a.provider, source, !registry::runtime(a.provider).vendor_verified());
                let inherited: Vec<&str> = overruled.iter().map(|s| s.name.as_str()).collect();
                let found = format!(
                    "{names}: the nearest runtime ancestor `{}` ({} level(s) up) is {}{}",
                    a.name,
                    a.depth,
                    a.provider,
                    if inherited.is_empty() {
                        String::new()
                    } else {
                        format!(", so {} were inherited", inherited.join(", "))
                    }
                );
                self.step(kind, looked, found, Outcome::Decided);
            }
        }
    }

    /// `agent_ambiguous`: a declared agent beside foreign markers, no runtime ancestor,
    /// and the overwrite rule does not settle which is nearer.
    fn diagnose_declared(&mut self, inherited: &Inherited, foreign: &[RuntimeProvider], chosen: RuntimeProvider) {
        let Some(d) = inherited.declared() else { return };
        let named = match d.provider {
            RuntimeProvider::Unknown => "an agent hal does not know".to_owned(),
            p => p.to_string(),
        };
        let markers: Vec<&str> =
            inherited.markers.iter().filter(|m| foreign.contains(&m.provider)).map(|m| m.name.as_str()).collect();
        let why: Vec<String> = foreign.iter().map(|p| overwrite_text(*p, &inherited.overwrite_of(*p))).collect();
        let message = format!(
            "{} names {named} beside the markers of {} ({}) and no runtime ancestor says which runs nearer: \
             {chosen} by priority, ambiguous ({})",
            d.name,
            foreign.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "),
            markers.join(", "),
            why.join("; ")
        );
        self.diagnose(DiagnosticCode::AgentAmbiguous, Some(d.name.as_str()), message);
    }

    /// The workspace root: explicit, `CLAUDE_PROJECT_DIR`, the nearest `.git`, the cwd.
    fn workspace_root(&mut self) -> Option<(PathBuf, &'static str)> {
        if let Some(dir) = self.workspace.clone() {
            match self.host.stat(&dir) {
                Ok(Stat::Dir) => {}
                Ok(Stat::Missing) => {
                    let shown = hal_caps::text::quote_value(dir.as_os_str());
                    let message = format!("--workspace {shown} does not exist; no workspace file is read there");
                    self.diagnose(DiagnosticCode::ProbeFailed, Some("--workspace"), message);
                }
                Ok(s) => {
                    let shown = hal_caps::text::quote_value(dir.as_os_str());
                    let message = format!(
                        "--workspace {shown} is {}, not a directory; no workspace file is read there",
                        describe(s)
                    );
                    self.diagnose(DiagnosticCode::ProbeFailed, Some("--workspace"), message);
                }
                Err(e) => {
                    let shown = hal_caps::text::quote_value(dir.as_os_str());
                    let message = format!("--workspace {shown} is unreadable ({e}); no workspace file is read there");
                    self.diagnose(DiagnosticCode::ProbeFailed, Some("--workspace"), message);
                }
            }
            return Some((dir, "given explicitly"));
        }
        if let Some(dir) = self.var(vars::CLAUDE_PROJECT_DIR) {
            let dir = PathBuf::from(dir);
            match self.host.stat(&dir) {
                Ok(Stat::Dir) => return Some((dir, "CLAUDE_PROJECT_DIR")),
                Ok(s) => {
                    let message =
                        format!("{} is {}, not a directory; ignoring it", vars::CLAUDE_PROJECT_DIR, describe(s));
                    self.diagnose(DiagnosticCode::ProbeFailed, Some(vars::CLAUDE_PROJECT_DIR), message);
                }
                Err(e) => {
                    let message = format!("{} is unreadable ({e}); ignoring it", vars::CLAUDE_PROJECT_DIR);
                    self.diagnose(DiagnosticCode::ProbeFailed, Some(vars::CLAUDE_PROJECT_DIR), message);
                }
            }
        }
        let cwd = match self.host.current_dir() {
            Ok(c) => c,
            Err(e) => {
                let message = format!("the current directory is unreadable ({e}); no workspace root");
                self.diagnose(DiagnosticCode::ProbeFailed, None, message);
                return None;
            }
        };
        for dir in cwd.ancestors().take(MAX_ROOT_SEARCH) {
            if matches!(self.host.stat(&dir.join(".git")), Ok(Stat::Dir | Stat::File { .. })) {
                return Some((dir.to_path_buf(), "the nearest directory holding .git"));
            }
        }
        Some((cwd, "the current directory"))
    }

    fn step_workspace_marker(&mut self) {
        let name = StepKind::WorkspaceFile;
        let Some((root, why)) = self.workspace_root() else {
            return self.step(name, "workspace root", "no workspace root", Outcome::Passed);
        };
        self.workspace = Some(root.clone());
        // Never print an environment value: a root taken from a variable is named by it.
        let shown = match why {
            "CLAUDE_PROJECT_DIR" => format!("${}", vars::CLAUDE_PROJECT_DIR),
            _ => escape_control(&root.to_string_lossy()).into_owned(),
        };
        if crate::settings::home(self.host).is_some_and(|home| home == root) {
            return self.step(name, "$HOME", "the home directory is never a workspace", Outcome::Passed);
        }
        for r in REGISTRY {
            let Some(file) = r.workspace_file else { continue };
            let path = root.join(file);
            let looked = format!("{file} in {shown} ({why})");
            match self.host.stat(&path) {
                Ok(Stat::File { .. }) => {
                    let source = DetectionSource::new(SourceKind::WorkspaceFile, file);
                    self.candidate(r.provider, source.clone(), None);
                    self.decide(r.provider, source, false);
                    let found = format!(
                        "a regular file: the workspace is configured for {}, no evidence of a running agent",
                        r.provider
                    );
                    return self.step(name, looked, found, Outcome::Decided);
                }
                Ok(Stat::Missing) => self.step(name, looked, "absent", Outcome::Passed),
                Ok(s) => {
                    let message = format!("{file} in the workspace is {}, not a regular file; ignored", describe(s));
                    self.diagnose(DiagnosticCode::WorkspaceSpecialFile, Some(file), message);
                    self.step(name, looked, describe(s), Outcome::Passed);
                }
                Err(e) => {
                    let message = format!("could not stat {file} in the workspace ({e}); ignored");
                    self.diagnose(DiagnosticCode::ProbeFailed, Some(file), message);
                    self.step(name, looked, format!("unreadable ({e})"), Outcome::Passed);
                }
            }
        }
    }

    /// A file only a runtime's machine has: `stat` only, never opened.
    fn step_host_file(&mut self) {
        let kind = StepKind::HostFile;
        let files: Vec<&str> = REGISTRY.iter().flat_map(|r| r.host_files.iter().copied()).collect();
        let looked = if files.is_empty() { "-".to_owned() } else { files.join(", ") };
        for r in REGISTRY {
            for file in r.host_files {
                match self.host.stat(Path::new(file)) {
                    Ok(Stat::File { .. } | Stat::Dir) => {
                        let source = DetectionSource::new(SourceKind::HostFile, *file);
                        self.candidate(r.provider, source.clone(), None);
                        self.decide(r.provider, source, !r.vendor_verified());
                        return self.step(kind, looked, format!("{file} exists"), Outcome::Decided);
                    }
                    Ok(_) => {}
                    Err(e) => {
                        let message = format!("could not stat {file} ({e}); ignored");
                        self.diagnose(DiagnosticCode::ProbeFailed, Some(file), message);
                    }
                }
            }
        }
        self.step(kind, looked, "none present", Outcome::Passed);
    }

    fn step_ancestry(&mut self) {
        let name = StepKind::Ancestry;
        let (ancestry, matches) = self.ancestors();
        let looked = format!("{} ancestor(s)", ancestry.chain.len());
        match matches.first().cloned() {
            Some(a) => {
                let source = DetectionSource::ancestor(&a.name, a.depth);
                self.candidate(a.provider, source.clone(), None);
                let how = match a.evidence {
                    Evidence::Comm => "executable",
                    Evidence::Args => "interpreter script",
                    _ => "process name listed in GT_PROCESS_NAMES",
                };
                self.decide(a.provider, source, !registry::runtime(a.provider).vendor_verified());
                self.step(
                    name,
                    looked,
                    format!("{how} `{}` {} level(s) up (pid {})", a.name, a.depth, a.pid),
                    Outcome::Decided,
                );
            }
            None => self.step(name, looked, "no runtime among them", Outcome::Passed),
        }
    }
}

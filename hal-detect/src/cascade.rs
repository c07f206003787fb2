//! The detection cascade.
//!
//! Policy `spec` (default), first step that yields a runtime decides:
//! 1. `GT_RUNTIME` (operator override; unrecognised → `unknown` with a warning);
//! 2. the design's session-id variable (`CLAUDE_SESSION_ID`);
//! 3. the orchestrator stamp `GT_AGENT`;
//! 4. runtime markers, arbitrated by the nearest runtime ancestor known by its own
//!    executable name; `AI_AGENT` only when no runtime's own marker is present;
//! 5. the workspace file (`.claude/settings.json` in the workspace root; stat only);
//! 6. the nearest runtime ancestor (by executable name or interpreter script);
//! 7. `unknown`.
//!
//! Policy `ancestry`: after step 1, an ancestor known by its own executable name beats
//! steps 2–5.

use std::cell::OnceCell;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use hal_caps::registry::{self, REGISTRY, Runtime};
use hal_caps::text::{escape_control, quote_value};
use hal_types::{Candidate, Detection, DetectionSource, Policy, RuntimeProvider, SourceKind, Strength};

use crate::host::{Ancestry, Host, Stat};
use crate::identify::{AncestorMatch, Evidence, identify_chain};
use crate::os::describe;
use crate::vars;

/// How deep the ancestry walk goes.
pub const MAX_ANCESTRY_DEPTH: usize = 64;
/// How many directories above the current one are searched for `.git`.
const MAX_ROOT_SEARCH: usize = 128;

/// What a cascade step did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// The step decided the provider.
    Decided,
    /// The step found nothing that decides; the cascade went on.
    Passed,
    /// The step did not run (an earlier step decided, or the policy skips it).
    Skipped,
}

/// One step of the cascade, for `hal explain`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Step {
    /// The step's name.
    pub name: &'static str,
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
    /// The workspace root used by step 5, if it ran.
    pub workspace: Option<PathBuf>,
}

/// Runs the cascade over a [`Host`]. Uncached: each call probes again.
#[derive(Debug, Clone)]
pub struct Detector<H> {
    host: H,
    policy: Option<Policy>,
    workspace: Option<PathBuf>,
}

impl<H: Host> Detector<H> {
    /// A detector over `host`, policy from `GT_HAL_POLICY` (default `spec`).
    pub const fn new(host: H) -> Self {
        Self { host, policy: None, workspace: None }
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
            workspace: None,
            decided: false,
        };
        run.det.policy = self.policy.unwrap_or_else(|| run.env_policy());
        run.cascade(self.workspace.as_deref());
        for w in &run.det.warnings {
            tracing::warn!("{w}");
        }
        Report { detection: run.det, steps: run.steps, workspace: run.workspace }
    }
}

struct Run<'h, H> {
    host: &'h H,
    det: Detection,
    steps: Vec<Step>,
    ancestry: OnceCell<(Ancestry, Vec<AncestorMatch>)>,
    workspace: Option<PathBuf>,
    decided: bool,
}

/// A variable's value as text for matching: lossy, so non-UTF-8 bytes are data.
fn text(v: &OsString) -> std::borrow::Cow<'_, str> {
    v.to_string_lossy()
}

impl<H: Host> Run<'_, H> {
    /// A variable, with an empty value counted as unset.
    fn var(&self, name: &str) -> Option<OsString> {
        self.host.var(name).filter(|v| !v.is_empty())
    }

    fn env_policy(&mut self) -> Policy {
        let Some(v) = self.var(vars::GT_HAL_POLICY) else { return Policy::Spec };
        match v.to_str().map(|s| s.trim().to_ascii_lowercase()).and_then(|s| s.parse().ok()) {
            Some(p) => p,
            None => {
                self.det.warnings.push(format!(
                    "ignoring {}={}: expected one of: {}; using spec",
                    vars::GT_HAL_POLICY,
                    quote_value(&v),
                    Policy::variants().join(", ")
                ));
                Policy::Spec
            }
        }
    }

    fn step(&mut self, name: &'static str, looked_at: impl Into<String>, found: impl Into<String>, outcome: Outcome) {
        self.steps.push(Step { name, looked_at: looked_at.into(), found: found.into(), outcome });
    }

    fn skip(&mut self, name: &'static str, looked_at: impl Into<String>, why: &str) {
        self.step(name, looked_at, why, Outcome::Skipped);
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
            let m = identify_chain(&a.chain);
            (a, m)
        })
    }

    fn nearest_comm(&self) -> Option<AncestorMatch> {
        self.ancestors().1.iter().find(|m| m.evidence == Evidence::Comm).cloned()
    }

    fn cascade(&mut self, workspace: Option<&Path>) {
        type StepFn<T> = fn(&mut T);
        let steps: [(&'static str, StepFn<Self>); 6] = [
            ("override", Self::step_override),
            ("session id", Self::step_session),
            ("orchestrator stamp", Self::step_stamp),
            ("runtime markers", Self::step_markers),
            ("workspace file", Self::step_workspace_marker),
            ("process ancestry", Self::step_ancestry),
        ];
        self.workspace = workspace.map(Path::to_path_buf);
        for (i, (name, f)) in steps.into_iter().enumerate() {
            if self.decided {
                self.skip(name, "-", "an earlier step decided");
                continue;
            }
            if i == 1 && self.det.policy == Policy::Ancestry {
                self.step_policy_ancestor();
                if self.decided {
                    continue;
                }
            }
            f(self);
        }
        if !self.decided {
            self.step("fallback", "-", "no signal identified a runtime", Outcome::Decided);
        }
        if let Some((ancestry, _)) = self.ancestry.get() {
            self.det.warnings.extend(ancestry.warnings.iter().cloned());
        }
    }

    fn step_override(&mut self) {
        let name = "override";
        let Some(v) = self.var(vars::GT_RUNTIME) else {
            return self.step(name, vars::GT_RUNTIME, "unset", Outcome::Passed);
        };
        let source = DetectionSource::new(SourceKind::Override, vars::GT_RUNTIME);
        match v.to_str().and_then(registry::lookup) {
            Some(p) => {
                self.candidate(p, source.clone(), None);
                self.decide(p, source, false);
                self.step(name, vars::GT_RUNTIME, format!("names {p}"), Outcome::Decided);
            }
            None => {
                self.det.warnings.push(format!(
                    "{}={} names no runtime hal knows (see `hal providers`); the provider is unknown",
                    vars::GT_RUNTIME,
                    quote_value(&v)
                ));
                self.candidate(RuntimeProvider::Unknown, source.clone(), None);
                self.decide(RuntimeProvider::Unknown, source, false);
                self.step(name, vars::GT_RUNTIME, "an unrecognised runtime name: unknown", Outcome::Decided);
            }
        }
    }

    fn step_policy_ancestor(&mut self) {
        let name = "ancestor (policy ancestry)";
        match self.nearest_comm() {
            Some(a) => {
                let source = DetectionSource::ancestor(&a.name, a.depth);
                self.candidate(a.provider, source.clone(), None);
                self.decide(a.provider, source, registry::runtime(a.provider).secondary_only());
                self.step(
                    name,
                    "process ancestry (executable names)",
                    format!("`{}` {} level(s) up (pid {}) beats env and file signals", a.name, a.depth, a.pid),
                    Outcome::Decided,
                );
            }
            None => self.step(name, "process ancestry (executable names)", "no runtime executable", Outcome::Passed),
        }
    }

    fn step_session(&mut self) {
        let name = "session id";
        let looked: Vec<&str> = REGISTRY.iter().filter_map(|r| r.cascade_session_var).collect();
        for r in REGISTRY {
            let Some(var) = r.cascade_session_var else { continue };
            if self.var(var).is_some() {
                let source = DetectionSource::new(SourceKind::SessionId, var);
                self.candidate(r.provider, source.clone(), None);
                self.decide(r.provider, source, false);
                return self.step(name, looked.join(", "), format!("{var} is set"), Outcome::Decided);
            }
        }
        self.step(name, looked.join(", "), "unset", Outcome::Passed);
    }

    fn step_stamp(&mut self) {
        let name = "orchestrator stamp";
        let Some(v) = self.var(vars::GT_AGENT) else {
            return self.step(name, vars::GT_AGENT, "unset", Outcome::Passed);
        };
        let source = DetectionSource::new(SourceKind::OrchestratorStamp, vars::GT_AGENT);
        if let Some(p) = v.to_str().and_then(registry::lookup) {
            self.candidate(p, source.clone(), None);
            self.decide(p, source, false);
            return self.step(name, vars::GT_AGENT, format!("names {p}"), Outcome::Decided);
        }
        self.candidate(RuntimeProvider::Unknown, source, None);
        self.det.warnings.push(format!(
            "{}={} is not a runtime hal knows (a custom preset?); detection went on",
            vars::GT_AGENT,
            quote_value(&v)
        ));
        self.step(name, vars::GT_AGENT, "a preset hal does not know", Outcome::Passed);
    }

    /// Every runtime marker present, in registry (priority) order.
    fn marker_hits(&self) -> Vec<(&'static Runtime, String, Strength, bool)> {
        let mut hits = Vec::new();
        for r in REGISTRY {
            for m in r.markers {
                if m.value.matches(self.var(m.var).as_ref().map(text).as_deref()) {
                    hits.push((r, m.var.to_owned(), m.strength, m.secondary));
                }
            }
            for c in r.combos {
                if c.all.iter().all(|(v, rule)| rule.matches(self.var(v).as_ref().map(text).as_deref())) {
                    let names: Vec<&str> = c.all.iter().map(|(v, _)| *v).collect();
                    hits.push((r, names.join("+"), Strength::Strong, c.secondary));
                }
            }
        }
        hits
    }

    fn step_markers(&mut self) {
        let name = "runtime markers";
        let looked = "runtime markers of the registry, AI_AGENT";
        let hits = self.marker_hits();
        for (r, signal, strength, _) in &hits {
            self.candidate(r.provider, DetectionSource::new(SourceKind::Marker, signal.clone()), Some(*strength));
        }
        let ai = self.var(vars::AI_AGENT).and_then(|v| v.to_str().and_then(registry::parse_ai_agent));
        if let Some(p) = ai {
            self.candidate(p, DetectionSource::new(SourceKind::Marker, vars::AI_AGENT), Some(Strength::Weak));
        }
        let Some(first) = hits.first().cloned() else {
            let Some(p) = ai else {
                return self.step(name, looked, "none", Outcome::Passed);
            };
            // AI_AGENT alone: inherited by nested agents, so any runtime ancestor beats it.
            if let Some(a) = self.nearest_comm().filter(|a| a.provider != p) {
                return self.decide_ancestor(name, looked, &a, &format!("AI_AGENT names {p}, inherited"));
            }
            self.decide(p, DetectionSource::new(SourceKind::Marker, vars::AI_AGENT), true);
            return self.step(name, looked, format!("AI_AGENT names {p}"), Outcome::Decided);
        };
        let names = hits.iter().map(|h| h.1.as_str()).collect::<Vec<_>>().join(", ");
        if let Some(a) = self.nearest_comm() {
            // The ancestor's own markers: its row, or a row derived from it that runs
            // under the same executable (a mode such as cowork). Derived rows come
            // first in the registry, so the most specific wins.
            let own = hits
                .iter()
                .find(|(r, ..)| r.provider == a.provider || r.executables.is_empty() && r.in_family_of(a.provider));
            if let Some((r, signal, _, secondary)) = own {
                self.decide(r.provider, DetectionSource::new(SourceKind::Marker, signal.clone()), *secondary);
                return self.step(
                    name,
                    looked,
                    format!("{names}; confirmed by ancestor `{}` {} level(s) up", a.name, a.depth),
                    Outcome::Decided,
                );
            }
            return self.decide_ancestor(name, looked, &a, &format!("{names}, inherited"));
        }
        let (r, signal, _, secondary) = first;
        // Several unrelated runtimes' markers and no ancestor to arbitrate: the
        // registry order decides, and the answer is flagged.
        let mut unrelated: Vec<RuntimeProvider> =
            hits.iter().map(|h| h.0).filter(|o| !r.in_family_of(o.provider)).map(|o| o.provider).collect();
        unrelated.dedup();
        self.decide(r.provider, DetectionSource::new(SourceKind::Marker, signal), secondary);
        if unrelated.is_empty() {
            self.step(name, looked, names, Outcome::Decided);
        } else {
            self.det.ambiguous = true;
            let others: Vec<&str> = unrelated.iter().map(|p| p.as_str()).collect();
            self.step(
                name,
                looked,
                format!(
                    "{names}; markers of {} too and no runtime ancestor: {} by priority (ambiguous)",
                    others.join(", "),
                    r.provider
                ),
                Outcome::Decided,
            );
        }
    }

    fn decide_ancestor(&mut self, name: &'static str, looked: &str, a: &AncestorMatch, found: &str) {
        let source = DetectionSource::ancestor(&a.name, a.depth);
        self.candidate(a.provider, source.clone(), None);
        self.decide(a.provider, source, registry::runtime(a.provider).secondary_only());
        self.step(
            name,
            looked,
            format!("{found}: the nearest runtime ancestor `{}` ({} level(s) up) is {}", a.name, a.depth, a.provider),
            Outcome::Decided,
        );
    }

    /// The workspace root: explicit, `CLAUDE_PROJECT_DIR`, the nearest `.git`, the cwd.
    fn workspace_root(&mut self) -> Option<(PathBuf, &'static str)> {
        if let Some(dir) = self.workspace.clone() {
            return Some((dir, "given explicitly"));
        }
        if let Some(dir) = self.var(vars::CLAUDE_PROJECT_DIR) {
            let dir = PathBuf::from(dir);
            match self.host.stat(&dir) {
                Ok(Stat::Dir) => return Some((dir, "CLAUDE_PROJECT_DIR")),
                Ok(s) => self.det.warnings.push(format!(
                    "{} is {}, not a directory; ignoring it",
                    vars::CLAUDE_PROJECT_DIR,
                    describe(s)
                )),
                Err(e) => {
                    self.det.warnings.push(format!("{} is unreadable ({e}); ignoring it", vars::CLAUDE_PROJECT_DIR));
                }
            }
        }
        let cwd = match self.host.current_dir() {
            Ok(c) => c,
            Err(e) => {
                self.det.warnings.push(format!("the current directory is unreadable ({e}); no workspace root"));
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
        let name = "workspace file";
        let Some((root, why)) = self.workspace_root() else {
            return self.step(name, "workspace root", "no workspace root", Outcome::Passed);
        };
        self.workspace = Some(root.clone());
        // Never print an environment value: a root taken from a variable is named by it.
        let shown = match why {
            "CLAUDE_PROJECT_DIR" => format!("${}", vars::CLAUDE_PROJECT_DIR),
            _ => escape_control(&root.to_string_lossy()).into_owned(),
        };
        if let Some(home) = self.var(vars::HOME)
            && Path::new(&home) == root
        {
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
                    return self.step(name, looked, "a regular file", Outcome::Decided);
                }
                Ok(Stat::Missing) => self.step(name, looked, "absent", Outcome::Passed),
                Ok(s) => {
                    self.det
                        .warnings
                        .push(format!("{file} in the workspace is {}, not a regular file; ignored", describe(s)));
                    self.step(name, looked, describe(s), Outcome::Passed);
                }
                Err(e) => {
                    self.det.warnings.push(format!("could not stat {file} in the workspace ({e}); ignored"));
                    self.step(name, looked, format!("unreadable ({e})"), Outcome::Passed);
                }
            }
        }
    }

    fn step_ancestry(&mut self) {
        let name = "process ancestry";
        let (ancestry, matches) = self.ancestors();
        let looked = format!("{} ancestor(s)", ancestry.chain.len());
        match matches.first().cloned() {
            Some(a) => {
                let source = DetectionSource::ancestor(&a.name, a.depth);
                self.candidate(a.provider, source.clone(), None);
                let how = match a.evidence {
                    Evidence::Comm => "executable",
                    Evidence::Args => "interpreter script",
                };
                self.decide(a.provider, source, registry::runtime(a.provider).secondary_only());
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

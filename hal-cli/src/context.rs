//! One invocation resolved, once (ripgrep's low-level arguments to high-level ones): the
//! parsed command line, the [`Host`] and an optional hook payload become the [`Hal`]
//! the command answers from, the merged diagnostics it reports and the output mode.
//!
//! Every command that reads a payload (`hook`, `detect --hook`, `session-id --hook`)
//! resolves here, through [`decide`], the one decision of the payload's runtime, and
//! reports the same diagnostics: the HAL's (detection's and the settings'), then
//! `runtime_unknown` under `--require-known`, then the payload's own, once each.

use std::path::Path;

use hal_caps::hook::{Claim, Reading};
use hal_detect::{Detector, Host, Report, VersionLookup};
use hal_gupp::Hal;
use hal_types::{Detection, Diagnostic, DiagnosticCode, HookEvent, RuntimeHal as _, RuntimeProvider};

use crate::args::Global;
use crate::payload::{self, NoPayload};

/// Where a command's hook payload comes from.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Payload<'a> {
    /// No payload.
    None,
    /// `--hook`: stdin; a missing or unusable payload is a diagnostic, and detection
    /// goes on without it.
    Optional,
    /// `hal hook [--from FILE]`: the payload is the answer.
    Required(Option<&'a Path>),
}

impl Payload<'_> {
    /// `--hook`: the payload on stdin, when given.
    pub(crate) const fn hook(hook: bool) -> Self {
        if hook { Self::Optional } else { Self::None }
    }
}

/// What a command needs resolved.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Needs<'a> {
    /// `--provider`: answer for this runtime, no detection.
    pub provider: Option<RuntimeProvider>,
    /// Whether the config file is read (only the commands whose answer a setting of
    /// the file can change read it).
    pub config: bool,
    /// The detection's step-by-step report (`explain`).
    pub report: bool,
    /// The hook payload.
    pub payload: Payload<'a>,
    /// `--runtime-version` (with `--provider`).
    pub runtime_version: Option<&'a str>,
    /// Whether the answer shows the runtime's version (else it is looked for in the
    /// environment only, for its warning: `hal hook`, text `detect` and `session-id`).
    pub shows_version: bool,
    /// Whether the answer rests on versioned facts (caps, events, startup, gupp, env):
    /// then it carries the version's diagnostics (the floor, when the version is unknown).
    pub versioned: bool,
}

impl<'a> Needs<'a> {
    /// Detection (or the given provider), with or without the config file.
    pub(crate) const fn detection(provider: Option<RuntimeProvider>, config: bool) -> Self {
        Self {
            provider,
            config,
            report: false,
            payload: Payload::None,
            runtime_version: None,
            versioned: false,
            shows_version: true,
        }
    }

    /// An answer resting on versioned facts, for `provider` at `version` when given.
    pub(crate) const fn versioned(provider: Option<RuntimeProvider>, version: Option<&'a str>, config: bool) -> Self {
        Self { runtime_version: version, versioned: true, ..Self::detection(provider, config) }
    }
}

/// The payload as read.
pub(crate) enum Read {
    /// The payload as the canonical event of the runtime [`decide`] named.
    Event(HookEvent),
    /// No payload was read.
    Failed(NoPayload),
}

/// One invocation, resolved.
pub(crate) struct Context<H: Host> {
    /// The HAL the command answers from.
    pub hal: Hal<H>,
    /// Every diagnostic the command reports, once each, in order.
    pub diagnostics: Vec<Diagnostic>,
    /// `--json`.
    pub json: bool,
    /// The payload, for the commands that read one.
    pub read: Option<Read>,
    /// The cascade step by step, when asked for.
    pub report: Option<Report>,
}

/// The detector `global` configures (`--policy`, `--workspace`).
fn detector<H: Host>(host: H, global: &Global, shows_version: bool) -> Detector<H> {
    let lookup = if shows_version { VersionLookup::Full } else { VersionLookup::Environment };
    let mut det = Detector::new(host).maybe_policy(global.policy).version_lookup(lookup);
    if let Some(w) = &global.workspace {
        det = det.workspace(w);
    }
    det
}

/// The one decision of a payload's runtime, for `hal hook`, `detect --hook` and
/// `session-id --hook`: the detection (with the hook-payload step when the payload's
/// shape names its writer) and the payload read as that runtime's event. Both name
/// the same runtime: [`Reading::writer`] over the environment's detection is what the
/// cascade's hook-payload step decides after the override.
fn decide<H: Host>(
    global: &Global,
    host: &H,
    reading: Option<&Reading>,
    shows_version: bool,
) -> (Detection, Option<HookEvent>) {
    let env = detector(host, global, shows_version).detect();
    let Some(r) = reading else { return (env, None) };
    let event = r.event(Some(&env));
    let detection = match r.claim() {
        // The payload names its writer: the hook-payload step decides it (after the
        // override), without walking the ancestry again.
        Claim::Writer(_) => detector(host, global, shows_version).with_hook(r.event(None)).detect(),
        _ => env,
    };
    debug_assert_eq!(detection.provider, event.provider);
    (detection, Some(event))
}

/// The detection of `--provider P`: at `--runtime-version` when given, else at the
/// version of P's install as `hal inventory` finds it (the first executable on `PATH`,
/// from its package manifest or layout, no process started), saying so; else unknown.
fn given<H: Host>(host: &H, provider: RuntimeProvider, needs: Needs<'_>) -> Detection {
    let mut d = hal_gupp::given_at(provider, needs.runtime_version);
    if needs.runtime_version.is_none()
        && needs.shows_version
        && let Some(i) = hal_detect::inventory::installed(host, provider)
        && let (Some(v), Some(how)) = (i.version, i.version_source)
    {
        let exe = hal_caps::text::escape_control(&i.executable.to_string_lossy()).into_owned();
        d.runtime_version = Some(v);
        d.runtime_version_source = Some(format!("{how} (the install `hal inventory` finds: {exe})"));
    }
    d
}

impl<H: Host> Context<H> {
    /// Resolves what `needs` says for a command run with `global` on `host`.
    pub(crate) fn resolve(global: &Global, host: H, needs: Needs<'_>) -> Self {
        let mut extra = Vec::new();
        let mut report = None;
        let (detection, read) = match (needs.provider, needs.payload) {
            (Some(p), _) => (given(&host, p, needs), None),
            (None, Payload::None) if needs.report => {
                let r = detector(&host, global, needs.shows_version).report();
                let d = r.detection.clone();
                report = Some(r);
                (d, None)
            }
            (None, Payload::None) => (detector(&host, global, needs.shows_version).detect(), None),
            (None, Payload::Optional | Payload::Required(_)) => {
                let from = match needs.payload {
                    Payload::Required(from) => from,
                    Payload::None | Payload::Optional => None,
                };
                let reading = payload::read(from);
                let (detection, event) = decide(global, &host, reading.as_ref().ok(), needs.shows_version);
                let read = match (reading, event) {
                    (Err(why), _) => {
                        let message = match needs.payload {
                            Payload::Optional => format!("--hook: {}; going on without it", why.message()),
                            Payload::None | Payload::Required(_) => why.message(),
                        };
                        extra.push(Diagnostic::new(DiagnosticCode::HookPayload, None, message));
                        Read::Failed(why)
                    }
                    (Ok(_), Some(e)) => {
                        extra.extend(e.diagnostics.iter().cloned());
                        Read::Event(e)
                    }
                    (Ok(r), None) => Read::Event(r.event(None)),
                };
                (detection, Some(read))
            }
        };
        let hal = if needs.config { Hal::new(host, detection) } else { Hal::without_config(host, detection) };
        let mut diagnostics = hal.diagnostics().to_vec();
        // An answer resting on versioned facts says what its version lacks, known or
        // not; any other answer (detect, session-id, hook) says it of a known version
        // (declared or learned): older than the registry dates, or no live run verified it.
        if needs.versioned || hal.runtime_version().is_some() {
            diagnostics.extend(hal.version_diagnostics());
        }
        if global.require_known && hal.detect_provider() == RuntimeProvider::Unknown {
            diagnostics.push(Diagnostic::new(
                DiagnosticCode::RuntimeUnknown,
                None,
                "the runtime is unknown (--require-known)".to_owned(),
            ));
        }
        for d in extra {
            if !diagnostics.contains(&d) {
                diagnostics.push(d);
            }
        }
        Self { hal, diagnostics, json: global.json, read, report }
    }
}

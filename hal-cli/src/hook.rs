//! `hal hook`, `hal detect --hook` and `hal session-id --hook`: the hook payload on
//! stdin (or `--from FILE`).
//!
//! Reading is here, in the binary's crate; parsing is `hal_caps::hook` (pure, streaming,
//! bounded memory); hal-detect only receives the parsed event. A terminal on stdin is
//! never read: `hal hook` exits 2, `--hook` goes on without a payload.
//!
//! One function, `decide`, names the payload's runtime for all three commands, so
//! they agree on every input: the operator's override, else the runtime the payload's
//! shape names, else (a shape several runtimes share) the environment's and the
//! ancestry's answer ([`hal_caps::hook::Reading::writer`]).

use std::io::IsTerminal as _;
use std::path::Path;

use hal_caps::hook::{self, Claim, NotAHook, Reading};
use hal_caps::text::escape_control;
use hal_detect::Host;
use hal_gupp::Hal;
use hal_types::{Detection, Diagnostic, DiagnosticCode, HookEvent, RuntimeHal as _};

use crate::answers;
use crate::cli::{Cli, Command, Global, HookArg};
use crate::input::Input;
use crate::run::{Output, detect_text, detector, diagnostics, versioned};

/// The usage line when stdin is a terminal.
pub const USAGE: &str = "hal hook reads a hook payload on stdin (or --from FILE)";

/// Why no payload was read.
enum NoPayload {
    /// stdin is a terminal: a usage error.
    Terminal,
    /// `--from FILE` could not be opened: a usage error.
    Open(String),
    /// The input is not a hook payload.
    Not(NotAHook),
}

impl NoPayload {
    fn message(&self) -> String {
        match self {
            Self::Terminal => USAGE.to_owned(),
            Self::Open(m) => m.clone(),
            Self::Not(e) => e.to_string(),
        }
    }
}

/// Reads the payload from `from` (`None` or `-`: stdin), with the bounded waits of
/// [`crate::input`].
fn read(from: Option<&Path>) -> Result<Reading, NoPayload> {
    let input = match from {
        Some(path) if path != Path::new("-") => Input::open(path)
            .map_err(|e| NoPayload::Open(format!("cannot read {}: {e}", escape_control(&path.to_string_lossy()))))?,
        _ => {
            if std::io::stdin().is_terminal() {
                return Err(NoPayload::Terminal);
            }
            Input::stdin().map_err(|e| NoPayload::Not(NotAHook::Io(e.to_string())))?
        }
    };
    hook::read_from_then(input, Input::complete).map_err(NoPayload::Not)
}

/// The one decision of a payload's runtime, for `hal hook`, `detect --hook` and
/// `session-id --hook`: the detection (with the hook-payload step when the payload's
/// shape names its writer) and the payload read as that runtime's event. Both name
/// the same runtime: [`Reading::writer`] over the environment's detection is what the
/// cascade's hook-payload step decides after the override.
fn decide<H: Host>(g: &Global, host: &H, reading: Option<&Reading>) -> (Detection, Option<HookEvent>) {
    let env = detector(host, g).detect();
    let Some(r) = reading else { return (env, None) };
    let event = r.event(Some(&env));
    let detection = match r.claim() {
        // The payload names its writer: the hook-payload step decides it (after the
        // override), without walking the ancestry again.
        Claim::Writer(_) => detector(host, g).with_hook(r.event(None)).detect(),
        _ => env,
    };
    debug_assert_eq!(detection.provider, event.provider);
    (detection, Some(event))
}

/// Answers the commands that read a hook payload; `None` for every other command.
pub fn run<H: Host>(cli: &Cli, host: &H) -> Option<Output> {
    let g = &cli.global;
    match &cli.command {
        Command::Hook(source) => Some(hook_command(g, source.from.as_deref(), host)),
        Command::Detect(HookArg { hook: true }) => Some(detect(g, host)),
        Command::SessionId(HookArg { hook: true }) => Some(session_id(g, host)),
        _ => None,
    }
}

/// `hal hook`: exit 0 with the event, 1 when the input is no hook payload, 2 when stdin
/// is a terminal or the file cannot be opened.
fn hook_command<H: Host>(g: &Global, from: Option<&Path>, host: &H) -> Output {
    let reading = read(from);
    let (detection, event) = decide(g, host, reading.as_ref().ok());
    let mut diags = detection.diagnostics.clone();
    let (body, code, error) = match (reading, event) {
        (Ok(_), Some(e)) => {
            diags.extend(e.diagnostics.iter().cloned());
            (answers::Hook::from(&e), 0, None)
        }
        (Ok(_), None) => unreachable!("decide reads every payload it is given"),
        (Err(why), _) => {
            let message = why.message();
            let code = if matches!(why, NoPayload::Not(_)) { 1 } else { 2 };
            diags.push(Diagnostic::new(DiagnosticCode::HookPayload, None, message.clone()));
            (answers::Hook::default(), code, (code == 2).then(|| format!("usage: {message}")))
        }
    };
    let stdout = if g.json {
        versioned(&body, &diags)
    } else if code == 0 {
        let dash = |s: Option<&str>| escape_control(s.unwrap_or("-")).into_owned();
        let provider = body.provider.map_or_else(|| "-".to_owned(), |p| p.to_string());
        format!("{provider} {} {}\n", dash(body.event.as_deref()), dash(body.session_id.as_deref()))
    } else {
        String::new()
    };
    let mut out = Output { stdout, warnings: hal_types::messages(&diags), errors: Vec::new(), code };
    if let Some(e) = error {
        out.warnings.retain(|w| !e.ends_with(w.as_str()));
        out.errors.push(e);
    }
    out
}

/// The payload for `--hook`; a missing or unusable payload is a `hook_payload`
/// diagnostic and detection goes on without it.
fn payload(diags: &mut Vec<Diagnostic>) -> Option<Reading> {
    match read(None) {
        Ok(r) => Some(r),
        Err(why) => {
            let message = format!("--hook: {}; going on without it", why.message());
            diags.push(Diagnostic::new(DiagnosticCode::HookPayload, None, message));
            None
        }
    }
}

/// `hal detect --hook`.
fn detect<H: Host>(g: &Global, host: &H) -> Output {
    let mut extra = Vec::new();
    let reading = payload(&mut extra);
    let (detection, event) = decide(g, host, reading.as_ref());
    extra.extend(event.iter().flat_map(|e| e.diagnostics.iter().cloned()));
    let hal = Hal::without_config(host, detection);
    let mut diags = diagnostics(g, &hal);
    diags.extend(extra);
    let d = hal.detection();
    let stdout = if g.json { versioned(d, &diags) } else { detect_text(d) };
    let code = u8::from(diags.iter().any(|x| x.code == DiagnosticCode::RuntimeUnknown));
    Output { stdout, warnings: hal_types::messages(&diags), errors: Vec::new(), code }
}

/// `hal session-id --hook`: the payload's session id, else the environment's.
fn session_id<H: Host>(g: &Global, host: &H) -> Output {
    let mut extra = Vec::new();
    let reading = payload(&mut extra);
    let (detection, event) = decide(g, host, reading.as_ref());
    let from_payload = event.as_ref().and_then(|e| e.session_id.clone());
    extra.extend(event.iter().flat_map(|e| e.diagnostics.iter().cloned()));
    let hal = Hal::without_config(host, detection);
    let mut diags = diagnostics(g, &hal);
    diags.extend(extra);
    let c = hal.capabilities();
    let (id, variable) = match from_payload {
        Some(id) => (Some(id), None),
        None => hal.session().map_or((None, None), |s| (Some(s.id), Some(s.variable))),
    };
    let stdout = match (&id, g.json) {
        (_, true) => {
            let body = answers::SessionId {
                provider: c.provider,
                family: c.family,
                session_id: id.clone(),
                variable,
                session_id_vars: hal.session_id_vars(),
            };
            versioned(body, &diags)
        }
        (Some(id), false) => format!("{}\n", escape_control(id)),
        (None, false) => String::new(),
    };
    Output { stdout, warnings: hal_types::messages(&diags), errors: Vec::new(), code: u8::from(id.is_none()) }
}

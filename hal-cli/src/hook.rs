//! `hal hook`, `hal detect --hook` and `hal session-id --hook`: the hook payload on
//! stdin (or `--from FILE`).
//!
//! Reading is here, in the binary's crate; parsing is `hal_caps::hook` (pure, streaming,
//! bounded memory); hal-detect only receives the parsed event. A terminal on stdin is
//! never read: `hal hook` exits 2, `--hook` goes on without a payload.

use std::fs::File;
use std::io::IsTerminal as _;
use std::path::Path;

use hal_caps::hook::{self, NotAHook};
use hal_caps::text::escape_control;
use hal_detect::Host;
use hal_gupp::Hal;
use hal_types::{Detection, DiagnosticCode, HookEvent, RuntimeHal as _, RuntimeProvider};
use serde_json::{Value, json};

use crate::cli::{Cli, Command, Global, HookArg};
use crate::run::{Output, detect_text, detector, versioned};

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

/// Reads and parses the payload from `from` (`None` or `-`: stdin).
fn read(from: Option<&Path>, detection: Option<&Detection>) -> Result<HookEvent, NoPayload> {
    match from {
        Some(path) if path != Path::new("-") => {
            let file = File::open(path).map_err(|e| {
                NoPayload::Open(format!("cannot read {}: {e}", escape_control(&path.to_string_lossy())))
            })?;
            hook::parse_reader(file, detection).map_err(NoPayload::Not)
        }
        _ => {
            let stdin = std::io::stdin();
            if stdin.is_terminal() {
                return Err(NoPayload::Terminal);
            }
            hook::parse_reader(stdin.lock(), detection).map_err(NoPayload::Not)
        }
    }
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
    let detection = detector(host, g).detect();
    let mut out = Output::default();
    match read(from, Some(&detection)) {
        Ok(e) => {
            out.stdout = if g.json {
                let mut v = serde_json::to_value(&e).unwrap_or(Value::Null);
                v["warnings"] = json!(e.warnings());
                versioned(v)
            } else {
                let dash = |s: Option<&str>| escape_control(s.unwrap_or("-")).into_owned();
                format!("{} {} {}\n", e.provider, dash(e.event.as_deref()), dash(e.session_id.as_deref()))
            };
            out.warnings = e.warnings();
        }
        Err(why) => {
            let message = why.message();
            out.code = if matches!(why, NoPayload::Not(_)) { 1 } else { 2 };
            if g.json {
                let keys = ["provider", "family", "native_event", "event", "session_id", "cwd", "transcript_path"];
                let mut v: serde_json::Map<String, Value> =
                    keys.iter().map(|k| ((*k).to_owned(), Value::Null)).collect();
                v.insert("source".to_owned(), Value::Null);
                v.insert("tool".to_owned(), Value::Null);
                v.insert("warnings".to_owned(), json!([message]));
                let diagnostic = hal_types::Diagnostic::new(DiagnosticCode::HookPayload, None, message.clone());
                v.insert("diagnostics".to_owned(), json!([diagnostic]));
                out.stdout = versioned(Value::Object(v));
            }
            out.warnings.push(if out.code == 2 { format!("usage: {message}") } else { message });
        }
    }
    out
}

/// The payload for `--hook`: parsed without a detection (it is what decides one); a
/// missing or unusable payload is a warning and detection goes on without it.
fn payload(warnings: &mut Vec<String>) -> Option<HookEvent> {
    match read(None, None) {
        Ok(e) => Some(e),
        Err(why) => {
            warnings.push(format!("--hook: {}; going on without it", why.message()));
            None
        }
    }
}

fn detection_with_hook<H: Host>(g: &Global, host: &H, event: Option<HookEvent>) -> Detection {
    let d = detector(host, g);
    match event {
        Some(e) => d.with_hook(e).detect(),
        None => d.detect(),
    }
}

/// `hal detect --hook`.
fn detect<H: Host>(g: &Global, host: &H) -> Output {
    let mut warnings = Vec::new();
    let event = payload(&mut warnings);
    let d = detection_with_hook(g, host, event);
    warnings.splice(0..0, d.warnings());
    let stdout = if g.json {
        let mut v = serde_json::to_value(&d).unwrap_or(Value::Null);
        v["warnings"] = json!(warnings);
        versioned(v)
    } else {
        detect_text(&d)
    };
    let mut out = Output { stdout, ..Output::default() };
    if g.require_known && d.provider == RuntimeProvider::Unknown {
        out.code = 1;
        warnings.push("the runtime is unknown (--require-known)".to_owned());
    }
    out.warnings = warnings;
    out
}

/// `hal session-id --hook`: the payload's session id, else the environment's.
fn session_id<H: Host>(g: &Global, host: &H) -> Output {
    let mut warnings = Vec::new();
    let event = payload(&mut warnings);
    let from_payload = event.as_ref().and_then(|e| e.session_id.clone());
    let d = detection_with_hook(g, host, event);
    let provider = d.provider;
    let id = from_payload.or_else(|| Hal::new(host, d).session_id());
    let stdout = match (&id, g.json) {
        (_, true) => versioned(json!({ "provider": provider, "session_id": id, "warnings": warnings })),
        (Some(id), false) => format!("{}\n", escape_control(id)),
        (None, false) => String::new(),
    };
    Output { stdout, warnings, code: u8::from(id.is_none()) }
}

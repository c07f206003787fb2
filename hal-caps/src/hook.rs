//! Hook payloads read back as canonical lifecycle events.
//!
//! [`parse`] reads one payload (the JSON a runtime writes on a hook command's stdin)
//! and answers which runtime wrote it, which event fired, in which session
//! ([`HookEvent`]). It keeps names and ids only: every other value (prompts, tool
//! inputs and outputs, file contents) is skipped while it streams past, never stored,
//! and a key or a kept value past its cap streams past too, so memory does not grow
//! with the payload or any of its fields; [`parse_reader`] reads from any
//! [`std::io::Read`] the caller hands over (hal-caps opens nothing).
//!
//! The whole input must be one JSON object in valid UTF-8, nested at most
//! [`MAX_DEPTH`] deep, followed by whitespace only, or it is [`NotAHook`], even when the
//! fields hal needs came before the error. A key given twice: its last value wins, as
//! in the runtimes' own JSON readers (`JSON.parse`, Python's `json`).
//!
//! The runtime is told from the payload's shape, against the registry's payload table
//! ([`crate::registry::payloads`]): a field only one runtime writes, its transcript
//! directory, the key and spelling of its event name; the detection, when given,
//! breaks ties between runtimes that write the same shape. The event is mapped to the
//! canonical one through the runtime's event map ([`crate::registry::Hooks`]).

use std::fmt;
use std::io::Read;

use hal_types::{Detection, Diagnostic, DiagnosticCode, HookEvent, RuntimeProvider as P, SessionSource};

use crate::registry::payloads::{NameStyle, payload};
use crate::registry::{self, Standing};

mod read;

use read::{Fields, How, Seen};
pub use read::{MAX_DEPTH, MAX_FIELD};

/// Why an input is not a hook payload.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotAHook {
    /// Nothing, or only whitespace.
    Empty,
    /// Bytes that are not UTF-8.
    NotUtf8,
    /// Not JSON (or JSON followed by more than whitespace).
    NotJson,
    /// JSON that ends before it is complete.
    Truncated,
    /// Nested deeper than the parser's limit.
    TooDeep,
    /// JSON, but not an object.
    NotAnObject,
    /// An object with no event-name field and no runtime's payload shape.
    NoEvent,
    /// The reader failed.
    Io(String),
}

impl fmt::Display for NotAHook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => f.write_str("no hook payload: the input is empty"),
            Self::NotUtf8 => f.write_str("no hook payload: the input is not UTF-8"),
            Self::NotJson => f.write_str("no hook payload: the input is not one JSON value"),
            Self::Truncated => f.write_str("no hook payload: the JSON is truncated"),
            Self::TooDeep => f.write_str("no hook payload: the JSON is nested too deep"),
            Self::NotAnObject => f.write_str("no hook payload: the JSON is not an object"),
            Self::NoEvent => {
                f.write_str("no hook payload: the object has no event name and no runtime's payload shape")
            }
            Self::Io(e) => write!(f, "no hook payload: the input could not be read ({e})"),
        }
    }
}

impl std::error::Error for NotAHook {}

/// Reads one hook payload held in memory. Pure: no I/O.
///
/// ```
/// let payload = br#"{"session_id":"abc","transcript_path":"/home/u/.claude/projects/p/abc.jsonl",
///     "cwd":"/home/u/p","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}"#;
/// let e = hal_caps::hook::parse(payload, None).unwrap();
/// assert_eq!(e.provider.as_str(), "claude");
/// assert_eq!(e.event.as_deref(), Some("tool.use.pre"));
/// assert_eq!(e.tool.as_deref(), Some("Bash"));
/// ```
pub fn parse(bytes: &[u8], detection: Option<&Detection>) -> Result<HookEvent, NotAHook> {
    parse_reader(bytes, detection)
}

/// Reads one hook payload from `reader` (stdin, a file) to its end, in bounded memory:
/// a 16 KiB buffer, and the names and ids kept (each at most [`MAX_FIELD`] bytes); a key
/// or a value of any size streams past. hal-caps does not open anything; the caller
/// hands the reader over. It accepts exactly what [`parse`] accepts.
pub fn parse_reader<R: Read>(reader: R, detection: Option<&Detection>) -> Result<HookEvent, NotAHook> {
    parse_reader_then(reader, detection, |_| {})
}

/// [`parse_reader`], calling `on_complete` with the reader as soon as the payload's
/// closing brace is read, before the rest of the input (which must be whitespace) is
/// read to its end: a caller reading a pipe that its writer keeps open can then bound
/// the wait for that end (`hal hook`'s grace period).
pub fn parse_reader_then<R: Read>(
    reader: R,
    detection: Option<&Detection>,
    on_complete: impl FnOnce(&mut R),
) -> Result<HookEvent, NotAHook> {
    let fields = read::read_fields(reader, KEYS, on_complete)?;
    interpret(&fields, detection)
}

/// The top-level keys hal looks at; every other key's value is skipped unseen.
const KEYS: &[(&str, How)] = &[
    ("hook_event_name", How::Keep),
    ("hookEventName", How::Keep),
    ("hookName", How::Keep),
    ("agent_action_name", How::Keep),
    ("session_id", How::Keep),
    ("sessionId", How::Keep),
    ("conversation_id", How::Keep),
    ("taskId", How::Keep),
    ("trajectory_id", How::Keep),
    ("cwd", How::Keep),
    ("workspaceRoot", How::Keep),
    ("workspace_roots", How::Keep),
    ("workspaceRoots", How::Keep),
    ("transcript_path", How::Keep),
    ("transcriptPath", How::Keep),
    ("source", How::Keep),
    ("tool_name", How::Keep),
    ("toolName", How::Keep),
    ("timestamp", How::Keep),
    ("model", How::Presence),
    ("tool_info", How::ToolHolder),
    ("preToolUse", How::ToolHolder),
    ("postToolUse", How::ToolHolder),
    ("turn_id", How::Presence),
    ("cursor_version", How::Presence),
    ("clineVersion", How::Presence),
    ("generation_id", How::Presence),
    ("execution_id", How::Presence),
    ("user_email", How::Presence),
    ("crons", How::Presence),
    // Copilot CLI's camelCase payloads name no event: these fields tell it.
    ("prompt", How::Presence),
    ("initialPrompt", How::Presence),
    ("reason", How::Presence),
    ("toolArgs", How::Presence),
    ("toolResult", How::Presence),
    ("error", How::Presence),
    ("errorContext", How::Presence),
    ("stopReason", How::Presence),
    ("agentName", How::Presence),
    ("trigger", How::Presence),
    // Copilot's "VS Code compatible" payloads.
    ("initial_prompt", How::Presence),
    ("stop_reason", How::Presence),
    ("error_context", How::Presence),
    ("tool_result", How::Presence),
];

/// How sure the shape is of the runtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Certainty {
    /// A field or transcript directory only this runtime writes.
    Tell,
    /// The key and spelling of the event name, shared by several runtimes.
    Shape,
}

/// The runtime that wrote `f`, and how sure that is.
fn identify(f: &Fields) -> Option<(P, Certainty)> {
    use crate::registry::payloads::PAYLOADS;
    if let Some(p) = PAYLOADS.iter().find(|p| p.tells.iter().any(|t| f.has(t))) {
        return Some((p.provider, Certainty::Tell));
    }
    let transcript = f.first_str(&["transcript_path", "transcriptPath"]).map(|(_, v)| v);
    if let Some(t) = transcript
        && let Some(p) = PAYLOADS.iter().find(|p| p.transcript.is_some_and(|frag| t.contains(frag)))
    {
        return Some((p.provider, Certainty::Tell));
    }
    if let Some(name) = f.str("hookEventName") {
        // Grok writes snake_case values under the camelCase key; VS Code PascalCase.
        let p = if NameStyle::Pascal.fits(name) { P::CopilotVscode } else { P::Grok };
        return Some((p, Certainty::Shape));
    }
    if let Some(name) = f.str("hook_event_name") {
        return Some(match NameStyle::of(name) {
            Some(NameStyle::Pascal) => pascal(f, name),
            _ => (P::Kiro, Certainty::Shape),
        });
    }
    // Copilot CLI's camelCase payloads: `sessionId` and a numeric timestamp (the older
    // shape has no `sessionId`, but a `cwd`).
    let numeric_time = f.get("timestamp") == Some(&Seen::Num);
    match (f.has("sessionId"), numeric_time) {
        (true, true) => Some((P::Copilot, Certainty::Tell)),
        (true, false) => Some((P::Copilot, Certainty::Shape)),
        (false, true) if f.has("cwd") => Some((P::Copilot, Certainty::Shape)),
        _ => None,
    }
}

/// The runtime of a payload with a PascalCase `hook_event_name` and no tell.
fn pascal(f: &Fields, name: &str) -> (P, Certainty) {
    // Copilot's notification: camelCase `sessionId` beside `hook_event_name`; its "VS
    // Code compatible" payloads carry fields no other runtime writes.
    if f.has("sessionId") || ["initial_prompt", "stop_reason", "error_context", "tool_result"].iter().any(|k| f.has(k))
    {
        return (P::Copilot, Certainty::Tell);
    }
    // Codex writes `model` on every event (Claude on SessionStart only) and a null
    // transcript path where it has none.
    if (f.has("model") && name != "SessionStart") || f.get("transcript_path") == Some(&Seen::Null) {
        return (P::Codex, Certainty::Tell);
    }
    // Devin writes a session id but neither a working directory nor a transcript path;
    // with none of the three, nothing tells the runtime (the environment may).
    if !f.has("cwd") && !f.has("transcript_path") {
        let p = if f.has("session_id") { P::Devin } else { P::Unknown };
        return (p, Certainty::Shape);
    }
    if matches!(f.get("timestamp"), Some(Seen::Str(_))) {
        // An ISO timestamp: Gemini and Qwen always name a transcript, Copilot's "VS Code
        // compatible" payloads only on a few events, under its own names.
        if !f.has("transcript_path") {
            return (P::Copilot, Certainty::Tell);
        }
        let copilot_name = payload(P::Copilot).is_some_and(|p| p.renames.iter().any(|(from, _)| *from == name));
        if copilot_name && canonical(P::Gemini, name).is_none() {
            return (P::Copilot, Certainty::Shape);
        }
        return (P::Gemini, Certainty::Shape);
    }
    (P::Claude, Certainty::Shape)
}

/// Copilot CLI's camelCase payloads name no event: the fields that tell it (cli hooks
/// reference). A payload with `toolName` and `toolArgs` alone is read as `preToolUse`
/// (`permissionRequest`'s input is not documented).
fn copilot_event(f: &Fields) -> Option<&'static str> {
    let rules: &[(&[&str], &str)] = &[
        (&["source"], "sessionStart"),
        (&["reason"], "sessionEnd"),
        (&["prompt"], "userPromptSubmitted"),
        (&["toolResult"], "postToolUse"),
        (&["toolName", "error"], "postToolUseFailure"),
        (&["error"], "errorOccurred"),
        (&["agentName", "stopReason"], "subagentStop"),
        (&["agentName"], "subagentStart"),
        (&["stopReason"], "agentStop"),
        (&["trigger"], "preCompact"),
        (&["toolName"], "preToolUse"),
    ];
    rules.iter().find(|(keys, _)| keys.iter().all(|k| f.has(k))).map(|(_, e)| *e)
}

fn note(e: &mut HookEvent, subject: Option<&str>, message: String) {
    e.diagnostics.push(Diagnostic::new(DiagnosticCode::HookPayload, subject, message));
}

/// The canonical event of `native` for `provider` (through its payload renames).
fn canonical(provider: P, native: &str) -> Option<&'static str> {
    let name = payload(provider).map_or(native, |p| p.map_name(native));
    let hooks = registry::runtime(provider).hook_system()?;
    hooks.events.iter().find(|(_, n)| *n == name).map(|(c, _)| *c)
}

fn interpret(f: &Fields, detection: Option<&Detection>) -> Result<HookEvent, NotAHook> {
    let event_name =
        f.first_str(&["hook_event_name", "hookEventName", "hookName", "agent_action_name"]).map(|(_, v)| v.to_owned());
    let Some((mut provider, certainty)) = identify(f) else {
        return match event_name {
            Some(_) => Ok(finish(f, HookEvent::new(P::Unknown, P::Unknown), event_name)),
            None => Err(NotAHook::NoEvent),
        };
    };
    let native = event_name.or_else(|| (provider == P::Copilot).then(|| copilot_event(f)).flatten().map(str::to_owned));
    let mut diagnostics = Vec::new();
    // A runtime that explains the environment's signal (same family, or one whose
    // markers it keeps: Cursor under CLAUDECODE=1) is no disagreement.
    let explained = |d: &Detection| provider != P::Unknown && registry::runtime(provider).explains(d.provider);
    if let Some(d) = detection.filter(|d| d.provider != provider && d.provider != P::Unknown) {
        // The shape is shared: the environment's runtime wins when it writes this event.
        let env_writes = native.as_deref().is_some_and(|n| canonical(d.provider, n).is_some())
            && payload(d.provider).is_none_or(|p| p.event_style.fits(native.as_deref().unwrap_or_default()));
        if certainty == Certainty::Shape && env_writes {
            diagnostics.push(format!(
                "the payload's shape is shared by {provider} and {}; the environment says {}",
                d.provider, d.provider
            ));
            provider = d.provider;
        } else if !explained(d) {
            diagnostics.push(format!(
                "the payload was written by {provider}; the environment says {} (an inherited signal?)",
                d.provider
            ));
        }
    }
    let mut e = HookEvent::new(provider, registry::family(provider));
    for m in diagnostics {
        note(&mut e, None, m);
    }
    if payload(provider).is_some_and(|p| p.standing != Standing::Vendor) {
        note(&mut e, None, format!("{provider}'s payload shape is known from third-party sources only"));
    }
    Ok(finish(f, e, native))
}

fn finish(f: &Fields, mut e: HookEvent, native: Option<String>) -> HookEvent {
    e.event = native.as_deref().and_then(|n| canonical(e.provider, n)).map(str::to_owned);
    if let (Some(n), None, true) = (&native, &e.event, e.provider != P::Unknown) {
        let message = format!("{} has no canonical event for `{}`", e.provider, crate::text::escape_control(n));
        note(&mut e, Some("event"), message);
    }
    e.native_event = native;
    let session_keys: &[&'static str] = &["session_id", "sessionId", "conversation_id", "taskId", "trajectory_id"];
    let session_key = payload(e.provider).map(|p| p.session_key);
    e.session_id =
        session_key.and_then(|k| f.str(k)).or_else(|| f.first_str(session_keys).map(|(_, v)| v)).map(str::to_owned);
    e.cwd = f.first_str(&["cwd", "workspaceRoot"]).map(|(_, v)| v.to_owned()).or_else(|| {
        ["workspaceRoots", "workspace_roots"].iter().find_map(|k| match f.get(k) {
            Some(Seen::Array(first)) => first.clone(),
            _ => None,
        })
    });
    e.transcript_path = f.first_str(&["transcript_path", "transcriptPath"]).map(|(_, v)| v.to_owned());
    e.tool = f.first_str(&["tool_name", "toolName"]).map(|(_, v)| v.to_owned()).or_else(|| {
        ["preToolUse", "postToolUse", "tool_info"].iter().find_map(|k| match f.get(k) {
            Some(Seen::Object(tool)) => tool.clone(),
            _ => None,
        })
    });
    if matches!(e.event.as_deref(), Some("session.start" | "session.resume")) {
        read_source(f, &mut e);
    }
    for (key, seen) in &f.seen {
        if *seen == Seen::Long {
            note(&mut e, Some(key), format!("`{key}` is longer than {MAX_FIELD} bytes; ignored"));
        }
    }
    e
}

/// The start source of a session-start event; `resume` makes it `session.resume`.
fn read_source(f: &Fields, e: &mut HookEvent) {
    if e.event.as_deref() == Some("session.resume") {
        e.source = Some(SessionSource::Resume);
        return;
    }
    let Some(raw) = f.str("source") else { return };
    // Copilot's `new` is a fresh session.
    let source = if raw == "new" { Some(SessionSource::Startup) } else { raw.parse().ok() };
    match source {
        Some(s) => {
            e.source = Some(s);
            if s == SessionSource::Resume {
                e.event = Some("session.resume".to_owned());
            }
        }
        None => {
            let raw = crate::text::escape_control(raw).into_owned();
            note(e, Some("source"), format!("unknown session start source `{raw}`; ignored"));
        }
    }
}

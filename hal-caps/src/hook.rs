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
//! ([`crate::registry::payloads`]): a field (or a pair of fields) only one runtime
//! writes, its transcript directory, the key and spelling of its event name. A shape
//! several runtimes share names no runtime by itself: the environment's detection
//! decides ([`Reading::writer`], the one rule `hal hook`, `hal detect --hook` and
//! `hal session-id --hook` share). The event is mapped to the canonical one through
//! the runtime's event map ([`crate::registry::Hooks`]); with no runtime decided, through
//! the maps of the runtimes sharing the shape, where they agree.

use std::fmt;
use std::io::Read;

use hal_types::{Detection, Diagnostic, DiagnosticCode, HookEvent, RuntimeProvider as P, SessionSource, SourceKind};

use crate::registry;
use crate::registry::payloads::{NameStyle, payload};

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
    read(bytes).map(|r| r.event(detection))
}

/// Reads one hook payload held in memory, before its runtime is decided. Pure: no I/O.
pub fn read(bytes: &[u8]) -> Result<Reading, NotAHook> {
    read_from(bytes)
}

/// Reads one hook payload from `reader` (stdin, a file) to its end, in bounded memory:
/// a 16 KiB buffer, and the names and ids kept (each at most [`MAX_FIELD`] bytes); a key
/// or a value of any size streams past. hal-caps does not open anything; the caller
/// hands the reader over. It accepts exactly what [`parse`] accepts.
pub fn parse_reader<R: Read>(reader: R, detection: Option<&Detection>) -> Result<HookEvent, NotAHook> {
    read_from(reader).map(|r| r.event(detection))
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
    read_from_then(reader, on_complete).map(|r| r.event(detection))
}

/// Reads one hook payload from `reader` as [`parse_reader`] does, before its runtime is
/// decided.
pub fn read_from<R: Read>(reader: R) -> Result<Reading, NotAHook> {
    read_from_then(reader, |_| {})
}

/// [`read_from`], calling `on_complete` as [`parse_reader_then`] does.
pub fn read_from_then<R: Read>(reader: R, on_complete: impl FnOnce(&mut R)) -> Result<Reading, NotAHook> {
    Reading::new(read::read_fields(reader, &keys(), on_complete)?)
}

/// The top-level keys hal looks at: [`KEYS`], and the outer key of each dotted session
/// key of the payload table (its value an object of which the inner key is kept, under
/// the whole path: `sessionContext.rootSessionId`). Every other key's value is skipped
/// unseen.
fn keys() -> Vec<(&'static str, How)> {
    use crate::registry::payloads::PAYLOADS;
    let dotted = PAYLOADS.iter().filter(|p| p.session_key.contains('.')).map(|p| (p.session_key, How::Within));
    KEYS.iter().copied().chain(dotted).collect()
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
    ("permission_mode", How::Presence),
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
    /// The key and spelling of the event name, maybe shared by several runtimes.
    Shape,
}

/// What a payload's shape says of the runtime that wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Claim {
    /// Only this runtime writes this shape: a field, a pair of fields or a transcript
    /// directory of its own, or a key and spelling no other runtime uses.
    Writer(P),
    /// Several runtimes write this shape (these, as far as the payload table knows;
    /// possibly none): the payload names no runtime by itself.
    Shared(Vec<P>),
}

/// One hook payload as read: the names and ids hal keeps, and what its shape claims.
/// [`Reading::event`] decides its runtime and reads the event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    fields: Fields,
    claim: Claim,
    event_name: Option<String>,
}

impl Reading {
    fn new(fields: Fields) -> Result<Self, NotAHook> {
        let event_name = fields
            .first_str(&["hook_event_name", "hookEventName", "hookName", "agent_action_name"])
            .map(|(_, v)| v.to_owned());
        let claim = match identify(&fields) {
            Some((p, Certainty::Tell)) => Claim::Writer(p),
            Some((guess, Certainty::Shape)) => {
                let mut sharing = sharing(&fields, event_name.as_deref());
                if guess != P::Unknown && !sharing.contains(&guess) {
                    sharing.push(guess);
                }
                match sharing.as_slice() {
                    [only] if *only == guess => Claim::Writer(guess),
                    _ => Claim::Shared(sharing),
                }
            }
            None if event_name.is_some() => Claim::Shared(Vec::new()),
            None => return Err(NotAHook::NoEvent),
        };
        Ok(Self { fields, claim, event_name })
    }

    /// What the payload's shape claims.
    #[must_use]
    pub const fn claim(&self) -> &Claim {
        &self.claim
    }

    /// The event name the payload carries, if any.
    #[must_use]
    pub fn event_name(&self) -> Option<&str> {
        self.event_name.as_deref()
    }

    /// The runtime that ran the hook: the one rule. The operator's override
    /// (`GT_RUNTIME`, a detection of source `override`) first; then the runtime the
    /// payload's shape names ([`Claim::Writer`]); for a shape several runtimes share,
    /// the detection's runtime (from the environment and the ancestry), else `unknown`.
    /// `hal_detect`'s hook-payload step decides exactly `writer(None)` when it is not
    /// `unknown`, so a detection made with the payload names the same runtime.
    #[must_use]
    pub fn writer(&self, detection: Option<&Detection>) -> P {
        if let Some(d) = detection.filter(|d| d.source.kind == SourceKind::Override) {
            return d.provider;
        }
        match (&self.claim, detection) {
            (Claim::Writer(p), _) => *p,
            (Claim::Shared(_), Some(d)) => d.provider,
            (Claim::Shared(_), None) => P::Unknown,
        }
    }

    /// The payload as a canonical event of the runtime [`Reading::writer`] decides, with
    /// a diagnostic where the payload and the detection disagree.
    #[must_use]
    pub fn event(&self, detection: Option<&Detection>) -> HookEvent {
        let provider = self.writer(detection);
        let f = &self.fields;
        let native = self
            .event_name
            .clone()
            .or_else(|| (provider == P::Copilot).then(|| copilot_event(f)).flatten().map(str::to_owned));
        let mut e = HookEvent::new(provider, registry::family(provider));
        let env = detection.map_or(P::Unknown, |d| d.provider);
        match &self.claim {
            Claim::Writer(p) if *p != provider => {
                note(&mut e, None, format!("the payload was written by {p}; GT_RUNTIME says {provider}"));
            }
            Claim::Writer(p) if env != P::Unknown && env != *p && !registry::runtime(*p).explains(env) => {
                let m = format!("the payload was written by {p}; the environment says {env} (an inherited signal?)");
                note(&mut e, None, m);
            }
            Claim::Shared(sharing) if sharing.len() > 1 && provider != P::Unknown => {
                let names: Vec<&str> = sharing.iter().map(|p| p.as_str()).collect();
                let m =
                    format!("the payload's shape is shared by {}; the environment says {provider}", names.join(", "));
                note(&mut e, None, m);
            }
            _ => {}
        }
        if payload(provider).is_some_and(|p| !p.standing.first_hand()) {
            note(&mut e, None, format!("{provider}'s payload shape is known from third-party sources only"));
        }
        let sharing = match &self.claim {
            Claim::Shared(s) => s.as_slice(),
            Claim::Writer(_) => &[],
        };
        finish(f, e, native, sharing)
    }
}

/// The runtimes of the payload table that write `f`'s event key in the spelling of
/// `name`.
fn sharing(f: &Fields, name: Option<&str>) -> Vec<P> {
    use crate::registry::payloads::PAYLOADS;
    let key = ["hook_event_name", "hookEventName", "hookName", "agent_action_name"].into_iter().find(|k| f.has(k));
    PAYLOADS
        .iter()
        .filter(|p| p.event_key == key && name.is_none_or(|n| p.event_style.fits(n)))
        .map(|p| p.provider)
        .collect()
}

/// The runtime that wrote `f`, and how sure that is.
fn identify(f: &Fields) -> Option<(P, Certainty)> {
    use crate::registry::payloads::PAYLOADS;
    if let Some(p) = PAYLOADS.iter().find(|p| p.tells.iter().any(|t| f.has(t))) {
        return Some((p.provider, Certainty::Tell));
    }
    // A pair of keys only one runtime writes together (Qwen: an ISO `timestamp` with
    // `permission_mode`; Gemini writes the first only, Claude and Codex the second).
    let pair = |(a, b): &(&str, &str)| matches!(f.get(a), Some(Seen::Str(_))) && f.has(b);
    if let Some(p) = PAYLOADS.iter().find(|p| p.pairs.iter().any(pair)) {
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
    // Every other runtime of the table writing this shape writes `cwd`: a tell.
    if !f.has("cwd") && !f.has("transcript_path") {
        return if f.has("session_id") { (P::Devin, Certainty::Tell) } else { (P::Unknown, Certainty::Shape) };
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
fn canonical(provider: P, native: &str) -> Option<String> {
    let name = payload(provider).map_or(native, |p| p.map_name(native));
    let hooks = registry::runtime(provider).hook_system()?;
    hooks.events.iter().find(|(_, n)| *n == name).map(|(c, _)| (*c).to_owned())
}

/// Whether `native` is an event of `provider`: mapped, or known to map to none.
fn knows(provider: P, native: &str) -> bool {
    let name = payload(provider).map_or(native, |p| p.map_name(native));
    registry::runtime(provider).hook_system().is_some_and(|h| h.knows(name))
}

/// The canonical event of `native` for a payload no runtime was decided for: the one
/// every runtime sharing its shape that has the event maps it to, if they agree.
fn agreed(sharing: &[P], native: &str) -> Option<String> {
    let mut seen = sharing.iter().filter_map(|p| canonical(*p, native));
    let first = seen.next()?;
    seen.all(|c| c == first).then_some(first)
}

fn finish(f: &Fields, mut e: HookEvent, native: Option<String>, sharing: &[P]) -> HookEvent {
    e.event = native.as_deref().and_then(|n| match e.provider {
        P::Unknown => agreed(sharing, n),
        p => canonical(p, n),
    });
    let known = |n: &str| knows(e.provider, n);
    if let (Some(n), None, true) = (&native, &e.event, e.provider != P::Unknown)
        && !known(n)
    {
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

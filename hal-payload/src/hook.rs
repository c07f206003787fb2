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
//! The whole input must be one JSON object in valid UTF-8 (JSON's grammar: any
//! `\uXXXX` escape, a lone surrogate too, which becomes U+FFFD in a kept value; a skipped
//! value nested to any depth up to [`MAX_SKIP_DEPTH`]), followed by whitespace only, or
//! it is [`NotAHook`], even when the fields hal needs came before the error. A key given twice: its last value wins, as
//! in the runtimes' own JSON readers (`JSON.parse`, Python's `json`).
//!
//! The runtime is told from the payload's shape, against the registry's payload table
//! ([`crate::registry::payloads`]) and nothing else: a field (or a pair of fields) only
//! one runtime writes, its transcript directory, a tie-break rule of its row
//! ([`crate::registry::payloads::Rule`]), the key and spelling of its event name. The
//! keys read are the keys the rows name; no runtime is named here (a test holds this
//! file to that). A shape several runtimes share names no runtime by itself (the bare
//! `{"hook_event_name":"SessionStart","session_id":"s1"}` is `unknown`): the
//! environment's detection decides ([`Reading::writer`], the one rule `hal hook`,
//! `hal detect --hook` and `hal session-id --hook` share). The event is mapped to the
//! canonical one through the runtime's event map ([`crate::registry::Hooks`]); with no
//! runtime decided, through the maps of the runtimes sharing the shape, where they agree.

use std::io::Read;
use std::sync::LazyLock;

use hal_types::{
    CanonicalEvent, Detection, Diagnostic, DiagnosticCode, HookEvent, RuntimeProvider as P, SessionSource, SourceKind,
};

use crate::registry;
use crate::registry::payloads::{COMMON, Clue, PAYLOADS, Payload, payload};

mod read;

use read::{Fields, How, Seen};
pub use read::{MAX_DEPTH, MAX_FIELD, MAX_SKIP_DEPTH, NotAHook};

/// Reads one hook payload held in memory. Pure: no I/O.
///
/// ```
/// let payload = br#"{"session_id":"abc","transcript_path":"/home/u/.claude/projects/p/abc.jsonl",
///     "cwd":"/home/u/p","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}"#;
/// let e = hal_payload::hook::parse(payload, None).unwrap();
/// assert_eq!(e.provider.as_str(), "claude");
/// assert_eq!(e.event.map(|c| c.as_str()), Some("tool.use.pre"));
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
    Reading::new(read::read_fields(reader, &KEYS, on_complete)?)
}

/// The top-level keys hal looks at, and how each value is read: every key a row of the
/// payload table or [`COMMON`] reads (an event key, a session key, a tell, a pair, a
/// rule's clue, a field that tells an event, a working directory, a transcript, a
/// tool), each once, kept where its value is read and only noted where its presence
/// is; a dotted session key (`sessionContext.rootSessionId`) is read within its outer
/// key's object. Every other key's value is skipped unseen.
static KEYS: LazyLock<Vec<(&'static str, How)>> = LazyLock::new(|| {
    let mut keys: Vec<(&'static str, How)> = Vec::new();
    let mut add = |key: &'static str, how: How| match keys.iter_mut().find(|(k, _)| *k == key) {
        Some((_, had @ How::Presence)) => *had = how,
        Some(_) => {}
        None => keys.push((key, how)),
    };
    for p in PAYLOADS {
        if let Some(k) = p.event_key {
            add(k, How::Keep);
        }
        add(p.session_key, if p.session_key.contains('.') { How::Within } else { How::Keep });
        p.tells.iter().for_each(|k| add(k, How::Presence));
        for (a, b) in p.pairs {
            add(a, How::Keep);
            add(b, How::Presence);
        }
        for (k, value) in p.rules.iter().flat_map(|r| r.when).filter_map(|c| c.key()) {
            add(k, if value { How::Keep } else { How::Presence });
        }
        p.events_by_fields.iter().flat_map(|(ks, _)| ks.iter()).for_each(|k| add(k, How::Presence));
    }
    let kept = [COMMON.session, COMMON.cwd, COMMON.cwd_lists, COMMON.transcript, COMMON.tool, &[COMMON.start_source]];
    kept.into_iter().flatten().for_each(|k| add(k, How::Keep));
    COMMON.tool_holders.iter().for_each(|k| add(k, How::ToolHolder));
    keys
});

/// The keys that name the event, in table order.
static EVENT_KEYS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let mut keys: Vec<&'static str> = Vec::new();
    for k in PAYLOADS.iter().filter_map(|p| p.event_key) {
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    keys
});

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
        let event_name = fields.first_str(&EVENT_KEYS).map(|(_, v)| v.to_owned());
        let claim = match identify(&fields, event_name.as_deref()) {
            Some((p, Certainty::Tell)) => Claim::Writer(p),
            guess if guess.is_some() || event_name.is_some() => {
                let mut sharing = sharing(&fields, event_name.as_deref());
                if let Some((p, _)) = guess
                    && !sharing.contains(&p)
                {
                    sharing.push(p);
                }
                match (sharing.as_slice(), only_knower(&sharing, event_name.as_deref())) {
                    ([only], _) => Claim::Writer(*only),
                    (_, Some(p)) => Claim::Writer(p),
                    _ => Claim::Shared(sharing),
                }
            }
            _ => return Err(NotAHook::NoEvent),
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
        let native = self.event_name.clone().or_else(|| {
            let by_fields = payload(provider).and_then(|p| p.event_by_fields(|k| f.has(k)));
            by_fields.map(str::to_owned)
        });
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
        if payload(provider).is_some_and(|p| !p.standing().first_hand()) {
            note(&mut e, None, format!("{provider}'s payload shape is known from third-party sources only"));
        }
        let sharing = match &self.claim {
            Claim::Shared(s) => s.as_slice(),
            Claim::Writer(_) => &[],
        };
        finish(f, e, native, sharing)
    }
}

/// The one runtime of those sharing a shape whose hook system has the event `name`
/// (Kiro's `agentSpawn` among the camelCase writers of `hook_event_name`): an event
/// only one of them fires names it. `None` when none or several have it.
fn only_knower(sharing: &[P], name: Option<&str>) -> Option<P> {
    let name = name?;
    let mut knowers = sharing.iter().copied().filter(|p| knows(*p, name));
    let first = knowers.next()?;
    knowers.next().is_none().then_some(first)
}

/// The runtimes of the payload table that write `f`'s event key in the spelling of
/// `name`.
fn sharing(f: &Fields, name: Option<&str>) -> Vec<P> {
    let key = EVENT_KEYS.iter().copied().find(|k| f.has(k));
    PAYLOADS
        .iter()
        .filter(|p| p.event_key == key && name.is_none_or(|n| p.event_style.fits(n)))
        .map(|p| p.provider)
        .collect()
}

/// The runtime that wrote `f` (whose event is named `name`), and how sure that is: the
/// first row with a key only it writes, then with a pair of keys only it writes
/// together (the first holding a string), then whose transcript directory the
/// transcript path names, then whose tie-break rule holds.
fn identify(f: &Fields, name: Option<&str>) -> Option<(P, Certainty)> {
    let tell = |p: &Payload| Some((p.provider, Certainty::Tell));
    if let Some(p) = PAYLOADS.iter().find(|p| p.tells.iter().any(|t| f.has(t))) {
        return tell(p);
    }
    let pair = |(a, b): &(&str, &str)| matches!(f.get(a), Some(Seen::Str(_))) && f.has(b);
    if let Some(p) = PAYLOADS.iter().find(|p| p.pairs.iter().any(pair)) {
        return tell(p);
    }
    let transcript = f.first_str(COMMON.transcript).map(|(_, v)| v);
    if let Some(t) = transcript
        && let Some(p) = PAYLOADS.iter().find(|p| p.transcript.is_some_and(|frag| t.contains(frag)))
    {
        return tell(p);
    }
    PAYLOADS.iter().find_map(|p| {
        let rule = p.rules.iter().find(|r| r.when.iter().all(|c| holds(f, name, *c)))?;
        Some((p.provider, if rule.tells { Certainty::Tell } else { Certainty::Shape }))
    })
}

/// Whether `clue` holds of `f`, whose event is named `name`.
fn holds(f: &Fields, name: Option<&str>, clue: Clue) -> bool {
    match clue {
        Clue::Named(key, style) => f.str(key).is_some_and(|n| style.fits(n)),
        Clue::Unnamed => name.is_none(),
        Clue::NameIsNot(other) => name != Some(other),
        Clue::Has(key) => f.has(key),
        Clue::Lacks(key) => !f.has(key),
        Clue::Str(key) => matches!(f.get(key), Some(Seen::Str(_))),
        Clue::Num(key) => f.get(key) == Some(&Seen::Num),
        Clue::Null(key) => f.get(key) == Some(&Seen::Null),
    }
}

fn note(e: &mut HookEvent, subject: Option<&str>, message: String) {
    e.diagnostics.push(Diagnostic::new(DiagnosticCode::HookPayload, subject, message));
}

/// The canonical event of `native` for `provider` (through its payload renames).
fn canonical(provider: P, native: &str) -> Option<CanonicalEvent> {
    let name = payload(provider).map_or(native, |p| p.map_name(native));
    let hooks = registry::runtime(provider).hook_system()?;
    hooks.event(name).and_then(|e| e.canonical)
}

/// Whether `native` is an event of `provider`: mapped, or known to map to none.
fn knows(provider: P, native: &str) -> bool {
    let name = payload(provider).map_or(native, |p| p.map_name(native));
    registry::runtime(provider).hook_system().is_some_and(|h| h.knows(name))
}

/// The canonical event of `native` for a payload no runtime was decided for: the one
/// every runtime sharing its shape that has the event maps it to, if they agree.
fn agreed(sharing: &[P], native: &str) -> Option<CanonicalEvent> {
    let mut seen = sharing.iter().filter_map(|p| canonical(*p, native));
    let first = seen.next()?;
    seen.all(|c| c == first).then_some(first)
}

fn finish(f: &Fields, mut e: HookEvent, native: Option<String>, sharing: &[P]) -> HookEvent {
    let event = native.as_deref().and_then(|n| match e.provider {
        P::Unknown => agreed(sharing, n),
        p => canonical(p, n),
    });
    e.event = event;
    let known = |n: &str| knows(e.provider, n);
    if let (Some(n), None, true) = (&native, &e.event, e.provider != P::Unknown)
        && !known(n)
    {
        let message = format!("{} has no canonical event for `{}`", e.provider, crate::text::escape_control(n));
        note(&mut e, Some("event"), message);
    }
    e.native_event = native;
    let session_key = payload(e.provider).map(|p| p.session_key);
    e.session_id =
        session_key.and_then(|k| f.str(k)).or_else(|| f.first_str(COMMON.session).map(|(_, v)| v)).map(str::to_owned);
    e.cwd = f.first_str(COMMON.cwd).map(|(_, v)| v.to_owned()).or_else(|| {
        COMMON.cwd_lists.iter().find_map(|k| match f.get(k) {
            Some(Seen::Array(first)) => first.clone(),
            _ => None,
        })
    });
    e.transcript_path = f.first_str(COMMON.transcript).map(|(_, v)| v.to_owned());
    e.tool = f.first_str(COMMON.tool).map(|(_, v)| v.to_owned()).or_else(|| {
        COMMON.tool_holders.iter().find_map(|k| match f.get(k) {
            Some(Seen::Object(tool)) => tool.clone(),
            _ => None,
        })
    });
    if matches!(event, Some(CanonicalEvent::SessionStart | CanonicalEvent::SessionResume)) {
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
    if e.event == Some(CanonicalEvent::SessionResume) {
        e.source = Some(SessionSource::Resume);
        return;
    }
    let Some(raw) = f.str(COMMON.start_source) else { return };
    let alias = COMMON.start_aliases.iter().find(|(from, _)| *from == raw).map_or(raw, |(_, to)| to);
    let source: Option<SessionSource> = alias.parse().ok();
    match source {
        Some(s) => {
            e.source = Some(s);
            if s == SessionSource::Resume {
                e.event = Some(CanonicalEvent::SessionResume);
            }
        }
        None => {
            let raw = crate::text::escape_control(raw).into_owned();
            note(e, Some("source"), format!("unknown session start source `{raw}`; ignored"));
        }
    }
}

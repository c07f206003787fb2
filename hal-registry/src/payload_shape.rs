//! The shape of a runtime's payload facts (see [`super::payloads`], which holds them).

use hal_types::RuntimeProvider as P;

use super::model::{Source, Standing};

/// How a runtime spells its event names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NameStyle {
    /// `PreToolUse`.
    Pascal,
    /// `preToolUse`.
    Camel,
    /// `pre_tool_use`.
    Snake,
}

impl NameStyle {
    /// The style `name` is written in, by its first letter and underscores
    /// (`stop` is camel and snake alike: [`NameStyle::Camel`]).
    #[must_use]
    pub fn of(name: &str) -> Option<Self> {
        let first = name.chars().next()?;
        if first.is_ascii_uppercase() {
            Some(Self::Pascal)
        } else if name.contains('_') {
            Some(Self::Snake)
        } else if first.is_ascii_lowercase() {
            Some(Self::Camel)
        } else {
            None
        }
    }

    /// Whether `name` can be written in this style.
    #[must_use]
    pub fn fits(self, name: &str) -> bool {
        match (self, Self::of(name)) {
            (Self::Snake, Some(Self::Snake | Self::Camel)) => !name.bytes().any(|b| b.is_ascii_uppercase()),
            (want, Some(got)) => want == got,
            (_, None) => false,
        }
    }
}

/// One fact about a payload, as hal's reader sees it (a top-level key's presence or
/// type, or the event's name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "hal-payload's reader tests each: a new clue is a new test there")]
pub enum Clue {
    /// The event is named under this key (a non-empty string), in this spelling.
    Named(&'static str, NameStyle),
    /// No event key holds a name: the payload names no event.
    Unnamed,
    /// The event's name is not this one.
    NameIsNot(&'static str),
    /// The key is present, whatever its value (`null` included).
    Has(&'static str),
    /// The key is absent.
    Lacks(&'static str),
    /// The key holds a string.
    Str(&'static str),
    /// The key holds a number.
    Num(&'static str),
    /// The key holds `null`.
    Null(&'static str),
}

impl Clue {
    /// The top-level key the clue reads, and whether it needs the key's value (a
    /// string or a type) rather than its presence.
    #[must_use]
    pub const fn key(self) -> Option<(&'static str, bool)> {
        match self {
            Self::Named(k, _) | Self::Str(k) | Self::Num(k) | Self::Null(k) => Some((k, true)),
            Self::Has(k) | Self::Lacks(k) => Some((k, false)),
            Self::Unnamed | Self::NameIsNot(_) => None,
        }
    }
}

/// A combination of clues naming a runtime where the key and spelling of its event
/// name are shared (a tie-break). Rules are tried in table order, each row's in its
/// order, after every row's [`Payload::tells`], [`Payload::pairs`] and
/// [`Payload::transcript`]; the first whose clues all hold decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Rule {
    /// All of these hold.
    pub when: &'static [Clue],
    /// `true`: only this runtime writes such a payload. `false`: it is one of the
    /// runtimes writing it (it joins those sharing the shape; alone, it is named).
    pub tells: bool,
}

impl Rule {
    /// Only this runtime writes a payload where all of `when` hold.
    #[must_use]
    pub const fn tell(when: &'static [Clue]) -> Self {
        Self { when, tells: true }
    }

    /// This runtime is one of those writing a payload where all of `when` hold.
    #[must_use]
    pub const fn shape(when: &'static [Clue]) -> Self {
        Self { when, tells: false }
    }
}

/// The keys under which payloads carry what hal reads from every one of them,
/// whichever runtime wrote it, each list in order of preference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Common {
    /// Session ids, where the payload lacks its runtime's [`Payload::session_key`].
    pub session: &'static [&'static str],
    /// The working directory (a string).
    pub cwd: &'static [&'static str],
    /// Workspace roots (an array: its first element is the working directory).
    pub cwd_lists: &'static [&'static str],
    /// The transcript path.
    pub transcript: &'static [&'static str],
    /// The tool name (a string).
    pub tool: &'static [&'static str],
    /// Objects holding the tool name (`{"toolName": ...}`).
    pub tool_holders: &'static [&'static str],
    /// A session start's source (`startup`, `resume`, ...).
    pub start_source: &'static str,
    /// Start sources spelt otherwise than hal's `SessionSource`: (payload's, hal's).
    pub start_aliases: &'static [(&'static str, &'static str)],
}

/// One runtime's hook payload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Payload {
    /// The runtime.
    pub provider: P,
    /// The key naming the event (`hook_event_name`); `None`: the payload names none
    /// (Copilot CLI's camelCase form), and the event is told from its fields.
    pub event_key: Option<&'static str>,
    /// How the event names are spelt.
    pub event_style: NameStyle,
    /// The key holding the session id; `outer.inner` names a key of the object at
    /// `outer` (Cline CLI's `sessionContext.rootSessionId`). Where the payload lacks it,
    /// the first of the common session keys present (`session_id`, `sessionId`, `taskId`, ...).
    pub session_key: &'static str,
    /// Top-level keys only this runtime writes: any one of them identifies it.
    pub tells: &'static [&'static str],
    /// Tie-breaks where the key and spelling of the event name are shared.
    pub rules: &'static [Rule],
    /// For a payload naming no event: the event told by its fields (every key of an
    /// entry present; the first entry that fits), as the event map names it.
    pub events_by_fields: &'static [(&'static [&'static str], &'static str)],
    /// Pairs of top-level keys only this runtime writes together (the first holding
    /// a string): either pair identifies it.
    pub pairs: &'static [(&'static str, &'static str)],
    /// A path fragment only this runtime's transcript paths contain.
    pub transcript: Option<&'static str>,
    /// Event names the payload writes that the registry's event map spells otherwise
    /// (payload name, map name).
    pub renames: &'static [(&'static str, &'static str)],
    /// Where the payload facts come from; their [`Payload::standing`] is the best of
    /// these.
    pub sources: &'static [Source],
}

impl Payload {
    pub(crate) const fn new(
        provider: P,
        event_key: Option<&'static str>,
        event_style: NameStyle,
        session_key: &'static str,
    ) -> Self {
        Self {
            provider,
            event_key,
            event_style,
            session_key,
            tells: &[],
            rules: &[],
            events_by_fields: &[],
            pairs: &[],
            transcript: None,
            renames: &[],
            sources: &[],
        }
    }

    /// How far the payload facts are backed: the best standing of its sources
    /// (secondary when it has none).
    #[must_use]
    pub fn standing(&self) -> Standing {
        self.sources.iter().map(|s| s.standing).min().unwrap_or(Standing::Secondary)
    }

    /// The event told by the fields present (`has`), for a payload naming none.
    #[must_use]
    pub fn event_by_fields(&self, has: impl Fn(&str) -> bool) -> Option<&'static str> {
        self.events_by_fields.iter().find(|(keys, _)| keys.iter().all(|k| has(k))).map(|(_, e)| *e)
    }

    /// The registry's name for a payload event name (the name itself unless renamed).
    #[must_use]
    pub fn map_name<'a>(&self, name: &'a str) -> &'a str {
        self.renames.iter().find(|(from, _)| *from == name).map_or(name, |(_, to)| to)
    }
}

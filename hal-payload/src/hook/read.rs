//! The generic streaming reader of hook payloads: one JSON object read in bounded memory.
//!
//! A hand-written pull parser over a 16 KiB buffer, so that what it keeps is bounded by
//! construction, whatever the size of any field:
//!
//! - a key is compared as it streams against the keys hal looks for; past the longest
//!   of them it is no key hal reads, and the rest of it streams past unkept;
//! - a kept value (a name, an id, a path) is kept up to [`MAX_FIELD`] bytes; past that
//!   it is dropped as it streams ([`Seen::Long`], which becomes a diagnostic);
//! - every other value (prompts, tool inputs and outputs) streams past unkept, at any
//!   depth: a skipped value is read by a loop that keeps one bit per open bracket, not
//!   by recursion (up to [`MAX_SKIP_DEPTH`] levels, far past any JSON reader's);
//! - any `\uXXXX` escape is JSON (RFC 8259's grammar): a lone surrogate (what
//!   JavaScript's `JSON.stringify` writes for a string cut inside an emoji) is U+FFFD in
//!   a kept value, as `JSON.parse` and then UTF-8 would make it, and nothing in a
//!   skipped one;
//! - the input must be valid UTF-8 throughout.
//!
//! A duplicate key: the last value wins, as the runtimes' own JSON readers (JavaScript's
//! `JSON.parse`, Python's `json`) take it.
//!
//! After the object's closing brace, only whitespace may follow to the end of the
//! input. The caller is told when the object is complete (`on_complete`), so that it
//! can stop waiting for an end of input that a runtime keeping stdin open never sends.

use std::fmt;
use std::io::{self, Read};

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

/// The longest name, id or path hal keeps from a payload; a longer value is ignored.
pub const MAX_FIELD: usize = 4096;

/// How deep the values hal keeps may nest: they are read by recursion, at most a few
/// levels by the key tables' construction (a skipped value has no such limit).
pub const MAX_DEPTH: u32 = 128;

/// How deep a skipped value may nest: one bit per level (128 KiB at the limit), far
/// deeper than Python's `json` (about 1,000) reads.
pub const MAX_SKIP_DEPTH: usize = 1 << 20;

/// How much is read from the inner reader at a time.
const CHUNK: usize = 16 * 1024;

/// A value as far as hal looks at it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Seen {
    /// A string of at most [`MAX_FIELD`] bytes.
    Str(String),
    /// A longer string.
    Long,
    Num,
    Bool,
    Null,
    /// An array: its first element, when that is a short string.
    Array(Option<String>),
    /// An object: the tool name it holds, for the objects that hold one.
    Object(Option<String>),
    /// Present; the value was skipped unseen.
    Skipped,
}

impl Seen {
    pub(super) fn str(&self) -> Option<&str> {
        match self {
            Self::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// How the value of a key is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum How {
    /// Kept ([`Seen`]): names, ids, paths, the timestamp's type.
    Keep,
    /// An object whose tool-naming key (one of [`TOOL_KEYS`]) is kept (the payload
    /// table's tool holders, `preToolUse`, `tool_info`).
    ToolHolder,
    /// Only its presence matters (prompts, tool inputs, errors): skipped unseen.
    Presence,
    /// The entry's name is a dotted path `outer.inner`: the key `outer` holds an object
    /// of which only `inner`'s value is kept ([`Seen`], under the whole path:
    /// `sessionContext.rootSessionId`); any other value is [`Seen::Skipped`].
    Within,
}

/// The inner key of a dotted entry (empty for any other).
fn inner(name: &'static str, how: How) -> &'static str {
    match (how, name.split_once('.')) {
        (How::Within, Some((_, inner))) => inner,
        _ => "",
    }
}

/// The key an entry of a key table matches: its name, or a dotted name's outer key.
fn matched_key(name: &str, how: How) -> &str {
    match (how, name.split_once('.')) {
        (How::Within, Some((outer, _))) => outer,
        _ => name,
    }
}

/// The keys of a tool-holding object that name the tool, in order of preference.
const TOOL_KEYS: &[(&str, How)] = &[("toolName", How::Keep), ("mcp_tool_name", How::Keep)];

/// The keys of a payload hal looked at, with what it saw (the last value of a key).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(super) struct Fields {
    pub(super) seen: Vec<(&'static str, Seen)>,
}

impl Fields {
    pub(super) fn get(&self, key: &str) -> Option<&Seen> {
        self.seen.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }

    pub(super) fn has(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    pub(super) fn str(&self, key: &str) -> Option<&str> {
        self.get(key).and_then(Seen::str).filter(|s| !s.is_empty())
    }

    /// The first of `keys` holding a string, with its key.
    pub(super) fn first_str(&self, keys: &[&'static str]) -> Option<(&'static str, &str)> {
        keys.iter().find_map(|k| self.str(k).map(|v| (*k, v)))
    }

    /// Records `seen` for `key`; a duplicate key's last value wins.
    fn set(&mut self, key: &'static str, seen: Seen) {
        self.seen.retain(|(k, _)| *k != key);
        self.seen.push((key, seen));
    }
}

/// Why reading stopped.
enum Fail {
    /// The input ended inside the JSON.
    Eof,
    /// Not JSON.
    Syntax,
    Deep,
    Utf8,
    Io(String),
}

impl From<Fail> for NotAHook {
    fn from(f: Fail) -> Self {
        match f {
            Fail::Eof => Self::Truncated,
            Fail::Syntax => Self::NotJson,
            Fail::Deep => Self::TooDeep,
            Fail::Utf8 => Self::NotUtf8,
            Fail::Io(e) => Self::Io(e),
        }
    }
}

/// The bytes of the input, validated as UTF-8 a chunk at a time.
struct Src<R> {
    inner: R,
    /// `buf[pos..end]`: validated, not yet consumed; `buf[end..filled]`: the start of a
    /// character cut off by the last read.
    buf: Box<[u8]>,
    pos: usize,
    end: usize,
    filled: usize,
    done: bool,
}

impl<R: Read> Src<R> {
    fn new(inner: R) -> Self {
        Self { inner, buf: vec![0; CHUNK].into_boxed_slice(), pos: 0, end: 0, filled: 0, done: false }
    }

    /// Reads and validates the next chunk; `false` at the end of the input.
    fn refill(&mut self) -> Result<bool, Fail> {
        if self.done {
            return Ok(false);
        }
        self.buf.copy_within(self.end..self.filled, 0);
        self.filled -= self.end;
        self.pos = 0;
        self.end = 0;
        let n = loop {
            match self.inner.read(&mut self.buf[self.filled..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(Fail::Io(e.to_string())),
            }
        };
        if n == 0 {
            self.done = true;
            // A character cut off by the end of the input.
            return if self.filled == 0 { Ok(false) } else { Err(Fail::Utf8) };
        }
        self.filled += n;
        self.end = match std::str::from_utf8(&self.buf[..self.filled]) {
            Ok(_) => self.filled,
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => return Err(Fail::Utf8),
        };
        Ok(true)
    }

    /// The validated bytes not yet consumed, refilled when empty; empty at the end.
    fn available(&mut self) -> Result<&[u8], Fail> {
        while self.pos == self.end {
            if !self.refill()? {
                return Ok(&[]);
            }
        }
        Ok(&self.buf[self.pos..self.end])
    }

    fn peek(&mut self) -> Result<Option<u8>, Fail> {
        Ok(self.available()?.first().copied())
    }

    fn bump(&mut self, n: usize) {
        self.pos += n;
    }

    /// The next byte; the end of the input is [`Fail::Eof`].
    fn next(&mut self) -> Result<u8, Fail> {
        let b = self.peek()?.ok_or(Fail::Eof)?;
        self.bump(1);
        Ok(b)
    }

    /// The next byte that is not JSON whitespace, not consumed.
    fn peek_token(&mut self) -> Result<Option<u8>, Fail> {
        loop {
            let bytes = self.available()?;
            if bytes.is_empty() {
                return Ok(None);
            }
            match bytes.iter().position(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r')) {
                Some(i) => {
                    let b = bytes[i];
                    self.bump(i);
                    return Ok(Some(b));
                }
                None => {
                    let n = bytes.len();
                    self.bump(n);
                }
            }
        }
    }

    /// The next byte that is not whitespace, consumed; the end is [`Fail::Eof`].
    fn token(&mut self) -> Result<u8, Fail> {
        let b = self.peek_token()?.ok_or(Fail::Eof)?;
        self.bump(1);
        Ok(b)
    }
}

/// Where a string's decoded bytes go.
struct Sink<'a> {
    /// `None`: nothing is kept (a skipped string).
    out: Option<&'a mut Vec<u8>>,
    /// The most bytes kept; past it the string is dropped (`over`).
    cap: usize,
    over: bool,
}

/// How many bytes at the start of `b` are whole array members that are numbers, each
/// with its comma and the whitespace around it (`,1, -2.5e3 ,0`), each followed in `b`
/// by a byte that ends it: a loop over bytes, where the parser's per-token steps would
/// make an array of numbers stream at a thirteenth of the speed of a string (N17).
fn numbers_run(b: &[u8]) -> usize {
    let ws = |c: u8| matches!(c, b' ' | b'\t' | b'\n' | b'\r');
    let digits = |mut i: usize| {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        (i > start).then_some(i)
    };
    let mut done = 0;
    loop {
        let mut i = done;
        while i < b.len() && ws(b[i]) {
            i += 1;
        }
        if b.get(i) != Some(&b',') {
            return done;
        }
        i += 1;
        while i < b.len() && ws(b[i]) {
            i += 1;
        }
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        i = match b.get(i) {
            Some(b'0') => i + 1,
            Some(b'1'..=b'9') => match digits(i) {
                Some(j) => j,
                None => return done,
            },
            _ => return done,
        };
        if b.get(i) == Some(&b'.') {
            let Some(j) = digits(i + 1) else { return done };
            i = j;
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            i += 1;
            if matches!(b.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            let Some(j) = digits(i) else { return done };
            i = j;
        }
        // Whole only if a byte that cannot go on a number follows, in `b`.
        match b.get(i) {
            Some(c) if !matches!(c, b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-') => done = i,
            _ => return done,
        }
    }
}

/// Whether `first` followed by `rest` is one whole JSON number.
fn is_number(first: u8, rest: &[u8]) -> bool {
    fn digits(b: &mut std::iter::Peekable<impl Iterator<Item = u8>>) -> bool {
        let mut any = false;
        while b.next_if(u8::is_ascii_digit).is_some() {
            any = true;
        }
        any
    }
    let mut b = std::iter::once(first).chain(rest.iter().copied()).peekable();
    b.next_if_eq(&b'-');
    match b.next() {
        Some(b'0') => {}
        Some(b'1'..=b'9') => {
            digits(&mut b);
        }
        _ => return false,
    }
    if b.next_if_eq(&b'.').is_some() && !digits(&mut b) {
        return false;
    }
    if b.next_if(|c| matches!(c, b'e' | b'E')).is_some() {
        b.next_if(|c| matches!(c, b'+' | b'-'));
        if !digits(&mut b) {
            return false;
        }
    }
    b.next().is_none()
}

/// U+FFFD in UTF-8: what a lone surrogate escape becomes in a kept value.
const REPLACEMENT: &[u8] = "\u{fffd}".as_bytes();

/// The brackets a skipped value holds open: one bit each (`true`: an object).
#[derive(Default)]
struct Brackets {
    bits: Vec<u64>,
    depth: usize,
}

impl Brackets {
    fn push(&mut self, object: bool) -> Result<(), Fail> {
        if self.depth >= MAX_SKIP_DEPTH {
            return Err(Fail::Deep);
        }
        let (word, bit) = (self.depth / 64, self.depth % 64);
        if word == self.bits.len() {
            self.bits.push(0);
        }
        if object {
            self.bits[word] |= 1 << bit;
        } else {
            self.bits[word] &= !(1 << bit);
        }
        self.depth += 1;
        Ok(())
    }

    /// Whether the innermost open bracket is an object's; `None` when none is open.
    fn top(&self) -> Option<bool> {
        let d = self.depth.checked_sub(1)?;
        Some(self.bits[d / 64] & (1 << (d % 64)) != 0)
    }

    fn pop(&mut self) {
        self.depth -= 1;
    }
}

impl<'a> Sink<'a> {
    /// A sink that keeps nothing.
    fn none() -> Self {
        Self { out: None, cap: 0, over: true }
    }

    /// A sink that keeps up to `cap` bytes in `out`.
    fn keep(out: &'a mut Vec<u8>, cap: usize) -> Self {
        Self { out: Some(out), cap, over: false }
    }

    fn push(&mut self, bytes: &[u8]) {
        let Some(out) = self.out.as_deref_mut().filter(|_| !self.over) else { return };
        if out.len() + bytes.len() > self.cap {
            self.over = true;
            out.clear();
        } else {
            out.extend_from_slice(bytes);
        }
    }
}

/// What to do with a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Want {
    Skip,
    Keep,
    Tools,
    /// An object of which this key's value is kept.
    Within(&'static str),
}

struct Parser<R> {
    src: Src<R>,
    depth: u32,
    /// The longest key of the table being matched.
    key_cap: usize,
    key: Vec<u8>,
    text: Vec<u8>,
}

/// Reads one JSON object from `reader`, keeping the values of `keys`; `on_complete` is
/// called with the reader once the object's closing brace is read, before the rest of
/// the input (which must be whitespace) is read to its end.
pub(super) fn read_fields<R: Read>(
    reader: R,
    keys: &[(&'static str, How)],
    on_complete: impl FnOnce(&mut R),
) -> Result<Fields, NotAHook> {
    // The longest key any object hal looks into may name: past it, a key is none of them.
    let key_cap = keys.iter().chain(TOOL_KEYS).map(|&(k, how)| matched_key(k, how).len().max(inner(k, how).len()));
    let mut p = Parser {
        src: Src::new(reader),
        depth: 0,
        key_cap: key_cap.max().unwrap_or(0),
        key: Vec::new(),
        text: Vec::new(),
    };
    let fields = match p.src.peek_token()? {
        None => return Err(NotAHook::Empty),
        Some(b'{') => {
            p.src.bump(1);
            p.object(keys)?
        }
        Some(_) => {
            p.value(Want::Skip)?;
            return Err(NotAHook::NotAnObject);
        }
    };
    on_complete(&mut p.src.inner);
    match p.src.peek_token()? {
        None => Ok(fields),
        Some(_) => Err(NotAHook::NotJson),
    }
}

impl<R: Read> Parser<R> {
    fn enter(&mut self) -> Result<(), Fail> {
        self.depth += 1;
        if self.depth > MAX_DEPTH { Err(Fail::Deep) } else { Ok(()) }
    }

    /// The members of an object whose `{` was read, the values of `keys` kept.
    fn object(&mut self, keys: &[(&'static str, How)]) -> Result<Fields, Fail> {
        self.enter()?;
        let mut fields = Fields::default();
        if self.src.peek_token()? == Some(b'}') {
            self.src.bump(1);
        } else {
            loop {
                if self.src.token()? != b'"' {
                    return Err(Fail::Syntax);
                }
                let key = self.key(keys)?;
                if self.src.token()? != b':' {
                    return Err(Fail::Syntax);
                }
                let want = match key {
                    Some((_, How::Keep)) => Want::Keep,
                    Some((_, How::ToolHolder)) => Want::Tools,
                    Some((name, How::Within)) => Want::Within(inner(name, How::Within)),
                    Some((_, How::Presence)) | None => Want::Skip,
                };
                let seen = self.value(want)?;
                if let Some((name, how)) = key {
                    fields.set(name, if how == How::Presence { Seen::Skipped } else { seen });
                }
                match self.src.token()? {
                    b',' => {}
                    b'}' => break,
                    _ => return Err(Fail::Syntax),
                }
            }
        }
        self.depth -= 1;
        Ok(fields)
    }

    /// A key whose opening quote was read: the entry of `keys` it names, if any. A key
    /// longer than the longest of `keys` streams past unkept.
    fn key(&mut self, keys: &[(&'static str, How)]) -> Result<Option<(&'static str, How)>, Fail> {
        let mut key = std::mem::take(&mut self.key);
        key.clear();
        let cap = self.key_cap;
        let over = {
            let mut sink = Sink::keep(&mut key, cap);
            self.string(&mut sink)?;
            sink.over
        };
        let found = if over {
            None
        } else {
            keys.iter().find(|&&(k, how)| matched_key(k, how).as_bytes() == key.as_slice()).copied()
        };
        self.key = key;
        Ok(found)
    }

    /// The next value (after whitespace), read as `want` says.
    fn value(&mut self, want: Want) -> Result<Seen, Fail> {
        let first = self.src.token()?;
        self.value_from(first, want)
    }

    /// A value whose first byte `first` was read, read as `want` says.
    fn value_from(&mut self, first: u8, want: Want) -> Result<Seen, Fail> {
        match first {
            b'{' if want == Want::Tools => Ok(Seen::Object(self.tool_holder()?)),
            b'{' if let Want::Within(key) = want => {
                let fields = self.object(&[(key, How::Keep)])?;
                Ok(fields.get(key).cloned().unwrap_or(Seen::Skipped))
            }
            b if matches!(want, Want::Within(_)) => self.value_from(b, Want::Skip).map(|_| Seen::Skipped),
            b'{' | b'[' | b'"' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n' if want == Want::Skip => {
                self.skip(first)?;
                Ok(Seen::Skipped)
            }
            b'{' => {
                self.skip(first)?;
                Ok(Seen::Object(None))
            }
            b'[' => self.array(want),
            b'"' => {
                let mut text = std::mem::take(&mut self.text);
                text.clear();
                let over = {
                    let mut sink = Sink::keep(&mut text, MAX_FIELD);
                    self.string(&mut sink)?;
                    sink.over
                };
                let seen = if over {
                    Seen::Long
                } else {
                    // Valid: the input is, and escapes decode to whole characters.
                    Seen::Str(std::str::from_utf8(&text).map_err(|_| Fail::Utf8)?.to_owned())
                };
                self.text = text;
                Ok(seen)
            }
            b @ (b'-' | b'0'..=b'9') => {
                self.number(b)?;
                Ok(Seen::Num)
            }
            b't' => self.literal(b"rue").map(|()| Seen::Bool),
            b'f' => self.literal(b"alse").map(|()| Seen::Bool),
            b'n' => self.literal(b"ull").map(|()| Seen::Null),
            _ => Err(Fail::Syntax),
        }
    }

    /// An object whose `{` was read, naming a tool: the kept tool name.
    fn tool_holder(&mut self) -> Result<Option<String>, Fail> {
        let fields = self.object(TOOL_KEYS)?;
        Ok(TOOL_KEYS.iter().find_map(|(k, _)| fields.str(k).map(str::to_owned)))
    }

    /// An array whose `[` was read: when kept, its first element if a short string.
    fn array(&mut self, want: Want) -> Result<Seen, Fail> {
        self.enter()?;
        let mut first = None;
        if self.src.peek_token()? == Some(b']') {
            self.src.bump(1);
        } else {
            let mut index = 0_usize;
            loop {
                // Only a string is kept: a nested array is skipped, without recursion.
                let keep = index == 0 && want != Want::Skip && self.src.peek_token()? == Some(b'"');
                let element_want = if keep { Want::Keep } else { Want::Skip };
                if let Seen::Str(s) = self.value(element_want)? {
                    first = Some(s);
                }
                index += 1;
                match self.src.token()? {
                    b',' => {}
                    b']' => break,
                    _ => return Err(Fail::Syntax),
                }
            }
        }
        self.depth -= 1;
        Ok(if want == Want::Skip { Seen::Skipped } else { Seen::Array(first) })
    }

    /// A value whose first byte `first` was read, skipped unseen at any depth: a loop
    /// over the input with one bit per open bracket (object or array), no recursion.
    fn skip(&mut self, first: u8) -> Result<(), Fail> {
        let mut open = Brackets::default();
        let mut b = first;
        loop {
            // One value starting at `b`: a non-empty container is entered (the first
            // byte of its first member is next), anything else is read whole.
            let entered = match b {
                b'{' if self.src.peek_token()? == Some(b'}') => {
                    self.src.bump(1);
                    None
                }
                b'{' => {
                    open.push(true)?;
                    self.skip_key()?;
                    Some(self.src.token()?)
                }
                b'[' if self.src.peek_token()? == Some(b']') => {
                    self.src.bump(1);
                    None
                }
                b'[' => {
                    open.push(false)?;
                    Some(self.src.token()?)
                }
                b'"' => {
                    self.string(&mut Sink::none())?;
                    None
                }
                b'-' | b'0'..=b'9' => {
                    self.number(b)?;
                    None
                }
                b't' | b'f' | b'n' => {
                    self.literal(match b {
                        b't' => b"rue",
                        b'f' => b"alse",
                        _ => b"ull",
                    })?;
                    None
                }
                _ => return Err(Fail::Syntax),
            };
            b = match entered {
                Some(next) => next,
                None => match self.after_value(&mut open)? {
                    Some(next) => next,
                    None => return Ok(()),
                },
            };
        }
    }

    /// After a skipped value ended: closes what it ends; the first byte of the next
    /// member's value, or `None` once no bracket is open.
    fn after_value(&mut self, open: &mut Brackets) -> Result<Option<u8>, Fail> {
        loop {
            let Some(object) = open.top() else { return Ok(None) };
            if !object {
                // `,1,2.5,-3e4` in one tight pass over the buffer (N17).
                let bytes = self.src.available()?;
                let n = numbers_run(bytes);
                self.src.bump(n);
            }
            match (self.src.token()?, object) {
                (b',', true) => {
                    self.skip_key()?;
                    return self.src.token().map(Some);
                }
                (b',', false) => return self.src.token().map(Some),
                (b'}', true) | (b']', false) => open.pop(),
                _ => return Err(Fail::Syntax),
            }
        }
    }

    /// A skipped object's key and its colon.
    fn skip_key(&mut self) -> Result<(), Fail> {
        if self.src.token()? != b'"' {
            return Err(Fail::Syntax);
        }
        self.string(&mut Sink::none())?;
        if self.src.token()? != b':' {
            return Err(Fail::Syntax);
        }
        Ok(())
    }

    fn literal(&mut self, rest: &[u8]) -> Result<(), Fail> {
        for &want in rest {
            if self.src.next()? != want {
                return Err(Fail::Syntax);
            }
        }
        Ok(())
    }

    /// The digits that follow, at least one.
    fn digits(&mut self) -> Result<(), Fail> {
        if !self.src.peek()?.is_some_and(|b| b.is_ascii_digit()) {
            return if self.src.peek()?.is_none() { Err(Fail::Eof) } else { Err(Fail::Syntax) };
        }
        loop {
            let bytes = self.src.available()?;
            let n = bytes.iter().position(|b| !b.is_ascii_digit()).unwrap_or(bytes.len());
            let all = n == bytes.len() && n > 0;
            self.src.bump(n);
            if !all {
                return Ok(());
            }
        }
    }

    /// A number whose first byte was read (JSON's grammar; any length, nothing kept).
    fn number(&mut self, first: u8) -> Result<(), Fail> {
        // The usual case at the speed of a string: the number ends in the buffer, and
        // is checked there in one pass (N17: a byte-by-byte peek made arrays of numbers
        // stream at a thirteenth of the speed of strings).
        let bytes = self.src.available()?;
        if let Some(n) = bytes.iter().position(|b| !matches!(b, b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-'))
            && is_number(first, &bytes[..n])
        {
            self.src.bump(n);
            return Ok(());
        }
        let lead = if first == b'-' { self.src.next()? } else { first };
        match lead {
            b'0' => {}
            b'1'..=b'9' => {
                if self.src.peek()?.is_some_and(|b| b.is_ascii_digit()) {
                    self.digits()?;
                }
            }
            _ => return Err(Fail::Syntax),
        }
        if self.src.peek()? == Some(b'.') {
            self.src.bump(1);
            self.digits()?;
        }
        if matches!(self.src.peek()?, Some(b'e' | b'E')) {
            self.src.bump(1);
            if matches!(self.src.peek()?, Some(b'+' | b'-')) {
                self.src.bump(1);
            }
            self.digits()?;
        }
        Ok(())
    }

    /// A string whose opening quote was read, decoded into `sink` (up to its cap).
    fn string(&mut self, sink: &mut Sink<'_>) -> Result<(), Fail> {
        // A high surrogate escape waiting for its low half.
        let mut high = None;
        loop {
            let bytes = self.src.available()?;
            if bytes.is_empty() {
                return Err(Fail::Eof);
            }
            let n = bytes.iter().position(|&b| b == b'"' || b == b'\\' || b < 0x20).unwrap_or(bytes.len());
            if n > 0 && high.take().is_some() {
                sink.push(REPLACEMENT);
            }
            sink.push(&bytes[..n]);
            let stop = bytes.get(n).copied();
            self.src.bump(n);
            match stop {
                None => {}
                Some(b'"') => {
                    self.src.bump(1);
                    if high.is_some() {
                        sink.push(REPLACEMENT);
                    }
                    return Ok(());
                }
                Some(b'\\') => {
                    self.src.bump(1);
                    high = self.escape(sink, high)?;
                }
                Some(_) => return Err(Fail::Syntax),
            }
        }
    }

    /// An escape after its backslash, `high` the high surrogate escape just before it
    /// if any; the high surrogate this escape is, waiting for its low half. A surrogate
    /// without its other half (JSON allows any `\uXXXX`) is U+FFFD.
    fn escape(&mut self, sink: &mut Sink<'_>, high: Option<u32>) -> Result<Option<u32>, Fail> {
        let mut paired = false;
        let c = match self.src.next()? {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => match (high, self.hex4()?) {
                (Some(hi), lo @ 0xDC00..=0xDFFF) => {
                    paired = true;
                    char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)).ok_or(Fail::Syntax)?
                }
                (_, hi @ 0xD800..=0xDBFF) => {
                    if high.is_some() {
                        sink.push(REPLACEMENT);
                    }
                    return Ok(Some(hi));
                }
                (_, unit) => char::from_u32(unit).unwrap_or('\u{fffd}'),
            },
            _ => return Err(Fail::Syntax),
        };
        if high.is_some() && !paired {
            sink.push(REPLACEMENT);
        }
        sink.push(c.encode_utf8(&mut [0; 4]).as_bytes());
        Ok(None)
    }

    fn hex4(&mut self) -> Result<u32, Fail> {
        let mut v = 0;
        for _ in 0..4 {
            let d = char::from(self.src.next()?).to_digit(16).ok_or(Fail::Syntax)?;
            v = v * 16 + d;
        }
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEYS: &[(&str, How)] =
        &[("a", How::Keep), ("t", How::ToolHolder), ("p", How::Presence), ("ctx.rootId", How::Within)];

    fn read(s: &str) -> Result<Fields, NotAHook> {
        read_fields(s.as_bytes(), KEYS, |_| {})
    }

    #[test]
    fn values_escapes_and_duplicates() {
        let f = read(r#"{"a":"x\u00e9\ud83d\ude00\n","p":[1,{"a":2}],"t":{"toolName":"T"}}"#).unwrap();
        assert_eq!(f.str("a"), Some("xé😀\n"));
        assert_eq!(f.get("p"), Some(&Seen::Skipped));
        assert_eq!(f.get("t"), Some(&Seen::Object(Some("T".to_owned()))));
        // The last value of a duplicate key wins.
        assert_eq!(read(r#"{"a":"first","a":"last"}"#).unwrap().str("a"), Some("last"));
        assert_eq!(read(r#"{"a":-0.5e+3}"#).unwrap().get("a"), Some(&Seen::Num));
        assert_eq!(read(r#"{"a":["r",2]}"#).unwrap().get("a"), Some(&Seen::Array(Some("r".to_owned()))));
    }

    #[test]
    fn a_dotted_key_keeps_the_inner_value_only() {
        let f = read(r#"{"ctx":{"other":"x","rootId":"r1","rootId":"r2"},"rootId":"top"}"#).unwrap();
        assert_eq!(f.seen, vec![("ctx.rootId", Seen::Str("r2".to_owned()))]);
        // Not an object, or an object without the inner key: present, nothing kept.
        for v in [r#""ctx-string""#, "[1]", "7", "null", r#"{"x":{"rootId":"deep"}}"#] {
            let f = read(&format!(r#"{{"ctx":{v}}}"#)).unwrap();
            assert_eq!(f.seen, vec![("ctx.rootId", Seen::Skipped)], "{v}");
        }
        // The outer key alone is what is matched; the dotted name is no key.
        assert_eq!(read(r#"{"ctx.rootId":"x"}"#).unwrap().seen, vec![]);
    }

    #[test]
    fn refusals() {
        for (input, want) in [
            (r#"{"a":01}"#, NotAHook::NotJson),
            (r#"{"a":1.}"#, NotAHook::NotJson),
            (r#"{"a":"\ud80"}"#, NotAHook::NotJson),
            (r#"{"p":[[[[}]]]]}"#, NotAHook::NotJson),
            (r#"{"p":{"k":1]}"#, NotAHook::NotJson),
            (r#"{"p":{"k"}}"#, NotAHook::NotJson),
            (r#"{"p":[1 2]}"#, NotAHook::NotJson),
            (r#"{"p":{1:2}}"#, NotAHook::NotJson),
            (r#"{"p":[1,]}"#, NotAHook::NotJson),
            (r#"{"p":[[["#, NotAHook::Truncated),
            (r#"{"a":"\x"}"#, NotAHook::NotJson),
            ("{\"a\":\"\u{1}\"}", NotAHook::NotJson),
            (r#"{"a":1,}"#, NotAHook::NotJson),
            ("{,}", NotAHook::NotJson),
            (r#"{"a" 1}"#, NotAHook::NotJson),
            (r#"{"a":tru}"#, NotAHook::NotJson),
            (r#"{"a":1"#, NotAHook::Truncated),
            (r#"{"a":-"#, NotAHook::Truncated),
            (r#"{"a":"x"#, NotAHook::Truncated),
        ] {
            assert_eq!(read(input).err(), Some(want), "{input}");
        }
    }

    #[test]
    fn a_lone_surrogate_is_json() {
        // Kept: U+FFFD for each lone half, as `JSON.parse` then UTF-8 make it (N1).
        for (escaped, kept) in [
            (r"\ud800", "\u{fffd}"),
            (r"\udcff.txt", "\u{fffd}.txt"),
            (r"\ud800\u0041", "\u{fffd}A"),
            (r"a\ud83d", "a\u{fffd}"),
            (r"\ud83d\ud83d\ude00", "\u{fffd}😀"),
            (r"\ude00\ud83d", "\u{fffd}\u{fffd}"),
            (r"\ud800\n", "\u{fffd}\n"),
            (r"\ud800x", "\u{fffd}x"),
        ] {
            let f = read(&format!(r#"{{"a":"{escaped}","p":"{escaped}","{escaped}":"{escaped}"}}"#)).unwrap();
            assert_eq!(f.str("a"), Some(kept), "{escaped}");
            assert_eq!(f.get("p"), Some(&Seen::Skipped), "{escaped}");
        }
    }

    #[test]
    fn a_skipped_value_nests_to_any_depth() {
        // N2: 200 and 100,000 levels of a skipped value; the kept key after it is read.
        for depth in [200, 100_000] {
            let deep = format!("{}{}", "[{\"k\":".repeat(depth), "}]".repeat(depth)).replace(":}", ":1}");
            let f = read(&format!(r#"{{"p":{deep},"x":{deep},"a":"after"}}"#)).unwrap();
            assert_eq!((f.get("p"), f.str("a")), (Some(&Seen::Skipped), Some("after")), "{depth}");
        }
        // A kept array holding deep arrays: only a first string is kept.
        let f = read(&format!(r#"{{"a":[{}{}]}}"#, "[".repeat(5000), "]".repeat(5000))).unwrap();
        assert_eq!(f.get("a"), Some(&Seen::Array(None)));
        // Past one bit per level for a million levels: refused, in bounded memory.
        let too = format!(r#"{{"p":{}"#, "[".repeat(MAX_SKIP_DEPTH + 1));
        assert_eq!(read(&too).err(), Some(NotAHook::TooDeep));
    }

    #[test]
    fn numbers_are_json_numbers() {
        for ok in ["0", "-0", "1.5", "-12e+3", "1E9", "0.0e-0", "123456789012345678901234567890"] {
            assert!(is_number(ok.as_bytes()[0], &ok.as_bytes()[1..]), "{ok}");
            assert_eq!(read(&format!(r#"{{"a":{ok},"p":[{ok},{ok}]}}"#)).unwrap().get("a"), Some(&Seen::Num), "{ok}");
        }
        for bad in ["01", "-", "1.", ".5", "1e", "1e+", "--1", "1-", "1.2.3", "+1", "0x1"] {
            assert!(!is_number(bad.as_bytes()[0], &bad.as_bytes()[1..]), "{bad}");
            assert!(read(&format!(r#"{{"p":[{bad}]}}"#)).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_run_of_numbers_is_whole_members_only() {
        for (run, whole) in [
            (",1,2]", 4),
            (", 1 , -2.5e+3 ,0]", 16),
            (",1", 0),
            (",1,2", 2),
            (",01]", 0),
            (",1.]", 0),
            (",1,\"a\"]", 2),
            (",-]", 0),
            (",1e5x", 4),
            ("]", 0),
        ] {
            assert_eq!(numbers_run(run.as_bytes()), whole, "{run}");
        }
    }

    #[test]
    fn a_long_key_is_no_key_and_a_long_value_is_long() {
        let f = read(&format!(r#"{{"{}":"v","a":"{}"}}"#, "a".repeat(100), "x".repeat(MAX_FIELD + 1))).unwrap();
        assert_eq!(f.seen, vec![("a", Seen::Long)]);
    }
}

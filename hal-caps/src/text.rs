//! Making untrusted text safe to show: control characters escaped, length bounded.

use std::borrow::Cow;
use std::ffi::OsStr;
use std::fmt::Write as _;

/// The most characters of an untrusted value quoted back in a warning.
pub const MAX_QUOTED: usize = 64;

/// Escapes control characters (`\n`, `\u{1b}`, ...) so the text cannot move the
/// cursor, clear the screen or forge extra lines. Printable text is unchanged.
#[must_use]
pub fn escape_control(s: &str) -> Cow<'_, str> {
    if !s.chars().any(char::is_control) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// An untrusted value as data may carry it (the `raw` of an override): lossy UTF-8, at
/// most [`MAX_QUOTED`] characters (then `…`), control characters escaped, no quotes.
#[must_use]
pub fn shown_value(value: &OsStr) -> String {
    let lossy = value.to_string_lossy();
    let mut shown: String = lossy.chars().take(MAX_QUOTED).collect();
    if lossy.chars().nth(MAX_QUOTED).is_some() {
        shown.push('…');
    }
    escape_control(&shown).into_owned()
}

/// An untrusted value as quoted in a warning: [`shown_value`] in backticks.
#[must_use]
pub fn quote_value(value: &OsStr) -> String {
    let mut out = String::new();
    let _ = write!(out, "`{}`", shown_value(value));
    out
}

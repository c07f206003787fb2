//! Making untrusted text safe to show: control characters escaped, length bounded.

use std::borrow::Cow;
use std::ffi::OsStr;
use std::fmt::Write as _;

/// The most characters of an untrusted value quoted back in a warning.
pub const MAX_QUOTED: usize = 64;

/// Whether `c` must not reach a terminal raw: a C0 or C1 control (moves the cursor,
/// clears the screen, forges lines), a bidirectional control (reorders what is shown:
/// an id can display as another), a zero-width or other invisible format character
/// (makes two different values look alike), or a line or paragraph separator.
#[must_use]
pub const fn is_unsafe(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        // Soft hyphen, Arabic letter mark, Mongolian vowel separator.
        | '\u{ad}' | '\u{61c}' | '\u{180e}'
        // Zero-width space, non-joiner, joiner; left-to-right and right-to-left marks.
        | '\u{200b}'..='\u{200f}'
        // Line and paragraph separators; bidi embeddings and overrides.
        | '\u{2028}'..='\u{202e}'
        // Word joiner, invisible operators; bidi isolates; deprecated format characters.
        | '\u{2060}'..='\u{206f}'
        // Zero-width no-break space (BOM); interlinear annotation.
        | '\u{feff}' | '\u{fff9}'..='\u{fffb}'
        // Tag characters.
        | '\u{e0000}'..='\u{e007f}')
}

/// Escapes the characters of [`is_unsafe`] (`\n`, `\u{1b}`, `\u{202e}`, ...) so the
/// text cannot move the cursor, clear the screen, forge extra lines or display as
/// other text. Printable text is unchanged.
#[must_use]
pub fn escape_control(s: &str) -> Cow<'_, str> {
    if !s.chars().any(is_unsafe) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if is_unsafe(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Serialised JSON with every character of [`is_unsafe`] left in it (serde_json
/// escapes C0 controls only) written as a `\uXXXX` escape: the same JSON value, and
/// nothing raw for a terminal or a log to act on. Such characters can only be inside
/// strings, where the escape means the same character.
#[must_use]
pub fn escape_json(json: &str) -> Cow<'_, str> {
    // Whitespace between tokens stays (pretty-printed JSON); inside strings serde_json
    // has escaped it already.
    let raw = |c: char| is_unsafe(c) && !matches!(c, '\n' | '\r' | '\t');
    if !json.chars().any(raw) {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if raw(c) {
            let mut units = [0_u16; 2];
            for u in c.encode_utf16(&mut units) {
                let _ = write!(out, "\\u{u:04x}");
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsafe_characters_are_escaped_in_text_and_json() {
        assert_eq!(escape_control("a\u{202e}b\u{85}c\u{200b}\n"), "a\\u{202e}b\\u{85}c\\u{200b}\\n");
        assert_eq!(escape_control("é 😀 日本"), "é 😀 日本");
        let json = serde_json_like("\u{202e}\u{e0041}\u{9b}");
        assert_eq!(escape_json(&json), "\"\\u202e\\udb40\\udc41\\u009b\"");
    }

    fn serde_json_like(s: &str) -> String {
        format!("\"{s}\"")
    }
}

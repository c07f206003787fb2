//! Making untrusted text safe to show: control characters escaped, length bounded.

use std::borrow::Cow;
use std::ffi::OsStr;
use std::fmt::Write as _;

/// The most characters of an untrusted value quoted back in a warning.
pub const MAX_QUOTED: usize = 64;

/// Whether `c` must not reach a terminal raw: the one table of unsafe characters every
/// output of hal goes through (text and JSON, the lint's too). A C0 or C1 control (moves
/// the cursor, clears the screen, forges lines), a bidirectional control (reorders what
/// is shown: an id can display as another), every other format character (Unicode's
/// `Cf`: zero-width characters, the BOM, invisible operators, prepended marks, tags), a
/// character that shows as nothing or as a blank although it is a letter (Hangul
/// fillers, the braille blank, the combining grapheme joiner, Khmer's inherent vowels),
/// a default-ignorable code point, a line or paragraph separator, and the variation
/// selectors (made raw again by [`escape_control`] only right after a character they
/// can vary: [`is_variation_selector`]).
#[must_use]
pub const fn is_unsafe(c: char) -> bool {
    // ASCII, nearly every character hal prints, is decided by one comparison.
    if c.is_ascii() {
        return matches!(c, '\u{0}'..='\u{1f}' | '\u{7f}');
    }
    matches!(c,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        // Soft hyphen; combining grapheme joiner.
        | '\u{ad}' | '\u{34f}'
        // Arabic number signs, letter mark, end of ayah; Syriac abbreviation mark;
        // Arabic pound and piastre marks, disputed end of ayah.
        | '\u{600}'..='\u{605}' | '\u{61c}' | '\u{6dd}' | '\u{70f}' | '\u{890}'..='\u{891}' | '\u{8e2}'
        // Hangul choseong and jungseong fillers; Khmer inherent vowels.
        | '\u{115f}'..='\u{1160}' | '\u{17b4}'..='\u{17b5}'
        // Mongolian free variation selectors and vowel separator.
        | '\u{180b}'..='\u{180f}'
        // Zero-width space, non-joiner, joiner; left-to-right and right-to-left marks.
        | '\u{200b}'..='\u{200f}'
        // Line and paragraph separators; bidi embeddings and overrides.
        | '\u{2028}'..='\u{202e}'
        // Word joiner, invisible operators; bidi isolates; deprecated format characters.
        | '\u{2060}'..='\u{206f}'
        // Braille pattern blank; Hangul filler.
        | '\u{2800}' | '\u{3164}'
        // Variation selectors.
        | '\u{fe00}'..='\u{fe0f}'
        // Zero-width no-break space (BOM); halfwidth Hangul filler; unassigned specials
        // and the interlinear annotation characters.
        | '\u{feff}' | '\u{ffa0}' | '\u{fff0}'..='\u{fffb}'
        // Kaithi number signs; Egyptian hieroglyph format controls; shorthand format
        // controls; musical symbol beams and phrases.
        | '\u{110bd}' | '\u{110cd}' | '\u{13430}'..='\u{1343f}' | '\u{1bca0}'..='\u{1bca3}'
        | '\u{1d173}'..='\u{1d17a}'
        // Tags, variation selectors supplement, the rest of the default-ignorable plane 14.
        | '\u{e0000}'..='\u{e0fff}')
}

/// Whether `c` is a variation selector (U+FE00–U+FE0F, U+E0100–U+E01EF, Mongolian's
/// U+180B–U+180D and U+180F): [`is_unsafe`] standing alone, shown raw by
/// [`escape_control`] right after a character it can vary.
#[must_use]
pub const fn is_variation_selector(c: char) -> bool {
    matches!(c, '\u{fe00}'..='\u{fe0f}' | '\u{e0100}'..='\u{e01ef}' | '\u{180b}'..='\u{180d}' | '\u{180f}')
}

/// Whether `c`, after `prev` (`None` at the start), must not reach a terminal raw:
/// [`is_unsafe`], except a variation selector right after a character it can vary (a
/// visible character past ASCII, or a keycap base `0`–`9`, `#`, `*`: `❤️`, `1️⃣`).
#[must_use]
pub const fn unsafe_after(prev: Option<char>, c: char) -> bool {
    if !is_unsafe(c) {
        return false;
    }
    if !is_variation_selector(c) {
        return true;
    }
    match prev {
        Some(p) => {
            let base = matches!(p, '0'..='9' | '#' | '*') || (!p.is_ascii() && !p.is_whitespace() && !is_unsafe(p));
            !base
        }
        None => true,
    }
}

/// The first character of `s` that [`escape_control`] would escape, with its byte
/// offset: what a test of an output asks.
#[must_use]
pub fn first_unsafe(s: &str) -> Option<(usize, char)> {
    let mut prev = None;
    for (i, c) in s.char_indices() {
        if unsafe_after(prev, c) {
            return Some((i, c));
        }
        prev = Some(c);
    }
    None
}

/// Escapes the characters of [`is_unsafe`] (`\n`, `\u{1b}`, `\u{202e}`, ...; a
/// variation selector only where it stands alone, [`unsafe_after`]) so the text cannot
/// move the cursor, clear the screen, forge extra lines or display as other text.
/// Printable text is unchanged.
#[must_use]
pub fn escape_control(s: &str) -> Cow<'_, str> {
    escape_with(s, |_| false)
}

/// [`escape_control`] that leaves newlines and tabs raw: for whole multi-line text.
#[must_use]
pub fn escape_text(s: &str) -> Cow<'_, str> {
    escape_with(s, |c| matches!(c, '\n' | '\t'))
}

fn escape_with(s: &str, keep: impl Fn(char) -> bool) -> Cow<'_, str> {
    let Some((at, _)) = first_unsafe(s).filter(|_| s.chars().any(|c| is_unsafe(c) && !keep(c))) else {
        return Cow::Borrowed(s);
    };
    let mut out = String::with_capacity(s.len() + 8);
    out.push_str(&s[..at]);
    let mut prev = s[..at].chars().next_back();
    for c in s[at..].chars() {
        if unsafe_after(prev, c) && !keep(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
        prev = Some(c);
    }
    Cow::Owned(out)
}

/// Serialised JSON with every character of [`is_unsafe`] ([`unsafe_after`]) left in it (serde_json
/// escapes C0 controls only) written as a `\uXXXX` escape: the same JSON value, and
/// nothing raw for a terminal or a log to act on. Such characters can only be inside
/// strings, where the escape means the same character.
#[must_use]
pub fn escape_json(json: &str) -> Cow<'_, str> {
    // Whitespace between tokens stays (pretty-printed JSON); inside strings serde_json
    // has escaped it already.
    let raw = |prev: Option<char>, c: char| unsafe_after(prev, c) && !matches!(c, '\n' | '\r' | '\t');
    if !json.chars().any(is_unsafe) {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 16);
    let mut prev = None;
    for c in json.chars() {
        if raw(prev, c) {
            let mut units = [0_u16; 2];
            for u in c.encode_utf16(&mut units) {
                let _ = write!(out, "\\u{u:04x}");
            }
        } else {
            out.push(c);
        }
        prev = Some(c);
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
        assert_eq!(escape_control("é 😀 日本 ❤\u{fe0f} 1\u{fe0f}\u{20e3}"), "é 😀 日本 ❤\u{fe0f} 1\u{fe0f}\u{20e3}");
        // Standing alone, a variation selector is invisible: escaped (N16).
        assert_eq!(escape_control("claude\u{fe0f} \u{fe0e}"), "claude\\u{fe0f} \\u{fe0e}");
        assert_eq!(
            escape_control("claude\u{3164}\u{115f}\u{2800}\u{600}"),
            "claude\\u{3164}\\u{115f}\\u{2800}\\u{600}"
        );
        assert_eq!(escape_text("a\tb\nc\u{1b}"), "a\tb\nc\\u{1b}");
        let json = serde_json_like("\u{202e}\u{e0041}\u{9b}\u{fe0f}");
        assert_eq!(escape_json(&json), "\"\\u202e\\udb40\\udc41\\u009b\\ufe0f\"");
    }

    fn serde_json_like(s: &str) -> String {
        format!("\"{s}\"")
    }

    /// Every code point, alone, at the start, after a letter and after an emoji: no
    /// output of the escapes holds a raw character of the table, and the JSON escape is
    /// the same JSON value.
    #[test]
    fn no_code_point_survives_the_escapes_raw() {
        for c in (0..=0x10_FFFF_u32).filter_map(char::from_u32) {
            for s in [format!("{c}"), format!("a{c}b"), format!("😀{c}"), format!("{c}{c}")] {
                assert_eq!(first_unsafe(&escape_control(&s)), None, "{:x}", u32::from(c));
                assert_eq!(first_unsafe(&escape_text(&s)).filter(|(_, c)| !matches!(c, '\n' | '\t')), None);
                let json = serde_json::to_string(&s).unwrap();
                let escaped = escape_json(&json);
                assert_eq!(first_unsafe(&escaped).filter(|(_, c)| !matches!(c, '\n' | '\r' | '\t')), None);
                if is_unsafe(c) {
                    assert_eq!(serde_json::from_str::<String>(&escaped).unwrap(), s);
                }
            }
        }
    }

    /// The table holds Unicode's control, format and separator classes (`Cc`, `Cf`, `Zl`,
    /// `Zp`) as Python's `unicodedata` knows them, where python3 is installed.
    #[test]
    fn the_table_holds_the_format_and_control_classes() {
        let script = "import sys, unicodedata\nfor i in range(0x110000):\n    if unicodedata.category(chr(i)) in ('Cc','Cf','Zl','Zp'): print(i)\n";
        let Ok(out) = std::process::Command::new("python3").args(["-c", script]).env_clear().output() else {
            eprintln!("skipped: no python3");
            return;
        };
        assert!(out.status.success());
        let listed: Vec<u32> = String::from_utf8_lossy(&out.stdout).lines().map(|l| l.parse().unwrap()).collect();
        assert!(listed.len() > 150, "{}", listed.len());
        let missing: Vec<String> = listed
            .iter()
            .filter_map(|&i| char::from_u32(i))
            .filter(|&c| !is_unsafe(c))
            .map(|c| format!("{:x}", u32::from(c)))
            .collect();
        assert!(missing.is_empty(), "not in the table: {missing:?}");
    }
}

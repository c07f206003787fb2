//! POSIX shell quoting: every word hal emits parses back into exactly itself.

use std::borrow::Cow;

/// Quotes `word` for a POSIX shell. Words made only of safe characters are left as
/// they are; anything else is single-quoted, with `'` written as `'\''`. NUL cannot
/// occur in a shell word and is dropped.
#[must_use]
pub fn quote(word: &str) -> Cow<'_, str> {
    let safe = |c: char| c.is_ascii_alphanumeric() || "@%+=:,./-_".contains(c);
    if !word.is_empty() && word.chars().all(safe) && !word.starts_with('=') {
        return Cow::Borrowed(word);
    }
    let mut out = String::with_capacity(word.len() + 2);
    out.push('\'');
    for c in word.chars().filter(|c| *c != '\0') {
        if c == '\'' {
            out.push_str("'\\''");
        } else {
            out.push(c);
        }
    }
    out.push('\'');
    Cow::Owned(out)
}

/// Joins words into one command line, each quoted.
#[must_use]
pub fn join<'a>(words: impl IntoIterator<Item = &'a str>) -> String {
    words.into_iter().map(quote).collect::<Vec<_>>().join(" ")
}

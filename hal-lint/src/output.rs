//! Rendering a report: compiler-style text, GitHub workflow annotations, JSON.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::path::{Component, Path};

use hal_types::DiagnosticCode;
use hal_types::wire::{Answer, Lint, LintFinding};
use serde_json::Value;

use crate::report::Report;

pub use hal_types::wire::JSON_VERSION;

/// `s` escaped for a GitHub workflow command: `%`, CR and LF always; `:` and `,` too
/// in a property (`property`).
#[must_use]
pub fn github_escape(s: &str, property: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            ':' if property => out.push_str("%3A"),
            ',' if property => out.push_str("%2C"),
            c => out.push(c),
        }
    }
    out
}

/// `s` with every character that could move a terminal's cursor, change its state,
/// forge a line, reorder what is shown or hide in it escaped (`\n`, `\u{1b}`,
/// `\u{202e}`, `\u{200b}`): hal-caps' one table of unsafe characters
/// ([`hal_caps::text::is_unsafe`]), which every output of hal goes through. Printable
/// text is unchanged.
#[must_use]
pub fn shown_text(s: &str) -> Cow<'_, str> {
    hal_caps::text::escape_control(s)
}

/// A path as the report prints it: with `/`, bytes that are not UTF-8 as `\xNN`, and
/// what [`shown_text`] escapes escaped.
#[must_use]
pub fn shown_path(p: &Path) -> String {
    #[cfg(unix)]
    let lossless = {
        use std::os::unix::ffi::OsStrExt as _;
        let mut out = String::new();
        for chunk in p.as_os_str().as_bytes().utf8_chunks() {
            out.push_str(&chunk.valid().replace('\\', "/"));
            for b in chunk.invalid() {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
        out
    };
    #[cfg(not(unix))]
    let lossless = p.to_string_lossy().replace('\\', "/");
    shown_text(&lossless).into_owned()
}

/// A path as the report prints it (see [`shown_path`]).
fn shown(p: &Path) -> String {
    shown_path(p)
}

impl Report {
    /// Makes every path relative to `base` where it lies below it (the current
    /// directory, so that paths print as the user can open them), without a leading `./`.
    pub fn relative_to(&mut self, base: &Path) {
        let rel = |p: &mut std::path::PathBuf| {
            let r = p.strip_prefix(base).unwrap_or(p);
            // `./hook.sh` (from linting `.`) prints as `hook.sh`.
            let r: std::path::PathBuf = r.components().skip_while(|c| matches!(c, Component::CurDir)).collect();
            *p = if r.as_os_str().is_empty() { ".".into() } else { r };
        };
        for f in &mut self.findings {
            rel(&mut f.path);
        }
        for d in &mut self.diagnostics {
            if let Some(subject) = &mut d.subject {
                let old = std::path::PathBuf::from(&*subject);
                let mut p = old.clone();
                rel(&mut p);
                d.message = d.message.replacen(&shown(&old), &shown(&p), 1);
                *subject = p.to_string_lossy().into_owned();
            }
        }
        self.findings.sort();
    }

    /// Whether some named path or file could not be linted whole: it does not exist, is
    /// no regular file, cannot be read, or is larger than the lint reads.
    #[must_use]
    pub fn incomplete(&self) -> bool {
        self.diagnostics.iter().any(|d| {
            matches!(
                d.code,
                DiagnosticCode::PathMissing | DiagnosticCode::PathUnreadable | DiagnosticCode::FileTooLarge
            )
        })
    }

    /// The exit code: 2 when some path could not be linted whole (see
    /// [`Report::incomplete`]: never a pass), else 1 on findings, else 0.
    #[must_use]
    pub fn exit_code(&self) -> u8 {
        if self.incomplete() { 2 } else { u8::from(!self.findings.is_empty()) }
    }

    /// One `path:line:col: rule-id: message` line per finding.
    #[must_use]
    pub fn text(&self) -> String {
        self.findings.iter().fold(String::new(), |mut s, f| {
            let _ = writeln!(s, "{}:{}:{}: {}: {}", shown(&f.path), f.line, f.column, f.rule, shown_text(&f.message));
            s
        })
    }

    /// One GitHub workflow annotation per finding (`::error`) and per diagnostic
    /// (`::warning`).
    #[must_use]
    pub fn github(&self) -> String {
        let mut s = String::new();
        for f in &self.findings {
            let _ = writeln!(
                s,
                "::error file={},line={},col={},title={}::{}",
                github_escape(&shown(&f.path), true),
                f.line,
                f.column,
                github_escape(&format!("hal-lint {}", f.rule), true),
                github_escape(&shown_text(&f.message), false)
            );
        }
        for d in &self.diagnostics {
            let file = d.subject.as_deref().map(|p| format!(" file={},", github_escape(&shown(Path::new(p)), true)));
            let _ = writeln!(
                s,
                "::warning{}title={}::{}",
                file.unwrap_or_else(|| " ".to_owned()),
                github_escape(d.code.as_str(), true),
                github_escape(&shown_text(&d.message), false)
            );
        }
        s
    }

    /// The JSON object: `version`, `findings` (rule, path, line, column, message,
    /// suggestion; `col` and `found` are deprecated aliases of `column` and `message`
    /// kept within version 1), `diagnostics` and `warnings` (their messages, as in
    /// every JSON output of hal).
    #[must_use]
    pub fn json(&self) -> Value {
        self.json_value()
    }

    /// [`Report::json`] as one line of JSON text, every character of hal-caps' table of
    /// unsafe characters written as a `\uXXXX` escape (the same JSON value;
    /// [`hal_caps::text::escape_json`]), as every JSON output of hal.
    #[must_use]
    pub fn json_line(&self) -> String {
        let text = serde_json::to_string(&self.json_value()).unwrap_or_default();
        let mut line = hal_caps::text::escape_json(&text).into_owned();
        line.push('\n');
        line
    }

    fn json_value(&self) -> Value {
        let findings = self
            .findings
            .iter()
            .map(|f| LintFinding::new(f.rule, shown(&f.path), f.line, f.column, &f.message, &f.suggestion))
            .collect();
        serde_json::to_value(Answer::new(Lint::new(findings), self.diagnostics.clone())).unwrap_or(Value::Null)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(shown_text("a\u{1b}[2J\nb\u{202e}c"), "a\\u{1b}[2J\\nb\\u{202e}c");
        assert_eq!(shown_text("a\u{200b}\u{3164}\u{feff}"), "a\\u{200b}\\u{3164}\\u{feff}");
        assert_eq!(shown_text("plain é"), "plain é");
    }

    #[test]
    fn github_escapes() {
        assert_eq!(github_escape("a:b,c%\n", true), "a%3Ab%2Cc%25%0A");
        assert_eq!(github_escape("a:b,c", false), "a:b,c");
    }
}

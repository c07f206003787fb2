//! Rendering a report: compiler-style text, GitHub workflow annotations, JSON.

use std::fmt::Write as _;
use std::path::{Component, Path};

use hal_types::DiagnosticCode;
use hal_types::wire::{Answer, Lint, LintFinding};
use serde_json::Value;

use crate::Report;

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

/// A path as the report prints it: with `/`, relative where it was made relative.
fn shown(p: &Path) -> String {
    p.to_string_lossy().replace('\\', "/")
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
                let mut p = std::path::PathBuf::from(&*subject);
                rel(&mut p);
                let shown = p.to_string_lossy().into_owned();
                d.message = d.message.replacen(subject.as_str(), &shown, 1);
                *subject = shown;
            }
        }
        self.findings.sort();
    }

    /// The exit code: 2 when a linted path does not exist (a usage error), else 1 on
    /// findings, else 0.
    #[must_use]
    pub fn exit_code(&self) -> u8 {
        if self.diagnostics.iter().any(|d| d.code == DiagnosticCode::PathMissing) {
            2
        } else {
            u8::from(!self.findings.is_empty())
        }
    }

    /// One `path:line:col: rule-id: message` line per finding.
    #[must_use]
    pub fn text(&self) -> String {
        self.findings.iter().fold(String::new(), |mut s, f| {
            let _ = writeln!(s, "{}:{}:{}: {}: {}", shown(&f.path), f.line, f.column, f.rule, f.message);
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
                github_escape(&f.message, false)
            );
        }
        for d in &self.diagnostics {
            let file = d.subject.as_deref().map(|p| format!(" file={},", github_escape(p, true)));
            let _ = writeln!(
                s,
                "::warning{}title={}::{}",
                file.unwrap_or_else(|| " ".to_owned()),
                github_escape(d.code.as_str(), true),
                github_escape(&d.message, false)
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
        let findings = self
            .findings
            .iter()
            .map(|f| LintFinding::new(f.rule.id(), shown(&f.path), f.line, f.column, &f.message, &f.suggestion))
            .collect();
        serde_json::to_value(Answer::new(Lint::new(findings), self.diagnostics.clone())).unwrap_or(Value::Null)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_escapes() {
        assert_eq!(github_escape("a:b,c%\n", true), "a%3Ab%2Cc%25%0A");
        assert_eq!(github_escape("a:b,c", false), "a:b,c");
    }
}

//! What a command produced: [`Output`], built by its one constructor [`Output::new`],
//! which holds the exit-code rule for every command (exit 1 for an `unknown` runtime
//! under `--require-known`); a command only raises the code for its own reasons: no
//! session id, findings, a usage error.

use hal_caps::text::escape_json;
use hal_types::wire::Answer;
use hal_types::{Diagnostic, DiagnosticCode};
use serde::Serialize;
use serde_json::Value;

/// The JSON wire format's version; changes only additively.
pub use hal_types::wire::JSON_VERSION;

/// What a command produced: stdout, stderr's lines and the exit code. `main.rs` only
/// writes it out.
#[derive(Debug)]
pub struct Output {
    stdout: String,
    warnings: Vec<String>,
    errors: Vec<String>,
    code: u8,
}

impl Output {
    /// `stdout` with `diagnostics` reported: their messages as text warnings, and exit
    /// code 1 when one is `runtime_unknown` (`--require-known` found the runtime
    /// unknown), else 0.
    #[must_use]
    pub fn new(stdout: String, diagnostics: &[Diagnostic]) -> Self {
        let code = u8::from(diagnostics.iter().any(|d| d.code == DiagnosticCode::RuntimeUnknown));
        Self { stdout, warnings: hal_types::messages(diagnostics), errors: Vec::new(), code }
    }

    /// The exit code raised to at least `code` (a command's own reason to fail).
    #[must_use]
    pub fn at_least(mut self, code: u8) -> Self {
        self.code = self.code.max(code);
        self
    }

    /// A usage error (exit 2): `prefix` and `message` on stderr as an error, printed even
    /// with `--quiet`, and no longer as a warning; nothing on stdout in text.
    #[must_use]
    pub fn usage_error(mut self, prefix: &str, message: &str) -> Self {
        self.warnings.retain(|w| w != message);
        self.errors.push(format!("{prefix}{message}"));
        self.code = 2;
        self
    }

    /// An error for stderr that does not change the exit code.
    pub(crate) fn error(&mut self, message: String) {
        self.errors.push(message);
    }

    /// A warning for stderr (text mode).
    #[cfg_attr(not(feature = "lint"), allow(dead_code, reason = "only `hal lint` reports both"))]
    pub(crate) fn warn(&mut self, message: String) {
        self.warnings.push(message);
    }

    /// What goes to stdout.
    #[must_use]
    pub fn stdout(&self) -> &str {
        &self.stdout
    }

    /// Warnings for stderr (human mode only; JSON carries its own).
    #[must_use]
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Errors for stderr (usage errors, exit 2), printed even with `--quiet`.
    #[must_use]
    pub fn errors(&self) -> &[String] {
        &self.errors
    }

    /// The exit code.
    #[must_use]
    pub const fn code(&self) -> u8 {
        self.code
    }
}

/// The answer of `body` (one of [`crate::answers`], or a hal-types struct) as one line of
/// JSON: [`Answer`] adds `"version": 1`, `warnings` (the messages) and `diagnostics`;
/// keys sorted.
pub(crate) fn versioned<T: Serialize>(body: T, diagnostics: &[Diagnostic]) -> String {
    let value = serde_json::to_value(Answer::new(body, diagnostics.to_vec())).unwrap_or(Value::Null);
    let mut s = escape_json(&serde_json::to_string(&value).unwrap_or_default()).into_owned();
    s.push('\n');
    s
}

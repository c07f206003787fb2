//! One file's text linted: its language's linter (or, past [`MAX_PARSE`] bytes, the
//! line scan), the hits on indicator files the file itself writes dropped, suppressions
//! applied, and what is left turned into findings and diagnostics of the report.

use std::path::Path;

use hal_types::{Diagnostic, DiagnosticCode};

use crate::hit::Kind;
use crate::output::{shown_path, shown_text};
use crate::report::{Finding, Options, Report};
use crate::rules::Rule;

/// Files larger than this are not parsed: they are scanned line by line for indicator
/// reads (a minified bundle), in linear time.
pub(crate) const MAX_PARSE: usize = 1 << 20;
/// The most characters of a diagnostic's message.
const MAX_MESSAGE: usize = 400;

/// Lints `src` as a file of `kind` and adds what it found to `report`.
pub(crate) fn lint_text(path: &Path, kind: Kind, src: &str, _options: &Options, report: &mut Report) {
    let mut lint = match kind {
        Kind::HookJson if src.len() <= MAX_PARSE => crate::hooks::lint(path, src),
        // Markdown's code is laid out and bounded per language; its prose never scanned.
        Kind::Markdown => crate::markdown::lint(src),
        _ => lint_code(kind, src),
    };
    report.files += 1;
    if let Some(why) = &lint.unparseable {
        let code = DiagnosticCode::LintUnparseable;
        diagnostic(report, code, path, &format!("{why} (indicator reads were still looked for)"));
    }
    let written = std::mem::take(&mut lint.written);
    lint.hits.retain(|h| {
        h.rule != Rule::RuntimePathVar
            && !h.subject.is_some_and(|s| written.iter().any(|w| s.starts_with(w) || w.starts_with(s)))
    });
    let hits = crate::suppress::apply(src, kind.comment_starts(), lint.hits, &lint.extents);
    report.findings.extend(hits.into_iter().map(|h| Finding {
        path: path.to_path_buf(),
        line: h.line,
        column: h.column,
        rule: h.rule,
        message: h.message,
        suggestion: h.suggestion,
    }));
}

/// Lints `src` as code of `kind` (a hook JSON file's text as JSON without its path):
/// its language's linter or, past [`MAX_PARSE`] bytes, the line scan.
pub(crate) fn lint_code(kind: Kind, src: &str) -> crate::hit::FileLint {
    if src.len() > MAX_PARSE && !kind.always() {
        let mut l = crate::scan::whole(src, kind);
        l.unparseable =
            Some(format!("{} bytes, more than the parsers read ({MAX_PARSE}): scanned line by line", src.len()));
        return l;
    }
    match kind {
        Kind::Rust => crate::rust::lint(src),
        Kind::Shell => crate::shell::lint(src),
        Kind::TypeScript | Kind::Tsx | Kind::JavaScript => crate::js::lint(src, kind),
        Kind::Python => crate::python::lint(src),
        Kind::HookJson => crate::hooks::lint(std::path::Path::new("hooks.json"), src),
        Kind::CargoToml => crate::manifest::cargo(src),
        Kind::PackageJson => crate::manifest::package_json(src),
        Kind::Pyproject => crate::manifest::pyproject(src),
        Kind::Markdown => crate::markdown::lint(src),
    }
}

/// Adds a diagnostic about `path` saying `why` (escaped, bounded in length).
pub(crate) fn diagnostic(report: &mut Report, code: DiagnosticCode, path: &Path, why: &str) {
    let mut why = shown_text(why).into_owned();
    if why.chars().count() > MAX_MESSAGE {
        why = why.chars().take(MAX_MESSAGE).collect::<String>() + "…";
    }
    let message = format!("{}: {why}", shown_path(path));
    report.diagnostics.push(Diagnostic::new(code, Some(&path.to_string_lossy()), message));
}

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
pub(crate) fn lint_text(path: &Path, kind: Kind, src: &str, options: &Options, report: &mut Report) {
    let mut lint = if src.len() > MAX_PARSE && !kind.always() {
        let mut l = crate::scan::whole(src, kind);
        l.unparseable =
            Some(format!("{} bytes, more than the parsers read ({MAX_PARSE}): scanned line by line", src.len()));
        l
    } else {
        match kind {
            Kind::Rust => crate::rust::lint(src),
            Kind::Shell => crate::shell::lint(src),
            Kind::TypeScript | Kind::Tsx | Kind::JavaScript => crate::js::lint(src, kind),
            Kind::Python => crate::python::lint(src),
            Kind::HookJson => crate::hooks::lint(path, src),
            Kind::CargoToml => crate::manifest::cargo(src),
            Kind::PackageJson => crate::manifest::package_json(src),
            Kind::Pyproject => crate::manifest::pyproject(src),
        }
    };
    report.files += 1;
    if let Some(why) = &lint.unparseable {
        let code = DiagnosticCode::LintUnparseable;
        diagnostic(report, code, path, &format!("{why} (indicator reads were still looked for)"));
    }
    let written = std::mem::take(&mut lint.written);
    lint.hits.retain(|h| {
        (options.strict || h.rule != Rule::RuntimePathVar)
            && !h.subject.is_some_and(|s| written.iter().any(|w| s.starts_with(w) || w.starts_with(s)))
    });
    let hits = crate::suppress::apply(src, kind.comment_starts(), lint.hits, &lint.extents);
    report.findings.extend(hits.into_iter().map(|h| {
        // The suggestion in the file's own language, with its import line; the message
        // names the call.
        let (message, suggestion) = match h.asked.zip(kind.lang()).map(|(a, l)| a.for_lang(l)) {
            Some((import, call)) => {
                (h.message.replace(&format!("`{}`", h.suggestion), &format!("`{call}`")), format!("{import} {call}"))
            }
            None => (h.message, h.suggestion),
        };
        Finding { path: path.to_path_buf(), line: h.line, column: h.column, rule: h.rule, message, suggestion }
    }));
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

//! One file's text linted: its language's linter through [`crate::code`] (Markdown
//! through [`crate::markdown`]), the hits on indicator files the file itself writes
//! dropped (and a manifest's process-table dependency unless strict), suppressions applied, and what is left turned into findings and diagnostics of the report.

use std::path::Path;

use hal_types::{Diagnostic, DiagnosticCode};

use crate::hit::{Kind, MAX_FINDINGS};
use crate::output::{shown_path, shown_text};
use crate::report::{Finding, Options, Report};
use crate::rules::Rule;

/// The most characters of a diagnostic's message.
const MAX_MESSAGE: usize = 400;

/// Lints `src` as a file of `kind` and adds what it found to `report`.
pub(crate) fn lint_text(path: &Path, kind: Kind, src: &str, options: &Options, report: &mut Report) {
    let mut lint = match kind {
        Kind::HookJson if src.len() <= crate::code::MAX_PARSE => crate::hooks::lint(path, src),
        // Markdown's code is laid out and bounded per language; its prose never scanned.
        Kind::Markdown => crate::markdown::lint(src),
        _ => crate::code::lint(kind, src),
    };
    report.files += 1;
    if let Some(why) = &lint.unparseable {
        let code = DiagnosticCode::LintUnparseable;
        diagnostic(report, code, path, &format!("{why} (indicator reads were still looked for)"));
    }
    let written = std::mem::take(&mut lint.written);
    lint.hits.retain(|h| {
        h.rule != Rule::RuntimePathVar
            // A dependency is no read (a daemon's psutil finds its own process); the
            // process-table reads in code are findings of their own. `--strict` adds it.
            && (options.strict || h.rule != Rule::ProcessDependency)
            && !h.subject.is_some_and(|s| written.iter().any(|w| s.starts_with(w) || w.starts_with(s)))
    });
    let mut hits = crate::suppress::apply(src, kind.comment_starts(), lint.hits, &lint.extents);
    if hits.len() > MAX_FINDINGS || lint.uncounted > 0 {
        hits.sort_by_key(|h| (h.line, h.column));
        let more = hits.len().saturating_sub(MAX_FINDINGS) + lint.uncounted;
        hits.truncate(MAX_FINDINGS);
        let last = hits.last().map_or(0, |h| h.line);
        let why = format!("{more} more findings after line {last} not listed (at most {MAX_FINDINGS} a file)");
        diagnostic(report, DiagnosticCode::LintLeftOut, path, &why);
    }
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

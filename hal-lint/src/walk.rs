//! Choosing files, reading them, and turning each language's hits into findings.

use std::path::{Path, PathBuf};

use crate::indicators::PathHit;
use crate::rules::{Ask, Rule};
use hal_types::{Diagnostic, DiagnosticCode};

use crate::{Finding, Options, Report};

/// Files larger than this are a `file_too_large` diagnostic, not read.
const MAX_FILE: u64 = 4 << 20;
/// Directories deeper than this below a linted path are not entered.
const MAX_DEPTH: usize = 64;
/// Directories never entered: version control, build output, dependencies.
const SKIP_DIRS: &[&str] =
    &[".git", ".hg", "target", "node_modules", ".venv", "venv", "__pycache__", ".tox", ".mypy_cache", ".pytest_cache"];

/// The kind of a file the lint reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Kind {
    /// `.rs`
    Rust,
    /// `.sh`, `.bash`, or a `sh`/`bash` shebang.
    Shell,
    /// `.ts`, `.mts`, `.cts`
    TypeScript,
    /// `.tsx`
    Tsx,
    /// `.js`, `.mjs`, `.cjs`, `.jsx`, or a `node` shebang.
    JavaScript,
    /// `.py`, `.pyi`, or a `python` shebang.
    Python,
    /// Any other `.json`: its hook command strings, if it has hooks.
    HookJson,
    /// `Cargo.toml`
    CargoToml,
    /// `package.json`
    PackageJson,
    /// `pyproject.toml`
    Pyproject,
}

impl Kind {
    /// How a comment starts in this kind of file.
    pub(crate) const fn comment_starts(self) -> &'static [&'static str] {
        match self {
            Self::Rust | Self::TypeScript | Self::Tsx | Self::JavaScript => &["//", "/*"],
            Self::Shell | Self::Python | Self::CargoToml | Self::Pyproject => &["#"],
            Self::HookJson | Self::PackageJson => &[],
        }
    }
}

/// The kind of the file at `path` with text `src`: by name, by extension, and for a file
/// without an extension by its shebang.
#[must_use]
pub fn kind_of(path: &Path, src: &str) -> Option<Kind> {
    let name = path.file_name()?.to_str()?;
    match name {
        "Cargo.toml" => return Some(Kind::CargoToml),
        "package.json" => return Some(Kind::PackageJson),
        "pyproject.toml" => return Some(Kind::Pyproject),
        _ => {}
    }
    match path.extension().and_then(|e| e.to_str()) {
        Some("rs") => Some(Kind::Rust),
        Some("sh" | "bash") => Some(Kind::Shell),
        Some("ts" | "mts" | "cts") => Some(Kind::TypeScript),
        Some("tsx") => Some(Kind::Tsx),
        Some("js" | "mjs" | "cjs" | "jsx") => Some(Kind::JavaScript),
        Some("py" | "pyi") => Some(Kind::Python),
        Some("json") => Some(Kind::HookJson),
        Some(_) => None,
        None => shebang_kind(src),
    }
}

/// The kind a `#!` line names: `sh`, `bash`, `dash`, `node`, `python*`, `deno`, `bun`,
/// `tsx`, `ts-node`, directly or through `env [-S]`.
fn shebang_kind(src: &str) -> Option<Kind> {
    let line = src.strip_prefix("#!")?.lines().next()?;
    let mut words = line.split_whitespace();
    let mut prog = words.next()?.rsplit('/').next()?;
    if prog == "env" {
        prog = words.find(|w| !w.starts_with('-'))?;
    }
    match prog {
        "sh" | "bash" | "dash" | "ash" => Some(Kind::Shell),
        "node" | "nodejs" => Some(Kind::JavaScript),
        "deno" | "bun" | "tsx" | "ts-node" => Some(Kind::TypeScript),
        p if p.starts_with("python") => Some(Kind::Python),
        _ => None,
    }
}

/// One rule broken, at a 1-based line and character column of the file's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Hit {
    pub(crate) rule: Rule,
    pub(crate) line: usize,
    pub(crate) column: usize,
    pub(crate) message: String,
    pub(crate) suggestion: String,
}

impl Hit {
    /// A hit whose message says `what` and names `call`, the HAL call to use instead.
    fn ask(rule: Rule, (line, column): (usize, usize), what: &str, call: &str) -> Self {
        Self {
            rule,
            line,
            column,
            message: format!("{what}; ask the HAL instead: `{call}`"),
            suggestion: call.to_owned(),
        }
    }

    /// A read of the indicator variable `var`.
    pub(crate) fn var(line: usize, column: usize, var: &str, rust: bool) -> Self {
        let what = format!("reads runtime indicator variable `{var}`");
        Self::ask(Rule::IndicatorVar, (line, column), &what, Ask::for_var(var).call(rust))
    }

    /// A read of every variable at once (`std::env::vars()`).
    pub(crate) fn all_vars(line: usize, column: usize, what: &str) -> Self {
        let what = format!("`{what}` reads every variable, runtime indicators among them");
        Self::ask(Rule::IndicatorVar, (line, column), &what, Ask::Provider.rust())
    }

    /// A probe of a path that `hit` names.
    pub(crate) fn path(line: usize, column: usize, hit: PathHit, rust: bool) -> Self {
        match hit {
            PathHit::Indicator(ind) => {
                let what = format!("probes runtime indicator file `{ind}`");
                Self::ask(Rule::IndicatorFile, (line, column), &what, Ask::Provider.call(rust))
            }
            PathHit::Proc => Self::process(line, column, "/proc", rust),
        }
    }

    /// A read of the process table through `what` (a program, an API, a package).
    pub(crate) fn process(line: usize, column: usize, what: &str, rust: bool) -> Self {
        let what = format!("reads the process table (`{what}`)");
        Self::ask(Rule::ProcessTable, (line, column), &what, Ask::Provider.call(rust))
    }
}

/// What linting one file's text produced.
#[derive(Debug, Default)]
pub(crate) struct FileLint {
    pub(crate) hits: Vec<Hit>,
    /// Line ranges of items and statements, for suppressions placed above them.
    pub(crate) extents: Vec<(usize, usize)>,
    /// Why the text could not be parsed, where that is so.
    pub(crate) unparseable: Option<String>,
}

impl FileLint {
    /// Nothing linted, because `why`.
    pub(crate) fn unparseable(why: String) -> Self {
        Self { unparseable: Some(why), ..Self::default() }
    }

    /// `(rule id, line, column)` of every hit, for tests.
    #[cfg(test)]
    pub(crate) fn positions(&self) -> Vec<(&'static str, usize, usize)> {
        self.hits.iter().map(|h| (h.rule.id(), h.line, h.column)).collect()
    }
}

/// Lints `src` as a file of `kind` and adds what it found to `report`.
pub(crate) fn lint_text(path: &Path, kind: Kind, src: &str, report: &mut Report) {
    let lint = match kind {
        Kind::Rust => crate::rust::lint(src),
        Kind::Shell => crate::shell::lint(src),
        Kind::TypeScript | Kind::Tsx | Kind::JavaScript => crate::js::lint(src, kind),
        Kind::Python => crate::python::lint(src),
        Kind::HookJson => crate::hooks::lint(path, src),
        Kind::CargoToml => crate::manifest::cargo(src),
        Kind::PackageJson => crate::manifest::package_json(src),
        Kind::Pyproject => crate::manifest::pyproject(src),
    };
    report.files += 1;
    if let Some(why) = lint.unparseable {
        diagnostic(report, DiagnosticCode::LintUnparseable, path, format!("{}: {why}", path.display()));
    }
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

fn diagnostic(report: &mut Report, code: DiagnosticCode, path: &Path, message: String) {
    report.diagnostics.push(Diagnostic::new(code, Some(&path.to_string_lossy()), message));
}

/// Reads and lints one file; `explicit` when the user named it (an unknown kind is then
/// a diagnostic rather than silence).
fn lint_file(path: &Path, explicit: bool, report: &mut Report) {
    match std::fs::metadata(path) {
        Ok(m) if m.len() > MAX_FILE => {
            let msg = format!("{}: {} bytes, more than the lint reads ({MAX_FILE})", path.display(), m.len());
            return diagnostic(report, DiagnosticCode::FileTooLarge, path, msg);
        }
        Ok(_) => {}
        Err(e) => return diagnostic(report, DiagnosticCode::PathUnreadable, path, format!("{}: {e}", path.display())),
    }
    // Only a file without an extension needs its text to be classified.
    let by_name = kind_of(path, "");
    if by_name.is_none() && path.extension().is_some() {
        if explicit {
            let msg = format!(
                "{}: not a file the lint knows (Rust, shell, TypeScript, JavaScript, Python, JSON hooks, manifests)",
                path.display()
            );
            diagnostic(report, DiagnosticCode::UnsupportedFile, path, msg);
        }
        return;
    }
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return diagnostic(report, DiagnosticCode::PathUnreadable, path, format!("{}: {e}", path.display())),
    };
    let src = String::from_utf8_lossy(&bytes);
    match by_name.or_else(|| kind_of(path, &src)) {
        Some(kind) => lint_text(path, kind, &src, report),
        None if explicit => {
            let msg = format!("{}: no extension or shebang the lint knows", path.display());
            diagnostic(report, DiagnosticCode::UnsupportedFile, path, msg);
        }
        None => {}
    }
}

/// Every file under `dir`, sorted, not following symbolic links.
fn files(dir: &Path, depth: usize, out: &mut Vec<PathBuf>, report: &mut Report) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => return diagnostic(report, DiagnosticCode::PathUnreadable, dir, format!("{}: {e}", dir.display())),
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else { continue };
        if kind.is_dir() {
            let name = entry.file_name();
            if depth < MAX_DEPTH && !SKIP_DIRS.iter().any(|s| name == *s) {
                files(&path, depth + 1, out, report);
            }
        } else if kind.is_file() {
            out.push(path);
        }
    }
}

/// Lints `root` (a file or a directory) into `report`.
pub(crate) fn lint_root(root: &Path, options: &Options, report: &mut Report) {
    let meta = match std::fs::metadata(root) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return diagnostic(
                report,
                DiagnosticCode::PathMissing,
                root,
                format!("{}: no such file or directory", root.display()),
            );
        }
        Err(e) => return diagnostic(report, DiagnosticCode::PathUnreadable, root, format!("{}: {e}", root.display())),
    };
    if !meta.is_dir() {
        return lint_file(root, true, report);
    }
    let mut found = Vec::new();
    files(root, 0, &mut found, report);
    for file in found {
        let rel = file.strip_prefix(root).unwrap_or(&file);
        let shown = format!("/{}", rel.to_string_lossy().replace('\\', "/"));
        let skipped =
            options.skip.iter().any(|(p, _)| shown.contains(p.as_str()) || shown.starts_with(&format!("/{p}")));
        if !skipped {
            lint_file(&file, false, report);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_by_name_extension_and_shebang() {
        let k = |p: &str, src: &str| kind_of(Path::new(p), src);
        assert_eq!(k("a/Cargo.toml", ""), Some(Kind::CargoToml));
        assert_eq!(k("x.tsx", ""), Some(Kind::Tsx));
        assert_eq!(k("hook", "#!/usr/bin/env bash\n"), Some(Kind::Shell));
        assert_eq!(k("hook", "#!/usr/bin/env -S python3 -u\n"), Some(Kind::Python));
        assert_eq!(k("hook", "#!/bin/sh\n"), Some(Kind::Shell));
        assert_eq!(k("hook", "#!/usr/bin/env node\n"), Some(Kind::JavaScript));
        assert_eq!(k("hook", "#!/usr/bin/perl\n"), None);
        assert_eq!(k("README.md", "#!/bin/sh\n"), None);
        assert_eq!(k("LICENSE", "MIT"), None);
    }
}

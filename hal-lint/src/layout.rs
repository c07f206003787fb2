//! Which files of a walked tree are no skill's code: tests, vendored and generated
//! code, and documentation. A directory walk leaves them out (`--strict` keeps them); a
//! file named on the command line is always linted.
//!
//! - Test code, by the usual layouts and names: a `test`, `tests`, `__tests__`, `spec`,
//!   `specs`, `e2e`, `fixtures` or `__mocks__` directory; `*.test.*`, `*.spec.*`,
//!   `*_test.*`, `test_*.py`, `test-*`/`test_*` scripts of any language, `conftest.py`,
//!   `*.test.sh`, `*.bats`.
//! - Vendored code: a `vendor`, `vendored`, `third_party`, `third-party` or `external`
//!   directory (`node_modules`, `target` and virtual environments are never walked), a
//!   `*.min.js`/`*.bundle.js` file, and a file whose first lines say it is generated
//!   (`@generated`, `DO NOT EDIT`, `Code generated`) or a bundle (a `webpackBootstrap`,
//!   or a `sourceMappingURL` comment at its end).
//! - Installers and migrations are linted (issue 47): which runtimes an installer finds
//!   installed decides; its writes, edits and checks of the project it runs in do not.
//! - Markdown that is no skill: an agent runs the code of `SKILL.md`, of the runtime
//!   instruction files (`AGENTS.md`, `CLAUDE.md`, `GEMINI.md`) and of Markdown under a
//!   `skills`, `commands`, `agents`, `workflows`, `references`, `prompts`, `rules` or
//!   `hooks` directory or a runtime's own directory (`.claude`, `.codex`, ...); any
//!   other Markdown (READMEs, guides, plans, `docs/`) is documentation for people, and
//!   so are a README, INSTALL(ATION), CHANGELOG, CONTRIBUTING, LICENSE, SECURITY or
//!   TROUBLESHOOTING file inside a skill's folder.

use std::path::Path;

use crate::hit::Kind;

/// Directories of test code.
const TEST_DIRS: &[&str] = &["test", "tests", "__tests__", "spec", "specs", "e2e", "fixtures", "__mocks__"];
/// Directories of vendored code.
const VENDOR_DIRS: &[&str] = &["vendor", "vendored", "third_party", "third-party", "external"];
/// Directories whose Markdown is a skill's: what an agent runs.
const SKILL_DIRS: &[&str] =
    &["skills", "commands", "agents", "workflows", "references", "prompts", "rules", "hooks", "subagents"];
/// Markdown files an agent runs wherever they stand (lower case).
const SKILL_FILES: &[&str] = &["skill.md", "agents.md", "claude.md", "gemini.md"];
/// Directories of documentation: their Markdown is never a skill's.
const DOC_DIRS: &[&str] = &["docs", "doc"];
/// Markdown written for people wherever it stands, a skill's folder included (issue 47),
/// by its name's stem (lower case): `README.md`, `INSTALLATION.md`.
const DOC_STEMS: &[&str] = &[
    "readme",
    "install",
    "installation",
    "changelog",
    "changes",
    "history",
    "contributing",
    "license",
    "security",
    "troubleshooting",
    "code_of_conduct",
];
/// Name parts of test files: `x.test.ts`, `x.spec.js`, `x_test.py`.
const TEST_INFIXES: &[&str] = &[".test.", ".spec.", "_test.", "-test."];
/// Name endings of bundles.
const BUNDLE_SUFFIXES: &[&str] = &[".min.js", ".min.mjs", ".min.cjs", ".bundle.js", ".bundle.mjs"];
/// What a generated file says in its first lines.
const GENERATED_MARKS: &[&str] = &["@generated", "DO NOT EDIT", "Code generated", "webpackBootstrap"];
/// How many bytes of a file's start are searched for [`GENERATED_MARKS`].
const HEAD: usize = 1024;
/// How many bytes of a file's end are searched for a source map comment.
const TAIL: usize = 512;

/// Why the walk leaves `rel` (a path relative to the walked directory) out, if it does.
pub(crate) fn left_out(rel: &Path, kind: Option<Kind>) -> Option<&'static str> {
    let parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().to_ascii_lowercase()).collect();
    let (name, dirs) = parts.split_last()?;
    if dirs.iter().any(|d| TEST_DIRS.contains(&d.as_str())) {
        return Some("test code");
    }
    if dirs.iter().any(|d| VENDOR_DIRS.contains(&d.as_str())) || BUNDLE_SUFFIXES.iter().any(|s| name.ends_with(s)) {
        return Some("vendored code");
    }
    if kind == Some(Kind::Markdown) {
        let runtime_dir = |d: &str| crate::indicators::is_runtime_dir(d);
        let skill = SKILL_FILES.contains(&name.as_str())
            || dirs.iter().any(|d| SKILL_DIRS.contains(&d.as_str()) || runtime_dir(d));
        let stem = name.split('.').next().unwrap_or("");
        if !skill || dirs.iter().any(|d| DOC_DIRS.contains(&d.as_str())) || DOC_STEMS.contains(&stem) {
            return Some("documentation");
        }
        return None;
    }
    let ext = Path::new(name.as_str()).extension().and_then(|e| e.to_str()).unwrap_or("");
    let test_name = TEST_INFIXES.iter().any(|i| name.contains(i))
        || (name.starts_with("test_") && ext.eq_ignore_ascii_case("py"))
        // Issue 47: a test script named so, whatever its language (`test-commands.sh`).
        || ((name.starts_with("test-") || name.starts_with("test_")) && !ext.is_empty())
        || name == "conftest.py"
        || ext.eq_ignore_ascii_case("bats");
    test_name.then_some("test code")
}

/// Whether `bytes` (a whole file) says it is generated or a bundle.
pub(crate) fn generated(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(HEAD)];
    let tail = &bytes[bytes.len().saturating_sub(TAIL)..];
    let has = |hay: &[u8], needle: &str| hay.windows(needle.len()).any(|w| w == needle.as_bytes());
    GENERATED_MARKS.iter().any(|m| has(head, m)) || has(tail, "sourceMappingURL=")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tests_vendored_code_and_docs_by_layout() {
        let out = |p: &str, k: Option<Kind>| left_out(Path::new(p), k);
        assert_eq!(out("tests/a.js", Some(Kind::JavaScript)), Some("test code"));
        assert_eq!(out("src/x.test.ts", Some(Kind::TypeScript)), Some("test code"));
        assert_eq!(out("tools/test_cli.py", Some(Kind::Python)), Some("test code"));
        assert_eq!(out("lib/vendor/q.js", Some(Kind::JavaScript)), Some("vendored code"));
        assert_eq!(out("dist/app.min.js", Some(Kind::JavaScript)), Some("vendored code"));
        assert_eq!(out("docs/guide.md", Some(Kind::Markdown)), Some("documentation"));
        assert_eq!(out("README.md", Some(Kind::Markdown)), Some("documentation"));
        assert_eq!(out("guides/x.md", Some(Kind::Markdown)), Some("documentation"));
        assert_eq!(out("plugins/p/commands/eval.md", Some(Kind::Markdown)), None);
        assert_eq!(out(".claude/hooks.md", Some(Kind::Markdown)), None);
        // Issue 47: an installer is linted (its check whether a runtime is installed
        // decides; its writes and edits of what it installs do not).
        assert_eq!(out("install.sh", Some(Kind::Shell)), None);
        assert_eq!(out("scripts/install/detect.sh", Some(Kind::Shell)), None);
        assert_eq!(out("bin/installer.js", Some(Kind::JavaScript)), None);
        assert_eq!(out(".claude/hooks/install-deps.sh", Some(Kind::Shell)), None);
        for keep in ["hooks/session-start.sh", "skills/x/SKILL.md", "commands/review.md", "src/testing.ts", "docs/x.sh"]
        {
            assert_eq!(out(keep, None), None, "{keep}");
        }
        assert_eq!(out("skills/x/SKILL.md", Some(Kind::Markdown)), None);
        // Issue 47: documentation inside a skill's folder, and test scripts by name.
        assert_eq!(out("skills/x/README.md", Some(Kind::Markdown)), Some("documentation"));
        assert_eq!(out("plugins/p/skills/x/INSTALLATION.md", Some(Kind::Markdown)), Some("documentation"));
        assert_eq!(out(".claude/commands/CHANGELOG.md", Some(Kind::Markdown)), Some("documentation"));
        assert_eq!(out("skills/x/references/install-guide.md", Some(Kind::Markdown)), None);
        assert_eq!(out("cli/test-commands.sh", Some(Kind::Shell)), Some("test code"));
        assert_eq!(out("scripts/test_hooks.js", Some(Kind::JavaScript)), Some("test code"));
        assert_eq!(out("hooks/testing.sh", Some(Kind::Shell)), None);
    }

    #[test]
    fn generated_files_say_so() {
        assert!(generated(b"// Code generated by protoc. DO NOT EDIT.\nx"));
        assert!(generated(b"!function(){}\n//# sourceMappingURL=app.js.map\n"));
        assert!(!generated(b"const x = process.env.CLAUDECODE;\n"));
    }
}

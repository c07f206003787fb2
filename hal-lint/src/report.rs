//! What the lint is asked ([`Options`]) and what it answers ([`Report`], each
//! [`Finding`]). Rendering the report is [`crate::output`]'s.

use std::path::PathBuf;

use hal_types::Diagnostic;

use crate::rules::Rule;

/// One rule broken at one place.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
#[non_exhaustive]
pub struct Finding {
    /// The file, as it was reached from the linted path.
    pub path: PathBuf,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The rule broken.
    pub rule: Rule,
    /// What was found and what to call instead.
    pub message: String,
    /// The HAL call to use instead: a Rust path for Rust skills, a `hal` command line
    /// for the others, or the manifest line to write.
    pub suggestion: String,
}

/// Everything one run of the lint found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// Findings, sorted by path, line, column and rule.
    pub findings: Vec<Finding>,
    /// Files and paths the lint could not look at whole (codes `lint_unparseable`,
    /// `path_missing`, `path_unreadable`, `file_too_large`, `unsupported_file`), each
    /// about its path.
    pub diagnostics: Vec<Diagnostic>,
    /// How many files were linted.
    pub files: usize,
}

/// What to lint and what to leave out.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Options {
    /// Paths to leave out, each with its reason: a file is skipped when its path
    /// relative to the linted directory, written with `/` and a leading `/`, contains
    /// the entry or starts with `/` + the entry.
    pub skip: Vec<(String, String)>,
    /// Also lint what a directory walk leaves out as no skill's code: test code,
    /// vendored and generated code, documentation (`hal lint --strict`), and report a
    /// manifest's dependency on a process-table package (`process-dependency`: no read
    /// by itself). A file named on the command line is always linted.
    pub strict: bool,
    /// Lint Markdown files' code blocks and inline commands (on by default; `hal lint
    /// --no-markdown` turns it off).
    pub markdown: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self { skip: Vec::new(), strict: false, markdown: true }
    }
}

impl Options {
    /// Options that skip `entries` (pairs of path fragment and reason).
    #[must_use]
    pub fn skipping(entries: &[(&str, &str)]) -> Self {
        Self { skip: entries.iter().map(|(p, r)| ((*p).to_owned(), (*r).to_owned())).collect(), ..Self::default() }
    }

    /// These options, also linting test, vendored and generated code and documentation
    /// (`strict`).
    #[must_use]
    pub fn strict(mut self, strict: bool) -> Self {
        self.strict = strict;
        self
    }

    /// These options, linting Markdown or not.
    #[must_use]
    pub fn markdown(mut self, markdown: bool) -> Self {
        self.markdown = markdown;
        self
    }
}

//! `hal lint PATH…`: the boundary lint (crate `hal-lint`), behind the default `lint`
//! feature. A hal built without it (`cargo xtask dist`, the binary hooks run) answers
//! `hal lint` with exit 2 and says why.

use std::path::PathBuf;

use hal_detect::Host;

use crate::cli::{GlobalOpt, LintFormat};
use crate::output::Output;

/// What a directory walk of `hal lint` reads besides skill code.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Walk {
    /// `--strict`: test, vendored and generated code and documentation too.
    pub(crate) strict: bool,
    /// Markdown's code blocks (`--no-markdown` turns them off).
    pub(crate) markdown: bool,
}

/// The global options `hal lint` takes.
pub const TAKES: &[GlobalOpt] = &[GlobalOpt::Json];

/// What `hal lint` says in a binary built without the lint.
pub const WITHOUT_LINT: &str = "this hal was built without the lint (cargo feature `lint`; `cargo xtask dist` \
     leaves it out so the binary hooks run carries no parser); run `hal lint` from a full build: \
     `cargo install --git https://github.com/gastown-chipset/hal --locked hal-cli`";

/// The lint's rules, `(id, what it reports and does not)`, for the man page.
#[cfg(feature = "lint")]
pub const RULES: &[(&str, &str)] = &{
    const N: usize = hal_lint::RULES.len();
    let mut out = [("", ""); N];
    let mut i = 0;
    while i < N {
        out[i] = (hal_lint::RULES[i].as_str(), hal_lint::what(hal_lint::RULES[i]));
        i += 1;
    }
    out
};

/// A hal built without the lint has no rules to list.
#[cfg(not(feature = "lint"))]
pub const RULES: &[(&str, &str)] = &[];

/// `hal lint PATH…`: findings on stdout (text, GitHub annotations or JSON), paths relative
/// to the current directory and escaped; exit 0 clean, 1 findings, 2 when a path could
/// not be linted whole (it does not exist, is no regular file, or is too large).
/// `walk` says what a directory walk reads.
#[cfg(feature = "lint")]
pub(crate) fn run<H: Host>(paths: &[PathBuf], format: LintFormat, walk: Walk, json: bool, host: &H) -> Output {
    let options = hal_lint::Options::default().strict(walk.strict).markdown(walk.markdown);
    let mut report = hal_lint::lint_paths(paths, &options);
    if let Ok(cwd) = host.current_dir() {
        report.relative_to(&cwd);
    }
    let stdout = match (json, format) {
        (true, _) => format!("{}\n", report.json()),
        (false, LintFormat::Github) => report.github(),
        (false, _) => report.text(),
    };
    let mut out = Output::new(stdout, &[]).at_least(report.exit_code());
    for d in &report.diagnostics {
        if matches!(
            d.code,
            hal_types::DiagnosticCode::PathMissing
                | hal_types::DiagnosticCode::PathUnreadable
                | hal_types::DiagnosticCode::FileTooLarge
        ) {
            out.error(format!("cannot lint {}", d.message));
        } else if format != LintFormat::Github {
            out.warn(d.message.clone());
        }
    }
    out
}

/// `hal lint` in a binary built without the lint: exit 2 with the explanation.
#[cfg(not(feature = "lint"))]
pub(crate) fn run<H: Host>(_paths: &[PathBuf], _format: LintFormat, _walk: Walk, json: bool, _host: &H) -> Output {
    if json {
        let d = hal_types::Diagnostic::new(hal_types::DiagnosticCode::LintUnavailable, None, WITHOUT_LINT);
        let v = serde_json::to_value(hal_types::wire::Answer::new(hal_types::wire::Lint::default(), vec![d]));
        Output::new(format!("{}\n", v.unwrap_or_default()), &[]).at_least(2)
    } else {
        Output::new(String::new(), &[]).usage_error("", WITHOUT_LINT)
    }
}

//! `hal lint PATH…`: the boundary lint (crate `hal-lint`), behind the default `lint`
//! feature. A hal built without it (`cargo xtask dist`, the binary hooks run) answers
//! `hal lint` with exit 2 and says why.

use std::path::PathBuf;

use hal_detect::Host;

use crate::cli::{GlobalOpt, LintFormat};
use crate::output::Output;

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
/// `strict` also reports `runtime-path-var`. What the walk left out of a directory (ignore
/// files, the depth limit: a `lint_left_out` diagnostic about the directory) is in the
/// JSON always, and a warning with `-v` (`verbose`).
#[cfg(feature = "lint")]
pub(crate) fn run<H: Host>(
    paths: &[PathBuf],
    format: LintFormat,
    strict: bool,
    json: bool,
    verbose: bool,
    host: &H,
) -> Output {
    let mut report = hal_lint::lint_paths(paths, &hal_lint::Options::default().strict(strict));
    if let Ok(cwd) = host.current_dir() {
        report.relative_to(&cwd);
    }
    let stdout = match (json, format) {
        (true, _) => report.json_line(),
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
        } else if format != LintFormat::Github && (verbose || !walk_left_out(d)) {
            out.warn(d.message.clone());
        }
    }
    out
}

/// Whether `d` says what the walk of a directory left out (shown with `-v` only: most
/// trees ignore some files of a kind the lint knows, `dist/`, `build/`).
#[cfg(feature = "lint")]
fn walk_left_out(d: &hal_types::Diagnostic) -> bool {
    d.code == hal_types::DiagnosticCode::LintLeftOut
        && d.subject.as_deref().is_some_and(|s| std::path::Path::new(s).is_dir())
}

/// `hal lint` in a binary built without the lint: exit 2 with the explanation.
#[cfg(not(feature = "lint"))]
pub(crate) fn run<H: Host>(
    _paths: &[PathBuf],
    _format: LintFormat,
    _strict: bool,
    json: bool,
    _verbose: bool,
    _host: &H,
) -> Output {
    if json {
        let d = hal_types::Diagnostic::new(hal_types::DiagnosticCode::LintUnavailable, None, WITHOUT_LINT);
        let v = serde_json::to_value(hal_types::wire::Answer::new(hal_types::wire::Lint::default(), vec![d]));
        Output::new(format!("{}\n", v.unwrap_or_default()), &[]).at_least(2)
    } else {
        Output::new(String::new(), &[]).usage_error("", WITHOUT_LINT)
    }
}

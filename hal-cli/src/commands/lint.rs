//! `hal lint PATH…`: the boundary lint (crate `hal-lint`), behind the default `lint`
//! feature. A hal built without it (`cargo xtask dist`, the binary hooks run) hands
//! `hal lint` to the full build installed beside it ([`LINT_BINARY`]: the npm platform
//! package and the wheel carry both), else answers with exit 2 and says why.

use std::path::PathBuf;

use hal_detect::Host;

use crate::args::{GlobalOpt, LintFormat};
use crate::describe::{Cmd, Description, Invocation, answer};
use crate::output::Output;

/// The boundary lint: report skill code (Rust, shell, TypeScript, JavaScript, Python,
/// hook settings, manifests, Markdown's code blocks) that reads runtime indicator variables, probes runtime
/// indicator files or reads the process table instead of asking hal.
#[derive(Debug, PartialEq, Eq, clap::Args)]
pub struct Lint {
    /// Skill directories or files.
    #[arg(required = true, value_name = "PATH", value_hint = clap::ValueHint::AnyPath)]
    pub paths: Vec<PathBuf>,
    /// `text` (path:line:col: rule-id: message, like a compiler) or `github` (GitHub
    /// Actions workflow annotations); --json prints one JSON object instead.
    #[arg(long, value_enum, default_value_t = LintFormat::Text)]
    pub format: LintFormat,
    /// Also lint what a directory walk leaves out as no skill's code: test code,
    /// vendored and generated code, and
    /// Markdown that is documentation (README, guides, `docs/`); and report a
    /// manifest's dependency on a process-table package, no read by itself.
    #[arg(long)]
    pub strict: bool,
    /// Leave Markdown out (by default the code blocks and inline `!` commands of a
    /// skill's Markdown are linted: SKILL.md, commands, agents, workflows, references).
    #[arg(long)]
    pub no_markdown: bool,
}

impl Cmd for Lint {
    const DESCRIPTION: Description = Description {
        name: "lint",
        takes: &[GlobalOpt::Json],
        answers: &[answer!("lint", None, "Lint", "The boundary lint's findings.", hal_types::wire::Lint)],
    };

    /// The paths given, and the host's current directory (findings are shown relative to it).
    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output {
        let walk = Walk { strict: self.strict, markdown: !self.no_markdown };
        let g = input.global;
        run(&self.paths, self.format, walk, g.json, g.verbose > 0, &input.host)
    }
}

/// What a directory walk of `hal lint` reads besides skill code.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(not(feature = "lint"), allow(dead_code, reason = "read by the lint, which this build leaves out"))]
pub(crate) struct Walk {
    /// `--strict`: test, vendored and generated code and documentation too.
    pub(crate) strict: bool,
    /// Markdown's code blocks (`--no-markdown` turns them off).
    pub(crate) markdown: bool,
}

/// What `hal lint` says in a binary built without the lint and without [`LINT_BINARY`]
/// beside it.
pub const WITHOUT_LINT: &str = "this hal was built without the lint (cargo feature `lint`; `cargo xtask dist` \
     leaves it out so the binary hooks run carries no parser), and no `hal-lint` is installed beside it; \
     run `hal lint` from the npm package or the wheel (they carry `hal-lint`), or from a full build: \
     `cargo install --path hal-cli --locked` in a clone, \
     `cargo install --git https://github.com/gastown-chipset/hal --locked hal-cli` without one";

/// The full build (with the lint) that a hal without it hands `hal lint` to, when it is
/// installed in the same directory: the packages carry it beside the hook binary, so
/// the binary hooks run stays without a parser and `npx hal lint` still lints.
pub const LINT_BINARY: &str = "hal-lint";

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
/// `walk` says what a directory walk reads. What the walk left out of a directory (ignore
/// files, the depth limit: a `lint_left_out` diagnostic about the directory) is in the
/// JSON always, and a warning with `-v` (`verbose`).
#[cfg(feature = "lint")]
fn run<H: Host>(
    paths: &[PathBuf],
    format: LintFormat,
    walk: Walk,
    json: bool,
    verbose: bool,
    host: &H,
) -> Output {
    let options = hal_lint::Options::default().strict(walk.strict).markdown(walk.markdown);
    let mut report = hal_lint::lint_paths(paths, &options);
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

/// `hal lint` in a binary built without the lint: the same command line run by
/// [`LINT_BINARY`] beside this binary (exec: its output and exit status are the
/// answer), else exit 2 with the explanation.
#[cfg(not(feature = "lint"))]
fn run<H: Host>(
    _paths: &[PathBuf],
    _format: LintFormat,
    _walk: Walk,
    json: bool,
    _verbose: bool,
    _host: &H,
) -> Output {
    let handed = hand_over();
    if json {
        let d = hal_types::Diagnostic::new(hal_types::DiagnosticCode::LintUnavailable, None, WITHOUT_LINT);
        let v = serde_json::to_value(hal_types::wire::Answer::new(hal_types::wire::Lint::default(), vec![d]));
        Output::new(format!("{}\n", v.unwrap_or_default()), &[]).at_least(2)
    } else {
        Output::new(String::new(), &[]).usage_error("", &format!("{WITHOUT_LINT}{handed}"))
    }
}

/// Replaces this process with [`LINT_BINARY`] beside it (`hal-lint.exe` on Windows),
/// given the same arguments; returns only when there is none (an empty string) or it
/// could not be run (why, for the error).
#[cfg(not(feature = "lint"))]
fn hand_over() -> String {
    let Ok(exe) = std::env::current_exe() else { return String::new() };
    let file = format!("{LINT_BINARY}{}", std::env::consts::EXE_SUFFIX);
    let Some(lint) = exe.parent().map(|dir| dir.join(file)) else { return String::new() };
    // A `hal-lint` built without the lint never hands over to itself.
    if !lint.is_file() || exe.file_name() == lint.file_name() {
        return String::new();
    }
    let e = run_instead(&lint);
    format!(" ({} beside this hal could not be run: {e})", hal_caps::text::escape_control(&lint.to_string_lossy()))
}

/// Execs `lint` with this process's arguments; returns only the error.
#[cfg(all(unix, not(feature = "lint")))]
fn run_instead(lint: &std::path::Path) -> std::io::Error {
    use std::os::unix::process::CommandExt as _;
    std::process::Command::new(lint).args(std::env::args_os().skip(1)).exec()
}

/// Runs `lint` with this process's arguments and standard streams and exits with its
/// status (Windows has no exec); returns only the error.
#[cfg(all(not(unix), not(feature = "lint")))]
fn run_instead(lint: &std::path::Path) -> std::io::Error {
    match std::process::Command::new(lint).args(std::env::args_os().skip(1)).status() {
        Ok(status) => std::process::exit(status.code().unwrap_or(1)),
        Err(e) => e,
    }
}

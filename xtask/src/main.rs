//! `cargo xtask`: hal's maintenance tasks. `cargo xtask --help` lists them, from the
//! parser in `flags.rs`; `cargo xtask <task> --help` tells each one's flags.

mod bench;
#[cfg(feature = "suite")]
mod check;
mod clients;
mod codegen;
#[cfg(any(test, feature = "suite"))]
mod compat;
mod cross;
mod dist;
mod field;
mod flags;
mod install_docs;
mod invariants;
mod lint;
mod new_runtime;
mod package;
#[cfg(test)]
mod usegraph;
mod util;
mod wine;

use std::process::ExitCode;

fn main() -> ExitCode {
    use flags::Task;
    let task = <flags::Xtask as clap::Parser>::parse().task;
    let result = match task {
        #[cfg(feature = "suite")]
        Task::Check { timed: true } => check::timed(),
        #[cfg(feature = "suite")]
        Task::Check { timed: false } => check::check(),
        Task::Lint { path } => lint::lint(path),
        #[cfg(feature = "suite")]
        Task::LintEval(rest) => hal_lint_eval::lint_eval(&rest.args, || dist::build_release(&[])),
        Task::Codegen => codegen::codegen(&util::root()),
        Task::NewRuntime { id, name } => new_runtime::new_runtime(&util::root(), &id, name.as_deref()),
        Task::Field { json } => field::field(json),
        Task::Bench(b) => bench::bench(&b),
        Task::Dist { pie } => dist::dist(pie),
        Task::Cross { targets, build } => cross::cross(&targets, build.builds()),
        Task::Wine { no_tests, no_e2e, hal } => wine::wine(!no_tests, !no_e2e, hal),
        #[cfg(feature = "suite")]
        Task::Conformance(rest) => hal_conformance::conformance(&rest.args),
        #[cfg(feature = "suite")]
        Task::ConformanceRun(rest) => hal_conformance::run_inside(&rest.args),
        #[cfg(feature = "suite")]
        Task::ConformanceProbe(rest) => hal_conformance::probe_main(&rest.args),
        #[cfg(feature = "suite")]
        Task::ConformanceEscape(rest) => hal_conformance::escape_main(&rest.args),
        // xtask without the suite (what `cargo xtask` builds): the tasks that need it rerun.
        #[cfg(not(feature = "suite"))]
        Task::Check { .. }
        | Task::LintEval(_)
        | Task::Conformance(_)
        | Task::ConformanceRun(_)
        | Task::ConformanceProbe(_)
        | Task::ConformanceEscape(_) => util::rerun_with_suite(),
        Task::Package { platforms, no_publish_check, install_test } => {
            package::package(&platforms, !no_publish_check, install_test)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    /// Tidy-style: plain `cargo test` fails when a generated document or file drifts from the code.
    #[test]
    fn readme_is_in_sync() {
        if let Err(e) = crate::codegen::check_docs(&crate::util::root()) {
            panic!("{e}");
        }
    }

    /// Tidy-style: plain `cargo test` fails when the workspace breaks the boundary.
    #[test]
    fn workspace_passes_the_boundary_lint() {
        let report = crate::lint::workspace();
        assert_eq!(report.text(), "");
        assert_eq!(report.diagnostics, []);
    }
}

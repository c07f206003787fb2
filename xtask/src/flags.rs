//! xtask's command line, defined once: the parser, `cargo xtask --help` and each task's
//! `--help` all come from these types.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// `cargo xtask`: hal's maintenance tasks.
#[derive(Debug, Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask", disable_version_flag = true)]
pub(crate) struct Xtask {
    /// The task.
    #[command(subcommand)]
    pub(crate) task: Task,
}

/// One task.
#[derive(Debug, Subcommand)]
pub(crate) enum Task {
    /// fmt, clippy -D warnings, tests (snapshot drift fails), the boundary lint, docs in
    /// sync, rustdoc -D warnings: what CI runs.
    Check {
        /// Run only the timed tier instead: every `#[ignore = "timed"]` test (named
        /// `timed_*`), one at a time, best of three.
        #[arg(long)]
        timed: bool,
    },
    /// The boundary lint (`hal-lint`): the workspace with its allow-list, or one path.
    Lint {
        /// Lint this path instead of the workspace.
        #[arg(long, value_name = "PATH")]
        path: Option<PathBuf>,
    },
    /// The lint's precision, recall and time on the labelled corpus of `hal-lint/eval/`
    /// (its own flags: `cargo xtask lint-eval --help`).
    #[command(disable_help_flag = true)]
    LintEval(Rest),
    /// Regenerate the generated sections of docs/reference, the schemas and the clients' types.
    Codegen,
    /// The skeleton of a new runtime: its descriptor file, its `RuntimeProvider` variant
    /// and its lines in the registry's order list.
    NewRuntime {
        /// Its id (`foo-bar`: lowercase letters and digits, words joined by `-`).
        id: String,
        /// Its human name (default: the id).
        #[arg(long)]
        name: Option<String>,
    },
    /// What the package registries publish against what live runs verified: per
    /// registry runtime with a package, the newest published version, and for each that
    /// moved the package's facts (hook events, launch flags, variables) diffed against
    /// the registry at that version. Asks npm and PyPI; not part of `.ci/run`.
    Field {
        /// One JSON document instead of the table.
        #[arg(long)]
        json: bool,
    },
    /// Criterion ratios and whole-process timings against `/bin/true` and `grep`.
    Bench(Bench),
    /// The binary to install (static on x86_64 Linux) in `target/dist/hal`.
    Dist {
        /// A static-pie build instead of a plain static one.
        #[arg(long)]
        pie: bool,
    },
    /// The npm tarballs and the wheels of every platform in `target/package/`, and `cargo publish
    /// --workspace --dry-run`.
    Package {
        /// A platform to package, as npm names it (`linux-x64`, `darwin-arm64`,
        /// `win32-x64`, ...; repeatable; default: every platform hal ships for).
        #[arg(long = "platform", value_name = "NAME")]
        platforms: Vec<String>,
        /// Skip `cargo publish --dry-run`.
        #[arg(long)]
        no_publish_check: bool,
        /// Install each package into a fresh project or virtual environment and run it as
        /// skills do.
        #[arg(long)]
        install_test: bool,
    },
    /// hal for every platform it ships on (Windows, macOS, aarch64 Linux, static musl),
    /// built here with std from source; tools are installed from the registries and kept
    /// in `${HAL_CROSS_CACHE:-${XDG_CACHE_HOME:-~/.cache}/hal-cross}`.
    Cross {
        /// A target triple (repeatable; default: every target).
        #[arg(long = "target", value_name = "TRIPLE")]
        targets: Vec<String>,
        /// Which build: the hook build (no default features), the full one, or both.
        #[arg(long, value_enum, default_value_t = CrossBuild::Both)]
        build: CrossBuild,
    },
    /// hal for Windows under wine: the tests of hal-types, hal-caps and hal-detect with
    /// wine as the runner, then `hal.exe` under real Windows process trees (launchers
    /// named codex.exe, CODEX.EXE, claude.exe, node.exe; npm's codex.cmd on a `;` PATH).
    Wine {
        /// Skip the crates' tests.
        #[arg(long)]
        no_tests: bool,
        /// Skip the end-to-end checks of hal.exe.
        #[arg(long)]
        no_e2e: bool,
        /// Check this hal.exe instead of building the hook build (`cargo xtask cross`'s).
        #[arg(long, value_name = "PATH")]
        hal: Option<PathBuf>,
    },
    /// hal checked inside the real runtimes, offline (the `hal-conformance` crate; its
    /// own flags: `cargo xtask conformance --help`).
    #[command(disable_help_flag = true)]
    Conformance(Rest),
    /// The inside half of a conformance run (pid 1 of its namespace).
    #[command(hide = true, disable_help_flag = true)]
    ConformanceRun(Rest),
    /// The conformance probe a runtime's tool and hooks run.
    #[command(hide = true, disable_help_flag = true)]
    ConformanceProbe(Rest),
    /// The sandbox test's stand-in for a runtime (it tries to escape).
    #[command(hide = true, disable_help_flag = true)]
    ConformanceEscape(Rest),
}

/// `cargo xtask cross --build`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum CrossBuild {
    /// The hook build (`--no-default-features`).
    Hook,
    /// The full build (default features).
    Full,
    /// Both.
    Both,
}

impl CrossBuild {
    /// The builds it names.
    pub(crate) fn builds(self) -> &'static [crate::cross::Build] {
        use crate::cross::Build;
        match self {
            Self::Hook => &[Build::Hook],
            Self::Full => &[Build::Full],
            Self::Both => &[Build::Hook, Build::Full],
        }
    }
}

/// A task whose flags its own crate parses.
#[derive(Debug, Args)]
pub(crate) struct Rest {
    /// Handed to the task as they are.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub(crate) args: Vec<String>,
}

/// `cargo xtask bench`.
#[derive(Debug, Args)]
pub(crate) struct Bench {
    /// Whole-process runs per command.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) runs: u32,
    /// Put every figure into BENCHMARKS.md and docs/reference/building.md.
    #[arg(long)]
    pub(crate) write: bool,
    /// Fail naming each missed budget.
    #[arg(long)]
    pub(crate) check: bool,
    /// The tree the lint is timed on (default: the workspace).
    #[arg(long, value_name = "DIR")]
    pub(crate) lint_tree: Option<PathBuf>,
    /// Time the lint only.
    #[arg(long)]
    pub(crate) lint_only: bool,
    /// Time only the static hook build's `hal detect --json` against `/bin/true`
    /// (interleaved; the load and page faults recorded) and fail above 1.1x, best run
    /// against best run.
    #[arg(long, conflicts_with_all = ["write", "lint_only", "lint_tree"])]
    pub(crate) floor: bool,
    /// Rewrite the docs' figures from the stored run, measuring nothing.
    #[arg(long, exclusive = true)]
    pub(crate) rerender: bool,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// The parser is well formed (clap's own debug assertions), and every task and flag
    /// it defines is shown by the help it generates.
    #[test]
    fn the_command_line_is_sound_and_its_help_shows_every_task() {
        let cmd = super::Xtask::command();
        cmd.clone().debug_assert();
        let help = cmd.clone().render_long_help().to_string();
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            assert!(help.contains(sub.get_name()), "{} missing from --help", sub.get_name());
            let sub_help = sub.clone().render_long_help().to_string();
            for arg in sub.get_arguments().filter_map(|a| a.get_long()) {
                assert!(sub_help.contains(&format!("--{arg}")), "--{arg} missing from {}'s help", sub.get_name());
            }
        }
    }
}

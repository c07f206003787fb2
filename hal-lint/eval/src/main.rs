//! The harness without xtask: `cargo run -p hal-lint-eval -- [--dir DIR] [--write]
//! --no-time` prints (and stores) the figures; the time needs the release binary, which
//! `cargo xtask lint-eval` builds before it delegates here.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let release_hal =
        || Err("the time needs the release build: run `cargo xtask lint-eval`, or pass --no-time".to_owned());
    match hal_lint_eval::lint_eval(&args, release_hal) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hal-lint-eval: {e}");
            ExitCode::FAILURE
        }
    }
}

//! The harness without xtask: `cargo run -p hal-lint-eval -- [--hal PATH] [--dir DIR]
//! [--write] [--no-time]` prints (and stores) the figures; the time needs a release
//! binary of hal, given by `--hal` (`cargo xtask lint-eval` builds it and delegates).

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let hal = match args.iter().position(|a| a == "--hal") {
        Some(i) if i + 1 < args.len() => {
            let path = PathBuf::from(args.remove(i + 1));
            args.remove(i);
            Some(path)
        }
        _ => None,
    };
    let release_hal =
        || hal.ok_or_else(|| "the time needs a release build of hal: pass --hal PATH or --no-time".to_owned());
    match hal_lint_eval::lint_eval(&args, release_hal) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hal-lint-eval: {e}");
            ExitCode::FAILURE
        }
    }
}

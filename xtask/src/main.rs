//! `cargo xtask`: hal's maintenance tasks.
//!
//! - `check`: fmt, clippy -D warnings, tests (snapshot drift fails), the boundary lint,
//!   docs in sync, rustdoc -D warnings. What CI runs.
//! - `lint [--path DIR]`: the boundary lint (the workspace when no path is given).
//! - `codegen`: regenerate README's generated sections.
//! - `bench`: the CLI benchmark (not part of `check`).

mod check;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("check") => check::check(),
        _ => {
            eprintln!("usage: cargo xtask <check|lint [--path DIR]|codegen|bench>");
            return ExitCode::from(2);
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

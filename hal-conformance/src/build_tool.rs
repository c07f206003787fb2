//! The four helpers of a build tool run by `cargo xtask`: the workspace root, the cargo
//! that runs us, cargo's target directory and a timed step. One file for the suite and
//! for xtask, which includes it (`#[path]`) so that it builds without the suite.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The workspace root (this crate lives one level below it).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_default()
}

/// The cargo that runs us (`$CARGO`), else `cargo`.
#[allow(
    clippy::disallowed_methods,
    reason = "the suite runs under cargo xtask: $CARGO is cargo's contract with xtasks"
)]
pub fn cargo() -> Command {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut c = Command::new(cargo);
    c.current_dir(root());
    c
}

/// Runs `cmd` as the step `name`: announces it, times it, and fails unless it succeeds.
pub fn run_step(name: &str, mut cmd: Command) -> Result<(), String> {
    let started = Instant::now();
    eprintln!("==> {name}");
    let status = cmd.status().map_err(|e| format!("{name}: could not start: {e}"))?;
    eprintln!(
        "    {name}: {} in {:.1}s",
        if status.success() { "ok" } else { "FAILED" },
        started.elapsed().as_secs_f64()
    );
    if status.success() { Ok(()) } else { Err(format!("{name} failed ({status})")) }
}

/// Cargo's target directory: `$CARGO_TARGET_DIR`, else `target/` in the workspace.
#[allow(clippy::disallowed_methods, reason = "cargo's own variable, read by the build tool")]
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), |d| root().join(d))
}

/// A tool's cache folder: `$<var>`, else `${XDG_CACHE_HOME:-$HOME/.cache}/<name>`.
#[allow(clippy::disallowed_methods, reason = "a build tool: the cache location is the user's choice")]
pub fn cache_dir(var: &str, name: &str) -> PathBuf {
    if let Some(dir) = std::env::var_os(var).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let xdg = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()).map(PathBuf::from);
    let base = xdg.unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cache"));
    base.join(name)
}

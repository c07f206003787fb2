//! Helpers every module shares: the workspace root, the cargo that runs us, cargo's target
//! directory and a timed step (those four are xtask's too). They import nothing of this
//! crate, so every module can import them without a circle.

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

/// Waits for `child` at most `limit`, polling every `poll`; past it, `kill` ends it (the
/// child, or its process group) and it is reaped. Its exit status, or `None` when it was
/// killed at the limit. The one child-wait of the suite: the runs, the replays and the
/// probe's hal calls all wait through it.
pub(crate) fn wait_or_kill(
    child: &mut std::process::Child,
    limit: std::time::Duration,
    poll: std::time::Duration,
    kill: impl FnOnce(&mut std::process::Child),
) -> std::io::Result<Option<std::process::ExitStatus>> {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        if started.elapsed() > limit {
            kill(child);
            let _ = child.wait();
            return Ok(None);
        }
        std::thread::sleep(poll);
    }
}

/// The cache root: `$HAL_CONFORMANCE_CACHE`, else `${XDG_CACHE_HOME:-$HOME/.cache}/hal-conformance`.
#[allow(clippy::disallowed_methods, reason = "xtask is a build tool: the cache location is the user's choice")]
pub(crate) fn cache_root() -> PathBuf {
    if let Some(dir) = std::env::var_os("HAL_CONFORMANCE_CACHE").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let xdg = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()).map(PathBuf::from);
    let base = xdg.unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cache"));
    base.join("hal-conformance")
}

/// Where runs put their work: `<target>/conformance`.
pub(crate) fn work_root() -> PathBuf {
    target_dir().join("conformance")
}

/// The system directories a runtime's (and an installer's) PATH starts from.
pub(crate) const SYSTEM_PATH: &str = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

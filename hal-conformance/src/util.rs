//! Helpers every module shares: the workspace root, the cargo that runs us, cargo's target
//! directory and a timed step (those four are xtask's too). They import nothing of this
//! crate, so every module can import them without a circle.

pub use crate::build_tool::{cache_dir, cargo, root, run_step, target_dir};
use std::path::PathBuf;
use std::time::Instant;

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
pub(crate) fn cache_root() -> PathBuf {
    cache_dir("HAL_CONFORMANCE_CACHE", "hal-conformance")
}

/// Where runs put their work: `<target>/conformance`.
pub(crate) fn work_root() -> PathBuf {
    target_dir().join("conformance")
}

/// The system directories a runtime's (and an installer's) PATH starts from.
pub(crate) const SYSTEM_PATH: &str = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

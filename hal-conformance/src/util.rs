//! Helpers every module shares: the workspace root, the cargo that runs us, cargo's target
//! directory and a timed step (those four are xtask's too). They import nothing of this
//! crate, so every module can import them without a circle.

pub use crate::build_tool::{cache_dir, cargo, root, run_step, target_dir};
use std::path::{Path, PathBuf};
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

/// `name` resolved from the suite's own PATH ([`SYSTEM_PATH`]) to an absolute path (the
/// first executable regular file of that name), else `/usr/bin/<name>` (which then fails
/// to start, by name). Every program the suite runs as root is named so: a bare name
/// given to a [`Command`] whose environment carries another `PATH` is looked up in that
/// one (hostile-findings R1: a runtime's captured `PATH` chose the replay's `unshare`).
pub(crate) fn system_program(name: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    SYSTEM_PATH
        .split(':')
        .map(|d| Path::new(d).join(name))
        .find(|p| std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0))
        .unwrap_or_else(|| Path::new("/usr/bin").join(name))
}

/// The largest file of a run the outside half reads (requests, captures, logs).
pub(crate) const RUN_FILE_LIMIT: u64 = 64 << 20;
/// The most entries of a run's directory the outside half lists.
pub(crate) const RUN_DIR_LIMIT: usize = 10_000;

/// How the outside half reads a run's files: [`RunFiles::Owned`] always, but for the
/// sandbox test's control ([`crate::sandbox::Weaken::FollowLinks`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RunFiles {
    /// As files the runtime owns ([`read_run_file`]).
    Owned,
    /// Following links, as plain files (the control only).
    Follow,
}

impl RunFiles {
    /// The file `rel` of the run directory `dir`.
    pub(crate) fn read(self, dir: &Path, rel: impl AsRef<Path>) -> std::io::Result<Vec<u8>> {
        match self {
            Self::Owned => read_run_file(dir, rel),
            Self::Follow => std::fs::read(dir.join(rel)),
        }
    }

    /// The entries of the directory `rel` of `dir`, sorted, relative to `dir`.
    pub(crate) fn list(self, dir: &Path, rel: &str) -> Vec<PathBuf> {
        let listed = match self {
            Self::Owned => list_run_dir(dir, rel),
            Self::Follow => std::fs::read_dir(dir.join(rel))
                .map(|d| d.filter_map(Result::ok).map(|e| Path::new(rel).join(e.file_name())).collect()),
        };
        let mut names = listed.unwrap_or_default();
        names.sort();
        names
    }
}

/// The directories between `dir` and `rel`'s last component, each checked to be a real
/// directory (not a link): the path the file is then opened at.
fn run_path(dir: &Path, rel: &Path) -> std::io::Result<PathBuf> {
    use std::path::Component;
    let mut path = dir.to_path_buf();
    let parts: Vec<Component<'_>> = rel.components().collect();
    if parts.is_empty() || parts.iter().any(|c| !matches!(c, Component::Normal(_))) {
        return Err(std::io::Error::other("not a plain relative path"));
    }
    for (i, c) in parts.iter().enumerate() {
        path.push(c);
        if i + 1 < parts.len() && !std::fs::symlink_metadata(&path)?.file_type().is_dir() {
            return Err(std::io::Error::other(format!("{}: not a directory (a link?)", path.display())));
        }
    }
    Ok(path)
}

/// The file `rel` of a run directory `dir`, read as a file the runtime owned
/// (hostile-findings R3: the run dir is the unprivileged user's, the outside half is
/// root): no component a link (`O_NOFOLLOW` for the last, a checked directory for each
/// before it), opened without blocking (a FIFO), refused unless a regular file with one
/// name (a hard link is another file's), at most [`RUN_FILE_LIMIT`] bytes. The runtime is
/// gone when the outside half reads (its pid namespace died with the run), so nothing
/// swaps a name between the checks and the open.
pub(crate) fn read_run_file(dir: &Path, rel: impl AsRef<Path>) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    let path = run_path(dir, rel.as_ref())?;
    let file = std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK).open(&path)?;
    let meta = file.metadata()?;
    if !meta.is_file() || meta.nlink() != 1 {
        return Err(std::io::Error::other(format!("{}: not a regular file of its own", path.display())));
    }
    let mut buf = Vec::new();
    file.take(RUN_FILE_LIMIT + 1).read_to_end(&mut buf)?;
    if buf.len() as u64 > RUN_FILE_LIMIT {
        return Err(std::io::Error::other(format!("{}: larger than {RUN_FILE_LIMIT} bytes", path.display())));
    }
    Ok(buf)
}

/// The JSON file `rel` of a run directory `dir` ([`read_run_file`]); none when it is
/// missing, refused or not JSON.
pub(crate) fn run_json(dir: &Path, rel: &str) -> Option<serde_json::Value> {
    read_run_file(dir, rel).ok().and_then(|b| serde_json::from_slice(&b).ok())
}

/// The entries of the directory `rel` of a run directory `dir` (not a link, no component
/// a link), at most [`RUN_DIR_LIMIT`], relative to `dir`.
pub(crate) fn list_run_dir(dir: &Path, rel: &str) -> std::io::Result<Vec<PathBuf>> {
    let path = run_path(dir, Path::new(rel))?;
    if !std::fs::symlink_metadata(&path)?.file_type().is_dir() {
        return Err(std::io::Error::other(format!("{}: not a directory", path.display())));
    }
    std::fs::read_dir(&path)?.take(RUN_DIR_LIMIT).map(|e| e.map(|e| Path::new(rel).join(e.file_name()))).collect()
}

/// The plan hal gives a polecat on `provider` (`hal startup --role polecat --json`), at
/// `version` where one is given (`--runtime-version`).
pub(crate) fn plan_of(hal: &Path, provider: &str, version: Option<&str>) -> Result<serde_json::Value, String> {
    let out = std::process::Command::new(hal)
        .args(["startup", "--role", "polecat", "--json", "--provider", provider])
        .args(version.map(|v| ["--runtime-version", v]).into_iter().flatten())
        .env_clear()
        .current_dir(work_root())
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| format!("hal startup: {e}"))?;
    serde_json::from_slice(&out.stdout).map_err(|e| format!("hal startup --provider {provider}: {e}"))
}

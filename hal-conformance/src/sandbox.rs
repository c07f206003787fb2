//! The sandbox a runtime runs in, set up by the inside half (root, pid 1 of its own
//! network, pid and mount namespaces) before it starts anything of the runtime:
//!
//! - every mount of the host is read-only in the namespace (`remount,bind,ro`);
//! - `/tmp`, `/run` and `/dev/shm` are fresh tmpfs of bounded size ([`TMPFS`]), so no
//!   host UNIX socket (they live there) is reachable by path;
//! - the outside half gives it its own IPC and UTS namespaces (no host SysV object or
//!   message queue in sight, none outliving the run), and [`jailed`] bounds its tasks and
//!   memory ([`TASK_LIMIT`], [`MEMORY_LIMIT`]);
//! - the run directory (HOME, workspace, captures) is bound writable at
//!   [`RUN`], the runtime's npm prefix, Node 22 and Bun read-only at [`PREFIX`], [`NODE`]
//!   and [`BUN`], hal and the probe (this executable) read-only at [`BIN`]: neutral paths
//!   the unprivileged user can reach whatever the host's modes (a `/root` of mode 0700
//!   holds the cache and the clone on CI), and none it can write but the run's;
//! - what cannot move (a venv: its scripts' `#!` lines and `pyvenv.cfg` name its own
//!   and its base Python's absolute paths) is shown at its own path instead
//!   ([`expose`]): each such directory is bound read-only at a staging point, the topmost
//!   ancestor the unprivileged user cannot traverse (`/root`, mode 0700) is covered by an
//!   empty read-only tmpfs of mode 0755, and only the staged directories are moved back
//!   in at their paths: the rest of that ancestor is not there at all;
//! - each directory the runtime writes under its prefix (its spec names them: Copilot's
//!   `copilot-cache`, where it unpacks itself once) is bound writable, the rest of the
//!   prefix staying read-only;
//! - the runtime, its hooks and the launcher's commands run as `nobody` (uid and gid
//!   65534, no supplementary groups, no capabilities, no new privileges) through
//!   [`jailed`]: even in a namespace, root could reach root-owned sockets and files.
//!
//! The network namespace (loopback only) and the pid namespace stay the outside half's.
//! [`Weaken`] switches one layer off: only the sandbox test uses it, to show that its
//! verdict fails when a layer is missing.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the run directory is bound (writable) in the namespace.
pub(crate) const RUN: &str = "/run/hal/run";
/// Where the runtime's npm prefix is bound (read-only).
pub(crate) const PREFIX: &str = "/run/hal/prefix";
/// Where Node 22's package directory is bound (read-only).
pub(crate) const NODE: &str = "/run/hal/node22";
/// Where Bun's package directory is bound (read-only).
pub(crate) const BUN: &str = "/run/hal/bun";
/// Where hal and the probe are bound (read-only).
pub(crate) const BIN: &str = "/run/hal/bin";
/// Where what [`expose`] shows at its own path is staged first.
const STAGE: &str = "/run/hal/stage";
/// The unprivileged user and group the runtime runs as (`nobody`).
pub(crate) const NOBODY: u32 = 65534;
/// The most processes (threads included) the unprivileged user may have
/// (`RLIMIT_NPROC`, hostile-findings R9: it was the host's, 96,367).
pub(crate) const TASK_LIMIT: u64 = 4096;
/// The most data memory one process of the run may have (`RLIMIT_DATA`; what a runtime
/// reserves without writing is not counted).
pub(crate) const MEMORY_LIMIT: u64 = 8 << 30;
/// The private tmpfs mounts and their sizes (hostile-findings R9: each was half the
/// machine's memory).
pub(crate) const TMPFS: [(&str, &str, u64); 3] =
    [("/run", "755", 64 << 20), ("/tmp", "1777", 1 << 30), ("/dev/shm", "1777", 256 << 20)];

/// A tmpfs of `mode` and `size` bytes at `dir`.
fn tmpfs(dir: &str, mode: &str, size: u64) -> Result<(), String> {
    mount(&["-t", "tmpfs", "-o", &format!("mode={mode},size={size},nosuid,nodev"), "tmpfs", dir])
}

/// One layer of the sandbox switched off (the sandbox test's controls).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Weaken {
    /// The host's mounts stay writable.
    WritableRoot,
    /// The host's `/tmp`, `/run` and `/dev/shm` stay (no private tmpfs).
    HostTmp,
    /// The runtime runs as root.
    Root,
    /// The outside half keeps the host's network namespace.
    HostNet,
    /// The outside half keeps the host's IPC namespace (hostile-findings R9).
    HostIpc,
    /// The replays trust the captured environment: `unshare` looked up in its `PATH`,
    /// every variable passed (hostile-findings R1).
    CapturedPath,
    /// The outside half reads the run's files following links (hostile-findings R3).
    FollowLinks,
    /// No task limit: the host's `RLIMIT_NPROC` (hostile-findings R9).
    NoTaskLimit,
    /// No memory limit: the host's `RLIMIT_DATA` (hostile-findings R9).
    NoMemoryLimit,
}

impl Weaken {
    /// Every layer, in the order the test switches them off.
    pub(crate) const ALL: [Self; 9] = [
        Self::WritableRoot,
        Self::HostTmp,
        Self::Root,
        Self::HostNet,
        Self::HostIpc,
        Self::CapturedPath,
        Self::FollowLinks,
        Self::NoTaskLimit,
        Self::NoMemoryLimit,
    ];

    /// Its command-line name.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::WritableRoot => "writable-root",
            Self::HostTmp => "host-tmp",
            Self::Root => "root",
            Self::HostNet => "host-net",
            Self::HostIpc => "host-ipc",
            Self::CapturedPath => "captured-path",
            Self::FollowLinks => "follow-links",
            Self::NoTaskLimit => "no-task-limit",
            Self::NoMemoryLimit => "no-memory-limit",
        }
    }

    /// The layer named `name`.
    pub(crate) fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|w| w.as_str() == name)
    }
}

/// The paths of a run as the runtime sees them.
#[derive(Debug, Clone)]
pub(crate) struct Paths {
    /// The run directory.
    pub(crate) dir: PathBuf,
    /// The runtime's prefix.
    pub(crate) prefix: PathBuf,
    /// Node 22's `bin` directory.
    pub(crate) node22: PathBuf,
    /// Bun's `bin` directory.
    pub(crate) bun: PathBuf,
    /// hal.
    pub(crate) hal: PathBuf,
    /// The probe (this executable).
    pub(crate) exe: PathBuf,
}

/// Runs `mount ARGS`; an error naming them.
fn mount(args: &[&str]) -> Result<(), String> {
    let out =
        Command::new(crate::util::system_program("mount")).args(args).output().map_err(|e| format!("mount: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("mount {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr).trim()))
    }
}

/// Every mount point of this namespace (`/proc/self/mountinfo`'s fifth field, its octal
/// escapes decoded).
fn mount_points() -> Result<Vec<String>, String> {
    let info = std::fs::read_to_string("/proc/self/mountinfo").map_err(|e| format!("mountinfo: {e}"))?;
    Ok(info.lines().filter_map(|l| l.split(' ').nth(4)).map(unescape).collect())
}

/// `\040`-style octal escapes decoded.
fn unescape(field: &str) -> String {
    let b = field.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let octal = b.get(i + 1..i + 4).filter(|d| b[i] == b'\\' && d.iter().all(|c| (b'0'..=b'7').contains(c)));
        if let Some(d) = octal {
            out.push(d.iter().fold(0u8, |acc, c| acc.wrapping_mul(8).wrapping_add(c - b'0')));
            i += 4;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// What the sandbox binds from the host, held open from before anything is covered
/// (hostile-findings R7: a clone, target directory or cache under `/tmp`, `/run` or
/// `/dev/shm` was hidden by the private tmpfs before it was bound): each bound from its
/// open file (`/proc/<pid>/fd/<n>`), whatever covers its path by then.
struct Held(Vec<(PathBuf, std::fs::File)>);

impl Held {
    /// Each of `paths` that exists, opened as a place (`O_PATH`: nothing of it is read).
    fn open<'a>(paths: impl IntoIterator<Item = &'a Path>) -> Self {
        use std::os::unix::fs::OpenOptionsExt;
        let open = |p: &Path| std::fs::OpenOptions::new().read(true).custom_flags(libc::O_PATH).open(p).ok();
        Self(paths.into_iter().filter_map(|p| Some((p.to_path_buf(), open(p)?))).collect())
    }

    /// The path to bind `path` from: its open file's, else `path`.
    fn source(&self, path: &Path) -> PathBuf {
        use std::os::fd::AsRawFd;
        self.0.iter().find(|(p, _)| p == path).map_or_else(
            || path.to_path_buf(),
            |(_, f)| PathBuf::from(format!("/proc/{}/fd/{}", std::process::id(), f.as_raw_fd())),
        )
    }
}

/// A bind of `src` at `dst` (created as `src`'s kind), read-only unless `rw`. `-c`:
/// the source as given (a held file's `/proc` path, not the path it names).
fn bind(src: &Path, dst: &Path, rw: bool) -> Result<(), String> {
    if src.is_dir() {
        std::fs::create_dir_all(dst).map_err(|e| format!("{}: {e}", dst.display()))?;
    } else {
        if let Some(parent) = dst.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(dst, b"").map_err(|e| format!("{}: {e}", dst.display()))?;
    }
    let (s, d) = (src.display().to_string(), dst.display().to_string());
    mount(&["-c", "--bind", &s, &d])?;
    mount(&["-o", if rw { "remount,bind,rw" } else { "remount,bind,ro" }, &d])
}

/// What one run puts in the sandbox: the host paths of its pieces.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Host<'a> {
    /// The run directory.
    pub(crate) dir: &'a Path,
    /// hal.
    pub(crate) hal: &'a Path,
    /// The runtime's prefix.
    pub(crate) prefix: &'a Path,
    /// Whether the prefix stays at its own path (a venv, [`expose`]d with `same`) rather
    /// than at [`PREFIX`].
    pub(crate) prefix_in_place: bool,
    /// Node 22's `bin` directory.
    pub(crate) node22: &'a Path,
    /// Bun's `bin` directory.
    pub(crate) bun: &'a Path,
    /// Directories under the prefix the runtime writes.
    pub(crate) writes: &'a [&'a str],
    /// Directories shown read-only at their own paths ([`expose`]).
    pub(crate) same: &'a [PathBuf],
}

/// Sets the sandbox up (see the module's documentation) for the run `host` describes;
/// the paths the runtime sees.
pub(crate) fn enter(host: &Host<'_>, weaken: Option<Weaken>) -> Result<Paths, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let pkg_of = |bin: &'_ Path| bin.parent().unwrap_or(bin).to_path_buf();
    let (node_pkg, bun_pkg) = (pkg_of(host.node22), pkg_of(host.bun));
    let writes: Vec<PathBuf> = host.writes.iter().map(|w| host.prefix.join(w)).collect();
    let held = Held::open(
        [host.dir, host.hal, host.prefix, exe.as_path(), node_pkg.as_path(), bun_pkg.as_path()]
            .into_iter()
            .chain(writes.iter().map(PathBuf::as_path))
            .chain(host.same.iter().map(PathBuf::as_path)),
    );
    if weaken == Some(Weaken::HostTmp) {
        std::fs::create_dir_all("/run/hal").map_err(|e| format!("/run/hal: {e}"))?;
    }
    if weaken != Some(Weaken::WritableRoot) {
        for point in mount_points()? {
            if point == "/proc" || point.starts_with("/proc/") {
                continue;
            }
            mount(&["-o", "remount,bind,ro", &point])?;
        }
    }
    if weaken == Some(Weaken::HostTmp) {
        // The neutral paths still need a place: a tmpfs of their own under the host's /run
        // (its mount point made above, before the host's mounts went read-only).
        tmpfs("/run/hal", "755", TMPFS[0].2)?;
    } else {
        for (dir, mode, size) in TMPFS {
            if Path::new(dir).is_dir() {
                tmpfs(dir, mode, size)?;
            }
        }
    }
    let under =
        |base: &str, bin: &Path, pkg: &Path| Path::new(base).join(bin.strip_prefix(pkg).unwrap_or(Path::new("")));
    let paths = Paths {
        dir: PathBuf::from(RUN),
        prefix: if host.prefix_in_place { host.prefix.to_path_buf() } else { PathBuf::from(PREFIX) },
        node22: under(NODE, host.node22, &node_pkg),
        bun: under(BUN, host.bun, &bun_pkg),
        hal: Path::new(BIN).join("hal"),
        exe: Path::new(BIN).join("xtask"),
    };
    let from = |p: &Path| held.source(p);
    bind(&from(host.dir), &paths.dir, true)?;
    if from(&node_pkg).is_dir() {
        bind(&from(&node_pkg), Path::new(NODE), false)?;
    }
    if from(&bun_pkg).is_dir() {
        bind(&from(&bun_pkg), Path::new(BUN), false)?;
    }
    bind(&from(host.hal), &paths.hal, false)?;
    bind(&from(&exe), &paths.exe, false)?;
    // The covers of [`expose`] hide the host paths the binds above come from, and a
    // prefix shown in place is one of what it moves back: the writable directories of a
    // neutral prefix are bound before it, those of a prefix in place after.
    let prefix_is_dir = from(host.prefix).is_dir();
    if prefix_is_dir && !host.prefix_in_place {
        bind(&from(host.prefix), &paths.prefix, false)?;
        bind_writes(host, &paths, &held, weaken)?;
    }
    expose(host.same, &held)?;
    if prefix_is_dir && host.prefix_in_place {
        bind_writes(host, &paths, &held, weaken)?;
    }
    Ok(paths)
}

/// Each directory the runtime writes under its prefix, bound writable and handed over.
fn bind_writes(host: &Host<'_>, paths: &Paths, held: &Held, weaken: Option<Weaken>) -> Result<(), String> {
    for w in host.writes {
        // The installer made it (the host is read-only by now).
        bind(&held.source(&host.prefix.join(w)), &paths.prefix.join(w), true)?;
        hand_over(&paths.prefix.join(w), weaken)?;
    }
    Ok(())
}

/// Whether the unprivileged user can traverse `dir` (its `x` bit for others).
fn traversable(dir: &Path) -> bool {
    std::fs::metadata(dir).is_ok_and(|m| m.permissions().mode() & 0o001 != 0)
}

/// The topmost ancestor of `path` (itself included) the unprivileged user cannot
/// traverse; `None`: it reaches `path` as it is.
fn blocked_at(path: &Path) -> Option<PathBuf> {
    let mut ancestors: Vec<&Path> = path.ancestors().collect();
    ancestors.reverse();
    ancestors.into_iter().find(|a| !traversable(a)).map(Path::to_path_buf)
}

/// Shows each directory of `dirs` read-only at its own path (see the module's
/// documentation); one the unprivileged user reaches already is left as it is. One under
/// a private tmpfs is not there any more (an ancestor is missing: not traversable) and is
/// moved back in the same way, from its `held` file.
fn expose(dirs: &[PathBuf], held: &Held) -> Result<(), String> {
    let blocked: Vec<(&PathBuf, PathBuf)> = dirs.iter().filter_map(|d| blocked_at(d).map(|b| (d, b))).collect();
    let mut covers: Vec<PathBuf> = Vec::new();
    for (_, b) in &blocked {
        if !covers.iter().any(|c| b.starts_with(c)) {
            covers.retain(|c| !c.starts_with(b));
            covers.push(b.clone());
        }
    }
    let staged: Vec<(PathBuf, &PathBuf)> =
        blocked.iter().enumerate().map(|(i, (d, _))| (Path::new(STAGE).join(i.to_string()), *d)).collect();
    for (stage, dir) in &staged {
        bind(&held.source(dir), stage, false)?;
    }
    for c in &covers {
        // Missing only under a private tmpfs (R7), where making it writes nothing of the host.
        std::fs::create_dir_all(c).map_err(|e| format!("{}: {e}", c.display()))?;
        tmpfs(&c.display().to_string(), "755", 1 << 20)?;
    }
    for (stage, dir) in &staged {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for a in dir.ancestors().filter(|a| covers.iter().any(|c| a.starts_with(c))) {
            std::fs::set_permissions(a, std::fs::Permissions::from_mode(0o755)).map_err(|e| e.to_string())?;
        }
        // `-n`: no userspace mount table to update (the host's `/run/mount`, read-only
        // where the host's `/run` stays: the host-tmp control).
        mount(&["-n", "--move", &stage.display().to_string(), &dir.display().to_string()])?;
    }
    for c in &covers {
        mount(&["-o", "remount,ro,nosuid,nodev", &c.display().to_string()])?;
    }
    Ok(())
}

/// Hands the run directory to the unprivileged user (what the harness wrote in it as
/// root: HOME, workspace, captures, configuration), right before the runtime starts.
pub(crate) fn hand_over(dir: &Path, weaken: Option<Weaken>) -> Result<(), String> {
    if weaken == Some(Weaken::Root) {
        return Ok(());
    }
    let owner = format!("{NOBODY}:{NOBODY}");
    let status = Command::new(crate::util::system_program("chown"))
        .args(["-R", &owner])
        .arg(dir)
        .status()
        .map_err(|e| format!("chown: {e}"))?;
    if !status.success() {
        return Err(format!("chown -R {owner} {} failed", dir.display()));
    }
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).map_err(|e| e.to_string())
}

/// `program` as the unprivileged user, without capabilities or new privileges
/// (`setpriv`); as root only when `weaken` says so.
/// Under the run's limits ([`TASK_LIMIT`], [`MEMORY_LIMIT`]: `prlimit`), inherited by
/// every process it starts.
pub(crate) fn jailed(program: &Path, weaken: Option<Weaken>) -> Command {
    let mut c = Command::new(crate::util::system_program("prlimit"));
    if weaken != Some(Weaken::NoTaskLimit) {
        c.arg(format!("--nproc={TASK_LIMIT}"));
    }
    if weaken != Some(Weaken::NoMemoryLimit) {
        c.arg(format!("--data={MEMORY_LIMIT}"));
    }
    c.arg("--");
    if weaken == Some(Weaken::Root) {
        c.arg(program);
        return c;
    }
    let id = NOBODY.to_string();
    c.arg(crate::util::system_program("setpriv"))
        .args(["--reuid", &id, "--regid", &id, "--clear-groups", "--inh-caps=-all", "--bounding-set=-all"])
        .args(["--no-new-privs", "--"])
        .arg(program);
    c
}

#[cfg(test)]
mod tests {
    /// Mount points with spaces and tabs come escaped in mountinfo.
    #[test]
    fn mountinfo_escapes_are_decoded() {
        assert_eq!(super::unescape("/mnt/a\\040b\\011c"), "/mnt/a b\tc");
        assert_eq!(super::unescape("/plain"), "/plain");
        assert_eq!(super::unescape("/odd\\04"), "/odd\\04");
    }
}

//! The sandbox a runtime runs in, set up by the inside half (root, pid 1 of its own
//! network, pid and mount namespaces) before it starts anything of the runtime:
//!
//! - every mount of the host is read-only in the namespace (`remount,bind,ro`);
//! - `/tmp`, `/run` and `/dev/shm` are fresh tmpfs, so no host UNIX socket (they live
//!   there) is reachable by path;
//! - the run directory (HOME, workspace, captures) is bound writable at
//!   [`RUN`], the runtime's prefix and Node 22 read-only at [`PREFIX`] and [`NODE`], hal and
//!   the probe (this executable) read-only at [`BIN`]: neutral paths the unprivileged user
//!   can reach whatever the host's modes (a `/root` of mode 0700 holds the cache and the
//!   clone on CI), and none it can write but the run's;
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
/// Where hal and the probe are bound (read-only).
pub(crate) const BIN: &str = "/run/hal/bin";
/// The unprivileged user and group the runtime runs as (`nobody`).
pub(crate) const NOBODY: u32 = 65534;

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
}

impl Weaken {
    /// Every layer, in the order the test switches them off.
    pub(crate) const ALL: [Self; 4] = [Self::WritableRoot, Self::HostTmp, Self::Root, Self::HostNet];

    /// Its command-line name.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::WritableRoot => "writable-root",
            Self::HostTmp => "host-tmp",
            Self::Root => "root",
            Self::HostNet => "host-net",
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
    /// hal.
    pub(crate) hal: PathBuf,
    /// The probe (this executable).
    pub(crate) exe: PathBuf,
}

/// Runs `mount ARGS`; an error naming them.
fn mount(args: &[&str]) -> Result<(), String> {
    let out = Command::new("mount").args(args).output().map_err(|e| format!("mount: {e}"))?;
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

/// A bind of `src` at `dst` (created as `src`'s kind), read-only unless `rw`.
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
    mount(&["--bind", &s, &d])?;
    mount(&["-o", if rw { "remount,bind,rw" } else { "remount,bind,ro" }, &d])
}

/// Sets the sandbox up (see the module's documentation) for a run of `dir` with hal at
/// `hal`, the runtime at `prefix` (its writable directories `writes`) and Node 22's
/// `bin` at `node22`; the paths the runtime sees.
pub(crate) fn enter(
    dir: &Path,
    hal: &Path,
    prefix: &Path,
    node22: &Path,
    writes: &[&str],
    weaken: Option<Weaken>,
) -> Result<Paths, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
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
        mount(&["-t", "tmpfs", "-o", "mode=755,nosuid,nodev", "tmpfs", "/run/hal"])?;
    } else {
        mount(&["-t", "tmpfs", "-o", "mode=755,nosuid,nodev", "tmpfs", "/run"])?;
        mount(&["-t", "tmpfs", "-o", "mode=1777,nosuid,nodev", "tmpfs", "/tmp"])?;
        if Path::new("/dev/shm").is_dir() {
            mount(&["-t", "tmpfs", "-o", "mode=1777,nosuid,nodev", "tmpfs", "/dev/shm"])?;
        }
    }
    let node_pkg = node22.parent().unwrap_or(node22);
    let paths = Paths {
        dir: PathBuf::from(RUN),
        prefix: PathBuf::from(PREFIX),
        node22: Path::new(NODE).join(node22.strip_prefix(node_pkg).unwrap_or(Path::new(""))),
        hal: Path::new(BIN).join("hal"),
        exe: Path::new(BIN).join("xtask"),
    };
    bind(dir, &paths.dir, true)?;
    if prefix.is_dir() {
        bind(prefix, &paths.prefix, false)?;
        for w in writes {
            // The installer made it (the host is read-only by now).
            let dir = prefix.join(w);
            bind(&dir, &paths.prefix.join(w), true)?;
            hand_over(&paths.prefix.join(w), weaken)?;
        }
    }
    if node_pkg.is_dir() {
        bind(node_pkg, Path::new(NODE), false)?;
    }
    bind(hal, &paths.hal, false)?;
    bind(&exe, &paths.exe, false)?;
    Ok(paths)
}

/// Hands the run directory to the unprivileged user (what the harness wrote in it as
/// root: HOME, workspace, captures, configuration), right before the runtime starts.
pub(crate) fn hand_over(dir: &Path, weaken: Option<Weaken>) -> Result<(), String> {
    if weaken == Some(Weaken::Root) {
        return Ok(());
    }
    let owner = format!("{NOBODY}:{NOBODY}");
    let status = Command::new("chown").args(["-R", &owner]).arg(dir).status().map_err(|e| format!("chown: {e}"))?;
    if !status.success() {
        return Err(format!("chown -R {owner} {} failed", dir.display()));
    }
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).map_err(|e| e.to_string())
}

/// `program` as the unprivileged user, without capabilities or new privileges
/// (`setpriv`); as root only when `weaken` says so.
pub(crate) fn jailed(program: &Path, weaken: Option<Weaken>) -> Command {
    if weaken == Some(Weaken::Root) {
        return Command::new(program);
    }
    let id = NOBODY.to_string();
    let mut c = Command::new("setpriv");
    c.args(["--reuid", &id, "--regid", &id, "--clear-groups", "--inh-caps=-all", "--bounding-set=-all"])
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

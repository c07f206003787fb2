//! The real host: the process environment, the filesystem and the process table.

use hal_types::{Diagnostic, DiagnosticCode};
use std::ffi::OsString;
use std::fs;
use std::io::{self, Read as _};
use std::path::{Path, PathBuf};

use crate::host::{Ancestry, Host, ProcessInfo, Stat};

#[cfg(any(target_os = "macos", test))]
pub(crate) mod macos;

/// Where the OS host reads the process ancestry from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum AncestrySource {
    /// `/proc/<pid>/{stat,cmdline,exe}` read directly (Linux only; the default there).
    Procfs,
    /// The `sysinfo` crate, refreshing only the pids on the chain (the default elsewhere;
    /// on macOS, where sysinfo is not linked, libproc).
    Sysinfo,
    /// macOS's libproc through libSystem (`os/macos.rs`; the default there; sysinfo
    /// elsewhere).
    Libproc,
}

impl AncestrySource {
    /// The fastest source for this platform.
    #[must_use]
    pub const fn platform_default() -> Self {
        if cfg!(target_os = "linux") {
            Self::Procfs
        } else if cfg!(target_os = "macos") {
            Self::Libproc
        } else {
            Self::Sysinfo
        }
    }
}

/// The real host.
#[derive(Debug, Clone, Copy)]
pub struct OsHost {
    source: AncestrySource,
}

impl Default for OsHost {
    fn default() -> Self {
        Self::new()
    }
}

impl OsHost {
    /// The real host with the platform's default ancestry source.
    #[must_use]
    pub const fn new() -> Self {
        Self { source: AncestrySource::platform_default() }
    }

    /// The real host reading ancestry from `source`.
    #[must_use]
    pub const fn with_ancestry_source(source: AncestrySource) -> Self {
        Self { source }
    }
}

impl Host for OsHost {
    // The one blessed reader of the process environment (see .clippy.toml).
    #[allow(clippy::disallowed_methods)]
    fn var(&self, name: &str) -> Option<OsString> {
        if name.is_empty() || name.bytes().any(|b| b == b'=' || b == 0) {
            return None;
        }
        std::env::var_os(name)
    }

    fn current_dir(&self) -> io::Result<PathBuf> {
        std::env::current_dir()
    }

    fn stat(&self, path: &Path) -> io::Result<Stat> {
        // `lstat` first: the common answer (missing) takes one system call, and only a
        // link costs a second one to follow it.
        let not_found = |e: &io::Error| e.kind() == io::ErrorKind::NotFound;
        match fs::symlink_metadata(path) {
            Ok(l) if l.file_type().is_symlink() => match fs::metadata(path) {
                Ok(m) => Ok(classify(&m)),
                Err(e) if not_found(&e) => Ok(Stat::DanglingLink),
                Err(e) => Err(e),
            },
            Ok(m) => Ok(classify(&m)),
            Err(e) if not_found(&e) => Ok(Stat::Missing),
            Err(e) => Err(e),
        }
    }

    fn read_file(&self, path: &Path, limit: u64) -> io::Result<Vec<u8>> {
        // Stat first: only a regular file is opened, so a FIFO cannot block us.
        match self.stat(path)? {
            Stat::File { .. } => {}
            Stat::Missing | Stat::DanglingLink => return Err(io::ErrorKind::NotFound.into()),
            other => return Err(io::Error::other(format!("not a regular file ({})", describe(other)))),
        }
        // Opened without blocking (a FIFO swapped in after the stat cannot hang us:
        // hostile-findings R8) and checked again on what was opened.
        let file = open_nonblocking(path)?;
        let opened = file.metadata()?;
        if !opened.is_file() {
            return Err(io::Error::other(format!("not a regular file ({})", describe(classify(&opened)))));
        }
        let mut buf = Vec::new();
        file.take(limit.saturating_add(1)).read_to_end(&mut buf)?;
        if buf.len() as u64 > limit {
            return Err(io::Error::other(format!("larger than {limit} bytes")));
        }
        Ok(buf)
    }

    fn canonicalize(&self, path: &Path) -> io::Result<PathBuf> {
        fs::canonicalize(path)
    }

    fn list_dir(&self, path: &Path, limit: usize) -> io::Result<Vec<std::ffi::OsString>> {
        fs::read_dir(path)?.take(limit).map(|e| e.map(|e| e.file_name())).collect()
    }

    fn find_in_dir(
        &self,
        path: &Path,
        keep: &dyn Fn(&std::ffi::OsStr) -> bool,
    ) -> io::Result<Option<std::ffi::OsString>> {
        // One name at a time: memory bounded by what is kept (one), not by the directory.
        for e in fs::read_dir(path)? {
            let name = e?.file_name();
            if keep(&name) {
                return Ok(Some(name));
            }
        }
        Ok(None)
    }

    fn ancestry(&self, max_depth: usize) -> Ancestry {
        match self.source {
            // The parent as the mounted procfs sees it: a pid of hal's own namespace
            // read in another namespace's procfs would name an unrelated process.
            #[cfg(target_os = "linux")]
            AncestrySource::Procfs => match procfs::own_parent() {
                Ok(Some(parent)) => walk(parent, max_depth, procfs::read),
                Ok(None) => Ancestry::default(),
                Err(message) => Ancestry { chain: Vec::new(), warnings: vec![probe_failed(message)] },
            },
            #[cfg(target_os = "macos")]
            AncestrySource::Procfs | AncestrySource::Sysinfo | AncestrySource::Libproc => {
                walk(std::os::unix::process::parent_id(), max_depth, macos::read)
            }
            #[cfg(not(any(target_os = "linux", target_os = "macos")))]
            AncestrySource::Procfs => sysinfo_ancestry(max_depth),
            #[cfg(not(target_os = "macos"))]
            AncestrySource::Sysinfo | AncestrySource::Libproc => sysinfo_ancestry(max_depth),
        }
    }

    fn person_at_terminal(&self) -> bool {
        use std::io::IsTerminal as _;
        // Not stdout: `eval "$(hal env)"` and every client read it through a pipe while
        // a person watches; agents' tool runners pipe all three and run without one.
        io::stderr().is_terminal() || controlling_terminal()
    }
}

/// `path` opened for reading without blocking (`O_NONBLOCK`: a FIFO opens at once) and
/// without becoming a controlling terminal; reads of a regular file are unaffected.
fn open_nonblocking(path: &Path) -> io::Result<fs::File> {
    let mut o = fs::OpenOptions::new();
    o.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        o.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    o.open(path)
}

/// Whether this process has a controlling terminal (opening `/dev/tty` fails with
/// `ENXIO` without one). Opening it neither reads nor writes, and does not block.
fn controlling_terminal() -> bool {
    #[cfg(unix)]
    return std::fs::OpenOptions::new().read(true).write(true).open("/dev/tty").is_ok();
    #[cfg(not(unix))]
    false
}

/// Words for a [`Stat`], for warnings.
#[must_use]
pub const fn describe(s: Stat) -> &'static str {
    match s {
        Stat::Missing => "missing",
        Stat::File { .. } => "a regular file",
        Stat::Dir => "a directory",
        Stat::Special(kind) => kind,
        Stat::DanglingLink => "a dangling symbolic link",
    }
}

fn classify(m: &fs::Metadata) -> Stat {
    let t = m.file_type();
    if t.is_file() {
        Stat::File { len: m.len() }
    } else if t.is_dir() {
        Stat::Dir
    } else {
        Stat::Special(special(t))
    }
}

/// What a file that is neither a regular file nor a directory is.
#[cfg(unix)]
fn special(t: fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt as _;
    if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else {
        "not a regular file"
    }
}

/// What a file that is neither a regular file nor a directory is (the platform's file
/// types name no FIFOs, sockets or devices).
#[cfg(not(unix))]
const fn special(_: fs::FileType) -> &'static str {
    "not a regular file"
}

/// The diagnostic of a walk cut at `max_depth`.
#[must_use]
pub fn truncated(max_depth: usize) -> Diagnostic {
    Diagnostic::new(
        DiagnosticCode::AncestryTruncated,
        None,
        format!("process ancestry deeper than {max_depth}; the walk stopped there"),
    )
}

fn probe_failed(message: String) -> Diagnostic {
    Diagnostic::new(DiagnosticCode::ProbeFailed, None, message)
}

/// Walks parent links from `start` with `read` (one process per call), bounded by
/// `max_depth`, stopping with a warning at a cycle, a reused pid or a read error. The
/// OS sources use it; it is public so that tests can inject faults into `read`.
pub fn walk(start: u32, max_depth: usize, mut read: impl FnMut(u32) -> io::Result<ProcessInfo>) -> Ancestry {
    let mut out = Ancestry::default();
    let mut next = Some(start);
    while let Some(pid) = next.filter(|p| *p != 0) {
        if out.chain.len() >= max_depth {
            out.warnings.push(truncated(max_depth));
            break;
        }
        if out.chain.iter().any(|p| p.pid == pid) {
            out.warnings
                .push(probe_failed(format!("process ancestry loops back to pid {pid}; the walk stopped there")));
            break;
        }
        let info = match read(pid) {
            Ok(info) => info,
            Err(e) => {
                out.warnings
                    .push(probe_failed(format!("could not read process {pid} ({e}); the ancestry walk stopped there")));
                break;
            }
        };
        // A parent that started after its child is a reused pid: the real parent is gone.
        if let (Some(child), Some(t)) = (out.chain.last(), info.start_time)
            && child.start_time.is_some_and(|c| t > c)
        {
            out.warnings.push(probe_failed(format!(
                "pid {pid} was reused after our ancestor exited; the ancestry walk stopped there"
            )));
            break;
        }
        next = info.parent;
        out.chain.push(info);
    }
    out
}

/// hal's parent pid: from std where the platform has it, else from the process table.
#[cfg(all(unix, not(target_os = "macos")))]
#[allow(clippy::unnecessary_wraps)] // the same signature as the process table's answer
fn own_parent(_sys: &mut sysinfo::System) -> Option<u32> {
    Some(std::os::unix::process::parent_id())
}

/// hal's parent pid: hal's own row of the process table (Windows has no `getppid`).
#[cfg(not(unix))]
fn own_parent(sys: &mut sysinfo::System) -> Option<u32> {
    use sysinfo::{Pid, ProcessRefreshKind, ProcessesToUpdate};
    let own = Pid::from_u32(std::process::id());
    sys.refresh_processes_specifics(ProcessesToUpdate::Some(&[own]), true, ProcessRefreshKind::nothing());
    sys.process(own).and_then(sysinfo::Process::parent).map(Pid::as_u32)
}

/// The ancestry from the process table, starting at hal's parent (no process table
/// through sysinfo on macOS: hal walks libproc there).
#[cfg(not(target_os = "macos"))]
fn sysinfo_ancestry(max_depth: usize) -> Ancestry {
    use sysinfo::{Pid, ProcessRefreshKind, ProcessesToUpdate, System, UpdateKind};
    let Ok(mut sys) = System::new() else {
        return Ancestry {
            chain: Vec::new(),
            warnings: vec![probe_failed("the process table is not readable on this platform".to_owned())],
        };
    };
    // No parent (hal started by a process outside the table, as under wine from a Linux
    // shell) is an empty ancestry, as for a process whose parent is gone.
    let Some(start) = own_parent(&mut sys) else {
        return Ancestry::default();
    };
    let kind = ProcessRefreshKind::nothing().with_cmd(UpdateKind::Always).with_exe(UpdateKind::Always).without_tasks();
    walk(start, max_depth, |pid| {
        let p = Pid::from_u32(pid);
        sys.refresh_processes_specifics(ProcessesToUpdate::Some(&[p]), true, kind);
        let proc = sys.process(p).ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
        Ok(ProcessInfo {
            pid,
            parent: proc.parent().map(Pid::as_u32),
            name: proc.name().to_owned(),
            exe: proc.exe().map(Path::to_path_buf),
            argv: proc.cmd().to_vec(),
            start_time: Some(proc.start_time()),
        })
    })
}

#[cfg(target_os = "linux")]
pub(crate) mod procfs {
    //! Reading `/proc/<pid>` directly: `stat` and the `exe` link of each ancestor,
    //! `cmdline` only when naming it can need its arguments.

    use std::ffi::OsString;
    use std::fs;
    use std::io::{self, Read as _};
    use std::os::unix::ffi::{OsStrExt as _, OsStringExt as _};
    use std::path::PathBuf;

    use crate::host::ProcessInfo;

    /// The most bytes of a command line read.
    const MAX_CMDLINE: usize = 64 * 1024;

    /// Reads a `/proc` file of at most `limit` bytes. `/proc` files report size 0, so a
    /// plain `fs::read` starts with a tiny buffer and needs five or six `read` calls.
    /// These files hand over all they hold that fits in one `read` (`stat` is rendered
    /// whole, `cmdline` is copied until the buffer is full), so a short read is their
    /// end: one `read` per file instead of a second one that returns 0.
    fn read_small(path: &std::path::Path, limit: usize) -> io::Result<Vec<u8>> {
        let mut file = fs::File::open(path)?;
        let mut buf = vec![0; limit.min(512)];
        let mut len = 0;
        loop {
            match file.read(&mut buf[len..]) {
                Ok(n) => len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
            if len < buf.len() || buf.len() == limit {
                break;
            }
            buf.resize(limit.min(buf.len() * 4), 0);
        }
        buf.truncate(len);
        Ok(buf)
    }

    /// hal's parent as the mounted procfs sees it (`/proc/self/stat`), when that procfs
    /// is of hal's own PID namespace: its pid there is the pid hal has. Under `unshare
    /// -fp` without `--mount-proc` the two differ, and no pid of that procfs can be
    /// trusted to be an ancestor: the message says why the walk is skipped.
    pub(crate) fn own_parent() -> Result<Option<u32>, String> {
        let skipped = "the process ancestry was not walked";
        let stat = read_small(std::path::Path::new("/proc/self/stat"), 1024)
            .map_err(|e| format!("cannot read /proc/self/stat ({e}); {skipped}"))?;
        let seen: Option<u32> =
            stat.split(|b| *b == b' ').next().and_then(|p| std::str::from_utf8(p).ok()).and_then(|p| p.parse().ok());
        let own = std::process::id();
        let info = parse_stat(own, &stat).filter(|_| seen.is_some());
        match (seen, info) {
            (Some(pid), Some(info)) if pid == own => Ok(info.parent),
            (Some(pid), Some(_)) => Err(format!(
                "the mounted /proc is not of hal's PID namespace (/proc/self is pid {pid} there, hal's own pid is {own}); {skipped}"
            )),
            _ => Err(format!("unparsable /proc/self/stat; {skipped}")),
        }
    }

    pub(crate) fn read(pid: u32) -> io::Result<ProcessInfo> {
        let dir = PathBuf::from(format!("/proc/{pid}"));
        let stat = read_small(&dir.join("stat"), 1024)?;
        let mut info = parse_stat(pid, &stat)
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "unparsable /proc stat"))?;
        info.exe = fs::read_link(dir.join("exe")).ok().map(|p| {
            let bytes = p.as_os_str().as_bytes();
            let trimmed = bytes.strip_suffix(b" (deleted)").unwrap_or(bytes);
            PathBuf::from(OsString::from_vec(trimmed.to_vec()))
        });
        if crate::identify::argv_needed(&info)
            && let Ok(cmdline) = read_small(&dir.join("cmdline"), MAX_CMDLINE)
        {
            info.argv =
                cmdline.split(|b| *b == 0).filter(|a| !a.is_empty()).map(|a| OsString::from_vec(a.to_vec())).collect();
        }
        Ok(info)
    }

    /// A decimal field of a `/proc` file.
    fn number<T: std::str::FromStr>(field: &[u8]) -> Option<T> {
        std::str::from_utf8(field).ok()?.parse().ok()
    }

    /// Parses `/proc/<pid>/stat`: `pid (comm) state ppid ... starttime ...`. The comm
    /// may itself contain `)` and spaces, so it ends at the last `)`.
    pub(crate) fn parse_stat(pid: u32, stat: &[u8]) -> Option<ProcessInfo> {
        let open = stat.iter().position(|b| *b == b'(')?;
        let close = stat.iter().rposition(|b| *b == b')')?;
        let comm = stat.get(open + 1..close)?;
        // The fields after the comm, one space apart, taken as they come (no list of all
        // 50 of them): the parent is the second, the start time the twentieth.
        let mut fields = stat.get(close + 1..)?.split(|b| *b == b' ').filter(|f| !f.is_empty());
        let ppid: u32 = number(fields.nth(1)?)?;
        let start_time = fields.nth(17).and_then(number);
        Some(ProcessInfo {
            pid,
            parent: (ppid != 0).then_some(ppid),
            name: OsString::from_vec(comm.to_vec()),
            exe: None,
            argv: Vec::new(),
            start_time,
        })
    }

    #[cfg(test)]
    mod tests {
        use super::parse_stat;

        /// A line as Linux 6 writes it, with `comm` ending in `) (` and spaces.
        const STAT: &[u8] = b"4242 (a) (b c) S 17 4242 4242 0 -1 4194560 1290 0 0 0 3 1 0 0 20 0 1 0 98765 \
            9437184 871 18446744073709551615 1 1 0 0 0 0 65536 4 65538 0 0 0 17 1 0 0 0 0 0 0 0 0 0 0 0 0 0\n";

        #[test]
        fn stat_gives_the_name_the_parent_and_the_start_time() {
            let p = parse_stat(4242, STAT).unwrap();
            assert_eq!(
                (p.pid, p.parent, p.name.to_str(), p.start_time),
                (4242, Some(17), Some("a) (b c"), Some(98765))
            );
        }

        #[test]
        fn a_short_or_broken_stat_is_read_as_far_as_it_goes() {
            // No start time: the process is still named.
            let p = parse_stat(1, b"1 (init) S 0 1 1").unwrap();
            assert_eq!((p.parent, p.start_time), (None, None));
            for bad in [&b"1 init S 0"[..], b"1 (init) S", b"1 (init) S x 1", b"1 (init"] {
                assert!(parse_stat(1, bad).is_none(), "{:?}", String::from_utf8_lossy(bad));
            }
        }
    }
}

//! macOS's process table through libSystem alone: `proc_pidinfo(PROC_PIDTBSDINFO)` for the
//! parent pid, the name and the start time, `proc_pidpath` for the executable and
//! `sysctl(KERN_PROCARGS2)` for the arguments.
//!
//! Why not sysinfo, as on Windows: its macOS code links the IOKit and CoreFoundation
//! frameworks, which a binary linked here (Zig, no Apple SDK) cannot link; libSystem is
//! what every macOS program links anyway.
//!
//! The parsers below read the kernel's documented layouts (`<sys/proc_info.h>`'s `struct
//! proc_bsdinfo`, the `KERN_PROCARGS2` buffer of `<sys/sysctl.h>`). They compile on every
//! platform so that the unit tests check them here, over process tables recorded as those
//! layouts say (written from the headers, not captured on a Mac: no Mac runs here). Only
//! the calls into libSystem are `cfg(target_os = "macos")`.

use std::ffi::OsString;
use std::path::PathBuf;

use crate::host::ProcessInfo;

/// `sizeof(struct proc_bsdinfo)`: twelve 32-bit ids and flags, `pbi_comm[16]`,
/// `pbi_name[32]`, six 32-bit fields, then the start time as two 64-bit values.
pub(crate) const BSDINFO_SIZE: usize = 136;
/// `MAXCOMLEN`: the kernel's short name (`pbi_comm`) holds at most this many bytes.
const MAXCOMLEN: usize = 16;
const PPID_AT: usize = 16;
const COMM_AT: usize = 48;
const NAME_AT: usize = COMM_AT + MAXCOMLEN;
const START_SEC_AT: usize = 120;

/// What `proc_bsdinfo` says of a process: its parent (none for pid 0's children), its
/// name and its start time in seconds since the epoch. `None` when `raw` is too short.
pub(crate) fn parse_bsdinfo(pid: u32, raw: &[u8]) -> Option<ProcessInfo> {
    let raw = raw.get(..BSDINFO_SIZE)?;
    let u32_at = |at: usize| raw.get(at..at + 4).and_then(|b| b.try_into().ok()).map(u32::from_ne_bytes);
    let u64_at = |at: usize| raw.get(at..at + 8).and_then(|b| b.try_into().ok()).map(u64::from_ne_bytes);
    let c_string = |field: &[u8]| {
        let end = field.iter().position(|&b| b == 0).unwrap_or(field.len());
        os_string(&field[..end])
    };
    // `pbi_name` holds names longer than `pbi_comm`'s 16 bytes; it is empty for some
    // processes, where the short name is all there is.
    let name = c_string(&raw[NAME_AT..NAME_AT + 2 * MAXCOMLEN]);
    let name = if name.is_empty() { c_string(&raw[COMM_AT..COMM_AT + MAXCOMLEN]) } else { name };
    let parent = u32_at(PPID_AT)?;
    Some(ProcessInfo {
        pid,
        parent: (parent != 0).then_some(parent),
        name,
        exe: None,
        argv: Vec::new(),
        start_time: u64_at(START_SEC_AT),
    })
}

/// The arguments in a `KERN_PROCARGS2` buffer: a native `int` argc, the executable's path
/// and its NUL padding, then argc NUL-terminated arguments (the environment follows,
/// never read). Whatever is cut short yields the arguments read so far.
pub(crate) fn parse_procargs2(raw: &[u8]) -> Vec<OsString> {
    let Some(argc) = raw.get(..4).and_then(|b| b.try_into().ok()).map(i32::from_ne_bytes) else {
        return Vec::new();
    };
    let rest = &raw[4..];
    let Some(path_end) = rest.iter().position(|&b| b == 0) else {
        return Vec::new();
    };
    let Some(args_at) = rest[path_end..].iter().position(|&b| b != 0) else {
        return Vec::new();
    };
    rest[path_end + args_at..].split(|&b| b == 0).take(usize::try_from(argc).unwrap_or(0)).map(os_string).collect()
}

#[cfg(unix)]
fn os_string(bytes: &[u8]) -> OsString {
    use std::os::unix::ffi::OsStrExt as _;
    std::ffi::OsStr::from_bytes(bytes).to_owned()
}

#[cfg(not(unix))]
fn os_string(bytes: &[u8]) -> OsString {
    String::from_utf8_lossy(bytes).into_owned().into()
}

/// One process as the three reads give it: `bsdinfo` decides whether it exists; `path`
/// (`proc_pidpath`'s bytes) and `procargs` (`KERN_PROCARGS2`'s) fill in what they can.
pub(crate) fn process(pid: u32, bsdinfo: &[u8], path: Option<&[u8]>, procargs: Option<&[u8]>) -> Option<ProcessInfo> {
    let mut info = parse_bsdinfo(pid, bsdinfo)?;
    info.exe = path.filter(|p| !p.is_empty()).map(|p| PathBuf::from(os_string(p)));
    info.argv = procargs.map(parse_procargs2).unwrap_or_default();
    Some(info)
}

/// Reads one process from libSystem.
#[cfg(target_os = "macos")]
pub(crate) fn read(pid: u32) -> std::io::Result<ProcessInfo> {
    use std::io;
    let c_pid = i32::try_from(pid).map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
    let mut bsd = [0u8; BSDINFO_SIZE];
    let got = sys::bsdinfo(c_pid, &mut bsd);
    if got < 0 || usize::try_from(got).ok() != Some(BSDINFO_SIZE) {
        return Err(io::Error::last_os_error());
    }
    let mut path = vec![0u8; sys::PROC_PIDPATHINFO_MAXSIZE];
    let path_len = sys::pidpath(c_pid, &mut path);
    let path = usize::try_from(path_len).ok().filter(|&n| n > 0).map(|n| &path[..n.min(path.len())]);
    let procargs = sys::procargs2(c_pid);
    process(pid, &bsd, path, procargs.as_deref()).ok_or_else(|| io::Error::from(io::ErrorKind::InvalidData))
}

#[cfg(target_os = "macos")]
#[allow(unsafe_code, reason = "the three libSystem calls; each writes at most the length it is given")]
mod sys {
    //! The libSystem calls, each given a buffer and its length.

    use std::ffi::{c_int, c_uint, c_void};

    /// `PROC_PIDPATHINFO_MAXSIZE` (`4 * MAXPATHLEN`).
    pub(super) const PROC_PIDPATHINFO_MAXSIZE: usize = 4096;
    const PROC_PIDTBSDINFO: c_int = 3;
    const CTL_KERN: c_int = 1;
    const KERN_PROCARGS2: c_int = 49;
    const KERN_ARGMAX: c_int = 8;
    /// The most a `KERN_PROCARGS2` buffer is allowed to take, whatever `KERN_ARGMAX` says.
    const ARGS_LIMIT: usize = 1 << 20;

    unsafe extern "C" {
        fn proc_pidinfo(pid: c_int, flavor: c_int, arg: u64, buffer: *mut c_void, size: c_int) -> c_int;
        fn proc_pidpath(pid: c_int, buffer: *mut c_void, size: u32) -> c_int;
        fn sysctl(
            name: *mut c_int,
            namelen: c_uint,
            oldp: *mut c_void,
            oldlenp: *mut usize,
            newp: *mut c_void,
            newlen: usize,
        ) -> c_int;
    }

    pub(super) fn bsdinfo(pid: c_int, out: &mut [u8; super::BSDINFO_SIZE]) -> c_int {
        // SAFETY: the buffer is valid for its whole length, which is what is passed.
        unsafe { proc_pidinfo(pid, PROC_PIDTBSDINFO, 0, out.as_mut_ptr().cast(), super::BSDINFO_SIZE as c_int) }
    }

    pub(super) fn pidpath(pid: c_int, out: &mut [u8]) -> c_int {
        let len = u32::try_from(out.len()).unwrap_or(0);
        // SAFETY: as above.
        unsafe { proc_pidpath(pid, out.as_mut_ptr().cast(), len) }
    }

    pub(super) fn procargs2(pid: c_int) -> Option<Vec<u8>> {
        let mut argmax: c_int = 0;
        let mut size = std::mem::size_of::<c_int>();
        let mut mib = [CTL_KERN, KERN_ARGMAX];
        // SAFETY: `argmax` is valid for `size` bytes; no new value is set.
        let rc =
            unsafe { sysctl(mib.as_mut_ptr(), 2, (&raw mut argmax).cast(), &raw mut size, std::ptr::null_mut(), 0) };
        if rc != 0 {
            return None;
        }
        let mut buf = vec![0u8; usize::try_from(argmax).ok()?.min(ARGS_LIMIT)];
        let mut size = buf.len();
        let mut mib = [CTL_KERN, KERN_PROCARGS2, pid];
        // SAFETY: `buf` is valid for `size` bytes; the kernel writes at most that and says how many.
        let rc =
            unsafe { sysctl(mib.as_mut_ptr(), 3, buf.as_mut_ptr().cast(), &raw mut size, std::ptr::null_mut(), 0) };
        if rc != 0 {
            return None;
        }
        buf.truncate(size);
        Some(buf)
    }
}

#[cfg(test)]
mod tests {
    //! Process tables recorded as macOS's headers lay them out (written from
    //! `<sys/proc_info.h>` and `<sys/sysctl.h>`, not captured on a Mac).

    use super::{BSDINFO_SIZE, parse_bsdinfo, parse_procargs2, process};
    use crate::os::walk;
    use std::collections::HashMap;
    use std::ffi::OsString;

    /// One recorded process: its `proc_bsdinfo`, `proc_pidpath` and `KERN_PROCARGS2` bytes.
    type Recorded = (Vec<u8>, Vec<u8>, Vec<u8>);

    /// A `proc_bsdinfo` as the kernel fills it.
    fn bsdinfo(pid: u32, ppid: u32, comm: &str, name: &str, start: u64) -> Vec<u8> {
        let mut b = vec![0u8; BSDINFO_SIZE];
        b[12..16].copy_from_slice(&pid.to_ne_bytes());
        b[16..20].copy_from_slice(&ppid.to_ne_bytes());
        let comm = &comm.as_bytes()[..comm.len().min(16)];
        b[48..48 + comm.len()].copy_from_slice(comm);
        b[64..64 + name.len()].copy_from_slice(name.as_bytes());
        b[120..128].copy_from_slice(&start.to_ne_bytes());
        b
    }

    /// A `KERN_PROCARGS2` buffer: argc, the exec path, NUL padding, argv, environment.
    fn procargs(exec: &str, argv: &[&str]) -> Vec<u8> {
        let mut b = i32::try_from(argv.len()).unwrap().to_ne_bytes().to_vec();
        b.extend_from_slice(exec.as_bytes());
        b.extend_from_slice(&[0; 7]);
        for a in argv {
            b.extend_from_slice(a.as_bytes());
            b.push(0);
        }
        b.extend_from_slice(b"HOME=/Users/u\0");
        b
    }

    #[test]
    fn the_bsdinfo_layout_gives_parent_name_and_start() {
        let p = parse_bsdinfo(501, &bsdinfo(501, 1, "zsh", "zsh", 1_700_000_000)).unwrap();
        assert_eq!((p.pid, p.parent, p.name.to_str(), p.start_time), (501, Some(1), Some("zsh"), Some(1_700_000_000)));
        // launchd (pid 1) has parent 0: no parent.
        assert_eq!(parse_bsdinfo(1, &bsdinfo(1, 0, "launchd", "launchd", 1)).unwrap().parent, None);
        // A short read is no process at all.
        assert!(parse_bsdinfo(5, &bsdinfo(5, 1, "x", "x", 1)[..BSDINFO_SIZE - 1]).is_none());
    }

    /// `pbi_comm` stops at 16 bytes; `pbi_name` holds the longer name, and is used when set.
    #[test]
    fn a_name_longer_than_maxcomlen_comes_from_pbi_name() {
        let long = "claude-code-helper-x";
        let p = parse_bsdinfo(7, &bsdinfo(7, 1, long, long, 1)).unwrap();
        assert_eq!(p.name, OsString::from(long));
        let p = parse_bsdinfo(7, &bsdinfo(7, 1, long, "", 1)).unwrap();
        assert_eq!(p.name, OsString::from(&long[..16]));
    }

    #[test]
    fn procargs2_gives_argv_without_the_exec_path_or_the_environment() {
        let raw =
            procargs("/opt/homebrew/bin/node", &["node", "/opt/homebrew/lib/node_modules/@openai/codex/bin/codex.js"]);
        let argv = parse_procargs2(&raw);
        assert_eq!(argv, ["node", "/opt/homebrew/lib/node_modules/@openai/codex/bin/codex.js"]);
        // Cut anywhere, it never reads past the buffer and keeps what it had.
        for cut in 0..raw.len() {
            assert!(parse_procargs2(&raw[..cut]).len() <= 2);
        }
        assert!(parse_procargs2(&procargs("/bin/sh", &[])).is_empty());
    }

    /// A recorded table: launchd ← Terminal's login ← zsh ← node running Codex's script ←
    /// sh ← hal. The walk from hal's parent gives the chain up to launchd, each with its
    /// path and arguments, and identification finds Codex through node's script.
    #[test]
    fn a_recorded_macos_table_walks_to_launchd_and_names_codex() {
        let codex_js = "/opt/homebrew/lib/node_modules/@openai/codex/bin/codex.js";
        let rows: [(u32, u32, &str, &str, &[&str]); 5] = [
            (1, 0, "launchd", "/sbin/launchd", &["/sbin/launchd"]),
            (300, 1, "login", "/usr/bin/login", &["login", "-pf", "u"]),
            (301, 300, "zsh", "/bin/zsh", &["-zsh"]),
            (400, 301, "node", "/opt/homebrew/bin/node", &["node", codex_js]),
            (410, 400, "sh", "/bin/sh", &["sh", "-c", "hal detect"]),
        ];
        let table: HashMap<u32, Recorded> = rows
            .iter()
            .enumerate()
            .map(|(i, (pid, ppid, name, exe, argv))| {
                (
                    *pid,
                    (bsdinfo(*pid, *ppid, name, name, 1000 + i as u64), exe.as_bytes().to_vec(), procargs(exe, argv)),
                )
            })
            .collect();
        let read = |pid: u32| {
            let (b, p, a) = table.get(&pid).ok_or_else(|| std::io::Error::from(std::io::ErrorKind::NotFound))?;
            process(pid, b, Some(p), Some(a)).ok_or_else(|| std::io::Error::from(std::io::ErrorKind::InvalidData))
        };
        let ancestry = walk(410, 32, read);
        assert!(ancestry.warnings.is_empty(), "{:?}", ancestry.warnings);
        let pids: Vec<u32> = ancestry.chain.iter().map(|p| p.pid).collect();
        assert_eq!(pids, [410, 400, 301, 300, 1]);
        let node = &ancestry.chain[1];
        assert_eq!(node.exe.as_deref(), Some(std::path::Path::new("/opt/homebrew/bin/node")));
        assert_eq!(node.argv[1], OsString::from(codex_js));
        let found = crate::identify::identify_chain(&ancestry.chain, None);
        let first = found.first().map(|m| (m.provider.to_string(), m.pid));
        assert_eq!(first, Some(("codex".to_owned(), 400)), "{:?}", ancestry.chain);
    }
}

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
mod tests;

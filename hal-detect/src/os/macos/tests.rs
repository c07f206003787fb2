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
            (*pid, (bsdinfo(*pid, *ppid, name, name, 1000 + i as u64), exe.as_bytes().to_vec(), procargs(exe, argv)))
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
    let found = crate::identify::identify_chain(&ancestry.chain, None, &hal_caps::platform::MACOS);
    let first = found.first().map(|m| (m.provider.to_string(), m.pid));
    assert_eq!(first, Some(("codex".to_owned(), 400)), "{:?}", ancestry.chain);
}

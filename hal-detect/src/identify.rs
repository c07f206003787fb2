//! Naming a process: is this ancestor a runtime, and how sure are we?

use std::ffi::OsStr;
use std::path::Path;

use hal_caps::registry::{REGISTRY, Runtime};
use hal_types::RuntimeProvider;

use crate::host::ProcessInfo;

/// Linux truncates `comm` to this many bytes.
pub const COMM_LEN: usize = 15;

/// How an ancestor was identified.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Evidence {
    /// By its own executable name (exe basename, `argv[0]` basename or `comm`).
    Comm,
    /// Only by a script argument of an interpreter (`node …/@google/gemini-cli/…`).
    Args,
    /// By a name Gastown's `GT_PROCESS_NAMES` lists for the preset it launched
    /// (Cursor's CLI running as `agent`).
    Listed,
}

/// Gastown's `GT_PROCESS_NAMES`: the process names of the preset it launched.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Listed {
    /// The preset's runtime: `GT_AGENT`'s, else the runtime one of whose executables
    /// is listed.
    pub provider: RuntimeProvider,
    /// The listed names.
    pub names: Vec<String>,
}

impl Listed {
    /// Reads a `GT_PROCESS_NAMES` value (comma-separated) for the preset `stamp` names;
    /// `None` when the list is empty or names no runtime hal knows and there is no stamp.
    #[must_use]
    pub fn parse(value: &str, stamp: Option<RuntimeProvider>) -> Option<Self> {
        let names: Vec<String> =
            value.split(',').map(str::trim).filter(|n| !n.is_empty() && n.len() <= 255).map(str::to_owned).collect();
        let provider = stamp.or_else(|| names.iter().find_map(|n| by_executable(n, false).map(|(r, _)| r.provider)))?;
        (!names.is_empty()).then_some(Self { provider, names })
    }

    fn lists(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name)
    }
}

/// An identified ancestor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AncestorMatch {
    /// The runtime.
    pub provider: RuntimeProvider,
    /// How it was identified.
    pub evidence: Evidence,
    /// The name that matched (an executable name or a script anchor).
    pub name: String,
    /// Levels above us (1 = parent).
    pub depth: u32,
    /// Its pid.
    pub pid: u32,
}

const INTERPRETERS: &[&str] = &["node", "nodejs", "bun", "deno", "python", "python3", "pypy3"];

fn basename(p: &OsStr) -> Option<&str> {
    Path::new(p).file_name().and_then(OsStr::to_str)
}

fn is_interpreter(name: &str) -> bool {
    INTERPRETERS.contains(&name) || name.strip_prefix("python3.").is_some_and(|v| v.chars().all(|c| c.is_ascii_digit()))
}

/// Whether `name` is the executable `pattern` (`codex`, or `muse-bin-*` for a prefix).
/// A `comm` of exactly 15 bytes may be a truncation of a longer name.
fn exe_matches(pattern: &str, name: &str, is_comm: bool) -> bool {
    if let Some(prefix) = pattern.strip_suffix('*') {
        return name.starts_with(prefix) && name.len() > prefix.len()
            || is_comm && name.len() == COMM_LEN && prefix.starts_with(name);
    }
    name == pattern || is_comm && name.len() == COMM_LEN && pattern.len() > COMM_LEN && pattern.starts_with(name)
}

fn by_executable(name: &str, is_comm: bool) -> Option<(&'static Runtime, &'static str)> {
    REGISTRY.iter().find_map(|r| r.executables.iter().find(|e| exe_matches(e, name, is_comm)).map(|e| (r, *e)))
}

/// Whether naming `p` can need its arguments: not when its exe already names a runtime,
/// nor when exe and `comm` agree on a name that is not an interpreter (the process did
/// not rename itself, so `argv[0]` adds nothing and there is no script to read). The
/// `/proc` reader skips `cmdline` otherwise, saving a read per ancestor.
#[must_use]
pub fn argv_needed(p: &ProcessInfo) -> bool {
    let Some(exe) = p.exe.as_deref().and_then(|e| basename(e.as_os_str())) else { return true };
    if by_executable(exe, false).is_some() {
        return false;
    }
    let comm = p.name.to_str().unwrap_or_default();
    let agree = comm == exe || comm.len() == COMM_LEN && exe.starts_with(comm);
    !agree || is_interpreter(exe)
}

/// Identifies one process, if it is a runtime: by its executable, by an interpreter's
/// script, then by a name `listed` (Gastown's `GT_PROCESS_NAMES`) holds.
#[must_use]
pub fn identify(p: &ProcessInfo, listed: Option<&Listed>) -> Option<(RuntimeProvider, Evidence, String)> {
    identify_own(p).or_else(|| {
        let listed = listed?;
        let exe = p.exe.as_deref().and_then(|e| basename(e.as_os_str()));
        let argv0 = p.argv.first().and_then(|a| basename(a));
        [exe, argv0, p.name.to_str()]
            .into_iter()
            .flatten()
            .find(|n| listed.lists(n))
            .map(|n| (listed.provider, Evidence::Listed, n.to_owned()))
    })
}

fn identify_own(p: &ProcessInfo) -> Option<(RuntimeProvider, Evidence, String)> {
    let exe = p.exe.as_deref().and_then(|e| basename(e.as_os_str()));
    let argv0 = p.argv.first().and_then(|a| basename(a));
    let comm = p.name.to_str();
    let names = [(exe, false), (argv0, false), (comm, true)];
    for (name, is_comm) in names {
        if let Some((r, e)) = name.and_then(|n| by_executable(n, is_comm)) {
            return Some((r.provider, Evidence::Comm, e.trim_end_matches('*').to_owned()));
        }
    }
    if !names.iter().any(|(n, _)| n.is_some_and(is_interpreter)) {
        return None;
    }
    // The script: the first argument after argv[0] that is not an option.
    let script = p.argv.iter().skip(1).find(|a| !a.to_string_lossy().starts_with('-'))?;
    let text = script.to_string_lossy();
    let base = basename(script);
    // A package anchor or a script name of the runtime's own first (grok-cli's `grok`
    // script), then a script named like a runtime's executable.
    let own = REGISTRY.iter().find_map(|r| {
        if let Some(anchor) = r.scripts.iter().find(|s| text.contains(*s)) {
            return Some((r.provider, Evidence::Args, (*anchor).to_owned()));
        }
        let n = r.script_names.iter().find(|n| base == Some(**n))?;
        Some((r.provider, Evidence::Args, (*n).to_owned()))
    });
    own.or_else(|| {
        REGISTRY.iter().find_map(|r| {
            let e = r.executables.iter().find(|e| !e.ends_with('*') && base == Some(**e))?;
            Some((r.provider, Evidence::Args, (*e).to_owned()))
        })
    })
}

/// Every identified ancestor, nearest first.
#[must_use]
pub fn identify_chain(chain: &[ProcessInfo], listed: Option<&Listed>) -> Vec<AncestorMatch> {
    chain
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            identify(p, listed).map(|(provider, evidence, name)| AncestorMatch {
                provider,
                evidence,
                name,
                depth: u32::try_from(i + 1).unwrap_or(u32::MAX),
                pid: p.pid,
            })
        })
        .collect()
}

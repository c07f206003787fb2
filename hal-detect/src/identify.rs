//! Naming a process: is this ancestor a runtime, and how sure are we?

use std::ffi::OsStr;
use std::path::Path;

use hal_caps::platform::Platform;
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
    pub fn parse(value: &str, stamp: Option<RuntimeProvider>, platform: &Platform) -> Option<Self> {
        let names: Vec<String> =
            value.split(',').map(str::trim).filter(|n| !n.is_empty() && n.len() <= 255).map(str::to_owned).collect();
        let provider =
            stamp.or_else(|| names.iter().find_map(|n| by_executable(platform, n, false).map(|(r, _)| r.provider)))?;
        (!names.is_empty()).then_some(Self { provider, names })
    }

    fn lists(&self, platform: &Platform, name: &str) -> bool {
        self.names.iter().any(|n| platform.same_name(platform.executable_stem(n), platform.executable_stem(name)))
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

/// The last segment of a path as `platform` separates them (`\` too on Windows).
pub(crate) fn basename<'a>(platform: &Platform, p: &'a OsStr) -> Option<&'a str> {
    if platform.backslash_separates {
        return p.to_str()?.rsplit(['/', '\\']).next().filter(|b| !b.is_empty());
    }
    Path::new(p).file_name().and_then(OsStr::to_str)
}

/// Whether `name` is an interpreter (`node`, `node.exe`, `python3.12`, ...).
fn is_interpreter(platform: &Platform, name: &str) -> bool {
    let name = platform.executable_stem(name);
    INTERPRETERS.iter().any(|i| platform.same_name(i, name))
        || platform.starts_with(name, "python3.") && name["python3.".len()..].chars().all(|c| c.is_ascii_digit())
}

/// Whether `name` is the executable `pattern` (`codex`, or `muse-bin-*` for a prefix),
/// compared as `platform` names executables (`CODEX.EXE` is `codex` on Windows).
/// A `comm` of exactly 15 bytes may be a truncation of a longer name.
pub(crate) fn exe_matches(platform: &Platform, pattern: &str, name: &str, is_comm: bool) -> bool {
    stem_matches(platform, pattern, platform.executable_stem(name), is_comm)
}

/// [`exe_matches`] for a name already without the platform's executable suffix.
fn stem_matches(platform: &Platform, pattern: &str, name: &str, is_comm: bool) -> bool {
    if let Some(prefix) = pattern.strip_suffix('*') {
        return platform.starts_with(name, prefix) && name.len() > prefix.len()
            || is_comm && name.len() == COMM_LEN && prefix.starts_with(name);
    }
    let pattern = platform.executable_stem(pattern);
    platform.same_name(name, pattern)
        || is_comm && name.len() == COMM_LEN && pattern.len() > COMM_LEN && pattern.starts_with(name)
}

fn by_executable(platform: &Platform, name: &str, is_comm: bool) -> Option<(&'static Runtime, &'static str)> {
    let name = platform.executable_stem(name);
    REGISTRY
        .iter()
        .find_map(|r| r.executables.iter().find(|e| stem_matches(platform, e, name, is_comm)).map(|e| (r, *e)))
}

/// Whether naming `p` can need its arguments: not when its exe already names a runtime,
/// nor when exe and `comm` agree on a name that is not an interpreter (the process did
/// not rename itself, so `argv[0]` adds nothing and there is no script to read). The
/// `/proc` reader skips `cmdline` otherwise, saving a read per ancestor.
#[must_use]
pub fn argv_needed(p: &ProcessInfo) -> bool {
    let platform = Platform::native();
    let Some(exe) = p.exe.as_deref().and_then(|e| basename(platform, e.as_os_str())) else { return true };
    if by_executable(platform, exe, false).is_some() {
        return false;
    }
    let comm = p.name.to_str().unwrap_or_default();
    let agree = comm == exe || comm.len() == COMM_LEN && exe.starts_with(comm);
    !agree || is_interpreter(platform, exe)
}

/// Identifies one process, if it is a runtime: by its executable, by an interpreter's
/// script, then by a name `listed` (Gastown's `GT_PROCESS_NAMES`) holds.
#[must_use]
pub fn identify(
    p: &ProcessInfo,
    listed: Option<&Listed>,
    platform: &Platform,
) -> Option<(RuntimeProvider, Evidence, String)> {
    identify_own(p, platform).or_else(|| {
        let listed = listed?;
        let exe = p.exe.as_deref().and_then(|e| basename(platform, e.as_os_str()));
        let argv0 = p.argv.first().and_then(|a| basename(platform, a));
        [exe, argv0, p.name.to_str()]
            .into_iter()
            .flatten()
            .find(|n| listed.lists(platform, n))
            .map(|n| (listed.provider, Evidence::Listed, n.to_owned()))
    })
}

fn identify_own(p: &ProcessInfo, platform: &Platform) -> Option<(RuntimeProvider, Evidence, String)> {
    let exe = p.exe.as_deref().and_then(|e| basename(platform, e.as_os_str()));
    let argv0 = p.argv.first().and_then(|a| basename(platform, a));
    let comm = p.name.to_str();
    let names = [(exe, false), (argv0, false), (comm, true)];
    for (name, is_comm) in names {
        if let Some((r, e)) = name.and_then(|n| by_executable(platform, n, is_comm)) {
            return Some((r.provider, Evidence::Comm, e.trim_end_matches('*').to_owned()));
        }
    }
    if !names.iter().any(|(n, _)| n.is_some_and(|n| is_interpreter(platform, n))) {
        return None;
    }
    // The script: the first argument after argv[0] that is not an option.
    let script = p.argv.iter().skip(1).find(|a| !a.to_string_lossy().starts_with('-'))?;
    let lossy = script.to_string_lossy();
    let text = platform.slashed(&lossy);
    let base = basename(platform, script);
    // A package anchor or a script name of the runtime's own first (grok-cli's `grok`
    // script), then a script named like a runtime's executable.
    let own = REGISTRY.iter().find_map(|r| {
        if let Some(anchor) = r.scripts.iter().find(|s| text.contains(*s)) {
            return Some((r.provider, Evidence::Args, (*anchor).to_owned()));
        }
        let n = r.script_names.iter().find(|n| base.is_some_and(|b| platform.same_name(b, n)))?;
        Some((r.provider, Evidence::Args, (*n).to_owned()))
    });
    own.or_else(|| {
        REGISTRY.iter().find_map(|r| {
            let e =
                r.executables.iter().find(|e| !e.ends_with('*') && base.is_some_and(|b| platform.same_name(b, e)))?;
            Some((r.provider, Evidence::Args, (*e).to_owned()))
        })
    })
}

/// Every identified ancestor, nearest first.
#[must_use]
pub fn identify_chain(chain: &[ProcessInfo], listed: Option<&Listed>, platform: &Platform) -> Vec<AncestorMatch> {
    chain
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            identify(p, listed, platform).map(|(provider, evidence, name)| AncestorMatch {
                provider,
                evidence,
                name,
                depth: u32::try_from(i + 1).unwrap_or(u32::MAX),
                pid: p.pid,
            })
        })
        .collect()
}

//! The runtimes installed on this host (`hal inventory`): each registry runtime's
//! executables looked up on `PATH` and in the usual install places, links resolved to
//! the package, the version read from the install. Bounded like detection: `stat`s,
//! one manifest of at most 64 KiB per directory, directory listings capped, no process
//! spawned. A FIFO, socket or device named like an executable is never opened.

use std::path::{Path, PathBuf};

use hal_caps::registry::dated::InstallStanding;
use hal_caps::registry::{REGISTRY, Runtime, Version};
use hal_types::RuntimeProvider;

use crate::host::Host;
use crate::version::{executable_in, executable_names, install_manifest, path_dirs};

/// How many entries of a directory are looked at (Python's `lib/` and `site-packages/`).
const MAX_LISTED: usize = 512;
/// How many directories above a native binary are searched for a `versions/<V>` layout.
const MAX_UP: usize = 4;

/// One runtime found installed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Installed {
    /// The runtime.
    pub provider: RuntimeProvider,
    /// The executable found (as found, before links are resolved).
    pub executable: PathBuf,
    /// Where its links lead.
    pub resolved: PathBuf,
    /// The version read from the install, when one was.
    pub version: Option<String>,
    /// How the version was learned (`package.json of @openai/codex`, ...).
    pub version_source: Option<String>,
    /// Against the versions live runs verified.
    pub standing: InstallStanding,
}

/// The directories searched, in order: `PATH`, then the install places of the host's
/// platform for `exe` (`hal_caps::platform`: `~/.local/bin`, npm's and Bun's global
/// bins, `~/.<exe>/bin`, pipx's and uv's tool environments; `%APPDATA%\npm`, scoop's
/// and WinGet's shims on Windows; Homebrew's on macOS).
fn places<H: Host>(host: &H, exe: &str) -> Vec<PathBuf> {
    let platform = host.platform();
    let mut out = path_dirs(host);
    let var = |n: &str| host.var(n).filter(|v| !v.is_empty()).map(PathBuf::from);
    out.extend(platform.install_places.iter().filter_map(|p| p.resolve(platform, exe, var)));
    let mut seen = Vec::new();
    out.retain(|d| {
        let new = !seen.contains(d);
        seen.push(d.clone());
        new
    });
    out
}

/// Every runtime of the registry found installed on `host`, in registry order.
pub fn inventory<H: Host>(host: &H) -> Vec<Installed> {
    REGISTRY.iter().filter_map(|r| find(host, r)).collect()
}

/// The first executable of `r` found, with its version.
fn find<H: Host>(host: &H, r: &Runtime) -> Option<Installed> {
    for exe in executable_names(host.platform(), r) {
        for dir in places(host, exe) {
            let Some(candidate) = executable_in(host, &dir, exe) else { continue };
            let resolved = host.canonicalize(&candidate).unwrap_or_else(|_| candidate.clone());
            let (version, version_source) = read_version(host, r, exe, &candidate, &resolved).unzip();
            let parsed = version.as_deref().and_then(Version::parse);
            let standing = InstallStanding::of(r, parsed.as_ref());
            return Some(Installed {
                provider: r.provider,
                executable: candidate,
                resolved,
                version,
                version_source,
                standing,
            });
        }
    }
    None
}

/// The version an install says: its npm manifest (beside a Windows shim too), a native
/// `versions/<V>` layout, or a Python distribution's `.dist-info` beside the
/// executable's environment.
fn read_version<H: Host>(host: &H, r: &Runtime, exe: &str, found: &Path, resolved: &Path) -> Option<(String, String)> {
    let packages = r.packages();
    if let Some(m) = install_manifest(host, found, resolved, &packages) {
        return Some((m.version.clone(), m.label_short()));
    }
    if let Some(v) = native_layout(resolved) {
        return Some((v, "the native install's versions/<version> directory".to_owned()));
    }
    python_dist(host, exe, found)
}

/// `…/versions/<V>` (the binary itself, or a directory above it): Claude Code's
/// native installer's layout.
fn native_layout(resolved: &Path) -> Option<String> {
    resolved.ancestors().take(MAX_UP).find_map(|p| {
        let name = p.file_name()?.to_str()?;
        let parent = p.parent()?.file_name()?;
        (parent == "versions" && Version::parse(name).is_some()).then(|| name.to_owned())
    })
}

/// A `.dist-info` named for the executable in the environment the executable's `bin/`
/// belongs to (`<venv>/bin/aider` → `<venv>/lib/python3.12/site-packages/aider_chat-0.86.2.dist-info`).
fn python_dist<H: Host>(host: &H, exe: &str, found: &Path) -> Option<(String, String)> {
    let venv = found.parent().filter(|b| b.file_name().is_some_and(|n| n == "bin"))?.parent()?;
    let lib = venv.join("lib");
    let want = exe.replace('-', "_").to_ascii_lowercase();
    for py in host.list_dir(&lib, MAX_LISTED).ok()? {
        if !py.to_string_lossy().starts_with("python") {
            continue;
        }
        let site = lib.join(&py).join("site-packages");
        let Ok(entries) = host.list_dir(&site, MAX_LISTED) else { continue };
        for e in entries {
            let name: String = e.to_string_lossy().into_owned();
            let Some(stem) = name.strip_suffix(".dist-info") else { continue };
            let Some((dist, version)) = stem.rsplit_once('-') else { continue };
            let dist = dist.replace(['-', '.'], "_").to_ascii_lowercase();
            if (dist == want || dist.starts_with(&format!("{want}_"))) && Version::parse(version).is_some() {
                return Some((version.to_owned(), format!("the Python distribution {dist}'s .dist-info")));
            }
        }
    }
    None
}

/// How long `--probe` waits for a runtime's `--version`.
pub const PROBE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(3);
/// The most output of `--version` read.
const MAX_PROBE_OUTPUT: u64 = 4096;

/// `hal inventory --probe`: for each runtime whose install said no version, runs
/// `<executable> --version` with a cleared environment, stdin closed and a timeout
/// (killed after [`PROBE_TIMEOUT`]), and reads the first version in its first 4 KiB of
/// output. The only place hal spawns a process, and only when asked.
pub fn probe(found: &mut [Installed], runtime: impl Fn(RuntimeProvider) -> &'static Runtime) {
    for i in found.iter_mut().filter(|i| i.version.is_none()) {
        if let Some(v) = run_version(&i.executable) {
            let parsed = Version::parse(&v);
            i.standing = InstallStanding::of(runtime(i.provider), parsed.as_ref());
            i.version = Some(v);
            i.version_source = Some("`--version` (--probe)".to_owned());
        }
    }
}

fn run_version(exe: &Path) -> Option<String> {
    use std::io::Read as _;
    use std::process::{Command, Stdio};
    let mut child = Command::new(exe)
        .arg("--version")
        .env_clear()
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let stdout = child.stdout.take()?;
    // A thread reads (capped), so a child that never closes its output cannot hold us.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stdout.take(MAX_PROBE_OUTPUT).read_to_end(&mut buf);
        let _ = tx.send(buf);
    });
    let out = rx.recv_timeout(PROBE_TIMEOUT).ok();
    let _ = child.kill();
    let _ = child.wait();
    let text = String::from_utf8_lossy(&out?).into_owned();
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')' | '@'))
        .find(|w| w.contains('.') && Version::parse(w).is_some())
        .map(|w| w.trim_start_matches(['v', 'V']).to_owned())
}

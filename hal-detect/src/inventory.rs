//! The runtimes installed on this host (`hal inventory`): each registry runtime's
//! executables looked up on `PATH` and in the usual install places, links resolved to
//! the package, the version read from the install. Bounded like detection: `stat`s,
//! one manifest of at most 64 KiB per directory, directory listings capped, no process
//! spawned. A FIFO, socket or device named like an executable is never opened.

use std::path::{Path, PathBuf};

use hal_caps::registry::dated::InstallStanding;
use hal_caps::registry::{Package, REGISTRY, Runtime, Version};
use hal_types::RuntimeProvider;

use crate::host::Host;
use crate::install::{NATIVE_LAYOUT, executable_in, executable_names, install_manifest, native_layout, path_dirs};

/// How many entries of a directory are looked at (Python's `lib/` and `site-packages/`).
const MAX_LISTED: usize = 512;

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
    // A relative directory (a relative `HOME`, npm prefix or pnpm home) is the current
    // directory's: nothing there is an install (hostile-findings R12).
    let mut seen = Vec::new();
    out.retain(|d| {
        let new = platform.is_absolute(d) && !seen.contains(d);
        seen.push(d.clone());
        new
    });
    out
}

/// Every runtime of the registry found installed on `host`, in registry order.
pub fn inventory<H: Host>(host: &H) -> Vec<Installed> {
    REGISTRY.iter().filter_map(|r| find(host, r)).collect()
}

/// `provider`'s install as `hal inventory` reports it: the first of its executables on
/// `PATH` (else in a usual install place), with the version its install says. What
/// every answer asked about a provider without a version answers for.
pub fn installed<H: Host>(host: &H, provider: RuntimeProvider) -> Option<Installed> {
    find(host, hal_caps::registry::runtime(provider))
}

/// Where `hal inventory` looks for `provider`: each executable name it tries and the
/// directories it looks in for it, in order (for the message of a runtime not found).
pub fn looked<H: Host>(host: &H, provider: RuntimeProvider) -> Vec<(&'static str, Vec<PathBuf>)> {
    let r = hal_caps::registry::runtime(provider);
    r.executables.iter().filter(|e| !e.ends_with('*') && !e.is_empty()).map(|e| (*e, places(host, e))).collect()
}

/// `r`'s first executable on `PATH` alone, with the version its install says (the
/// detected runtime's weakest version source: the executable `PATH` runs, native
/// `versions/<V>` layouts included, never a later, shadowed one).
pub(crate) fn first_on_path<H: Host>(host: &H, r: &Runtime) -> Option<Installed> {
    find_in(host, r, |host, _| path_dirs(host))
}

/// The first executable of `r` found, with its version.
fn find<H: Host>(host: &H, r: &Runtime) -> Option<Installed> {
    find_in(host, r, places)
}

/// The first executable of `r` found in the directories `dirs` gives for it.
fn find_in<H: Host>(host: &H, r: &Runtime, dirs: impl Fn(&H, &str) -> Vec<PathBuf>) -> Option<Installed> {
    for exe in executable_names(host.platform(), r) {
        for dir in dirs(host, exe) {
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
        return Some((v, NATIVE_LAYOUT.to_owned()));
    }
    python_dist(host, r, exe, found)
}

/// The `.dist-info` of the runtime's distribution in the environment the executable's
/// `bin/` belongs to (`<venv>/bin/aider` → `<venv>/lib/python3.12/site-packages/aider_chat-<version>.dist-info`):
/// the registry's PyPI package by its normalised name, exactly (an environment holds its
/// dependencies too: `openhands` beside `openhands_agent_server`); for a runtime with no
/// PyPI package, one named for the executable (`aider`, `aider_*`).
fn python_dist<H: Host>(host: &H, r: &Runtime, exe: &str, found: &Path) -> Option<(String, String)> {
    let venv = found.parent().filter(|b| b.file_name().is_some_and(|n| n == "bin"))?.parent()?;
    let lib = venv.join("lib");
    let normal = |name: &str| name.replace(['-', '.'], "_").to_ascii_lowercase();
    let (want, exact) = match r.package {
        Some(Package::PyPi(name)) => (normal(name), true),
        _ => (normal(exe), false),
    };
    for py in host.list_dir(&lib, MAX_LISTED).ok()? {
        if !py.to_string_lossy().starts_with("python") {
            continue;
        }
        let site = lib.join(&py).join("site-packages");
        // Read whole, keeping only the one wanted (hostile-findings R14: a count cut a
        // crowded environment short).
        let dist_of = |name: &std::ffi::OsStr| {
            let name = name.to_string_lossy();
            let (dist, version) = name.strip_suffix(".dist-info")?.rsplit_once('-')?;
            let dist = dist.replace(['-', '.'], "_").to_ascii_lowercase();
            ((dist == want || (!exact && dist.starts_with(&format!("{want}_")))) && Version::parse(version).is_some())
                .then(|| (version.to_owned(), format!("the Python distribution {dist}'s .dist-info")))
        };
        let Ok(found) = host.find_in_dir(&site, &|n| dist_of(n).is_some()) else { continue };
        if let Some(hit) = found.as_deref().and_then(dist_of) {
            return Some(hit);
        }
    }
    None
}

/// How long `--probe` waits for a runtime's `--version`.
pub const PROBE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(3);
/// The most output of `--version` read.
const MAX_PROBE_OUTPUT: u64 = 4096;

/// `hal inventory --probe`: for each runtime whose install said no version, runs
/// `<executable> --version` with a cleared environment, stdin closed, in a process group
/// of its own, all of them at once under one bound ([`PROBE_TIMEOUT`]), and reads the
/// first version in the first 4 KiB of each output; then each group is killed, so nothing
/// a probe started outlives hal (hostile-findings R5). An executable found through a
/// relative directory, or in a directory (or as a file) another user can write, is not
/// run (R12). The only place hal spawns a process, and only when asked.
pub fn probe(found: &mut [Installed], runtime: impl Fn(RuntimeProvider) -> &'static Runtime) {
    let deadline = std::time::Instant::now() + PROBE_TIMEOUT;
    let mut runs: Vec<(usize, Probe)> = found
        .iter()
        .enumerate()
        .filter(|(_, i)| i.version.is_none() && runnable(&i.executable))
        .filter_map(|(n, i)| Some((n, Probe::start(&i.executable)?)))
        .collect();
    while std::time::Instant::now() < deadline && runs.iter_mut().any(|(_, p)| !p.exited()) {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    // What an exited probe's children still hold is not waited for: what it printed is.
    std::thread::sleep(std::time::Duration::from_millis(50));
    for (n, p) in runs {
        let Some(v) = p.finish() else { continue };
        let i = &mut found[n];
        let parsed = Version::parse(&v);
        i.standing = InstallStanding::of(runtime(i.provider), parsed.as_ref());
        i.version = Some(v);
        i.version_source = Some("`--version` (--probe)".to_owned());
    }
}

/// Whether `exe` may be run by `--probe`: an absolute path, neither it nor its directory
/// (nor where its links lead) writable by group or others (hostile-findings R12: a file
/// planted in a world-writable `PATH` directory ran as root).
fn runnable(exe: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let private = |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o022 == 0);
        let resolved = std::fs::canonicalize(exe).unwrap_or_else(|_| exe.to_path_buf());
        let dirs = [exe.parent(), resolved.parent()];
        exe.is_absolute() && private(&resolved) && dirs.iter().all(|d| d.is_some_and(private))
    }
    #[cfg(not(unix))]
    exe.is_absolute()
}

/// One `--version` run: the child (its own process group) and its output so far.
struct Probe {
    child: std::process::Child,
    out: std::sync::mpsc::Receiver<Vec<u8>>,
    done: bool,
}

impl Probe {
    fn start(exe: &Path) -> Option<Self> {
        use std::io::Read as _;
        use std::process::{Command, Stdio};
        let mut cmd = Command::new(exe);
        cmd.arg("--version").env_clear().stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd.spawn().ok()?;
        let mut stdout = child.stdout.take()?;
        // A thread reads (capped) and hands over each piece as it comes, so output held
        // open by a child of the probe neither holds us nor loses what was printed.
        let (tx, out) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let (mut buf, mut total) = ([0u8; 512], 0u64);
            while total < MAX_PROBE_OUTPUT {
                match stdout.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        total += n as u64;
                        if tx.send(buf[..n].to_vec()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Some(Self { child, out, done: false })
    }

    /// Whether the probed executable has exited (not its children).
    fn exited(&mut self) -> bool {
        self.done = self.done || !matches!(self.child.try_wait(), Ok(None));
        self.done
    }

    /// Kills the probe's process group, reaps it; the version it printed.
    fn finish(mut self) -> Option<String> {
        kill_group(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
        let mut bytes: Vec<u8> = Vec::new();
        while let Ok(piece) = self.out.try_recv() {
            bytes.extend(piece);
        }
        bytes.truncate(usize::try_from(MAX_PROBE_OUTPUT).unwrap_or(usize::MAX));
        version_in(&String::from_utf8_lossy(&bytes))
    }
}

/// SIGKILL to the process group `pgid` (a probe's: it leads it), through the shell's
/// `kill` (hal runs no unsafe code). The group outlives its reaped leader only while a
/// member lives, so its id names no other group.
fn kill_group(pgid: u32) {
    #[cfg(unix)]
    {
        let _ = std::process::Command::new("/bin/sh")
            .args(["-c", "kill -s KILL -- \"-$0\" 2>/dev/null", &pgid.to_string()])
            .env_clear()
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status();
    }
    #[cfg(not(unix))]
    let _ = pgid;
}

/// The first version in a `--version` output.
fn version_in(text: &str) -> Option<String> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')' | '@'))
        .find(|w| w.contains('.') && Version::parse(w).is_some())
        .map(|w| w.trim_start_matches(['v', 'V']).to_owned())
}

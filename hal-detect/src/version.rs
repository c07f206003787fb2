//! The detected runtime's version, learned cheaply, strongest source first:
//!
//! 1. `GT_HAL_RUNTIME_VERSION` (the operator's override, beside `GT_RUNTIME`), then the
//!    config file's `[runtime.<id>] runtime_version`;
//! 2. the version the runtime declares: `AI_AGENT` in one of its forms, when it names
//!    the detected runtime's family; a variable the runtime sets to its version
//!    (`CODEX_VERSION`);
//! 3. its install: a variable pointing into it (`CLAUDE_CODE_EXECPATH`,
//!    `CODEX_MANAGED_PACKAGE_ROOT`), the nearest ancestor of its family (its executable,
//!    the script in its command line), each leading to the package's `package.json`;
//! 4. weaker: the runtime's executable found on `PATH` (Claude Code's JS builds set
//!    `process.title`, which removes the script from their command line), which says so.
//!
//! Bounded: a `stat` and at most one manifest of 64 KiB per directory, 8 directories
//! up from each of at most 4 paths per source; no process is spawned. Nothing is
//! looked up for an `unknown` runtime, so a plain terminal pays nothing.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use hal_caps::config::{Config, ConfigSource, RUNTIME_VERSION};
use hal_caps::manifest::package_name_and_version;
use hal_caps::platform::Platform;
use hal_caps::registry::{self, Runtime, Version};
use hal_caps::text::quote_value;
use hal_types::{Diagnostic, DiagnosticCode, RuntimeProvider};

use crate::host::{Host, ProcessInfo, Stat};
use crate::identify::AncestorMatch;
use crate::vars;

/// The largest manifest read.
pub const MAX_MANIFEST_BYTES: u64 = 64 * 1024;
/// How many directories above a path are searched for the package's manifest.
const MAX_UP: usize = 8;
/// How many arguments of an ancestor's command line are tried as paths.
const MAX_ARGS: usize = 3;

/// What the lookup found, and what it tried (for `hal explain`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Learned {
    /// The version and where it came from.
    pub version: Option<(String, String)>,
    /// Each source tried, in order, with what it gave.
    pub tried: Vec<String>,
    /// Problems: an override that is not a version.
    pub diagnostics: Vec<Diagnostic>,
}

/// The version a self-declared name carries, with its variable, when the name is the
/// detected runtime's family's (for [`learn`]).
#[derive(Debug, Clone, Copy)]
pub struct Declared<'a> {
    /// `AI_AGENT` or `AGENT`.
    pub var: &'static str,
    /// The runtime the name names, if any.
    pub provider: Option<RuntimeProvider>,
    /// The declared version.
    pub version: Option<&'a str>,
}

/// Learns `provider`'s version on `host` (see the module). `ancestry` is called only
/// when the cheaper sources gave nothing (it walks the ancestry, once per detection).
pub fn learn<'a, H: Host>(
    host: &H,
    provider: RuntimeProvider,
    declared: Option<Declared<'_>>,
    ancestry: impl FnOnce() -> (&'a [ProcessInfo], &'a [AncestorMatch]),
) -> Learned {
    learn_from(host, provider, declared, ancestry, false)
}

/// `provider`'s version from what names that runtime alone, for a runtime that was not
/// (yet) decided: the config file's `[runtime.<id>] runtime_version` (not
/// `GT_HAL_RUNTIME_VERSION`, which is the decided runtime's), a variable it sets to its
/// version, a variable pointing into its install. No ancestry, no `PATH` (not the
/// running process). For the overwrite rule of the arbiter.
pub fn learn_firm<H: Host>(host: &H, provider: RuntimeProvider) -> Option<(String, String)> {
    learn_from(host, provider, None, || (&[][..], &[][..]), true).version
}

fn learn_from<'a, H: Host>(
    host: &H,
    provider: RuntimeProvider,
    declared: Option<Declared<'_>>,
    ancestry: impl FnOnce() -> (&'a [ProcessInfo], &'a [AncestorMatch]),
    firm: bool,
) -> Learned {
    let mut out = Learned::default();
    if provider == RuntimeProvider::Unknown {
        return out;
    }
    let r = registry::runtime(provider);
    let family = r.family();
    let var = |name: &str| host.var(name).filter(|v| !v.is_empty());
    if let Some(found) = from_operator(host, provider, &mut out, firm) {
        out.version = Some(found);
        return out;
    }
    // 2. Declared by the runtime.
    if let Some(d) = declared {
        let ours = d.provider.is_some_and(|p| registry::family(p) == family);
        match d.version.filter(|v| Version::parse(v).is_some()) {
            Some(v) if ours => {
                out.tried.push(format!("{} declares {provider}'s version", d.var));
                out.version = Some((v.to_owned(), d.var.to_owned()));
                return out;
            }
            _ => out.tried.push(format!("{} declares no version of {provider}", d.var)),
        }
    }
    let history = r.history.or_else(|| r.variant_of.and_then(|p| registry::runtime(p).history));
    for name in history.map_or(&[][..], |h| h.version_vars) {
        if let Some(v) = var(name).filter(|v| v.to_str().and_then(Version::parse).is_some()) {
            out.tried.push(format!("{name} is set"));
            out.version = Some((lossy(&v).trim().to_owned(), (*name).to_owned()));
            return out;
        }
    }
    // 3. The install, from a variable pointing into it.
    let packages = r.packages();
    for name in history.map_or(&[][..], |h| h.install_vars) {
        let Some(path) = var(name) else { continue };
        if let Some(found) = manifest_near(host, Path::new(&path), &packages) {
            out.tried.push(format!("${name} leads to {}", found.label()));
            let source = format!("{} (from ${name})", found.label_short());
            out.version = Some((found.version, source));
            return out;
        }
        out.tried.push(format!("${name} leads to no manifest of {}", packages.join(", ")));
    }
    // 3. The install, from the nearest ancestor of the runtime's family.
    let (chain, matches) = ancestry();
    if let Some(a) = matches.iter().find(|a| registry::family(a.provider) == family)
        && let Some(p) = usize::try_from(a.depth).ok().and_then(|d| chain.get(d.checked_sub(1)?))
    {
        let paths = p
            .exe
            .iter()
            .cloned()
            .chain(p.argv.iter().skip(1).take(MAX_ARGS).map(PathBuf::from).filter(|a| a.is_absolute()));
        for path in paths {
            if let Some(found) = manifest_near(host, &path, &packages) {
                let how = format!("ancestor `{}` ({} level(s) up)", a.name, a.depth);
                out.tried.push(format!("{how}: {}", found.label()));
                let source = format!("{} (from {how})", found.label_short());
                out.version = Some((found.version, source));
                return out;
            }
            if let Some(v) = crate::inventory::native_layout(&path) {
                let how = format!("ancestor `{}` ({} level(s) up)", a.name, a.depth);
                out.tried.push(format!("{how}: a native install's versions/{v}"));
                out.version = Some((v, format!("{} (from {how})", crate::inventory::NATIVE_LAYOUT)));
                return out;
            }
        }
        out.tried.push(format!("ancestor `{}`: no manifest of {} near it", a.name, packages.join(", ")));
    }
    // 4. Weaker: the executable on PATH.
    if firm {
        return out;
    }
    if let Some(i) = crate::inventory::first_on_path(host, r) {
        let exe = hal_caps::text::escape_control(&i.executable.to_string_lossy()).into_owned();
        if let (Some(v), Some(how)) = (i.version, i.version_source) {
            out.tried.push(format!("on PATH: {exe} is {provider} {v} ({how})"));
            let source = format!("{how} (weaker: the first executable on PATH, not the running process)");
            out.version = Some((v, source));
            return out;
        }
        out.tried.push(format!("on PATH: {exe} says no version"));
        return out;
    }
    out.tried.push("no executable of it on PATH".to_owned());
    out
}

/// The operator's version: `GT_HAL_RUNTIME_VERSION`, then the config file's
/// `[runtime.<id>] runtime_version`; a value that is not a version is a diagnostic.
/// `firm`: the config file's value only (the override is the decided runtime's).
fn from_operator<H: Host>(
    host: &H,
    provider: RuntimeProvider,
    out: &mut Learned,
    firm: bool,
) -> Option<(String, String)> {
    let var = |name: &str| host.var(name).filter(|v| !v.is_empty());
    // 1. The override.
    if let Some(v) = var(vars::GT_HAL_RUNTIME_VERSION).filter(|_| !firm) {
        match v.to_str().and_then(Version::parse) {
            Some(_) => {
                out.tried.push(format!("{} is set", vars::GT_HAL_RUNTIME_VERSION));
                return Some((lossy(&v).trim().to_owned(), vars::GT_HAL_RUNTIME_VERSION.to_owned()));
            }
            None => {
                let message = format!(
                    "ignoring {}={}: not a version (dotted numbers, `2.1.332`)",
                    vars::GT_HAL_RUNTIME_VERSION,
                    quote_value(&v)
                );
                out.diagnostics.push(Diagnostic::new(
                    DiagnosticCode::VersionUnsupported,
                    Some(vars::GT_HAL_RUNTIME_VERSION),
                    message,
                ));
                out.tried.push(format!("{} is not a version", vars::GT_HAL_RUNTIME_VERSION));
            }
        }
    }
    // 1. The config file's `[runtime.<id>] runtime_version` (errors are reported by the
    // commands that apply the file; here a file that cannot be used gives nothing).
    if let ConfigSource::Text { path, text } = crate::settings::read_config(host)
        && let Ok(c) = Config::parse(&path, &text)
        && let Some(v) = c.runtime_str(provider, RUNTIME_VERSION)
    {
        if Version::parse(v).is_some() {
            out.tried.push(format!("the config file's [runtime.{provider}] {RUNTIME_VERSION}"));
            return Some((v.trim().to_owned(), format!("{RUNTIME_VERSION} in {path}")));
        }
        let message = format!(
            "ignoring {RUNTIME_VERSION} = {} in {path}: not a version (dotted numbers, `2.1.332`)",
            quote_value(std::ffi::OsStr::new(v))
        );
        out.diagnostics.push(Diagnostic::new(DiagnosticCode::VersionUnsupported, Some(RUNTIME_VERSION), message));
    }
    None
}

fn lossy(v: &OsString) -> String {
    v.to_string_lossy().into_owned()
}

/// A manifest found.
#[derive(Debug)]
pub(crate) struct Found {
    pub(crate) package: String,
    pub(crate) version: String,
    pub(crate) path: PathBuf,
}

impl Found {
    fn label(&self) -> String {
        format!("{}@{} ({})", self.package, self.version, hal_caps::text::escape_control(&self.path.to_string_lossy()))
    }

    pub(crate) fn label_short(&self) -> String {
        format!("package.json of {}", self.package)
    }
}

/// The manifest of one of `packages` at or above `path` (at most [`MAX_UP`] levels):
/// each candidate is `stat`ed and read only when it is a regular file of at most
/// [`MAX_MANIFEST_BYTES`].
pub(crate) fn manifest_near<H: Host>(host: &H, path: &Path, packages: &[&str]) -> Option<Found> {
    if packages.is_empty() {
        return None;
    }
    let start = match host.stat(path) {
        Ok(Stat::Dir) => path,
        Ok(Stat::File { .. }) => path.parent()?,
        _ => return None,
    };
    for dir in start.ancestors().take(MAX_UP) {
        let manifest = dir.join("package.json");
        let Ok(Stat::File { len }) = host.stat(&manifest) else { continue };
        if len > MAX_MANIFEST_BYTES {
            continue;
        }
        let Ok(bytes) = host.read_file(&manifest, MAX_MANIFEST_BYTES) else { continue };
        let Some((name, version)) = package_name_and_version(&bytes) else { continue };
        if packages.contains(&name.as_str()) && Version::parse(&version).is_some() {
            return Some(Found { package: name, version, path: manifest });
        }
    }
    None
}

/// The most `PATH` entries read.
const MAX_PATH_ENTRIES: usize = 64;

/// The absolute folders of `PATH`, split as the host's platform splits it (at most
/// [`MAX_PATH_ENTRIES`]).
pub(crate) fn path_dirs<H: Host>(host: &H) -> Vec<PathBuf> {
    let Some(path) = host.var(vars::PATH) else { return Vec::new() };
    let platform = host.platform();
    platform.split_paths(&path).into_iter().take(MAX_PATH_ENTRIES).filter(|d| platform.is_absolute(d)).collect()
}

/// A runtime's executable names as commands (no prefix patterns), each once as the
/// platform compares names (`claude` and `claude.exe` are one command on Windows).
pub(crate) fn executable_names(platform: &Platform, r: &Runtime) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for e in r.executables.iter().copied().filter(|e| !e.ends_with('*') && !e.is_empty()) {
        let stem = platform.executable_stem(e);
        if !out.iter().any(|o| platform.same_name(platform.executable_stem(o), stem)) {
            out.push(if stem.len() < e.len() { &e[..stem.len()] } else { e });
        }
    }
    out
}

/// The file a command `exe` is in `dir`, trying the platform's suffixes (`PATHEXT`):
/// only a regular file (or a link to one) is an executable, so a FIFO named `claude` is
/// skipped unopened.
pub(crate) fn executable_in<H: Host>(host: &H, dir: &Path, exe: &str) -> Option<PathBuf> {
    let platform = host.platform();
    let pathext = platform.suffixes_var.and_then(|v| host.var(v)).map(|v| v.to_string_lossy().into_owned());
    platform
        .executable_files(exe, pathext.as_deref())
        .into_iter()
        .map(|f| dir.join(f))
        .find(|candidate| matches!(host.stat(candidate), Ok(Stat::File { .. })))
}

/// The manifest of an install found at `found` (links resolved: `resolved`): at or above
/// the resolved file, else, for a shim that is no link (npm's `codex.cmd` on Windows), in
/// the `node_modules` the platform puts beside its shims.
pub(crate) fn install_manifest<H: Host>(host: &H, found: &Path, resolved: &Path, packages: &[&str]) -> Option<Found> {
    if let Some(m) = manifest_near(host, resolved, packages) {
        return Some(m);
    }
    let modules = found.parent()?.join(host.platform().npm_modules_beside_shims?);
    packages.iter().find_map(|pkg| {
        let mut dir = modules.clone();
        dir.extend(pkg.split('/'));
        manifest_near(host, &dir, &[pkg])
    })
}

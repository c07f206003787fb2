//! `cargo xtask dist`: the `hal` binary to install where it runs in every hook.
//!
//! On x86_64 Linux a static, position-dependent build: no dynamic loader, no libraries
//! to map and no relocations to apply at start-up, which is most of what separates a
//! `cargo build --release` hal from `/bin/true` (BENCHMARKS.md has the numbers for
//! dynamic, static-pie and static). The trade: the image itself is not randomised
//! (stack, heap and mappings still are). Whoever can run hal with chosen inputs (its
//! environment, its ancestors, its config file) can already run anything as that user,
//! so randomising hal's image protects nothing a hook has; `--pie` builds static-pie
//! for those who want it anyway. Elsewhere the plain release build.
//!
//! Without hal-cli's `lint` feature: the binary every hook runs carries no parser (no
//! `syn`, no tree-sitter grammars); its `hal lint` says so and exits 2. `cargo xtask
//! check` builds it and holds it to that ([`check_dist`]).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::util::{cargo, root, run_step, target_dir};

/// The cargo flags of every binary `dist` installs: hal-cli without its `lint` feature.
const WITHOUT_LINT: &[&str] = &["--no-default-features"];

/// Strings only a binary linking the lint's parsers holds: syn's and tree-sitter's source
/// paths (kept in panic locations even in a stripped binary) and tree-sitter's names.
pub(crate) const PARSER_MARKERS: &[&str] = &["tree_sitter", "tree-sitter", "/syn-"];

/// A static build of hal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Static {
    /// Position-dependent: what `dist` installs.
    Plain,
    /// Position-independent (`--pie`).
    Pie,
}

impl Static {
    pub(crate) const fn label(self) -> &'static str {
        match self {
            Self::Plain => "static",
            Self::Pie => "static-pie",
        }
    }
}

/// The cargo flags of the second binary the packages carry beside `hal`: `hal-lint`, hal
/// with the lint and nothing else optional, to which the hook binary hands `hal lint`.
const WITH_LINT: &[&str] = &["--no-default-features", "--features", "lint"];

/// The directories of the build machine a binary could name, each with the name it is
/// written as: the home directory, the workspace and the cargo home (the registry's
/// sources, in panic locations of the dependencies).
fn build_machine_dirs() -> Vec<(String, &'static str)> {
    remapped_dirs(Remap::WithClone)
}

/// Which build machine directories a build's flags remap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Remap {
    /// All of them, the clone included: the target folder is inside the clone, so the
    /// build scripts' `OUT_DIR`s (in panic locations and `include!`s) name it.
    WithClone,
    /// The home directory and the cargo home only, for a target folder outside the clone
    /// (`cargo xtask cross`'s cache). Cargo gives rustc the workspace's own sources
    /// relative to the workspace root, so no path of the clone reaches the binary (the
    /// packages' machine-path check holds every binary to that), and leaving the clone out
    /// keeps the flags, and with them every cached unit, the same for every clone: a
    /// fresh clone recompiles only the workspace's crates.
    OutsideClone,
}

/// The directories `remap` writes as fixed names, outermost first: rustc applies the last
/// remap that matches, so the cargo home (inside the home directory) is `/cargo`, not
/// `/home/.cargo`.
#[allow(clippy::disallowed_methods, reason = "the build machine's own directories, read by the build tool")]
fn remapped_dirs(remap: Remap) -> Vec<(String, &'static str)> {
    let home = std::env::var("HOME").unwrap_or_default();
    let cargo_home = std::env::var("CARGO_HOME").unwrap_or_else(|_| format!("{home}/.cargo"));
    let clone = match remap {
        Remap::WithClone => root().to_string_lossy().into_owned(),
        Remap::OutsideClone => String::new(),
    };
    let dirs = [(home, "/home"), (clone, "/hal"), (cargo_home, "/cargo")];
    dirs.into_iter().filter(|(d, _)| d.len() > 1).collect()
}

/// `RUSTFLAGS` that write the build machine's directories as fixed names (N14 of the
/// third hostile pass: 71 strings of the builder's `~/.cargo/registry/src/…`).
pub(crate) fn remap_flags() -> String {
    remap_flags_for(Remap::WithClone)
}

/// [`remap_flags`] for the directories `remap` names.
pub(crate) fn remap_flags_for(remap: Remap) -> String {
    remapped_dirs(remap).iter().map(|(d, n)| format!("--remap-path-prefix={d}={n}")).collect::<Vec<_>>().join(" ")
}

/// `CFLAGS` (and `CXXFLAGS`) doing the same for the C the lint's grammars compile (their
/// `__FILE__`s, which rustc's remap does not reach), after the caller's own.
#[allow(clippy::disallowed_methods, reason = "the caller's own C flags, read by the build tool")]
fn c_remap_flags(var: &str, remap: Remap) -> String {
    let own = std::env::var(var).unwrap_or_default();
    let remap = remapped_dirs(remap).iter().map(|(d, n)| format!("-ffile-prefix-map={d}={n}")).collect::<Vec<_>>();
    format!("{own} {}", remap.join(" ")).trim().to_owned()
}

/// The build machine's directories remapped in what `build` compiles: Rust and C.
pub(crate) fn remapped(build: &mut Command, rustflags: String) {
    remapped_for(build, rustflags, Remap::WithClone);
}

/// [`remapped`] for the directories `remap` names (`rustflags` should hold
/// [`remap_flags_for`] of the same).
pub(crate) fn remapped_for(build: &mut Command, rustflags: String, remap: Remap) {
    build
        .env("RUSTFLAGS", rustflags)
        .env("CFLAGS", c_remap_flags("CFLAGS", remap))
        .env("CXXFLAGS", c_remap_flags("CXXFLAGS", remap));
}

/// Which of `dirs` occur in `bytes` (followed by `/`: a path below them).
fn machine_paths(bytes: &[u8], dirs: &[String]) -> Vec<String> {
    dirs.iter()
        .filter(|d| {
            let needle = format!("{d}/");
            bytes.windows(needle.len()).any(|w| w == needle.as_bytes())
        })
        .cloned()
        .collect()
}

/// Builds a static binary; its path.
pub(crate) fn build_static(kind: Static) -> Result<PathBuf, String> {
    build_static_with(kind, WITHOUT_LINT, "hal")
}

/// Builds `hal-lint`, the static full-lint build the packages carry beside the hook
/// binary (`hal lint` there runs it), into `target/dist-lint/hal-lint`; its path.
pub(crate) fn build_lint_binary() -> Result<PathBuf, String> {
    let built = match build_static_with(Static::Plain, WITH_LINT, "hal-lint") {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}; using the plain release build");
            build_release(WITH_LINT)?
        }
    };
    let out = target_dir().join("dist-lint");
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let dest = out.join("hal-lint");
    std::fs::copy(&built, &dest).map_err(|e| format!("{}: {e}", dest.display()))?;
    Ok(dest)
}

/// Builds a static binary with the cargo `features` flags (`what` names it); its path,
/// valid until the next build in the same directory.
fn build_static_with(kind: Static, features: &[&str], what: &str) -> Result<PathBuf, String> {
    if !cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        return Err("static builds are for x86_64 Linux".to_owned());
    }
    let (flags, dir) = match kind {
        Static::Plain => ("-C target-feature=+crt-static -C relocation-model=static", "static"),
        Static::Pie => ("-C target-feature=+crt-static", "static-pie"),
    };
    let dir = target_dir().join(dir);
    let mut build = cargo();
    build.args(["build", "--release", "-p", "hal-cli", "--target", "x86_64-unknown-linux-gnu"]);
    let flags = format!("{flags} {}", remap_flags());
    build.args(features).arg("--target-dir").arg(&dir);
    remapped(&mut build, flags);
    run_step(&format!("{} release build of {what}", kind.label()), build)?;
    Ok(dir.join("x86_64-unknown-linux-gnu/release/hal"))
}

/// Builds the plain (dynamic) release binary with the extra cargo flags `extra` (none:
/// what `cargo install` builds, but with the build machine's directories remapped,
/// [`remap_flags`]); its path.
pub(crate) fn build_release(extra: &[&str]) -> Result<PathBuf, String> {
    let mut build = cargo();
    build.args(["build", "--release", "-p", "hal-cli"]).args(extra);
    remapped(&mut build, remap_flags());
    run_step("release build of hal", build)?;
    Ok(target_dir().join("release/hal"))
}

/// Builds `target/dist/hal` (under `$CARGO_TARGET_DIR` where set); its path.
pub(crate) fn build_dist(kind: Static) -> Result<PathBuf, String> {
    let built = match build_static(kind) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}; using the plain release build");
            build_release(WITHOUT_LINT)?
        }
    };
    let out = target_dir().join("dist");
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let dest = out.join("hal");
    std::fs::copy(&built, &dest).map_err(|e| format!("{}: {e}", dest.display()))?;
    Ok(dest)
}

/// Writes `target/dist/hal` and prints its path.
pub(crate) fn dist(pie: bool) -> Result<(), String> {
    let kind = if pie { Static::Pie } else { Static::Plain };
    println!("{}", build_dist(kind)?.display());
    Ok(())
}

/// The parser markers `binary` holds.
pub(crate) fn parser_markers(binary: &[u8]) -> Vec<&'static str> {
    PARSER_MARKERS.iter().copied().filter(|m| binary.windows(m.len()).any(|w| w == m.as_bytes())).collect()
}

/// Fails when `bytes` (the binary at `binary`) name a directory of the build machine.
pub(crate) fn no_machine_paths(binary: &Path, bytes: &[u8]) -> Result<(), String> {
    let dirs: Vec<String> = build_machine_dirs().into_iter().map(|(d, _)| d).collect();
    let leaked = machine_paths(bytes, &dirs);
    if leaked.is_empty() {
        Ok(())
    } else {
        Err(format!("{} holds paths of the build machine: {leaked:?}", binary.display()))
    }
}

/// Holds a dist binary to its promise: no parser inside, and `hal lint` exits 2 saying
/// why. Its size in bytes.
pub(crate) fn verify_dist(binary: &Path) -> Result<u64, String> {
    let bytes = std::fs::read(binary).map_err(|e| format!("{}: {e}", binary.display()))?;
    let markers = parser_markers(&bytes);
    if !markers.is_empty() {
        return Err(format!("{} links the lint's parsers (it holds {markers:?})", binary.display()));
    }
    no_machine_paths(binary, &bytes)?;
    let out = Command::new(binary)
        .args(["lint", "."])
        .env_clear()
        .current_dir(root())
        .output()
        .map_err(|e| format!("{}: {e}", binary.display()))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.code() != Some(2) || !stderr.contains("built without the lint") {
        return Err(format!(
            "{} lint: {} with {stderr:?}; expected exit 2 and the explanation",
            binary.display(),
            out.status
        ));
    }
    Ok(bytes.len() as u64)
}

/// `cargo xtask check`'s dist step: builds `target/dist/hal` and verifies it.
#[cfg(feature = "suite")]
pub(crate) fn check_dist() -> Result<(), String> {
    let binary = build_dist(Static::Plain)?;
    let size = verify_dist(&binary)?;
    eprintln!(
        "    target/dist/hal: {size} bytes, no syn or tree-sitter inside; `hal lint` exits 2 with the explanation"
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::parser_markers;

    /// The dist check finds a build machine's path in a binary's bytes, and the remap
    /// flags name every such directory.
    #[test]
    fn a_build_machine_path_in_a_binary_is_found() {
        let dirs = vec!["/home/builder/.cargo".to_owned(), "/srv/build/hal".to_owned()];
        let bytes = b"\0panicked at /home/builder/.cargo/registry/src/x/clap/src/lib.rs\0/cargo/registry\0";
        assert_eq!(super::machine_paths(bytes, &dirs), ["/home/builder/.cargo"]);
        assert!(super::machine_paths(b"/cargo/registry/src/x /hal/src", &dirs).is_empty());
        let flags = super::remap_flags();
        for (d, _) in super::build_machine_dirs() {
            assert!(flags.contains(&format!("--remap-path-prefix={d}=")), "{flags}");
        }
        // The cache's flags name no clone, so every clone shares its units.
        let shared = super::remap_flags_for(super::Remap::OutsideClone);
        let clone = crate::util::root().display().to_string();
        assert!(!shared.contains(&format!("={clone}=")) && !shared.contains("=/hal"), "{shared}");
        assert!(shared.contains("=/cargo"), "{shared}");
    }

    #[test]
    fn markers_are_found_in_bytes_and_only_there() {
        let full = b"..\0/cargo/registry/src/x/syn-2.0.119/src/expr.rs\0tree_sitter_bash\0";
        assert_eq!(parser_markers(full), ["tree_sitter", "/syn-"]);
        assert_eq!(parser_markers(b"hal detect: codex (marker CODEX_THREAD_ID)"), Vec::<&str>::new());
    }
}

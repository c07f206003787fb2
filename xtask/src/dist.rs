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

use std::path::PathBuf;

use crate::check::{cargo, root, run_step};

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

/// Builds a static binary; its path.
pub(crate) fn build_static(kind: Static) -> Result<PathBuf, String> {
    if !cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        return Err("static builds are for x86_64 Linux".to_owned());
    }
    let (flags, dir) = match kind {
        Static::Plain => ("-C target-feature=+crt-static -C relocation-model=static", "target/static"),
        Static::Pie => ("-C target-feature=+crt-static", "target/static-pie"),
    };
    let mut build = cargo();
    build.args(["build", "-q", "--release", "-p", "hal-cli", "--target", "x86_64-unknown-linux-gnu"]);
    build.args(["--target-dir", dir]).env("RUSTFLAGS", flags);
    run_step(&format!("{} release build of hal", kind.label()), build)?;
    Ok(root().join(dir).join("x86_64-unknown-linux-gnu/release/hal"))
}

/// Builds the plain (dynamic) release binary; its path.
pub(crate) fn build_release() -> Result<PathBuf, String> {
    let mut build = cargo();
    build.args(["build", "-q", "--release", "-p", "hal-cli"]);
    run_step("release build of hal", build)?;
    Ok(root().join("target/release/hal"))
}

/// Writes `target/dist/hal` and prints its path.
pub(crate) fn dist(args: &[String]) -> Result<(), String> {
    let kind = match args {
        [] => Static::Plain,
        [flag] if flag == "--pie" => Static::Pie,
        _ => return Err("usage: cargo xtask dist [--pie]".to_owned()),
    };
    let built = match build_static(kind) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}; using the plain release build");
            build_release()?
        }
    };
    let out = root().join("target/dist");
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let dest = out.join("hal");
    std::fs::copy(&built, &dest).map_err(|e| format!("{}: {e}", dest.display()))?;
    println!("{}", dest.display());
    Ok(())
}

//! `cargo xtask dist`: the `hal` binary to install where it runs in every hook.
//!
//! On x86_64 Linux a static-pie build (no dynamic loader work at start-up: 1.9x
//! `/bin/true` instead of 2.3x, see BENCHMARKS.md); elsewhere the plain release build.

use std::path::PathBuf;

use crate::check::{cargo, root};

/// Builds the static-pie binary; its path.
pub(crate) fn build_static() -> Result<PathBuf, String> {
    if !cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        return Err("the static-pie build is for x86_64 Linux".to_owned());
    }
    eprintln!("==> static-pie release build of hal");
    let status = cargo()
        .args(["build", "-q", "--release", "-p", "hal-cli", "--target", "x86_64-unknown-linux-gnu"])
        .args(["--target-dir", "target/static"])
        .env("RUSTFLAGS", "-C target-feature=+crt-static")
        .status()
        .map_err(|e| e.to_string())?;
    if !status.success() {
        return Err("the static-pie build failed".to_owned());
    }
    Ok(root().join("target/static/x86_64-unknown-linux-gnu/release/hal"))
}

/// Writes `target/dist/hal` and prints its path.
pub(crate) fn dist() -> Result<(), String> {
    let built = match build_static() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}; using the plain release build");
            let status =
                cargo().args(["build", "-q", "--release", "-p", "hal-cli"]).status().map_err(|e| e.to_string())?;
            if !status.success() {
                return Err("release build failed".to_owned());
            }
            root().join("target/release/hal")
        }
    };
    let out = root().join("target/dist");
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let dest = out.join("hal");
    std::fs::copy(&built, &dest).map_err(|e| format!("{}: {e}", dest.display()))?;
    println!("{}", dest.display());
    Ok(())
}

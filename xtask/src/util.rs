//! Helpers every task shares: the workspace root, the cargo that runs us, cargo's target
//! directory and a timed step, the conformance suite's own (one definition for both).
//! They import nothing of this crate, so every task module can import them without a
//! circle.

#[path = "../../hal-conformance/src/build_tool.rs"]
#[allow(unreachable_pub, reason = "the suite's own file, where they are its public API")]
mod build_tool;

pub(crate) use build_tool::{cache_dir, cargo, root, run_step, target_dir};

/// Set in the environment of a task rerun with the suite, so that a build without it
/// fails instead of rerunning again.
#[cfg(not(feature = "suite"))]
const RERUN: &str = "HAL_XTASK_WITH_SUITE";

/// Reruns this `cargo xtask` command with xtask built with the `suite` feature (the
/// conformance suite and the lint's harness), exiting with its status.
#[cfg(not(feature = "suite"))]
#[allow(clippy::disallowed_methods, reason = "the rerun marker, xtask's own variable")]
pub(crate) fn rerun_with_suite() -> Result<(), String> {
    if std::env::var_os(RERUN).is_some() {
        return Err("xtask was rerun to get the `suite` feature and still lacks it".to_owned());
    }
    let mut c = cargo();
    c.args(["run", "-q", "-p", "xtask", "--features", "suite", "--"]).args(std::env::args_os().skip(1));
    let status = c.env(RERUN, "1").status().map_err(|e| format!("cargo run -p xtask --features suite: {e}"))?;
    std::process::exit(status.code().unwrap_or(1))
}

/// The names of the workspace's crates that `cargo publish` publishes (`cargo metadata`:
/// every member whose `publish` is not `false`).
pub(crate) fn publishable_crates() -> Result<Vec<String>, String> {
    let out = cargo()
        .args(["metadata", "--no-deps", "--format-version", "1", "--offline"])
        .current_dir(root())
        .output()
        .map_err(|e| format!("cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err(format!("cargo metadata: {}", String::from_utf8_lossy(&out.stderr).trim()));
    }
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).map_err(|e| format!("cargo metadata: {e}"))?;
    let packages = meta["packages"].as_array().ok_or("cargo metadata: no packages")?;
    let publishable = packages.iter().filter(|p| p["publish"].as_array().is_none_or(|r| !r.is_empty()));
    Ok(publishable.filter_map(|p| p["name"].as_str().map(str::to_owned)).collect())
}

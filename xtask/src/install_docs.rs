//! The install lines of README and the packages' READMEs held to what `cargo xtask
//! package` writes: every `target/package/<file>` they name (a `*` matching any run of
//! characters) is a file a build writes, at hal's version. `cargo xtask package` checks
//! them against the files it built; a test against the names npm and the wheel builder
//! give the packages `bindings/node/package.json` lists.

use std::path::{Path, PathBuf};

use crate::util::root;

/// The documents that tell users to install from `target/package/`.
const INSTALL_DOCS: &[&str] = &["README.md", "bindings/node/README.md", "bindings/python/README.md"];

/// Whether `name` (a file name, `*` matching any run of characters) names `file`.
fn names(name: &str, file: &str) -> bool {
    let mut parts = name.split('*');
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = file.strip_prefix(first) else { return false };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Holds the install lines of [`INSTALL_DOCS`] to `built` (the file names `cargo xtask
/// package` writes): every `target/package/<name>` a document names is a file built,
/// and each document names at least one. An error lists what no build writes.
fn install_lines_name(built: &[String]) -> Result<(), String> {
    let mut wrong = Vec::new();
    for doc in INSTALL_DOCS {
        let text = std::fs::read_to_string(root().join(doc)).map_err(|e| format!("{doc}: {e}"))?;
        let named: Vec<&str> = text
            .split("target/package/")
            .skip(1)
            .filter_map(|rest| rest.split(|c: char| c.is_whitespace() || c == '`').next())
            .filter(|n| Path::new(n).extension().is_some_and(|e| e == "tgz" || e == "whl"))
            .collect();
        if named.is_empty() {
            wrong.push(format!("{doc} names no package file of target/package/"));
        }
        for name in named {
            if !built.iter().any(|f| names(name, f)) {
                wrong.push(format!("{doc} names target/package/{name}, which no build writes (built: {built:?})"));
            }
        }
    }
    if wrong.is_empty() { Ok(()) } else { Err(wrong.join("\n")) }
}

/// [`install_lines_name`] against the files `cargo xtask package` built.
pub(crate) fn check<'a>(built: impl Iterator<Item = &'a PathBuf>) -> Result<(), String> {
    let names: Vec<String> = built.filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned())).collect();
    install_lines_name(&names)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `npm pack` names a package's tarball: `@scope/name` at `v` is `scope-name-v.tgz`.
    fn tarball(name: &str, v: &str) -> String {
        format!("{}-{v}.tgz", name.trim_start_matches('@').replace('/', "-"))
    }

    /// The install lines name the tarballs of the client and its platform packages (as
    /// `bindings/node/package.json` lists them) and a wheel, at the client's version.
    #[test]
    fn the_install_lines_name_the_files_a_build_writes() {
        // The client's manifest is at hal's version (`cargo xtask package` holds it so).
        let text = std::fs::read_to_string(root().join("bindings/node/package.json")).unwrap();
        let manifest: serde_json::Value = serde_json::from_str(&text).unwrap();
        let v = manifest["version"].as_str().unwrap().to_owned();
        let mut built = vec![tarball(manifest["name"].as_str().unwrap(), &v)];
        built.extend(manifest["optionalDependencies"].as_object().unwrap().keys().map(|p| tarball(p, &v)));
        // The x86_64 Linux wheel's tag starts so (package.rs's platforms; `cargo xtask
        // package` checks the lines against the wheel it built).
        built.push(format!("hal_runtime-{v}-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl"));
        install_lines_name(&built).unwrap();
        assert!(install_lines_name(&[tarball("@gastown-chipset/hal", "0.0.0")]).is_err(), "the check can fail");
        assert!(names("hal_runtime-1-*.whl", "hal_runtime-1-py3-none-x.whl"));
        assert!(!names("hal_runtime-1-*.whl", "hal_runtime-2-py3-none-x.whl"));
        assert!(names("a.tgz", "a.tgz") && !names("a.tgz", "a.tgz.x") && !names("a*b*c", "a-b"));
        assert!(check([PathBuf::from("x/a.tgz")].iter()).is_err());
    }
}

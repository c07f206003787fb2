//! `cargo xtask new-runtime <id>`: the skeleton of a new runtime (ruff's `add_rule.py`).
//! Writes its descriptor `hal-registry/src/runtimes/<id>.rs`, its variant in
//! `hal-types/src/enums.rs`, and its `mod` line and `REGISTRY` line in
//! `hal-registry/src/runtimes/mod.rs`; the tests then say what the descriptor still
//! lacks (a marker or an executable, a source, a payload's fixtures).

use std::fmt::Write as _;
use std::path::Path;

/// The module name of `id` (`-` as `_`; a Rust keyword as a raw identifier).
fn module(id: &str) -> String {
    let m = id.replace('-', "_");
    if ["continue", "loop", "match", "move", "type", "use", "where", "while"].contains(&m.as_str()) {
        format!("r#{m}")
    } else {
        m
    }
}

/// The `RuntimeProvider` variant of `id`: `foo-bar` is `FooBar`.
fn variant(id: &str) -> String {
    id.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
        })
        .collect()
}

/// Whether `id` can be a runtime's id: lowercase ASCII letters and digits, words joined
/// by single `-`, starting with a letter.
fn valid(id: &str) -> bool {
    id.starts_with(|c: char| c.is_ascii_lowercase())
        && id.split('-').all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()))
}

/// The descriptor's skeleton.
fn skeleton(id: &str, name: &str) -> String {
    let v = variant(id);
    format!(
        "//! {name}: every fact hal holds of it, one descriptor (see [`super`]).\n\
         \n\
         use crate::registry::model::{{Runtime, Source}};\n\
         use hal_types::RuntimeProvider as P;\n\
         \n\
         pub(super) const ROW: Runtime = Runtime {{\n    \
             // Its markers (`Marker::strong(\"VAR\", Truthy).secondary()`), executables,\n    \
             // session variables and hooks (`Hooks::native(files, inject, EVENTS)`): see\n    \
             // `crate::registry::model::Runtime`. State each fact once: its `LAUNCH` takes\n    \
             // its executable from the row (`exe(&ROW, source)`), its config folder is\n    \
             // `config_folder!(\"~/.x\")` (files in it: `home!()`), versions a live run verified are in a\n    \
             // `pub mod live` (see codex.rs; `hal-caps/tests/derived.rs`, `provenance.rs`).\n    \
             sources: &[Source::secondary(\"<where this was read>\")],\n    \
             ..Runtime::new(P::{v}, \"{name}\")\n\
         }};\n"
    )
}

/// `text` with `line` inserted before the first line of `lines` (after `after`) that
/// sorts after it, or before `end`.
fn insert_sorted(
    text: &str,
    after: &str,
    end: &str,
    line: &str,
    key: impl Fn(&str) -> String,
) -> Result<String, String> {
    let start = text.find(after).ok_or_else(|| format!("no `{after}`"))? + after.len();
    let stop = start + text[start..].find(end).ok_or_else(|| format!("no `{end}` after `{after}`"))?;
    let mut at = stop;
    let mut offset = start;
    for l in text[start..stop].split_inclusive('\n') {
        if !l.trim().is_empty() && key(l) > key(line) {
            at = offset;
            break;
        }
        offset += l.len();
    }
    Ok(format!("{}{line}{}", &text[..at], &text[at..]))
}

/// Writes the skeleton of runtime `id` (named `name`) under `root`.
pub(crate) fn new_runtime(root: &Path, id: &str, name: Option<&str>) -> Result<(), String> {
    if !valid(id) {
        return Err(format!("`{id}` is no runtime id: lowercase letters and digits, words joined by `-`"));
    }
    let dir = root.join("hal-registry/src/runtimes");
    let m = module(id);
    let file = dir.join(format!("{}.rs", m.trim_start_matches("r#")));
    if file.exists() {
        return Err(format!("{} exists", file.display()));
    }
    let enums_path = root.join("hal-types/src/enums.rs");
    let enums = std::fs::read_to_string(&enums_path).map_err(|e| e.to_string())?;
    let v = variant(id);
    if enums.contains(&format!(" = \"{id}\",")) {
        return Err(format!("`{id}` is already a variant in hal-types/src/enums.rs"));
    }
    let name = name.unwrap_or(id);
    let open = "pub enum RuntimeProvider(";
    let at = enums.find(open).ok_or("no RuntimeProvider in hal-types/src/enums.rs")?;
    let close = at + enums[at..].find("\n    }\n").ok_or("no end of RuntimeProvider")?;
    let mut variant_lines = String::new();
    let _ = write!(variant_lines, "\n        /// {name}.\n        {v} = \"{id}\",");
    let enums = format!("{}{variant_lines}{}", &enums[..close], &enums[close..]);

    let mod_path = dir.join("mod.rs");
    let list = std::fs::read_to_string(&mod_path).map_err(|e| e.to_string())?;
    let key = |l: &str| l.trim().trim_start_matches("pub mod ").trim_start_matches("r#").to_owned();
    let list = insert_sorted(&list, "mod shared;\n\n", "\n\n", &format!("pub mod {m};\n"), key)?;
    let unknown = "    unknown::ROW,\n";
    let at = list.find(unknown).ok_or("no `unknown::ROW` in REGISTRY")?;
    // Marker priority: a new runtime goes last, before `unknown`; move it up if it sets or
    // keeps another runtime's markers (the order's rule, above `REGISTRY`).
    let list = format!("{}    {m}::ROW,\n{}", &list[..at], &list[at..]);

    std::fs::write(&file, skeleton(id, name)).map_err(|e| e.to_string())?;
    std::fs::write(&enums_path, enums).map_err(|e| e.to_string())?;
    std::fs::write(&mod_path, list).map_err(|e| e.to_string())?;
    println!(
        "wrote {} and its variant `{v}` (hal-types/src/enums.rs), its `mod` and `REGISTRY` lines \
         (runtimes/mod.rs).\nNext: its markers, executables and sources in its file; if it has hooks, its \
         `EVENTS`, its `PAYLOAD` (a line in `PAYLOADS`) and fixtures under hal-caps/tests/fixtures/hooks/{id}/; \
         then `cargo xtask codegen`, `cargo insta review` and the tests (ARCHITECTURE.md, \"A new runtime\").",
        file.strip_prefix(root).unwrap_or(&file).display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_map_to_variants_and_modules() {
        assert_eq!(variant("grok-cli"), "GrokCli");
        assert_eq!(variant("v0"), "V0");
        assert_eq!(module("qwen-code"), "qwen_code");
        assert_eq!(module("continue"), "r#continue");
        for bad in ["", "Foo", "a--b", "-a", "a-", "1a", "a_b", "a b"] {
            assert!(!valid(bad), "{bad:?}");
        }
        assert!(valid("pi-signed") && valid("v0"));
    }

    /// The skeleton goes where the workspace's files say, and every registry row's
    /// descriptor file is its id's (the recipe's premise).
    #[test]
    fn the_skeleton_lands_in_a_copy_of_the_workspace() {
        let root = crate::util::root();
        let tmp = std::env::temp_dir().join(format!("hal-new-runtime-{}", std::process::id()));
        let dir = tmp.join("hal-registry/src/runtimes");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::create_dir_all(tmp.join("hal-types/src")).unwrap();
        for f in ["hal-registry/src/runtimes/mod.rs", "hal-types/src/enums.rs"] {
            std::fs::copy(root.join(f), tmp.join(f)).unwrap();
        }
        // An id no workspace holds (a recipe run may have added `made-up`).
        new_runtime(&tmp, "xtask-test-rt", Some("Made Up")).unwrap();
        let file = std::fs::read_to_string(dir.join("xtask_test_rt.rs")).unwrap();
        assert!(file.contains("..Runtime::new(P::XtaskTestRt, \"Made Up\")"), "{file}");
        let list = std::fs::read_to_string(dir.join("mod.rs")).unwrap();
        assert!(
            list.contains("\npub mod xtask_test_rt;\n")
                && list.contains("    xtask_test_rt::ROW,\n    unknown::ROW,\n"),
            "{list}"
        );
        let enums = std::fs::read_to_string(tmp.join("hal-types/src/enums.rs")).unwrap();
        assert!(enums.contains("        /// Made Up.\n        XtaskTestRt = \"xtask-test-rt\",\n    }"), "no variant");
        assert!(new_runtime(&tmp, "xtask-test-rt", None).is_err(), "a second time");
        std::fs::remove_dir_all(&tmp).unwrap();
        for r in hal_caps::registry::REGISTRY {
            let m = module(r.provider.as_str());
            assert!(
                root.join("hal-registry/src/runtimes").join(format!("{}.rs", m.trim_start_matches("r#"))).is_file(),
                "{m}"
            );
        }
    }
}

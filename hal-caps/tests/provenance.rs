//! Tidy: a live version is written in one source file per runtime (issue 48). Each
//! version a live run verified (a row's `Verified` record: its `version` and `older`) is
//! spelled out only in that runtime's descriptor, `hal-registry/src/runtimes/<id>.rs`;
//! every other source (the suite's older-version specs, xtask's checks, the tests)
//! refers to it through the registry, by name or by reading the record.
//!
//! Excepted, and why ([`EXCEPTED`]): the version parsers' tests and doc examples, where a
//! real version string is the point (`hal-registry/src/version.rs`, and the `AI_AGENT`
//! parser `hal-registry/src/declared.rs`, whose `_2-1-332_` form a live run observed),
//! and two doc comments that are the published JSON schemas' descriptions
//! (`hal-types/src/detection.rs`, `hal-cli/src/answers.rs`: `schema/*.json` is generated
//! from them, and the JSON stays as it is). A version two runtimes both verified may be
//! written in both their descriptors.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use hal_caps::REGISTRY;

/// Files that may spell any version (see the module's documentation for why).
const EXCEPTED: &[&str] = &[
    "hal-registry/src/version.rs",
    "hal-registry/src/declared.rs",
    "hal-types/src/detection.rs",
    "hal-cli/src/answers.rs",
];

/// Every `.rs` file of the workspace under `dir`, recursively (not `target`, not `.git`).
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if !name.starts_with('.') && name != "target" && name != "node_modules" {
                sources(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether `text` spells `version` as a whole version: not inside a longer number or word
/// (`9.8.7` is not in `19.8.7`, `9.8.70` or `9.8.7.5`).
fn spells(text: &str, version: &str) -> bool {
    text.match_indices(version).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = &text[i + version.len()..];
        let mut rest = after.chars();
        let next = rest.next();
        let joined = before.is_some_and(|c| c.is_alphanumeric() || c == '.' || c == '_')
            || next.is_some_and(|c| c.is_alphanumeric() || c == '_')
            || (next == Some('.') && rest.next().is_some_and(|c| c.is_ascii_digit()));
        !joined
    })
}

#[test]
fn a_live_version_is_written_in_its_descriptor_only() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut files = Vec::new();
    sources(root, &mut files);
    assert!(files.len() > 200, "{} sources", files.len());
    let texts: Vec<(String, String)> = files
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            (rel, std::fs::read_to_string(f).unwrap_or_default())
        })
        .collect();
    // Each live version → the descriptors that may write it.
    let mut owners: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for r in REGISTRY {
        for v in r.verified.iter().flat_map(hal_caps::registry::Verified::versions) {
            owners
                .entry(v)
                .or_default()
                .push(format!("hal-registry/src/runtimes/{}.rs", r.provider.as_str().replace('-', "_")));
        }
    }
    assert!(owners.len() > 30, "{} live versions", owners.len());
    let mut found = Vec::new();
    for (v, allowed) in &owners {
        for (rel, text) in &texts {
            if spells(text, v) && !allowed.contains(rel) && !EXCEPTED.contains(&rel.as_str()) {
                let lines: Vec<usize> =
                    text.lines().enumerate().filter(|(_, l)| spells(l, v)).map(|(i, _)| i + 1).collect();
                found.push(format!("{rel}:{lines:?}: {v} (live in {})", allowed.join(", ")));
            }
        }
    }
    assert!(
        found.is_empty(),
        "live versions written outside their descriptor ({}):\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn spells_finds_whole_versions_only() {
    assert!(spells("claude@9.8.7 ran", "9.8.7"));
    assert!(spells("\"9.8.7\"", "9.8.7"));
    assert!(spells("9.8.7.", "9.8.7"), "a sentence's full stop");
    for other in ["19.8.7", "9.8.70", "9.8.7.5", "x_9.8.7"] {
        assert!(!spells(other, "9.8.7"), "{other}");
    }
}

//! Facts a descriptor states once and the registry derives (issue 48): the launch
//! executable from the row's executables, the files in a runtime's config folder from
//! the folder, a Gastown preset's process names (and its name) from the row. Each check
//! fails when the derivation breaks, or when a descriptor writes the fact again.

use std::path::Path;

use hal_caps::registry::launch::LAUNCH;
use hal_caps::{REGISTRY, runtime};
use hal_types::RuntimeProvider as P;

/// The launch executable is the row's first executable, else its first script name, else
/// its base runtime's: pinned where the rule decides between names.
#[test]
fn the_launch_executable_is_the_rows_first() {
    let pinned = [
        (P::Cursor, "cursor-agent"), // before `cursor`, the IDE's launcher
        (P::Claude, "claude"),       // before `claude.exe`
        (P::GrokCli, "grok"),        // a script name: no executable of its own
        (P::GroqCompound, "claude"), // a variant: its base's
        (P::Continue, "cn"),
        (P::Kiro, "kiro-cli"),
    ];
    for (p, exe) in pinned {
        let l = hal_caps::registry::launch::launch(p).unwrap_or_else(|| panic!("{p}: no launch facts"));
        assert_eq!(l.executable.value, exe, "{p}");
    }
    for l in LAUNCH {
        let r = runtime(l.provider);
        let want = r.launched().or_else(|| r.variant_of.and_then(|b| runtime(b).launched()));
        assert_eq!(Some(l.executable.value), want, "{}", l.provider);
    }
}

/// A runtime whose hook files live in HOME keeps at least one in its config folder:
/// the folder and the files are one fact.
#[test]
fn home_hook_files_live_in_the_config_folder() {
    let mut checked = 0;
    for l in LAUNCH {
        let Some(dir) = l.config_dir.map(|d| d.value.dir) else { continue };
        let r = runtime(l.provider);
        let hooks = r.hooks.or_else(|| r.variant_of.and_then(|b| runtime(b).hooks));
        let home: Vec<&str> =
            hooks.iter().flat_map(|h| h.files.iter().copied()).filter(|f| f.starts_with("~/")).collect();
        if home.is_empty() {
            continue;
        }
        checked += 1;
        let inside = |f: &&str| f.strip_prefix(dir).is_some_and(|rest| rest.starts_with('/'));
        assert!(home.iter().any(inside), "{}: config folder {dir}, hook files {home:?}", l.provider);
    }
    assert!(checked >= 18, "{checked} runtimes checked");
}

/// Every Gastown preset is named after its runtime's id (`GT_AGENT`), and its process
/// names hold the runtime's own executable.
#[test]
fn a_presets_name_and_process_names_come_from_the_row() {
    let mut presets = 0;
    for r in REGISTRY {
        let Some(g) = r.gastown else { continue };
        presets += 1;
        assert_eq!(g.name, r.provider.as_str());
        let names = hal_caps::registry::gastown_process_names(r);
        let own = r.launched().or_else(|| r.variant_of.and_then(|b| runtime(b).launched()));
        assert!(own.is_some_and(|o| names.contains(&o)), "{}: {names:?} lacks {own:?}", r.provider);
        assert_eq!(names.len(), g.process_names.len(), "{}: every name resolves", r.provider);
    }
    assert_eq!(presets, 14, "Gastown's 14 presets");
}

/// The string literals of a Rust source, in order (escapes kept as written).
fn literals(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = source.chars().peekable();
    let mut current: Option<String> = None;
    while let Some(c) = chars.next() {
        match (&mut current, c) {
            (Some(s), '\\') => {
                s.push(c);
                s.extend(chars.next());
            }
            (Some(_), '"') => out.extend(current.take()),
            (Some(s), _) => s.push(c),
            (None, '/') if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            (None, '\'') if chars.peek() == Some(&'"') => {
                chars.next();
            }
            (None, '"') => current = Some(String::new()),
            (None, _) => {}
        }
    }
    out
}

/// The descriptor files, with the provider each describes (its id, `-` as `_`).
fn descriptors() -> Vec<(P, String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hal-registry/src/runtimes");
    let mut out = Vec::new();
    for p in P::ALL.iter().copied() {
        let file = format!("{}.rs", p.as_str().replace('-', "_"));
        let text = std::fs::read_to_string(dir.join(&file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        out.push((p, file, text));
    }
    out
}

/// No descriptor writes a derived fact again: a launch executable, a preset's name or
/// process names as literals, its config folder or the hook file Gastown's adapter writes
/// in more than one literal.
#[test]
fn no_descriptor_writes_a_derived_fact_again() {
    let mut found = Vec::new();
    for (p, file, text) in descriptors() {
        for written in ["executable: c(\"", "GastownPreset::hooked(\"", "GastownPreset::unhooked(\""] {
            if text.contains(written) {
                found.push(format!("{file}: `{written}`"));
            }
        }
        // The hook file Gastown's adapter writes, where it is one of the row's hook files.
        let row = runtime(p);
        let adapter = row.gastown.and_then(|g| g.adapter).map(|a| a.file);
        if let Some(hooks) = adapter.filter(|f| row.hooks.is_some_and(|h| h.files.contains(f))) {
            let copies = literals(&text).into_iter().filter(|s| s == hooks).count();
            if copies > 1 {
                found.push(format!("{file}: the adapter's hook file {hooks} in {copies} literals"));
            }
        }
        if let Some(dir) = hal_caps::registry::launch::launch(p).and_then(|l| l.config_dir).map(|d| d.value.dir) {
            let copies = literals(&text).into_iter().filter(|s| s == dir || s.starts_with(&format!("{dir}/"))).count();
            if copies > 1 {
                found.push(format!("{file}: the config folder {dir} in {copies} literals"));
            }
        }
    }
    assert!(found.is_empty(), "derived facts written again: {found:#?}");
}

#[test]
fn the_literal_reader_skips_comments_and_keeps_escapes() {
    let got = literals("let a = \"x\\\"y\"; // \"not\"\nlet b = '\"'; f(\"~/.c\", concat!(home!(), \"/h\"));");
    assert_eq!(got, ["x\\\"y", "~/.c", "/h"]);
}

/// No descriptor spells a source, a path or a package twice (a literal of 12 or more
/// characters holding `/`, `@` or `:`): the second use names the first (a `const`).
#[test]
fn no_descriptor_spells_a_source_twice() {
    let mut found = Vec::new();
    for (_, file, text) in descriptors() {
        let mut seen = std::collections::BTreeMap::<String, usize>::new();
        for l in literals(&text).into_iter().filter(|l| l.len() >= 12 && l.contains(['/', '@', ':'])) {
            *seen.entry(l).or_default() += 1;
        }
        found.extend(seen.into_iter().filter(|(_, n)| *n > 1).map(|(l, n)| format!("{file}: {l:?} {n} times")));
    }
    assert!(found.is_empty(), "spelled twice: {found:#?}");
}

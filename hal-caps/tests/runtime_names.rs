//! Tidy: where runtimes may be named. The payload-reading code (`src/hook.rs`,
//! `src/hook/read.rs`) names none: everything it knows of a runtime's payload is a row of
//! `registry::payloads`. No source file of the shipped crates names one outside the files
//! ARCHITECTURE.md lists for a new runtime (its variant in `hal-types/src/enums.rs`, its
//! rows under `hal-registry/src/`), so a new runtime needs no other source edit.

use std::path::{Path, PathBuf};

use hal_types::RuntimeProvider as P;

/// The code of a Rust source: line comments (doc comments included) dropped, string
/// and character literals kept.
fn code(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut chars = source.chars().peekable();
    let mut in_str = false;
    while let Some(c) = chars.next() {
        if in_str {
            out.push(c);
            match c {
                '\\' => out.extend(chars.next()),
                '"' => in_str = false,
                _ => {}
            }
        } else if c == '\'' && chars.peek() == Some(&'"') {
            // The character literal '"' (not a string's start).
            out.push(c);
            out.extend(chars.next());
        } else if c == '/' && chars.peek() == Some(&'/') {
            for c in chars.by_ref() {
                if c == '\n' {
                    out.push('\n');
                    break;
                }
            }
        } else {
            in_str = c == '"';
            out.push(c);
        }
    }
    out
}

/// Each runtime the code names: a `P::Variant` / `RuntimeProvider::Variant` path, or a
/// runtime's id as a word (in a string, an identifier such as `claude_event`, ...).
fn runtimes_named(source: &str) -> Vec<(P, String)> {
    let code = code(source);
    let lower = code.to_ascii_lowercase();
    let word = |id: &str| {
        lower.match_indices(id).any(|(i, _)| {
            let before = lower[..i].chars().next_back();
            let after = lower[i + id.len()..].chars().next();
            !before.is_some_and(|c| c.is_ascii_alphanumeric()) && !after.is_some_and(|c| c.is_ascii_alphanumeric())
        })
    };
    let mut found = Vec::new();
    for p in P::ALL.iter().copied().filter(|p| *p != P::Unknown) {
        let variant = format!("{p:?}");
        for path in [format!("P::{variant}"), format!("RuntimeProvider::{variant}")] {
            if code.match_indices(&path).any(|(i, _)| {
                !code[i + path.len()..].chars().next().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            }) {
                found.push((p, path));
            }
        }
        if word(p.as_str()) {
            found.push((p, p.as_str().to_owned()));
        }
    }
    found
}

#[test]
fn the_payload_code_names_no_runtime() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hal-payload/src");
    for file in ["hook.rs", "hook/read.rs"] {
        let text = std::fs::read_to_string(src.join(file)).unwrap();
        let named = runtimes_named(&text);
        assert!(
            named.is_empty(),
            "src/{file} names runtimes (their facts belong in registry/runtimes/<id>.rs): {named:?}"
        );
    }
}

/// Each runtime a source names in code: a `P::Variant` / `RuntimeProvider::Variant`
/// path, or a string literal that is exactly a runtime's id.
fn runtimes_in_code(source: &str) -> Vec<(P, String)> {
    let code = code(source);
    let mut found = runtimes_named(source);
    found.retain(|(p, how)| how != p.as_str() || code.contains(&format!("\"{}\"", p.as_str())));
    found
}

/// The Rust sources under `dir`, recursively.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn a_runtime_is_named_only_in_the_files_a_new_runtime_touches() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    // The files ARCHITECTURE.md names ("A new runtime"), as prefixes.
    let allowed = ["hal-types/src/enums.rs", "hal-registry/src/runtimes/"];
    let mut files = Vec::new();
    for krate in
        ["hal-types", "hal-registry", "hal-payload", "hal-caps", "hal-detect", "hal-gupp", "hal-cli", "hal-lint"]
    {
        sources(&root.join(krate).join("src"), &mut files);
    }
    assert!(files.len() > 40, "{} sources", files.len());
    let architecture = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    for prefix in allowed {
        assert!(architecture.contains(&format!("`{prefix}")), "ARCHITECTURE.md does not name {prefix}");
    }
    let mut named = Vec::new();
    for file in files {
        let rel = file.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        if allowed.iter().any(|a| rel.starts_with(a)) {
            continue;
        }
        let found = runtimes_in_code(&std::fs::read_to_string(&file).unwrap());
        named.extend(found.into_iter().map(|(p, how)| format!("{rel}: {p} ({how})")));
    }
    assert!(named.is_empty(), "runtimes named outside the registry: {named:#?}");
}

#[test]
fn the_check_finds_a_runtime_in_code_and_not_in_comments() {
    let named = |s: &str| runtimes_named(s).into_iter().map(|(p, how)| format!("{p}:{how}")).collect::<Vec<_>>();
    assert_eq!(named("if p == P::Codex { x }"), ["codex:P::Codex", "codex:codex"]);
    assert_eq!(named("RuntimeProvider::CopilotVscode"), ["copilot-vscode:RuntimeProvider::CopilotVscode"]);
    assert_eq!(named(r#"let k = "gemini";"#), ["gemini:gemini"]);
    assert_eq!(named("fn copilot_event() {}"), ["copilot:copilot"]);
    assert_eq!(named(r#"let s = "a // claude";"#), ["claude:claude"]);
    assert_eq!(named("if b == b'\"' { x } // quote\nlet k = P::Kiro;"), ["kiro:P::Kiro", "kiro:kiro"]);
    // Comments, unknown, and words that merely contain an id are not runtimes.
    assert!(named("// Claude writes `model`\n/// P::Codex\nlet x = P::Unknown; let api = 1;").is_empty());
    // Across the workspace only paths and exact ids count: `cursor` as a word does not.
    let in_code = |s: &str| runtimes_in_code(s).into_iter().map(|(p, how)| format!("{p}:{how}")).collect::<Vec<_>>();
    assert_eq!(in_code(r#"let cursor = 1; let id = "codex";"#), ["codex:codex"]);
    assert_eq!(in_code("match p { P::Grok => 1 }"), ["grok:P::Grok"]);
}

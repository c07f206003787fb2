//! The runtime's version, learned on a fake host: each source in its order, and nothing
//! looked up for an unknown runtime.

use hal_detect::{Detector, FakeHost, Stat};

fn learned(host: FakeHost) -> (Option<String>, Option<String>, Vec<String>) {
    let r = Detector::new(host).report();
    (r.detection.runtime_version, r.detection.runtime_version_source, r.version_tried)
}

#[test]
fn an_install_variable_leads_to_the_manifest() {
    let manifest = br#"{"name":"@anthropic-ai/claude-code","version":"2.1.100"}"#;
    let host = FakeHost::new()
        .env("CLAUDECODE", "1")
        .env("CLAUDE_CODE_EXECPATH", "/opt/npm/lib/node_modules/@anthropic-ai/claude-code/cli.js")
        .path("/opt/npm/lib/node_modules/@anthropic-ai/claude-code/cli.js", Ok(Stat::File { len: 10 }))
        .file("/opt/npm/lib/node_modules/@anthropic-ai/claude-code/package.json", &manifest[..]);
    let (v, source, _) = learned(host);
    assert_eq!(v.as_deref(), Some("2.1.100"));
    assert_eq!(source.as_deref(), Some("package.json of @anthropic-ai/claude-code (from $CLAUDE_CODE_EXECPATH)"));

    // The newest verified version, from the registry's record (no test restates it).
    let newest = hal_caps::registry::runtime(hal_types::RuntimeProvider::Codex).verified.unwrap().version;
    let manifest = format!(r#"{{"name":"@openai/codex","version":"{newest}"}}"#);
    let host = FakeHost::new()
        .env("CODEX_THREAD_ID", "t")
        .env("CODEX_MANAGED_PACKAGE_ROOT", "/n/@openai/codex")
        .path("/n/@openai/codex", Ok(Stat::Dir))
        .file("/n/@openai/codex/package.json", manifest.as_bytes());
    assert_eq!(learned(host).0.as_deref(), Some(newest));
}

#[test]
fn the_override_beats_a_declared_version_and_a_foreign_declaration_is_not_the_runtimes() {
    let host = FakeHost::new()
        .env("CLAUDECODE", "1")
        .env("AI_AGENT", "claude-code_2-1-332_agent")
        .env("GT_HAL_RUNTIME_VERSION", "2.1.100");
    let (v, source, _) = learned(host);
    assert_eq!((v.as_deref(), source.as_deref()), (Some("2.1.100"), Some("GT_HAL_RUNTIME_VERSION")));
    // A custom agent's version is not Claude Code's.
    let host = FakeHost::new().env("CLAUDECODE", "1").env("AI_AGENT", "my-agent@9.9.9");
    let (v, _, tried) = learned(host);
    assert_eq!(v, None);
    assert!(tried.iter().any(|t| t.contains("declares no version of claude")), "{tried:?}");
}

#[test]
fn nothing_is_looked_up_for_an_unknown_runtime() {
    let host = FakeHost::new().env("GT_HAL_RUNTIME_VERSION", "1.0.0").env("PATH", "/usr/bin");
    let (v, source, tried) = learned(host);
    assert_eq!((v, source), (None, None));
    assert!(tried.is_empty(), "{tried:?}");
}

//! A declared agent (`AI_AGENT`): which values name a runtime. Here, not beside the parser,
//! because they name runtimes (`tests/runtime_names.rs`: only the descriptors do in `src/`).

use hal_caps::registry::parse_declared;
use hal_types::RuntimeProvider;

#[test]
fn a_known_name_maps_to_its_runtime() {
    let rt = |v: &str| parse_declared(v).and_then(|d| d.runtime(v));
    assert_eq!(rt("claude-code_2-1-332_harness"), Some(RuntimeProvider::Claude));
    assert_eq!(rt("github_copilot_vscode_agent"), Some(RuntimeProvider::CopilotVscode));
    assert_eq!(rt("crush"), Some(RuntimeProvider::Crush));
    assert_eq!(rt("devin@1"), Some(RuntimeProvider::Devin));
    assert_eq!(rt("custom-agent"), None);
    assert_eq!(rt("claude-code/2.1.123/agent"), Some(RuntimeProvider::Claude));
    assert_eq!(rt("claude-code/2.1.123/harness"), Some(RuntimeProvider::Claude));
    assert_eq!(rt("pi"), Some(RuntimeProvider::Pi));
    for (vercel, p) in [
        ("claude_code", RuntimeProvider::Claude),
        ("codex_cli", RuntimeProvider::Codex),
        ("gemini_cli", RuntimeProvider::Gemini),
        ("open_code", RuntimeProvider::Opencode),
    ] {
        assert_eq!(rt(vercel), Some(p), "{vercel}");
    }
}

/// N18: a value in no form of a runtime's is a self-declared agent named as written.
#[test]
fn a_value_in_no_runtimes_form_is_a_self_declared_agent() {
    for v in ["claude_evil", "codex_anything_at_all", "claude__harness", "gemini_x", "open_code_evil", "pi_x"] {
        let d = parse_declared(v).unwrap();
        assert_eq!((d.runtime(v), d.name.as_str()), (None, v), "{v}");
    }
    // The underscore and slash forms name a runtime only under the name its history records.
    for v in ["claude_2-1-332_agent", "codex_0-1_agent", "claude/2.1.123/agent", "custom/1.0/agent"] {
        assert_eq!(parse_declared(v).and_then(|d| d.runtime(v)), None, "{v}");
    }
    let d = parse_declared("custom/1.0/agent").unwrap();
    assert_eq!((d.name.as_str(), d.version.as_deref()), ("custom", Some("1.0")));
}

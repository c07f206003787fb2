//! Issue 30, point 4 and 3, over a fake host: a declared agent (`AI_AGENT`, known or
//! not) beside another runtime's markers with no runtime ancestor is ambiguous
//! (`agent_ambiguous`), unless the overwrite rule settles it (a runtime that overwrites
//! `AI_AGENT` for its children at its version would have replaced the name had it been
//! the nearer: the declared agent ran below it); and a plugin variable a host sets for
//! a foreign plugin format names the format, not the host.

use hal_caps::registry::{self, PLUGIN_HOSTS, REGISTRY, ValueRule};
use hal_detect::{Detector, FakeHost, ProcessInfo};
use hal_types::{Detection, DiagnosticCode, RuntimeProvider as P, SourceKind as K};

fn detect(host: FakeHost) -> Detection {
    Detector::new(host).detect()
}

fn under(name: &str) -> Vec<ProcessInfo> {
    vec![ProcessInfo::new(10, Some(11), "bash"), ProcessInfo::new(11, Some(12), name)]
}

fn flagged(d: &Detection) -> bool {
    d.diagnostics.iter().any(|x| x.code == DiagnosticCode::AgentAmbiguous)
}

/// The version from which Claude Code overwrites `AI_AGENT`, read from the registry.
fn claude_overwrites_from() -> &'static str {
    registry::runtime(P::Claude).history.and_then(|h| h.overwrites_ai_agent).and_then(|s| s.since).unwrap()
}

/// A Claude Code install at `version` that `CLAUDE_CODE_EXECPATH` points into.
fn claude_install(host: FakeHost, version: &str) -> FakeHost {
    let manifest = format!(r#"{{"name":"@anthropic-ai/claude-code","version":"{version}"}}"#);
    host.file("/opt/cc/node_modules/@anthropic-ai/claude-code/package.json", manifest)
        .file("/opt/cc/node_modules/@anthropic-ai/claude-code/cli.js", "")
        .env("CLAUDE_CODE_EXECPATH", "/opt/cc/node_modules/@anthropic-ai/claude-code/cli.js")
}

#[test]
fn a_known_declared_agent_beside_foreign_markers_is_ambiguous_without_a_settling_version() {
    // The issue's case: answered claude without a word before.
    let d = detect(FakeHost::new().env("AI_AGENT", "codex@1.2.3").env("CLAUDECODE", "1"));
    assert_eq!((d.provider, d.ambiguous, flagged(&d)), (P::Claude, true, true), "{d:?}");
    let msg = &d.diagnostics.iter().find(|x| x.code == DiagnosticCode::AgentAmbiguous).unwrap().message;
    assert!(msg.contains("its version is unknown") && msg.contains("CLAUDECODE"), "{msg}");
    assert!(!msg.contains("1.2.3"), "no value in a message: {msg}");
    // A runtime that never overwrites AI_AGENT (Codex) never settles it.
    let d = detect(FakeHost::new().env("AI_AGENT", "claude-code_2-1-332_agent").env("CODEX_THREAD_ID", "t"));
    assert_eq!((d.provider, d.ambiguous, flagged(&d)), (P::Codex, true, true));
    // Gemini CLI keeps Claude's markers: Claude's name beside it is no ambiguity.
    let d = detect(FakeHost::new().env("AI_AGENT", "claude-code_2-1-332_agent").env("GEMINI_CLI", "1"));
    assert_eq!((d.provider, d.ambiguous, flagged(&d)), (P::Gemini, false, false));
    // Claude Code older than the rule's version does not overwrite: still ambiguous.
    let d = detect(claude_install(FakeHost::new().env("AI_AGENT", "codex").env("CLAUDECODE", "1"), "2.1.100"));
    assert_eq!((d.provider, d.ambiguous, flagged(&d)), (P::Claude, true, true));
    let v = |t: &str| registry::Version::parse(t).unwrap();
    assert!(v("2.1.100") < v(claude_overwrites_from()), "the case is below the rule's version");
}

#[test]
fn the_overwrite_rule_settles_it_for_the_declared_agent() {
    // Claude Code's install at a version that overwrites: codex ran below it.
    let host =
        claude_install(FakeHost::new().env("AI_AGENT", "codex@1.2.3").env("CLAUDECODE", "1"), claude_overwrites_from());
    let r = Detector::new(host).report();
    let d = &r.detection;
    assert_eq!((d.provider, d.source.kind, d.ambiguous, flagged(d)), (P::Codex, K::Marker, false, false), "{d:?}");
    assert_eq!(d.source.signal.as_deref(), Some("AI_AGENT"));
    assert_eq!(d.runtime_version.as_deref(), Some("1.2.3"), "the declared version");
    let step = r.steps.iter().find(|s| s.kind == hal_detect::StepKind::Inherited).unwrap();
    assert!(step.found.contains("overwrites AI_AGENT"), "{}", step.found);
    // A marker Claude Code sets only from a version past the rule's is a floor that settles it.
    let d =
        detect(FakeHost::new().env("AI_AGENT", "codex").env("CLAUDECODE", "1").env("CLAUDE_CODE_SESSION_ID", "s-1"));
    assert_eq!((d.provider, d.ambiguous, flagged(&d)), (P::Codex, false, false));
    // An agent hal does not know, the same way: the runtime is unknown, the agent named.
    let d = detect(
        FakeHost::new().env("AI_AGENT", "custom-agent").env("CLAUDECODE", "1").env("CLAUDE_CODE_SESSION_ID", "s"),
    );
    assert_eq!(
        (d.provider, d.ambiguous, d.agent.as_deref(), d.is_agent),
        (P::Unknown, false, Some("custom-agent"), true)
    );
    // The rule is about AI_AGENT: a name in AGENT (which Claude Code never overwrites)
    // may come from above it, so it settles nothing and the marker decides, ambiguous.
    for agent in ["custom-agent", "codex"] {
        let d = detect(FakeHost::new().env("AGENT", agent).env("CLAUDE_CODE_SESSION_ID", "s"));
        assert_eq!((d.provider, d.ambiguous, d.agent.as_deref()), (P::Claude, true, Some(agent)), "AGENT={agent}");
        assert_eq!(d.source.signal.as_deref(), Some("CLAUDE_CODE_SESSION_ID"));
    }
    // The operator's GT_HAL_RUNTIME_VERSION is the decided runtime's, not Claude's: no settling.
    let d = detect(
        FakeHost::new()
            .env("AI_AGENT", "codex")
            .env("CLAUDECODE", "1")
            .env("GT_HAL_RUNTIME_VERSION", claude_overwrites_from()),
    );
    assert_eq!((d.provider, d.ambiguous), (P::Claude, true));
}

#[test]
fn an_ancestor_still_decides_and_related_names_are_no_ambiguity() {
    let env = || FakeHost::new().env("AI_AGENT", "codex@1.2.3").env("CLAUDECODE", "1");
    let d = detect(env().ancestors(under("claude")));
    assert_eq!((d.provider, d.ambiguous, flagged(&d)), (P::Claude, false, false));
    let d = detect(env().ancestors(under("codex")));
    assert_eq!((d.provider, d.source.kind, flagged(&d)), (P::Codex, K::ProcessAncestor, false));
    // Its own runtime's marker, and a runtime that keeps the named one's markers.
    let d = detect(FakeHost::new().env("AI_AGENT", "pi").env("PI_CODING_AGENT", "true"));
    assert_eq!((d.provider, d.ambiguous, flagged(&d)), (P::Pi, false, false));
    let d = detect(FakeHost::new().env("AI_AGENT", "claude-code_2-1-332_agent").env("CURSOR_AGENT", "1"));
    assert_eq!((d.provider, d.ambiguous, flagged(&d)), (P::Cursor, false, false));
    // No markers: the declared name decides alone, as before.
    let d = detect(FakeHost::new().env("AI_AGENT", "codex@1.2.3"));
    assert_eq!((d.provider, d.ambiguous, flagged(&d)), (P::Codex, false, false));
}

/// A value the rule accepts.
fn satisfying(rule: ValueRule) -> String {
    match rule {
        ValueRule::Exact(v) => v.to_owned(),
        ValueRule::Contains(p) => format!("/x/{p}/y"),
        ValueRule::PathEntry(e) => format!("/usr/bin:/home/u{e}"),
        _ => "1".to_owned(),
    }
}

#[test]
fn a_hosted_plugins_variables_name_the_host_beside_its_marker_or_ancestor() {
    let mut checked = 0;
    for h in PLUGIN_HOSTS {
        let host_row = registry::runtime(h.host);
        let format_marker = |v: &str| registry::runtime(h.format).markers.iter().any(|m| m.var == v);
        let plugin = |host: FakeHost| h.vars.iter().fold(host, |host, v| host.env(v, "/home/u/.plugins/p"));
        // Beside each of the host's own markers: the host, not ambiguous.
        for m in host_row.markers.iter().filter(|m| m.needs_ancestor.is_none() && !m.unless_terminal) {
            let d = detect(plugin(FakeHost::new()).env(m.var, satisfying(m.value)));
            assert_eq!((d.provider, d.ambiguous), (h.host, false), "{} beside {}", h.vars.join("+"), m.var);
            checked += 1;
        }
        // Under the host's process, with none of its markers: the host.
        if let Some(exe) = host_row.executables.first() {
            let d = detect(plugin(FakeHost::new()).ancestors(under(exe)));
            assert_eq!(d.provider, h.host, "{} under {exe}", h.vars.join("+"));
        }
        // Alone: the format's runtime where a variable is its marker, else nothing.
        let d = detect(plugin(FakeHost::new()));
        let want = if h.vars.iter().any(|v| format_marker(v)) { h.format } else { P::Unknown };
        assert_eq!(d.provider, want, "{} alone", h.vars.join("+"));
    }
    assert!(checked >= 3, "{checked}");
    // Vibe hosting a Kimi plugin, the hook environment Vibe gives it (a live run)
    // (`_adapt_runtime_hooks`): Vibe.
    let vibe = FakeHost::new()
        .env("VIBE_APP_SERVER_BIN", "/v/lib/python3.12/site-packages/vibe/_bin/vibe-app-server")
        .env("PLUGIN_ROOT", "/home/u/.vibe/plugins/k")
        .env("PLUGIN_DATA", "/home/u/.vibe/plugin-data/k")
        .env("KIMI_PLUGIN_ROOT", "/home/u/.vibe/plugins/k")
        .env("KIMI_CODE_HOME", "/home/u/.vibe");
    let d = detect(vibe);
    assert_eq!((d.provider, d.ambiguous), (P::Vibe, false), "{d:?}");
    // A runtime that does not host Kimi's plugins beside KIMI_PLUGIN_ROOT: still ambiguous.
    let d = detect(FakeHost::new().env("KIMI_PLUGIN_ROOT", "/p").env("CLAUDECODE", "1"));
    assert!(d.ambiguous, "{d:?}");
    // Every host is a row (no table names a runtime the registry lacks).
    assert!(PLUGIN_HOSTS.iter().all(|h| REGISTRY.iter().any(|r| r.provider == h.host)));
}

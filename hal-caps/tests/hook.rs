//! Hook payloads: every fixture read back canonically, privacy, disagreements with the
//! environment, hostile input and properties.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use hal_caps::hook::{NotAHook, parse, parse_reader};
use hal_caps::registry::CANONICAL_EVENTS;
use hal_types::{Detection, DetectionSource, HookEvent, Policy, RuntimeProvider as P, SessionSource, SourceKind};
use proptest::prelude::*;

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hooks")
}

/// Every fixture, as (runtime directory, file name, bytes), sorted.
fn fixtures() -> Vec<(String, String, Vec<u8>)> {
    let mut out = Vec::new();
    for dir in std::fs::read_dir(fixtures_dir()).unwrap() {
        let dir = dir.unwrap().path();
        for file in std::fs::read_dir(&dir).unwrap() {
            let file = file.unwrap().path();
            if file.extension().is_some_and(|e| e == "json") {
                let runtime = dir.file_name().unwrap().to_string_lossy().into_owned();
                let name = file.file_name().unwrap().to_string_lossy().into_owned();
                out.push((runtime, name, std::fs::read(&file).unwrap()));
            }
        }
    }
    out.sort();
    out
}

fn fixture(runtime: &str, name: &str) -> Vec<u8> {
    std::fs::read(fixtures_dir().join(runtime).join(format!("{name}.json"))).unwrap()
}

fn env(provider: P, var: &str) -> Detection {
    Detection::new(provider, DetectionSource::new(SourceKind::Marker, var), Policy::Spec)
}

#[test]
fn every_fixture_canonically() {
    let mut s = String::new();
    for (runtime, name, bytes) in fixtures() {
        let e = parse(&bytes, None).unwrap_or_else(|err| panic!("{runtime}/{name}: {err}"));
        let _ = writeln!(s, "{runtime}/{name}: {}", serde_json::to_string(&e).unwrap());
    }
    insta::assert_snapshot!("hook_fixtures", s);
}

#[test]
fn each_fixture_directory_names_its_runtime_and_every_file_in_its_source() {
    for (runtime, name, bytes) in fixtures() {
        let e = parse(&bytes, None).unwrap();
        assert_eq!(e.provider.as_str(), runtime, "{runtime}/{name}");
        assert_eq!(e.family, hal_caps::family(e.provider));
        let source = std::fs::read_to_string(fixtures_dir().join(&runtime).join("SOURCE.md")).unwrap();
        assert!(source.contains("Source: "), "{runtime}/SOURCE.md names no source");
        assert!(source.contains(&name), "{runtime}/SOURCE.md does not list {name}");
    }
}

#[test]
fn the_reader_and_the_slice_agree_on_every_fixture() {
    for (runtime, name, bytes) in fixtures() {
        assert_eq!(parse(&bytes, None), parse_reader(&bytes[..], None), "{runtime}/{name}");
    }
}

#[test]
fn claude_every_event_of_its_map_and_every_start_source() {
    let map = hal_caps::runtime(P::Claude).hook_system().unwrap().events;
    for (canonical, native) in map {
        let name = if *native == "SessionStart" { "SessionStart-startup" } else { native };
        let e = parse(&fixture("claude", name), None).unwrap();
        assert_eq!((e.native_event.as_deref(), e.event.as_deref()), (Some(*native), Some(*canonical)));
    }
    for (source, event) in [
        ("startup", "session.start"),
        ("resume", "session.resume"),
        ("clear", "session.start"),
        ("compact", "session.start"),
    ] {
        let e = parse(&fixture("claude", &format!("SessionStart-{source}")), None).unwrap();
        assert_eq!(e.source.map(SessionSource::as_str), Some(source));
        assert_eq!(e.event.as_deref(), Some(event));
    }
}

#[test]
fn conventions_where_the_facts_leave_a_choice() {
    let event = |rt: &str, name: &str| parse(&fixture(rt, name), None).unwrap();
    let e = event("copilot", "sessionStart-new");
    assert_eq!((e.event.as_deref(), e.source.map(SessionSource::as_str)), (Some("session.start"), Some("startup")));
    assert_eq!(event("copilot", "sessionStart-resume").event.as_deref(), Some("session.resume"));
    assert_eq!(event("cline", "TaskResume").event.as_deref(), Some("session.resume"));
    assert_eq!(event("claude", "TeammateIdle").event.as_deref(), Some("agent.idle"));
    assert_eq!(event("windsurf", "post_cascade_response").event.as_deref(), Some("turn.end"));
    // Fields that look like a start source but are not one.
    assert_eq!(event("claude", "ConfigChange").source, None);
    // A Copilot payload whose fields tell no event: the provider and session, event null.
    let e = event("copilot", "unknown-shape");
    assert_eq!((e.provider, e.event.as_deref(), e.session_id.is_some()), (P::Copilot, None, true));
}

#[test]
fn no_output_carries_a_prompt_tool_input_output_or_message() {
    let fixtures = fixtures();
    let with_canary = fixtures.iter().filter(|(_, _, b)| String::from_utf8_lossy(b).contains("CANARY")).count();
    assert!(with_canary >= 55, "only {with_canary} fixtures carry a canary");
    for (runtime, name, bytes) in fixtures {
        let e = parse(&bytes, Some(&env(P::Claude, "CLAUDECODE"))).unwrap();
        let json = serde_json::to_string(&e).unwrap();
        assert!(!json.contains("CANARY"), "{runtime}/{name} leaks: {json}");
    }
}

#[test]
fn the_payload_beats_the_environment() {
    let cursor = parse(&fixture("cursor", "preToolUse"), Some(&env(P::Claude, "CLAUDECODE"))).unwrap();
    // Cursor keeps Claude's markers: that is no disagreement.
    assert_eq!((cursor.provider, cursor.diagnostics.len()), (P::Cursor, 0));
    let claude = parse(&fixture("claude", "PreToolUse"), Some(&env(P::Codex, "CODEX_THREAD_ID"))).unwrap();
    assert_eq!(claude.provider, P::Claude);
    assert!(claude.warnings().iter().any(|w| w.contains("environment says codex")), "{claude:?}");
    let vscode = parse(&fixture("copilot-vscode", "PreToolUse"), Some(&env(P::Claude, "CLAUDECODE"))).unwrap();
    assert_eq!((vscode.provider, vscode.family), (P::CopilotVscode, P::Copilot));
    for name in ["SessionStart-pascal", "PreToolUse-pascal", "Stop-pascal"] {
        let e = parse(&fixture("copilot", name), Some(&env(P::Claude, "CLAUDECODE"))).unwrap();
        assert_eq!(e.provider, P::Copilot, "{name}");
    }
}

#[test]
fn a_shape_shared_by_several_runtimes_goes_to_the_environment_s() {
    // A Claude-shaped payload with no Claude tell (no transcript under .claude) from
    // Auggie, which writes Claude's event names.
    let payload = br#"{"hook_event_name":"PreToolUse","session_id":"s","cwd":"/home/u/p","transcript_path":"/home/u/t.jsonl","tool_name":"Bash"}"#;
    assert_eq!(parse(payload, None).unwrap().provider, P::Claude);
    let e = parse(payload, Some(&env(P::Auggie, "AUGMENT_AGENT"))).unwrap();
    assert_eq!((e.provider, e.event.as_deref()), (P::Auggie, Some("tool.use.pre")));
    // ... but not when the environment's runtime has no such event.
    let e = parse(payload, Some(&env(P::Windsurf, "CODEIUM_EDITOR_APP_ROOT"))).unwrap();
    assert_eq!(e.provider, P::Claude);
}

#[test]
fn an_event_field_without_a_known_shape_is_still_a_hook() {
    let e = parse(br#"{"hook_event_name":"SomethingNew"}"#, None).unwrap();
    assert_eq!((e.provider, e.native_event.as_deref(), e.event), (P::Unknown, Some("SomethingNew"), None));
    // Nothing in the payload names a runtime: the environment's, when it writes the event.
    let e = parse(br#"{"hook_event_name":"Stop"}"#, Some(&env(P::Auggie, "AUGMENT_AGENT"))).unwrap();
    assert_eq!((e.provider, e.event.as_deref()), (P::Auggie, Some("turn.end")));
}

#[test]
fn hostile_input() {
    let deep_arrays = "[".repeat(100_000);
    let deep_in_object = format!(r#"{{"hook_event_name":"Stop","x":{}"#, "[".repeat(100_000));
    let long_string = format!("\"{}\"", "a".repeat(5 << 20));
    let cases: &[(&[u8], NotAHook)] = &[
        (b"", NotAHook::Empty),
        (b" \n\t ", NotAHook::Empty),
        (b"hello", NotAHook::NotJson),
        (b"[]", NotAHook::NotAnObject),
        (b"5", NotAHook::NotAnObject),
        (long_string.as_bytes(), NotAHook::NotAnObject),
        (br#"{"session":"x"}"#, NotAHook::NoEvent),
        (br#"{"timestamp":5}"#, NotAHook::NoEvent),
        (b"{}", NotAHook::NoEvent),
        (br#"{"hook_event_name":"Stop","session_id":"a""#, NotAHook::Truncated),
        (br#"{"hook_event_name":"Stop"} {}"#, NotAHook::NotJson),
        (b"{\"hook_event_name\":\"Stop\",\"x\":\"\xff\"}", NotAHook::NotUtf8),
        (b"{\"hook_event_name\":\"Stop\"}\xc3", NotAHook::NotUtf8),
        (deep_arrays.as_bytes(), NotAHook::TooDeep),
        (deep_in_object.as_bytes(), NotAHook::TooDeep),
    ];
    for (input, want) in cases {
        let shown = String::from_utf8_lossy(&input[..input.len().min(40)]).into_owned();
        assert_eq!(parse(input, None).as_ref(), Err(want), "slice: {shown}");
        assert_eq!(parse_reader(*input, None).as_ref(), Err(want), "reader: {shown}");
    }
}

#[test]
fn the_reader_validates_utf8_across_its_chunks() {
    // A 4-byte character straddling the reader's 16 KiB chunk boundary is fine.
    let pad = "a".repeat(16 * 1024 - 30);
    let payload = format!(r#"{{"hook_event_name":"Stop","session_id":"s","x":"{pad}😀"}}"#);
    for shift in 0..8 {
        let p = format!("{}{payload}", " ".repeat(shift));
        assert_eq!(parse_reader(p.as_bytes(), None).unwrap().native_event.as_deref(), Some("Stop"));
    }
}

#[test]
fn long_kept_values_are_dropped_with_a_diagnostic() {
    let payload = format!(r#"{{"hook_event_name":"Stop","session_id":"{}"}}"#, "s".repeat(5000));
    let e = parse(payload.as_bytes(), None).unwrap();
    assert_eq!(e.session_id, None);
    assert!(e.warnings().iter().any(|w| w.contains("session_id")));
}

fn check_event(e: &HookEvent) {
    if let Some(ev) = &e.event {
        assert!(CANONICAL_EVENTS.contains(&ev.as_str()), "{ev} is not canonical");
    }
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic_and_events_are_canonical(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
        let a = parse(&bytes, None);
        prop_assert_eq!(&a, &parse(&bytes, None));
        // An input with several faults may be refused for another of them, never accepted.
        let r = parse_reader(&bytes[..], None);
        prop_assert_eq!(a.as_ref().ok(), r.as_ref().ok());
        if let Ok(e) = &a { check_event(e); }
    }

    #[test]
    fn payload_like_objects_map_to_canonical_events_or_null(
        key in prop::sample::select(vec!["hook_event_name", "hookEventName", "hookName", "agent_action_name", "sessionId", "x"]),
        name in "[A-Za-z_]{0,24}",
        extra in prop::sample::select(vec!["", r#","cursor_version":"1""#, r#","timestamp":5"#, r#","timestamp":"t""#, r#","turn_id":"t""#, r#","transcript_path":"/home/u/.gemini/tmp/x""#, r#","cwd":"/x""#]),
        env_provider in prop::sample::select(vec![None, Some(P::Claude), Some(P::Cursor), Some(P::Copilot), Some(P::Auggie)]),
    ) {
        let payload = format!(r#"{{"{key}":"{name}"{extra}}}"#);
        let d = env_provider.map(|p| env(p, "X"));
        let a = parse(payload.as_bytes(), d.as_ref());
        prop_assert_eq!(&a, &parse(payload.as_bytes(), d.as_ref()));
        if let Ok(e) = &a { check_event(e); }
    }
}

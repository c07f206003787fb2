//! Hook payloads: every fixture read back canonically, privacy, disagreements with the
//! environment, hostile input and properties.

use std::path::{Path, PathBuf};

use hal_caps::hook::{Claim, NotAHook, parse, parse_reader, read};
use hal_caps::registry::CANONICAL_EVENTS;
use hal_types::{
    CanonicalEvent, Detection, DetectionSource, HookEvent, Policy, RuntimeProvider as P, SessionSource, SourceKind,
};
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

/// Fixtures that carry, on purpose, what their runtime's table does not know: each one
/// is read as its runtime's with no canonical event (and why).
const NOT_AN_EVENT_OF_THE_TABLE: &[(&str, &str)] = &[
    // Cursor's docs show `afterAgentThought`; the registry does not list it as an event:
    // read as Cursor's, no canonical event, a warning naming it.
    ("cursor/afterAgentThought.json", "an event the table does not list"),
    // Made up: a camelCase payload whose fields tell no event.
    ("copilot/unknown-shape.json", "no event at all"),
];

/// The payload row of `runtime`, if it has one.
fn payload_row(runtime: P) -> Option<&'static hal_caps::registry::payloads::Payload> {
    hal_caps::registry::payloads::PAYLOADS.iter().find(|p| p.provider == runtime)
}

/// The event a fixture holds, from its file name, as the registry's table names it: `live-` and a `-variant` suffix dropped
/// (`live-agent_end.json` is `agent_end`, `SessionStart-resume.json` is `SessionStart`),
/// then the payload row's renames (`agent_end` is Cline's `TaskComplete`).
fn named_event(runtime: P, name: &str) -> String {
    let stem = name.trim_end_matches(".json").trim_start_matches("live-");
    let spelt = stem.split_once('-').map_or(stem, |(head, _)| head);
    payload_row(runtime).map_or(spelt, |p| p.map_name(spelt)).to_owned()
}

/// The first string among `keys` at the top of `raw`.
fn first_str<'a>(raw: &'a serde_json::Value, keys: &[&str]) -> Option<&'a str> {
    keys.iter().find_map(|k| raw.get(*k).and_then(serde_json::Value::as_str))
}

/// Every fixture read back as the registry says: the event its file is named after is a
/// row of its runtime's table, and the reading is that row's (provider, family, native
/// name, canonical event, no warning about the event); the fields the payload table reads
/// are the payload's own values (read by serde_json, not by hal's reader). A runtime
/// release adds a row and a fixture: no expectation is written here.
#[test]
fn every_fixture_reads_as_its_event_s_registry_row() {
    use hal_caps::registry::payloads::COMMON;
    let mut checked = 0;
    for (runtime, name, bytes) in fixtures() {
        let at = format!("{runtime}/{name}");
        let p: P = runtime.parse().unwrap();
        let e = parse(&bytes, Some(&env(p, "X"))).unwrap_or_else(|err| panic!("{at}: {err}"));
        let raw: serde_json::Value = serde_json::from_slice(&bytes).unwrap_or_else(|err| panic!("{at}: {err}"));
        assert_eq!((e.provider, e.family), (p, hal_caps::family(p)), "{at}");
        let hooks = hal_caps::runtime(p).hook_system().unwrap_or_else(|| panic!("{at}: {p} has no hook system"));
        let registry = named_event(p, &name);
        let event_warning = e.diagnostics.iter().any(|d| d.subject.as_deref() == Some("event"));
        match (hooks.event(&registry), NOT_AN_EVENT_OF_THE_TABLE.iter().find(|(f, _)| *f == at)) {
            (Some(row), None) => {
                // The payload names its file's event, in either spelling.
                let named = e.native_event.as_deref().map(|n| payload_row(p).map_or(n, |r| r.map_name(n)));
                assert_eq!(named, Some(registry.as_str()), "{at}: the payload names its file's event");
                let resumed =
                    row.canonical == Some(CanonicalEvent::SessionStart) && e.source == Some(SessionSource::Resume);
                let want = if resumed { Some(CanonicalEvent::SessionResume) } else { row.canonical };
                assert_eq!(e.event, want, "{at}: the canonical event of {p}'s `{registry}` row");
                assert!(!event_warning, "{at}: a known event is not warned about: {:?}", e.warnings());
            }
            (None, Some(_)) => {
                assert_eq!(e.event, None, "{at}");
                assert_eq!(event_warning, e.native_event.is_some(), "{at}: {:?}", e.warnings());
            }
            (Some(_), Some(_)) => panic!("{at} is listed as no event of the table, and {p} has `{registry}`"),
            (None, None) => {
                panic!("{at}: `{registry}` is no event of {p}'s table (hal-registry/src/runtimes/<id>.rs): add its row")
            }
        }
        // The fields every payload is read for: the payload's own value where it has one
        // (a nested session key, Cline CLI's, is the payload row's and checked beside it).
        let row = payload_row(p);
        if row.is_none_or(|r| !r.session_key.contains('.')) {
            let own = row.map_or("session_id", |r| r.session_key);
            let session = first_str(&raw, &[own]).or_else(|| first_str(&raw, COMMON.session));
            assert_eq!(e.session_id.as_deref(), session, "{at}: session id");
        }
        assert_eq!(e.transcript_path.as_deref(), first_str(&raw, COMMON.transcript), "{at}: transcript");
        if let Some(cwd) = first_str(&raw, COMMON.cwd) {
            assert_eq!(e.cwd.as_deref(), Some(cwd), "{at}: cwd");
        }
        if let Some(tool) = first_str(&raw, COMMON.tool) {
            assert_eq!(e.tool.as_deref(), Some(tool), "{at}: tool");
        }
        let text = String::from_utf8_lossy(&bytes);
        for kept in [&e.session_id, &e.cwd, &e.transcript_path, &e.tool].into_iter().flatten() {
            assert!(text.contains(&format!("\"{kept}\"")), "{at}: {kept} is not the payload's");
        }
        checked += 1;
    }
    assert!(checked > 0, "no fixtures");
}

/// The format of a reading, on one fixture: its JSON keys, their order and types (a
/// runtime release changes no line here).
#[test]
fn a_reading_s_format() {
    let e = parse(&fixture("claude", "SessionStart-startup"), None).unwrap();
    insta::assert_snapshot!("hook_reading_format", serde_json::to_string_pretty(&e).unwrap());
}

/// The provenance of a fixture directory: each `Files:` line of its `SOURCE.md` gives the
/// `Source:` above it the files it covers, by pattern (`` `*.json` ``, `` `live-*.json` ``),
/// as (pattern, which source).
fn provenance(runtime: &str) -> Vec<(String, usize)> {
    let source = std::fs::read_to_string(fixtures_dir().join(runtime).join("SOURCE.md")).unwrap();
    let mut sources = 0;
    let mut out = Vec::new();
    for line in source.lines() {
        if line.starts_with("Source: ") {
            sources += 1;
        }
        if let Some(rest) = line.strip_prefix("Files: ") {
            assert!(sources > 0, "{runtime}/SOURCE.md: `{line}` follows no `Source:`");
            out.extend(rest.split('`').skip(1).step_by(2).map(|p| (p.to_owned(), sources)));
        }
    }
    out
}

/// Whether `name` matches `pattern` (one `*` at most, standing for any text).
fn matches(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        Some((head, tail)) => name.len() >= head.len() + tail.len() && name.starts_with(head) && name.ends_with(tail),
        None => pattern == name,
    }
}

/// Every fixture is its directory runtime's (or, a shape several share, read as the
/// environment's) and has one source: of the `SOURCE.md` patterns matching it, the most
/// specific (the longest literal part) claims it, so a new capture `live-<event>.json`
/// or a new document's example `<event>.json` needs no line; every pattern covers a file.
#[test]
fn each_fixture_directory_names_its_runtime_and_every_file_in_its_source() {
    let mut used = std::collections::HashSet::new();
    for (runtime, name, bytes) in fixtures() {
        let e = parse(&bytes, None).unwrap();
        // A shape several runtimes write (Kiro's camelCase names, Cursor's without its
        // fields) names none by itself: the environment's runtime decides.
        if let Claim::Shared(sharing) = read(&bytes).unwrap().claim() {
            assert_eq!(e.provider, P::Unknown, "{runtime}/{name}");
            let p: P = runtime.parse().unwrap();
            assert!(sharing.contains(&p), "{runtime}/{name}: {sharing:?}");
            assert_eq!(parse(&bytes, Some(&env(p, "X"))).unwrap().provider, p, "{runtime}/{name}");
        } else {
            assert_eq!(e.provider.as_str(), runtime, "{runtime}/{name}");
            assert_eq!(e.family, hal_caps::family(e.provider));
        }
        let patterns = provenance(&runtime);
        let literal = |p: &str| p.len() - usize::from(p.contains('*'));
        let best = patterns.iter().filter(|(p, _)| matches(p, &name)).map(|(p, _)| literal(p)).max();
        let Some(best) = best else { panic!("{runtime}/SOURCE.md: no `Files:` pattern covers {name}") };
        let claims: Vec<_> = patterns.iter().filter(|(p, _)| matches(p, &name) && literal(p) == best).collect();
        assert_eq!(claims.len(), 1, "{runtime}/{name}: claimed by {claims:?}");
        used.insert((runtime.clone(), claims[0].0.clone()));
    }
    for dir in std::fs::read_dir(fixtures_dir()).unwrap() {
        let runtime = dir.unwrap().file_name().to_string_lossy().into_owned();
        for (pattern, _) in provenance(&runtime) {
            assert!(
                used.contains(&(runtime.clone(), pattern.clone())),
                "{runtime}/SOURCE.md: `{pattern}` covers no file"
            );
        }
    }
}

#[test]
fn the_provenance_patterns_mean_what_they_say() {
    assert!(matches("*.json", "PreToolUse.json") && matches("live-*.json", "live-Stop.json"));
    assert!(!matches("live-*.json", "Stop.json") && !matches("*.json", "SOURCE.md"));
    assert!(matches("unknown-shape.json", "unknown-shape.json") && !matches("Stop.json", "live-Stop.json"));
    assert!(!matches("a*a", "a"), "the literal parts do not overlap");
}

#[test]
fn the_reader_and_the_slice_agree_on_every_fixture() {
    for (runtime, name, bytes) in fixtures() {
        assert_eq!(parse(&bytes, None), parse_reader(&bytes[..], None), "{runtime}/{name}");
    }
}

#[test]
fn claude_every_event_of_its_map_and_every_start_source() {
    for (canonical, native) in hal_caps::runtime(P::Claude).hook_system().unwrap().mapped() {
        let name = if native == "SessionStart" { "SessionStart-startup" } else { native };
        let e = parse(&fixture("claude", name), None).unwrap();
        assert_eq!(
            (e.native_event.as_deref(), e.event.map(CanonicalEvent::as_str)),
            (Some(native), Some(canonical.as_str()))
        );
    }
    for (source, event) in [
        ("startup", "session.start"),
        ("resume", "session.resume"),
        ("clear", "session.start"),
        ("compact", "session.start"),
    ] {
        let e = parse(&fixture("claude", &format!("SessionStart-{source}")), None).unwrap();
        assert_eq!(e.source.map(SessionSource::as_str), Some(source));
        assert_eq!(e.event.map(CanonicalEvent::as_str), Some(event));
    }
}

#[test]
fn conventions_where_the_facts_leave_a_choice() {
    let event = |rt: &str, name: &str| parse(&fixture(rt, name), None).unwrap();
    let e = event("copilot", "sessionStart-new");
    assert_eq!(
        (e.event.map(CanonicalEvent::as_str), e.source.map(SessionSource::as_str)),
        (Some("session.start"), Some("startup"))
    );
    assert_eq!(event("copilot", "sessionStart-resume").event.map(CanonicalEvent::as_str), Some("session.resume"));
    assert_eq!(event("cline", "TaskResume").event.map(CanonicalEvent::as_str), Some("session.resume"));
    assert_eq!(event("claude", "TeammateIdle").event.map(CanonicalEvent::as_str), Some("agent.idle"));
    assert_eq!(event("windsurf", "post_cascade_response").event.map(CanonicalEvent::as_str), Some("turn.end"));
    // Fields that look like a start source but are not one.
    assert_eq!(event("claude", "ConfigChange").source, None);
    // A Copilot payload whose fields tell no event: the provider and session, event null.
    let e = event("copilot", "unknown-shape");
    assert_eq!((e.provider, e.event.map(CanonicalEvent::as_str), e.session_id.is_some()), (P::Copilot, None, true));
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
    let Claim::Shared(sharing) = read(payload).unwrap().claim().clone() else { panic!("not shared") };
    for p in [P::Claude, P::Codex, P::Gemini, P::QwenCode] {
        assert!(sharing.contains(&p), "{sharing:?}");
    }
    // Alone it names no runtime; the event is the one every runtime sharing it agrees on.
    let e = parse(payload, None).unwrap();
    assert_eq!(
        (e.provider, e.event.map(CanonicalEvent::as_str), e.session_id.as_deref()),
        (P::Unknown, Some("tool.use.pre"), Some("s"))
    );
    let e = parse(payload, Some(&env(P::Auggie, "AUGMENT_AGENT"))).unwrap();
    assert_eq!((e.provider, e.event.map(CanonicalEvent::as_str)), (P::Auggie, Some("tool.use.pre")));
    // The environment decides even where its runtime has no such event: then the event is null.
    let e = parse(payload, Some(&env(P::Windsurf, "CODEIUM_EDITOR_APP_ROOT"))).unwrap();
    assert_eq!((e.provider, e.event.map(CanonicalEvent::as_str)), (P::Windsurf, None));
    assert!(e.warnings().iter().any(|w| w.contains("no canonical event")), "{e:?}");
    // GT_RUNTIME beats the payload's own tell (the cascade's order), with a warning.
    let over = Detection::new(P::Codex, DetectionSource::new(SourceKind::Override, "GT_RUNTIME"), Policy::Spec);
    let e = parse(&fixture("claude", "PreToolUse"), Some(&over)).unwrap();
    assert_eq!(e.provider, P::Codex);
    assert!(e.warnings().iter().any(|w| w.contains("GT_RUNTIME says codex")), "{e:?}");
}

#[test]
fn keys_several_runtimes_share_name_no_runtime_by_themselves() {
    // Devin writes this; so could Claude, Codex, Gemini or Qwen (a subset of their keys).
    let bare = br#"{"hook_event_name":"SessionStart","session_id":"s1"}"#;
    let Claim::Shared(sharing) = read(bare).unwrap().claim().clone() else { panic!("not shared") };
    for p in [P::Claude, P::Codex, P::Gemini, P::QwenCode, P::Devin] {
        assert!(sharing.contains(&p), "{sharing:?}");
    }
    let e = parse(bare, None).unwrap();
    assert_eq!(
        (e.provider, e.event.map(CanonicalEvent::as_str), e.session_id.as_deref()),
        (P::Unknown, Some("session.start"), Some("s1"))
    );
    // The environment tells.
    let e = parse(bare, Some(&env(P::Devin, "DEVIN_X"))).unwrap();
    assert_eq!((e.provider, e.event.map(CanonicalEvent::as_str)), (P::Devin, Some("session.start")));
    // Another key tells: Codex's null transcript, Copilot's camelCase session id.
    let codex = br#"{"hook_event_name":"SessionStart","session_id":"s1","transcript_path":null}"#;
    assert_eq!(parse(codex, None).unwrap().provider, P::Codex);
    let copilot = br#"{"hook_event_name":"SessionStart","sessionId":"s1"}"#;
    assert_eq!(parse(copilot, None).unwrap().provider, P::Copilot);
}

#[test]
fn an_event_field_without_a_known_shape_is_still_a_hook() {
    let e = parse(br#"{"hook_event_name":"SomethingNew"}"#, None).unwrap();
    assert_eq!((e.provider, e.native_event.as_deref(), e.event), (P::Unknown, Some("SomethingNew"), None));
    // Nothing in the payload names a runtime: the environment's, when it writes the event.
    let e = parse(br#"{"hook_event_name":"Stop"}"#, Some(&env(P::Auggie, "AUGMENT_AGENT"))).unwrap();
    assert_eq!((e.provider, e.event.map(CanonicalEvent::as_str)), (P::Auggie, Some("turn.end")));
}

#[test]
fn hostile_input() {
    // Any depth is read (a skipped value keeps one bit a level): 100,000 open brackets
    // are truncated JSON; past `MAX_SKIP_DEPTH` levels, too deep.
    let deep_arrays = "[".repeat(100_000);
    let deep_in_object = format!(r#"{{"hook_event_name":"Stop","x":{}"#, "[".repeat(100_000));
    let too_deep = "[".repeat(hal_caps::hook::MAX_SKIP_DEPTH + 1);
    let too_deep_in_object = format!(r#"{{"hook_event_name":"Stop","x":{too_deep}"#);
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
        (deep_arrays.as_bytes(), NotAHook::Truncated),
        (deep_in_object.as_bytes(), NotAHook::Truncated),
        (too_deep.as_bytes(), NotAHook::TooDeep),
        (too_deep_in_object.as_bytes(), NotAHook::TooDeep),
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
    if let Some(ev) = e.event {
        assert!(CANONICAL_EVENTS.contains(&ev), "{ev} is not canonical");
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

/// The payloads of the 2026-12-01 live runs (`live-*.json`; real-runtimes.md §2, §3):
/// each read as the runtime that wrote it, its event as the registry maps it.
#[test]
fn the_live_runs_payloads() {
    let cases: &[(&str, &str, Option<P>, Option<&str>)] = &[
        // Codex with a CODEX_HOME not named `.codex`: SessionStart and SessionEnd carry
        // no turn_id, a shape Claude, Gemini and Qwen share: the payload names no runtime.
        ("codex", "live-SessionStart", None, Some("session.start")),
        ("codex", "live-SessionEnd", None, Some("session.end")),
        ("codex", "live-UserPromptSubmit", Some(P::Codex), Some("prompt.submit")),
        ("codex", "live-PreModelRequest", Some(P::Codex), Some("model.request.pre")),
        ("codex", "live-PostModelRequest", Some(P::Codex), Some("model.response.post")),
        ("codex", "live-PreToolUse", Some(P::Codex), Some("tool.use.pre")),
        ("codex", "live-PostToolUse", Some(P::Codex), Some("tool.use.post")),
        ("codex", "live-Stop", Some(P::Codex), Some("turn.end")),
        ("gemini", "live-SessionStart", Some(P::Gemini), Some("session.start")),
        ("gemini", "live-BeforeAgent", Some(P::Gemini), Some("prompt.submit")),
        ("gemini", "live-PreCompress", Some(P::Gemini), Some("context.compact.pre")),
        ("gemini", "live-BeforeModel", Some(P::Gemini), Some("model.request.pre")),
        // Fires before every model call to filter the tools; asks no permission.
        ("gemini", "live-BeforeToolSelection", Some(P::Gemini), None),
        ("gemini", "live-AfterModel", Some(P::Gemini), Some("model.response.post")),
        ("gemini", "live-BeforeTool", Some(P::Gemini), Some("tool.use.pre")),
        ("gemini", "live-AfterTool", Some(P::Gemini), Some("tool.use.post")),
        ("gemini", "live-AfterAgent", Some(P::Gemini), Some("turn.end")),
        ("gemini", "live-SessionEnd", Some(P::Gemini), Some("session.end")),
        ("qwen-code", "live-InstructionsLoaded", Some(P::QwenCode), Some("instructions.loaded")),
        ("qwen-code", "live-SessionStart", Some(P::QwenCode), Some("session.start")),
        ("qwen-code", "live-Notification", Some(P::QwenCode), Some("notification")),
        ("qwen-code", "live-UserPromptSubmit", Some(P::QwenCode), Some("prompt.submit")),
        ("qwen-code", "live-PreToolUse", Some(P::QwenCode), Some("tool.use.pre")),
        ("qwen-code", "live-PostToolUse", Some(P::QwenCode), Some("tool.use.post")),
        ("qwen-code", "live-PostToolBatch", Some(P::QwenCode), None),
        ("qwen-code", "live-MessageDisplay", Some(P::QwenCode), None),
        ("qwen-code", "live-Stop", Some(P::QwenCode), Some("turn.end")),
        // §3 row 10: no `.qwen/` in the path; an ISO timestamp with permission_mode is Qwen's.
        ("qwen-code", "live-SessionStart-no-qwen-path", Some(P::QwenCode), Some("session.start")),
    ];
    for (rt, name, want, event) in cases {
        let bytes = fixture(rt, name);
        let e = parse(&bytes, None).unwrap();
        assert_eq!(
            (e.provider, e.event.map(CanonicalEvent::as_str)),
            (want.unwrap_or(P::Unknown), *event),
            "{rt}/{name}"
        );
        // A real event of the runtime is known: no warning, even without a canonical event.
        assert!(e.diagnostics.is_empty(), "{rt}/{name}: {:?}", e.warnings());
        assert!(e.session_id.is_some(), "{rt}/{name}");
        // With the runtime's own environment, every one is the runtime's, still silent.
        let p: P = rt.parse().unwrap();
        let e = parse(&bytes, Some(&env(p, "X"))).unwrap();
        assert_eq!((e.provider, e.event.map(CanonicalEvent::as_str)), (p, *event), "{rt}/{name} in {rt}'s environment");
        let expected_shared = want.is_none();
        assert_eq!(e.warnings().iter().any(|w| w.contains("shared by")), expected_shared, "{rt}/{name}");
    }
    // Codex's shared-shape payloads in Claude's environment are Claude's: the
    // environment decides (the three commands do it through one function).
    let e = parse(&fixture("codex", "live-SessionStart"), Some(&env(P::Claude, "CLAUDECODE"))).unwrap();
    assert_eq!(e.provider, P::Claude);
    // Qwen's native events hal used to list and it does not have are gone.
    let qwen = hal_caps::runtime(P::QwenCode).hook_system().unwrap();
    for gone in ["TeammateIdle", "FileChanged", "ConfigChange"] {
        assert!(!qwen.knows(gone), "{gone}");
    }
    // Every native event a live run saw firing (the row's `Verified` record) is one
    // the row's hook system names, mapped or unmapped: read from the registry, so a
    // runtime release that adds an event is the registry's edit alone.
    for row in hal_caps::REGISTRY {
        let (Some(v), Some(hooks)) = (&row.verified, row.hook_system()) else { continue };
        for fired in v.events {
            assert!(
                hooks.knows(fired),
                "{}: `{fired}` fired in the live run at {} and is not in the row",
                row.provider,
                v.version
            );
        }
    }
    let gemini = hal_caps::runtime(P::Gemini).hook_system().unwrap();
    assert_eq!(gemini.native_event(CanonicalEvent::PermissionRequest), None);
}

/// Cline CLI's payloads at its verified version (`cline/live-*.json`): the serialized `hookName`s map
/// through the hook file names; the session is `sessionContext.rootSessionId`, which
/// outlives the per-process `taskId`.
#[test]
fn the_cline_cli_s_payloads() {
    let root = "1796117463630_sa957";
    let cases: &[(&str, &str, Option<&str>)] = &[
        ("live-agent_start", "TaskStart", Some("session.start")),
        ("live-tool_call", "PreToolUse", Some("tool.use.pre")),
        ("live-tool_result", "PostToolUse", Some("tool.use.post")),
        ("live-agent_end", "TaskComplete", Some("turn.end")),
        ("live-agent_error", "TaskError", Some("turn.fail")),
        ("live-agent_resume", "TaskResume", Some("session.resume")),
    ];
    let cline = hal_caps::runtime(P::Cline).hook_system().unwrap();
    for (name, file, event) in cases {
        let bytes = fixture("cline", name);
        for d in [None, Some(env(P::Cline, "CLINE_CONNECTOR_CLI_LAUNCH"))] {
            let e = parse(&bytes, d.as_ref()).unwrap();
            assert_eq!((e.provider, e.event.map(CanonicalEvent::as_str)), (P::Cline, *event), "{name}");
            assert_eq!(e.session_id.as_deref(), Some(root), "{name}: the root session, not the taskId");
            assert!(e.diagnostics.is_empty(), "{name}: {:?}", e.warnings());
            assert_eq!(e.cwd.as_deref(), Some("/home/u/proj"));
            assert_eq!(parse_reader(&bytes[..], d.as_ref()).unwrap(), e, "{name}");
        }
        // The harness names the hook by its file: the map has it.
        assert_eq!(cline.event(file).and_then(|e| e.canonical).map(CanonicalEvent::as_str), *event, "{file}");
    }
    let tool = parse(&fixture("cline", "live-tool_call"), None).unwrap();
    assert_eq!(tool.tool.as_deref(), Some("run_commands"));
    assert_eq!(parse(&fixture("cline", "live-agent_resume"), None).unwrap().source, Some(SessionSource::Resume));
    // The VS Code extension's payloads (no `sessionContext`) keep their `taskId`.
    let ext = parse(&fixture("cline", "TaskStart"), None).unwrap();
    assert_eq!(
        (ext.event.map(CanonicalEvent::as_str), ext.session_id.as_deref()),
        (Some("session.start"), Some("1764496799000"))
    );
    // A user abort is a known event with no canonical counterpart: null, no warning.
    let cancel = parse(&fixture("cline", "TaskCancel"), None).unwrap();
    assert_eq!((cancel.event.map(CanonicalEvent::as_str), cancel.diagnostics.len()), (None, 0));
    // Only an object's own key counts: a string, an array or another key is no session id.
    for context in [r#""1_x""#, r#"["1_x"]"#, r#"{"other":"1_x"}"#, r#"{"rootSessionId":5}"#] {
        let payload = format!(r#"{{"hookName":"agent_start","sessionContext":{context}}}"#);
        let e = parse(payload.as_bytes(), None).unwrap();
        assert_eq!((e.provider, e.session_id), (P::Cline, None), "{context}");
        assert_eq!(parse_reader(payload.as_bytes(), None).unwrap().session_id, None);
    }
    let nested = br#"{"hookName":"agent_start","sessionContext":{"a":{"rootSessionId":"no"},"rootSessionId":"1_x"},"taskId":"conv_1"}"#;
    assert_eq!(parse(nested, None).unwrap().session_id.as_deref(), Some("1_x"));
}

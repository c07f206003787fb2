//! The drift test: the events the suite configures are the registry's (a test module;
//! it reads both the runtime table and the run's configuration step, which nothing else
//! does at once).
use std::path::{Path, PathBuf};

use crate::run::configure_probe;
use crate::runtimes::list::{RUNTIMES, spec};
use crate::runtimes::{Ctx, DEFAULT_SPAWN};

/// The native events named in a written probe configuration: `PROBE hook NAME` (a
/// command hook), `hook("NAME")` (a plugin hook of a bridge) and the `EVENTS` array a
/// bridge subscribes to.
fn configured_events(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let end = |s: &str| s.find(|c: char| c.is_whitespace() || "\"'>\\)".contains(c)).unwrap_or(s.len());
    for (i, _) in text.match_indices("PROBE hook ") {
        let rest = &text[i + "PROBE hook ".len()..];
        out.push(rest[..end(rest)].to_owned());
    }
    for (i, _) in text.match_indices("hook(\"") {
        let rest = &text[i + "hook(\"".len()..];
        out.push(rest[..end(rest)].to_owned());
    }
    if let Some(i) = text.find("const EVENTS = ") {
        let rest = &text[i + "const EVENTS = ".len()..];
        let list = rest.split(";\n").next().unwrap_or_default();
        out.extend(serde_json::from_str::<Vec<String>>(list).unwrap_or_else(|e| panic!("EVENTS: {e}: {list}")));
    }
    out
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for p in std::fs::read_dir(&d).into_iter().flatten().flatten().map(|e| e.path()) {
            if p.is_dir() { todo.push(p) } else { out.push(p) }
        }
    }
    out
}

/// Every event the suite configures, in each runtime's probe run as it is written,
/// is one the registry knows (mapped, or listed as having no canonical event); and
/// where the suite writes command hooks or subscribes a bridge, every event the
/// registry knows is configured. (Before, the suite kept its own lists: it configured
/// 13 Claude events the registry did not know.)
#[test]
fn every_event_the_suite_configures_is_one_the_registry_knows() {
    let tmp = tempfile::tempdir().unwrap();
    let mut unknown = Vec::new();
    let mut configured_any = 0;
    for spec in RUNTIMES {
        let (home, ws) = (tmp.path().join(spec.id()).join("home"), tmp.path().join(spec.id()).join("ws"));
        let ctx = Ctx {
            home: home.clone(),
            ws: ws.clone(),
            port: 1,
            prefix: tmp.path().join("prefix"),
            probe: "PROBE".to_owned(),
            events: spec.events(),
            hook_files: spec.row().hook_system().map_or(&[], |h| h.files),
        };
        configure_probe(&crate::matrix::Target::newest(spec), &ctx).unwrap();
        let (mut seen, mut subscribes_a_list) = (Vec::new(), false);
        for f in files(&home).into_iter().chain(files(&ws)) {
            let text = std::fs::read_to_string(f).unwrap_or_default();
            subscribes_a_list |= text.contains("const EVENTS = ");
            seen.extend(configured_events(&text));
        }
        let hooks = spec.row().hook_system();
        for e in &seen {
            if !hooks.is_some_and(|h| h.knows(e)) {
                unknown.push(format!("{}: {e}", spec.id()));
            }
        }
        if spec.hooks.is_some() || spec.bridge.is_some() {
            assert!(!seen.is_empty(), "{}: configures no event", spec.id());
            configured_any += 1;
        }
        // A bridge of every bus event (OpenCode's `event`) names none of them.
        if spec.hooks.is_some() || subscribes_a_list {
            let missing: Vec<_> = ctx.events.iter().filter(|e| !seen.contains(&(**e).to_owned())).collect();
            assert!(missing.is_empty(), "{}: the registry's events {missing:?} are not configured", spec.id());
        }
    }
    assert!(configured_any >= 7, "{configured_any}");
    assert!(unknown.is_empty(), "events the suite configures that the registry does not know:\n{}", unknown.join("\n"));
    // The check can fail: an event the registry does not know is reported.
    let claude = spec("claude").unwrap().row().hook_system().unwrap();
    assert!(!claude.knows("NotAnEvent") && configured_events("PROBE hook NotAnEvent") == ["NotAnEvent"]);
}

/// Every runtime of the table has a registry row with a hook system where the suite
/// writes hooks, and a package the suite can install.
#[test]
fn every_spec_reads_its_facts_from_the_registry() {
    for spec in RUNTIMES {
        assert_eq!(spec.row().provider, spec.provider);
        spec.package().unwrap();
        if spec.hooks.is_some() || spec.bridge.is_some() {
            assert!(!spec.events().is_empty(), "{}: no events in the registry", spec.id());
        }
    }
}

/// Every hook event a live run captured (the fixtures) is one the registry knows, so a
/// payload of it draws no "no canonical event" warning it should not: a bus event or a
/// new event of a new version fails here until the registry lists it.
#[test]
fn every_event_the_fixtures_captured_is_one_the_registry_knows() {
    let mut unknown = Vec::new();
    let mut captured = 0;
    for spec in RUNTIMES {
        let doc = crate::suite::load_fixture(spec.id()).unwrap_or_else(|| panic!("no fixture for {}", spec.id()));
        let hooks = spec.row().hook_system();
        for event in doc.captures.iter().filter_map(crate::doc::Capture::event).filter(|e| *e != DEFAULT_SPAWN) {
            captured += 1;
            if !hooks.is_some_and(|h| h.knows(event)) {
                unknown.push(format!("{}: {event}", spec.id()));
            }
        }
    }
    assert!(captured > 50, "{captured}");
    assert!(
        unknown.is_empty(),
        "events the fixtures captured that the registry does not know:\n{}",
        unknown.join("\n")
    );
}

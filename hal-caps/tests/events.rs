//! Every native hook event is one row of its runtime's table (`registry/runtimes/<id>.rs`), and
//! nothing else in the registry spells one that the table does not have: the live runs'
//! records, the payload table's renames and events told by fields, and Gastown's adapters
//! refer to rows, they add none. Each check is a function over a table, so the tests
//! below also show it fails on a broken copy.

use std::path::Path;

use hal_caps::registry::{NativeEvent, REGISTRY, Runtime};
use hal_types::CanonicalEvent;

/// Everything wrong with one runtime's table, one line each (empty: sound).
fn table_problems(id: &str, events: &[NativeEvent]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, e) in events.iter().enumerate() {
        if e.native.trim().is_empty() || e.native.trim() != e.native {
            out.push(format!("{id}: a row's native name {:?} is blank or padded", e.native));
        }
        if events[..i].iter().any(|o| o.native == e.native) {
            out.push(format!("{id}: `{}` is written twice", e.native));
        }
        if let Some(c) = e.canonical
            && events[..i].iter().any(|o| o.canonical == Some(c))
        {
            out.push(format!("{id}: {c} is mapped twice (`{}` and an earlier row)", e.native));
        }
        if e.is_dated() && e.cite.trim().is_empty() {
            out.push(format!("{id}: `{}` is dated and cites nothing", e.native));
        }
    }
    // The mapped rows, then the unmapped: the order every surface lists them in.
    let first_unmapped = events.iter().position(|e| e.canonical.is_none()).unwrap_or(events.len());
    if events[first_unmapped..].iter().any(|e| e.canonical.is_some()) {
        out.push(format!("{id}: a mapped row after the unmapped ones"));
    }
    out
}

/// The native names the rest of `row` refers to that its hook system does not have.
fn dangling_references(row: &Runtime) -> Vec<String> {
    let id = row.provider.as_str();
    let Some(hooks) = row.hook_system() else {
        let fired = row.verified.map_or(0, |v| v.events.len());
        return if fired == 0 { Vec::new() } else { vec![format!("{id}: events fired, but no hook system")] };
    };
    let mut out = Vec::new();
    for fired in row.verified.iter().flat_map(|v| v.events) {
        if !hooks.knows(fired) {
            out.push(format!("{id}: the live run's `{fired}` is no row of its table"));
        }
    }
    for (canonical, native) in row.gastown.and_then(|g| g.adapter).iter().flat_map(|a| a.events) {
        if hooks.knows(native) && hooks.event(native).and_then(|e| e.canonical) != Some(*canonical) {
            out.push(format!("{id}: Gastown's adapter hooks `{native}` as {canonical}; the table says otherwise"));
        }
    }
    out
}

fn all_problems(rows: &[Runtime]) -> Vec<String> {
    let mut out = Vec::new();
    for r in rows {
        if let Some(h) = r.hooks {
            out.extend(table_problems(r.provider.as_str(), h.events));
        }
        out.extend(dangling_references(r));
    }
    out
}

#[test]
fn every_native_event_is_one_row_of_its_runtime() {
    let found = all_problems(REGISTRY);
    assert!(found.is_empty(), "the event tables contradict themselves:\n{}", found.join("\n"));
}

#[test]
fn a_native_event_written_twice_is_found() {
    // The case the old layout allowed: an event in the map and again in a second list
    // (the history, or the unmapped list).
    let claude = hal_caps::runtime(hal_types::RuntimeProvider::Claude).hooks.unwrap();
    let mut twice = claude.events.to_vec();
    twice.push(NativeEvent::unmapped("Stop"));
    let found = table_problems("claude", &twice);
    assert!(found.iter().any(|p| p.contains("`Stop` is written twice")), "{found:?}");
    // A mapped row after the unmapped ones, and a dated row citing nothing.
    let mut late = claude.events.to_vec();
    late.push(NativeEvent::mapped(CanonicalEvent::SessionResume, "Resumed").since("9.9.9", ""));
    let found = table_problems("claude", &late);
    assert!(found.iter().any(|p| p.contains("after the unmapped")), "{found:?}");
    assert!(found.iter().any(|p| p.contains("cites nothing")), "{found:?}");
}

#[test]
fn a_reference_to_no_row_is_found() {
    let mut row = *hal_caps::runtime(hal_types::RuntimeProvider::Claude);
    let mut verified = row.verified.unwrap();
    verified.events = &["SessionStart", "NotAnEvent"];
    row.verified = Some(verified);
    let found = dangling_references(&row);
    assert_eq!(found, ["claude: the live run's `NotAnEvent` is no row of its table"], "{found:?}");
}

/// Rows of an event table are written in the runtimes' descriptors only
/// (`hal-registry/src/runtimes/<id>.rs`, each its own runtime's): no other source of the registry,
/// the payload reader or hal-caps
/// builds one, so there is no second place to spell a native event in.
#[test]
fn the_event_rows_are_written_in_the_runtime_descriptors_only() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut stack: Vec<_> = ["hal-registry/src", "hal-payload/src", "hal-caps/src"].map(|d| root.join(d)).into();
    let mut seen = 0;
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let builds = ["Ev::mapped(", "Ev::unmapped(", "NativeEvent::mapped(", "NativeEvent::unmapped("]
                .iter()
                .any(|needle| text.contains(needle));
            let rel = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            if rel.starts_with("hal-registry/src/runtimes/") {
                seen += usize::from(builds);
            } else {
                assert!(
                    !builds,
                    "{rel} builds an event row: native events belong in hal-registry/src/runtimes/<id>.rs"
                );
            }
        }
    }
    assert!(seen > 20, "{seen} descriptors build event rows");
}

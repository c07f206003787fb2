//! The dated facts are well formed: every version parses, every span is ordered, every
//! fact cites what it was read from, every dated event is one of the row's, and the
//! newest verified version has every fact the row states (so an answer for it is the
//! undated answer).

use hal_caps::registry::dated::At;
use hal_caps::registry::{REGISTRY, Version, span::Span};

fn check_span(id: &str, what: &str, s: &Span) {
    let since = s.since.map(|v| Version::parse(v).unwrap_or_else(|| panic!("{id}: {what}: since {v:?}")));
    let until = s.until.map(|v| Version::parse(v).unwrap_or_else(|| panic!("{id}: {what}: until {v:?}")));
    if let (Some(a), Some(b)) = (since, until) {
        assert!(a <= b, "{id}: {what}: {} after {}", s.since.unwrap(), s.until.unwrap());
    }
}

#[test]
fn every_dated_fact_is_well_formed_and_cited() {
    let mut dated = 0;
    for r in REGISTRY {
        let Some(h) = r.history else { continue };
        let id = r.provider.as_str();
        let oldest = Version::parse(h.oldest).unwrap_or_else(|| panic!("{id}: oldest"));
        check_span(id, "hooks", &h.hooks.span);
        assert!(!h.hooks.cite.trim().is_empty(), "{id}: the hook system's dating cites nothing");
        let hooks = r.hook_system().unwrap_or_else(|| panic!("{id}: dated hooks but no hook system"));
        for e in h.events {
            check_span(id, e.native, &e.span);
            assert!(hooks.knows(e.native), "{id}: {} is dated but not one of its events", e.native);
            assert!(!e.cite.trim().is_empty(), "{id}: {} cites nothing", e.native);
            dated += 1;
        }
        for v in h.vars {
            check_span(id, v.var, &v.span);
            assert!(!v.cite.trim().is_empty(), "{id}: {} cites nothing", v.var);
            dated += 1;
        }
        for f in h.ai_agent {
            check_span(id, f.form, &f.span);
            assert!(!f.cite.trim().is_empty(), "{id}: {} cites nothing", f.form);
        }
        if let Some(s) = h.overwrites_ai_agent {
            check_span(id, "overwrites AI_AGENT", &s);
        }
        // The newest verified version has every fact the row states.
        let newest = r.verified.unwrap_or_else(|| panic!("{id}: dated but never verified")).version;
        let v = Version::parse(newest).unwrap();
        assert!(v >= oldest, "{id}: verified {newest} older than the oldest dated {}", h.oldest);
        let at = At::new(r, Some(v));
        assert_eq!(at.events(), hooks.events.to_vec(), "{id}: {newest} lacks an event the row maps");
        assert!(!at.lacks_hooks(), "{id}: {newest} has no hooks");
    }
    assert!(dated > 20, "{dated} dated facts");
}

#[test]
fn a_moved_since_changes_the_answer() {
    // The dating is what the answers read: a version just before `SessionStart` plans no
    // hook, the version that has it does (the floor read from the data, not written here).
    for r in REGISTRY {
        let Some(h) = r.history else { continue };
        let Some(start) = r.hook_system().and_then(|x| x.native_event(hal_types::CanonicalEvent::SessionStart)) else {
            continue;
        };
        let Some(since) = h.event_span(start).and_then(|e| e.span.since) else { continue };
        let v = Version::parse(since).unwrap();
        assert!(At::new(r, Some(v)).has_event(start));
        let (head, last) = since.rsplit_once('.').unwrap();
        let before = format!("{head}.{}", last.parse::<u64>().unwrap().saturating_sub(1));
        assert!(!At::new(r, Version::parse(&before)).has_event(start), "{}: {before}", r.provider);
    }
}

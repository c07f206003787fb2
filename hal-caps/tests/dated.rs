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
        for e in hooks.events.iter().filter(|e| e.is_dated()) {
            check_span(id, e.native, &e.span);
            let since = e.span.since.and_then(Version::parse);
            assert!(since.is_none_or(|s| s >= oldest), "{id}: {} dated before the oldest, {}", e.native, h.oldest);
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
        // The newest verified version has every fact the row states, but the events a
        // newer version's package adds (dated from it: oh-my-pi's `before_subagent_spawn`
        // since 18.3.4, read where it does not install).
        let newest = r.verified.unwrap_or_else(|| panic!("{id}: dated but never verified")).version;
        let v = Version::parse(newest).unwrap();
        assert!(v >= oldest, "{id}: verified {newest} older than the oldest dated {}", h.oldest);
        let at = At::new(r, Some(v));
        let by_then =
            |n: &&str| hooks.event(n).is_some_and(|e| e.span.since.and_then(Version::parse).is_none_or(|s| s <= v));
        let mapped: Vec<_> = hooks.mapped().filter(|(_, n)| by_then(n)).collect();
        assert_eq!(at.events(), mapped, "{id}: {newest} lacks an event the row maps");
        let unmapped: Vec<_> = hooks.unmapped().filter(by_then).collect();
        assert_eq!(at.unmapped(), unmapped, "{id}: {newest} lacks an event of the row");
        assert!(!at.lacks_hooks(), "{id}: {newest} has no hooks");
    }
    assert!(dated > 20, "{dated} dated facts");
}

#[test]
fn a_moved_since_changes_the_answer() {
    // The dating is what the answers read: a version just before `SessionStart` plans no
    // hook, the version that has it does (the floor read from the data, not written here).
    for r in REGISTRY {
        if r.history.is_none() {
            continue;
        }
        let Some(start) = r.hook_system().and_then(|x| x.native_event(hal_types::CanonicalEvent::SessionStart)) else {
            continue;
        };
        let Some(since) = r.hook_system().and_then(|x| x.event(start)).and_then(|e| e.span.since) else { continue };
        let v = Version::parse(since).unwrap();
        assert!(At::new(r, Some(v)).has_event(start));
        let (head, last) = since.rsplit_once('.').unwrap();
        let before = format!("{head}.{}", last.parse::<u64>().unwrap().saturating_sub(1));
        assert!(!At::new(r, Version::parse(&before)).has_event(start), "{}: {before}", r.provider);
    }
}

#[test]
fn an_event_is_dated_only_where_a_history_reads_it() {
    // A span on the event of a row without a history (its own or its base's) would be
    // read nowhere: `At` dates only a runtime whose packages were read at several versions.
    for r in REGISTRY {
        let Some(hooks) = r.hooks else { continue };
        let base = r.variant_of.and_then(|p| hal_caps::registry::runtime(p).history);
        for e in hooks.events.iter().filter(|e| e.is_dated()) {
            assert!(
                r.history.or(base).is_some(),
                "{}: `{}` is dated ({}) but the row has no history to date it by",
                r.provider,
                e.native,
                e.span.label()
            );
        }
    }
}

#[test]
fn a_version_no_live_run_verified_is_said_once_with_the_nearest() {
    use hal_types::DiagnosticCode as C;
    let mut older = 0;
    for r in REGISTRY {
        let Some(verified) = r.verified else { continue };
        let id = r.provider.as_str();
        let codes = |v: &Version| -> Vec<C> {
            hal_caps::version_diagnostics(r.provider, Some(v)).iter().map(|d| d.code).collect()
        };
        for t in verified.versions() {
            assert_eq!(codes(&Version::parse(t).unwrap()), [], "{id} {t} was verified");
        }
        // Just before the oldest verified version: unverified, naming it and the newest,
        // unless the registry dates no fact that old (then `version_unsupported` alone).
        let oldest = verified.versions().filter_map(Version::parse).min().unwrap();
        let text = oldest.to_string();
        let (head, last) = text.rsplit_once('.').unwrap();
        let Some(before) = last.parse::<u64>().unwrap().checked_sub(1) else { continue };
        let before = Version::parse(&format!("{head}.{before}")).unwrap();
        if At::new(r, Some(before)).older_than_supported() {
            assert_eq!(codes(&before), [C::VersionUnsupported], "{id} {before}");
            continue;
        }
        let d = hal_caps::version_unverified(r, &before).unwrap_or_else(|| panic!("{id} {before}"));
        assert_eq!(d.code, C::VersionUnverified);
        assert_eq!(d.subject.as_deref(), Some(id));
        for named in [before.to_string(), text.clone(), verified.version.to_owned()] {
            assert!(d.message.contains(&named), "{id}: {named} not in {}", d.message);
        }
        assert_eq!(codes(&before), [C::VersionUnverified], "{id} {before}: said once");
        older += 1;
    }
    assert!(older >= 8, "{older} runtimes checked below their oldest verified version");
}

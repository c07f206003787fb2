//! Totality and the cascade's invariants over arbitrary environments and ancestries:
//! detection always returns a provider, exactly one step decides and its kind is the
//! source's, the deciding signal is a candidate, the operator override always wins,
//! and a weak signal never changes the answer.

use std::ffi::OsString;

use hal_detect::{Detector, FakeHost, Outcome, ProcessInfo, Stat};
use hal_types::{Policy, RuntimeProvider, SourceKind};
use proptest::prelude::*;

/// `bytes` as an OS string, not valid Unicode where they are not UTF-8 (on Windows each
/// byte is a UTF-16 unit, those from 0x80 lone surrogates).
fn os_bytes(bytes: Vec<u8>) -> OsString {
    #[cfg(unix)]
    return std::os::unix::ffi::OsStringExt::from_vec(bytes);
    #[cfg(windows)]
    return std::os::windows::ffi::OsStringExt::from_wide(
        &bytes.iter().map(|b| if *b < 0x80 { u16::from(*b) } else { 0xD800 | u16::from(*b) }).collect::<Vec<_>>(),
    );
}

fn known_names() -> Vec<String> {
    let mut v: Vec<String> = hal_caps::registry::indicator_vars().into_iter().map(str::to_owned).collect();
    v.extend(hal_detect::vars::ALL.iter().map(|s| (*s).to_owned()));
    v.push("PAGER".to_owned());
    v
}

fn value() -> impl Strategy<Value = OsString> {
    prop_oneof![
        Just(OsString::new()),
        Just(OsString::from("1")),
        Just(OsString::from("true")),
        Just(OsString::from("0")),
        "[a-z_ -]{0,12}".prop_map(OsString::from),
        proptest::collection::vec(any::<u8>().prop_filter("no NUL", |b| *b != 0), 0..24).prop_map(os_bytes),
    ]
}

fn env() -> impl Strategy<Value = Vec<(String, OsString)>> {
    let names = known_names();
    let name = prop_oneof![
        proptest::sample::select(names),
        "[A-Z_]{1,10}",
        Just("GT_RUNTIME".to_owned()),
        Just("AI_AGENT".to_owned()),
    ];
    proptest::collection::vec((name, value()), 0..12)
}

fn ancestor() -> impl Strategy<Value = ProcessInfo> {
    let names = prop_oneof![
        Just("codex".to_owned()),
        Just("claude".to_owned()),
        Just("node".to_owned()),
        Just("gemini".to_owned()),
        Just("cursor-agent".to_owned()),
        "[a-z-]{0,20}",
        ".{0,16}",
    ];
    (any::<u32>(), proptest::option::of(any::<u32>()), names.clone(), proptest::collection::vec(names, 0..4))
        .prop_map(|(pid, parent, name, argv)| ProcessInfo::new(pid, parent, name).with_argv(argv))
}

fn stat() -> impl Strategy<Value = Option<Stat>> {
    prop_oneof![
        Just(None),
        Just(Some(Stat::Dir)),
        Just(Some(Stat::File { len: 2 })),
        Just(Some(Stat::DanglingLink)),
        Just(Some(Stat::Special("a FIFO"))),
    ]
}

proptest! {
    #[test]
    fn detection_is_total(
        vars in env(),
        chain in proptest::collection::vec(ancestor(), 0..12),
        settings in stat(),
        ancestry_policy in any::<bool>(),
    ) {
        let mut host = FakeHost::new().ancestors(chain);
        for (k, v) in vars {
            host = host.env(&k, v);
        }
        if let Some(s) = settings {
            host = host.path("/ws/.claude/settings.json", Ok(s));
        }
        let mut det = Detector::new(&host);
        if ancestry_policy {
            det = det.policy(Policy::Ancestry);
        }
        let report = det.report();
        let d = &report.detection;
        // Unknown is the fallback's or an override's answer, or a declared agent hal does
        // not know (an `AI_AGENT` a runtime that overwrites it for its children did not
        // write: the nearer agent), which is then named.
        if d.provider == RuntimeProvider::Unknown {
            prop_assert!(
                matches!(d.source.kind, SourceKind::Fallback | SourceKind::Override)
                    || (d.source.kind == SourceKind::Marker && d.agent.is_some() && d.is_agent),
                "{:?}",
                d
            );
        }
        prop_assert!(!report.steps.is_empty());
        let decided: Vec<_> = report.steps.iter().filter(|s| s.outcome == Outcome::Decided).collect();
        prop_assert_eq!(decided.len(), 1, "{:?}", report.steps);
        prop_assert!(decided[0].kind.decides_as().contains(&d.source.kind), "{:?} by {:?}", d.source, decided[0]);
        if d.source.kind != SourceKind::Fallback {
            prop_assert!(d.candidates.iter().any(|c| c.source == d.source), "{:?} not among {:?}", d.source, d.candidates);
        }
        // Every session-id read is total too.
        let _ = hal_detect::session_id(&host, d.provider, None);
        let _ = hal_detect::read_settings(&host, true);
    }
}

fn host_of(vars: &[(String, OsString)], chain: Vec<ProcessInfo>) -> FakeHost {
    vars.iter().fold(FakeHost::new().ancestors(chain), |h, (k, v)| h.env(k, v.clone()))
}

/// Weak signals that take part in no combination: alone they must change nothing.
fn lone_weak_vars() -> Vec<&'static str> {
    let in_combo =
        |w: &str| hal_caps::REGISTRY.iter().any(|r| r.combos.iter().any(|c| c.all.iter().any(|(v, _)| *v == w)));
    let mut v: Vec<&str> = hal_caps::REGISTRY
        .iter()
        .flat_map(|r| r.weak.iter().chain(r.settings).copied())
        .filter(|w| !in_combo(w))
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

proptest! {
    #[test]
    fn the_operator_override_always_decides(
        vars in env(),
        chain in proptest::collection::vec(ancestor(), 0..8),
        row in proptest::sample::select(hal_caps::REGISTRY),
        ancestry_policy in any::<bool>(),
    ) {
        let host = host_of(&vars, chain).env("GT_RUNTIME", row.provider.as_str());
        let policy = if ancestry_policy { Policy::Ancestry } else { Policy::Spec };
        let d = Detector::new(host).policy(policy).detect();
        prop_assert_eq!((d.provider, d.source.kind), (row.provider, SourceKind::Override));
    }

    #[test]
    fn adding_a_weak_signal_never_changes_the_answer(
        vars in env(),
        chain in proptest::collection::vec(ancestor(), 0..8),
        weak in proptest::sample::select(lone_weak_vars()),
        v in value(),
    ) {
        prop_assume!(!vars.iter().any(|(k, _)| k == weak));
        let before = Detector::new(host_of(&vars, chain.clone())).detect();
        let after = Detector::new(host_of(&vars, chain).env(weak, v)).detect();
        prop_assert_eq!((before.provider, before.source), (after.provider, after.source), "adding {}", weak);
    }
}

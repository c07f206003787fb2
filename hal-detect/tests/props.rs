//! Totality: detection over arbitrary environments and ancestries never panics and
//! always returns a provider.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt as _;

use hal_detect::{Detector, FakeHost, ProcessInfo, Stat};
use hal_types::{Policy, RuntimeProvider, SourceKind};
use proptest::prelude::*;

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
        proptest::collection::vec(any::<u8>().prop_filter("no NUL", |b| *b != 0), 0..24).prop_map(OsString::from_vec),
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
        prop_assert!(RuntimeProvider::ALL.contains(&d.provider));
        if d.provider == RuntimeProvider::Unknown {
            prop_assert!(matches!(d.source.kind, SourceKind::Fallback | SourceKind::Override));
        }
        prop_assert!(!report.steps.is_empty());
        // Every session-id read is total too.
        let _ = hal_detect::session_id(&host, d.provider, None);
        let _ = hal_detect::read_settings(&host, true);
    }
}

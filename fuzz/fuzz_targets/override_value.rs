//! Operator override values: any bytes for GT_STALL_THRESHOLD, GT_NUDGE_INTERVAL,
//! GT_GUPP_STRATEGY and GT_COMMAND, on every runtime's row.
#![no_main]

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt as _;

use hal_caps::{RawSettings, RawVar};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let parts: Vec<&[u8]> = data.splitn(4, |b| *b == 0).collect();
    let var = |i: usize, name: &'static str| {
        parts.get(i).map(|v| RawVar { name, value: OsString::from_vec(v.to_vec()) })
    };
    let mut raw = RawSettings::default();
    raw.stall_threshold = var(0, "GT_STALL_THRESHOLD");
    raw.nudge_interval = var(1, "GT_NUDGE_INTERVAL");
    raw.gupp_strategy = var(2, "GT_GUPP_STRATEGY");
    raw.command = var(3, "GT_COMMAND");
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(d) = hal_caps::parse_duration(text) {
            assert!((1..=86_400).contains(&d.as_secs()));
        }
    }
    for row in hal_caps::all_capabilities() {
        let r = hal_caps::resolve(&row, &raw);
        let c = &r.capabilities;
        assert!((1..=86_400).contains(&c.stall_threshold.as_secs()));
        assert!((1..=86_400).contains(&c.nudge_interval.as_secs()));
        assert!(hal_caps::gupp_possible(c, c.gupp_strategy).is_ok(), "an impossible strategy was accepted");
        for w in &r.warnings() {
            assert!(!w.chars().any(|ch| ch.is_control()), "unescaped control character in {w:?}");
        }
    }
});

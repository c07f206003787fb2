//! Runtime names: GT_RUNTIME, GT_AGENT and AI_AGENT values, parsed and detected.
#![no_main]

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt as _;

use hal_detect::{Detector, FakeHost};
use hal_types::{RuntimeProvider, SourceKind};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = hal_caps::lookup(&text);
    let _ = hal_caps::registry::parse_ai_agent(&text);
    let value = OsString::from_vec(data.to_vec());
    for var in ["GT_RUNTIME", "GT_AGENT", "AI_AGENT"] {
        let d = Detector::new(FakeHost::new().env(var, value.clone())).detect();
        assert!(RuntimeProvider::ALL.contains(&d.provider));
        if var == "GT_RUNTIME" && !data.is_empty() {
            assert_eq!(d.source.kind, SourceKind::Override);
        }
        // A self-declared name is reported as `agent` (and its version); nowhere else.
        let mut rest = d.clone();
        rest.agent = None;
        rest.agent_version = None;
        let json = format!("{rest:?}");
        if data.len() > 8 && !data.starts_with(b"GT_") && hal_caps::lookup(&text).is_none() && var == "AI_AGENT" {
            assert!(!json.contains(&*text), "an AI_AGENT value leaked into the detection");
        }
    }
});

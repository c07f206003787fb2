//! The config file: any text, read as hal's TOML, applied to every row.
#![no_main]

use hal_caps::{ConfigSource, RawSettings};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = hal_caps::Config::parse("/fuzz/config.toml", text);
    let mut raw = RawSettings::default();
    raw.config = ConfigSource::Text { path: "/fuzz/config.toml".to_owned(), text: text.to_owned() };
    for row in hal_caps::all_capabilities() {
        let r = hal_caps::resolve(&row, &raw);
        assert!((1..=86_400).contains(&r.capabilities.stall_threshold.as_secs()));
        assert!(hal_caps::gupp_possible(&r.capabilities, r.capabilities.gupp_strategy).is_ok());
    }
});

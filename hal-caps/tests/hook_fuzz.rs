//! The hook parser under generated payloads (cargo-fuzz's `hook_payload` target needs a
//! fuzzing toolchain; this harness runs as a test): objects built from the keys hal
//! reads and others, values of every JSON type, values marked `CANARY` where hal
//! ignores them, fields of 20 MiB streamed without being built, duplicate keys, and
//! bytes flipped, inserted or cut. Properties: no panic; the slice and the reader agree;
//! a recognised event is canonical or null; no kept value is longer than `MAX_FIELD`; no
//! byte of an ignored value reaches the answer; memory bounded (this test binary's own
//! `VmHWM` grows by less than 16 MiB over every case: it runs alone in its binary).

use std::io::{self, Read};

use hal_caps::hook::{MAX_FIELD, parse, parse_reader};
use hal_caps::registry::CANONICAL_EVENTS;
use proptest::prelude::*;

/// A payload as pieces: literal bytes, or a byte repeated (never built in memory).
#[derive(Debug, Clone)]
enum Piece {
    Bytes(Vec<u8>),
    Repeat(u8, usize),
}

/// Reads the pieces in order.
struct Pieces {
    list: Vec<Piece>,
    at: usize,
    offset: usize,
}

impl Read for Pieces {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while let Some(p) = self.list.get(self.at) {
            let len = match p {
                Piece::Bytes(b) => b.len(),
                Piece::Repeat(_, n) => *n,
            };
            if self.offset == len {
                self.at += 1;
                self.offset = 0;
                continue;
            }
            let n = out.len().min(len - self.offset);
            match p {
                Piece::Bytes(b) => out[..n].copy_from_slice(&b[self.offset..self.offset + n]),
                Piece::Repeat(b, _) => out[..n].fill(*b),
            }
            self.offset += n;
            return Ok(n);
        }
        Ok(0)
    }
}

const KEPT: &[&str] = &[
    "hook_event_name",
    "hookEventName",
    "hookName",
    "agent_action_name",
    "session_id",
    "sessionId",
    "conversation_id",
    "cwd",
    "workspaceRoots",
    "workspace_roots",
    "transcript_path",
    "source",
    "tool_name",
    "toolName",
    "timestamp",
];
const IGNORED: &[&str] = &["tool_input", "tool_response", "prompt", "model", "message", "x", "toolArgs"];
const EVENTS: &[&str] = &["PreToolUse", "Stop", "SessionStart", "stop", "preToolUse", "sessionStart", "BeforeTool"];

fn json_str(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

/// The length of a long field: mostly around `MAX_FIELD`, sometimes 20 MiB (past the
/// memory bound, so that a field kept whole would fail the test).
fn big() -> impl Strategy<Value = usize> {
    prop_oneof![12 => 0..(2 * MAX_FIELD), 1 => Just(20_usize << 20)]
}

/// One member's value.
fn value(kept: bool) -> impl Strategy<Value = Vec<Piece>> {
    let canary = if kept { "" } else { "CANARY" };
    prop_oneof![
        proptest::sample::select(EVENTS.to_vec()).prop_map(move |e| vec![Piece::Bytes(json_str(e).into_bytes())]),
        "[ -~é\u{202e}\u{85}]{0,12}"
            .prop_map(move |s| vec![Piece::Bytes(json_str(&format!("{canary}{s}")).into_bytes())]),
        Just(vec![Piece::Bytes(format!(r#"["/w/{canary}",{{"a":"{canary}"}}]"#).into_bytes())]),
        Just(vec![Piece::Bytes(format!(r#"{{"toolName":"T{canary}","n":[1,2.5e3,null,true]}}"#).into_bytes())]),
        Just(vec![Piece::Bytes(b"-12.5e-3".to_vec())]),
        Just(vec![Piece::Bytes(b"null".to_vec())]),
        big().prop_map(move |n| vec![
            Piece::Bytes(format!("\"{canary}").into_bytes()),
            Piece::Repeat(b'C', n),
            Piece::Bytes(b"\"".to_vec()),
        ]),
    ]
}

/// One member: a kept key, an ignored key, or a long key, and its value.
fn member() -> impl Strategy<Value = Vec<Piece>> {
    let keyed = |key: &str, value: Vec<Piece>| {
        let mut pieces = vec![Piece::Bytes(format!("{}:", json_str(key)).into_bytes())];
        pieces.extend(value);
        pieces
    };
    prop_oneof![
        (proptest::sample::select(KEPT.to_vec()), value(true)).prop_map(move |(k, v)| keyed(k, v)),
        (proptest::sample::select(IGNORED.to_vec()), value(false)).prop_map(move |(k, v)| keyed(k, v)),
        (big(), value(false)).prop_map(|(n, v)| {
            let mut pieces = vec![Piece::Bytes(b"\"".to_vec()), Piece::Repeat(b'k', n), Piece::Bytes(b"\":".to_vec())];
            pieces.extend(v);
            pieces
        }),
    ]
}

/// A payload and a mutation: none, a byte replaced, a byte inserted, the end cut.
fn payload() -> impl Strategy<Value = (Vec<Piece>, u8, usize, u8)> {
    (proptest::collection::vec(member(), 0..8), 0_u8..4, any::<usize>(), any::<u8>()).prop_map(
        |(members, mutation, at, byte)| {
            let mut pieces = vec![Piece::Bytes(b"{".to_vec())];
            for (i, m) in members.into_iter().enumerate() {
                if i > 0 {
                    pieces.push(Piece::Bytes(b",".to_vec()));
                }
                pieces.extend(m);
            }
            pieces.push(Piece::Bytes(b"}\n".to_vec()));
            (pieces, mutation, at, byte)
        },
    )
}

/// Applies the mutation to the literal pieces only (the repeated ones stay virtual).
fn mutate(pieces: &mut Vec<Piece>, mutation: u8, at: usize, byte: u8) {
    let literal: Vec<usize> = pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p, Piece::Bytes(b) if !b.is_empty()))
        .map(|(i, _)| i)
        .collect();
    let Some(&i) = literal.get(at % literal.len().max(1)) else { return };
    let Piece::Bytes(b) = &mut pieces[i] else { return };
    let j = at % b.len();
    match mutation {
        1 => b[j] = byte,
        2 => b.insert(j, byte),
        3 => {
            b.truncate(j);
            pieces.truncate(i + 1);
        }
        _ => {}
    }
}

fn vm_hwm_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

fn total(pieces: &[Piece]) -> usize {
    pieces
        .iter()
        .map(|p| {
            if let Piece::Bytes(b) = p {
                b.len()
            } else if let Piece::Repeat(_, n) = p {
                *n
            } else {
                0
            }
        })
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn generated_payloads_hold_every_property((mut pieces, mutation, at, byte) in payload()) {
        let before = vm_hwm_kib();
        mutate(&mut pieces, mutation, at, byte);
        let size = total(&pieces);
        let r = parse_reader(Pieces { list: pieces.clone(), at: 0, offset: 0 }, None);
        // Small payloads: the slice parser agrees.
        if size < 1 << 20 {
            let mut bytes = Vec::new();
            Pieces { list: pieces.clone(), at: 0, offset: 0 }.read_to_end(&mut bytes).unwrap();
            prop_assert_eq!(&r, &parse(&bytes, None));
        }
        if let Ok(e) = &r {
            if let Some(ev) = &e.event {
                prop_assert!(CANONICAL_EVENTS.contains(ev), "{} is not canonical", ev);
            }
            for v in [&e.native_event, &e.session_id, &e.cwd, &e.transcript_path, &e.tool].into_iter().flatten() {
                prop_assert!(v.len() <= MAX_FIELD);
            }
            let json = serde_json::to_string(e).unwrap();
            prop_assert!(!json.contains("CANARY"), "an ignored value leaked: {}", json);
        }
        let grown = vm_hwm_kib().saturating_sub(before);
        prop_assert!(vm_hwm_kib() < 16 * 1024 + before.max(1), "peak RSS grew by {} KiB on {} bytes", grown, size);
    }
}

//! Parsing a typical hook payload (a Claude Code `PreToolUse` of 1 KiB), from memory and
//! through the streaming reader `hal hook` uses.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

/// A `PreToolUse` payload of exactly 1 KiB.
fn payload() -> Vec<u8> {
    let head = r#"{"session_id":"0b5f6d1e-8c1a-4f7e-9a55-3c7d2f1e9b10","transcript_path":"/home/u/.claude/projects/-home-u-proj/0b5f6d1e-8c1a-4f7e-9a55-3c7d2f1e9b10.jsonl","cwd":"/home/u/proj","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_use_id":"toolu_01ABCDEF","tool_input":{"description":"Run the tests","command":""#;
    let tail = r#""}}"#;
    let mut s = head.to_owned();
    s.push_str(&"cargo test -p hal-caps; ".repeat(64));
    s.truncate(1024 - tail.len());
    s.push_str(tail);
    assert_eq!(s.len(), 1024);
    s.into_bytes()
}

fn benches(c: &mut Criterion) {
    let p = payload();
    assert!(hal_caps::hook::parse(&p, None).is_ok());
    let mut g = c.benchmark_group("hook");
    g.bench_function("parse_1k", |b| b.iter(|| black_box(hal_caps::hook::parse(black_box(&p), None))));
    g.bench_function("parse_reader_1k", |b| {
        b.iter(|| black_box(hal_caps::hook::parse_reader(black_box(&p[..]), None)));
    });
    g.finish();
}

criterion_group!(hook, benches);
criterion_main!(hook);

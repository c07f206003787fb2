//! Repetition: 10,000 sequential uncached detections in one process do not grow its
//! memory. Alone in its test binary, so no other test's allocations move the RSS.

use hal_detect::{Detector, FakeHost, ProcessInfo};

fn link(pid: u32, parent: u32, name: &str) -> ProcessInfo {
    ProcessInfo::new(pid, Some(parent), name).with_start_time(1_000_000 - u64::from(pid))
}

#[test]
fn ten_thousand_uncached_detections_do_not_grow_memory() {
    fn rss_kib() -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }
    let host = FakeHost::new()
        .env("CURSOR_AGENT", "1")
        .env("CLAUDECODE", "1")
        .ancestors((0..30).map(|i| link(i + 2, i + 3, "bash")).collect());
    for _ in 0..1000 {
        let _ = Detector::new(&host).report();
    }
    let before = rss_kib();
    for _ in 0..10_000 {
        let _ = Detector::new(&host).report();
    }
    // The real host too: 10,000 real ancestry walks.
    let os = hal_detect::OsHost::new();
    for _ in 0..10_000 {
        let _ = Detector::new(os).report();
    }
    let grown = rss_kib().saturating_sub(before);

    assert!(grown < 1024, "RSS grew by {grown} KiB over 10,000 detections");
}

//! Fault injection: hostile environments, failing file probes and broken process
//! ancestries. Every case returns a provider, reports the failure as a warning, and
//! does bounded work.

use std::cell::Cell;
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};

use hal_detect::os::walk;
use hal_detect::{Ancestry, Detector, FakeHost, Host, ProcessInfo, Stat};
use hal_types::{Diagnostic, DiagnosticCode, RuntimeProvider as P};

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

/// A host whose every probe fails in a chosen way.
struct FaultHost {
    env: FakeHost,
    stat_error: Option<io::ErrorKind>,
    stat_raw: Option<i32>,
    ancestry: Ancestry,
}

impl Host for FaultHost {
    fn var(&self, name: &str) -> Option<OsString> {
        self.env.var(name)
    }
    fn current_dir(&self) -> io::Result<PathBuf> {
        Ok(PathBuf::from("/ws/a/b/c"))
    }
    fn stat(&self, _: &Path) -> io::Result<Stat> {
        if let Some(code) = self.stat_raw {
            return Err(io::Error::from_raw_os_error(code));
        }
        self.stat_error.map_or(Ok(Stat::Missing), |k| Err(io::Error::new(k, "injected")))
    }
    fn read_file(&self, _: &Path, _: u64) -> io::Result<Vec<u8>> {
        Err(io::Error::other("injected"))
    }
    fn ancestry(&self, _: usize) -> Ancestry {
        self.ancestry.clone()
    }

    fn person_at_terminal(&self) -> bool {
        false
    }
}

fn fault(env: FakeHost) -> FaultHost {
    FaultHost { env, stat_error: None, stat_raw: None, ancestry: Ancestry::default() }
}

#[test]
fn hostile_environments() {
    let huge = OsString::from("x".repeat(1 << 20));
    let bad = os_bytes(vec![0xc3, 0x28, 0xa0, 0xa1, 0xf0, 0x28, 0x8c, 0xbc]);
    let mut many = FakeHost::new();
    for i in 0..5000 {
        many = many.env(&format!("VAR_{i}"), format!("value {i}"));
    }
    let cases: Vec<(&str, FakeHost, P)> = vec![
        ("huge GT_RUNTIME", FakeHost::new().env("GT_RUNTIME", huge.clone()), P::Unknown),
        ("huge marker", FakeHost::new().env("CODEX_THREAD_ID", huge.clone()), P::Codex),
        ("huge AI_AGENT", FakeHost::new().env("AI_AGENT", huge.clone()), P::Unknown),
        (
            "invalid UTF-8 everywhere",
            {
                let mut h = FakeHost::new();
                for v in hal_caps::registry::indicator_vars() {
                    h = h.env(v, bad.clone());
                }
                h
            },
            P::Claude,
        ), // CLAUDE_SESSION_ID is set (any bytes): the session-id step decides
        ("5000 variables", many.env("GEMINI_CLI", "1"), P::Gemini),
    ];
    for (name, host, want) in cases {
        let d = Detector::new(fault(host)).detect();
        assert_eq!(d.provider, want, "{name}");
        for w in &d.warnings() {
            assert!(w.len() < 512, "{name}: warnings stay short: {}", w.len());
        }
    }
}

#[test]
fn failing_file_probes_are_warnings() {
    for (kind, raw) in [
        (Some(io::ErrorKind::PermissionDenied), None),
        (Some(io::ErrorKind::Other), None),
        (None, Some(36)), // ENAMETOOLONG
        (None, Some(5)),  // EIO
    ] {
        let mut h = fault(FakeHost::new().env("CLAUDE_PROJECT_DIR", "/p"));
        h.stat_error = kind;
        h.stat_raw = raw;
        let d = Detector::new(h).detect();
        assert_eq!(d.provider, P::Unknown);
        assert!(d.warnings().iter().any(|w| w.contains("CLAUDE_PROJECT_DIR")), "{kind:?} {raw:?}: {:?}", d.warnings());
        assert!(
            d.warnings().iter().any(|w| w.contains(".claude/settings.json")),
            "{kind:?} {raw:?}: {:?}",
            d.warnings()
        );
    }
}

fn link(pid: u32, parent: u32, name: &str) -> ProcessInfo {
    ProcessInfo::new(pid, Some(parent), name).with_start_time(1_000_000 - u64::from(pid))
}

#[test]
fn broken_ancestries_are_bounded() {
    // A parent cycle.
    let a = walk(10, 64, |pid| Ok(link(pid, if pid == 12 { 10 } else { pid + 1 }, "sh")));
    assert_eq!(a.chain.len(), 3);
    assert!(a.warnings[0].message.contains("loops back"));
    assert_eq!(a.warnings[0].code, DiagnosticCode::ProbeFailed);
    // 10,000 levels: cut at the depth bound, reads counted.
    let reads = Cell::new(0);
    let a = walk(1, 64, |pid| {
        reads.set(reads.get() + 1);
        Ok(link(pid, pid + 1, "sh"))
    });
    assert_eq!((a.chain.len(), reads.get()), (64, 64));
    assert!(a.warnings[0].message.contains("deeper than 64"));
    assert_eq!(a.warnings[0].code, DiagnosticCode::AncestryTruncated);
    // A process that vanishes mid-walk.
    let a =
        walk(1, 64, |pid| if pid == 5 { Err(io::ErrorKind::NotFound.into()) } else { Ok(link(pid, pid + 1, "sh")) });
    assert_eq!(a.chain.len(), 4);
    assert!(a.warnings[0].message.contains("process 5"));
    // A reused pid: the "parent" started after its child.
    let a = walk(1, 64, |pid| Ok(ProcessInfo::new(pid, Some(pid + 1), "sh").with_start_time(u64::from(pid) * 10)));
    assert_eq!(a.chain.len(), 1);
    assert!(a.warnings[0].message.contains("reused"));
    // pid 0 ends the walk quietly.
    let a = walk(3, 64, |pid| Ok(ProcessInfo::new(pid, if pid == 1 { None } else { Some(pid - 1) }, "init")));
    assert_eq!((a.chain.len(), a.warnings.len()), (3, 0));
}

#[test]
fn detection_over_broken_ancestries() {
    let mut deep: Vec<ProcessInfo> = (0..10_000).map(|i| link(i + 2, i + 3, "bash")).collect();
    deep.push(link(1, 0, "codex"));
    let d = Detector::new(FakeHost::new().ancestors(deep)).detect();
    assert_eq!(d.provider, P::Unknown, "the codex at depth 10,001 is beyond the bound");
    assert!(d.warnings().iter().any(|w| w.contains("deeper than 64")));
    let mut failed = Ancestry::new(vec![link(2, 3, "bash"), link(3, 4, "codex")]);
    let message = "could not read process 4 (permission denied); the ancestry walk stopped there";
    failed.warnings.push(Diagnostic::new(DiagnosticCode::ProbeFailed, None, message));
    let d = Detector::new(FakeHost::new().ancestry_answer(failed)).detect();
    assert_eq!(d.provider, P::Codex);
    assert_eq!(d.diagnostics.len(), 1);
}

#[test]
fn config_file_faults() {
    use hal_caps::ConfigSource;
    let big = FakeHost::new().env("GT_HAL_CONFIG", "/c.toml").path("/c.toml", Ok(Stat::File { len: 2 << 20 }));
    assert!(
        matches!(hal_detect::read_config(&big), ConfigSource::Unusable { reason, .. } if reason.contains("larger"))
    );
    let fifo = FakeHost::new().env("GT_HAL_CONFIG", "/c.toml").path("/c.toml", Ok(Stat::Special("a FIFO")));
    assert!(matches!(hal_detect::read_config(&fifo), ConfigSource::Unusable { reason, .. } if reason.contains("FIFO")));
    let denied =
        FakeHost::new().env("GT_HAL_CONFIG", "/c.toml").path("/c.toml", Err(io::ErrorKind::PermissionDenied.into()));
    assert!(matches!(hal_detect::read_config(&denied), ConfigSource::Unusable { .. }));
    let binary = FakeHost::new().env("GT_HAL_CONFIG", "/c.toml").file("/c.toml", vec![0xff, 0xfe]);
    assert!(
        matches!(hal_detect::read_config(&binary), ConfigSource::Unusable { reason, .. } if reason.contains("UTF-8"))
    );
    let xdg = FakeHost::new().env("XDG_CONFIG_HOME", "/x").file("/x/hal/config.toml", "[defaults]\n");
    assert!(matches!(hal_detect::read_config(&xdg), ConfigSource::Text { .. }));
    let home = FakeHost::new().env("HOME", "/h").file("/h/.config/hal/config.toml", "");
    assert!(matches!(hal_detect::read_config(&home), ConfigSource::Text { .. }));
    assert_eq!(hal_detect::read_config(&FakeHost::new()), ConfigSource::Absent);
}

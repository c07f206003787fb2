//! Detection benchmarks. Each group has a baseline measured in the same run, so the
//! results read as ratios (see BENCHMARKS.md and `cargo xtask bench`).

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::hint::black_box;
use std::io;
use std::path::{Path, PathBuf};

use criterion::{Criterion, criterion_group, criterion_main};
use hal_detect::{Ancestry, AncestrySource, Detector, Host, OsHost, Stat};

/// The real filesystem and process table, with a given environment.
struct EnvHost {
    env: BTreeMap<&'static str, &'static str>,
    os: OsHost,
}

impl Host for EnvHost {
    fn var(&self, name: &str) -> Option<OsString> {
        self.env.get(name).map(OsString::from)
    }
    fn current_dir(&self) -> io::Result<PathBuf> {
        Ok(std::env::temp_dir())
    }
    fn stat(&self, path: &Path) -> io::Result<Stat> {
        self.os.stat(path)
    }
    fn read_file(&self, path: &Path, limit: u64) -> io::Result<Vec<u8>> {
        self.os.read_file(path, limit)
    }
    fn ancestry(&self, max_depth: usize) -> Ancestry {
        self.os.ancestry(max_depth)
    }

    fn person_at_terminal(&self) -> bool {
        false
    }
}

fn host(env: &[(&'static str, &'static str)], source: AncestrySource) -> EnvHost {
    EnvHost { env: env.iter().copied().collect(), os: OsHost::with_ancestry_source(source) }
}

/// The floor: read the same ancestors' stat and cmdline with std::fs.
fn floor(pids: &[u32]) -> usize {
    let mut n = 0;
    for pid in pids {
        n += std::fs::read(format!("/proc/{pid}/stat")).map_or(0, |b| b.len());
        n += std::fs::read(format!("/proc/{pid}/cmdline")).map_or(0, |b| b.len());
    }
    n
}

fn benches(c: &mut Criterion) {
    let _ = hal_detect::detect();
    let pids: Vec<u32> = OsHost::new().ancestry(64).chain.iter().map(|p| p.pid).collect();
    let mut g = c.benchmark_group("detect");
    g.bench_function("cached", |b| b.iter(|| black_box(hal_detect::detect())));
    let over = host(&[("GT_RUNTIME", "codex")], AncestrySource::Procfs);
    g.bench_function("override_uncached", |b| b.iter(|| black_box(Detector::new(&over).detect())));
    let stamp = host(&[("GT_AGENT", "codex")], AncestrySource::Procfs);
    g.bench_function("stamp_uncached", |b| b.iter(|| black_box(Detector::new(&stamp).detect())));
    let marker = host(&[("CODEX_THREAD_ID", "t-1")], AncestrySource::Procfs);
    g.bench_function("marker_uncached", |b| b.iter(|| black_box(Detector::new(&marker).detect())));
    let full = host(&[], AncestrySource::Procfs);
    g.bench_function("full_cascade_procfs", |b| b.iter(|| black_box(Detector::new(&full).detect())));
    let full_sysinfo = host(&[], AncestrySource::Sysinfo);
    g.bench_function("full_cascade_sysinfo", |b| b.iter(|| black_box(Detector::new(&full_sysinfo).detect())));
    g.bench_function("floor_proc_read", |b| b.iter(|| black_box(floor(&pids))));
    g.finish();
}

criterion_group!(detect, benches);
criterion_main!(detect);

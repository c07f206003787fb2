//! Capability and plan benchmarks, with a baseline in the same run.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hal_caps::RawSettings;
use hal_types::{AgentRole, RuntimeProvider};

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("plans");
    g.bench_function("baseline_clone_row", |b| {
        b.iter(|| black_box(hal_caps::capabilities(black_box(RuntimeProvider::Codex))));
    });
    g.bench_function("capabilities_and_every_role_plan", |b| {
        b.iter(|| {
            for p in RuntimeProvider::ALL {
                let r = hal_caps::resolve(&hal_caps::capabilities(*p), &RawSettings::default());
                let runtime = hal_caps::runtime(*p);
                for role in AgentRole::ALL {
                    black_box(hal_gupp::startup_plan(&r.capabilities, runtime, *role, &r.command));
                }
            }
        });
    });
    g.finish();
}

criterion_group!(plans, benches);
criterion_main!(plans);

//! Parsing `hal detect --json` and `hal startup --role polecat --json`: the hot path
//! against clap, in the same run.

use std::ffi::OsString;
use std::hint::black_box;

use clap::Parser as _;
use criterion::{Criterion, criterion_group, criterion_main};
use hal_cli::Cli;

fn benches(c: &mut Criterion) {
    let lines: Vec<Vec<OsString>> = ["detect --json", "startup --role polecat --json"]
        .iter()
        .map(|l| l.split(' ').map(OsString::from).collect())
        .collect();
    let mut g = c.benchmark_group("parse");
    g.bench_function("clap", |b| {
        b.iter(|| {
            for args in &lines {
                let argv = std::iter::once(OsString::from(hal_cli::BIN_NAME)).chain(args.iter().cloned());
                black_box(Cli::try_parse_from(argv).ok());
            }
        });
    });
    g.bench_function("fast", |b| {
        b.iter(|| {
            for args in &lines {
                black_box(hal_cli::fast::parse(black_box(args)));
            }
        });
    });
    g.finish();
}

criterion_group!(parse, benches);
criterion_main!(parse);

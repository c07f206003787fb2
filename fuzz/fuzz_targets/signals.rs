//! The registry's signal matching over arbitrary environments and ancestries.
#![no_main]

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt as _;

use hal_detect::{Detector, FakeHost, ProcessInfo};
use hal_types::{Policy, RuntimeProvider};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let names = hal_caps::registry::indicator_vars();
    let mut host = FakeHost::new();
    let mut chain = Vec::new();
    // Records: [kind, selector, len, bytes...]
    let mut rest = data;
    while let [kind, sel, len, tail @ ..] = rest {
        let n = (*len as usize).min(tail.len());
        let (bytes, next) = tail.split_at(n);
        rest = next;
        match kind % 3 {
            0 => host = host.env(names[*sel as usize % names.len()], OsString::from_vec(bytes.to_vec())),
            1 => host = host.env(&String::from_utf8_lossy(bytes), OsString::from(sel.to_string())),
            _ => {
                let name = String::from_utf8_lossy(bytes).into_owned();
                let pid = u32::try_from(chain.len()).unwrap_or(0) + 2;
                chain.push(ProcessInfo::new(pid, Some(pid + 1), name.clone()).with_argv([name]));
            }
        }
    }
    let host = host.ancestors(chain);
    for policy in [Policy::Spec, Policy::Ancestry] {
        let r = Detector::new(&host).policy(policy).report();
        assert!(RuntimeProvider::ALL.contains(&r.detection.provider));
        assert!(!r.steps.is_empty());
    }
});

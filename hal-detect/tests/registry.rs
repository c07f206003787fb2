//! Every registry row is identified by its own signals; weak signals never decide; a
//! derived runtime wins over the runtime whose markers it carries.

use hal_caps::registry::{REGISTRY, Runtime, ValueRule};
use hal_detect::{Detector, FakeHost, ProcessInfo};
use hal_types::{RuntimeProvider as P, SourceKind};

fn satisfying(rule: ValueRule) -> String {
    match rule {
        ValueRule::Exact(v) => v.to_owned(),
        ValueRule::Contains(p) => format!("x-{p}-y"),
        ValueRule::PathEntry(e) => format!("/usr/bin:/home/u{e}/:/bin"),
        _ => "1".to_owned(),
    }
}

fn detect(host: FakeHost) -> hal_types::Detection {
    Detector::new(host).detect()
}

/// The host with `r`'s first marker (and the ancestor a launch marker needs), or its
/// first combination.
fn with_first_signal(host: FakeHost, r: &Runtime) -> Option<FakeHost> {
    if let Some(m) = r.markers.first() {
        let host = host.env(m.var, satisfying(m.value));
        return Some(match m.needs_ancestor {
            Some(need) => host.ancestors(vec![ProcessInfo::new(8, Some(1), need.executable)]),
            None => host,
        });
    }
    let c = r.combos.first()?;
    Some(c.all.iter().fold(host, |h, (var, rule)| h.env(var, satisfying(*rule))))
}

#[test]
fn every_marker_and_combination_names_its_row() {
    let mut checked = 0;
    for r in REGISTRY {
        for m in r.markers {
            let host = FakeHost::new().env(m.var, satisfying(m.value));
            if let Some(need) = m.needs_ancestor {
                // A launch marker alone is nothing; with its ancestor (here two levels
                // up, under a shell) it names the row.
                assert_eq!(detect(host.clone()).provider, P::Unknown, "{} without its ancestor", m.var);
                let chain = vec![ProcessInfo::new(9, Some(8), "sh"), ProcessInfo::new(8, Some(1), need.executable)];
                assert_eq!(detect(host.ancestors(chain)).provider, r.provider, "{} with its ancestor", m.var);
                checked += 1;
                continue;
            }
            if m.unless_terminal {
                // Gated on standard output: a person's terminal is not an agent.
                assert_eq!(detect(host.clone().terminal(true)).provider, P::Unknown, "{} on a terminal", m.var);
            }
            let d = detect(host);
            assert_eq!(d.provider, r.provider, "{}={}", m.var, satisfying(m.value));
            assert_eq!(d.source.kind, SourceKind::Marker);
            assert_eq!(d.secondary_only, !m.standing.first_hand(), "{}", m.var);
            checked += 1;
        }
        for c in r.combos {
            let host = c.all.iter().fold(FakeHost::new(), |h, (var, rule)| h.env(var, satisfying(*rule)));
            assert_eq!(detect(host).provider, r.provider, "{:?}", c.all);
            // Any one part alone is not enough.
            for (var, rule) in c.all {
                let alone = detect(FakeHost::new().env(var, satisfying(*rule)));
                assert_ne!(alone.provider, r.provider, "{var} alone decided {}", r.provider);
            }
            checked += 1;
        }
    }
    assert!(checked >= 60, "only {checked} signals");
}

#[test]
fn rows_without_env_signals_are_found_by_their_channel() {
    for r in REGISTRY.iter().filter(|r| r.markers.is_empty() && r.combos.is_empty() && r.provider != P::Unknown) {
        let d = if let Some(exe) = r.executables.first() {
            let name = exe.replace('*', "1.0");
            detect(FakeHost::new().ancestors(vec![ProcessInfo::new(9, Some(1), name)]))
        } else if r.variant_of.is_some() {
            detect(FakeHost::new().env("GT_AGENT", r.provider.as_str()))
        } else {
            detect(FakeHost::new().env("AI_AGENT", format!("{}@1", r.provider)))
        };
        assert_eq!(d.provider, r.provider);
    }
}

#[test]
fn a_runtime_beats_the_runtime_whose_markers_it_keeps() {
    let mut pairs = 0;
    for r in REGISTRY {
        for &parent in r.keeps_markers_of {
            let parent_row = hal_caps::runtime(parent);
            let Some(host) = with_first_signal(FakeHost::new(), r) else { continue };
            let Some(host) = with_first_signal(host, parent_row) else { continue };
            let d = detect(host);
            assert_eq!(d.provider, r.provider, "{} over {parent}", r.provider);
            assert!(!d.ambiguous, "{} over {parent} is by design, not ambiguous", r.provider);
            pairs += 1;
        }
    }
    assert!(pairs >= 8, "{pairs}");
}

#[test]
fn an_inherited_ai_agent_never_beats_a_runtime_marker() {
    for r in REGISTRY {
        let Some(host) = with_first_signal(FakeHost::new(), r) else { continue };
        let d = detect(host.env("AI_AGENT", "claude-code_2-1-263_agent"));
        if r.provider != P::Claude {
            assert_eq!(d.provider, r.provider, "AI_AGENT beat {}", r.provider);
        }
    }
}

#[test]
fn every_executable_names_its_row_exactly() {
    for r in REGISTRY {
        for exe in r.executables {
            let name = exe.replace('*', "1.0");
            let d = detect(FakeHost::new().ancestors(vec![ProcessInfo::new(9, Some(1), name.clone())]));
            assert_eq!(d.provider, r.provider, "{name}");
            let mut look_alikes = vec![format!("my-{name}")];
            if !exe.ends_with('*') {
                look_alikes.push(format!("{name}ify"));
            }
            for look_alike in look_alikes {
                let d = detect(FakeHost::new().ancestors(vec![ProcessInfo::new(9, Some(1), look_alike.clone())]));
                assert_ne!(d.provider, r.provider, "{look_alike}");
            }
        }
    }
}

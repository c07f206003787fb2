//! The capability matrix: the design's table to the letter, and every row's wire form.

use hal_types::RuntimeProvider;

#[test]
fn design_matrix_markdown() {
    insta::assert_snapshot!("design_matrix", hal_caps::design_matrix_markdown());
}

#[test]
fn full_matrix_markdown() {
    insta::assert_snapshot!("full_matrix", hal_caps::full_matrix_markdown());
}

#[test]
fn wire_form_of_every_row() {
    let rows: Vec<serde_json::Value> =
        hal_caps::all_capabilities().iter().map(|c| serde_json::to_value(c).unwrap()).collect();
    insta::assert_json_snapshot!("rows", rows);
}

#[test]
fn supports_hooks_only_for_full_hooks_and_nudge_for_limited_too() {
    let cursor = hal_caps::capabilities(RuntimeProvider::Cursor);
    assert!(!cursor.supports_hooks());
    assert!(cursor.supports_nudge());
    assert!(hal_caps::capabilities(RuntimeProvider::Claude).supports_hooks());
}

#[test]
fn registry_is_valid() {
    use std::collections::BTreeSet;
    let reg = hal_caps::REGISTRY;
    let mut names = BTreeSet::new();
    for r in reg {
        assert!(names.insert(r.provider.as_str().to_ascii_lowercase()), "duplicate id {}", r.provider);
        for a in r.aliases {
            assert!(names.insert(a.to_ascii_lowercase()), "duplicate alias {a}");
        }
        assert!(!r.sources.is_empty(), "{} has no source", r.provider);
        assert_eq!(hal_caps::row(r).provider, r.provider, "{}'s capability row names another provider", r.provider);
        // A derived runtime comes before the runtime whose markers it carries.
        if let Some(parent) = r.derived_from {
            let pos = |p| reg.iter().position(|x| x.provider == p).unwrap();
            assert!(pos(r.provider) < pos(parent), "{} must precede {parent}", r.provider);
        }
        for m in r.markers {
            assert_ne!(m.strength, hal_types::Strength::Weak, "{}: weak signals belong in `weak` or a combo", m.var);
        }
        for c in r.combos {
            assert!(c.all.len() >= 2, "{}: a combination needs two signals", r.provider);
        }
        if let Some(h) = r.hooks {
            for (canonical, _) in h.events {
                assert!(
                    hal_caps::registry::CANONICAL_EVENTS.contains(canonical),
                    "{}: {canonical} is not canonical",
                    r.provider
                );
            }
        }
    }
    assert_eq!(reg.last().unwrap().provider, RuntimeProvider::Unknown);
    // No signal belongs to two rows.
    let mut seen = BTreeSet::new();
    for r in reg {
        for m in r.markers {
            assert!(seen.insert(format!("{}={:?}", m.var, m.value)), "{} is in two rows", m.var);
        }
        for e in r.executables {
            assert!(seen.insert(format!("exe {e}")), "executable {e} is in two rows");
        }
    }
    assert!(reg.len() > 40, "{} runtimes", reg.len());
    for p in RuntimeProvider::ALL {
        assert!(reg.iter().any(|r| r.provider == *p), "{p} has no registry row");
    }
}

#[test]
fn ai_agent_values() {
    use hal_caps::registry::parse_ai_agent;
    assert_eq!(parse_ai_agent("claude-code_2-1-263_agent"), Some(RuntimeProvider::Claude));
    assert_eq!(parse_ai_agent("claude-code_2.1.0_cli"), Some(RuntimeProvider::Claude));
    assert_eq!(parse_ai_agent("codex@1"), Some(RuntimeProvider::Codex));
    assert_eq!(parse_ai_agent(""), None);
    assert_eq!(parse_ai_agent("nobody_1_agent"), None);
}

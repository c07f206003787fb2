//! The capability matrix: the design's rows, variants and departures (its Markdown and
//! the rows' wire form: `hal-cli/tests/reference.rs`).

use hal_caps::registry::CapChange;
use hal_types::{Capabilities, RuntimeProvider};

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
        // A runtime comes before every runtime whose markers it sets or keeps.
        let pos = |p| reg.iter().position(|x| x.provider == p).unwrap();
        for other in r.keeps_markers_of {
            assert!(pos(r.provider) < pos(*other), "{} must precede {other}", r.provider);
        }
        // A family is one level deep: a variant's base is a base runtime.
        if let Some(base) = r.variant_of {
            assert_eq!(hal_caps::runtime(base).variant_of, None, "{}: {base} is itself a variant", r.provider);
            assert_ne!(base, r.provider);
        }
        for m in r.markers {
            assert_ne!(m.strength, hal_types::Strength::Weak, "{}: weak signals belong in `weak` or a combo", m.var);
        }
        for c in r.combos {
            assert!(c.all.len() >= 2, "{}: a combination needs two signals", r.provider);
        }
        if let Some(h) = r.hooks {
            let faults = mapping_faults(r.provider, &h);
            assert!(faults.is_empty(), "{faults:?}");
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
    assert_eq!(parse_ai_agent("claude-code/2.1.123/agent"), Some(RuntimeProvider::Claude));
    // A form Claude Code never wrote (dots inside the underscore form): a self-declared
    // agent of that name, not Claude Code (hostile-findings N18).
    assert_eq!(parse_ai_agent("claude-code_2.1.0_cli"), None);
    assert_eq!(parse_ai_agent("claude_evil"), None);
    assert_eq!(parse_ai_agent("codex@1"), Some(RuntimeProvider::Codex));
    assert_eq!(parse_ai_agent(""), None);
    assert_eq!(parse_ai_agent("nobody_1_agent"), None);
}

/// Every field of a capability row that can differ, by name.
fn fields(c: &Capabilities) -> Vec<(&'static str, String)> {
    vec![
        ("session_hooks", c.session_hooks.to_string()),
        ("context_fork", c.context_fork.to_string()),
        ("session_id_env", format!("{:?}", c.session_id_env)),
        ("startup_injection", c.startup_injection.to_string()),
        ("startup_strategy", c.startup_strategy.to_string()),
        ("gupp_strategy", c.gupp_strategy.to_string()),
        ("stall_threshold", format!("{:?}", c.stall_threshold)),
        ("nudge_interval", format!("{:?}", c.nudge_interval)),
        ("nudge_support", c.nudge_support.to_string()),
    ]
}

fn differing(a: &Capabilities, b: &Capabilities) -> Vec<&'static str> {
    fields(a).into_iter().zip(fields(b)).filter(|(x, y)| x != y).map(|(x, _)| x.0).collect()
}

#[test]
fn a_variant_has_its_base_runtimes_row_but_for_listed_departures() {
    for r in hal_caps::REGISTRY {
        let Some(base) = r.variant_of else {
            assert_eq!(hal_caps::row(r).family, r.provider, "a base runtime is its own family");
            continue;
        };
        if hal_caps::runtime(base).caps.is_none() {
            // A variant of a derived runtime is derived itself, from facts it inherits.
            assert_eq!(hal_caps::row(r), hal_caps::derive(r).with_family(base), "{}", r.provider);
            continue;
        }
        let own = hal_caps::row(r);
        assert_eq!((own.provider, own.family), (r.provider, base));
        let listed: Vec<&str> = r
            .cap_overrides
            .iter()
            .flat_map(|o| {
                assert!(o.reason.len() > 20, "{}: a departure needs its reason", r.provider);
                match o.change {
                    CapChange::Startup(..) => {
                        ["session_hooks", "startup_strategy", "gupp_strategy", "startup_injection"]
                    }
                    _ => unreachable!("a new CapChange needs its fields here"),
                }
            })
            .collect();
        for field in differing(&own, &hal_caps::capabilities(base)) {
            assert!(listed.contains(&field), "{}: {field} differs from {base}'s without a listed reason", r.provider);
        }
    }
}

#[test]
fn groq_compound_and_cowork_are_claude_with_claudes_timings() {
    for p in [RuntimeProvider::GroqCompound, RuntimeProvider::Cowork] {
        let c = hal_caps::capabilities(p);
        assert_eq!(c.family, RuntimeProvider::Claude);
        assert_eq!((c.stall_threshold.as_secs(), c.nudge_interval.as_secs()), (120, 30), "{p}");
        assert_eq!(c.startup_strategy, hal_types::StartupStrategy::HookInjection, "{p}");
    }
    assert_eq!(hal_caps::family(RuntimeProvider::CopilotVscode), RuntimeProvider::Copilot);
    assert_eq!(hal_caps::family(RuntimeProvider::PiSigned), RuntimeProvider::Pi);
    assert_eq!(hal_caps::family(RuntimeProvider::Amp), RuntimeProvider::Amp, "amp sets CLAUDECODE but is not Claude");
}

#[test]
fn each_design_row_departs_from_its_derived_row_only_in_listed_fields() {
    for r in hal_caps::REGISTRY.iter().filter(|r| r.caps.is_some()) {
        let mut diff = differing(&hal_caps::row(r), &hal_caps::derive(r));
        let mut listed: Vec<&str> = hal_caps::registry::DESIGN_DEPARTURES
            .iter()
            .filter(|d| d.provider == r.provider)
            .map(|d| d.field)
            .collect();
        diff.sort_unstable();
        listed.sort_unstable();
        assert_eq!(diff, listed, "{}: the design row's departures from the derived row", r.provider);
    }
}

#[test]
fn vendor_standing_never_rests_on_an_orchestrator_alone() {
    for r in hal_caps::REGISTRY {
        if r.sources.iter().all(hal_caps::registry::Source::is_orchestrator) {
            assert!(!r.vendor_verified(), "{}: its only sources are orchestrators", r.provider);
        }
        for s in r.sources.iter().filter(|s| s.is_orchestrator()) {
            assert!(!s.standing.first_hand(), "{}: {} is not a runtime vendor", r.provider, s.cite);
        }
    }
    // Mistral Vibe left this list when a live run verified it, oh-my-pi when its live
    // run's `OMPCODE` became its marker.
    let p = RuntimeProvider::GroqCompound;
    assert!(!hal_caps::runtime(p).vendor_verified(), "{p} rests on Gastown or Firstmate only");
    assert!(hal_caps::runtime(RuntimeProvider::Claude).vendor_verified());
}

#[test]
fn flags_accept_truthy_spellings_and_exact_markers_stay_exact() {
    use hal_caps::registry::ValueRule;
    for v in ["1", "true", "TRUE", "yes", "On", " 1 "] {
        assert!(ValueRule::Flag.matches(Some(v)), "{v:?}");
    }
    for v in ["0", "false", "no", "off", "", "2", "enabled"] {
        assert!(!ValueRule::Flag.matches(Some(v)), "{v:?}");
    }
    assert!(!ValueRule::Exact("1").matches(Some("true")), "GEMINI_CLI=1 stays exact");
}

/// Gastown's liveness names and the startup nudge of its fallback matrix, per preset
/// (runtime-facts.md §5, steveyegge/gastown:internal/config/agents.go; kiro and grok:
/// gastownhall/gastown@d74edb69).
#[test]
fn gastown_presets_liveness_names_and_nudge() {
    use RuntimeProvider as P;
    let table: &[(P, &[&str], Option<u64>)] = &[
        (P::Claude, &["node", "claude"], None),
        (P::Gemini, &["gemini"], None),
        (P::Codex, &["codex"], Some(2000)),
        (P::Cursor, &["cursor-agent", "agent"], None),
        (P::Auggie, &["auggie"], Some(2000)),
        (P::Amp, &["amp"], Some(2000)),
        (P::Opencode, &["opencode", "node", "bun"], None),
        (P::Copilot, &["copilot"], None),
        (P::Pi, &["pi", "node", "bun"], None),
        (P::Omp, &["omp", "node", "bun"], None),
        (P::Vibe, &["vibe"], Some(2000)),
        (P::GroqCompound, &["node", "claude"], None),
        (P::Kiro, &["kiro-cli"], Some(2000)),
        (P::Grok, &["grok"], None),
    ];
    for (p, names, nudge) in table {
        let g = hal_caps::runtime(*p).gastown.unwrap_or_else(|| panic!("{p} has Gastown's preset"));
        let row = hal_caps::runtime(*p);
        assert_eq!(hal_caps::registry::gastown_process_names(row), *names, "{p}");
        assert_eq!(g.startup_nudge_ms(), *nudge, "{p}: Gastown's own startup fallback matrix");
        assert!(g.prompt_arg, "{p}: every preset takes the prompt as an argument");
        assert!(g.source.is_orchestrator(), "{p}: Gastown's facts are Gastown's");
        if let Some(a) = g.adapter {
            assert!(a.schema.is_none() || !a.events.is_empty(), "{p}: a rendered adapter names its events");
        }
    }
}

/// An adapter rendered in Copilot's schema carries the timeouts its file needs (the
/// fragment has a timeout per hook), and no other adapter claims any.
#[test]
fn copilot_schema_adapters_and_only_they_carry_hook_timeouts() {
    use hal_caps::registry::FragmentSchema;
    for r in hal_caps::REGISTRY {
        let Some(a) = r.gastown.and_then(|g| g.adapter) else { continue };
        let copilot = a.schema == Some(FragmentSchema::Copilot);
        assert_eq!(a.timeouts.is_some(), copilot, "{}: timeouts {:?}, schema {:?}", r.provider, a.timeouts, a.schema);
        assert!(a.timeouts.is_none_or(|(start, other)| start > 0 && other > 0), "{}", r.provider);
    }
}

/// What is wrong with a hook table's mapping: a row mapped to a newer hal's event
/// (`Newer`), or a native name that reads back (`Hooks::event`, the look-up the payload
/// reader and the suite use) as another canonical event than its row says: a name
/// written twice with two meanings.
fn mapping_faults(p: RuntimeProvider, h: &hal_caps::registry::Hooks) -> Vec<String> {
    h.mapped()
        .filter_map(|(c, native)| {
            let back = h.event(native).and_then(|e| e.canonical);
            (c == hal_types::CanonicalEvent::Newer || back != Some(c))
                .then(|| format!("{p}: `{native}` is {c} in its row but reads back as {back:?}"))
        })
        .collect()
}

/// The mapping check can fail: Claude's table with its first mapped name written again
/// for another event, and with a row mapped to `Newer`.
#[test]
fn a_native_name_with_two_meanings_is_a_mapping_fault() {
    use hal_types::CanonicalEvent;
    let claude = hal_caps::runtime(RuntimeProvider::Claude).hooks.unwrap();
    assert!(mapping_faults(RuntimeProvider::Claude, &claude).is_empty());
    let first = *claude.events.iter().find(|e| e.canonical.is_some()).unwrap();
    let mut twice = first;
    twice.canonical = CanonicalEvent::ALL.iter().copied().find(|c| Some(*c) != first.canonical);
    let mut newer = first;
    newer.native = "AnEventOfANewerHal";
    newer.canonical = Some(CanonicalEvent::Newer);
    let mut planted = claude;
    planted.events = Box::leak(vec![first, twice, newer].into_boxed_slice());
    let faults = mapping_faults(RuntimeProvider::Claude, &planted);
    assert_eq!(faults.len(), 2, "{faults:?}");
    assert!(faults[0].contains(first.native) && faults[1].contains("AnEventOfANewerHal"), "{faults:?}");
}

//! serde, Display and FromStr agree for every variant of every enum; spellings are pinned.

use std::fmt::Write as _;

use hal_types::{
    AgentContext, AgentRole, CanonicalEvent, DiagnosticCode, GuppStrategy, HookInjection, HookKind, LintRule, Policy,
    RuntimeProvider, SessionSource, Setting, SourceKind, StartupInjection, StartupStrategy, StepOutcome, Strength,
    StringEnum, Support,
};

fn check<T: StringEnum + serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(
    listing: &mut String,
) {
    let _ = write!(listing, "{}:", T::KIND);
    for &v in T::VARIANTS {
        let s = v.as_str();
        assert_eq!(v.to_string(), s, "Display of {v:?}");
        assert_eq!(s.parse::<T>().unwrap(), v, "FromStr of {s}");
        let json = serde_json::to_string(&v).unwrap();
        assert_eq!(json, format!("\"{s}\""), "serde of {v:?}");
        assert_eq!(serde_json::from_str::<T>(&json).unwrap(), v, "serde round trip of {v:?}");
        let _ = write!(listing, " {s}");
    }
    listing.push('\n');
    let err = "no-such-value".parse::<T>().unwrap_err();
    let msg = err.to_string();
    for &v in T::VARIANTS {
        assert!(msg.contains(v.as_str()), "error lists {}: {msg}", v.as_str());
    }
    // Serde reads an unknown spelling as the fallback where the enum has one (JSON from
    // a newer hal), and refuses it otherwise.
    match T::FALLBACK {
        Some(f) => assert_eq!(serde_json::from_str::<T>("\"no-such-value\"").unwrap(), f),
        None => assert!(serde_json::from_str::<T>("\"no-such-value\"").is_err()),
    }
}

#[test]
fn json_from_a_newer_hal_with_a_runtime_this_version_does_not_know_still_reads() {
    let json = r#"{"provider":"brand-new-agent","family":"brand-new-agent","source":{"kind":"marker","signal":"X"},"policy":"spec","diagnostics":[],"warnings":[],"version":1}"#;
    let d: hal_types::Detection = serde_json::from_str(json).unwrap();
    assert_eq!((d.provider, d.family), (RuntimeProvider::Unknown, RuntimeProvider::Unknown));
    assert!("brand-new-agent".parse::<RuntimeProvider>().is_err(), "FromStr stays strict for the CLI");
}

/// Issue 34: every string enum a reader of hal's JSON meets reads a value a newer hal
/// added (an event, a session source, a diagnostic code, a source kind, a role, a
/// strategy...) as its `Newer` variant, so `hal hook --json`, `hal detect --json`,
/// `hal caps --json` and `hal startup --json` from a newer hal still read.
#[test]
fn json_from_a_newer_hal_with_values_this_version_does_not_know_still_reads() {
    let hook = r#"{"provider":"claude","family":"claude","native_event":"BrandNew","event":"brand.new",
        "session_id":"s","cwd":null,"transcript_path":null,"source":"teleport","tool":null,
        "diagnostics":[{"code":"brand_new_code","subject":null,"message":"m"}]}"#;
    let e: hal_types::HookEvent = serde_json::from_str(hook).unwrap();
    assert_eq!((e.event, e.source), (Some(CanonicalEvent::Newer), Some(SessionSource::Newer)));
    assert_eq!(e.diagnostics[0].code, DiagnosticCode::Newer);
    let detection = r#"{"provider":"claude","family":"claude","source":{"kind":"brand_new_kind","signal":"X"},
        "policy":"brand_new_policy","agent_context":"brand_new_context","diagnostics":[],"warnings":[],"version":1}"#;
    let d: hal_types::Detection = serde_json::from_str(detection).unwrap();
    assert_eq!(
        (d.source.kind, d.policy, d.agent_context),
        (SourceKind::Newer, Policy::Newer, Some(AgentContext::Newer))
    );
    // Every enum with `Newer` keeps it out of its lists: `FromStr` refuses the
    // spelling, and `ALL` (what `hal events`, the schemas and the CLI list) leaves it out.
    assert!(hal_types::NEWER.parse::<CanonicalEvent>().is_err());
    assert!(!CanonicalEvent::ALL.contains(&CanonicalEvent::Newer));
    assert!(!DiagnosticCode::ALL.contains(&DiagnosticCode::Newer));
}

#[test]
fn every_enum_agrees_and_spellings_are_pinned() {
    let mut listing = String::new();
    check::<RuntimeProvider>(&mut listing);
    check::<StartupStrategy>(&mut listing);
    check::<GuppStrategy>(&mut listing);
    check::<AgentRole>(&mut listing);
    check::<Support>(&mut listing);
    check::<StartupInjection>(&mut listing);
    check::<Policy>(&mut listing);
    check::<Strength>(&mut listing);
    check::<SourceKind>(&mut listing);
    check::<DiagnosticCode>(&mut listing);
    check::<HookKind>(&mut listing);
    check::<CanonicalEvent>(&mut listing);
    check::<SessionSource>(&mut listing);
    check::<AgentContext>(&mut listing);
    // Lint rules are added with their detection code and never renamed or removed: their
    // spellings are held additively below, not pinned whole here.
    check::<LintRule>(&mut String::new());
    check::<HookInjection>(&mut listing);
    check::<StepOutcome>(&mut listing);
    check::<Setting>(&mut listing);
    check::<hal_types::LaunchMode>(&mut listing);
    check::<hal_types::Autonomy>(&mut listing);
    insta::assert_snapshot!("spellings", listing);
}

/// The lint rule ids published before the released schema typed a finding's `rule`
/// (`schema/released/lint.json` has it a string): suppressions in skills name them, so
/// each still reads, as itself. A rule added since is held by the released schemas once
/// a release carries it (`xtask/src/compat.rs`: an enum value is never removed); a rule
/// added to [`LintRule`] needs no line here.
const PUBLISHED_LINT_RULES: &[&str] = &[
    "indicator-var",
    "runtime-path-var",
    "indicator-file",
    "process-table",
    "hal-crate-dependency",
    "unpinned-hal-types",
    "process-dependency",
    "detection-package",
    "bad-suppression",
];

#[test]
fn lint_rules_are_added_never_renamed_or_removed() {
    for id in PUBLISHED_LINT_RULES {
        let rule: LintRule = id.parse().unwrap_or_else(|e| panic!("a published lint rule was renamed or removed: {e}"));
        assert_eq!(rule.as_str(), *id);
        assert_eq!(serde_json::from_str::<LintRule>(&format!("\"{id}\"")).unwrap(), rule);
    }
    // `Newer` reads a rule a newer hal added (its description is hal-lint's).
    assert_eq!(serde_json::from_str::<LintRule>("\"a-rule-from-a-newer-hal\"").unwrap(), LintRule::Newer);
}

#[test]
fn autonomous_roles_are_gastowns() {
    let autonomous: Vec<&str> = AgentRole::ALL.iter().filter(|r| r.is_autonomous()).map(|r| r.as_str()).collect();
    assert_eq!(autonomous, ["deacon", "boot", "witness", "refinery", "polecat"]);
}

#[test]
fn parse_error_names_the_kind_and_value() {
    let e = "admiral".parse::<AgentRole>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown role `admiral`; expected one of: mayor, deacon, dog, boot, witness, refinery, polecat, crew"
    );
}

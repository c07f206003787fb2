//! A downstream skill's view: only hal-types, a `&dyn RuntimeHal`, no host.

use std::time::Duration;

use hal_types::{
    AgentRole, Capabilities, GuppStrategy, RuntimeHal, RuntimeProvider, StartupPlan, StartupStrategy, StaticHal,
    Support,
};

fn witness_should_nudge(hal: &dyn RuntimeHal, idle: Duration) -> bool {
    hal.supports_nudge() && idle >= hal.nudge_interval() && idle < hal.stall_threshold()
}

fn fixture() -> StaticHal {
    let caps = Capabilities::new(
        RuntimeProvider::Cursor,
        None,
        StartupStrategy::StartupFallback,
        GuppStrategy::PromptPreamble,
        Duration::from_secs(120),
        Duration::from_secs(30),
    )
    .with_session_hooks(Support::Partial)
    .with_nudge_support(Support::Partial);
    let plan = StartupPlan::new(
        RuntimeProvider::Cursor,
        AgentRole::Polecat,
        StartupStrategy::StartupFallback,
        vec!["gt prime".to_owned()],
    );
    StaticHal::new(caps).with_session_id("s-1").with_plan(plan)
}

#[test]
fn static_hal_answers_through_the_trait_object() {
    let hal = fixture();
    let hal: &dyn RuntimeHal = &hal;
    assert_eq!(hal.detect_provider(), RuntimeProvider::Cursor);
    assert_eq!(hal.startup_strategy(), StartupStrategy::StartupFallback);
    assert_eq!(hal.gupp_strategy(), GuppStrategy::PromptPreamble);
    assert!(!hal.supports_hooks(), "partial hooks cannot carry startup injection");
    assert!(hal.supports_nudge(), "limited nudges still count");
    assert_eq!(hal.session_id().as_deref(), Some("s-1"));
    assert_eq!(hal.stall_threshold(), Duration::from_secs(120));
    assert_eq!(hal.nudge_interval(), Duration::from_secs(30));
    assert_eq!(hal.startup_commands(AgentRole::Polecat), ["gt prime"]);
    assert!(hal.startup_commands(AgentRole::Mayor).is_empty());
    assert!(witness_should_nudge(hal, Duration::from_secs(60)));
    assert!(!witness_should_nudge(hal, Duration::from_secs(121)));
}

#[test]
fn capabilities_wire_form_uses_whole_seconds() {
    let hal = fixture();
    let v: serde_json::Value = serde_json::to_value(hal.capabilities()).unwrap();
    assert_eq!(v["stall_threshold_secs"], 120);
    assert_eq!(v["nudge_interval_secs"], 30);
    assert_eq!(v["session_hooks"], "partial");
    let back: Capabilities = serde_json::from_value(v).unwrap();
    assert_eq!(&back, hal.capabilities());
}

#[test]
fn detection_json_is_additive() {
    // An older producer's JSON without the newer optional fields still parses.
    let d: hal_types::Detection = serde_json::from_str(
        r#"{"provider":"codex","source":{"kind":"marker","signal":"CODEX_THREAD_ID"},"policy":"spec","extra":1}"#,
    )
    .unwrap();
    assert_eq!(d.provider, RuntimeProvider::Codex);
    assert!(d.candidates.is_empty() && d.diagnostics.is_empty() && !d.ambiguous);
}

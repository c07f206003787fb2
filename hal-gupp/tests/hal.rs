//! The assembled `Hal`: one merged list of diagnostics, the session id by one rule.

use hal_detect::FakeHost;
use hal_gupp::Hal;
use hal_types::{DiagnosticCode as C, RuntimeHal as _, RuntimeProvider as P};

#[test]
fn diagnostics_merge_detection_and_settings_once() {
    let host = FakeHost::new()
        .env("GT_RUNTIME", "bogus")
        .env("GT_HAL_POLICY", "nope")
        .env("GT_STALL_THRESHOLD", "0")
        .env("GT_HAL_CONFIG", "/missing.toml");
    let hal = Hal::detect(host, None);
    let codes: Vec<C> = hal.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, [C::PolicyInvalid, C::OverrideUnknownRuntime, C::ConfigMissing, C::OverrideOutOfRange]);
    assert_eq!(hal.warnings().len(), 4);
}

#[test]
fn a_given_provider_still_reports_the_settings() {
    let hal = Hal::for_provider(FakeHost::new().env("GT_NUDGE_INTERVAL", "1h"), P::Claude);
    let codes: Vec<C> = hal.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, [C::NudgeNotShorter]);
}

#[test]
fn the_session_id_comes_from_the_first_listed_variable() {
    let host = FakeHost::new().env("CLAUDE_SESSION_ID", "stale").env("CLAUDE_CODE_SESSION_ID", "live");
    let hal = Hal::for_provider(host, P::Claude);
    let vars = hal.session_id_vars();
    assert_eq!(vars.first().map(String::as_str), Some("CLAUDE_CODE_SESSION_ID"));
    let s = hal.session().unwrap();
    assert_eq!((s.id.as_str(), s.variable.as_str()), ("live", "CLAUDE_CODE_SESSION_ID"));
    assert_eq!(hal.session_id().as_deref(), Some("live"));
}

#[test]
fn a_variants_plan_names_its_family() {
    let plan = Hal::for_provider(FakeHost::new(), P::Cowork).startup_plan(hal_types::AgentRole::Polecat);
    assert_eq!((plan.provider, plan.family), (P::Cowork, P::Claude));
}

//! The hook-payload step: the runtime that wrote the payload beats inherited signals.

use hal_detect::{Detector, FakeHost, Outcome, StepKind};
use hal_types::{HookEvent, Policy, RuntimeProvider as P, SourceKind};

fn event(p: P) -> HookEvent {
    HookEvent::new(p, hal_caps::family(p))
}

#[test]
fn the_payload_beats_inherited_markers_and_follows_the_override() {
    let host = FakeHost::new().env("CLAUDECODE", "1").env("CODEX_THREAD_ID", "t");
    let r = Detector::new(&host).with_hook(event(P::Cursor)).report();
    assert_eq!((r.detection.provider, r.detection.source.kind), (P::Cursor, SourceKind::HookPayload));
    let kinds: Vec<StepKind> = r.steps.iter().map(|s| s.kind).collect();
    assert_eq!(kinds, StepKind::order_with(Policy::Spec, true));
    assert_eq!((kinds[1], r.steps[1].outcome), (StepKind::HookPayload, Outcome::Decided));
    // The operator override still comes first.
    let host = host.env("GT_RUNTIME", "gemini");
    assert_eq!(Detector::new(&host).with_hook(event(P::Cursor)).detect().provider, P::Gemini);
}

#[test]
fn an_unknown_payload_passes_and_no_payload_no_step() {
    let host = FakeHost::new().env("CODEX_THREAD_ID", "t");
    let r = Detector::new(&host).with_hook(event(P::Unknown)).report();
    assert_eq!(r.detection.provider, P::Codex);
    assert_eq!(r.steps[1].outcome, Outcome::Passed);
    let r = Detector::new(&host).report();
    assert!(r.steps.iter().all(|s| s.kind != StepKind::HookPayload));
    for policy in [Policy::Spec, Policy::Ancestry] {
        let with: Vec<_> =
            StepKind::order_with(policy, true).into_iter().filter(|k| *k != StepKind::HookPayload).collect();
        assert_eq!(with, StepKind::order(policy));
        assert_eq!(StepKind::order_with(policy, true)[1], StepKind::HookPayload);
        assert_eq!(StepKind::order_with(policy, false), StepKind::order(policy));
    }
}

#[test]
fn a_third_party_payload_shape_is_secondary_only() {
    let d = Detector::new(FakeHost::new()).with_hook(event(P::Grok)).detect();
    assert_eq!((d.provider, d.secondary_only, d.family), (P::Grok, true, P::Grok));
    let d = Detector::new(FakeHost::new()).with_hook(event(P::CopilotVscode)).detect();
    assert_eq!((d.provider, d.secondary_only, d.family), (P::CopilotVscode, false, P::Copilot));
}

//! The plan, end to end: `hal startup` gave one, its commands ran, their output reached
//! the model; for a startup_fallback runtime with SessionStart, the evidence of whether
//! a native hook's stdout reaches the model.

use super::cx::{Cx, Out};
use crate::doc::{Plan, shown};

/// The plan's checks.
pub(super) fn checks(cx: &Cx, out: &mut Out) {
    if let Some(e) = &cx.doc.plan_error {
        out.push("plan", "hal startup --role polecat gives a plan", "a plan", e, false);
    }
    let Some(plan) = &cx.doc.plan else { return };
    let calls = &plan.gt_calls;
    let wanted: Vec<&str> = plan.markers_reached.iter().map(|m| m.line.as_str()).collect();
    let ran = !wanted.is_empty() && wanted.iter().all(|w| calls.iter().any(|c| w.ends_with(&format!("gt {c}"))));
    out.push(
        "plan",
        format!("the plan's command ran ({})", shown(plan.strategy.as_deref())),
        plan.commands.join("; "),
        if calls.is_empty() { "gt never ran".to_owned() } else { format!("gt {}", calls.join("; gt ")) },
        ran,
    );
    let reached = !plan.markers_reached.is_empty() && plan.markers_reached.iter().all(|m| m.reached);
    out.push(
        "plan",
        "the plan's output reached the model",
        "every marker line in a model request",
        if reached { "reached" } else { "not reached" },
        reached,
    );
    if plan.strategy.as_deref() == Some("startup_fallback") && cx.spec.events().contains(&"SessionStart") {
        session_hook(plan, out);
    }
}

/// A startup_fallback runtime's native SessionStart hook.
fn session_hook(plan: &Plan, out: &mut Out) {
    let ran = plan.session_hook_ran;
    out.push("plan", "a native SessionStart hook ran", "ran", if ran { "ran" } else { "never ran" }, ran);
    if ran {
        // Evidence for the row, recorded, not judged: the hook prints what `gt prime
        // --hook` prints (plain text); whether a runtime takes it as context is what a
        // startup_fallback row's future rests on.
        let reached = if plan.session_hook_reached { "reached" } else { "not reached" };
        out.push(
            "plan",
            "evidence: a SessionStart hook's plain-text stdout reaches the model",
            "recorded",
            reached,
            true,
        );
    }
}

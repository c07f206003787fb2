//! The replays: wherever a capture's environment carries a verified variable of the
//! runtime, hal run outside the runtime with that environment names it and its session.

use super::cx::{Cx, Out, payload_session, provider};
use crate::doc::shown;
use crate::replaying::Replay;

/// The replays' checks.
pub(super) fn checks(cx: &Cx, replays: &[Replay], out: &mut Out) {
    for r in replays {
        let Some(cap) = cx.doc.capture(&r.context) else { continue };
        let vars = if r.context == "tool" { &cx.expect.tool_vars } else { &cx.expect.hook_vars };
        if !vars.iter().any(|v| cap.var(v).is_some()) {
            continue;
        }
        let name = format!("{} replayed without the runtime, {} workspace: hal {}", r.context, r.place, r.command);
        if r.command.starts_with("detect") {
            let got = provider(r.out.provider);
            out.push("replay", name, cx.id(), &got, got == cx.id());
        } else {
            // The truth: a verified session variable's value; with the payload, else its id.
            // A bridge object is no payload hal reads: no session id comes from it.
            let from_payload = r.command.ends_with("--hook") && cx.spec.bridge.is_none();
            let fallback = if from_payload { payload_session(cap.payload.as_ref()) } else { None };
            let truth = cx.session_truth(cap).or(fallback);
            let got = &r.out.session_id;
            out.push("replay", name, shown(truth.as_deref()), shown(got.as_deref()), *got == truth);
        }
    }
}

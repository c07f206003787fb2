//! The hooks: every verified event fired, and in every hook that fired hal named the
//! runtime, the canonical event the registry maps (none for an event it knows without
//! one) and the payload's session id, with `detect --hook` and `session-id --hook` in
//! agreement.

use super::cx::{Cx, Out, payload_session, provider};
use crate::doc::{Capture, shown};
use crate::runtimes::DEFAULT_SPAWN;

/// The hooks' checks.
pub(super) fn checks(cx: &Cx, out: &mut Out) {
    for event in &cx.expect.events {
        let ctx = format!("hook:{event}");
        let fired = cx.doc.capture(&ctx).is_some();
        out.push(&ctx, "the hook fired", "fired", if fired { "fired" } else { "never fired" }, fired);
    }
    if !cx.spec.events().is_empty() && cx.expect.events.is_empty() {
        let fired = cx.doc.captures.iter().any(|c| c.event().is_some());
        out.push("hook:*", "some hook fired", "at least one", if fired { "fired" } else { "none" }, fired);
    }
    for cap in &cx.doc.captures {
        match cap.event() {
            Some(DEFAULT_SPAWN) | None => {}
            Some(native) if cx.spec.bridge.is_some() => bridged(cx, cap, native, out),
            // A runtime whose hooks get no payload (gptme's script hooks): the registry
            // reads none of it.
            Some(native) if hal_caps::registry::payloads::payload(cx.spec.provider).is_none() => {
                unread(cx, cap, native, out);
            }
            Some(native) => fired(cx, cap, native, out),
        }
    }
}

/// An in-process plugin's event reaches hal only through a bridge the plugin writes,
/// whose stdin is the bridge's own design: hal reads no bridge object (README, "Hook
/// payloads"), and names the runtime in the plugin's child from the environment it was
/// given and the ancestry.
fn bridged(cx: &Cx, cap: &Capture, native: &str, out: &mut Out) {
    let ctx = format!("hook:{native}");
    let (hook, dh) = (&cap.hal.hook, &cap.hal.detect_hook);
    out.push(
        &ctx,
        "hal hook: a bridge object is no hook payload",
        "provider none, event none",
        format!("provider {}, event {}", provider(hook.provider), shown(hook.event.as_deref())),
        hook.provider.is_none() && hook.event.is_none(),
    );
    let got = provider(dh.provider);
    out.push(&ctx, "hal detect --hook names the runtime in the plugin's child", cx.id(), &got, got == cx.id());
}

/// A hook command run with no payload (the registry reads no payload of the runtime):
/// hal reads none, and names the runtime from the hook's environment and ancestry.
fn unread(cx: &Cx, cap: &Capture, native: &str, out: &mut Out) {
    let ctx = format!("hook:{native}");
    let (hook, dh) = (&cap.hal.hook, &cap.hal.detect_hook);
    out.push(
        &ctx,
        "hal hook: the runtime writes no payload",
        "provider none, event none",
        format!("provider {}, event {}", provider(hook.provider), shown(hook.event.as_deref())),
        hook.provider.is_none() && hook.event.is_none(),
    );
    let got = provider(dh.provider);
    out.push(&ctx, "hal detect --hook names the runtime in the hook", cx.id(), &got, got == cx.id());
    for var in cx.verified.map(|v| v.hook_vars).unwrap_or_default() {
        out.var_set(&ctx, cap, "hook", var);
    }
}

/// A command hook that fired.
fn fired(cx: &Cx, cap: &Capture, native: &str, out: &mut Out) {
    let ctx = format!("hook:{native}");
    let hook = &cap.hal.hook;
    let got = provider(hook.provider);
    out.push(&ctx, "hal hook: provider", cx.id(), &got, got == cx.id());
    canonical_event(cx, cap, native, out);
    // Every run bypasses permissions: no hook may mean a permission request, unless the
    // registry says the runtime's permission event is a hook's decision asked even then.
    if hook.event.as_deref() == Some("permission.request") {
        let asks = cx.row.and_then(hal_caps::registry::Runtime::hook_system).is_some_and(|h| h.asks_under_bypass);
        let (check, expected) = if asks {
            ("the registry: its permission event fires even in a bypass run", "permission.request")
        } else {
            ("no permission is asked in a bypass run", "not permission.request")
        };
        out.push(&ctx, check, expected, "permission.request", asks);
    }
    let truth = payload_session(cap.payload.as_ref());
    let sid = &hook.session_id;
    out.push(&ctx, "hal hook: session id", shown(truth.as_deref()), shown(sid.as_deref()), *sid == truth);
    let dh = provider(cap.hal.detect_hook.provider);
    out.push(&ctx, "hal detect --hook agrees with hal hook", &got, &dh, dh == got);
    // Where the payload holds no id, `session-id --hook` may read a verified session
    // variable of the hook's environment instead (Hermes' `transform_terminal_output`).
    let sh = &cap.hal.session_id_hook.session_id;
    let from_env = sid.is_none() && sh.is_some() && *sh == cx.session_truth(cap);
    out.push(
        &ctx,
        "hal session-id --hook agrees with hal hook",
        shown(sid.as_deref()),
        shown(sh.as_deref()),
        sh == sid || from_env,
    );
    for var in &cx.expect.hook_vars {
        out.var_set(&ctx, cap, "hook", var);
    }
}

/// The canonical event hal named: the registry's, or none (and no warning) for an event
/// the registry knows without one.
fn canonical_event(cx: &Cx, cap: &Capture, native: &str, out: &mut Out) {
    let ctx = format!("hook:{native}");
    let hook = &cap.hal.hook;
    let hooks = cx.row.and_then(hal_caps::registry::Runtime::hook_system);
    let row = hooks.and_then(|h| h.event(native));
    let mapped = row.and_then(|e| e.canonical).map(hal_types::CanonicalEvent::as_str);
    if row.is_some_and(|e| e.canonical.is_none()) {
        let warned = hook.warnings.iter().any(|m| m.contains("no canonical event"));
        out.push(
            &ctx,
            "hal hook: a known event without a canonical one",
            "event none, no warning",
            format!("event {}, warned: {warned}", shown(hook.event.as_deref())),
            hook.event.is_none() && !warned,
        );
    } else if mapped.is_some() || cx.expect.events.contains(&native) {
        // Events the registry maps, and lifecycle events a live run verified, must map.
        let expected = mapped.map_or_else(|| format!("a canonical event for {native}"), str::to_owned);
        let ok = mapped.is_some() && hook.event.as_deref() == mapped;
        out.push(&ctx, "hal hook: canonical event", expected, shown(hook.event.as_deref()), ok);
    }
}

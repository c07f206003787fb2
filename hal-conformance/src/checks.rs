//! The checks, pure: a runtime's capture document, its replays and its registry row in,
//! the list of checks out. Each fact of the row's [`Verified`] record is a check, so the
//! record cannot outlive the truth; the rest checks what hal answered inside the runtime
//! and on replays against what the runtime showed.

use hal_caps::registry::{Runtime, Verified};
use serde_json::{Value, json};

use super::replay::Replay;
use super::runtimes::{DEFAULT_SPAWN, Spec};

/// One check.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Check {
    /// What is checked.
    pub(crate) name: String,
    /// `tool`, `hook:<native event>`, `replay` or `plan`.
    pub(crate) context: String,
    /// What the truth is.
    pub(crate) expected: String,
    /// What was seen.
    pub(crate) got: String,
    /// Whether they agree.
    pub(crate) ok: bool,
}

impl Check {
    /// The check as the report's JSON.
    pub(crate) fn to_json(&self) -> Value {
        json!({"name": self.name, "context": self.context, "expected": self.expected, "got": self.got, "ok": self.ok})
    }
}

fn check(
    out: &mut Vec<Check>,
    context: &str,
    name: impl Into<String>,
    expected: impl Into<String>,
    got: impl Into<String>,
    ok: bool,
) {
    out.push(Check { name: name.into(), context: context.to_owned(), expected: expected.into(), got: got.into(), ok });
}

fn s(v: &Value) -> String {
    match v {
        Value::Null => "none".to_owned(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Every check of one runtime, from its registry row and verified record.
pub(crate) fn checks(spec: &Spec, doc: &Value, replays: &[Replay]) -> Vec<Check> {
    let row = spec.row();
    checks_with(spec, doc, replays, Some(row), row.verified.as_ref())
}

/// The session id a hook payload carries (native, or a bridge's own shape).
fn payload_session(payload: &Value) -> Value {
    for p in [
        "/session_id",
        "/sessionContext/rootSessionId",
        "/_ctx/session_id",
        "/input/sessionID",
        "/properties/sessionID",
    ] {
        if let Some(v) = payload.pointer(p).filter(|v| !v.is_null()) {
            return v.clone();
        }
    }
    Value::Null
}

/// [`checks`] against an explicit row and record (tests mutate the record).
#[allow(clippy::too_many_lines, reason = "one table of checks, in the order the report lists them")]
pub(crate) fn checks_with(
    spec: &Spec,
    doc: &Value,
    replays: &[Replay],
    row: Option<&Runtime>,
    verified: Option<&Verified>,
) -> Vec<Check> {
    let mut out = Vec::new();
    let id = spec.id();
    let family = row.map_or(id, |r| r.family().as_str());
    let captures: Vec<&Value> = doc["captures"].as_array().map(|c| c.iter().collect()).unwrap_or_default();
    let run = &doc["run"];
    check(
        &mut out,
        "tool",
        "the runtime ran to completion",
        "exit 0 within the timeout",
        format!("exit {}, timed out: {}", s(&run["exit"]), s(&run["timed_out"])),
        run["exit"] == json!(0) && run["timed_out"] == json!(false),
    );
    if let Some(v) = verified {
        check(
            &mut out,
            "tool",
            "verified at the version run",
            v.version,
            s(&doc["version"]),
            doc["version"] == v.version,
        );
    }

    // In the shell tool.
    let tool = captures.iter().find(|c| c["context"] == "tool");
    check(
        &mut out,
        "tool",
        "the shell tool ran the probe",
        "a tool capture",
        if tool.is_some() { "captured" } else { "missing" },
        tool.is_some(),
    );
    if let Some(tool) = tool {
        let detect = &tool["hal"]["detect"];
        check(&mut out, "tool", "hal detect: provider", id, s(&detect["provider"]), detect["provider"] == id);
        check(&mut out, "tool", "hal detect: family", family, s(&detect["family"]), detect["family"] == family);
        if let Some(v) = verified.filter(|v| !v.tool_vars.is_empty()) {
            let sig = &detect["source"]["signal"];
            let ok = sig.as_str().is_some_and(|g| v.tool_vars.contains(&g));
            check(
                &mut out,
                "tool",
                "hal detect: the deciding signal is a verified tool variable",
                v.tool_vars.join(" | "),
                format!("{} {}", s(&detect["source"]["kind"]), s(sig)),
                ok,
            );
        }
        let env_text = s(&tool["hal"]["env"]);
        let want = format!("export HAL_PROVIDER={id}");
        check(
            &mut out,
            "tool",
            "hal env: HAL_PROVIDER",
            &want,
            env_text.lines().find(|l| l.contains("HAL_PROVIDER")).unwrap_or("none"),
            env_text.lines().any(|l| l == want),
        );
        for var in verified.map(|v| v.tool_vars).unwrap_or_default() {
            let got = &tool["env"][*var];
            check(
                &mut out,
                "tool",
                format!("the tool's environment sets {var}"),
                "set",
                if got.is_null() { "unset" } else { "set" },
                !got.is_null(),
            );
        }
        // The session id: the value of a verified session variable, else none.
        let truth = verified
            .and_then(|v| v.session_vars.iter().find_map(|var| tool["env"].get(*var).filter(|x| !x.is_null())))
            .cloned()
            .unwrap_or(Value::Null);
        let got = &tool["hal"]["session_id"]["session_id"];
        check(&mut out, "tool", "hal session-id", s(&truth), s(got), *got == truth);
    }

    // Hooks: every verified event fired, and every fired one agrees.
    for event in verified.map(|v| v.events).unwrap_or_default() {
        let ctx = format!("hook:{event}");
        let fired = captures.iter().any(|c| c["context"] == ctx.as_str());
        check(&mut out, &ctx, "the hook fired", "fired", if fired { "fired" } else { "never fired" }, fired);
    }
    if !spec.events().is_empty() && verified.is_none_or(|v| v.events.is_empty()) {
        let fired = captures.iter().any(|c| c["context"].as_str().is_some_and(|x| x.starts_with("hook:")));
        check(&mut out, "hook:*", "some hook fired", "at least one", if fired { "fired" } else { "none" }, fired);
    }
    let bypass = true; // every run bypasses permissions: no hook may mean a permission request
    for cap in captures.iter().filter(|c| c["context"].as_str().is_some_and(|x| x.starts_with("hook:"))) {
        let ctx = cap["context"].as_str().unwrap_or_default();
        let native = ctx.trim_start_matches("hook:");
        if native == DEFAULT_SPAWN {
            continue;
        }
        let hook = &cap["hal"]["hook"];
        let dh = &cap["hal"]["detect_hook"];
        if spec.bridge.is_some() {
            // An in-process plugin's event reaches hal only through a bridge the plugin
            // writes, whose stdin is the bridge's own design: hal reads no bridge object
            // (README, "Hook payloads"), and names the runtime in the plugin's child from
            // the environment it was given and the ancestry.
            check(
                &mut out,
                ctx,
                "hal hook: a bridge object is no hook payload",
                "provider none, event none",
                format!("provider {}, event {}", s(&hook["provider"]), s(&hook["event"])),
                hook["provider"].is_null() && hook["event"].is_null(),
            );
            check(
                &mut out,
                ctx,
                "hal detect --hook names the runtime in the plugin's child",
                id,
                s(&dh["provider"]),
                dh["provider"] == id,
            );
            continue;
        }
        check(&mut out, ctx, "hal hook: provider", id, s(&hook["provider"]), hook["provider"] == id);
        let hooks = row.and_then(Runtime::hook_system);
        let mapped = hooks.and_then(|h| h.events.iter().find(|(_, n)| *n == native).map(|(c, _)| c.as_str()));
        let unmapped = hooks.is_some_and(|h| h.unmapped.contains(&native));
        if unmapped {
            // A real event no canonical event fits: known, so no canonical event and no warning.
            let warned = hook["warnings"]
                .as_array()
                .is_some_and(|w| w.iter().any(|m| m.as_str().is_some_and(|m| m.contains("no canonical event"))));
            check(
                &mut out,
                ctx,
                "hal hook: a known event without a canonical one",
                "event none, no warning",
                format!("event {}, warned: {warned}", s(&hook["event"])),
                hook["event"].is_null() && !warned,
            );
        } else if mapped.is_some() || verified.is_some_and(|v| v.events.contains(&native)) {
            // Events the registry maps, and lifecycle events a live run verified, must map.
            let expected = mapped.map_or_else(|| format!("a canonical event for {native}"), str::to_owned);
            let ok = mapped.is_some_and(|m| hook["event"] == m);
            check(&mut out, ctx, "hal hook: canonical event", &expected, s(&hook["event"]), ok);
        }
        if bypass && hook["event"] == "permission.request" {
            check(
                &mut out,
                ctx,
                "no permission is asked in a bypass run",
                "not permission.request",
                "permission.request",
                false,
            );
        }
        let truth = payload_session(&cap["payload"]);
        check(&mut out, ctx, "hal hook: session id", s(&truth), s(&hook["session_id"]), hook["session_id"] == truth);
        check(
            &mut out,
            ctx,
            "hal detect --hook agrees with hal hook",
            s(&hook["provider"]),
            s(&dh["provider"]),
            dh["provider"] == hook["provider"],
        );
        let sh = &cap["hal"]["session_id_hook"]["session_id"];
        check(
            &mut out,
            ctx,
            "hal session-id --hook agrees with hal hook",
            s(&hook["session_id"]),
            s(sh),
            *sh == hook["session_id"],
        );
        for var in verified.map(|v| v.hook_vars).unwrap_or_default() {
            let got = &cap["env"][*var];
            check(
                &mut out,
                ctx,
                format!("the hook's environment sets {var}"),
                "set",
                if got.is_null() { "unset" } else { "set" },
                !got.is_null(),
            );
        }
    }
    // Verified session variables carry the session id wherever they are set.
    for var in verified.map(|v| v.session_vars).unwrap_or_default() {
        let seen: Vec<&&Value> = captures.iter().filter(|c| !c["env"][*var].is_null()).collect();
        check(
            &mut out,
            "tool",
            format!("{var} is set somewhere"),
            "set in a tool or hook",
            format!("{} context(s)", seen.len()),
            !seen.is_empty(),
        );
        for c in seen {
            let ctx = c["context"].as_str().unwrap_or_default();
            let got = if ctx == "tool" {
                &c["hal"]["session_id"]["session_id"]
            } else {
                &c["hal"]["session_id_hook"]["session_id"]
            };
            check(
                &mut out,
                ctx,
                format!("hal session-id reads {var}"),
                s(&c["env"][*var]),
                s(got),
                *got == c["env"][*var],
            );
        }
    }

    // Replays: wherever the environment carries a verified variable of the runtime.
    for r in replays {
        let Some(cap) = captures.iter().find(|c| c["context"] == r.context.as_str()) else { continue };
        let vars = match verified {
            Some(v) if r.context == "tool" => v.tool_vars,
            Some(v) => v.hook_vars,
            None => &[],
        };
        if !vars.iter().any(|v| !cap["env"][*v].is_null()) {
            continue;
        }
        let name = format!("{} replayed without the runtime, {} workspace: hal {}", r.context, r.place, r.command);
        if r.command.starts_with("detect") {
            check(&mut out, "replay", name, id, s(&r.out["provider"]), r.out["provider"] == id);
        } else {
            // The truth: a verified session variable's value; with the payload, else its id.
            // A bridge object is no payload hal reads: no session id comes from it.
            let from_payload = r.command.ends_with("--hook") && spec.bridge.is_none();
            let fallback = if from_payload { payload_session(&cap["payload"]) } else { Value::Null };
            let truth = verified
                .and_then(|v| v.session_vars.iter().find_map(|var| cap["env"].get(*var).filter(|x| !x.is_null())))
                .cloned()
                .unwrap_or(fallback);
            check(&mut out, "replay", name, s(&truth), s(&r.out["session_id"]), r.out["session_id"] == truth);
        }
    }

    // The plan, end to end.
    if let Some(e) = doc["plan_error"].as_str() {
        check(&mut out, "plan", "hal startup --role polecat gives a plan", "a plan", e, false);
    }
    let plan = &doc["plan"];
    if !plan.is_null() {
        let calls: Vec<&str> =
            plan["gt_calls"].as_array().map(|c| c.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
        let wanted: Vec<&str> = plan["markers_reached"]
            .as_array()
            .map(|m| m.iter().filter_map(|m| m["line"].as_str()).collect())
            .unwrap_or_default();
        let ran = !wanted.is_empty() && wanted.iter().all(|w| calls.iter().any(|c| w.ends_with(&format!("gt {c}"))));
        check(
            &mut out,
            "plan",
            format!("the plan's command ran ({})", s(&plan["strategy"])),
            plan["commands"].as_array().map(|c| c.iter().map(s).collect::<Vec<_>>().join("; ")).unwrap_or_default(),
            if calls.is_empty() { "gt never ran".to_owned() } else { format!("gt {}", calls.join("; gt ")) },
            ran,
        );
        let reached =
            plan["markers_reached"].as_array().is_some_and(|m| !m.is_empty() && m.iter().all(|m| m["reached"] == true));
        check(
            &mut out,
            "plan",
            "the plan's output reached the model",
            "every marker line in a model request",
            if reached { "reached" } else { "not reached" },
            reached,
        );
        if plan["strategy"] == "startup_fallback" && spec.events().contains(&"SessionStart") {
            let hook_ran = plan["session_hook_ran"] == true;
            check(
                &mut out,
                "plan",
                "a native SessionStart hook ran",
                "ran",
                if hook_ran { "ran" } else { "never ran" },
                hook_ran,
            );
            if hook_ran {
                // Evidence for the row, recorded, not judged: the hook prints what `gt prime
                // --hook` prints (plain text); whether a runtime takes it as context is
                // what a startup_fallback row's future rests on.
                let reached = plan["session_hook_reached"] == true;
                check(
                    &mut out,
                    "plan",
                    "evidence: a SessionStart hook's plain-text stdout reaches the model",
                    "recorded",
                    if reached { "reached" } else { "not reached" },
                    true,
                );
            }
        }
    }
    out
}

//! The run and the shell tool: the runtime ran, at the verified version, its tool ran
//! the probe, and hal named it there from the verified variables.

use super::cx::{Cx, Out, provider};
use crate::doc::{Capture, shown};

/// The run's and the tool's checks.
pub(super) fn checks(cx: &Cx, out: &mut Out) {
    let run = &cx.doc.run;
    out.push(
        "tool",
        "the runtime ran to completion",
        "exit 0 within the timeout",
        format!("exit {}, timed out: {}", shown(run.exit.map(|e| e.to_string())), run.timed_out),
        run.completed(),
    );
    if cx.verified.is_some() {
        // The newest against the record's version, an older one against its older versions.
        let e = &cx.expect;
        let ok = cx.doc.version == e.version && e.recorded.contains(&cx.doc.version.as_str());
        out.push("tool", "verified at the version run", e.recorded.join(" | "), &cx.doc.version, ok);
    }
    let tool = cx.doc.capture("tool");
    let seen = if tool.is_some() { "captured" } else { "missing" };
    out.push("tool", "the shell tool ran the probe", "a tool capture", seen, tool.is_some());
    if let Some(tool) = tool {
        in_the_tool(cx, tool, out);
    }
}

/// What hal answered in the tool.
fn in_the_tool(cx: &Cx, tool: &Capture, out: &mut Out) {
    let id = cx.id();
    let family = cx.row.map_or(id, |r| r.family().as_str());
    let detect = &tool.hal.detect;
    let got = provider(detect.provider);
    out.push("tool", "hal detect: provider", id, &got, got == id);
    let got = provider(detect.family);
    out.push("tool", "hal detect: family", family, &got, got == family);
    if let Some(v) = Some(&cx.expect).filter(|v| !v.tool_vars.is_empty()) {
        let sig = detect.source.signal.as_deref();
        out.push(
            "tool",
            "hal detect: the deciding signal is a verified tool variable",
            v.tool_vars.join(" | "),
            format!("{} {}", shown(detect.source.kind.as_deref()), shown(sig)),
            sig.is_some_and(|g| v.tool_vars.contains(&g)),
        );
    }
    let env_text = &tool.hal.env;
    let want = format!("export HAL_PROVIDER={id}");
    out.push(
        "tool",
        "hal env: HAL_PROVIDER",
        &want,
        env_text.lines().find(|l| l.contains("HAL_PROVIDER")).unwrap_or("none"),
        env_text.lines().any(|l| l == want),
    );
    for var in &cx.expect.tool_vars {
        out.var_set("tool", tool, "tool", var);
    }
    // The session id: the value of a verified session variable, else none.
    let truth = cx.session_truth(tool);
    let got = &tool.hal.session_id.session_id;
    out.push("tool", "hal session-id", shown(truth.as_deref()), shown(got.as_deref()), *got == truth);
}

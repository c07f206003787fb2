//! Pi's spec (see [`super`]).

use std::io;
use std::path::Path;

use super::{Ctx, FAKE_KEY, P, Spec, Wire, command_only, json, s, write_file, write_json};

/// Pi 1.x (`@earendil-works/pi-coding-agent`, the registry's package; the old
/// `@mariozechner/pi-coding-agent` ends at 0.73.1, the older verified version). 1.x needs
/// Node >= 22.19.
pub(super) const SPEC: Spec = Spec {
    provider: P::Pi,
    version: "1.6.0",
    node22: true,
    wire: Wire::Chat,
    shell_tool: "bash",
    tool_args: command_only,
    command: |c, prompt| {
        // `--approve`: 1.x loads a project's extensions (`.pi/extensions/`) only in a
        // trusted folder, and `-p` asks no one (`core/project-trust.js`).
        let args = ["-p", "--offline", "--approve", "--provider", "stub", "--model", "stub-model", prompt];
        (c.bin("pi"), args.map(s).to_vec())
    },
    env: |_| vec![(s("STUB_API_KEY"), s(FAKE_KEY))],
    setup: |c| {
        write_json(
            &c.home.join(".pi/agent/models.json"),
            &json!({"providers": {"stub": {"baseUrl": c.url("/v1"), "api": "openai-completions",
                "apiKey": "STUB_API_KEY", "compat": {"supportsDeveloperRole": false, "supportsReasoningEffort": false},
                "models": [{"id": "stub-model", "name": "Stub model"}]}}}),
        )
    },
    hooks: None,
    bridge: Some(|c| bridge(c, "hal-probe.ts")),
    plan_plugin: Some(plan_plugin),
    timeout_secs: 180,
    open: None,
};

/// A Pi-style extension (`export default function (pi)`, `pi.on(event, …)`) named `file`
/// in the registry's hook directory that bridges every event the registry knows to the
/// probe, once per name, with the session id and cwd of its context (Pi and its fork
/// oh-my-pi).
pub(super) fn bridge(c: &Ctx, file: &str) -> io::Result<()> {
    let events = serde_json::to_string(&c.events).unwrap_or_default();
    let src = format!(
        "import {{ spawnSync }} from \"node:child_process\";\n\
         const PROBE = {probe};\nconst EVENTS = {events};\n\
         const seen = new Set();\n\
         export default function (pi) {{\n  for (const name of EVENTS) {{\n\
         pi.on(name, async (event, ctx) => {{\n\
         if (seen.has(name)) return; seen.add(name);\n\
         let sid = null; try {{ sid = ctx.sessionManager.getSessionId(); }} catch (e) {{}}\n\
         const bridge = {{ event: {{ type: event && event.type, reason: event && event.reason, toolName: event && event.toolName, toolCallId: event && event.toolCallId }}, _ctx: {{ session_id: sid, cwd: ctx.cwd }} }};\n\
         spawnSync(PROBE[0], [...PROBE.slice(1), \"hook\", name], {{ input: JSON.stringify(bridge), stdio: [\"pipe\", \"ignore\", \"ignore\"] }});\n\
         }});\n  }}\n}}\n",
        probe = serde_json::to_string(&c.probe.split(' ').collect::<Vec<_>>()).unwrap_or_default(),
    );
    let path = c.hook_path(false, true)?.join(file);
    std::fs::create_dir_all(path.parent().unwrap_or(&c.ws))?;
    std::fs::write(path, src)
}

/// A Pi-style extension at `path` that runs `cmd` at session start and appends its
/// output to the system prompt before the agent starts.
pub(super) fn plan_plugin(path: &Path, cmd: &str) -> io::Result<()> {
    write_file(
        path,
        &format!(
            "import {{ execSync }} from \"node:child_process\";\n\
         let out = \"\";\n\
         export default function (pi) {{\n\
         pi.on(\"session_start\", async () => {{ out = execSync({cmd}, {{ encoding: \"utf8\" }}); }});\n\
         pi.on(\"before_agent_start\", async (event) => ({{ systemPrompt: event.systemPrompt + \"\\n\\n\" + out }}));\n}};\n",
            cmd = serde_json::to_string(cmd).unwrap_or_default()
        ),
    )
}

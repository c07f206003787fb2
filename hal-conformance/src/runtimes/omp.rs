//! oh-my-pi's spec (see [`super`]).

use super::{FAKE_KEY, P, Spec, Wire, command_only, pi_bridge, pi_plan_plugin, s, write_file};

/// oh-my-pi (`@oh-my-pi/pi-coding-agent`, `omp`, a Pi fork that runs on Bun: its
/// package names a `bun` engine, so the suite puts Bun first on PATH). Its verified version, the newest
/// version whose dependencies the registry holds (18.3.4 pins `@oh-my-pi/*@18.3.4`
/// packages it does not have). Models in `~/.omp/agent/models.yml`; hook factories (Pi's
/// `pi.on` extension shape) under `.omp/hooks/pre/`, the registry's hook directory.
pub(super) const SPEC: Spec = Spec {
    provider: P::Omp,
    node22: false,
    wire: Wire::Chat,
    shell_tool: "bash",
    tool_args: command_only,
    model: Some("stub-model"),
    own_args: &["--provider", "stub"],
    resume: true,
    // `~/.omp/agent/sessions/<cwd>/<time>_<id>.jsonl` (the live run's HOME): the id
    // `--resume` takes.
    own_session: Some(|home| {
        let sessions = home.join(".omp/agent/sessions");
        std::fs::read_dir(sessions).ok()?.flatten().find_map(|cwd| {
            std::fs::read_dir(cwd.path()).ok()?.flatten().find_map(|f| {
                let name = f.file_name().to_string_lossy().into_owned();
                let (_, id) = name.strip_suffix(".jsonl")?.rsplit_once('_')?;
                Some(id.to_owned())
            })
        })
    }),
    pty_setup: None,
    env: |_| vec![(s("STUB_API_KEY"), s(FAKE_KEY)), (s("OMP_SKIP_SETUP"), s("1"))],
    setup: |c| {
        let yml = format!(
            "providers:\n  stub:\n    baseUrl: {}\n    apiKey: STUB_API_KEY\n    api: openai-completions\n    \
             models:\n      - id: stub-model\n        name: Stub model\n",
            c.url("/v1")
        );
        write_file(&c.home.join(".omp/agent/models.yml"), &yml)
    },
    hooks: None,
    bridge: Some(|c| pi_bridge(c, "hal-probe.ts")),
    plan_plugin: Some(pi_plan_plugin),
    own_install_script: None,
    npm_ci: Err("its lock lacks the other platforms' `@oh-my-pi/pi-natives-*` packages the registry does not serve"),
    prefix_writes: &[],
    timeout_secs: 180,
    open: None,
    native: None,
    older: &[],
};

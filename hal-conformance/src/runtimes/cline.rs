//! Cline's spec (see [`super`]).

use super::{FAKE_KEY, P, Spec, Wire, json, s, write_file, write_json};

pub(super) const SPEC: Spec = Spec {
    provider: P::Cline,
    node22: false,
    wire: Wire::Chat,
    shell_tool: "run_commands",
    tool_args: |cmd| json!({"commands": [cmd]}),
    model: Some("stub-model"),
    own_args: &["-P", "openai-compatible"],
    resume: false,
    pty_setup: None,
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
    own_install_script: None,
    npm_ci: Err(super::MISSING_PLATFORMS),
    prefix_writes: &[],
    timeout_secs: 180,
    open: None,
    native: None,
    older: &[],
};

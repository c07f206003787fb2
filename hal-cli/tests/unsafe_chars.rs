//! No raw character of hal-caps' one table of unsafe characters in any output of any
//! command (issue 33 point 3, N8, N16): every code point of the table, spread over the
//! values hal quotes back (a self-declared agent, an override, a stamp, a role, the
//! session id, a hook payload's fields, a file the lint reads), through every command's
//! text and JSON, stdout and stderr, checked with the table's own
//! `hal_caps::text::first_unsafe` (a variation selector right after a character it can
//! vary is not raw: `❤️`).

use std::io::Write as _;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_hal");

/// Every code point of the table.
fn table() -> Vec<char> {
    (0..=0x10_FFFF_u32).filter_map(char::from_u32).filter(|&c| hal_caps::text::is_unsafe(c)).collect()
}

/// `hal ARGS` with `env` (and `stdin`); its stdout and stderr.
fn run(args: &[&str], env: &[(&str, String)], stdin: &[u8]) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("hook.sh"), stdin).unwrap();
    let mut cmd = Command::new(BIN);
    cmd.args(args).env_clear().env("PATH", "/usr/bin:/bin").current_dir(dir.path());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let _ = input.write_all(stdin);
    drop(input);
    let o = child.wait_with_output().unwrap();
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

/// The first raw character of the table in `out`, other than the newlines ending lines.
fn raw(out: &str) -> Option<(usize, char)> {
    hal_caps::text::first_unsafe(&out.replace('\n', " "))
}

#[test]
fn no_output_of_any_command_holds_a_raw_unsafe_character() {
    let table = table();
    assert!(table.len() > 4000, "{}", table.len());
    // Every command, text and JSON (`hal hook` reads the payload on stdin; `hal lint`
    // the file `hook.sh`, which holds the same payload's text).
    let commands: &[&[&str]] = &[
        &["detect"],
        &["detect", "--json"],
        &["explain"],
        &["explain", "--json"],
        &["env"],
        &["env", "--json"],
        &["caps"],
        &["caps", "--json"],
        &["session-id"],
        &["session-id", "--json"],
        &["startup", "--role", "polecat"],
        &["startup", "--role", "polecat", "--json"],
        &["gupp"],
        &["gupp", "--json"],
        &["hook"],
        &["hook", "--json"],
        &["detect", "--hook", "--json"],
        &["lint", "hook.sh"],
        &["lint", "--json", "hook.sh"],
    ];
    // The override decides alone (the cascade stops there): it has runs of its own.
    let var_sets: [&[&str]; 2] =
        [&["AI_AGENT", "GT_AGENT", "GT_ROLE", "GT_SESSION_ID", "GT_GUPP_STRATEGY"], &["GT_RUNTIME"]];
    // Chunks of 48 code points, each after a letter (at most 240 bytes: under
    // AI_AGENT's 256), each chunk in every variable and in the payload at once, so every
    // code point goes through every command by every way in. The controls have chunks
    // of their own: a value holding one is refused whole, and would hide the rest.
    let (controls, others): (Vec<char>, Vec<char>) = table.iter().partition(|c| c.is_control());
    let chunk = |c: &[char]| c.iter().flat_map(|&c| ['a', c]).collect::<String>();
    let chunks: Vec<String> = controls.chunks(48).chain(others.chunks(48)).map(chunk).collect();
    let mut checked = 0;
    for text in &chunks {
        // No NUL in an environment value (it cannot hold one); the payload and file do.
        for vars in var_sets {
            let env: Vec<(&str, String)> = vars.iter().map(|k| (*k, text.replace('\0', ""))).collect();
            let payload_text = text;
            let payload = serde_json::json!({
                "hook_event_name": payload_text,
                "session_id": payload_text,
                "cwd": payload_text,
                "tool_name": payload_text,
                "transcript_path": format!("/home/u/.claude/projects/p/{payload_text}.jsonl"),
            })
            .to_string();
            let file = format!("# {payload_text}\necho \"$CLAUDECODE\" # hal-lint: allow({payload_text})\n");
            for args in commands {
                let stdin = if args[0] == "lint" { file.as_bytes() } else { payload.as_bytes() };
                let (stdout, stderr) = run(args, &env, stdin);
                assert_eq!(raw(&stdout), None, "{args:?} stdout with {env:?}:\n{stdout}");
                assert_eq!(raw(&stderr), None, "{args:?} stderr with {env:?}:\n{stderr}");
                checked += 1;
            }
        }
    }
    assert!(checked >= commands.len() * 180, "{checked}");
}

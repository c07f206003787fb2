//! The probe: `cargo xtask conformance-probe --out DIR --hal HAL (tool | hook EVENT)`, run
//! by absolute path inside the runtime (by its shell tool, or by a hook). It records its
//! environment (redacted), cwd, ancestry (up to the namespace's init), the hook payload
//! (without prompt text), and what the real `hal` answers there, into one JSON file in
//! `DIR`. It prints nothing on stdout (Gemini takes a hook's stdout as JSON).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::util::wait_or_kill;

use serde_json::{Map, Value, json};

/// The prompt every runtime gets; argv entries holding it are dropped from captures.
pub(crate) const PROMPT: &str = "Run the conformance probe with your shell tool, exactly as given, then stop.";
/// Payload keys whose values are prompt or model text: never stored.
pub(crate) const PROMPT_KEYS: &[&str] = &[
    "prompt",
    "llm_request",
    "llm_response",
    "last_assistant_message",
    "prompt_response",
    "submitted_prompt",
    "displayed_text",
    "text",
    "systemPrompt",
    "systemPromptOptions",
    "messages",
    "message",
    "content",
    "parts",
    "payload",
    "custom_instructions",
    "delta",
];
/// A hook payload larger than this is cut (and fails to parse: recorded as such).
const MAX_PAYLOAD: u64 = 4 * 1024 * 1024;

/// Variable names whose values are secrets.
pub(crate) fn is_secret(name: &str) -> bool {
    let n = name.to_ascii_uppercase();
    ["KEY", "TOKEN", "SECRET", "PASSWORD", "CREDENTIAL"].iter().any(|s| n.contains(s))
}

/// Removes prompt text from a payload (recursively): the values of the prompt keys, and
/// any string holding the prompt under another key (Copilot's `initialPrompt`,
/// `transformedPrompt`).
pub(crate) fn scrub(value: &mut Value) {
    match value {
        Value::String(text) if text.contains(PROMPT) => *value = json!("<dropped>"),
        Value::Object(map) => {
            for (k, v) in map.iter_mut() {
                if PROMPT_KEYS.contains(&k.as_str()) {
                    *v = json!("<dropped>");
                } else {
                    scrub(v);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(scrub),
        _ => {}
    }
}

/// `xtask conformance-probe ...`
pub(crate) fn main(args: &[String]) -> Result<(), String> {
    let mut out = None;
    let mut hal = None;
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--out" => out = it.next().map(PathBuf::from),
            "--hal" => hal = it.next().map(PathBuf::from),
            _ => rest.push(a.clone()),
        }
    }
    let (Some(out), Some(hal)) = (out, hal) else { return Err("conformance-probe needs --out and --hal".into()) };
    let context = match rest.as_slice() {
        [t] if t == "tool" => "tool".to_owned(),
        [h, event] if h == "hook" => format!("hook:{event}"),
        _ => return Err("conformance-probe: tool | hook EVENT".into()),
    };
    let payload_raw = if context == "tool" { None } else { Some(read_stdin()) };
    let mut record = json!({
        "context": context,
        "env": environment(),
        "cwd": std::env::current_dir().map(|d| d.display().to_string()).unwrap_or_default(),
        "ancestry": ancestry(),
    });
    let mut hal_out = Map::new();
    match &payload_raw {
        None => {
            hal_out.insert("detect".into(), run_hal(&hal, &["detect", "--json"], None).0);
            hal_out.insert("session_id".into(), run_hal(&hal, &["session-id", "--json"], None).0);
            hal_out.insert("env".into(), run_hal(&hal, &["env"], None).1);
        }
        Some(raw) => {
            let mut payload: Value = serde_json::from_slice(raw).unwrap_or(Value::Null);
            scrub(&mut payload);
            record["payload"] = payload;
            hal_out.insert("hook".into(), run_hal(&hal, &["hook", "--json"], Some(raw)).0);
            hal_out.insert("detect_hook".into(), run_hal(&hal, &["detect", "--hook", "--json"], Some(raw)).0);
            hal_out.insert("session_id_hook".into(), run_hal(&hal, &["session-id", "--hook", "--json"], Some(raw)).0);
        }
    }
    record["hal"] = Value::Object(hal_out);
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or_default();
    let name: String = context.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    let file = out.join(format!("{nanos}-{name}-{}.json", std::process::id()));
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    std::fs::write(file, serde_json::to_string_pretty(&record).unwrap_or_default()).map_err(|e| e.to_string())?;
    if context == "tool" {
        // The tool's output reaches the model: one short line, no prompt text.
        let _ = writeln!(std::io::stdout(), "hal conformance probe: recorded");
    }
    Ok(())
}

/// Stdin, at most [`MAX_PAYLOAD`] bytes, within 10 seconds.
fn read_stdin() -> Vec<u8> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = std::io::stdin().take(MAX_PAYLOAD).read_to_end(&mut buf);
        let _ = tx.send(buf);
    });
    rx.recv_timeout(Duration::from_secs(10)).unwrap_or_default()
}

#[allow(clippy::disallowed_methods, reason = "the probe records the environment a runtime gives its children")]
fn environment() -> Value {
    let mut map = Map::new();
    for (k, v) in std::env::vars_os() {
        let k = k.to_string_lossy().into_owned();
        let v = if is_secret(&k) { "<redacted>".to_owned() } else { v.to_string_lossy().into_owned() };
        map.insert(k, Value::String(v));
    }
    Value::Object(map)
}

fn read(path: &Path) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

/// Our ancestors from the parent up, stopping below the namespace's init (pid 1, the
/// harness): pid, comm, exe, argv (prompt text dropped).
fn ancestry() -> Value {
    let mut chain = Vec::new();
    let mut pid = std::process::id();
    for _ in 0..64 {
        let Some(stat) = read(&PathBuf::from(format!("/proc/{pid}/stat"))) else { break };
        let after = stat.rsplit_once(") ").map_or("", |(_, r)| r);
        let ppid: u32 = after.split_whitespace().nth(1).and_then(|p| p.parse().ok()).unwrap_or(0);
        if ppid <= 1 {
            break;
        }
        pid = ppid;
        let dir = PathBuf::from(format!("/proc/{pid}"));
        let comm = read(&dir.join("comm")).unwrap_or_default().trim_end().to_owned();
        let exe = std::fs::read_link(dir.join("exe")).map(|p| p.display().to_string()).unwrap_or_default();
        let argv: Vec<String> = std::fs::read(dir.join("cmdline"))
            .unwrap_or_default()
            .split(|b| *b == 0)
            .filter(|a| !a.is_empty())
            .map(|a| {
                let a = String::from_utf8_lossy(a);
                if a.contains(PROMPT) || a.contains("your shell tool") { "<prompt>".to_owned() } else { a.into_owned() }
            })
            .collect();
        chain.push(json!({"pid": pid, "comm": comm, "exe": exe, "argv": argv}));
    }
    Value::Array(chain)
}

/// Runs hal with our environment; its stdout as JSON (or `null`) and as text.
fn run_hal(hal: &Path, args: &[&str], stdin: Option<&[u8]>) -> (Value, Value) {
    let child = Command::new(hal)
        .args(args)
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else { return (Value::Null, Value::Null) };
    if let (Some(mut pipe), Some(data)) = (child.stdin.take(), stdin) {
        let _ = pipe.write_all(data);
    }
    let _ = wait_or_kill(&mut child, Duration::from_secs(10), Duration::from_millis(2), |c| {
        let _ = c.kill();
    });
    let mut text = String::new();
    if let Some(mut o) = child.stdout.take() {
        let _ = o.read_to_string(&mut text);
    }
    let _ = child.wait();
    (serde_json::from_str(&text).unwrap_or(Value::Null), Value::String(text))
}

//! A run's captures as one JSON document per runtime (what the fixtures hold): the run's
//! outcome, the first probe record of each context, the plan run's evidence, with every
//! machine path replaced by a placeholder and no prompt text.

use std::path::Path;

use serde_json::{Value, json};

use super::run::{MARKER, Outcome, SESSION_HOOK_ARGS};
use crate::util::RunFiles;

/// Paths replaced by placeholders, longest first.
#[derive(Debug, Clone, Default)]
pub(crate) struct Placeholders(Vec<(String, String)>);

impl Placeholders {
    /// Adds `path` → `name`, and its slug form (`/` → `-`, as Claude names project dirs).
    pub(crate) fn add(&mut self, path: &Path, name: &str) {
        let p = path.display().to_string();
        if p.len() > 1 {
            self.0.push((p.replace('/', "-"), format!("{name}-slug")));
            self.0.push((p, name.to_owned()));
        }
        self.0.sort_by_key(|(p, _)| std::cmp::Reverse(p.len()));
    }

    /// `text` with every known path replaced.
    pub(crate) fn apply(&self, text: &str) -> String {
        let mut t = text.to_owned();
        for (p, n) in &self.0 {
            t = t.replace(p.as_str(), n);
        }
        t
    }

    /// Every string of `value`, keys included, with every known path replaced.
    pub(crate) fn apply_json(&self, value: &Value) -> Value {
        match value {
            Value::String(s) => Value::String(self.apply(s)),
            Value::Array(a) => Value::Array(a.iter().map(|v| self.apply_json(v)).collect()),
            Value::Object(m) => Value::Object(m.iter().map(|(k, v)| (self.apply(k), self.apply_json(v))).collect()),
            other => other.clone(),
        }
    }
}

/// The JSON file `rel` of the run dir `dir`, read as `files` says.
fn read_json(files: RunFiles, dir: &Path, rel: impl AsRef<Path>) -> Option<Value> {
    files.read(dir, rel).ok().and_then(|b| serde_json::from_slice(&b).ok())
}

/// The probe records of a run dir, in the order they were written.
fn records(files: RunFiles, dir: &Path) -> Vec<Value> {
    files.list(dir, "captures").iter().filter_map(|f| read_json(files, dir, f)).collect()
}

/// The first record of each context, in order of first appearance, with the count.
fn first_per_context(records: Vec<Value>) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    for r in records {
        let ctx = r["context"].as_str().unwrap_or_default().to_owned();
        if let Some(seen) = out.iter_mut().find(|o| o["context"] == ctx.as_str()) {
            seen["times"] = json!(seen["times"].as_u64().unwrap_or(1) + 1);
        } else {
            let mut r = r;
            r["times"] = json!(1);
            out.push(r);
        }
    }
    out
}

/// Whether any request the stub received contains `needle`.
fn reached(requests: &Value, needle: &str) -> bool {
    requests.as_array().is_some_and(|rs| rs.iter().any(|r| r["body"].to_string().contains(needle)))
}

/// The capture document of a runtime from its probe run dir and plan run dir, their
/// files read as files the runtime owned ([`RunFiles::Owned`]).
pub(crate) fn collect(
    id: &str,
    version: &str,
    probe: (&Path, &Outcome),
    plan: Option<(&Path, &Outcome, &Value)>,
    ph: &Placeholders,
) -> Value {
    collect_with(RunFiles::Owned, id, version, probe, plan, ph)
}

/// [`collect`], the run dirs' files read as `files` says (the sandbox test's control
/// follows links).
pub(crate) fn collect_with(
    files: RunFiles,
    id: &str,
    version: &str,
    probe: (&Path, &Outcome),
    plan: Option<(&Path, &Outcome, &Value)>,
    ph: &Placeholders,
) -> Value {
    let (dir, outcome) = probe;
    let requests = read_json(files, dir, "requests.json").unwrap_or(json!([]));
    let paths: Vec<Value> = requests
        .as_array()
        .map(|rs| {
            rs.iter()
                .map(|r| json!(format!("{} {}", r["method"].as_str().unwrap_or(""), r["path"].as_str().unwrap_or(""))))
                .collect()
        })
        .unwrap_or_default();
    let mut doc = json!({
        "id": id,
        "version": version,
        "run": run_summary(outcome),
        "requests": paths,
        "captures": first_per_context(records(files, dir)),
        "start": read_json(files, dir, "start.json").unwrap_or(Value::Null),
    });
    if let Some((pdir, poutcome, plan_json)) = plan {
        let preq = read_json(files, pdir, "requests.json").unwrap_or(json!([]));
        let gt_log = files.read(pdir, "gt.log").map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
        let commands: Vec<&str> =
            plan_json["commands"].as_array().map(|c| c.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
        // The marker lines of the plan's own gt calls (not the SessionStart evidence hook).
        let wanted: Vec<String> = commands
            .iter()
            .flat_map(|c| c.split("&&"))
            .filter_map(|part| part.trim().strip_prefix("gt "))
            .map(|args| format!("{MARKER} gt {args}"))
            .collect();
        doc["plan"] = json!({
            "strategy": plan_json["strategy"],
            "hook_file": plan_json["hook_file"],
            "commands": commands,
            "run": run_summary(poutcome),
            "gt_calls": gt_log.lines().collect::<Vec<_>>(),
            "markers_reached": wanted.iter().map(|w| json!({"line": w, "reached": reached(&preq, w)})).collect::<Vec<_>>(),
            "session_hook_ran": gt_log.lines().any(|l| l == SESSION_HOOK_ARGS),
            "session_hook_reached": reached(&preq, &format!("{MARKER} gt {SESSION_HOOK_ARGS}")),
        });
    }
    ph.apply_json(&doc)
}

fn run_summary(o: &Outcome) -> Value {
    json!({
        "exit": o.run.get("exit").cloned().unwrap_or(Value::Null),
        "timed_out": o.killed || o.run.get("timed_out").and_then(Value::as_bool).unwrap_or(true),
        "seconds": (o.seconds * 10.0).round() / 10.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    /// Hostile-findings R3: the runtime owns its run dir and may replace any file of it
    /// with a link; what the outside half (root) collects never comes from beyond it.
    #[test]
    fn links_planted_in_a_run_dir_are_not_followed() {
        let tmp = tempfile::tempdir().unwrap();
        let (run, private) = (tmp.path().join("run"), tmp.path().join("private"));
        std::fs::create_dir_all(run.join("elsewhere")).unwrap();
        std::fs::create_dir_all(&private).unwrap();
        let secret = private.join("key.json");
        std::fs::write(&secret, r#"{"context": "tool", "canary": "hal-secret-canary"}"#).unwrap();
        std::fs::write(private.join("1.json"), r#"{"context": "tool", "canary": "hal-secret-canary"}"#).unwrap();
        for name in ["start.json", "requests.json"] {
            symlink(&secret, run.join(name)).unwrap();
        }
        let plan = tmp.path().join("plan");
        std::fs::create_dir_all(&plan).unwrap();
        symlink(&secret, plan.join("gt.log")).unwrap();
        symlink(&private, run.join("captures")).unwrap();
        std::fs::create_dir_all(plan.join("captures")).unwrap();
        symlink(&secret, plan.join("captures/1.json")).unwrap();
        // A hard link is the same file under a second name: refused too.
        std::fs::hard_link(&secret, run.join("elsewhere/hard.json")).unwrap();
        let o = Outcome::none();
        let doc = collect("x", "1", (&run, &o), Some((&plan, &o, &json!({"commands": []}))), &Placeholders::default());
        assert!(!doc.to_string().contains("hal-secret-canary"), "{doc:#}");
        let plan_doc = collect("x", "1", (&plan, &o), None, &Placeholders::default());
        assert!(!plan_doc.to_string().contains("hal-secret-canary"), "{plan_doc:#}");
        assert!(crate::util::read_run_file(&run, "elsewhere/hard.json").is_err());
    }
}

//! The start, from hal's own answer: the run was started with what `hal launch --mode
//! print --autonomy full` gives for the version run (its argv and variables, the suite's
//! own beside them), the runtime's process ran that argv, and where the suite checks
//! resume, a second run with `hal launch --resume <hal's session id>` continued the
//! session (the stub saw the first run's prompt again).

use hal_caps::launch::{Request, plan};
use hal_types::{Autonomy, LaunchMode, LaunchPlan};
use serde_json::Value;

use super::cx::{Cx, Out};
use crate::run::PROMPT_SHOWN;

/// What `hal launch` answers now for the spec's runtime and version, the prompt shown
/// as in a start record.
pub(crate) fn expected(cx: &Cx) -> Result<LaunchPlan, String> {
    let mut r = Request::new(cx.spec.provider, LaunchMode::Print);
    r.autonomy = Some(Autonomy::Full);
    r.prompt = Some(PROMPT_SHOWN.to_owned());
    r.model = cx.spec.model.map(str::to_owned);
    r.version = Some(cx.spec.version().to_owned());
    plan(&r, &|_| None)
}

/// The start's checks.
pub(super) fn checks(cx: &Cx, out: &mut Out) {
    match expected(cx) {
        Ok(want) => checks_against(cx, &want, out),
        Err(e) => out.push("start", "hal launch gives a one-shot start", "a plan", e, false),
    }
    resume(cx, out);
    nested(cx, out);
    dash(cx, out);
    worker(cx, out);
}

/// Issue 44, live: a worker started from `hal launch --role polecat --session-id <id>`
/// and resumed twice (`--resume <id>`), the plan's hook fragment merged before each
/// start, holds one copy of each hook, runs its session-start command once per start, and
/// hal inside that command reports the id given.
fn worker(cx: &Cx, out: &mut Out) {
    if !crate::start::runs_worker(cx.spec) {
        return;
    }
    let Some(w) = &cx.doc.worker else {
        out.push("worker", "a worker run ran", "a worker run", "none", false);
        return;
    };
    if let Some(e) = &w.error {
        out.push("worker", "a worker run ran", "a worker run", e.clone(), false);
        return;
    }
    out.push(
        "worker",
        "the worker was started, then resumed",
        format!("{} starts", crate::start::WORKER_STARTS),
        format!("{} starts", w.rounds.len()),
        w.rounds.len() == crate::start::WORKER_STARTS,
    );
    for (i, r) in w.rounds.iter().enumerate() {
        let n = i + 1;
        let (flag, what) = if i == 0 { ("--session-id", "given") } else { ("--resume", "resumed") };
        let with = r.argv.windows(2).any(|p| p[0] == flag && p[1] == w.session_id);
        out.push(
            "worker",
            format!("start {n}: hal launch --role polecat gives {flag} <the id {what}>"),
            format!("{flag} {}", w.session_id),
            r.argv.join(" "),
            with,
        );
        out.push(
            "worker",
            format!("start {n}: it completed"),
            "exit 0",
            format!("{:?}", r.exit),
            r.exit == Some(0) && !r.timed_out,
        );
        let once = !r.copies.is_empty() && r.copies.values().all(|c| *c == 1);
        out.push(
            "worker",
            format!("start {n}: the fragment merged again, its hook file holds one copy of each hook"),
            "1 each",
            format!("{} in {}", fmt_counts(&r.copies), r.hook_file.as_deref().unwrap_or("no file")),
            once,
        );
        out.push(
            "worker",
            format!("start {n}: its session-start command ran once"),
            "1",
            r.session_starts.to_string(),
            r.session_starts == 1,
        );
        for (asked, ids) in &r.reported {
            out.push(
                "worker",
                format!("start {n}: {asked} inside its session-start command reports the id given"),
                w.session_id.clone(),
                ids.join(" "),
                !ids.is_empty() && ids.iter().all(|id| *id == w.session_id),
            );
        }
    }
}

fn fmt_counts(counts: &std::collections::BTreeMap<String, u64>) -> String {
    counts.iter().map(|(k, v)| format!("{v}× `{k}`")).collect::<Vec<_>>().join(", ")
}

/// Hostile-findings R2: a prompt that starts with `-` reaches the model as the user's
/// text, or hal refuses it naming why; never an option of the runtime's.
fn dash(cx: &Cx, out: &mut Out) {
    let Some(d) = &cx.doc.dash else { return };
    let what = "a prompt that starts with `-` reaches the model as text, or hal refuses it";
    let (seen, ok) = match (&d.error, &d.refused) {
        (Some(e), _) => (e.clone(), false),
        (None, Some(e)) => (format!("refused: {e}"), e.contains("starts with `-`")),
        (None, None) => {
            let argv = d.start.as_ref().map(|s| s.argv.join(" ")).unwrap_or_default();
            (format!("{} ({argv})", if d.saw_prompt { "received" } else { "not received" }), d.saw_prompt)
        }
    };
    out.push("dash", what, "the stub received the prompt", seen, ok);
}

/// The clear-list: started inside another runtime's tool environment with `env_unset`
/// applied, the runtime is detected as itself, and hal cleared that runtime's markers.
fn nested(cx: &Cx, out: &mut Out) {
    // Checked at the newest version only (the suite's resume and nested runs).
    if !cx.spec.resume || cx.spec.older.is_some() {
        return;
    }
    let Some(n) = &cx.doc.nested else {
        out.push("nested", "a nested run ran", "a nested run", "none", false);
        return;
    };
    if let Some(e) = &n.error {
        out.push("nested", "a nested run ran", "a nested run", e.clone(), false);
        return;
    }
    let from = crate::runtimes::list::spec(&n.from).map(crate::runtimes::Spec::row);
    let markers: Vec<&str> = from
        .map(|r| r.markers.iter().map(|m| m.var).filter(|v| n.inherited.iter().any(|i| i == v)).collect())
        .unwrap_or_default();
    let cleared = !markers.is_empty() && markers.iter().all(|m| n.env_unset.iter().any(|u| u == m));
    out.push(
        "nested",
        format!("hal launch's env_unset, inside {}'s tool environment, clears its markers", n.from),
        markers.join(" "),
        n.env_unset.join(" "),
        cleared,
    );
    out.push(
        "nested",
        format!("started inside {}'s tool environment with env_unset applied, it is detected as itself", n.from),
        cx.id(),
        n.detected.map_or("nothing".to_owned(), |p| p.to_string()),
        n.detected == Some(cx.spec.provider),
    );
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().map(|a| a.iter().filter_map(Value::as_str).map(str::to_owned).collect()).unwrap_or_default()
}

/// The checks of the recorded start against `want` (tests mutate it).
pub(crate) fn checks_against(cx: &Cx, want: &LaunchPlan, out: &mut Out) {
    let Some(start) = &cx.doc.start else {
        out.push("start", "the run was started from hal launch", "a start record", "none", false);
        return;
    };
    let got = strings(&start.launch["argv"]);
    out.push(
        "start",
        "the run was started with hal launch's argv",
        want.argv.join(" "),
        got.join(" "),
        got == want.argv,
    );
    let env: Vec<(String, String)> = start.launch["env"]
        .as_object()
        .map(|m| m.iter().filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_owned()))).collect())
        .unwrap_or_default();
    let want_env: Vec<(String, String)> = want.env.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    out.push(
        "start",
        "the run set hal launch's variables",
        format!("{want_env:?}"),
        format!("{env:?}"),
        env == want_env,
    );
    // The runtime's process (or its launcher's) ran the suite's argv: its arguments
    // end the process's argv (an interpreter and a script path, or the executable, before).
    // A runtime that retitles its process (Pi's `process.title`, Kimi CLI's `Kimi Code`)
    // shows its name alone: the executable's, or a process name the registry's row gives.
    let tail = &start.argv[1..];
    let argvs = || cx.doc.captures.iter().flat_map(|c| c.ancestry.iter()).map(|p| strings(&p["argv"]));
    let ran = argvs().any(|argv| argv.len() > tail.len() && argv[argv.len() - tail.len()..] == *tail);
    let names = cx.spec.row().executables;
    let retitled =
        !ran && argvs().any(|argv| argv == start.argv[..1] || (argv.len() == 1 && names.contains(&argv[0].as_str())));
    out.push(
        "start",
        "the runtime's process ran that argv",
        start.argv.join(" "),
        if ran {
            "seen in the ancestry".to_owned()
        } else if retitled {
            "the process retitles itself (a name of the registry's row): its argv is not visible".to_owned()
        } else {
            "no process of the ancestry ran it".to_owned()
        },
        ran || retitled,
    );
}

fn resume(cx: &Cx, out: &mut Out) {
    // Checked at the newest version only (the suite's resume and nested runs).
    if !cx.spec.resume || cx.spec.older.is_some() {
        return;
    }
    let Some(r) = &cx.doc.resume else {
        out.push("resume", "a resume run ran", "a resume run", "none", false);
        return;
    };
    if let Some(e) = &r.error {
        out.push("resume", "a resume run ran", "a resume run", e.clone(), false);
        return;
    }
    let id = r.session_id.clone().unwrap_or_default();
    let started = r.start.as_ref().map(|s| strings(&s.launch["argv"])).unwrap_or_default();
    let with_id = started.contains(&id) && !id.is_empty();
    out.push(
        "resume",
        "the resume run was started with hal launch --resume <hal's session id>",
        format!("an argv with {id}"),
        started.join(" "),
        with_id,
    );
    let done = r.exit == Some(0) && !r.timed_out;
    out.push("resume", "the resume run completed", "exit 0", format!("{:?}", r.exit), done);
    out.push(
        "resume",
        "the resumed session carried the first run's messages",
        "the first run's prompt in a request of the resume run",
        if r.saw_first_prompt { "seen" } else { "not seen" },
        r.saw_first_prompt && r.saw_resume_prompt,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::Doc;
    use crate::runtimes::list::RUNTIMES;

    /// A checked-in fixture, read here (the suite's loader would make a module circle).
    fn load_fixture(id: &str) -> Option<Doc> {
        let path = crate::util::root().join("hal-conformance/fixtures").join(format!("{id}.json"));
        let bytes = std::fs::read(path).ok()?;
        serde_json::from_slice::<Value>(&bytes).ok().and_then(|v| Doc::parse(v).ok())
    }

    /// Every fixture was started as `hal launch` says now, and a mutated launch fact (one
    /// argument dropped, one variable changed) fails the start check.
    #[test]
    fn a_mutated_launch_fact_fails_the_start_check() {
        let mut checked = 0;
        for spec in RUNTIMES {
            let Some(doc) = load_fixture(spec.id()) else { continue };
            if doc.start.is_none() {
                continue;
            }
            let spec = &crate::matrix::Target::newest(spec);
            let verified = spec.row().verified.as_ref();
            let expect = crate::matrix::expect(spec.row(), verified, spec.version(), true);
            let cx = Cx { spec, doc: &doc, row: Some(spec.row()), verified, expect };
            let want = expected(&cx).unwrap();
            let mut out = Out::default();
            checks_against(&cx, &want, &mut out);
            assert!(out.0.iter().all(|c| c.ok), "{}: {:?}", spec.id(), out.0);
            let mut mutated = want.clone();
            mutated.argv.remove(1);
            let mut out = Out::default();
            checks_against(&cx, &mutated, &mut out);
            assert!(out.0.iter().any(|c| !c.ok), "{}: a dropped argument passed", spec.id());
            let mut mutated = want.clone();
            mutated.env.insert("OPENCODE_PERMISSION".into(), r#"{"*":"deny"}"#.into());
            let mut out = Out::default();
            checks_against(&cx, &mutated, &mut out);
            assert!(out.0.iter().any(|c| !c.ok), "{}: a changed variable passed", spec.id());
            checked += 1;
        }
        assert!(checked >= 1, "no fixture has a start record");
    }

    /// The worker check passes on every fixture that ran it, and fails on a doubled hook,
    /// a session-start command run twice, another session id reported and a missing start.
    #[test]
    fn the_worker_check_fails_on_what_it_guards() {
        let run = |spec: &crate::matrix::Target, doc: &Doc| {
            let verified = spec.row().verified.as_ref();
            let expect = crate::matrix::expect(spec.row(), verified, spec.version(), true);
            let cx = Cx { spec, doc, row: Some(spec.row()), verified, expect };
            let mut out = Out::default();
            worker(&cx, &mut out);
            out.0
        };
        let mut checked = 0;
        for spec in RUNTIMES {
            let spec = &crate::matrix::Target::newest(spec);
            let Some(doc) = load_fixture(spec.id()).filter(|_| crate::start::runs_worker(spec)) else { continue };
            let all = run(spec, &doc);
            assert!(!all.is_empty() && all.iter().all(|c| c.ok), "{}: {all:?}", spec.id());
            let mut mutants: Vec<Doc> = Vec::new();
            {
                let w = doc.worker.clone().unwrap();
                let last = w.rounds.len() - 1;
                let mut m = doc.clone();
                m.worker.as_mut().unwrap().rounds[last].copies.values_mut().for_each(|c| *c = 2);
                mutants.push(m);
                let mut m = doc.clone();
                m.worker.as_mut().unwrap().rounds[last].session_starts = 2;
                mutants.push(m);
                let mut m = doc.clone();
                m.worker.as_mut().unwrap().rounds[0].reported.values_mut().for_each(|ids| ids.push("other".into()));
                mutants.push(m);
                let mut m = doc.clone();
                m.worker.as_mut().unwrap().rounds.pop();
                mutants.push(m);
            }
            for (i, m) in mutants.iter().enumerate() {
                assert!(run(spec, m).iter().any(|c| !c.ok), "{}: mutant {i} passed", spec.id());
            }
            checked += 1;
        }
        assert!(checked >= 1, "no fixture ran the worker check");
    }
}

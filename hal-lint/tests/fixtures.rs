//! The fixture skills: exact findings (rule, line, column) for each violating one,
//! nothing for each clean one.

use std::path::{Path, PathBuf};

use hal_lint::{Options, Report, Rule, lint_paths};

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(rel)
}

fn lint(rel: &str) -> Report {
    let root = fixture(rel);
    let mut r = lint_paths(std::slice::from_ref(&root), &Options::default());
    r.relative_to(&root);
    assert_eq!(r.diagnostics, [], "{rel}");
    r
}

/// `(path, rule id, line, column)` of every finding under `rel`.
fn found(rel: &str) -> Vec<(String, &'static str, usize, usize)> {
    lint(rel)
        .findings
        .iter()
        .map(|f| (f.path.to_string_lossy().replace('\\', "/"), f.rule.as_str(), f.line, f.column))
        .collect()
}

fn at(path: &str, list: &[(&'static str, usize, usize)]) -> Vec<(String, &'static str, usize, usize)> {
    list.iter().map(|(r, l, c)| (path.to_owned(), *r, *l, *c)).collect()
}

#[test]
fn rust() {
    let mut want = Vec::new();
    want.extend(at(
        "src/lib.rs",
        &[
            ("indicator-var", 13, 20),
            ("indicator-var", 14, 27),
            ("indicator-file", 16, 13),
            ("process-table", 18, 37),
            ("indicator-var", 21, 30),
            ("bad-suppression", 26, 4),
            ("indicator-var", 28, 19),
        ],
    ));
    assert_eq!(found("rust/violating"), want);
    // `--strict` adds the manifest's process-table dependency (no read by itself).
    let mut strict = at("Cargo.toml", &[("process-dependency", 9, 1)]);
    strict.extend(want);
    assert_eq!(found_with("rust/violating", &Options::default().strict(true)), strict);
}

#[test]
fn shell() {
    let mut want = at("bin/detect", &[("indicator-var", 3, 8)]);
    want.extend(at(
        "hook.sh",
        &[
            ("indicator-var", 3, 10),
            ("indicator-var", 6, 10),
            ("indicator-var", 6, 29),
            ("indicator-file", 7, 6),
            ("process-table", 8, 10),
            ("process-table", 9, 12),
            ("indicator-var", 11, 8),
        ],
    ));
    assert_eq!(found("shell/violating"), want);
}

#[test]
fn typescript() {
    let want = at(
        "index.ts",
        &[
            ("indicator-var", 12, 19),
            ("indicator-var", 13, 19),
            ("indicator-var", 14, 11),
            ("indicator-var", 15, 11),
            ("indicator-file", 16, 18),
            ("indicator-var", 19, 28),
        ],
    );
    assert_eq!(found("typescript/violating"), want);
}

#[test]
fn javascript() {
    let want = at(
        "index.js",
        &[
            ("process-table", 4, 24),
            ("indicator-var", 6, 18),
            ("indicator-var", 7, 27),
            ("indicator-file", 8, 30),
            ("process-table", 9, 25),
            ("indicator-var", 11, 23),
        ],
    );
    assert_eq!(found("javascript/violating"), want);
}

#[test]
fn python() {
    let want = at(
        "skill.py",
        &[
            ("indicator-var", 17, 23),
            ("indicator-var", 19, 8),
            ("indicator-var", 21, 25),
            ("indicator-file", 22, 8),
            ("process-table", 24, 14),
            ("process-table", 25, 27),
            ("indicator-var", 28, 23),
        ],
    );
    assert_eq!(found("python/violating"), want);
}

#[test]
fn markdown_skill_with_a_hook_script_and_hook_settings() {
    let mut want = at(".claude/settings.json", &[("indicator-var", 7, 51)]);
    // SKILL.md's `sh` block is code the agent runs: linted at its place in the file.
    want.extend(at("SKILL.md", &[("indicator-var", 11, 7)]));
    want.extend(at("hooks/session-start.sh", &[("indicator-var", 3, 10), ("indicator-var", 4, 23)]));
    assert_eq!(found("markdown-skill"), want);
    let md = std::fs::read_to_string(fixture("markdown-skill/SKILL.md")).unwrap();
    assert!(md.contains("$CLAUDECODE") && md.contains(".claude/settings.json"));
    // Without Markdown, the block is not read.
    want.retain(|(p, ..)| p != "SKILL.md");
    assert_eq!(found_with("markdown-skill", &Options::default().markdown(false)), want);
}

#[test]
fn clean_skills_have_no_findings() {
    for rel in [
        "rust/clean",
        "shell/clean",
        "typescript/clean",
        "javascript/clean",
        "python/clean",
        "markdown-clean",
        "manifests/pinned",
    ] {
        let r = lint(rel);
        assert_eq!(r.text(), "", "{rel}");
        assert!(r.files > 0, "{rel}: nothing was linted");
    }
}

#[test]
fn a_suppression_with_a_reason_silences_exactly_its_line() {
    // Each violating fixture repeats a suppressed line on the next line, unsuppressed.
    for (rel, suppressed) in [
        ("rust/violating/src/lib.rs", 20),
        ("shell/violating/hook.sh", 10),
        ("typescript/violating/index.ts", 18),
        ("javascript/violating/index.js", 10),
        ("python/violating/skill.py", 27),
    ] {
        let src = std::fs::read_to_string(fixture(rel)).unwrap();
        let line = src.lines().nth(suppressed - 1).unwrap();
        assert!(line.contains("hal-lint: allow(indicator-var) "), "{rel}:{suppressed}: {line}");
        let lines: Vec<usize> = lint(rel).findings.iter().map(|f| f.line).collect();
        assert!(!lines.contains(&suppressed), "{rel}: {lines:?}");
        assert!(lines.contains(&(suppressed + 1)), "{rel}: {lines:?}");
    }
}

#[test]
fn manifests_one_finding_each() {
    for (rel, path, rule, line) in [
        ("manifests/hal-detect", "Cargo.toml", Rule::HalCrateDependency, 9),
        ("manifests/sysinfo", "Cargo.toml", Rule::ProcessDependency, 9),
        ("manifests/star", "Cargo.toml", Rule::UnpinnedHalTypes, 8),
        ("manifests/path", "Cargo.toml", Rule::UnpinnedHalTypes, 8),
        ("manifests/package-json", "package.json", Rule::DetectionPackage, 5),
        ("manifests/pyproject", "pyproject.toml", Rule::ProcessDependency, 6),
    ] {
        // A process-table dependency is reported with `--strict` only: no read by itself.
        let strict = rule == Rule::ProcessDependency;
        let mut r = lint_paths(&[fixture(rel)], &Options::default().strict(strict));
        r.relative_to(&fixture(rel));
        let got: Vec<(String, Rule, usize)> =
            r.findings.iter().map(|f| (f.path.to_string_lossy().into_owned(), f.rule, f.line)).collect();
        assert_eq!(got, [(path.to_owned(), rule, line)], "{rel}");
        if strict {
            assert_eq!(found(rel), [], "{rel} without --strict");
        }
    }
    assert_eq!(found("manifests/pinned"), []);
}

#[test]
fn messages_name_the_hal_call_for_the_language() {
    let rust = lint("rust/violating");
    let f = rust.findings.iter().find(|f| f.rule == Rule::IndicatorVar).unwrap();
    // Issue 35: each language's own call, with its import line; a marker's check keeps
    // its meaning ("is this runtime's agent running?").
    assert!(f.suggestion.starts_with("use hal_types::RuntimeHal;"), "{}", f.suggestion);
    assert!(f.suggestion.contains("hal.detect_provider()") && f.suggestion.contains("is_agent"), "{}", f.suggestion);
    assert!(f.message.contains("`CLAUDECODE`") && f.message.contains("hal.detect_provider()"), "{}", f.message);
    let sh = lint("shell/violating");
    let f = sh.findings.iter().find(|f| f.line == 6).unwrap();
    assert_eq!(f.suggestion, "eval \"$(hal env)\"; \"$HAL_SESSION_ID\"");
    let ts = lint("typescript/violating");
    assert!(
        ts.findings
            .iter()
            .all(|f| f.suggestion.starts_with("import { createRuntimeHal } from \"@gastown-chipset/hal\";")),
        "{}",
        ts.text()
    );
    assert!(ts.findings.iter().any(|f| f.message.contains("hal.isAgent()")), "{}", ts.text());
    let py = lint("python/violating");
    assert!(
        py.findings.iter().all(|f| f.suggestion.starts_with("from hal_runtime import create_runtime_hal")),
        "{}",
        py.text()
    );
}

#[test]
fn an_unparseable_file_is_a_diagnostic_and_hides_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.rs"), "fn broken( {\n    let _ = std::env::var(\"CLAUDECODE\");\n").unwrap();
    std::fs::write(dir.path().join("b.sh"), "echo \"$CLAUDECODE\"\n").unwrap();
    let r = lint_paths(&[dir.path().to_path_buf()], &Options::default());
    assert_eq!(r.diagnostics.len(), 1, "{:?}", r.diagnostics);
    assert_eq!(r.diagnostics[0].code, hal_lint::DiagnosticCode::LintUnparseable);
    // The violation inside the file that does not parse is still found.
    let at: Vec<(String, usize, usize)> = r
        .findings
        .iter()
        .map(|f| (f.path.file_name().unwrap().to_string_lossy().into_owned(), f.line, f.column))
        .collect();
    assert_eq!(at, [("a.rs".to_owned(), 2, 28), ("b.sh".to_owned(), 1, 7)]);
    assert_eq!(r.exit_code(), 1);
}

#[test]
fn a_missing_path_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let r = lint_paths(&[dir.path().join("no-such-skill")], &Options::default());
    assert_eq!((r.diagnostics[0].code, r.exit_code()), (hal_lint::DiagnosticCode::PathMissing, 2));
}

/// Files their language's own checker accepts (`tsc`, `bash -n`, `python -m
/// py_compile`; each run here when installed) are never reported unparseable, and the
/// indicator read each holds is found at its place.
#[test]
fn files_the_checkers_accept_are_never_unparseable() {
    let root = fixture("valid");
    let mut r = lint_paths(std::slice::from_ref(&root), &Options::default());
    r.relative_to(&root);
    assert_eq!(r.diagnostics, [], "{:?}", r.diagnostics);
    let got: Vec<(String, &str, usize, usize)> =
        r.findings.iter().map(|f| (f.path.to_string_lossy().into_owned(), f.rule.as_str(), f.line, f.column)).collect();
    let want = [
        ("import-types.ts", "indicator-var", 17, 33),
        ("keywords.ts", "indicator-var", 24, 31),
        ("modern.py", "indicator-var", 18, 23),
        ("regex.sh", "indicator-var", 10, 7),
    ];
    assert_eq!(got, want.map(|(p, r, l, c)| (p.to_owned(), r, l, c)));
    let ok = |cmd: &str, args: &[&str]| {
        std::process::Command::new(cmd).args(args).current_dir(&root).output().ok().map(|o| (o.status.success(), o))
    };
    if let Some((accepted, o)) = ok("bash", &["-n", "regex.sh"]) {
        assert!(accepted, "bash -n rejects the fixture: {}", String::from_utf8_lossy(&o.stderr));
    }
    let out = std::env::temp_dir().join(format!("hal-lint-py-{}", std::process::id()));
    let code =
        format!("import py_compile,sys; py_compile.compile('modern.py', cfile={:?}, doraise=True)", out.join("m.pyc"));
    if let Some((accepted, o)) = ok("python3", &["-c", &code]) {
        assert!(accepted, "py_compile rejects the fixture: {}", String::from_utf8_lossy(&o.stderr));
    }
    let _ = std::fs::remove_dir_all(out);
}

/// `(path, rule id, line, column)` of every finding under `rel`, with `options`.
fn found_with(rel: &str, options: &Options) -> Vec<(String, &'static str, usize, usize)> {
    let root = fixture(rel);
    let mut r = lint_paths(std::slice::from_ref(&root), options);
    r.relative_to(&root);
    assert_eq!(r.diagnostics, [], "{rel}");
    r.findings
        .iter()
        .map(|f| (f.path.to_string_lossy().replace('\\', "/"), f.rule.as_str(), f.line, f.column))
        .collect()
}

/// Each idiom of point 1 in every language: the positive lines come first in each
/// file, the negative ones (mentions, `HOME`, a hook file the file writes, `/proc`
/// facts, programs that are no runtime) after the `Not findings` comment and yield none.
#[test]
fn every_idiom_in_every_language() {
    let v = "indicator-var";
    let f = "indicator-file";
    let p = "process-table";
    let r = "runtime-path-var";
    let mut want = at(
        "env.ts",
        &[
            (v, 2, 16),
            (v, 2, 30),
            (v, 3, 23),
            (v, 4, 23),
            (v, 5, 9),
            (v, 6, 38),
            (v, 7, 11),
            (v, 9, 18),
            (v, 12, 17),
            (r, 13, 25),
        ],
    );
    want.extend(at("files.js", &[(f, 6, 19), (f, 8, 19), (f, 9, 13), (f, 10, 21), (p, 11, 52), (p, 12, 30)]));
    want.extend(at(
        "hook.sh",
        &[
            (v, 3, 7),
            (v, 4, 10),
            (v, 5, 15),
            (v, 6, 10),
            (f, 7, 6),
            (f, 8, 10),
            (p, 9, 1),
            (p, 10, 1),
            (p, 11, 15),
            (v, 12, 7),
            (r, 20, 6),
        ],
    ));
    want.extend(at(
        "lib.rs",
        &[(v, 8, 27), (v, 9, 30), (f, 10, 13), (f, 11, 13), (p, 12, 37), (p, 13, 26), (v, 14, 30), (r, 24, 29)],
    ));
    want.extend(at("settings.json", &[(v, 4, 57), (r, 5, 57)]));
    want.extend(at(
        "skill.py",
        &[
            (v, 7, 12),
            (v, 7, 26),
            (v, 8, 20),
            (v, 9, 15),
            (v, 10, 5),
            (f, 12, 4),
            (f, 14, 19),
            (p, 16, 5),
            (p, 17, 10),
            (r, 26, 26),
        ],
    ));
    // A runtime path used as a path is no detection: no finding, `--strict` or not.
    want.retain(|(_, rule, _, _)| *rule != r);
    assert_eq!(found_with("idioms", &Options::default()), want);
    assert_eq!(found_with("idioms", &Options::default().strict(true)), want);
}

/// The hard cases of the labelled real repositories (see `fixtures/real/README.md` and
/// TESTING.md): every true finding, none of the false families.
#[test]
fn hard_cases_of_the_labelled_repositories() {
    let v = "indicator-var";
    // The hooks-mastery setup lists what the project holds for a report (issue 47's
    // sixth round: no detection).
    let want = at("gsd-skill-creator/read-guard.js", &[(v, 6, 17), (v, 7, 17), (v, 8, 17), (v, 9, 17)]);
    assert_eq!(found_with("real", &Options::default()), want);
    // None of them is test, vendored or generated code: `--strict` adds nothing, and a
    // runtime path used as a path (`runtime-path-var`) is never reported.
    assert_eq!(found_with("real", &Options::default().strict(true)), want);
}

/// Issue 47: a runtime's directory probed through a path built from segments (under
/// `.config` or another hidden directory, or hidden and named for the runtime), in
/// TypeScript, Python, shell and a skill's Markdown (a quoted fence, an indented block);
/// a build directory named like a runtime and a file inside one are silent.
#[test]
fn probe_paths_built_from_segments() {
    let mut want = Vec::new();
    want.extend(at(
        "hooks/detect.py",
        &[("indicator-file", 6, 18), ("indicator-file", 8, 6), ("indicator-file", 10, 21)],
    ));
    want.extend(at(
        "hooks/detect.sh",
        &[("indicator-file", 3, 9), ("indicator-file", 4, 11), ("indicator-file", 5, 14)],
    ));
    want.extend(at(
        "hooks/detect.ts",
        &[
            ("indicator-file", 9, 24),
            ("indicator-file", 10, 24),
            ("indicator-file", 11, 27),
            ("indicator-file", 12, 24),
            ("indicator-file", 13, 19),
        ],
    ));
    want.extend(at("skills/pick/SKILL.md", &[("indicator-file", 11, 8), ("indicator-file", 14, 13)]));
    assert_eq!(found("segments"), want);
}

/// Issue 47: names by shape. A variable hal does not know, under a vendor prefix of the
/// registry's variables and shaped like one of its identity variables (`CURSOR_CLI` as
/// `GEMINI_CLI`, `CLAUDECODE_SESSION_ID` as `GEMINI_SESSION_ID`), read where it decides,
/// in JavaScript, Python, shell, Rust and a skill's Markdown; the skill's own settings
/// under a runtime's prefix (`CLAUDE_MEM_DEBUG`) and a name only logged are silent.
#[test]
fn names_by_shape_under_a_vendor_prefix() {
    let mut want = Vec::new();
    // Compared to a literal, the comparison returned or stored (issue 47).
    want.extend(at("hooks/compared.js", &[("indicator-var", 4, 22), ("indicator-var", 6, 28)]));
    want.extend(at("hooks/compared.py", &[("indicator-var", 6, 27)]));
    want.extend(at("hooks/who.js", &[("indicator-var", 3, 25), ("indicator-var", 4, 17), ("indicator-var", 5, 9)]));
    want.extend(at("hooks/who.py", &[("indicator-var", 4, 19), ("indicator-var", 6, 6)]));
    want.extend(at("hooks/who.sh", &[("indicator-var", 3, 10), ("indicator-var", 4, 7)]));
    want.extend(at("skills/who/SKILL.md", &[("indicator-var", 7, 10)]));
    want.extend(at("src/lib.rs", &[("indicator-var", 4, 22)]));
    assert_eq!(found("shapes"), want);
    let report = lint("shapes");
    let unknown = report.findings.iter().filter(|f| f.message.contains("that hal does not know")).count();
    assert_eq!(unknown, 10, "the rule names the names hal does not know as such");
}

/// Issue 47: key scans and the serialisation of the environment, in TypeScript and
/// Python, and Python's copies of the environment (`dict(os.environ)`, `.copy()`): the
/// names scanned for (a registry variable, the start of one) and read through a copy
/// are findings; a scan for the skill's own names, a scan of the arguments and a copy
/// passed on to a child are silent.
#[test]
fn scans_of_the_environments_names() {
    let mut want = at(
        "hooks/scan.py",
        &[
            ("indicator-var", 4, 30),
            ("indicator-var", 5, 55),
            ("indicator-var", 7, 16),
            ("indicator-var", 11, 12),
            ("indicator-var", 14, 4),
        ],
    );
    want.extend(at(
        "hooks/scan.ts",
        &[("indicator-var", 2, 72), ("indicator-var", 3, 73), ("indicator-var", 4, 71), ("indicator-var", 5, 58)],
    ));
    assert_eq!(found("scans"), want);
}

/// Issue 47: probes that decide no runtime, in Python, JavaScript, TypeScript and shell
/// (validating a root given as a positional parameter). A probe whose path
/// the same function then reads for its contents or removes (a runtime's settings read
/// to report them, an installer's `lstat` before removing what it wrote, through a
/// helper named for the removal), and a probe of a path under a parameter whose failure
/// only reports and exits or raises (validating a root the program was given) are
/// silent; the same probes of a home directory, a probe whose success exits and a
/// probe followed by a read of another file stay findings. A stat whose answer is read
/// only for the file's size or age (a report) is silent too (`report/`).
#[test]
fn probes_guarding_their_own_use_or_validating_input() {
    let f = "indicator-file";
    let mut want = at("hooks/own_use.js", &[(f, 25, 24)]);
    want.extend(at("hooks/own_use.py", &[(f, 43, 8), (f, 45, 12), (f, 52, 22)]));
    want.extend(at("hooks/own_use.sh", &[(f, 11, 11), (f, 15, 9)]));
    want.extend(at("hooks/own_use.ts", &[(f, 46, 18), (f, 49, 19), (f, 58, 18)]));
    // A stat read for the file's size or age reports it; one whose answer decides, or
    // is the test itself, or is used whole, stays a finding.
    // `${X:+$X/…}` builds a path from a runtime's path variable (shell and Markdown's
    // blocks); an alternative naming a runtime, or another path, stays a finding.
    let v = "indicator-var";
    want.extend(at("paths/SKILL.md", &[(v, 14, 10)]));
    want.extend(at("paths/root.sh", &[(v, 7, 4), (v, 8, 4)]));
    // An inventory of a project the program was given, for a report (issue 47); the
    // same probe naming the runtime stays a finding.
    // A path probed again in the branch of its own probe: reported once, at the first.
    want.extend(at("report/again.js", &[(f, 8, 21)]));
    want.extend(at("report/again.py", &[(f, 7, 23)]));
    want.extend(at("report/inventory.js", &[(f, 16, 21)]));
    want.extend(at("report/inventory.py", &[(f, 17, 8)]));
    want.extend(at("report/stats.js", &[(f, 19, 26), (f, 25, 17)]));
    want.extend(at("report/stats.py", &[(f, 18, 18)]));
    want.extend(at("report/stats.ts", &[(f, 13, 31)]));
    assert_eq!(found("guards"), want);
}

/// Issue 47: walks of the process table (a `ps -o ppid=` loop, `/proc/<pid>/stat` read
/// for the parent's id, psutil's `parent()` and `process_iter()` compared to a runtime's
/// name, ps-list, sysinfo's `parent()`), shell scans of the environment's names
/// (`env | grep '^CLAUDE_'`, `compgen -e`, `${!GEMINI_@}`), hook payload sniffing
/// (`"turn_id" in payload`, `payload.turn_id !== undefined`) and the terminal or editor
/// compared to a runtime's name, in shell, Python, JavaScript and Rust (`walks/`). The
/// process's own pid written down, its own executable (`/proc/self/exe`), a scan for the
/// skill's own names, an editor that is no runtime, a directory listed to copy it, a
/// payload's field read for its value, a dashboard listing every process and a monitor
/// reading its worker's CPU time from `/proc/<pid>/stat` are silent.
#[test]
fn walks_scans_payloads_and_editors() {
    let (p, v) = ("process-table", "indicator-var");
    // A variable under a runtime's prefix choosing between runtimes' own values (a hook
    // event, a runtime's name); the skill's own variables choosing its own are silent.
    let mut want = at("hooks/events.js", &[(v, 2, 27), (v, 3, 26)]);
    want.extend(at("hooks/events.py", &[(v, 4, 39)]));
    // Session variables read through a constant list of names (the skill's own silent).
    want.extend(at("hooks/names.sh", &[(v, 4, 12), (v, 4, 12), (v, 4, 33), (v, 4, 33)]));
    want.extend(at("hooks/walk.js", &[(p, 3, 24), (p, 17, 33), (v, 21, 7), (v, 22, 18), (v, 26, 22)]));
    want.extend(at("hooks/walk.py", &[(p, 10, 12), (p, 14, 16), (p, 19, 52), (p, 23, 15), (v, 29, 8), (v, 35, 23)]));
    want.extend(at(
        "hooks/walk.sh",
        &[(p, 5, 11), (p, 6, 7), (p, 9, 26), (v, 10, 18), (v, 11, 25), (v, 12, 10), (v, 13, 7), (v, 14, 7)],
    ));
    want.extend(at("walker/src/lib.rs", &[(p, 7, 62), (p, 18, 40), (v, 23, 5), (v, 27, 19)]));
    want.extend(at("walker/src/names.rs", &[(v, 2, 27), (v, 2, 48)]));
    // sysinfo's whole table searched for a runtime's name, with no walk (a listing
    // comparing no runtime is silent).
    want.extend(at("walker/src/table.rs", &[(p, 5, 23), (p, 11, 9)]));
    assert_eq!(found("walks"), want);
}

/// Issue 47: aliases of the environment (a parameter defaulting to it, in JavaScript,
/// TypeScript and Python; a spread or `Object.assign` copy) are read like it, and a scan
/// of the environment that leaves a runtime's name out (`k != "CLAUDECODE"`, `k not in
/// (…)`, `!["CLAUDECODE"].includes(k)`) builds a child's environment: no read. A
/// parameter defaulting to another object is no environment (`aliases/`).
#[test]
fn aliases_of_the_environment_and_environments_for_a_child() {
    let v = "indicator-var";
    let mut want = at("hooks/alias.js", &[(v, 3, 21), (v, 6, 14), (v, 9, 10)]);
    want.extend(at("hooks/alias.py", &[(v, 7, 16), (v, 9, 24), (v, 13, 16)]));
    want.extend(at("hooks/alias.ts", &[(v, 3, 11), (v, 4, 14)]));
    assert_eq!(found("aliases"), want);
}

/// Issue 47, round 7: an orchestrator's check whether a runtime is installed or logged
/// in (`availability/`), in Rust, Python, JavaScript, TypeScript and shell. The files a
/// runtime writes in its folder (the registry's `own_files`: `~/.gemini/installation_id`,
/// `~/.codex/auth.json`) and a hidden file named for it (`~/.claude.json`) are probed,
/// by a path built in place, returned by a function or method of the same file
/// (`self.settings_path().map(|p| p.exists())`, `existsSync(geminiSettings())`), given
/// to a closure, or under a runtime's base folders (`xdg`'s `with_prefix("opencode")`,
/// `XDG_CONFIG_HOME`, platformdirs). Silent: the tool's own files in a runtime's folder
/// (`.claude/skills/pick/SKILL.md`, `.claude/pick-state.json`), a function returning a
/// path of no runtime, the tool's own base folder, a path variable bound and used as
/// the path (`if let Ok(home) = env::var("CODEX_HOME") { … home … }`), and a probe whose
/// answer only goes into a printed message (`report/`).
#[test]
fn availability_checks_of_a_runtime_s_own_files() {
    let f = "indicator-file";
    let mut want = at("hooks/installed.js", &[(f, 14, 21), (f, 15, 21), (f, 16, 21), (f, 17, 21)]);
    want.extend(at("hooks/installed.py", &[(f, 16, 8), (f, 18, 23), (f, 20, 8), (f, 22, 23), (f, 43, 26)]));
    want.extend(at("hooks/installed.sh", &[(f, 4, 9), (f, 5, 6), (f, 6, 9)]));
    want.extend(at("hooks/installed.ts", &[(f, 12, 20), (f, 13, 23), (f, 18, 23)]));
    want.extend(at("report/status.js", &[(f, 16, 22)]));
    want.extend(at("report/status.py", &[(f, 15, 12)]));
    let v = "indicator-var";
    want.extend(at(
        "src/executors.rs",
        &[(f, 22, 77), (f, 25, 55), (f, 26, 50), (f, 39, 37), (f, 45, 30), (f, 76, 36), (f, 83, 53), (f, 87, 23)],
    ));
    want.extend(at("src/executors.rs", &[(v, 110, 19), (v, 115, 37)]));
    assert_eq!(found("availability"), want);
}

/// Issue 47, round 7: names kept in a table and read by lookup (a JavaScript object
/// through `Object.entries`/`Object.values`, a Python dict through `.items()`/`.values()`,
/// a Rust array of tuples), reported at the table's names; a read of a name under a
/// runtime's prefix stored in a name that a later condition, conditional or presence
/// test uses (`const sid = process.env.X; return sid ? … : …`); such a name tested by an
/// `if` whose branch returns a runtime's name (`if os.getenv("CLAUDE_DESKTOP"): return
/// "claude_desktop"`); since round 19, any name whose test returns a client's name
/// beside them (`LM_STUDIO`). Silent: a table of the tool's own names, a stored read
/// only shown, the tool's own setting under the prefix returning its own value
/// (`lookups/`).
#[test]
fn names_read_through_tables_and_stored_reads() {
    let v = "indicator-var";
    let mut want = at("hooks/client.js", &[(v, 3, 19), (v, 4, 19)]);
    want.extend(at("hooks/client.py", &[(v, 6, 18), (v, 8, 18)]));
    want.extend(at("hooks/table.py", &[(v, 4, 19), (v, 4, 43), (v, 15, 26)]));
    want.extend(at("hooks/table.ts", &[(v, 2, 24), (v, 2, 46), (v, 8, 27)]));
    want.extend(at("src/table.rs", &[(v, 3, 44), (v, 3, 70), (v, 15, 29)]));
    assert_eq!(found("lookups"), want);
}

/// Issue 47, round 8 (classes read from the seventh round's repositories, now tuned):
/// `decisions/`. Silent: a shell script's own variable named like a runtime's, set above
/// its reads (`AGENT="ai:review"`, `CODEX_EVENT="${1:-}"`); a runtime's folder variable
/// tested only to pass it to a child (`[ -n "${CODEX_HOME:-}" ] && MIN_ENV+=(…)`); the
/// tool's own install deep in a runtime's folder, spelled with a default
/// (`${CLAUDE_CONFIG_DIR:-$HOME/.claude}/hooks/pick`); a walk up the process table for
/// the terminal (`ps -o tty=`); Rust's `env::vars()` kept for a child or scanned for
/// proxies; the whole `/proc` listed in a function naming no runtime; a runtime's
/// settings read for their content; a folder variable stored and used as the path; a
/// health check whose branches only print and count (`if [[ -f "$SETTINGS" ]]; then echo
/// ok; else echo missing; FAILED=1; fi`); a name under a runtime's prefix compared to a
/// mode (`[ "$TRAE_ENV" = "cn" ]`), not to a flag's or a runtime's value.
/// Findings: a runtime's folder held in a variable the script assigns once, then probed
/// (`CURSOR_DIR="$HOME/.cursor"; [ -d "$CURSOR_DIR" ]`); a variable set from itself; the
/// same test choosing a runtime's name; the
/// runtime's folder spelled with a default; a walk reading each ancestor's program;
/// `TERM_PROGRAM` in a `case` whose patterns name a runtime; a session variable under a
/// runtime's own name (`KIRO_IDE_SESSION_ID`, `OPENCLAW_SESSION_ID`); a runtime's
/// credentials read for their content (the registry's `own_files`); a listing of `/proc`
/// looking for a runtime's process; `env::vars()` scanned for a runtime's prefix.
#[test]
fn decisions_of_the_seventh_round_s_repositories() {
    let (f, v, p) = ("indicator-file", "indicator-var", "process-table");
    let mut want = at("hooks/auth.py", &[(f, 8, 19), (v, 15, 27)]);
    want.extend(at("hooks/auth.ts", &[(f, 9, 44)]));
    want.extend(at("hooks/child.sh", &[(v, 10, 7)]));
    want.extend(at("hooks/held.sh", &[(f, 5, 9)]));
    want.extend(at("hooks/locate.sh", &[(f, 7, 9)]));
    want.extend(at("hooks/mode.js", &[(v, 4, 30)]));
    want.extend(at("hooks/mode.sh", &[(v, 5, 7)]));
    want.extend(at("hooks/own.sh", &[(v, 8, 13), (v, 9, 10)]));
    want.extend(at("hooks/procs.js", &[(p, 14, 25)]));
    want.extend(at("hooks/sessions.sh", &[(v, 3, 22), (v, 4, 8)]));
    want.extend(at("hooks/terminal.sh", &[(v, 3, 7)]));
    want.extend(at("hooks/tty.sh", &[(p, 16, 9), (p, 18, 9)]));
    // An installer is linted (issue 47's definition leaves no file out by its name): its
    // check that a runtime is installed decides; its checks of the project it runs in
    // (beside `.git`, or giving up), of a root it was given or the working directory,
    // and of a file it then edits itself are silent.
    want.extend(at("scripts/install.sh", &[(f, 4, 9)]));
    want.extend(at("src/child.rs", &[(v, 22, 5), (f, 28, 40)]));
    assert_eq!(found("decisions"), want);
}

/// Issue 47, round 9 (classes read from the eighth round's repositories, now tuned):
/// `installs/`. A table of agents whose functions tell whether each is installed (a
/// hidden folder under home that hal does not know, probed in a function named for
/// detecting an installation, in each language: `detectInstalled`, `detect_pochi`,
/// `is_neovate_installed`, `detect_kode`, `is_installed`); a folder behind a variable's default (`X || join(home,
/// ".codex")`, `xdgConfig ?? …`, Python's `or`); a runtime's config folder of two pieces
/// (`.pi/agent`, `.config/amp`); a table of records whose functions return each
/// runtime's paths, iterated and probed; an installer's flag named for a runtime
/// (`codex_installed=1`); `pgrep` of a bracket class (`[Cc]ursor`). Silent: the same
/// unknown folder outside a detecting function, a shell's file in one, a table of the
/// tool's own records, a health check's count, every process matching a runtime's
/// name listed line by line (a dashboard), where a yes-or-no search is a finding; a
/// health check whose every answer (`if`/`else`, `try`/`catch`) only goes into its report.
/// Round 10: a list of pairs read by destructuring (`for (const [agent, dir] of
/// PAIRS)`), a table's records probed in a loop of a function named for detecting agents
/// (`detectAgents`), a class's `isDetected`; silent: the tool's own agent files checked
/// as installed (`checkAgentsInstalled`), a plugin's root asserted and used as a path
/// (`${CLAUDE_PLUGIN_ROOT:?unset}/scripts/lib.sh`), a default set for a variable
/// (`os.environ.setdefault("CLAUDECODE", "1")`, `: "${CLAUDECODE:=1}"`). Round 11: a
/// hook payload's key tested by an `if` returning a runtime's name (`if ("toolName" in
/// payload) return "copilot"`); silent: the branch returning no runtime's name. Python's
/// probes over a list of runtimes' folders or credential paths (a loop, a generator), a
/// folder's listing that decides (`if any(d.iterdir())`; silent: one that only shows
/// it); a shell helper searching a process for a pattern its callers give as a runtime's
/// name (`ps … 2>/dev/null | grep -qi "$pattern"`), a presence test adding a runtime to a
/// list beside a debug message; silent: the credential files that exist kept as paths
/// (`[str(p) for p in candidates if p.exists()]`). Round 19: a `jq` program testing a
/// key of one runtime's payload (`if (.session_id? and .turn_id?) then "codex"`, `jq -e
/// 'has("cursor_version")'`); silent: the key read for its value, a key every payload
/// holds. Round 20: a heredoc program given its own arguments (`python3 - "$x"
/// <<'PY'`) linted as its language, and there a payload's keys tested, kept in names,
/// then deciding the agent's name (`agent = "Claude Code"`); silent: a key kept that
/// decides nothing.
#[test]
fn installed_runtimes_found_by_tables_and_detecting_functions() {
    let (f, p, v) = ("indicator-file", "process-table", "indicator-var");
    let mut want = at("scripts/ancestry.sh", &[(p, 7, 3), (p, 8, 5), (v, 16, 12)]);
    want.extend(at("scripts/install.sh", &[(f, 6, 11), (p, 16, 6), (f, 34, 8)]));
    want.extend(at("scripts/notify.sh", &[(v, 9, 14), (v, 10, 15), (v, 10, 51), (v, 11, 13)]));
    want.extend(at("scripts/payload.sh", &[(v, 5, 68), (v, 6, 44)]));
    want.extend(at("src/agents.ts", &[(f, 13, 63), (f, 14, 67), (f, 15, 61), (f, 19, 25)]));
    want.extend(at("src/creds.py", &[(f, 8, 12), (f, 15, 16), (f, 20, 12)]));
    want.extend(at("src/detect.py", &[(f, 9, 12), (f, 13, 26), (f, 17, 26), (f, 34, 12)]));
    want.extend(at("src/detect.rs", &[(f, 9, 45), (f, 21, 41)]));
    want.extend(at("src/doctor.py", &[(f, 13, 8)]));
    want.extend(at("src/doctor.ts", &[(f, 25, 18)]));
    want.extend(at("src/payload.py", &[(v, 5, 8), (v, 7, 8)]));
    want.extend(at("src/payload.ts", &[(v, 4, 7), (v, 5, 7), (v, 6, 7)]));
    want.extend(at("src/sessions.js", &[(p, 7, 10)]));
    want.extend(at("src/sessions.py", &[(p, 6, 28)]));
    want.extend(at("src/tables.ts", &[(f, 17, 20), (f, 26, 20), (f, 33, 23)]));
    want.extend(at("src/targets.ts", &[(f, 16, 28)]));
    assert_eq!(found("installs"), want);
}

/// Issue 47, round 12 (the classes the thirteenth round's tuned repositories showed):
/// listing a runtime's folder to process its files, keeping the folders that exist,
/// telling a transcript's format by its fields, passing a value on to a child,
/// removing it, and using an override's value are silent; a runtime's credentials
/// probed before they are read, an environment typed as such, the parent's command
/// line through a kept path or `ps` as a list of words, a probe inside a runtime's
/// folder whose answer names a runtime, names kept in a table read by lookup (a
/// loop's name standing for a list only in its own function), loops over the
/// environment's names, names joined from parts, a path's variable tested for
/// presence, a runtime's own file under a folder given at run time or in its folder, a
/// name under a vendor prefix kept for its runtime in a detecting function, and
/// AppleScript's process list asked for a runtime, `ps` filtered by `awk` comparing a
/// field to a runtime's name or its process name kept and compared to one, and a
/// payload's key tested as a
/// field or with `.get` where the branch names the runtime, and detection rules kept
/// as data (a runtime's name beside its variables' names, nested too, with names under
/// its vendor prefix in a list of alternatives, or any variable compared to a value
/// there; never a credential's), Rust's lookups injected into a detector (a closure
/// over `std::env::var` or `exists`, passed on, a captured environment map, or a getter
/// of either, a closure or a function of the file; a path's variable only where it
/// decides) reading
/// names of its tables of rows (tuples, struct literals, tables naming tables) through
/// a loop, a field or a name bound in the function, and a path no literal spells
/// probed in a detecting Rust function whose branch then answers a runtime, and the
/// process table listed with names (`execFileAsync("ps", ["-eo", "pid,tty,args"])`)
/// where the function or its caller searches it for a runtime (a loop over its lines
/// returning at the first match too; one keeping every match is a dashboard), and a
/// table of runtimes' folders probed by key (`existsSync(roots[k])`), are found;
/// a loop over the names
/// copying them to a child, the same names removed from a child's map, a closure over
/// a plain map given as a lookup, a runtime's file read in Rust for its contents (bound
/// by `let … else` or a `match` arm, behind a probe keeping the read from failing, or
/// after a probe returning early before the function loads it; in every language, a
/// helper named for reading, loading, parsing or copying the file counts as the
/// function's own use), `/proc` read in a
/// function naming no parent and no runtime (its own umask, a known pid's start time),
/// and a listing
/// shown to a reader, are silent; round 19: a probe's answer stored in a name that a
/// later `if` or conditional of the function decides a runtime's name on (`const
/// hasMcpJson = existsSync(…)` … `return "cursor"`), whatever the path and whatever the
/// file then writes, is found, and a stored answer deciding no runtime's name is silent;
/// so is any variable (`VSINSTALLDIR`, `LM_STUDIO`, `VSCODE_CWD` through a default) whose
/// test gates the answer of a function returning a runtime's name, but not a
/// credential's (a model picked by the keys set) nor in a function naming no runtime;
/// in a function asking whether it runs under a runtime or as an agent
/// (`is_subagent_session`, `isGeminiSession`, `hasCursorEnvironment`), a name under a
/// vendor prefix, any name (a table's too) and a value searched for a runtime's folder
/// or id prefix (`"/.gemini/" in transcript_path`, `startswith("gemini-")`) answering
/// `true` are found (in a function asking only whether it runs as an agent, `isAgent`,
/// a name under a vendor prefix alone: the tool's own team flags are silent), while a
/// tool's own session
/// flag (`is_work_session_active`) and a path or model told apart by the same pieces
/// (`detect_agent_from_path`) are silent, as is a runtime's variable passed on in a
/// shell command's own assignment (`CODEX_THREAD_ID="${CODEX_THREAD_ID:-}" python3 …`);
/// round 20: a probe under the folder a function was given whose branch collects a
/// runtime's name (`found.push("cursor")`) is the project's runtime told, found, while
/// collecting what it saw stays an inventory, and a project root found by its marker
/// (the folder itself returned, or a search stepping to the parent) is silent while a
/// runtime's folder found under a base and returned is found (each shown missed or
/// reported before the change by the branch point's binary); round 25: a function
/// named for detecting whose answer is a probe (`detect_claude() { [ -d "$HOME/.claude"
/// ]; }`, `return existsSync(…)`), each entry of a table probed and collected by a
/// function named for detecting agents, a table keyed by runtimes' names whose entries'
/// files are probed, a frozen list of names spelled into folders (`` `.${h}` ``) for a
/// probing helper, a check in a runtime's record, a provider's key whose branch adds a
/// runtime's name, a path's variable whose branch also names the runtime, and a
/// runtime's folder searched for in a payload's field or the script's own location
/// where the branch answers that runtime, and a variable gating a returned record whose
/// identity field names a runtime (`{ platform: "vscode-copilot" }`), and a probe of a
/// path built from values whose answer a detecting function keeps in a record of what
/// was detected (`DetectedAgent(…, exists=exists)`, not a root alone), are found; the
/// tool's own file in a runtime's
/// plugins folder, a function or hook leaving where a path's variable is missing
/// before using it (`[[ -z "${CLAUDE_ENV_FILE:-}" ]] … exit 0` then `>>
/// "$CLAUDE_ENV_FILE"`; one using nothing of it later is found), a variable alone as a
/// command, two ids of one shape beside a runtime, and a
/// path a function was given whole are silent (each shown missed or reported by the
/// binary of `374ff69`).
#[test]
fn reading_collecting_and_passing_on_are_not_detections() {
    let (f, p, v) = ("indicator-file", "process-table", "indicator-var");
    let mut want = at("scripts/answered.sh", &[(f, 9, 24), (f, 10, 24), (f, 12, 10), (v, 19, 10)]);
    want.extend(at("scripts/child_env.sh", &[(v, 7, 10)]));
    want.extend(at("scripts/children.sh", &[(p, 8, 3)]));
    want.extend(at("scripts/clients.sh", &[(f, 7, 8)]));
    want.extend(at("scripts/detect.sh", &[(f, 5, 11)]));
    want.extend(at("scripts/flags.sh", &[(f, 7, 10)]));
    want.extend(at("scripts/guarded_read.sh", &[(f, 9, 10)]));
    want.extend(at("scripts/host.sh", &[(p, 5, 9)]));
    want.extend(at("scripts/leaves.sh", &[(v, 4, 10)]));
    want.extend(at("scripts/locations.sh", &[(f, 10, 14)]));
    want.extend(at("scripts/own_name.sh", &[(v, 8, 13), (v, 9, 10)]));
    want.extend(at("scripts/pane.sh", &[(p, 5, 15)]));
    want.extend(at("scripts/predicates.sh", &[(v, 3, 14)]));
    want.extend(at("scripts/reader.sh", &[(f, 6, 4)]));
    want.extend(at("scripts/recorded.sh", &[(f, 7, 9), (f, 12, 9), (f, 16, 9), (f, 19, 9), (f, 19, 65)]));
    want.extend(at("scripts/tty.sh", &[(p, 4, 7)]));
    want.extend(at("src/actors.py", &[(v, 5, 23), (v, 11, 35)]));
    want.extend(at("src/actors.ts", &[(v, 3, 19), (v, 8, 41)]));
    want.extend(at("src/ancestry.ts", &[(p, 2, 36)]));
    want.extend(at("src/answered.py", &[(f, 9, 12), (f, 27, 14)]));
    want.extend(at("src/answered.ts", &[(f, 9, 21), (f, 22, 29)]));
    want.extend(at("src/answered_records.py", &[(v, 8, 23), (v, 10, 23)]));
    want.extend(at("src/answered_records.ts", &[(v, 5, 19), (v, 6, 19), (v, 6, 45)]));
    want.extend(at("src/answers.rs", &[(f, 21, 12), (f, 26, 12), (f, 31, 39)]));
    want.extend(at("src/app_bundles.py", &[(f, 7, 12)]));
    want.extend(at("src/app_bundles.ts", &[(f, 8, 18), (f, 10, 21)]));
    want.extend(at("src/authenticated.py", &[(v, 9, 43)]));
    want.extend(at("src/authenticated.ts", &[(v, 6, 37), (v, 17, 57)]));
    want.extend(at("src/availability.rs", &[(f, 24, 48)]));
    want.extend(at("src/child_env.py", &[(v, 12, 23)]));
    want.extend(at("src/child_env.ts", &[(v, 25, 19), (v, 30, 22)]));
    want.extend(at("src/children.rs", &[(p, 21, 36)]));
    want.extend(at("src/collect.py", &[(f, 16, 8)]));
    want.extend(at("src/collect.rs", &[(f, 20, 8)]));
    want.extend(at("src/collect.ts", &[(f, 22, 18), (f, 24, 18), (f, 31, 31)]));
    want.extend(at("src/creds.ts", &[(f, 9, 19), (f, 12, 32)]));
    want.extend(at("src/data_paths.py", &[(v, 11, 23)]));
    want.extend(at("src/data_paths.ts", &[(v, 17, 30)]));
    want.extend(at("src/detect_fields.py", &[(v, 8, 22), (v, 9, 24), (v, 9, 40), (v, 10, 27)]));
    want.extend(at("src/detect_paths.py", &[(f, 8, 34), (f, 11, 13), (f, 12, 13), (f, 15, 32), (f, 15, 50)]));
    want.extend(at("src/detect_paths.ts", &[(f, 6, 32), (f, 7, 35), (f, 7, 58), (f, 8, 31), (f, 12, 61)]));
    want.extend(at(
        "src/detected.py",
        &[
            (f, 12, 61),
            (f, 13, 55),
            (f, 25, 20),
            (f, 31, 12),
            (f, 49, 16),
            (f, 56, 17),
            (f, 61, 17),
            (f, 61, 76),
            (p, 66, 12),
        ],
    ));
    want.extend(at("src/detected.ts", &[(f, 9, 69), (f, 9, 82), (f, 10, 55), (f, 17, 22), (f, 28, 18)]));
    want.extend(at("src/droid.rs", &[(f, 3, 33)]));
    want.extend(at("src/editor.rs", &[(v, 4, 28)]));
    want.extend(at("src/entries.ts", &[(f, 11, 21), (f, 26, 25)]));
    want.extend(at("src/env_params.ts", &[(v, 7, 36)]));
    want.extend(at("src/forward.rs", &[(v, 6, 28), (v, 6, 42)]));
    want.extend(at("src/helpers.py", &[(f, 7, 20)]));
    want.extend(at("src/helpers.ts", &[(f, 6, 24)]));
    want.extend(at("src/identity.py", &[(v, 5, 18), (v, 7, 23), (v, 9, 28), (v, 24, 42)]));
    want.extend(at("src/identity.ts", &[(v, 3, 11), (v, 4, 11), (v, 4, 31), (v, 5, 11), (v, 8, 20), (v, 22, 22)]));
    want.extend(at(
        "src/injected.rs",
        &[
            (v, 5, 6),
            (v, 6, 6),
            (f, 8, 43),
            (v, 9, 62),
            (v, 20, 17),
            (v, 20, 26),
            (v, 25, 15),
            (v, 47, 22),
            (v, 62, 15),
            (v, 70, 15),
        ],
    ));
    want.extend(reading_from_installed_on());

    assert_eq!(found("reading"), want);
}

/// The second half of `reading_collecting_and_passing_on_are_not_detections`'s findings,
/// from `src/installed.py` on, in path order.
fn reading_from_installed_on() -> Vec<(String, &'static str, usize, usize)> {
    let (f, p, v) = ("indicator-file", "process-table", "indicator-var");
    let mut want = Vec::new();
    want.extend(at("src/installed.py", &[(f, 7, 25), (f, 7, 52), (f, 16, 12)]));
    want.extend(at("src/installed.ts", &[(f, 20, 20), (f, 26, 43)]));
    want.extend(at("src/installed_fields.py", &[(f, 40, 32), (f, 45, 68)]));
    want.extend(at("src/installed_fields.ts", &[(f, 28, 63), (f, 31, 30)]));
    want.extend(at("src/installer_writes.py", &[(f, 30, 12)]));
    want.extend(at("src/installer_writes.ts", &[(f, 25, 18)]));
    want.extend(at("src/inventory.ts", &[(v, 17, 19)]));
    want.extend(at("src/keyed.py", &[(v, 15, 23), (v, 21, 8), (f, 38, 12), (f, 52, 12)]));
    want.extend(at(
        "src/keyed.ts",
        &[(f, 22, 23), (f, 35, 52), (f, 36, 50), (f, 50, 80), (f, 53, 67), (f, 54, 68), (v, 59, 19), (f, 84, 24)],
    ));
    want.extend(at("src/login_messages.py", &[(v, 9, 23)]));
    want.extend(at("src/login_messages.ts", &[(v, 3, 19)]));
    want.extend(at("src/logins.py", &[(v, 7, 23)]));
    want.extend(at("src/logins.ts", &[(v, 4, 19)]));
    want.extend(at("src/markers.py", &[(f, 9, 22), (v, 31, 16), (f, 33, 33)]));
    want.extend(at("src/markers.ts", &[(f, 10, 18), (f, 11, 18), (v, 33, 14), (f, 34, 32)]));
    want.extend(at("src/named_probes.py", &[(f, 5, 8), (f, 24, 24)]));
    want.extend(at("src/named_probes.ts", &[(f, 8, 21), (f, 11, 21), (f, 25, 62), (f, 26, 48)]));
    want.extend(at("src/own_loads.py", &[(f, 19, 12)]));
    want.extend(at("src/own_loads.ts", &[(f, 22, 21)]));
    want.extend(at("src/own_output.py", &[(f, 18, 12)]));
    want.extend(at("src/own_output.ts", &[(f, 16, 19)]));
    want.extend(at("src/own_proc.py", &[(p, 17, 12)]));
    want.extend(at("src/own_proc.rs", &[(p, 21, 35)]));
    want.extend(at("src/own_reads.rs", &[(f, 34, 27), (f, 42, 8)]));
    want.extend(at("src/owners.py", &[(v, 3, 31)]));
    want.extend(at("src/owners.ts", &[(v, 5, 41), (p, 6, 38)]));
    want.extend(at("src/pairs.rs", &[(f, 18, 12)]));
    want.extend(at("src/pane.py", &[(p, 7, 28)]));
    want.extend(at("src/pane.ts", &[(p, 10, 42), (p, 25, 42)]));
    want.extend(at("src/parent.py", &[(p, 11, 23), (p, 12, 19), (p, 16, 30), (p, 19, 35)]));
    want.extend(at("src/path_lists.rs", &[(f, 6, 31), (f, 12, 12)]));
    want.extend(at("src/payload_subscripts.ts", &[(v, 6, 19), (v, 7, 26), (v, 8, 12)]));
    want.extend(at("src/predicates.py", &[(v, 6, 23), (v, 12, 57), (v, 15, 40)]));
    want.extend(at(
        "src/predicates.ts",
        &[(v, 2, 19), (v, 9, 38), (v, 10, 41), (v, 24, 27), (v, 24, 41), (v, 30, 19), (v, 30, 40), (v, 42, 19)],
    ));
    want.extend(at("src/probe_helpers.rs", &[(f, 20, 32), (f, 24, 32)]));
    want.extend(at("src/process_rules.ts", &[(v, 4, 24), (p, 4, 65), (p, 5, 35)]));
    want.extend(at("src/profiles.ts", &[(f, 9, 18), (v, 16, 37)]));
    want.extend(at("src/project_root.py", &[(f, 29, 27)]));
    want.extend(at("src/project_tools.py", &[(f, 9, 8)]));
    want.extend(at("src/project_tools.ts", &[(f, 9, 18), (f, 10, 18)]));
    want.extend(at("src/provider_keys.py", &[(v, 14, 18), (v, 16, 18)]));
    want.extend(at("src/provider_keys.ts", &[(v, 5, 21), (v, 13, 19)]));
    want.extend(reading_from_records_on());
    want
}

/// The last part of `reading_collecting_and_passing_on_are_not_detections`'s findings,
/// from `src/records.ts` on, in path order.
fn reading_from_records_on() -> Vec<(String, &'static str, usize, usize)> {
    let (f, p, v) = ("indicator-file", "process-table", "indicator-var");
    let mut want = at("src/records.ts", &[(f, 15, 25), (f, 19, 37), (f, 38, 23), (f, 38, 50)]);
    want.extend(at("src/roots.ts", &[(f, 11, 12), (f, 12, 13)]));
    want.extend(at("src/rows.ts", &[(v, 9, 15), (v, 9, 29), (v, 10, 15), (v, 11, 21)]));
    want.extend(at("src/rule_structs.rs", &[(v, 14, 47), (v, 16, 19), (v, 17, 19)]));
    want.extend(at("src/rules.py", &[(v, 4, 21), (v, 4, 49), (v, 5, 25)]));
    want.extend(at(
        "src/rules.ts",
        &[
            (v, 5, 45),
            (v, 6, 49),
            (v, 9, 37),
            (v, 9, 58),
            (v, 18, 39),
            (v, 18, 51),
            (v, 19, 36),
            (v, 24, 58),
            (v, 24, 91),
        ],
    ));
    want.extend(at("src/runtime_flags.py", &[(v, 5, 23)]));
    want.extend(at("src/runtime_flags.ts", &[(v, 6, 19), (v, 7, 19)]));
    want.extend(at("src/runtime_tables.py", &[(v, 3, 18), (v, 3, 41), (v, 3, 66)]));
    want.extend(at("src/runtime_tables.ts", &[(v, 1, 21), (v, 1, 35), (v, 1, 52)]));
    want.extend(at("src/scans.py", &[(v, 16, 27), (v, 20, 27), (v, 24, 12)]));
    want.extend(at("src/scans.ts", &[(v, 6, 24), (v, 20, 22), (v, 24, 22), (v, 28, 24)]));
    want.extend(at("src/scoped_paths.py", &[(f, 14, 12), (f, 21, 26)]));
    want.extend(at("src/scoped_paths.ts", &[(f, 16, 19), (f, 22, 19)]));
    want.extend(at("src/sniff.py", &[(v, 8, 20)]));
    want.extend(at("src/sniff.ts", &[(v, 4, 15)]));
    want.extend(at("src/sniffs.ts", &[(v, 10, 40), (v, 20, 27)]));
    want.extend(at("src/specs.py", &[(f, 18, 49), (p, 18, 84), (f, 19, 45)]));
    want.extend(at("src/stored_markers.py", &[(f, 6, 15), (f, 7, 32), (f, 8, 18)]));
    want.extend(at("src/stored_markers.ts", &[(f, 5, 35), (f, 6, 35), (f, 7, 33), (f, 8, 31), (f, 17, 35)]));
    want.extend(at("src/symlinks.ts", &[(f, 17, 27)]));
    want.extend(at("src/tables.py", &[(v, 6, 16), (v, 6, 30), (v, 7, 15), (v, 11, 16), (v, 12, 16)]));
    want.extend(at(
        "src/tables.ts",
        &[
            (v, 4, 34),
            (v, 4, 48),
            (v, 5, 29),
            (v, 15, 19),
            (v, 15, 43),
            (v, 21, 39),
            (v, 39, 21),
            (v, 39, 34),
            (v, 47, 26),
        ],
    ));
    want.extend(at("src/targets.ts", &[(f, 9, 37), (f, 10, 46), (f, 10, 84)]));
    want.extend(at("src/transcript.py", &[(v, 34, 8)]));
    want.extend(at("src/transcript.ts", &[(v, 12, 7)]));
    want
}

/// Issue 47, round 23: a name bound to a path several times in one function is, at each
/// use, the path of the last binding before it (`cfg = _cursor_config()` then `cfg =
/// _windsurf_config()`; JavaScript's `config = geminiSettings()` too).
#[test]
fn a_name_bound_again_spells_its_binding_before_the_use() {
    let report = lint("reading");
    let spelled = |path: &str, line: usize| {
        let f = report.findings.iter().find(|f| f.path.to_string_lossy().ends_with(path) && f.line == line);
        f.map(|f| f.message.clone()).unwrap_or_default()
    };
    for (path, line, dir) in [
        ("installed_fields.py", 40, "`.cursor`"),
        ("installed_fields.py", 45, "`.codeium`"),
        ("installed_fields.ts", 28, "`.cursor`"),
        ("installed_fields.ts", 31, "`.gemini`"),
    ] {
        assert!(spelled(path, line).contains(dir), "{path}:{line}: {}", spelled(path, line));
    }
}

/// Issue 47, round 26: what a detecting function probes needs no registry literal in
/// its file to be linted (`~/.clawdbot` in `isDetected`, a runtime's type's `detect` in
/// Rust): the prefilter starts at the function's name beside a probe. A common word is
/// no vendor's prefix: the hook's own `AGENT_OUTPUT` read by a list of names is silent,
/// `AGENT_SESSION_ID` (a session's shape) is not; names `read` sets are the script's own
/// (`read -p "Continue? " CONTINUE`).
#[test]
fn detecting_functions_and_common_words() {
    let (f, v) = ("indicator-file", "indicator-var");
    let mut want = at("hooks/ask.sh", &[(v, 8, 10)]);
    want.extend(at("hooks/clawdbot.ts", &[(f, 10, 23)]));
    want.extend(at("hooks/mail.js", &[(v, 8, 23), (v, 8, 43)]));
    want.extend(at("hooks/mail.py", &[(v, 16, 32)]));
    want.extend(at("src/adapter.rs", &[(f, 13, 9)]));
    assert_eq!(found("generic"), want);
}
